//===- Verify.cpp - IR MLIR's verifier or printer cannot take ------------===//

#include "mlir-cython/Verify.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

intptr_t mlirCyOperationFindDroppedAttribute(MlirOperation op, intptr_t n,
                                             const MlirNamedAttribute *attrs) {
  Operation *operation = unwrap(op);
  // Without properties the attributes are stored as given.
  if (!operation->getPropertiesStorageSize())
    return -1;
  for (intptr_t i = 0; i < n; ++i) {
    StringRef name = unwrap(attrs[i].name).strref();
    std::optional<Attribute> held = operation->getInherentAttr(name);
    if (held && *held != unwrap(attrs[i].attribute))
      return i;
  }
  return -1;
}

MlirOperation mlirCyOperationFindUnverifiable(MlirOperation root, bool emit) {
  Operation *top = unwrap(root);
  Operation *found = nullptr;
  if (!top->getContext()->getLoadedDialect<linalg::LinalgDialect>())
    return wrap(found);
  // Without recursion: the IR may be nested deeper than the stack allows.
  llvm::SmallVector<Operation *> work{top};
  while (!work.empty() && !found) {
    Operation *op = work.pop_back_val();
    if (!op->getNumRegions())
      continue;
    if (op->getRegion(0).empty() && llvm::isa<linalg::LinalgOp>(op)) {
      found = op;
      break;
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          if (nested.getNumRegions())
            work.push_back(&nested);
  }
  if (found && emit)
    // The Linalg interface verifier's own text, which it does not reach
    // for every structured op.
    found->emitOpError() << "expects to have 1 region with 1 block";
  return wrap(found);
}
