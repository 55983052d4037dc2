//===- CxxRuntime.cpp - newer libstdc++ functions for GCC 10's ------------===//
//
// LLVM's archives from PyPI were compiled by GCC 14, with assertions on;
// the self-contained library links GCC 10's static libstdc++ (see
// MLIR_CYTHON_SYSROOT in CMakeLists.txt), which lacks what GCC 14's inline
// code calls on a failed library assertion. Exported: MLIR's JIT runtime
// libraries from PyPI call it too (csrc/CMakeLists.txt, RUNTIME_EXPORTS).
// (The other such function,
// std::__throw_bad_array_new_length, is in lib/CxxCompat.cpp: extension
// modules call it too.)
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>

namespace std {
[[noreturn]] __attribute__((visibility("default"))) void
__glibcxx_assert_fail(const char *file, int line, const char *function,
                      const char *condition) noexcept {
  if (file && function && condition)
    std::fprintf(stderr, "%s:%d: %s: Assertion '%s' failed.\n", file, line,
                 function, condition);
  else if (function)
    std::fprintf(stderr, "%s: Undefined behavior detected.\n", function);
  std::abort();
}
} // namespace std
