//===- BuiltinAttributes.cpp - checks for builtin attributes --------------===//

#include "mlir-cython/BuiltinAttributes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>

using namespace mlir;

int mlirCyFloatTypeCheckValue(MlirType type, double value) {
  auto floatType = llvm::dyn_cast<FloatType>(unwrap(type));
  if (!floatType)
    return MLIRCY_FLOAT_NOT_A_FLOAT_TYPE;
  const llvm::fltSemantics &sem = floatType.getFloatSemantics();
  if (std::isnan(value))
    return llvm::APFloat::semanticsHasNaN(sem)
               ? MLIRCY_FLOAT_OK
               : MLIRCY_FLOAT_NAN_UNREPRESENTABLE;
  if (std::isinf(value)) {
    if (!llvm::APFloat::semanticsHasInf(sem))
      return MLIRCY_FLOAT_INF_UNREPRESENTABLE;
    if (value < 0 && !llvm::APFloat::semanticsHasSignedRepr(sem))
      return MLIRCY_FLOAT_NEGATIVE_UNREPRESENTABLE;
    return MLIRCY_FLOAT_OK;
  }
  if ((value < 0 || value == 0) && !llvm::APFloat::semanticsHasSignedRepr(sem) &&
      !llvm::APFloat::semanticsHasZero(sem))
    return MLIRCY_FLOAT_NEGATIVE_UNREPRESENTABLE;
  if (value < 0 && !llvm::APFloat::semanticsHasSignedRepr(sem))
    return MLIRCY_FLOAT_NEGATIVE_UNREPRESENTABLE;
  llvm::APFloat f(value);
  bool losesInfo = false;
  llvm::APFloat::opStatus status =
      f.convert(sem, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  if ((status & llvm::APFloat::opOverflow) || f.isInfinity() || f.isNaN())
    return MLIRCY_FLOAT_OVERFLOW;
  // Formats without infinities saturate instead of reporting overflow:
  // beyond the largest finite value by half an ulp or more is out of range.
  if (f.isLargest()) {
    llvm::APFloat largest = llvm::APFloat::getLargest(sem);
    llvm::APFloat below = largest;
    below.next(/*nextDown=*/true);
    bool ignored;
    largest.convert(llvm::APFloat::IEEEdouble(),
                    llvm::APFloat::rmNearestTiesToEven, &ignored);
    below.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &ignored);
    double top = largest.convertToDouble();
    double halfUlp = (top - below.convertToDouble()) / 2;
    if (std::fabs(value) - top >= halfUlp)
      return MLIRCY_FLOAT_OVERFLOW;
  }
  return MLIRCY_FLOAT_OK;
}

int64_t mlirCyDenseElementsStorageBitWidth(MlirType type) {
  Type t = unwrap(type);
  if (auto complex = llvm::dyn_cast<ComplexType>(t)) {
    int64_t w = mlirCyDenseElementsStorageBitWidth(wrap(complex.getElementType()));
    return w <= 1 ? 0 : 2 * w;
  }
  if (!t.isIntOrIndexOrFloat())
    return 0;
  unsigned width = t.isIndex() ? IndexType::kInternalStorageBitWidth
                               : t.getIntOrFloatBitWidth();
  if (width == 1)
    return 1;
  return static_cast<int64_t>(llvm::alignTo<8>(width));
}

MlirTypeID mlirCyDenseResourceElementsAttrGetTypeID(void) {
  return wrap(DenseResourceElementsAttr::getTypeID());
}

bool mlirCyAttributeIsAMemRefLayout(MlirAttribute attr) {
  return llvm::isa<MemRefLayoutAttrInterface>(unwrap(attr));
}

intptr_t mlirCyIntegerAttrGetValueNumWords(MlirAttribute attr) {
  return llvm::cast<IntegerAttr>(unwrap(attr)).getValue().getNumWords();
}

void mlirCyIntegerAttrGetValueWords(MlirAttribute attr, uint64_t *words) {
  llvm::APInt value = llvm::cast<IntegerAttr>(unwrap(attr)).getValue();
  const uint64_t *raw = value.getRawData();
  std::copy(raw, raw + value.getNumWords(), words);
}

MlirAttribute mlirCyIntegerAttrGetFromWords(MlirType type, intptr_t numWords,
                                            const uint64_t *words) {
  Type t = unwrap(type);
  unsigned width = t.isIndex() ? IndexType::kInternalStorageBitWidth
                               : t.getIntOrFloatBitWidth();
  llvm::APInt value(width, llvm::ArrayRef<uint64_t>(
                               words, static_cast<size_t>(numWords)));
  return wrap(IntegerAttr::get(t, value));
}
