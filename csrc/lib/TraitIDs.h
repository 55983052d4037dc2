//===- TraitIDs.h - TypeIDs of MLIR's operation traits ----------*- C++ -*-===//
//
// The TypeID of an operation trait is found by the name of a type (the trait
// instantiated on a local struct), and that name is the compiler's: Debian's
// libMLIR is built by clang, this library by the system compiler. Where the
// two disagree, `TypeID::get<OpTrait::X>()` here would register a TypeID of
// another name, and could even become the one the C API archives linked in
// here use (their copy of it is merged with ours). So the TypeIDs are taken
// by the name libMLIR registered them under, checked once against the
// builtin module's traits; only a library that names them otherwise (built
// by the same compiler as this one) gets them from TypeID::get.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_CYTHON_LIB_TRAITIDS_H
#define MLIR_CYTHON_LIB_TRAITIDS_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/Support/TypeID.h"

namespace mlir_cython {

/// Whether libMLIR names trait TypeIDs as clang does
/// ("mlir::OpTrait::NoTerminator<Empty>").
bool traitsNamedByClang();

/// The TypeID libMLIR gives the type of name `name` (a string literal: the
/// registry keeps the reference).
mlir::TypeID typeIDByName(llvm::StringRef name);

} // namespace mlir_cython

/// The TypeID of the trait mlir::OpTrait::NAME as libMLIR knows it.
#define MLIR_CYTHON_TRAIT_TYPEID(NAME)                                         \
  (::mlir_cython::traitsNamedByClang()                                         \
       ? ::mlir_cython::typeIDByName("mlir::OpTrait::" #NAME "<Empty>")        \
       : ::mlir::TypeID::get<::mlir::OpTrait::NAME>())

#endif // MLIR_CYTHON_LIB_TRAITIDS_H
