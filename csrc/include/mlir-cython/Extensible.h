/*===-- mlir-cython/Extensible.h - dialects defined at run time -----------===*\
|*                                                                            *|
|* Dialects, types, attributes and operations defined at run time (by       *|
|* Python classes), which MLIR 22's C API lacks: dynamic dialects of MLIR's *|
|* ExtensibleDialect, with dynamic types and attributes of any parameters,  *|
|* and operations that have traits (answered by TypeID; the IsTerminator    *|
|* and IsIsolatedFromAbove verifiers run) and a C verifier, called on the   *|
|* thread's own stack (see Stack.h).                                        *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_EXTENSIBLE_H
#define MLIR_CYTHON_EXTENSIBLE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Loads the dynamic dialect of namespace `name` into `ctx` (created empty
/// the first time). Returns false, doing nothing, when a dialect of that
/// name that is not dynamic is loaded or registered in `ctx`.
MLIR_CAPI_EXPORTED bool mlirCyDynamicDialectLoad(MlirContext ctx,
                                                 MlirStringRef name);

/// Defines type `name` (without the dialect's prefix) in the loaded dynamic
/// dialect `dialect`, with any parameters, unless it has it already; sets
/// `*typeID` to the TypeID of its types. Returns false, doing nothing, when
/// the dialect is not a loaded dynamic dialect.
MLIR_CAPI_EXPORTED bool mlirCyDynamicDialectAddType(MlirContext ctx,
                                                    MlirStringRef dialect,
                                                    MlirStringRef name,
                                                    MlirTypeID *typeID);

/// As mlirCyDynamicDialectAddType, for an attribute.
MLIR_CAPI_EXPORTED bool mlirCyDynamicDialectAddAttr(MlirContext ctx,
                                                    MlirStringRef dialect,
                                                    MlirStringRef name,
                                                    MlirTypeID *typeID);

/// Returns the type `name` of dynamic dialect `dialect` with `params`, or a
/// null type when there is no such type.
MLIR_CAPI_EXPORTED MlirType mlirCyDynamicTypeGet(MlirContext ctx,
                                                 MlirStringRef dialect,
                                                 MlirStringRef name,
                                                 intptr_t nParams,
                                                 MlirAttribute const *params);

/// As mlirCyDynamicTypeGet, for an attribute.
MLIR_CAPI_EXPORTED MlirAttribute
mlirCyDynamicAttrGet(MlirContext ctx, MlirStringRef dialect, MlirStringRef name,
                     intptr_t nParams, MlirAttribute const *params);

/// Returns whether `type` is a type of a dynamic dialect.
MLIR_CAPI_EXPORTED bool mlirCyTypeIsADynamicType(MlirType type);

/// The parameters of a type of a dynamic dialect.
MLIR_CAPI_EXPORTED intptr_t mlirCyDynamicTypeGetNumParams(MlirType type);
MLIR_CAPI_EXPORTED MlirAttribute mlirCyDynamicTypeGetParam(MlirType type,
                                                           intptr_t pos);

/// Returns whether `attr` is an attribute of a dynamic dialect.
MLIR_CAPI_EXPORTED bool mlirCyAttributeIsADynamicAttr(MlirAttribute attr);

/// The parameters of an attribute of a dynamic dialect.
MLIR_CAPI_EXPORTED intptr_t mlirCyDynamicAttrGetNumParams(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute mlirCyDynamicAttrGetParam(MlirAttribute attr,
                                                           intptr_t pos);

/// Verifies an operation beyond its traits: returns failure after emitting
/// an error on it.
typedef MlirLogicalResult (*MlirCyDynamicOpVerifier)(MlirOperation op,
                                                     void *userData);

/// Defines operation `name` (without the dialect's prefix) in the loaded
/// dynamic dialect `dialect`. It has the traits of the `nTraits` TypeIDs in
/// `traits` (the verifiers of IsTerminator and IsIsolatedFromAbove run for
/// them); `verifier` (may be null) runs after them. `userData` is passed to
/// `verifier` and to `destroyUserData` (may be null) when `ctx` is
/// destroyed. Returns false, doing nothing (not even destroying userData),
/// when the dialect is not a loaded dynamic dialect or the name is
/// registered already.
MLIR_CAPI_EXPORTED bool mlirCyDynamicDialectAddOp(
    MlirContext ctx, MlirStringRef dialect, MlirStringRef name,
    intptr_t nTraits, MlirTypeID const *traits,
    MlirCyDynamicOpVerifier verifier, void *userData,
    void (*destroyUserData)(void *));

/// Sets `*typeID` to the TypeID of the types (or, with `attribute`, the
/// attributes) `name` of the loaded dynamic dialect `dialect`; false when
/// there is no such definition.
MLIR_CAPI_EXPORTED bool mlirCyDynamicLookupTypeID(MlirContext ctx,
                                                  MlirStringRef dialect,
                                                  MlirStringRef name,
                                                  bool attribute,
                                                  MlirTypeID *typeID);

/// The name (without the dialect's prefix) of dynamic type `type`.
MLIR_CAPI_EXPORTED MlirStringRef mlirCyDynamicTypeGetName(MlirType type);

/// The name (without the dialect's prefix) of dynamic attribute `attr`.
MLIR_CAPI_EXPORTED MlirStringRef mlirCyDynamicAttrGetName(MlirAttribute attr);

/// Gives the operations named `opName` in `ctx`, defined by
/// mlirCyDynamicDialectAddOp, the trait of TypeID `trait` too. Returns false,
/// doing nothing, when no such operation is registered there.
MLIR_CAPI_EXPORTED bool mlirCyDynamicOpAddTrait(MlirContext ctx,
                                                MlirStringRef opName,
                                                MlirTypeID trait);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_EXTENSIBLE_H
