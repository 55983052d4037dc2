//===- CxxCompat.cpp - C++ runtime functions older systems lack -----------===//
//
// Code compiled by GCC 11 and newer calls std::__throw_bad_array_new_length
// from inline allocation code (std::vector, std::allocator), a function
// whose libstdc++ export (GLIBCXX_3.4.29) the C++ runtime of a
// manylinux_2_28 system (GLIBCXX_3.4.24) does not have. Defined here and
// exported by libMLIRCythonCAPI.so, which every extension module links
// before libstdc++, the modules' calls bind to this definition, unversioned
// (tools/wheel.py checks that nothing in the wheel needs a newer runtime).
//
//===----------------------------------------------------------------------===//

#include <bits/functexcept.h>

namespace std {
[[noreturn]] __attribute__((visibility("default"))) void
__throw_bad_array_new_length() {
  // Thrown for a size no allocation can have; bad_array_new_length is a
  // bad_alloc, what libstdc++ throws through a function every C++ runtime
  // has (and this file compiles without -fexceptions, as the generator).
  std::__throw_bad_alloc();
}
} // namespace std
