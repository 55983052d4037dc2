/* The C floor for the dense conversion of benchmarks/bench_types.py: a
 * buffer of N int32 values into a DenseElementsAttr through the C API
 * (mlirDenseElementsAttrRawBufferGet), in a fresh context per repeat, with
 * the first element changed each time so the uniquer always creates.
 *
 *   dense_floor N   prints the best time in seconds over three repeats */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  int32_t *data = malloc((size_t)n * sizeof(int32_t));
  uint64_t x = 88172645463325252ull;        /* xorshift: non-splat data */
  for (long i = 0; i < n; ++i) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    data[i] = (int32_t)x;
  }
  double best = 1e30;
  for (int rep = 0; rep < 3; ++rep) {
    MlirContext ctx = mlirContextCreate();
    int64_t shape[1] = {n};
    MlirType ty = mlirRankedTensorTypeGet(
        1, shape, mlirIntegerTypeGet(ctx, 32), mlirAttributeGetNull());
    data[0] = rep;
    double t0 = now();
    MlirAttribute a =
        mlirDenseElementsAttrRawBufferGet(ty, (size_t)n * sizeof(int32_t), data);
    double t = now() - t0;
    if (mlirAttributeIsNull(a)) { fprintf(stderr, "failed\n"); return 1; }
    if (t < best) best = t;
    mlirContextDestroy(ctx);
  }
  free(data);
  printf("%.6f\n", best);
  return 0;
}
