//===- Conversion.cpp - dialect conversion with C callbacks ---------------===//

#include "mlir-cython/Conversion.h"
#include "OnThreadStack.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Operation.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/SaveAndRestore.h"

#include <optional>

using namespace mlir;
using mlir_cython::onThreadStack;

namespace {
// The operations patterns of the conversion running on this thread created
// or changed other than through the rewriter (null when none runs).
thread_local llvm::DenseSet<Operation *> *touchedOps = nullptr;

// A target and its context (ConversionTarget does not expose it). Operations
// it does not know are legal when a pattern made or changed them (else
// unknown, as without the callback).
struct Target {
  explicit Target(MLIRContext *context) : context(context), target(*context) {
    target.markUnknownOpDynamicallyLegal(
        [](Operation *op) -> std::optional<bool> {
          if (touchedOps && touchedOps->contains(op))
            return true;
          return std::nullopt;
        });
  }
  MLIRContext *context;
  ConversionTarget target;
};

void touch(Operation *op) {
  if (touchedOps)
    touchedOps->insert(op);
}

Target *unwrapTarget(MlirCyConversionTarget t) {
  return static_cast<Target *>(t.ptr);
}

TypeConverter *unwrapConverter(MlirCyTypeConverter c) {
  return static_cast<TypeConverter *>(c.ptr);
}

ConversionConfig *unwrapConfig(MlirCyConversionConfig c) {
  return static_cast<ConversionConfig *>(c.ptr);
}

ConversionPatternRewriter *unwrapRewriter(MlirCyConversionPatternRewriter r) {
  return static_cast<ConversionPatternRewriter *>(r.ptr);
}

// A 1:1 conversion pattern calling C callbacks.
class CallbackConversionPattern : public ConversionPattern {
public:
  CallbackConversionPattern(StringRef rootName, unsigned benefit,
                            MLIRContext *context,
                            const TypeConverter &converter,
                            MlirCyConversionPatternCallbacks callbacks,
                            void *userData)
      : ConversionPattern(converter, rootName, PatternBenefit(benefit),
                          context),
        callbacks(callbacks), userData(userData) {
    if (callbacks.construct)
      onThreadStack([&] { callbacks.construct(userData); });
  }

  ~CallbackConversionPattern() override {
    if (callbacks.destruct)
      onThreadStack([&] { callbacks.destruct(userData); });
  }

  // The 1:N form, so that an operand converted to several values is a
  // failure to match rather than MLIR's fatal error.
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    llvm::SmallVector<MlirValue> values;
    values.reserve(operands.size());
    for (ValueRange range : operands) {
      if (range.size() != 1)
        return rewriter.notifyMatchFailure(
            op, "an operand was converted to several values (1:N), which "
                "this pattern does not take");
      values.push_back(wrap(range.front()));
    }
    MlirCyConversionPatternRewriter rw{&rewriter};
    MlirLogicalResult result;
    onThreadStack([&] {
      result = callbacks.matchAndRewrite(wrap(op), values.size(),
                                         values.data(), rw, userData);
    });
    return unwrap(result);
  }

private:
  MlirCyConversionPatternCallbacks callbacks;
  void *userData;
};
} // namespace

//===----------------------------------------------------------------------===//
// ConversionTarget
//===----------------------------------------------------------------------===//

MlirCyConversionTarget mlirCyConversionTargetCreate(MlirContext context) {
  return {new Target(unwrap(context))};
}

void mlirCyConversionTargetDestroy(MlirCyConversionTarget target) {
  delete unwrapTarget(target);
}

void mlirCyConversionTargetAddLegalOp(MlirCyConversionTarget target,
                                      MlirStringRef name) {
  Target *t = unwrapTarget(target);
  t->target.addLegalOp(OperationName(unwrap(name), t->context));
}

void mlirCyConversionTargetAddIllegalOp(MlirCyConversionTarget target,
                                        MlirStringRef name) {
  Target *t = unwrapTarget(target);
  t->target.addIllegalOp(OperationName(unwrap(name), t->context));
}

void mlirCyConversionTargetAddLegalDialect(MlirCyConversionTarget target,
                                           MlirStringRef name) {
  unwrapTarget(target)->target.addLegalDialect(unwrap(name));
}

void mlirCyConversionTargetAddIllegalDialect(MlirCyConversionTarget target,
                                             MlirStringRef name) {
  unwrapTarget(target)->target.addIllegalDialect(unwrap(name));
}

//===----------------------------------------------------------------------===//
// TypeConverter
//===----------------------------------------------------------------------===//

MlirCyTypeConverter mlirCyTypeConverterCreate(void) {
  return {new TypeConverter()};
}

void mlirCyTypeConverterDestroy(MlirCyTypeConverter converter) {
  delete unwrapConverter(converter);
}

void mlirCyTypeConverterAddConversion(MlirCyTypeConverter converter,
                                      MlirCyTypeConversionCallback callback,
                                      void *userData) {
  unwrapConverter(converter)->addConversion(
      [callback, userData](Type type) -> std::optional<Type> {
        MlirType converted{nullptr};
        MlirLogicalResult result;
        onThreadStack(
            [&] { result = callback(wrap(type), &converted, userData); });
        if (mlirLogicalResultIsFailure(result) || !converted.ptr)
          return std::nullopt;
        return unwrap(converted);
      });
}

MlirType mlirCyTypeConverterConvertType(MlirCyTypeConverter converter,
                                        MlirType type) {
  return wrap(unwrapConverter(converter)->convertType(unwrap(type)));
}

//===----------------------------------------------------------------------===//
// Conversion patterns and their rewriter
//===----------------------------------------------------------------------===//

MlirRewritePattern mlirCyOpConversionPatternCreate(
    MlirStringRef rootName, unsigned benefit, MlirContext context,
    MlirCyTypeConverter converter, MlirCyConversionPatternCallbacks callbacks,
    void *userData) {
  return wrap(static_cast<const RewritePattern *>(new CallbackConversionPattern(
      unwrap(rootName), benefit, unwrap(context), *unwrapConverter(converter),
      callbacks, userData)));
}

MlirCyConversionPatternRewriter
mlirCyConversionPatternRewriterFromPatternRewriter(
    MlirPatternRewriter rewriter) {
  return {static_cast<ConversionPatternRewriter *>(unwrap(rewriter))};
}

MlirRewriterBase mlirCyConversionPatternRewriterAsBase(
    MlirCyConversionPatternRewriter rewriter) {
  return wrap(static_cast<RewriterBase *>(unwrapRewriter(rewriter)));
}

MlirLogicalResult mlirCyConversionPatternRewriterConvertRegionTypes(
    MlirCyConversionPatternRewriter rewriter, MlirRegion region,
    MlirCyTypeConverter converter) {
  return wrap(LogicalResult(unwrapRewriter(rewriter)->convertRegionTypes(
      unwrap(region), *unwrapConverter(converter))));
}

void mlirCyConversionPatternRewriterNotifyOperationInserted(
    MlirCyConversionPatternRewriter rewriter, MlirOperation op) {
  Operation *o = unwrap(op);
  touch(o);
  if (OpBuilder::Listener *l = unwrapRewriter(rewriter)->getListener())
    l->notifyOperationInserted(o, OpBuilder::InsertPoint());
}

void mlirCyConversionPatternRewriterNotifyBlockInserted(
    MlirCyConversionPatternRewriter rewriter, MlirBlock block) {
  if (OpBuilder::Listener *l = unwrapRewriter(rewriter)->getListener())
    l->notifyBlockInserted(unwrap(block), /*previous=*/nullptr,
                           Region::iterator());
}

void mlirCyConversionPatternRewriterMoveBlockToEnd(
    MlirCyConversionPatternRewriter rewriter, MlirBlock block,
    MlirRegion region) {
  Region *r = unwrap(region);
  unwrapRewriter(rewriter)->moveBlockBefore(unwrap(block), r, r->end());
}

void mlirCyConversionPatternRewriterStartOpModification(
    MlirCyConversionPatternRewriter rewriter, MlirOperation op) {
  unwrapRewriter(rewriter)->startOpModification(unwrap(op));
}

void mlirCyConversionPatternRewriterFinalizeOpModification(
    MlirCyConversionPatternRewriter rewriter, MlirOperation op) {
  touch(unwrap(op));
  unwrapRewriter(rewriter)->finalizeOpModification(unwrap(op));
}

//===----------------------------------------------------------------------===//
// ConversionConfig and the drivers
//===----------------------------------------------------------------------===//

MlirCyConversionConfig mlirCyConversionConfigCreate(void) {
  return {new ConversionConfig()};
}

void mlirCyConversionConfigDestroy(MlirCyConversionConfig config) {
  delete unwrapConfig(config);
}

void mlirCyConversionConfigSetFoldingMode(MlirCyConversionConfig config,
                                          int mode) {
  unwrapConfig(config)->foldingMode =
      static_cast<DialectConversionFoldingMode>(mode);
}

int mlirCyConversionConfigGetFoldingMode(MlirCyConversionConfig config) {
  return static_cast<int>(unwrapConfig(config)->foldingMode);
}

void mlirCyConversionConfigSetBuildMaterializations(
    MlirCyConversionConfig config, bool enabled) {
  unwrapConfig(config)->buildMaterializations = enabled;
}

bool mlirCyConversionConfigGetBuildMaterializations(
    MlirCyConversionConfig config) {
  return unwrapConfig(config)->buildMaterializations;
}

bool mlirCyDeepApplyConversion(MlirOperation op, MlirCyConversionTarget target,
                               MlirFrozenRewritePatternSet patterns,
                               MlirCyConversionConfig config, bool full,
                               MlirLogicalResult *result) {
  auto run = [&] {
    llvm::DenseSet<Operation *> touched;
    llvm::SaveAndRestore<llvm::DenseSet<Operation *> *> guard(touchedOps,
                                                              &touched);
    Operation *o = unwrap(op);
    const ConversionTarget &t = unwrapTarget(target)->target;
    const FrozenRewritePatternSet &p = *unwrap(patterns);
    ConversionConfig c = *unwrapConfig(config);
    *result = wrap(full ? applyFullConversion(o, t, p, c)
                        : applyPartialConversion(o, t, p, c));
  };
  return mlirCyStackRun(mlirCyStackNeededForDepth(mlirCyOperationGetDepth(op)),
                        [](void *p) { (*static_cast<decltype(run) *>(p))(); },
                        static_cast<void *>(&run));
}
