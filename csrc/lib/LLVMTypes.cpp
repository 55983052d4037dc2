//===- LLVMTypes.cpp - llvm dialect type accessors ------------------------===//

#include "mlir-cython/LLVMTypes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

uint64_t mlirCyLLVMArrayTypeGetNumElements(MlirType type) {
  return llvm::cast<mlir::LLVM::LLVMArrayType>(unwrap(type)).getNumElements();
}

bool mlirCyLLVMFunctionTypeIsVarArg(MlirType type) {
  return llvm::cast<mlir::LLVM::LLVMFunctionType>(unwrap(type)).isVarArg();
}
