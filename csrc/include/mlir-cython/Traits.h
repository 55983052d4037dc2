/*===-- mlir-cython/Traits.h - operation traits ----------------------------===*\
|*                                                                            *|
|* Whether an operation, or every operation of a registered name, has one of *|
|* MLIR's operation traits, identified by the trait's TypeID. The C API of   *|
|* MLIR 22 gives no trait's TypeID and no query; these give the TypeIDs of   *|
|* the traits upstream's Python bindings name (IsTerminator, NoTerminator,   *|
|* IsIsolatedFromAbove, HasRecursiveMemoryEffects) and answer the query.     *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_TRAITS_H
#define MLIR_CYTHON_TRAITS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Returns the TypeID of the trait OpTrait::IsTerminator.
MLIR_CAPI_EXPORTED MlirTypeID mlirCyOpTraitIsTerminatorGetTypeID(void);

/// Returns the TypeID of the trait OpTrait::NoTerminator.
MLIR_CAPI_EXPORTED MlirTypeID mlirCyOpTraitNoTerminatorGetTypeID(void);

/// Returns the TypeID of the trait OpTrait::IsIsolatedFromAbove.
MLIR_CAPI_EXPORTED MlirTypeID mlirCyOpTraitIsIsolatedFromAboveGetTypeID(void);

/// Returns the TypeID of the trait OpTrait::HasRecursiveMemoryEffects.
MLIR_CAPI_EXPORTED MlirTypeID
mlirCyOpTraitHasRecursiveMemoryEffectsGetTypeID(void);

/// Returns whether `op` has the trait of TypeID `traitTypeID` (false for an
/// operation whose name is not registered: such an operation has no traits).
MLIR_CAPI_EXPORTED bool mlirCyOperationHasTrait(MlirOperation op,
                                                MlirTypeID traitTypeID);

/// Returns whether the operations named `opName`, registered in `ctx`, have
/// the trait of TypeID `traitTypeID`; false if no operation of that name is
/// registered there. Creates no record of the name in `ctx`.
MLIR_CAPI_EXPORTED bool mlirCyOperationNameHasTrait(MlirStringRef opName,
                                                    MlirTypeID traitTypeID,
                                                    MlirContext ctx);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_TRAITS_H
