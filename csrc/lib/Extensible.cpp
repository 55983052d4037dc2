//===- Extensible.cpp - dialects defined at run time ----------------------===//

#include "mlir-cython/Extensible.h"
#include "OnThreadStack.h"
#include "TraitIDs.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <mutex>

using namespace mlir;
using mlir_cython::onThreadStack;

namespace {
DynamicDialect *dynamicDialect(MlirContext ctx, MlirStringRef name) {
  return llvm::dyn_cast_or_null<DynamicDialect>(
      unwrap(ctx)->getLoadedDialect(unwrap(name)));
}

// TypeIDs of the operations defined here, unique for the process.
TypeID allocateTypeID() {
  static std::mutex mutex;
  static TypeIDAllocator *allocator = new TypeIDAllocator();
  std::lock_guard<std::mutex> lock(mutex);
  return allocator->allocate();
}

class OpDefinition;

// The operations defined here that exist, by their TypeID (never reused, so
// a TypeID found here is of a live definition).
std::mutex definitionsMutex;
llvm::DenseMap<TypeID, OpDefinition *> &definitions() {
  static auto *map = new llvm::DenseMap<TypeID, OpDefinition *>();
  return *map;
}

// An operation defined at run time: as MLIR's DynamicOpDefinition (generic
// syntax, no properties, no folding), with traits and a C verifier.
class OpDefinition : public OperationName::Impl {
public:
  OpDefinition(StringAttr name, Dialect *dialect,
               llvm::SmallVector<TypeID> traits,
               MlirCyDynamicOpVerifier verifier, void *userData,
               void (*destroyUserData)(void *))
      : Impl(name, dialect, allocateTypeID(), detail::InterfaceMap()),
        traits(std::move(traits)), verifier(verifier), userData(userData),
        destroyUserData(destroyUserData) {
    std::lock_guard<std::mutex> lock(definitionsMutex);
    definitions()[getTypeID()] = this;
  }

  ~OpDefinition() override {
    {
      std::lock_guard<std::mutex> lock(definitionsMutex);
      definitions().erase(getTypeID());
    }
    if (destroyUserData)
      onThreadStack([&] { destroyUserData(userData); });
  }

  bool hasTrait(TypeID id) final { return llvm::is_contained(traits, id); }

  void addTrait(TypeID id) {
    if (!hasTrait(id))
      traits.push_back(id);
  }

  LogicalResult verifyInvariants(Operation *op) final {
    if (hasTrait(MLIR_CYTHON_TRAIT_TYPEID(IsTerminator)) &&
        failed(OpTrait::impl::verifyIsTerminator(op)))
      return failure();
    if (!verifier)
      return success();
    MlirLogicalResult result;
    onThreadStack([&] { result = verifier(wrap(op), userData); });
    return unwrap(result);
  }

  LogicalResult verifyRegionInvariants(Operation *op) final {
    if (hasTrait(MLIR_CYTHON_TRAIT_TYPEID(IsIsolatedFromAbove)))
      return OpTrait::impl::verifyIsIsolatedFromAbove(op);
    return success();
  }

  LogicalResult foldHook(Operation *, ArrayRef<Attribute>,
                         SmallVectorImpl<OpFoldResult> &) final {
    return failure();
  }
  void getCanonicalizationPatterns(RewritePatternSet &, MLIRContext *) final {}
  OperationName::ParseAssemblyFn getParseAssemblyFn() final {
    return [](OpAsmParser &parser, OperationState &) -> ParseResult {
      return parser.emitError(parser.getCurrentLocation(),
                              "operations defined in Python have no custom "
                              "syntax: use the generic form");
    };
  }
  void populateDefaultAttrs(const OperationName &, NamedAttrList &) final {}
  void printAssembly(Operation *op, OpAsmPrinter &printer, StringRef) final {
    printer.printGenericOp(op);
  }
  std::optional<Attribute> getInherentAttr(Operation *, StringRef) final {
    return std::nullopt;
  }
  void setInherentAttr(Operation *, StringAttr, Attribute) final {}
  void populateInherentAttrs(Operation *, NamedAttrList &) final {}
  LogicalResult
  verifyInherentAttrs(OperationName, NamedAttrList &,
                      function_ref<InFlightDiagnostic()>) final {
    return success();
  }
  int getOpPropertyByteSize() final { return 0; }
  void initProperties(OperationName, OpaqueProperties, OpaqueProperties) final {
  }
  void deleteProperties(OpaqueProperties) final {}
  void populateDefaultProperties(OperationName, OpaqueProperties) final {}
  LogicalResult
  setPropertiesFromAttr(OperationName, OpaqueProperties, Attribute,
                        function_ref<InFlightDiagnostic()> emitError) final {
    emitError() << "operations defined in Python have no properties";
    return failure();
  }
  Attribute getPropertiesAsAttr(Operation *) final { return {}; }
  void copyProperties(OpaqueProperties, OpaqueProperties) final {}
  bool compareProperties(OpaqueProperties, OpaqueProperties) final {
    return true;
  }
  llvm::hash_code hashProperties(OpaqueProperties) final { return {}; }

private:
  llvm::SmallVector<TypeID> traits;
  MlirCyDynamicOpVerifier verifier;
  void *userData;
  void (*destroyUserData)(void *);
};
} // namespace

bool mlirCyDynamicDialectLoad(MlirContext ctx, MlirStringRef name) {
  MLIRContext *c = unwrap(ctx);
  StringRef ns = unwrap(name);
  if (Dialect *d = c->getLoadedDialect(ns))
    return llvm::isa<DynamicDialect>(d);
  if (c->getDialectRegistry().getDialectAllocator(ns))
    return false;
  c->getOrLoadDynamicDialect(ns, [](DynamicDialect *) {});
  return true;
}

namespace {
DynamicTypeDefinition *lookup(DynamicDialect *d, StringRef name,
                              DynamicTypeDefinition *) {
  return d->lookupTypeDefinition(name);
}

DynamicAttrDefinition *lookup(DynamicDialect *d, StringRef name,
                              DynamicAttrDefinition *) {
  return d->lookupAttrDefinition(name);
}

void add(DynamicDialect *d, std::unique_ptr<DynamicTypeDefinition> def) {
  d->registerDynamicType(std::move(def));
}

void add(DynamicDialect *d, std::unique_ptr<DynamicAttrDefinition> def) {
  d->registerDynamicAttr(std::move(def));
}

// The definition of a type or attribute (Def), of any parameters, made
// unless the dialect has it.
template <typename Def>
bool define(MlirContext ctx, MlirStringRef dialect, MlirStringRef name,
            MlirTypeID *typeID) {
  DynamicDialect *d = dynamicDialect(ctx, dialect);
  if (!d)
    return false;
  if (Def *old = lookup(d, unwrap(name), static_cast<Def *>(nullptr))) {
    *typeID = wrap(old->getTypeID());
    return true;
  }
  std::unique_ptr<Def> def = Def::get(
      unwrap(name), d,
      [](function_ref<InFlightDiagnostic()>, ArrayRef<Attribute>) {
        return success();
      });
  *typeID = wrap(def->getTypeID());
  add(d, std::move(def));
  return true;
}

// The definition (Def) `name` of the loaded dynamic dialect `dialect`, or
// null.
template <typename Def>
Def *definition(MlirContext ctx, MlirStringRef dialect, MlirStringRef name) {
  DynamicDialect *d = dynamicDialect(ctx, dialect);
  return d ? lookup(d, unwrap(name), static_cast<Def *>(nullptr)) : nullptr;
}

// Sets `*typeID` to the TypeID of definition `name`; false if there is none.
template <typename Def>
bool lookupTypeID(MlirContext ctx, MlirStringRef dialect, MlirStringRef name,
                  MlirTypeID *typeID) {
  Def *def = definition<Def>(ctx, dialect, name);
  if (def)
    *typeID = wrap(def->getTypeID());
  return def != nullptr;
}

// An instance (Instance: DynamicType or DynamicAttr) of a definition (Def),
// null when there is no such definition.
template <typename Instance, typename Def>
Instance instance(MlirContext ctx, MlirStringRef dialect, MlirStringRef name,
                  intptr_t nParams, MlirAttribute const *params) {
  Def *def = definition<Def>(ctx, dialect, name);
  if (!def)
    return {};
  llvm::SmallVector<Attribute> ps;
  for (intptr_t i = 0; i < nParams; ++i)
    ps.push_back(unwrap(params[i]));
  return Instance::get(def, ps);
}
} // namespace

bool mlirCyDynamicDialectAddType(MlirContext ctx, MlirStringRef dialect,
                                 MlirStringRef name, MlirTypeID *typeID) {
  return define<DynamicTypeDefinition>(ctx, dialect, name, typeID);
}

bool mlirCyDynamicDialectAddAttr(MlirContext ctx, MlirStringRef dialect,
                                 MlirStringRef name, MlirTypeID *typeID) {
  return define<DynamicAttrDefinition>(ctx, dialect, name, typeID);
}

MlirType mlirCyDynamicTypeGet(MlirContext ctx, MlirStringRef dialect,
                              MlirStringRef name, intptr_t nParams,
                              MlirAttribute const *params) {
  return wrap(Type(instance<DynamicType, DynamicTypeDefinition>(
      ctx, dialect, name, nParams, params)));
}

MlirAttribute mlirCyDynamicAttrGet(MlirContext ctx, MlirStringRef dialect,
                                   MlirStringRef name, intptr_t nParams,
                                   MlirAttribute const *params) {
  return wrap(Attribute(instance<DynamicAttr, DynamicAttrDefinition>(
      ctx, dialect, name, nParams, params)));
}

bool mlirCyTypeIsADynamicType(MlirType type) {
  return llvm::isa<DynamicType>(unwrap(type));
}

intptr_t mlirCyDynamicTypeGetNumParams(MlirType type) {
  return llvm::cast<DynamicType>(unwrap(type)).getParams().size();
}

MlirAttribute mlirCyDynamicTypeGetParam(MlirType type, intptr_t pos) {
  return wrap(llvm::cast<DynamicType>(unwrap(type)).getParams()[pos]);
}

bool mlirCyAttributeIsADynamicAttr(MlirAttribute attr) {
  return llvm::isa<DynamicAttr>(unwrap(attr));
}

intptr_t mlirCyDynamicAttrGetNumParams(MlirAttribute attr) {
  return llvm::cast<DynamicAttr>(unwrap(attr)).getParams().size();
}

MlirAttribute mlirCyDynamicAttrGetParam(MlirAttribute attr, intptr_t pos) {
  return wrap(llvm::cast<DynamicAttr>(unwrap(attr)).getParams()[pos]);
}

bool mlirCyDynamicDialectAddOp(MlirContext ctx, MlirStringRef dialect,
                               MlirStringRef name, intptr_t nTraits,
                               MlirTypeID const *traits,
                               MlirCyDynamicOpVerifier verifier,
                               void *userData,
                               void (*destroyUserData)(void *)) {
  DynamicDialect *d = dynamicDialect(ctx, dialect);
  if (!d)
    return false;
  std::string full = (unwrap(dialect) + "." + unwrap(name)).str();
  if (RegisteredOperationName::lookup(full, unwrap(ctx)))
    return false;
  llvm::SmallVector<TypeID> ids;
  for (intptr_t i = 0; i < nTraits; ++i)
    ids.push_back(unwrap(traits[i]));
  RegisteredOperationName::insert(
      std::make_unique<OpDefinition>(StringAttr::get(unwrap(ctx), full), d,
                                     std::move(ids), verifier, userData,
                                     destroyUserData),
      {});
  return true;
}

bool mlirCyDynamicOpAddTrait(MlirContext ctx, MlirStringRef opName,
                             MlirTypeID trait) {
  std::optional<RegisteredOperationName> info =
      RegisteredOperationName::lookup(unwrap(opName), unwrap(ctx));
  if (!info)
    return false;
  std::lock_guard<std::mutex> lock(definitionsMutex);
  auto it = definitions().find(info->getTypeID());
  if (it == definitions().end())
    return false;
  it->second->addTrait(unwrap(trait));
  return true;
}

bool mlirCyDynamicLookupTypeID(MlirContext ctx, MlirStringRef dialect,
                               MlirStringRef name, bool attribute,
                               MlirTypeID *typeID) {
  return attribute ? lookupTypeID<DynamicAttrDefinition>(ctx, dialect, name,
                                                         typeID)
                   : lookupTypeID<DynamicTypeDefinition>(ctx, dialect, name,
                                                         typeID);
}

MlirStringRef mlirCyDynamicTypeGetName(MlirType type) {
  return wrap(llvm::cast<DynamicType>(unwrap(type)).getTypeDef()->getName());
}

MlirStringRef mlirCyDynamicAttrGetName(MlirAttribute attr) {
  return wrap(llvm::cast<DynamicAttr>(unwrap(attr)).getAttrDef()->getName());
}
