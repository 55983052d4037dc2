/*===-- mlir-cython/Operation.h - operation properties --------------------===*\
|*                                                                            *|
|* Properties declared with ODS `Property` (not attributes stored as         *|
|* properties) cannot be reached through mlir-c/IR.h: an OperationState's    *|
|* attributes with their names become discardable attributes. This sets them *|
|* on a created operation from their attribute form.                          *|
|*                                                                            *|
|* Also: the last operation of a block, and a key for an operation's         *|
|* registered name, so a caller can remember per name what the C API's       *|
|* mlirBlockGetTerminator would otherwise work out per call.                 *|
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

/// Returns the last operation of `block`, or a null operation if the block
/// is empty.
MLIR_CAPI_EXPORTED MlirOperation mlirCyBlockGetLastOperation(MlirBlock block);

/// Returns a key for the registered name of `op`: the same for every
/// operation of that name in its context, distinct between names, and valid
/// for the context's lifetime (registered names are never dropped). Returns
/// NULL if `op`'s name is not registered.
MLIR_CAPI_EXPORTED const void *
mlirCyOperationGetRegisteredNameKey(MlirOperation op);

/// Returns the key mlirCyOperationGetRegisteredNameKey gives operations
/// named `name` in `ctx`, or NULL if no such operation is registered there.
MLIR_CAPI_EXPORTED const void *
mlirCyContextGetRegisteredNameKey(MlirContext ctx, MlirStringRef name);

/// Returns whether the dialect of namespace `ns` is loaded in `ctx`.
MLIR_CAPI_EXPORTED bool mlirCyContextIsDialectLoaded(MlirContext ctx,
                                                     MlirStringRef ns);

/// Returns whether `ctx` could load a dialect of namespace `ns` (its dialect
/// registry has one) while it is not loaded yet; loads nothing.
MLIR_CAPI_EXPORTED bool mlirCyContextIsDialectLoadable(MlirContext ctx,
                                                       MlirStringRef ns);

/// Returns a key for an unregistered operation name `name` of `ctx` that
/// stays valid until mlirCyContextReleaseNames(ctx), for creating operations
/// of a dialect `ctx` could load but has not. MLIR frees the context's own
/// record of such a name when the dialect gets loaded (by any path: parsing,
/// a pass, a type's constructor), leaving its operations dangling; this
/// record is held apart and outlives the load, so those operations stay
/// unregistered operations of that name. The same key for the same name.
MLIR_CAPI_EXPORTED const void *
mlirCyContextGetDetachedNameKey(MlirContext ctx, MlirStringRef name);

/// Frees the records of mlirCyContextGetDetachedNameKey for `ctx`; to be
/// called once `ctx` is destroyed (its operations are gone).
MLIR_CAPI_EXPORTED void mlirCyContextReleaseNames(MlirContext ctx);

/// Creates an operation as mlirOperationCreate does, except that the arrays
/// of `state` stay the caller's (they are read, not freed, and may live
/// anywhere); the regions, as there, become the operation's. `nameKey`, if
/// not NULL, is the registered-name key of the state's name (saving its
/// look-up) or its mlirCyContextGetDetachedNameKey. Result type inference
/// is not done here: returns a null operation if the state asks for it.
MLIR_CAPI_EXPORTED MlirOperation
mlirCyOperationCreateFromState(const MlirOperationState *state,
                               const void *nameKey);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_OPERATION_H
