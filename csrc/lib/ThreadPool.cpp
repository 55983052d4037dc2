//===- ThreadPool.cpp - queries on an LLVM thread pool --------------------===//

#include "mlir-cython/ThreadPool.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/ThreadPool.h"

unsigned mlirCyLlvmThreadPoolGetMaxConcurrency(MlirLlvmThreadPool pool) {
  return unwrap(pool)->getMaxConcurrency();
}

bool mlirCyContextIsMultithreadingEnabled(MlirContext ctx) {
  return unwrap(ctx)->isMultithreadingEnabled();
}
