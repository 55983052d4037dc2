//===- OnThreadStack.h - callbacks back on the thread's stack ---*- C++ -*-===//
//
// Callbacks that MLIR calls while a mlirCyDeep* function runs it on the large
// stack go back to the thread's own stack (see Stack.h) before calling out
// to code that checks its stack pointer, such as CPython.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_CYTHON_LIB_ONTHREADSTACK_H
#define MLIR_CYTHON_LIB_ONTHREADSTACK_H

#include "mlir-cython/Stack.h"

namespace mlir_cython {

/// Calls f() on the thread's stack when on the large one, else directly.
template <typename F>
void onThreadStack(F f) {
  if (!mlirCyStackIsLarge()) {
    f();
    return;
  }
  mlirCyStackRunOnThreadStack([](void *p) { (*static_cast<F *>(p))(); },
                              static_cast<void *>(&f));
}

} // namespace mlir_cython

#endif // MLIR_CYTHON_LIB_ONTHREADSTACK_H
