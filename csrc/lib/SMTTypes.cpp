//===- SMTTypes.cpp - smt dialect type accessors --------------------------===//

#include "mlir-cython/SMTTypes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/SMT/IR/SMTTypes.h"

using namespace mlir;

MlirType mlirCySMTArrayTypeGetDomain(MlirType type) {
  return wrap(llvm::cast<smt::ArrayType>(unwrap(type)).getDomainType());
}

MlirType mlirCySMTArrayTypeGetRange(MlirType type) {
  return wrap(llvm::cast<smt::ArrayType>(unwrap(type)).getRangeType());
}

MlirIdentifier mlirCySMTSortTypeGetIdentifier(MlirType type) {
  return wrap(llvm::cast<smt::SortType>(unwrap(type)).getIdentifier());
}

intptr_t mlirCySMTSortTypeGetNumParams(MlirType type) {
  return llvm::cast<smt::SortType>(unwrap(type)).getSortParams().size();
}

MlirType mlirCySMTSortTypeGetParam(MlirType type, intptr_t pos) {
  return wrap(llvm::cast<smt::SortType>(unwrap(type)).getSortParams()[pos]);
}

intptr_t mlirCySMTFuncTypeGetNumDomain(MlirType type) {
  return llvm::cast<smt::SMTFuncType>(unwrap(type)).getDomainTypes().size();
}

MlirType mlirCySMTFuncTypeGetDomain(MlirType type, intptr_t pos) {
  return wrap(llvm::cast<smt::SMTFuncType>(unwrap(type)).getDomainTypes()[pos]);
}

MlirType mlirCySMTFuncTypeGetRange(MlirType type) {
  return wrap(llvm::cast<smt::SMTFuncType>(unwrap(type)).getRangeType());
}
