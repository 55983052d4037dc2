/*===-- mlir-cython/Effects.h - memory effects and speculatability --------===*\
|*                                                                            *|
|* MLIR's MemoryEffectOpInterface and ConditionallySpeculatable, which MLIR *|
|* 22's C API lacks: their TypeIDs, a query of an operation's effects and   *|
|* speculatability, and implementations attached to a registered operation  *|
|* name that answer through a C callback (called on the thread's own stack, *|
|* see Stack.h) or with a fixed answer.                                     *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_EFFECTS_H
#define MLIR_CYTHON_EFFECTS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"
#include "mlir-cython/Attach.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// MLIR's memory effects (MemoryEffects::Allocate, Free, Read, Write).
enum MlirCyMemoryEffectKind {
  MLIR_CY_MEMORY_EFFECT_ALLOCATE = 0,
  MLIR_CY_MEMORY_EFFECT_FREE = 1,
  MLIR_CY_MEMORY_EFFECT_READ = 2,
  MLIR_CY_MEMORY_EFFECT_WRITE = 3,
};

/// One effect instance. Its target is at most one of: an operand (`owner`
/// non-null: operand `operandIndex` of `owner`), a value (an OpResult or a
/// BlockArgument) or a symbol (a SymbolRefAttr). A queried instance whose
/// target is an operand gives that operand's value in `value`.
/// `resource` is a SideEffects::Resource (null: the default resource).
typedef struct {
  int32_t effect;  // an MlirCyMemoryEffectKind
  int32_t stage;
  bool effectOnFullRegion;
  const void *resource;
  MlirAttribute parameters;  // null: none
  MlirOperation owner;
  intptr_t operandIndex;
  MlirValue value;
  MlirAttribute symbol;
} MlirCyMemoryEffect;

/// Computes the effects of `op` into `sink` with mlirCyMemoryEffectsAppend.
/// Returns false on failure: the effects appended are dropped and `op` is
/// taken to have every effect on the default resource.
typedef bool (*MlirCyMemoryEffectsCallback)(MlirOperation op, void *userData,
                                            void *sink);

/// Appends `effect` to the effects being computed (`sink` as passed to the
/// callback). The caller checks that its handles are live and of the
/// operation's context, and that an operand index is in range.
MLIR_CAPI_EXPORTED void mlirCyMemoryEffectsAppend(void *sink,
                                                  const MlirCyMemoryEffect *e);

/// Returns the speculatability (an MlirCySpeculatability) of `op`, or -1 on
/// failure (then `op` is taken to be NotSpeculatable).
typedef int (*MlirCySpeculatabilityCallback)(MlirOperation op,
                                             void *userData);

/// Speculation::Speculatability.
enum MlirCySpeculatability {
  MLIR_CY_NOT_SPECULATABLE = 0,
  MLIR_CY_SPECULATABLE = 1,
  MLIR_CY_RECURSIVELY_SPECULATABLE = 2,
};

/// The TypeID of MemoryEffectOpInterface.
MLIR_CAPI_EXPORTED MlirTypeID mlirCyMemoryEffectsOpInterfaceTypeID(void);

/// The TypeID of ConditionallySpeculatable.
MLIR_CAPI_EXPORTED MlirTypeID mlirCyConditionallySpeculatableTypeID(void);

/// SideEffects::DefaultResource.
MLIR_CAPI_EXPORTED const void *mlirCySideEffectsDefaultResource(void);

/// The name of a SideEffects::Resource (e.g. "<Default>").
MLIR_CAPI_EXPORTED MlirStringRef
mlirCySideEffectsResourceGetName(const void *resource);

/// Makes the operations named `opName` in `ctx` implement
/// MemoryEffectOpInterface through `callback` (null: no effects at all).
/// Attaching again replaces the callback of an earlier attachment.
MLIR_CAPI_EXPORTED int
mlirCyMemoryEffectsAttach(MlirContext ctx, MlirStringRef opName,
                          MlirCyMemoryEffectsCallback callback,
                          void *userData);

/// Makes the operations named `opName` in `ctx` implement
/// ConditionallySpeculatable through `callback`, or, when it is null, with
/// the fixed answer `fixed` (an MlirCySpeculatability).
MLIR_CAPI_EXPORTED int
mlirCySpeculatabilityAttach(MlirContext ctx, MlirStringRef opName,
                            MlirCySpeculatabilityCallback callback,
                            void *userData, int fixed);

/// Calls `collect` with each memory effect of `op` in order; returns false,
/// calling nothing, when `op` does not implement MemoryEffectOpInterface.
MLIR_CAPI_EXPORTED bool
mlirCyMemoryEffectsGet(MlirOperation op,
                       void (*collect)(const MlirCyMemoryEffect *, void *),
                       void *userData);

/// The `userData` of the MemoryEffectOpInterface implementation attached
/// by mlirCyMemoryEffectsAttach that `op` uses, or null when it uses none.
MLIR_CAPI_EXPORTED void *mlirCyMemoryEffectsGetUserData(MlirOperation op);

/// The speculatability of `op` (an MlirCySpeculatability), or -1 when `op`
/// does not implement ConditionallySpeculatable.
MLIR_CAPI_EXPORTED int mlirCySpeculatabilityGet(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_EFFECTS_H
