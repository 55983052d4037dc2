//===- TransformInterface.cpp - TransformOpInterface from C ---------------===//

#include "mlir-cython/TransformInterface.h"
#include "AttachModel.h"
#include "OnThreadStack.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"

#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using mlir_cython::onThreadStack;

namespace {
using TransformConcept =
    transform::detail::TransformOpInterfaceInterfaceTraits::Concept;

// What the callbacks see of one apply: the transform, the interpreter's
// objects and which results were set (TransformResults keeps that private).
struct Apply {
  Operation *transform;
  transform::TransformState *state;
  transform::TransformResults *results;
  llvm::SmallVector<bool> set;
};

struct TransformModel
    : public transform::TransformOpInterface::FallbackModel<TransformModel> {
  MlirCyTransformApplyCallback applyCallback = nullptr;
  MlirCyTransformAllowsRepeatedCallback allowsRepeatedCallback = nullptr;
  void *userData = nullptr;

  DiagnosedSilenceableFailure apply(Operation *op,
                                    transform::TransformRewriter &rewriter,
                                    transform::TransformResults &results,
                                    transform::TransformState &state) const {
    Apply a{op, &state, &results,
            llvm::SmallVector<bool>(op->getNumResults(), false)};
    int outcome = -1;
    onThreadStack([&] {
      outcome = applyCallback(wrap(op),
                              wrap(static_cast<RewriterBase *>(&rewriter)),
                              MlirCyTransformResults{&a},
                              MlirCyTransformState{&a}, userData);
    });
    if (outcome < 0)
      return DiagnosedSilenceableFailure::definiteFailure();
    if (outcome == MLIR_CY_TRANSFORM_DEFINITE_FAILURE)
      return DiagnosedSilenceableFailure::definiteFailure();
    if (outcome == MLIR_CY_TRANSFORM_SILENCEABLE_FAILURE)
      return DiagnosedSilenceableFailure::silenceableFailure(std::move(
          *(op->emitError()
            << "TransformOpInterfaceFallbackModel: silenceable failure")
               .getUnderlyingDiagnostic()));
    // MLIR reads every result after a success (unset ones are undefined).
    for (auto [i, isSet] : llvm::enumerate(a.set))
      if (!isSet)
        return emitDefiniteFailure(op) << "the transform succeeded without "
                                          "setting its result #"
                                       << i;
    return DiagnosedSilenceableFailure::success();
  }

  bool allowsRepeatedHandleOperands(Operation *op) const {
    int answer = 0;
    if (allowsRepeatedCallback)
      onThreadStack(
          [&] { answer = allowsRepeatedCallback(wrap(op), userData); });
    return answer == 1;
  }
};

using DescriptorConcept =
    transform::detail::PatternDescriptorOpInterfaceInterfaceTraits::Concept;

struct DescriptorModel
    : public transform::PatternDescriptorOpInterface::FallbackModel<
          DescriptorModel> {
  MlirCyPatternDescriptorCallback callback = nullptr;
  void *userData = nullptr;

  void populatePatterns(Operation *op, RewritePatternSet &patterns) const {
    if (callback)
      onThreadStack([&] { callback(wrap(op), wrap(&patterns), userData); });
  }

  void populatePatternsWithState(Operation *op, RewritePatternSet &patterns,
                                 transform::TransformState &) const {
    populatePatterns(op, patterns);
  }
};

bool isKind(Type type, int kind) {
  switch (kind) {
  case MLIR_CY_TRANSFORM_OPS:
    return isa<transform::TransformHandleTypeInterface>(type);
  case MLIR_CY_TRANSFORM_VALUES:
    return isa<transform::TransformValueHandleTypeInterface>(type);
  default:
    return isa<transform::TransformParamTypeInterface>(type);
  }
}

Apply &applyOf(void *ptr) { return *static_cast<Apply *>(ptr); }
} // namespace

MlirTypeID mlirCyTransformOpInterfaceTypeID(void) {
  return wrap(transform::TransformOpInterface::getInterfaceID());
}

int mlirCyTransformOpInterfaceAttach(
    MlirContext ctx, MlirStringRef opName, MlirCyTransformApplyCallback apply,
    MlirCyTransformAllowsRepeatedCallback allowsRepeated, void *userData) {
  int result;
  auto *model = mlir_cython::modelFor<transform::TransformOpInterface,
                                      TransformModel, TransformConcept>(
      ctx, opName, &result);
  if (model) {
    model->applyCallback = apply;
    model->allowsRepeatedCallback = allowsRepeated;
    model->userData = userData;
  }
  return result;
}

int mlirCyTransformStateGet(MlirCyTransformState state, MlirValue handle,
                            int kind, void (*collect)(void *, void *),
                            void *userData) {
  Apply &a = applyOf(state.ptr);
  Value h = unwrap(handle);
  if (!llvm::is_contained(a.transform->getOperands(), h))
    return MLIR_CY_TRANSFORM_NOT_OWN;
  if (!isKind(h.getType(), kind))
    return MLIR_CY_TRANSFORM_WRONG_KIND;
  switch (kind) {
  case MLIR_CY_TRANSFORM_OPS:
    for (Operation *op : a.state->getPayloadOps(h))
      collect(op, userData);
    break;
  case MLIR_CY_TRANSFORM_VALUES:
    for (Value v : a.state->getPayloadValues(h))
      collect(v.getAsOpaquePointer(), userData);
    break;
  default:
    for (Attribute attr : a.state->getParams(h))
      collect(const_cast<void *>(attr.getAsOpaquePointer()), userData);
  }
  return MLIR_CY_TRANSFORM_OK;
}

MlirOperation mlirCyTransformStateGetTopLevel(MlirCyTransformState state) {
  return wrap(applyOf(state.ptr).state->getTopLevel());
}

int mlirCyTransformResultsSet(MlirCyTransformResults results,
                              MlirValue result, int kind, intptr_t n,
                              void *const *items) {
  Apply &a = applyOf(results.ptr);
  auto r = dyn_cast<OpResult>(unwrap(result));
  if (!r || r.getOwner() != a.transform)
    return MLIR_CY_TRANSFORM_NOT_OWN;
  if (!isKind(r.getType(), kind))
    return MLIR_CY_TRANSFORM_WRONG_KIND;
  unsigned position = r.getResultNumber();
  if (a.set[position])
    return MLIR_CY_TRANSFORM_ALREADY_SET;
  a.set[position] = true;
  switch (kind) {
  case MLIR_CY_TRANSFORM_OPS: {
    llvm::SmallVector<Operation *> ops;
    for (intptr_t i = 0; i < n; ++i)
      ops.push_back(static_cast<Operation *>(items[i]));
    a.results->set(r, ops);
    break;
  }
  case MLIR_CY_TRANSFORM_VALUES: {
    llvm::SmallVector<Value> values;
    for (intptr_t i = 0; i < n; ++i)
      values.push_back(Value::getFromOpaquePointer(items[i]));
    a.results->setValues(r, values);
    break;
  }
  default: {
    llvm::SmallVector<Attribute> params;
    for (intptr_t i = 0; i < n; ++i)
      params.push_back(Attribute::getFromOpaquePointer(items[i]));
    a.results->setParams(r, params);
  }
  }
  return MLIR_CY_TRANSFORM_OK;
}

const void *mlirCyTransformMappingResource(void) {
  return transform::TransformMappingResource::get();
}

const void *mlirCyTransformPayloadIRResource(void) {
  return transform::PayloadIRResource::get();
}

MlirTypeID mlirCyPatternDescriptorOpInterfaceTypeID(void) {
  return wrap(transform::PatternDescriptorOpInterface::getInterfaceID());
}

int mlirCyPatternDescriptorOpInterfaceAttach(
    MlirContext ctx, MlirStringRef opName,
    MlirCyPatternDescriptorCallback populate, void *userData) {
  int result;
  auto *model =
      mlir_cython::modelFor<transform::PatternDescriptorOpInterface,
                            DescriptorModel, DescriptorConcept>(ctx, opName,
                                                                &result);
  if (model) {
    model->callback = populate;
    model->userData = userData;
  }
  return result;
}

void mlirCyRewritePatternSetMoveInto(MlirRewritePatternSet from,
                                     MlirRewritePatternSet into) {
  RewritePatternSet &src = *unwrap(from);
  RewritePatternSet &dst = *unwrap(into);
  for (std::unique_ptr<RewritePattern> &pattern : src.getNativePatterns())
    dst.add(std::move(pattern));
  src.getNativePatterns().clear();
  dst.add(std::move(src.getPDLPatterns()));
}
