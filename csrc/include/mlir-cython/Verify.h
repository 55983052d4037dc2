/*===-- mlir-cython/Verify.h - IR MLIR's verifier or printer cannot take -===*\
|*                                                                            *|
|* Checks for IR that is well formed as far as the C API can tell but that   *|
|* MLIR's own code assumes away, so that it is reported instead of reaching  *|
|* that code: an inherent attribute the operation dropped on creation (MLIR  *|
|* keeps only an attribute of the declared kind and silently drops another,  *|
|* which a custom printer may then read as null), an op whose region has no *|
|* block yet (Linalg's verifier and a few others read that block), and an   *|
|* inference that indexes shapes with an unchecked attribute.               *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_VERIFY_H
#define MLIR_CYTHON_VERIFY_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Returns the index of the first of the `n` named attributes `attrs` that
/// `op` (just created with them) names as an inherent attribute but does
/// not hold: a value of another kind than the op declares, dropped by MLIR.
/// Returns -1 if it holds all of them (or they are not inherent).
MLIR_CAPI_EXPORTED intptr_t mlirCyOperationFindDroppedAttribute(
    MlirOperation op, intptr_t n, const MlirNamedAttribute *attrs);

/// Returns the first operation nested in `root` (or `root` itself) that
/// MLIR's verifier cannot be run on: a Linalg structured op, acc.host_data
/// or omp.declare_mapper whose region has no block (their verifiers read
/// it). If `emit`, also reports it as an error diagnostic at that
/// operation. Returns a null operation if there is none (always when none
/// of those dialects is loaded in the context).
MLIR_CAPI_EXPORTED MlirOperation
mlirCyOperationFindUnverifiable(MlirOperation root, bool emit);

/// As mlirCyOperationFindUnverifiable(root, false), and in the same walk
/// the nesting depth of root's IR as mlirCyOperationGetDepth counts it,
/// written to *depth (the walk then goes through all of it): one pass over
/// a large IR's memory where a check before a deep call took two.
MLIR_CAPI_EXPORTED MlirOperation
mlirCyOperationFindUnverifiableWithDepth(MlirOperation root, intptr_t *depth);

/// Whether MLIR's result type inference cannot be run on the operation
/// `state` describes, although its operands are of the kinds the op's ODS
/// constraints promise: an inference that indexes the operands' shapes with
/// an attribute it does not check (tosa.concat's axis). Returns 0 if it
/// can; else writes why to `callback` and returns 1 for an attribute of
/// the wrong kind (a TypeError), 2 for a value out of range (ValueError).
MLIR_CAPI_EXPORTED int
mlirCyOperationStateRefusesInference(const MlirOperationState *state,
                                     MlirStringCallback callback,
                                     void *userData);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_VERIFY_H
