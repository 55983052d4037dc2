/* The C floor for benchmarks/compare.py: the workloads of
 * benchmarks/workloads.py written directly against the MLIR C API
 * (libMLIRCythonCAPI.so), with the same sizes and the same IR.
 *
 *   compare_floor WORKLOAD N REPEAT
 *
 * Prints the wall time in seconds of each of REPEAT repetitions on one
 * line. The context is set up as the Python bindings set up theirs: every
 * dialect registered and loaded, multithreading on.
 *
 * WORKLOAD (N is the size of the workload, as in workloads.py):
 *   build       func.func with N x (arith.constant + arith.addi), generic
 *               operation states with explicit result types
 *   create      N generic "t.op" ops, one attribute and one result
 *   iterate     block of N arith.constant ops: read each op's name and its
 *               attribute "value"
 *   iterate_unreg  the same over N "t.op" ops, attribute "v"
 *   walk        mlirOperationWalk over the large module (4N + 3 ops)
 *   int_type    N x mlirIntegerTypeGet(ctx, 32)
 *   f32_type    N x mlirF32TypeGet
 *   int_attr    N x mlirIntegerAttrGet(i32, k)
 *   str_attr    N x mlirStringAttrGet(ctx, "s")
 *   dense       DenseElementsAttr of N int32 (one element changed per rep)
 *   loc_file    N x mlirLocationFileLineColGet(ctx, "model.py", k, 4)
 *   loc_name    N x mlirLocationNameGet(ctx, "conv1", a file location)
 *   ranked_tensor_type  N x mlirRankedTensorTypeGet of [k, 4] x f32
 *   array_attr  N x mlirArrayAttrGet of a StringAttr "a" and an i32 k
 *   dict_attr   N x mlirDictionaryAttrGet of "a" = i32 k, "b" = "s"
 *   type_parse  N x mlirTypeParseGet(ctx, "tensor<?x4xf32>")
 *   str_type    N x printing the type of a tensor<?x4xf32> value into a
 *               buffer (the value and op of ONE_OP, parsed once)
 *   get_asm     N x printing ONE_OP's arith.addi with default flags into
 *               a buffer (flags made and destroyed per call, as get_asm())
 *   op_parse    N x mlirOperationCreateParse of "%0 = arith.constant k :
 *               i32", then destroyed
 *   dense_small N x a 4x4 int32 DenseElementsAttr (its tensor type and
 *               the attribute), one element changed before each
 *   op_attrs    N x every attribute (2) of ONE_OP's arith.addi by
 *               position: its name's string and its value
 *   navigate    N x the results and operands (1 + 2) of that op and
 *               their types
 *   parse       parse the large module's text
 *   print       print the large module into a growing buffer
 *   pipeline    canonicalize,cse on the large module (parse not timed)
 *   pass        an external pass walking every op of the large module,
 *               verifier off
 *   startup     register and load every dialect, create the first
 *               arith.constant (timed from main(); the caller times the
 *               whole process)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Support.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static volatile uintptr_t sink;

static MlirStringRef S(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirContext make_context(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreate();
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  return ctx;
}

/* The text of workloads.large_text(n): 4n + 3 ops. */
static char *large_text(long n) {
  size_t cap = (size_t)n * 192 + 256, len = 0;
  char *t = malloc(cap);
  char acc[32] = "%a";
  len += sprintf(t + len, "func.func @f(%%a: i32) -> i32 {\n");
  for (long k = 0; k < n; ++k) {
    len += sprintf(t + len, "  %%c%ld = arith.constant %ld : i32\n", k, k % 7 + 2);
    len += sprintf(t + len, "  %%x%ld = arith.muli %s, %%c%ld : i32\n", k, acc, k);
    len += sprintf(t + len, "  %%y%ld = arith.muli %s, %%c%ld : i32\n", k, acc, k);
    len += sprintf(t + len, "  %%v%ld = arith.addi %%x%ld, %%y%ld : i32\n", k, k, k);
    sprintf(acc, "%%v%ld", k);
  }
  len += sprintf(t + len, "  return %s : i32\n}\n", acc);
  return t;
}

/* The texts of workloads.flat_text(n) and workloads.unregistered_text(n). */
static char *flat_text(long n, int registered) {
  size_t cap = (size_t)n * 64 + 64, len = 0;
  char *t = malloc(cap);
  len += sprintf(t + len, "module {\n");
  for (long i = 0; i < n; ++i)
    len += registered
               ? sprintf(t + len, "  %%c%ld = arith.constant %ld : i64\n", i, i)
               : sprintf(t + len, "  \"t.op\"() {v = %ld : i64} : () -> ()\n", i);
  sprintf(t + len, "}\n");
  return t;
}

static MlirModule parse_or_die(MlirContext ctx, const char *text) {
  MlirModule m = mlirModuleCreateParse(ctx, S(text));
  if (mlirModuleIsNull(m)) { fprintf(stderr, "parse failed\n"); exit(1); }
  return m;
}

/* ---- building ---------------------------------------------------------- */

static double build(MlirContext ctx, long n) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  double t0 = now();
  MlirModule m = mlirModuleCreateEmpty(loc);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  MlirType fty = mlirFunctionTypeGet(ctx, 1, &i32, 1, &i32);
  MlirIdentifier value = mlirIdentifierGet(ctx, S("value"));

  MlirRegion body = mlirRegionCreate();
  MlirBlock entry = mlirBlockCreate(1, &i32, &loc);
  mlirRegionAppendOwnedBlock(body, entry);
  MlirOperationState fs = mlirOperationStateGet(S("func.func"), loc);
  MlirNamedAttribute fattrs[2] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, S("sym_name")),
                            mlirStringAttrGet(ctx, S("f"))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, S("function_type")),
                            mlirTypeAttrGet(fty))};
  mlirOperationStateAddAttributes(&fs, 2, fattrs);
  mlirOperationStateAddOwnedRegions(&fs, 1, &body);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), mlirOperationCreate(&fs));

  MlirValue acc = mlirBlockGetArgument(entry, 0);
  for (long k = 0; k < n; ++k) {
    MlirOperationState cs = mlirOperationStateGet(S("arith.constant"), loc);
    MlirNamedAttribute na = mlirNamedAttributeGet(value, mlirIntegerAttrGet(i32, k));
    mlirOperationStateAddAttributes(&cs, 1, &na);
    mlirOperationStateAddResults(&cs, 1, &i32);
    MlirOperation c = mlirOperationCreate(&cs);
    mlirBlockAppendOwnedOperation(entry, c);

    MlirOperationState as = mlirOperationStateGet(S("arith.addi"), loc);
    MlirValue operands[2] = {acc, mlirOperationGetResult(c, 0)};
    mlirOperationStateAddOperands(&as, 2, operands);
    mlirOperationStateAddResults(&as, 1, &i32);
    MlirOperation a = mlirOperationCreate(&as);
    mlirBlockAppendOwnedOperation(entry, a);
    acc = mlirOperationGetResult(a, 0);
  }
  MlirOperationState rs = mlirOperationStateGet(S("func.return"), loc);
  mlirOperationStateAddOperands(&rs, 1, &acc);
  mlirBlockAppendOwnedOperation(entry, mlirOperationCreate(&rs));
  double dt = now() - t0;
  mlirModuleDestroy(m);
  return dt;
}

static double create(MlirContext ctx, long n) {
  mlirContextSetAllowUnregisteredDialects(ctx, true);
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute seven = mlirIntegerAttrGet(i64, 7);
  MlirIdentifier vname = mlirIdentifierGet(ctx, S("v"));
  MlirStringRef opname = S("t.op");
  double t0 = now();
  MlirModule m = mlirModuleCreateEmpty(loc);
  MlirBlock body = mlirModuleGetBody(m);
  for (long i = 0; i < n; ++i) {
    MlirOperationState st = mlirOperationStateGet(opname, loc);
    mlirOperationStateAddResults(&st, 1, &i64);
    MlirNamedAttribute na = mlirNamedAttributeGet(vname, seven);
    mlirOperationStateAddAttributes(&st, 1, &na);
    mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&st));
  }
  double dt = now() - t0;
  mlirModuleDestroy(m);
  return dt;
}

/* ---- reading ----------------------------------------------------------- */

static MlirModule flat_module;

static double iterate_text(MlirContext ctx, long n, int registered) {
  if (mlirModuleIsNull(flat_module)) {
    mlirContextSetAllowUnregisteredDialects(ctx, true);
    char *text = flat_text(n, registered);
    flat_module = parse_or_die(ctx, text);
    free(text);
  }
  MlirBlock body = mlirModuleGetBody(flat_module);
  MlirStringRef key = S(registered ? "value" : "v");
  long count = 0;
  double t0 = now();
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    MlirAttribute a = mlirOperationGetAttributeByName(op, key);
    sink += (uintptr_t)name.data + (uintptr_t)a.ptr;
    ++count;
  }
  double dt = now() - t0;
  if (count != n) { fprintf(stderr, "iterated %ld ops\n", count); exit(1); }
  return dt;
}

static double iterate(MlirContext ctx, long n) { return iterate_text(ctx, n, 1); }

static double iterate_unreg(MlirContext ctx, long n) { return iterate_text(ctx, n, 0); }

static MlirModule large_module;

static MlirModule get_large(MlirContext ctx, long n) {
  if (mlirModuleIsNull(large_module)) {
    char *text = large_text(n);
    large_module = parse_or_die(ctx, text);
    free(text);
  }
  return large_module;
}

static MlirWalkResult count_op(MlirOperation op, void *user) {
  (void)op;
  ++*(long *)user;
  return MlirWalkResultAdvance;
}

static double walk(MlirContext ctx, long n) {
  MlirOperation root = mlirModuleGetOperation(get_large(ctx, n));
  long count = 0;
  double t0 = now();
  mlirOperationWalk(root, count_op, &count, MlirWalkPostOrder);
  double dt = now() - t0;
  if (count != 4 * n + 3) { fprintf(stderr, "walk saw %ld ops\n", count); exit(1); }
  return dt;
}

/* ---- types and attributes ---------------------------------------------- */

static double int_type(MlirContext ctx, long n) {
  double t0 = now();
  for (long i = 0; i < n; ++i) sink += (uintptr_t)mlirIntegerTypeGet(ctx, 32).ptr;
  return now() - t0;
}

static double f32_type(MlirContext ctx, long n) {
  double t0 = now();
  for (long i = 0; i < n; ++i) sink += (uintptr_t)mlirF32TypeGet(ctx).ptr;
  return now() - t0;
}

static double int_attr(MlirContext ctx, long n) {
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  double t0 = now();
  for (long i = 0; i < n; ++i) sink += (uintptr_t)mlirIntegerAttrGet(i32, i).ptr;
  return now() - t0;
}

static double str_attr(MlirContext ctx, long n) {
  double t0 = now();
  for (long i = 0; i < n; ++i) sink += (uintptr_t)mlirStringAttrGet(ctx, S("s")).ptr;
  return now() - t0;
}

static int32_t *dense_data;

static double dense(MlirContext ctx, long n) {
  static int rep = 0;
  if (!dense_data) {
    dense_data = malloc(n * sizeof(int32_t));
    for (long i = 0; i < n; ++i) dense_data[i] = (int32_t)(i * 2654435761u);
  }
  dense_data[0] = rep++;        /* a fresh attribute each repetition */
  int64_t shape[1] = {n};
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  double t0 = now();
  MlirType t = mlirRankedTensorTypeGet(1, shape, i32, mlirAttributeGetNull());
  sink += (uintptr_t)mlirDenseElementsAttrInt32Get(t, n, dense_data).ptr;
  return now() - t0;
}

/* ---- the everyday long tail ------------------------------------------- */

static double loc_file(MlirContext ctx, long n) {
  double t0 = now();
  for (long k = 0; k < n; ++k)
    sink += (uintptr_t)mlirLocationFileLineColGet(ctx, S("model.py"),
                                                  (unsigned)k, 4).ptr;
  return now() - t0;
}

static double loc_name(MlirContext ctx, long n) {
  MlirLocation at = mlirLocationFileLineColGet(ctx, S("model.py"), 1, 1);
  double t0 = now();
  for (long k = 0; k < n; ++k)
    sink += (uintptr_t)mlirLocationNameGet(ctx, S("conv1"), at).ptr;
  return now() - t0;
}

static double ranked_tensor_type(MlirContext ctx, long n) {
  MlirType f32 = mlirF32TypeGet(ctx);
  double t0 = now();
  for (long k = 0; k < n; ++k) {
    int64_t shape[2] = {k, 4};
    sink += (uintptr_t)mlirRankedTensorTypeGet(2, shape, f32,
                                               mlirAttributeGetNull()).ptr;
  }
  return now() - t0;
}

static double array_attr(MlirContext ctx, long n) {
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  double t0 = now();
  for (long k = 0; k < n; ++k) {
    MlirAttribute elements[2] = {mlirStringAttrGet(ctx, S("a")),
                                 mlirIntegerAttrGet(i32, k)};
    sink += (uintptr_t)mlirArrayAttrGet(ctx, 2, elements).ptr;
  }
  return now() - t0;
}

static double dict_attr(MlirContext ctx, long n) {
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  double t0 = now();
  for (long k = 0; k < n; ++k) {
    MlirNamedAttribute entries[2] = {
        mlirNamedAttributeGet(mlirIdentifierGet(ctx, S("a")),
                              mlirIntegerAttrGet(i32, k)),
        mlirNamedAttributeGet(mlirIdentifierGet(ctx, S("b")),
                              mlirStringAttrGet(ctx, S("s")))};
    sink += (uintptr_t)mlirDictionaryAttrGet(ctx, 2, entries).ptr;
  }
  return now() - t0;
}

static double type_parse(MlirContext ctx, long n) {
  double t0 = now();
  for (long i = 0; i < n; ++i)
    sink += (uintptr_t)mlirTypeParseGet(ctx, S("tensor<?x4xf32>")).ptr;
  return now() - t0;
}

/* workloads._ONE_OP, parsed once: its arith.addi (two operands, one
 * result, two discardable attributes) and the func's first argument. */
static MlirModule one_op_module;

static MlirOperation one_op(MlirContext ctx, MlirValue *arg) {
  if (mlirModuleIsNull(one_op_module))
    one_op_module = parse_or_die(ctx,
        "func.func @f(%a: tensor<?x4xf32>, %b: i32) -> i32 {\n"
        "  %0 = arith.addi %b, %b {x = 1 : i32, y = \"s\"} : i32\n"
        "  return %0 : i32\n"
        "}");
  MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(one_op_module));
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
  if (arg) *arg = mlirBlockGetArgument(entry, 0);
  return mlirBlockGetFirstOperation(entry);
}

struct buf { char *p; size_t len, cap; };

static void append(MlirStringRef s, void *user) {
  struct buf *b = user;
  if (b->len + s.length > b->cap) {
    b->cap = 2 * (b->len + s.length);
    b->p = realloc(b->p, b->cap);
  }
  memcpy(b->p + b->len, s.data, s.length);
  b->len += s.length;
}

static double str_type(MlirContext ctx, long n) {
  MlirValue v;
  one_op(ctx, &v);
  struct buf b = {0, 0, 0};
  double t0 = now();
  for (long i = 0; i < n; ++i) {
    b.len = 0;
    mlirTypePrint(mlirValueGetType(v), append, &b);
    sink += b.len;
  }
  double dt = now() - t0;
  free(b.p);
  return dt;
}

static double get_asm(MlirContext ctx, long n) {
  MlirOperation op = one_op(ctx, NULL);
  struct buf b = {0, 0, 0};
  double t0 = now();
  for (long i = 0; i < n; ++i) {
    b.len = 0;
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    mlirOperationPrintWithFlags(op, flags, append, &b);
    mlirOpPrintingFlagsDestroy(flags);
    sink += b.len;
  }
  double dt = now() - t0;
  free(b.p);
  return dt;
}

static double op_parse(MlirContext ctx, long n) {
  char src[64];
  double t0 = now();
  for (long k = 0; k < n; ++k) {
    int len = snprintf(src, sizeof src, "%%0 = arith.constant %ld : i32", k);
    MlirOperation op = mlirOperationCreateParse(
        ctx, mlirStringRefCreate(src, (size_t)len), S(""));
    sink += (uintptr_t)op.ptr;
    mlirOperationDestroy(op);
  }
  return now() - t0;
}

static double dense_small(MlirContext ctx, long n) {
  int32_t data[16] = {0};
  int64_t shape[2] = {4, 4};
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  double t0 = now();
  for (long k = 0; k < n; ++k) {
    data[0] = (int32_t)k;
    MlirType t = mlirRankedTensorTypeGet(2, shape, i32, mlirAttributeGetNull());
    sink += (uintptr_t)mlirDenseElementsAttrInt32Get(t, 16, data).ptr;
  }
  return now() - t0;
}

static double op_attrs(MlirContext ctx, long n) {
  MlirOperation op = one_op(ctx, NULL);
  double t0 = now();
  for (long i = 0; i < n; ++i) {
    intptr_t count = mlirOperationGetNumAttributes(op);
    for (intptr_t j = 0; j < count; ++j) {
      MlirNamedAttribute na = mlirOperationGetAttribute(op, j);
      MlirStringRef name = mlirIdentifierStr(na.name);
      sink += (uintptr_t)name.data + name.length + (uintptr_t)na.attribute.ptr;
    }
  }
  return now() - t0;
}

static double navigate(MlirContext ctx, long n) {
  MlirOperation op = one_op(ctx, NULL);
  double t0 = now();
  for (long i = 0; i < n; ++i) {
    for (intptr_t j = 0, e = mlirOperationGetNumResults(op); j < e; ++j)
      sink += (uintptr_t)mlirValueGetType(mlirOperationGetResult(op, j)).ptr;
    for (intptr_t j = 0, e = mlirOperationGetNumOperands(op); j < e; ++j)
      sink += (uintptr_t)mlirValueGetType(mlirOperationGetOperand(op, j)).ptr;
  }
  return now() - t0;
}

/* ---- text -------------------------------------------------------------- */

static char *large_src;

static double parse(MlirContext ctx, long n) {
  if (!large_src) large_src = large_text(n);
  double t0 = now();
  MlirModule m = parse_or_die(ctx, large_src);
  double dt = now() - t0;
  mlirModuleDestroy(m);
  return dt;
}

static double print(MlirContext ctx, long n) {
  MlirOperation root = mlirModuleGetOperation(get_large(ctx, n));
  struct buf b = {0};
  double t0 = now();
  mlirOperationPrint(root, append, &b);
  double dt = now() - t0;
  sink += b.len;
  free(b.p);
  return dt;
}

/* ---- passes ------------------------------------------------------------ */

static double pipeline(MlirContext ctx, long n) {
  if (!large_src) large_src = large_text(n);
  MlirModule m = parse_or_die(ctx, large_src);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult ok = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm), S("builtin.module(canonicalize,cse)"),
      NULL, NULL);
  if (mlirLogicalResultIsFailure(ok)) { fprintf(stderr, "bad pipeline\n"); exit(1); }
  double t0 = now();
  ok = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m));
  double dt = now() - t0;
  if (mlirLogicalResultIsFailure(ok)) { fprintf(stderr, "pipeline failed\n"); exit(1); }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  return dt;
}

static long pass_count;

static void visit_run(MlirOperation op, MlirExternalPass pass, void *user) {
  (void)pass; (void)user;
  mlirOperationWalk(op, count_op, &pass_count, MlirWalkPostOrder);
}

static void nop(void *user) { (void)user; }

static double pass(MlirContext ctx, long n) {
  MlirModule m = get_large(ctx, n);
  MlirTypeIDAllocator alloc = mlirTypeIDAllocatorCreate();
  MlirExternalPassCallbacks cb = {nop, nop, NULL, NULL, visit_run};
  MlirPass p = mlirCreateExternalPass(
      mlirTypeIDAllocatorAllocateTypeID(alloc), S("Visit"), S("visit"), S(""),
      S(""), 0, NULL, cb, NULL);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerEnableVerifier(pm, false);
  mlirPassManagerAddOwnedPass(pm, p);
  pass_count = 0;
  double t0 = now();
  MlirLogicalResult ok = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m));
  double dt = now() - t0;
  if (mlirLogicalResultIsFailure(ok) || pass_count != 4 * n + 3) {
    fprintf(stderr, "pass failed (%ld ops)\n", pass_count); exit(1);
  }
  mlirPassManagerDestroy(pm);
  mlirTypeIDAllocatorDestroy(alloc);
  return dt;
}

/* ---- startup ----------------------------------------------------------- */

static double startup(void) {
  double t0 = now();
  mlirRegisterAllPasses();
  MlirContext ctx = make_context();
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  MlirModule m = mlirModuleCreateEmpty(loc);
  MlirOperationState cs = mlirOperationStateGet(S("arith.constant"), loc);
  MlirNamedAttribute na = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, S("value")), mlirIntegerAttrGet(i32, 1));
  mlirOperationStateAddAttributes(&cs, 1, &na);
  mlirOperationStateAddResults(&cs, 1, &i32);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), mlirOperationCreate(&cs));
  double dt = now() - t0;
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return dt;
}

struct workload { const char *name; double (*fn)(MlirContext, long); };

static const struct workload workloads[] = {
    {"build", build},       {"create", create},     {"iterate", iterate},
    {"iterate_unreg", iterate_unreg},
    {"walk", walk},         {"int_type", int_type}, {"f32_type", f32_type},
    {"int_attr", int_attr}, {"str_attr", str_attr}, {"dense", dense},
    {"loc_file", loc_file},         {"loc_name", loc_name},
    {"ranked_tensor_type", ranked_tensor_type},        {"array_attr", array_attr},
    {"dict_attr", dict_attr},
    {"type_parse", type_parse}, {"str_type", str_type}, {"op_attrs", op_attrs},
    {"get_asm", get_asm},   {"op_parse", op_parse}, {"dense_small", dense_small},
    {"navigate", navigate},
    {"parse", parse},       {"print", print},       {"pipeline", pipeline},
    {"pass", pass},
};

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: compare_floor WORKLOAD N REPEAT\n");
    return 2;
  }
  long n = atol(argv[2]);
  int repeat = atoi(argv[3]);
  if (strcmp(argv[1], "startup") == 0) {
    printf("%.9f\n", startup());
    return 0;
  }
  for (size_t i = 0; i < sizeof workloads / sizeof *workloads; ++i) {
    if (strcmp(argv[1], workloads[i].name) != 0) continue;
    mlirRegisterAllPasses();
    MlirContext ctx = make_context();
    for (int r = 0; r < repeat; ++r)
      printf("%s%.9f", r ? " " : "", workloads[i].fn(ctx, n));
    printf("\n");
    if (!mlirModuleIsNull(flat_module)) mlirModuleDestroy(flat_module);
    if (!mlirModuleIsNull(large_module)) mlirModuleDestroy(large_module);
    if (!mlirModuleIsNull(one_op_module)) mlirModuleDestroy(one_op_module);
    mlirContextDestroy(ctx);
    return 0;
  }
  fprintf(stderr, "unknown workload %s\n", argv[1]);
  return 2;
}
