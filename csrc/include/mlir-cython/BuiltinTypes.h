/*===-- mlir-cython/BuiltinTypes.h - builtin types without diagnostics ----===*\
|*                                                                            *|
|* The C API's checked type constructors (mlirRankedTensorTypeGetChecked,    *|
|* ...) report invalid input as a diagnostic, which a binding must capture   *|
|* around every call. These build a type when its input is valid and return  *|
|* a null type, emitting nothing, when it is not, so that the caller takes   *|
|* the checked path (and its diagnostic) only then.                          *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_BUILTINTYPES_H
#define MLIR_CYTHON_BUILTINTYPES_H

#include "mlir-c/IR.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Returns the ranked tensor type of `shape` (`rank` sizes, each at least 0
/// or ShapedType's dynamic size) and `elementType`, without an encoding, or
/// a null type if RankedTensorType's verifier would refuse them.
MLIR_CAPI_EXPORTED MlirType mlirCyRankedTensorTypeGetIfValid(
    intptr_t rank, const int64_t *shape, MlirType elementType);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_BUILTINTYPES_H
