//===- Equivalence.cpp - structural equivalence of operations -------------===//

#include "mlir-cython/Equivalence.h"
#include "mlir-cython/Stack.h"
#include "TraitIDs.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Region.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace mlir;

namespace {

/// The comparison of OperationEquivalence::isEquivalentTo, with the
/// permutation test for commutative operations applied at every level (MLIR
/// 22 applies it to the outermost pair only) and matching the operands
/// through the values found equivalent so far.
class Equivalence {
public:
  explicit Equivalence(uint32_t flags)
      : flags(flags), commutative(MLIR_CYTHON_TRAIT_TYPEID(IsCommutative)) {}

  bool ops(Operation *lhs, Operation *rhs) {
    if (lhs == rhs)
      return true;
    if (!(flags & MLIR_CY_EQUIVALENCE_IGNORE_DISCARDABLE_ATTRS) &&
        lhs->getRawDictionaryAttrs() != rhs->getRawDictionaryAttrs())
      return false;
    if (lhs->getName() != rhs->getName() ||
        lhs->getNumRegions() != rhs->getNumRegions() ||
        lhs->getNumSuccessors() != rhs->getNumSuccessors() ||
        lhs->getNumOperands() != rhs->getNumOperands() ||
        lhs->getNumResults() != rhs->getNumResults())
      return false;
    if (!(flags & MLIR_CY_EQUIVALENCE_IGNORE_PROPERTIES) &&
        !lhs->getName().compareOpProperties(lhs->getPropertiesStorage(),
                                            rhs->getPropertiesStorage()))
      return false;
    if (!(flags & MLIR_CY_EQUIVALENCE_IGNORE_LOCATIONS) &&
        lhs->getLoc() != rhs->getLoc())
      return false;
    if (!(flags & MLIR_CY_EQUIVALENCE_IGNORE_COMMUTATIVITY) &&
        lhs->getName().hasTrait(commutative)) {
      if (!permutation(lhs->getOperands(), rhs->getOperands()))
        return false;
    } else {
      for (auto [l, r] : llvm::zip(lhs->getOperands(), rhs->getOperands()))
        if (l != r && (l.getType() != r.getType() || !same(l, r)))
          return false;
    }
    for (auto [l, r] : llvm::zip(lhs->getResults(), rhs->getResults())) {
      if (l.getType() != r.getType())
        return false;
      values.try_emplace(l, r);
    }
    for (auto [l, r] : llvm::zip(lhs->getRegions(), rhs->getRegions()))
      if (!regions(l, r))
        return false;
    return true;
  }

private:
  bool same(Value l, Value r) { return l == r || values.lookup(l) == r; }

  bool permutation(OperandRange lhs, OperandRange rhs) {
    llvm::SmallVector<const void *> l, r;
    for (Value v : lhs) {
      Value mapped = values.lookup(v);
      l.push_back((mapped ? mapped : v).getAsOpaquePointer());
    }
    for (Value v : rhs)
      r.push_back(v.getAsOpaquePointer());
    llvm::sort(l);
    llvm::sort(r);
    return l == r;
  }

  bool regions(Region &lhs, Region &rhs) {
    llvm::DenseMap<Block *, Block *> blocks;
    auto blockPair = [&](Block &l, Block &r) {
      if (l.getNumArguments() != r.getNumArguments())
        return false;
      if (blocks.try_emplace(&l, &r).first->second != &r)
        return false;
      for (auto [la, ra] : llvm::zip(l.getArguments(), r.getArguments())) {
        if (la.getType() != ra.getType())
          return false;
        if (!(flags & MLIR_CY_EQUIVALENCE_IGNORE_LOCATIONS) &&
            la.getLoc() != ra.getLoc())
          return false;
        values.try_emplace(la, ra);
      }
      return llvm::all_of_zip(l, r, [&](Operation &lo, Operation &ro) {
        if (!ops(&lo, &ro))
          return false;
        for (auto [ls, rs] : llvm::zip(lo.getSuccessors(), ro.getSuccessors()))
          if (blocks.try_emplace(ls, rs).first->second != rs)
            return false;
        return true;
      });
    };
    return llvm::all_of_zip(lhs, rhs, blockPair);
  }

  uint32_t flags;
  TypeID commutative;
  llvm::DenseMap<Value, Value> values;
};

struct EquivalenceCall {
  Operation *lhs, *rhs;
  uint32_t flags;
  bool result;
};

void runEquivalence(void *data) {
  auto *call = static_cast<EquivalenceCall *>(data);
  call->result = Equivalence(call->flags).ops(call->lhs, call->rhs);
}

} // namespace

bool mlirCyDeepOperationIsStructurallyEquivalent(MlirOperation lhs,
                                                 MlirOperation rhs,
                                                 uint32_t flags,
                                                 bool *result) {
  EquivalenceCall call{unwrap(lhs), unwrap(rhs), flags, false};
  intptr_t depth =
      std::max(mlirCyOperationGetDepth(lhs), mlirCyOperationGetDepth(rhs));
  if (!mlirCyStackRun(mlirCyStackNeededForDepth(depth), runEquivalence, &call))
    return false;
  *result = call.result;
  return true;
}

size_t mlirCyOperationStructuralHash(MlirOperation root, uint32_t flags) {
  Operation *top = unwrap(root);
  // Operations nested in `top` in pre-order, numbering the values and
  // blocks defined within it by the place of their definition.
  llvm::SmallVector<Operation *> order;
  llvm::DenseMap<Value, unsigned> numbers;
  llvm::DenseMap<Block *, unsigned> blockNumbers;
  llvm::SmallVector<Operation *> work{top};
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    order.push_back(op);
    if (op != top)
      for (Value v : op->getResults())
        numbers.try_emplace(v, numbers.size());
    size_t pushedFrom = work.size();
    for (Region &region : op->getRegions()) {
      unsigned index = 0;
      for (Block &block : region) {
        blockNumbers.try_emplace(&block, index++);
        for (Value arg : block.getArguments())
          numbers.try_emplace(arg, numbers.size());
        for (Operation &nested : block)
          work.push_back(&nested);
      }
    }
    std::reverse(work.begin() + pushedFrom, work.end());
  }
  auto operandHash = [&](Value v) -> llvm::hash_code {
    auto it = numbers.find(v);
    if (it == numbers.end())
      return hash_value(v);
    return llvm::hash_combine(0x5ca1ab1e, it->second);
  };
  auto ofFlags = OperationEquivalence::Flags(flags & 7);
  llvm::hash_code hash = llvm::hash_code(0);
  for (Operation *op : order) {
    hash = llvm::hash_combine(
        hash, OperationEquivalence::computeHash(
                  op, operandHash, OperationEquivalence::ignoreHashValue,
                  ofFlags));
    hash = llvm::hash_combine(hash, op->getNumRegions(),
                              op->getNumSuccessors());
    // Successors of `top` itself are not compared, those of the
    // operations within it are blocks of their own region.
    if (op != top)
      for (Block *successor : op->getSuccessors())
        hash = llvm::hash_combine(hash, blockNumbers.lookup(successor));
    for (Region &region : op->getRegions()) {
      hash = llvm::hash_combine(hash, region.getBlocks().size());
      for (Block &block : region) {
        hash = llvm::hash_combine(hash, block.getNumArguments(),
                                  block.getOperations().size());
        for (BlockArgument arg : block.getArguments())
          hash = llvm::hash_combine(hash, arg.getType());
      }
    }
  }
  return hash;
}
