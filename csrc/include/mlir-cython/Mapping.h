/*===-- mlir-cython/Mapping.h - IRMapping and cloning with it --------------===*\
|*                                                                            *|
|* MLIR's IRMapping (values to values, blocks to blocks, operations to       *|
|* operations) and an operation's clone through one, which MLIR 22's C API   *|
|* lacks (upstream's later C API has them under other names). Also the       *|
|* values an operation's nested operations use that are defined outside it: *|
|* what a copy of it (detached) still uses of the original's tree.           *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_MAPPING_H
#define MLIR_CYTHON_MAPPING_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct MlirCyIRMapping {
  void *ptr;
} MlirCyIRMapping;

/// What an entry of an IRMapping maps.
enum MlirCyIRMappingKind {
  MLIR_CY_IR_MAPPING_VALUE = 0,
  MLIR_CY_IR_MAPPING_BLOCK = 1,
  MLIR_CY_IR_MAPPING_OPERATION = 2,
};

/// Receives one entry of an IRMapping: its kind, and the handles' pointers
/// (MlirValue, MlirBlock or MlirOperation .ptr) mapped from and to.
typedef void (*MlirCyIRMappingEntryCallback)(int kind, void *from, void *to,
                                             void *userData);

/// Creates an empty mapping, to be destroyed with mlirCyIRMappingDestroy.
MLIR_CAPI_EXPORTED MlirCyIRMapping mlirCyIRMappingCreate(void);

MLIR_CAPI_EXPORTED void mlirCyIRMappingDestroy(MlirCyIRMapping mapping);

MLIR_CAPI_EXPORTED void mlirCyIRMappingMapValue(MlirCyIRMapping mapping,
                                                MlirValue from, MlirValue to);

MLIR_CAPI_EXPORTED void mlirCyIRMappingMapBlock(MlirCyIRMapping mapping,
                                                MlirBlock from, MlirBlock to);

MLIR_CAPI_EXPORTED void mlirCyIRMappingMapOperation(MlirCyIRMapping mapping,
                                                    MlirOperation from,
                                                    MlirOperation to);

/// Calls `callback` on every entry of `mapping`: values, then blocks, then
/// operations.
MLIR_CAPI_EXPORTED void
mlirCyIRMappingForEach(MlirCyIRMapping mapping,
                       MlirCyIRMappingEntryCallback callback, void *userData);

/// Sets `*result` to a copy of `op` (detached) whose operands are looked up
/// in `mapping` (the values it maps are used instead), adding to `mapping`
/// what was copied from what: `op` and the operations, blocks, block
/// arguments and results in it. Runs on enough stack for `op`'s depth;
/// returns false, doing nothing, when that much cannot be had.
MLIR_CAPI_EXPORTED bool
mlirCyDeepOperationCloneWithMapping(MlirOperation op, MlirCyIRMapping mapping,
                                    MlirOperation *result);

/// Writes to `values` (at most `capacity` of them) the distinct values that
/// `op` or the operations nested in it use as operands and that are defined
/// outside `op`, in the order of their first use (not the arguments of a
/// block in no region); returns how many there are (more than `capacity`
/// when they did not fit). Without recursion.
MLIR_CAPI_EXPORTED intptr_t mlirCyOperationGetOuterValues(MlirOperation op,
                                                          MlirValue *values,
                                                          intptr_t capacity);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_MAPPING_H
