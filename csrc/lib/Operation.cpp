//===- Operation.cpp - operation properties -------------------------------===//

#include "mlir-cython/Operation.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"

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
