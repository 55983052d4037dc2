/*===-- mlir-cython/Operation.h - operation properties --------------------===*\
|*                                                                            *|
|* Properties declared with ODS `Property` (not attributes stored as         *|
|* properties) cannot be reached through mlir-c/IR.h: an OperationState's    *|
|* attributes with their names become discardable attributes. This sets them *|
|* on a created operation from their attribute form.                          *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_OPERATION_H
#define MLIR_CYTHON_OPERATION_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Sets properties of `op` from `dict` (a DictionaryAttr mapping property
/// names to their attribute form), keeping the other properties' values.
/// Reports a malformed value as an error diagnostic at the operation's
/// location and returns failure; the operation is left as it was then.
MLIR_CAPI_EXPORTED MlirLogicalResult
mlirCyOperationSetProperties(MlirOperation op, MlirAttribute dict);

/// Returns the attribute form of the property `name` of `op`, or a null
/// attribute if the operation has no such property.
MLIR_CAPI_EXPORTED MlirAttribute mlirCyOperationGetProperty(MlirOperation op,
                                                            MlirStringRef name);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_OPERATION_H
