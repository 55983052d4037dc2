/*===-- mlir-cython/Linalg.h - linalg op queries -------------------------===*\
|*                                                                            *|
|* mlir-c/Dialect/Linalg.h fills the region of a named linalg op and infers   *|
|* contraction / convolution dimensions, but asserts (or reads out of range)  *|
|* when handed an op it does not expect. These queries let a caller check an  *|
|* op first.                                                                  *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_LINALG_H
#define MLIR_CYTHON_LINALG_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Returns whether the operation implements the linalg structured op
/// interface (linalg::LinalgOp).
MLIR_CAPI_EXPORTED bool mlirCyLinalgIsALinalgOp(MlirOperation op);

/// Returns whether the operation is a linalg op whose region the linalg
/// dialect knows how to build (a named op such as linalg.matmul), i.e. one
/// mlirLinalgFillBuiltinNamedOpRegion accepts.
MLIR_CAPI_EXPORTED bool mlirCyLinalgHasBuiltinRegionBuilder(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_LINALG_H
