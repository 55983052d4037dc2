/*===-- mlir-cython/BuiltinAttributes.h - checks for builtin attributes --===*\
|*                                                                            *|
|* What the Python bindings need to validate input before calling the C API  *|
|* of mlir-c/BuiltinAttributes.h, which asserts (or silently rounds) instead  *|
|* of reporting.                                                              *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_BUILTINATTRIBUTES_H
#define MLIR_CYTHON_BUILTINATTRIBUTES_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Results of mlirCyFloatTypeCheckValue.
enum {
  /// The value is representable (possibly after rounding to nearest).
  MLIRCY_FLOAT_OK = 0,
  /// The type is not a floating-point type.
  MLIRCY_FLOAT_NOT_A_FLOAT_TYPE = 1,
  /// The value is NaN and the format has no NaN.
  MLIRCY_FLOAT_NAN_UNREPRESENTABLE = 2,
  /// The value is infinite and the format has no infinities.
  MLIRCY_FLOAT_INF_UNREPRESENTABLE = 3,
  /// The value is finite but beyond the largest finite value of the format.
  MLIRCY_FLOAT_OVERFLOW = 4,
  /// The format is unsigned (or has no zero) and cannot hold the value.
  MLIRCY_FLOAT_NEGATIVE_UNREPRESENTABLE = 5,
};

/// Checks whether `value` converts to the floating-point type `type` without
/// producing a value of another kind (NaN, infinity, overflow). Rounding of
/// finite values in range is not an error.
MLIR_CAPI_EXPORTED int mlirCyFloatTypeCheckValue(MlirType type, double value);

/// Returns the number of bits one element of the given integer, index,
/// floating-point or complex type occupies in the raw storage of a
/// DenseElementsAttr (1 for i1 when bit-packed), or 0 for other types.
MLIR_CAPI_EXPORTED int64_t mlirCyDenseElementsStorageBitWidth(MlirType type);

/// Returns the TypeID of DenseResourceElementsAttr (missing from
/// mlir-c/BuiltinAttributes.h).
MLIR_CAPI_EXPORTED MlirTypeID mlirCyDenseResourceElementsAttrGetTypeID(void);

/// Checks whether the attribute can be the layout of a MemRefType (it
/// implements MemRefLayoutAttrInterface: AffineMapAttr, StridedLayoutAttr,
/// dialect layouts); mlirMemRefTypeGet* cast the layout unchecked.
MLIR_CAPI_EXPORTED bool mlirCyAttributeIsAMemRefLayout(MlirAttribute attr);

/// Returns the number of 64-bit words of the value of an IntegerAttr (the
/// bit width of its type rounded up to a multiple of 64, divided by 64).
MLIR_CAPI_EXPORTED intptr_t mlirCyIntegerAttrGetValueNumWords(MlirAttribute attr);

/// Copies the bit pattern of the value of an IntegerAttr into `words`
/// (mlirCyIntegerAttrGetValueNumWords of them, least significant first;
/// bits beyond the width are zero).
MLIR_CAPI_EXPORTED void mlirCyIntegerAttrGetValueWords(MlirAttribute attr,
                                                       uint64_t *words);

/// Creates an IntegerAttr of the integer or index type `type` whose value
/// has the bit pattern of `numWords` 64-bit words (least significant first),
/// truncated to the width of the type.
MLIR_CAPI_EXPORTED MlirAttribute mlirCyIntegerAttrGetFromWords(
    MlirType type, intptr_t numWords, const uint64_t *words);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_BUILTINATTRIBUTES_H
