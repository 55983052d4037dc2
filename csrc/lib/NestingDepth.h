//===- NestingDepth.h - the nesting depth of an operation's IR --*- C++ -*-===//
//
// The walk behind mlirCyOperationGetDepth (Stack.h), shared with the checks
// that look at the same operations in the same pass over the IR's memory
// (mlirCyOperationFindUnverifiableWithDepth, Verify.h).
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_CYTHON_LIB_NESTINGDEPTH_H
#define MLIR_CYTHON_LIB_NESTINGDEPTH_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace mlir_cython {

/// The nesting depth of root's IR (root alone: 1; each region level adds
/// one), counted depth-first without recursion: the IR may be nested deeper
/// than the stack allows. visit(op) is called on root and on every nested
/// operation that has regions (the others are counted, not visited).
template <typename F>
intptr_t walkNestingDepth(mlir::Operation *root, F &&visit) {
  intptr_t best = 1;
  llvm::SmallVector<std::pair<mlir::Operation *, intptr_t>, 32> work;
  work.emplace_back(root, 1);
  while (!work.empty()) {
    auto [op, d] = work.pop_back_val();
    best = std::max(best, d);
    visit(op);
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::Operation &nested : block) {
          if (nested.getNumRegions() == 0)
            best = std::max(best, d + 1);
          else
            work.emplace_back(&nested, d + 1);
        }
  }
  return best;
}

} // namespace mlir_cython

#endif // MLIR_CYTHON_LIB_NESTINGDEPTH_H
