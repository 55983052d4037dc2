/* The C floor for benchmarks/bench_ir.py: the same workloads written
 * directly against the MLIR C API (libMLIRCythonCAPI.so).
 *
 *   ir_floor iterate N   parse N generic ops, then time a walk over the
 *                        block reading each op's name and attribute "v"
 *   ir_floor create N    time creating N generic ops with one attribute
 *                        and one result, appended to a module body
 *
 * Prints the best per-op time in nanoseconds over several repeats. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static volatile uintptr_t sink;

static double iterate(MlirContext ctx, long n) {
  size_t cap = (size_t)n * 48 + 64, len = 0;
  char *text = malloc(cap);
  len += sprintf(text + len, "module {\n");
  for (long i = 0; i < n; ++i)
    len += sprintf(text + len, "\"t.op\"() {v = %ld : i64} : () -> ()\n", i);
  sprintf(text + len, "}");
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  free(text);
  if (mlirModuleIsNull(m)) { fprintf(stderr, "parse failed\n"); exit(1); }
  MlirBlock body = mlirModuleGetBody(m);
  MlirStringRef key = mlirStringRefCreateFromCString("v");
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    double t0 = now();
    for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
      MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
      MlirAttribute a = mlirOperationGetAttributeByName(op, key);
      sink += (uintptr_t)name.data + (uintptr_t)a.ptr;
    }
    double dt = (now() - t0) / n;
    if (dt < best) best = dt;
  }
  mlirModuleDestroy(m);
  return best;
}

static double create(MlirContext ctx, long n) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute seven = mlirIntegerAttrGet(i64, 7);
  MlirIdentifier vname = mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("v"));
  MlirStringRef opname = mlirStringRefCreateFromCString("t.op");
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    MlirModule m = mlirModuleCreateEmpty(loc);
    MlirBlock body = mlirModuleGetBody(m);
    double t0 = now();
    for (long i = 0; i < n; ++i) {
      MlirOperationState st = mlirOperationStateGet(opname, loc);
      mlirOperationStateAddResults(&st, 1, &i64);
      MlirNamedAttribute na = mlirNamedAttributeGet(vname, seven);
      mlirOperationStateAddAttributes(&st, 1, &na);
      MlirOperation op = mlirOperationCreate(&st);
      mlirBlockAppendOwnedOperation(body, op);
    }
    double dt = (now() - t0) / n;
    if (dt < best) best = dt;
    mlirModuleDestroy(m);
  }
  return best;
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: ir_floor iterate|create N\n"); return 2; }
  long n = atol(argv[2]);
  MlirContext ctx = mlirContextCreate();
  mlirContextSetAllowUnregisteredDialects(ctx, true);
  double t = strcmp(argv[1], "iterate") == 0 ? iterate(ctx, n) : create(ctx, n);
  printf("%.1f\n", t * 1e9);
  mlirContextDestroy(ctx);
  return 0;
}
