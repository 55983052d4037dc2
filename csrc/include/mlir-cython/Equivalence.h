/*===-- mlir-cython/Equivalence.h - structural equivalence of operations ---===*\
|*                                                                            *|
|* Whether two operations are the same but for what the flags leave out, and *|
|* a hash that agrees with it, over MLIR's OperationEquivalence (which the   *|
|* C API of MLIR 22 does not expose). Flags are those of                     *|
|* OperationEquivalence::Flags, and one more, as upstream's later C API has  *|
|* it: MLIR_CY_EQUIVALENCE_IGNORE_COMMUTATIVITY compares the operands of     *|
|* commutative operations in order instead of as a permutation.              *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_EQUIVALENCE_H
#define MLIR_CYTHON_EQUIVALENCE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum MlirCyEquivalenceFlags {
  MLIR_CY_EQUIVALENCE_NONE = 0,
  MLIR_CY_EQUIVALENCE_IGNORE_LOCATIONS = 1,
  MLIR_CY_EQUIVALENCE_IGNORE_DISCARDABLE_ATTRS = 2,
  MLIR_CY_EQUIVALENCE_IGNORE_PROPERTIES = 4,
  MLIR_CY_EQUIVALENCE_IGNORE_COMMUTATIVITY = 8,
};

/// Sets `*result` to whether `lhs` and `rhs` are structurally equivalent
/// under `flags`: the same name, attributes, properties, locations, result
/// and operand types, and regions whose blocks and operations are so in
/// turn, an operand being the same value or one defined at the same place
/// within them. The operands of a commutative operation (at every level)
/// may be a permutation of the other's unless flags has
/// MLIR_CY_EQUIVALENCE_IGNORE_COMMUTATIVITY. Runs on enough stack for the
/// deeper of the two; returns false, setting nothing, when that much stack
/// cannot be had.
MLIR_CAPI_EXPORTED bool
mlirCyDeepOperationIsStructurallyEquivalent(MlirOperation lhs,
                                            MlirOperation rhs, uint32_t flags,
                                            bool *result);

/// Returns a hash of `op` and everything nested in it that is equal for
/// operations mlirCyDeepOperationIsStructurallyEquivalent finds equivalent
/// under the same flags: values defined within `op` count by the place of
/// their definition, others (as types, attributes and locations) by
/// identity, so it is meaningful within one process and context. Computed
/// without recursion.
MLIR_CAPI_EXPORTED size_t mlirCyOperationStructuralHash(MlirOperation op,
                                                        uint32_t flags);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_EQUIVALENCE_H
