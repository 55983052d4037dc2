//===- Version.cpp - what the C API library was built from ----------------===//

#include "mlir-cython/Version.h"

#include "llvm/Config/llvm-config.h"

MlirStringRef mlirCyGetLLVMVersion(void) {
  return mlirStringRefCreateFromCString(LLVM_VERSION_STRING);
}
