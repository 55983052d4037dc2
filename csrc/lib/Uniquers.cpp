//===- Uniquers.cpp - locking of a context's uniquers ---------------------===//

#include "mlir-cython/Uniquers.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/StorageUniquer.h"

void mlirCyContextLockUniquers(MlirContext ctx) {
  mlir::MLIRContext *context = unwrap(ctx);
  if (context->isMultithreadingEnabled())
    return;
  context->getAffineUniquer().disableMultithreading(false);
  context->getAttributeUniquer().disableMultithreading(false);
  context->getTypeUniquer().disableMultithreading(false);
}
