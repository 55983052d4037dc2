/*===-- mlir-cython/DialectAttributes.h - what the C API lacks -----------===*\
|*                                                                            *|
|* TypeIDs of dialect attributes whose C API has no TypeID getter, for the    *|
|* Python classes' static_typeid (their casters are registered by it), and    *|
|* checked constructors where the C API's asserts on invalid parameters.      *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_DIALECTATTRIBUTES_H
#define MLIR_CYTHON_DIALECTATTRIBUTES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The TypeID of #gpu.object (mlir::gpu::ObjectAttr).
MLIR_CAPI_EXPORTED MlirTypeID mlirCyGPUObjectAttrGetTypeID(void);

/// mlirGPUObjectAttrGetWithKernels, verified first: a null attribute, with
/// the verifier's diagnostics at `loc`, for invalid parameters (a target
/// that does not promise the GPU target interface), where that function
/// makes an invalid attribute (or aborts, in MLIR built with assertions).
/// `properties` and `kernels` are null or a dictionary and a
/// #gpu.kernel_table.
MLIR_CAPI_EXPORTED MlirAttribute mlirCyGPUObjectAttrGetChecked(
    MlirLocation loc, MlirAttribute target, uint32_t format,
    MlirStringRef object, MlirAttribute properties, MlirAttribute kernels);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_DIALECTATTRIBUTES_H
