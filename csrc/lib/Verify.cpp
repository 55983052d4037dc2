//===- Verify.cpp - IR MLIR's verifier or printer cannot take ------------===//

#include "mlir-cython/Verify.h"
#include "NestingDepth.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
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

MlirOperation mlirCyOperationFindUnverifiableWithDepth(MlirOperation root,
                                                       intptr_t *depth) {
  Operation *top = unwrap(root);
  MLIRContext *ctx = top->getContext();
  bool look = ctx->getLoadedDialect<linalg::LinalgDialect>() ||
              ctx->getLoadedDialect("acc") || ctx->getLoadedDialect("omp");
  Operation *found = nullptr;
  *depth = mlir_cython::walkNestingDepth(top, [&](Operation *op) {
    if (look && !found && readsMissingBlock(op))
      found = op;
  });
  return wrap(found);
}

int mlirCyOperationStateRefusesInference(const MlirOperationState *state,
                                         MlirStringCallback callback,
                                         void *userData) {
  if (unwrap(state->name) != "tosa.concat")
    return 0;
  auto say = [&](const Twine &text, int code) {
    std::string s = text.str();
    callback(mlirStringRefCreate(s.data(), s.size()), userData);
    return code;
  };
  // Its inference reads `axis` as an i32 and indexes the ranked inputs'
  // shapes with it.
  IntegerAttr axis;
  for (intptr_t i = 0; i < state->nAttributes; ++i)
    if (unwrap(state->attributes[i].name).strref() == "axis")
      axis = llvm::dyn_cast<IntegerAttr>(unwrap(state->attributes[i].attribute));
  if (!axis || !axis.getType().isSignlessInteger(32))
    return say("tosa.concat: axis must be an i32 integer attribute", 1);
  int64_t a = axis.getInt();
  for (intptr_t i = 0; i < state->nOperands; ++i) {
    auto t = llvm::dyn_cast<ShapedType>(unwrap(state->operands[i]).getType());
    if (t && t.hasRank() && (a < 0 || a >= t.getRank())) {
      std::string type;
      llvm::raw_string_ostream os(type);
      t.print(os);
      return say("tosa.concat: axis " + Twine(a) +
                     " is not a dimension of input type " + type +
                     " (the result type is inferred from it)",
                 2);
    }
  }
  return 0;
}
