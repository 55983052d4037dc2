/*===-- mlir-cython/Uniquers.h - locking of a context's uniquers --*- C -*-===*\
|*                                                                            *|
|* A context with MLIR's multithreading off uniques types, attributes and     *|
|* affine objects without locks. Where several threads may use such a        *|
|* context at once with no GIL to order them (free-threaded CPython), the    *|
|* bindings turn the uniquers' locks back on; the context still runs its     *|
|* passes and verification on the calling thread.                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_UNIQUERS_H
#define MLIR_CYTHON_UNIQUERS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Makes the context's type, attribute and affine uniquers lock when MLIR's
/// multithreading is off for it (with it on they lock already). Undone by
/// the next mlirContextEnableMultithreading(ctx, false). Not thread-safe:
/// call it where multithreading is switched.
MLIR_CAPI_EXPORTED void mlirCyContextLockUniquers(MlirContext ctx);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_UNIQUERS_H
