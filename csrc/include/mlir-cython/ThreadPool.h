/*===-- mlir-cython/ThreadPool.h - queries on an LLVM thread pool -------===*\
|*                                                                            *|
|* mlir-c/ creates, destroys and installs an MlirLlvmThreadPool but cannot    *|
|* tell how many threads it runs or whether a context has one; these shims    *|
|* answer that, so no caller reaches MLIR's asserting getter without a pool.  *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_THREADPOOL_H
#define MLIR_CYTHON_THREADPOOL_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Returns how many tasks the thread pool runs at once (its thread count).
/// The pool must be non-null.
MLIR_CAPI_EXPORTED unsigned
mlirCyLlvmThreadPoolGetMaxConcurrency(MlirLlvmThreadPool pool);

/// Returns whether the context runs multithreaded (then it has a thread pool
/// that mlirContextGetThreadPool may be asked for).
MLIR_CAPI_EXPORTED bool mlirCyContextIsMultithreadingEnabled(MlirContext ctx);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_THREADPOOL_H
