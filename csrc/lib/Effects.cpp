//===- Effects.cpp - memory effects and speculatability from C ------------===//

#include "mlir-cython/Effects.h"
#include "AttachModel.h"
#include "OnThreadStack.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"


using namespace mlir;
using mlir_cython::onThreadStack;

namespace {
using Effect = MemoryEffects::EffectInstance;
using EffectsConcept = detail::MemoryEffectOpInterfaceInterfaceTraits::Concept;
using SpeculatableConcept =
    detail::ConditionallySpeculatableInterfaceTraits::Concept;

MemoryEffects::Effect *effectOfKind(int32_t kind) {
  switch (kind) {
  case MLIR_CY_MEMORY_EFFECT_ALLOCATE:
    return MemoryEffects::Allocate::get();
  case MLIR_CY_MEMORY_EFFECT_FREE:
    return MemoryEffects::Free::get();
  case MLIR_CY_MEMORY_EFFECT_READ:
    return MemoryEffects::Read::get();
  default:
    return MemoryEffects::Write::get();
  }
}

int32_t kindOfEffect(MemoryEffects::Effect *effect) {
  if (isa<MemoryEffects::Allocate>(effect))
    return MLIR_CY_MEMORY_EFFECT_ALLOCATE;
  if (isa<MemoryEffects::Free>(effect))
    return MLIR_CY_MEMORY_EFFECT_FREE;
  if (isa<MemoryEffects::Read>(effect))
    return MLIR_CY_MEMORY_EFFECT_READ;
  return MLIR_CY_MEMORY_EFFECT_WRITE;
}

// Effects computed by a callback: appended to `effects`, dropped on failure.
struct Sink {
  SmallVectorImpl<Effect> &effects;
};

// MemoryEffectOpInterface answered by a C callback (none: no effects). The
// model is made by MLIR's interface map (default constructed, freed with
// the context) and filled in after.
struct EffectsModel
    : public MemoryEffectOpInterface::FallbackModel<EffectsModel> {
  MlirCyMemoryEffectsCallback callback = nullptr;
  void *userData = nullptr;

  void getEffects(Operation *op, SmallVectorImpl<Effect> &effects) const {
    if (!callback)
      return;
    size_t before = effects.size();
    Sink sink{effects};
    bool ok = false;
    onThreadStack([&] { ok = callback(wrap(op), userData, &sink); });
    if (ok)
      return;
    // Unknown effects: every effect on the default resource.
    effects.truncate(before);
    for (int32_t kind = 0; kind < 4; ++kind)
      effects.emplace_back(effectOfKind(kind));
  }
};

struct SpeculatableModel
    : public ConditionallySpeculatable::FallbackModel<SpeculatableModel> {
  MlirCySpeculatabilityCallback callback = nullptr;
  void *userData = nullptr;
  int fixed = MLIR_CY_NOT_SPECULATABLE;

  Speculation::Speculatability getSpeculatability(Operation *op) const {
    int answer = fixed;
    if (callback)
      onThreadStack([&] { answer = callback(wrap(op), userData); });
    switch (answer) {
    case MLIR_CY_SPECULATABLE:
      return Speculation::Speculatable;
    case MLIR_CY_RECURSIVELY_SPECULATABLE:
      return Speculation::RecursivelySpeculatable;
    default:
      return Speculation::NotSpeculatable;
    }
  }
};

} // namespace

void mlirCyMemoryEffectsAppend(void *sink, const MlirCyMemoryEffect *e) {
  SmallVectorImpl<Effect> &effects = static_cast<Sink *>(sink)->effects;
  MemoryEffects::Effect *effect = effectOfKind(e->effect);
  auto *resource = e->resource
                       ? static_cast<SideEffects::Resource *>(
                             const_cast<void *>(e->resource))
                       : SideEffects::DefaultResource::get();
  Attribute parameters = unwrap(e->parameters);
  if (e->owner.ptr) {
    OpOperand *operand = &unwrap(e->owner)->getOpOperand(e->operandIndex);
    effects.emplace_back(effect, operand, parameters, e->stage,
                         e->effectOnFullRegion, resource);
  } else if (e->value.ptr) {
    Value value = unwrap(e->value);
    if (auto result = dyn_cast<OpResult>(value))
      effects.emplace_back(effect, result, parameters, e->stage,
                           e->effectOnFullRegion, resource);
    else
      effects.emplace_back(effect, cast<BlockArgument>(value), parameters,
                           e->stage, e->effectOnFullRegion, resource);
  } else if (e->symbol.ptr) {
    effects.emplace_back(effect, cast<SymbolRefAttr>(unwrap(e->symbol)),
                         parameters, e->stage, e->effectOnFullRegion,
                         resource);
  } else {
    effects.emplace_back(effect, parameters, e->stage, e->effectOnFullRegion,
                         resource);
  }
}

MlirTypeID mlirCyMemoryEffectsOpInterfaceTypeID(void) {
  return wrap(MemoryEffectOpInterface::getInterfaceID());
}

MlirTypeID mlirCyConditionallySpeculatableTypeID(void) {
  return wrap(ConditionallySpeculatable::getInterfaceID());
}

const void *mlirCySideEffectsDefaultResource(void) {
  return SideEffects::DefaultResource::get();
}

MlirStringRef mlirCySideEffectsResourceGetName(const void *resource) {
  return wrap(static_cast<SideEffects::Resource *>(
                  const_cast<void *>(resource))
                  ->getName());
}

int mlirCyMemoryEffectsAttach(MlirContext ctx, MlirStringRef opName,
                              MlirCyMemoryEffectsCallback callback,
                              void *userData) {
  int result;
  auto *model =
      mlir_cython::modelFor<MemoryEffectOpInterface, EffectsModel, EffectsConcept>(
          ctx, opName, &result);
  if (model) {
    model->callback = callback;
    model->userData = userData;
  }
  return result;
}

int mlirCySpeculatabilityAttach(MlirContext ctx, MlirStringRef opName,
                                MlirCySpeculatabilityCallback callback,
                                void *userData, int fixed) {
  int result;
  auto *model = mlir_cython::modelFor<ConditionallySpeculatable, SpeculatableModel,
                         SpeculatableConcept>(ctx, opName, &result);
  if (model) {
    model->callback = callback;
    model->userData = userData;
    model->fixed = fixed;
  }
  return result;
}

bool mlirCyMemoryEffectsGet(MlirOperation op,
                            void (*collect)(const MlirCyMemoryEffect *,
                                            void *),
                            void *userData) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(unwrap(op));
  if (!iface)
    return false;
  SmallVector<Effect> effects;
  iface.getEffects(effects);
  for (const Effect &effect : effects) {
    MlirCyMemoryEffect e{};
    e.effect = kindOfEffect(effect.getEffect());
    e.stage = effect.getStage();
    e.effectOnFullRegion = effect.getEffectOnFullRegion();
    e.resource = effect.getResource();
    e.parameters = wrap(effect.getParameters());
    e.value = wrap(effect.getValue());
    e.symbol = wrap(Attribute(effect.getSymbolRef()));
    collect(&e, userData);
  }
  return true;
}

int mlirCySpeculatabilityGet(MlirOperation op) {
  auto iface = dyn_cast<ConditionallySpeculatable>(unwrap(op));
  if (!iface)
    return -1;
  switch (iface.getSpeculatability()) {
  case Speculation::Speculatable:
    return MLIR_CY_SPECULATABLE;
  case Speculation::RecursivelySpeculatable:
    return MLIR_CY_RECURSIVELY_SPECULATABLE;
  default:
    return MLIR_CY_NOT_SPECULATABLE;
  }
}

void *mlirCyMemoryEffectsGetUserData(MlirOperation op) {
  std::optional<RegisteredOperationName> info =
      unwrap(op)->getName().getRegisteredInfo();
  if (!info)
    return nullptr;
  EffectsModel *model = mlir_cython::asOurs<EffectsModel>(
      info->getInterface<MemoryEffectOpInterface>());
  return model ? model->userData : nullptr;
}
