//===- Traits.cpp - operation traits --------------------------------------===//

#include "mlir-cython/Traits.h"
#include "TraitIDs.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {
struct ByName : mlir::detail::FallbackTypeIDResolver {
  static TypeID get(StringRef name) { return registerImplicitTypeID(name); }
};
} // namespace

TypeID mlir_cython::typeIDByName(StringRef name) { return ByName::get(name); }

bool mlir_cython::traitsNamedByClang() {
  static const bool byClang = [] {
    MLIRContext ctx(MLIRContext::Threading::DISABLED);
    std::optional<RegisteredOperationName> module =
        RegisteredOperationName::lookup("builtin.module", &ctx);
    return module &&
           module->hasTrait(
               typeIDByName("mlir::OpTrait::NoTerminator<Empty>")) &&
           module->hasTrait(
               typeIDByName("mlir::OpTrait::IsIsolatedFromAbove<Empty>"));
  }();
  return byClang;
}

MlirTypeID mlirCyOpTraitIsTerminatorGetTypeID(void) {
  return wrap(MLIR_CYTHON_TRAIT_TYPEID(IsTerminator));
}

MlirTypeID mlirCyOpTraitNoTerminatorGetTypeID(void) {
  return wrap(MLIR_CYTHON_TRAIT_TYPEID(NoTerminator));
}

MlirTypeID mlirCyOpTraitIsIsolatedFromAboveGetTypeID(void) {
  return wrap(MLIR_CYTHON_TRAIT_TYPEID(IsIsolatedFromAbove));
}

MlirTypeID mlirCyOpTraitHasRecursiveMemoryEffectsGetTypeID(void) {
  return wrap(MLIR_CYTHON_TRAIT_TYPEID(HasRecursiveMemoryEffects));
}

bool mlirCyOperationHasTrait(MlirOperation op, MlirTypeID traitTypeID) {
  return unwrap(op)->getName().hasTrait(unwrap(traitTypeID));
}

bool mlirCyOperationNameHasTrait(MlirStringRef opName, MlirTypeID traitTypeID,
                                 MlirContext ctx) {
  // A look-up, not OperationName(name, ctx): that would enter an unknown
  // name into the context as an unregistered operation name.
  std::optional<RegisteredOperationName> name =
      RegisteredOperationName::lookup(unwrap(opName), unwrap(ctx));
  return name && name->hasTrait(unwrap(traitTypeID));
}
