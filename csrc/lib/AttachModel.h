//===- AttachModel.h - interface models attached to op names ----*- C++ -*-===//
//
// Interface implementations that answer through C callbacks are MLIR
// fallback models attached to a registered operation name. MLIR's interface
// map default-constructs a model (and frees it with its context), so the
// callbacks are stored into it after attaching.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_CYTHON_LIB_ATTACHMODEL_H
#define MLIR_CYTHON_LIB_ATTACHMODEL_H

#include "mlir-cython/Attach.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/OperationSupport.h"

#include <cstring>

namespace mlir_cython {

// `found` (a concept of the interface `Model` implements) as a `Model`, or
// null when it is another implementation. A model of ours is recognized by
// its concept's functions, which are this library's own.
template <typename Model, typename Concept>
Model *asOurs(Concept *found) {
  static const Model probe;
  if (!found || std::memcmp(static_cast<const Concept *>(&probe), found,
                            sizeof(Concept)) != 0)
    return nullptr;
  return static_cast<Model *>(found);
}

// The model of `Model` (of interface `Iface`) that the operations named
// `name` use, attached if they implement no such interface; null with
// `*result` set when there is no such name or a C++ implementation.
template <typename Iface, typename Model, typename Concept>
Model *modelFor(MlirContext ctx, MlirStringRef name, int *result) {
  std::optional<mlir::RegisteredOperationName> info =
      mlir::RegisteredOperationName::lookup(unwrap(name), unwrap(ctx));
  if (!info) {
    *result = MLIR_CY_ATTACH_UNREGISTERED;
    return nullptr;
  }
  Concept *found = info->getInterface<Iface>();
  if (!found) {
    info->attachInterface<Model>();
    found = info->getInterface<Iface>();
  }
  Model *model = asOurs<Model>(found);
  *result = model ? MLIR_CY_ATTACHED : MLIR_CY_ATTACH_IMPLEMENTED;
  return model;
}
} // namespace mlir_cython

#endif // MLIR_CYTHON_LIB_ATTACHMODEL_H
