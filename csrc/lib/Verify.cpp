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

// Operations whose verifier reads the first block of their region without
// checking that there is one, as MLIR's own builders always make it (the
// builder fuzzer, tests/fuzz_builders.py, finds them): Linalg's structured
// ops and these.
static const char *const kReadsMissingBlock[] = {"acc.host_data",
                                                 "omp.declare_mapper"};

static bool readsMissingBlock(Operation *op) {
  if (!op->getNumRegions() || !op->getRegion(0).empty())
    return false;
  if (llvm::isa<linalg::LinalgOp>(op))
    return true;
  StringRef name = op->getName().getStringRef();
  return llvm::is_contained(kReadsMissingBlock, name);
}

MlirOperation mlirCyOperationFindUnverifiable(MlirOperation root, bool emit) {
  Operation *top = unwrap(root);
  Operation *found = nullptr;
  MLIRContext *ctx = top->getContext();
  // None of them without its dialect: no walk then.
  if (!ctx->getLoadedDialect<linalg::LinalgDialect>() &&
      !ctx->getLoadedDialect("acc") && !ctx->getLoadedDialect("omp"))
    return wrap(found);
  // Without recursion: the IR may be nested deeper than the stack allows.
  llvm::SmallVector<Operation *> work{top};
  while (!work.empty() && !found) {
    Operation *op = work.pop_back_val();
    if (!op->getNumRegions())
      continue;
    if (readsMissingBlock(op)) {
      found = op;
      break;
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          if (nested.getNumRegions())
            work.push_back(&nested);
  }
  if (found && emit) {
    if (llvm::isa<linalg::LinalgOp>(found))
      // The Linalg interface verifier's own text, which it does not reach
      // for every structured op.
      found->emitOpError() << "expects to have 1 region with 1 block";
    else
      found->emitOpError() << "expects its region to have a block";
  }
  return wrap(found);
}
