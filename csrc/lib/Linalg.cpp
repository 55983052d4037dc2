//===- Linalg.cpp - linalg op queries -------------------------------------===//

#include "mlir-cython/Linalg.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

bool mlirCyLinalgIsALinalgOp(MlirOperation op) {
  return llvm::isa<mlir::linalg::LinalgOp>(unwrap(op));
}

bool mlirCyLinalgHasBuiltinRegionBuilder(MlirOperation op) {
  mlir::Operation *operation = unwrap(op);
  if (!llvm::isa<mlir::linalg::LinalgOp>(operation))
    return false;
  auto *dialect =
      llvm::dyn_cast_or_null<mlir::linalg::LinalgDialect>(operation->getDialect());
  if (!dialect)
    return false;
  return static_cast<bool>(
      dialect->getRegionBuilder(operation->getName().getStringRef()));
}
