/*===-- mlir-cython/LLVMTypes.h - llvm dialect type accessors ----------===*\
|*                                                                            *|
|* mlir-c/Dialect/LLVM.h builds !llvm.array and !llvm.func types but cannot   *|
|* read back an array's element count or whether a function type is          *|
|* variadic; these shims answer that. Callers check the kind first.           *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_LLVMTYPES_H
#define MLIR_CYTHON_LLVMTYPES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Returns the number of elements of an !llvm.array type (which it must be).
MLIR_CAPI_EXPORTED uint64_t mlirCyLLVMArrayTypeGetNumElements(MlirType type);

/// Returns whether an !llvm.func type (which it must be) is variadic.
MLIR_CAPI_EXPORTED bool mlirCyLLVMFunctionTypeIsVarArg(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_LLVMTYPES_H
