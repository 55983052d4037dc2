//===- Operation.cpp - operation properties -------------------------------===//

#include "mlir-cython/Operation.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <mutex>

using namespace mlir;

MlirLogicalResult mlirCyOperationSetProperties(MlirOperation op,
                                               MlirAttribute dict) {
  Operation *operation = unwrap(op);
  auto values = llvm::dyn_cast_if_present<DictionaryAttr>(unwrap(dict));
  if (!operation || !values || !operation->getPropertiesStorageSize())
    return mlirLogicalResultFailure();
  // Start from the current values, so properties not in `dict` keep theirs.
  NamedAttrList merged;
  if (auto current = llvm::dyn_cast_if_present<DictionaryAttr>(
          operation->getPropertiesAsAttribute()))
    merged.append(current.getValue());
  for (NamedAttribute entry : values)
    merged.set(entry.getName(), entry.getValue());
  DictionaryAttr all = merged.getDictionary(operation->getContext());
  Attribute before = operation->getPropertiesAsAttribute();
  auto emitError = [&]() { return operation->emitError(); };
  if (failed(operation->setPropertiesFromAttribute(all, emitError))) {
    if (before)
      (void)operation->setPropertiesFromAttribute(before, nullptr);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

MlirAttribute mlirCyOperationGetProperty(MlirOperation op, MlirStringRef name) {
  Operation *operation = unwrap(op);
  if (!operation || !operation->getPropertiesStorageSize())
    return wrap(Attribute());
  auto all = llvm::dyn_cast_if_present<DictionaryAttr>(
      operation->getPropertiesAsAttribute());
  return wrap(all ? all.get(unwrap(name)) : Attribute());
}

MlirOperation mlirCyBlockGetLastOperation(MlirBlock block) {
  Block *b = unwrap(block);
  return wrap(b->empty() ? static_cast<Operation *>(nullptr) : &b->back());
}

const void *mlirCyOperationGetRegisteredNameKey(MlirOperation op) {
  OperationName name = unwrap(op)->getName();
  return name.isRegistered() ? name.getAsOpaquePointer() : nullptr;
}

const void *mlirCyContextGetRegisteredNameKey(MlirContext ctx,
                                              MlirStringRef name) {
  std::optional<RegisteredOperationName> info =
      RegisteredOperationName::lookup(unwrap(name), unwrap(ctx));
  return info ? info->getAsOpaquePointer() : nullptr;
}

bool mlirCyContextIsDialectLoaded(MlirContext ctx, MlirStringRef ns) {
  return unwrap(ctx)->getLoadedDialect(unwrap(ns)) != nullptr;
}

bool mlirCyContextIsDialectLoadable(MlirContext ctx, MlirStringRef ns) {
  MLIRContext *context = unwrap(ctx);
  StringRef name = unwrap(ns);
  return !context->getLoadedDialect(name) &&
         static_cast<bool>(
             context->getDialectRegistry().getDialectAllocator(name));
}

namespace {
/// Makes the unregistered-operation record MLIR itself uses for names
/// without a registration (OperationName::UnregisteredOpModel, reachable
/// from a subclass only), owned by the caller.
struct DetachedName : OperationName {
  static std::unique_ptr<OperationName::Impl> make(StringAttr name) {
    return std::make_unique<UnregisteredOpModel>(
        name, /*dialect=*/nullptr, TypeID::get<void>(),
        detail::InterfaceMap());
  }
};

/// Per context: the detached records by name.
using NameTable = llvm::StringMap<std::unique_ptr<OperationName::Impl>>;

std::mutex namesMutex;
llvm::DenseMap<MLIRContext *, std::unique_ptr<NameTable>> &detachedNames() {
  static llvm::DenseMap<MLIRContext *, std::unique_ptr<NameTable>> table;
  return table;
}
} // namespace

const void *mlirCyContextGetDetachedNameKey(MlirContext ctx,
                                            MlirStringRef name) {
  MLIRContext *context = unwrap(ctx);
  StringRef key = unwrap(name);
  std::lock_guard<std::mutex> lock(namesMutex);
  std::unique_ptr<NameTable> &names = detachedNames()[context];
  if (!names)
    names = std::make_unique<NameTable>();
  std::unique_ptr<OperationName::Impl> &impl = (*names)[key];
  if (!impl)
    impl = DetachedName::make(StringAttr::get(context, key));
  return impl.get();
}

void mlirCyContextReleaseNames(MlirContext ctx) {
  std::lock_guard<std::mutex> lock(namesMutex);
  detachedNames().erase(unwrap(ctx));
}

MlirOperation mlirCyOperationCreateFromState(const MlirOperationState *state,
                                             const void *nameKey) {
  if (state->enableResultTypeInference)
    return wrap(static_cast<Operation *>(nullptr));
  OperationName name =
      nameKey ? OperationName::getFromOpaquePointer(nameKey)
              : OperationName(unwrap(state->name),
                              unwrap(state->location)->getContext());
  OperationState cpp(unwrap(state->location), name);
  cpp.types.reserve(state->nResults);
  for (intptr_t i = 0; i < state->nResults; ++i)
    cpp.types.push_back(unwrap(state->results[i]));
  cpp.operands.reserve(state->nOperands);
  for (intptr_t i = 0; i < state->nOperands; ++i)
    cpp.operands.push_back(unwrap(state->operands[i]));
  for (intptr_t i = 0; i < state->nSuccessors; ++i)
    cpp.successors.push_back(unwrap(state->successors[i]));
  cpp.attributes.reserve(state->nAttributes);
  for (intptr_t i = 0; i < state->nAttributes; ++i)
    cpp.addAttribute(unwrap(state->attributes[i].name),
                     unwrap(state->attributes[i].attribute));
  for (intptr_t i = 0; i < state->nRegions; ++i)
    cpp.addRegion(std::unique_ptr<Region>(unwrap(state->regions[i])));
  return wrap(Operation::create(cpp));
}
