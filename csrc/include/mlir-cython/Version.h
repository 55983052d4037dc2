/*===-- mlir-cython/Version.h - what the C API library was built from ---===*\
|*                                                                            *|
|* Shims of libMLIRCythonCAPI.so follow the conventions of mlir-c/: C linkage, *|
|* Mlir* handle types, and the mlirCy prefix.                                 *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_VERSION_H
#define MLIR_CYTHON_VERSION_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Returns the version string of the LLVM/MLIR headers this library was
/// compiled against (for example "22.1.8"). The string is static.
MLIR_CAPI_EXPORTED MlirStringRef mlirCyGetLLVMVersion(void);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_VERSION_H
