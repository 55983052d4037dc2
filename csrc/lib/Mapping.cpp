//===- Mapping.cpp - IRMapping and cloning with it ------------------------===//

#include "mlir-cython/Mapping.h"
#include "mlir-cython/Stack.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

static IRMapping *unwrapMapping(MlirCyIRMapping m) {
  return static_cast<IRMapping *>(m.ptr);
}

MlirCyIRMapping mlirCyIRMappingCreate(void) { return {new IRMapping()}; }

void mlirCyIRMappingDestroy(MlirCyIRMapping mapping) {
  delete unwrapMapping(mapping);
}

void mlirCyIRMappingMapValue(MlirCyIRMapping mapping, MlirValue from,
                             MlirValue to) {
  unwrapMapping(mapping)->map(unwrap(from), unwrap(to));
}

void mlirCyIRMappingMapBlock(MlirCyIRMapping mapping, MlirBlock from,
                             MlirBlock to) {
  unwrapMapping(mapping)->map(unwrap(from), unwrap(to));
}

void mlirCyIRMappingMapOperation(MlirCyIRMapping mapping, MlirOperation from,
                                 MlirOperation to) {
  unwrapMapping(mapping)->map(unwrap(from), unwrap(to));
}

void mlirCyIRMappingForEach(MlirCyIRMapping mapping,
                            MlirCyIRMappingEntryCallback callback,
                            void *userData) {
  IRMapping *m = unwrapMapping(mapping);
  for (auto [from, to] : m->getValueMap())
    callback(MLIR_CY_IR_MAPPING_VALUE, from.getAsOpaquePointer(),
             to.getAsOpaquePointer(), userData);
  for (auto [from, to] : m->getBlockMap())
    callback(MLIR_CY_IR_MAPPING_BLOCK, from, to, userData);
  for (auto [from, to] : m->getOperationMap())
    callback(MLIR_CY_IR_MAPPING_OPERATION, from, to, userData);
}

namespace {
struct CloneCall {
  Operation *op;
  IRMapping *mapping;
  Operation *result;
};
} // namespace

bool mlirCyDeepOperationCloneWithMapping(MlirOperation op,
                                         MlirCyIRMapping mapping,
                                         MlirOperation *result) {
  CloneCall call{unwrap(op), unwrapMapping(mapping), nullptr};
  size_t needed = mlirCyStackNeededForDepth(mlirCyOperationGetDepth(op));
  bool ran = mlirCyStackRun(
      needed,
      [](void *data) {
        auto *c = static_cast<CloneCall *>(data);
        c->result = c->op->clone(*c->mapping);
      },
      &call);
  if (!ran)
    return false;
  *result = wrap(call.result);
  return true;
}

intptr_t mlirCyOperationGetOuterValues(MlirOperation root, MlirValue *values,
                                       intptr_t capacity) {
  Operation *top = unwrap(root);
  llvm::DenseSet<Value> seen;
  intptr_t count = 0;
  llvm::SmallVector<Operation *> work{top};
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    for (Value v : op->getOperands()) {
      // The operation owning the value: a result's, or the one whose region
      // holds a block argument's block (none for a block not in a region).
      Operation *owner = v.getDefiningOp();
      if (!owner)
        owner = llvm::cast<BlockArgument>(v).getOwner()->getParentOp();
      if (!owner || top->isAncestor(owner) || !seen.insert(v).second)
        continue;
      if (count < capacity)
        values[count] = wrap(v);
      ++count;
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          work.push_back(&nested);
  }
  return count;
}
