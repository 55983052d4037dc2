//===- BuiltinTypes.cpp - builtin types without diagnostics ---------------===//

#include "mlir-cython/BuiltinTypes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

MlirType mlirCyRankedTensorTypeGetIfValid(intptr_t rank, const int64_t *shape,
                                          MlirType elementType) {
  // What RankedTensorType::verify checks when there is no encoding.
  llvm::ArrayRef<int64_t> sizes(shape, static_cast<size_t>(rank));
  for (int64_t s : sizes)
    if (s < 0 && !ShapedType::isDynamic(s))
      return {nullptr};
  Type element = unwrap(elementType);
  if (!element || !TensorType::isValidElementType(element))
    return {nullptr};
  return wrap(RankedTensorType::get(sizes, element));
}
