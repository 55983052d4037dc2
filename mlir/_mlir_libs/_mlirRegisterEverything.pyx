# cython: language_level=3, annotation_typing=False
"""Site initializer registering every upstream dialect, pass and LLVM IR
translation of MLIR 22 (mlir-c/RegisterEverything.h).

mlir._mlir_libs loads initializer modules by name at import, as upstream's
bindings do: this one, then _site_initialize_0, _site_initialize_1, ...
A packager who wants fewer dialects ships a build without this module and
provides a _site_initialize_0 of their own."""

from mlir._mlir_libs._ir cimport Context, DialectRegistry
from mlir._mlir_libs.capi.register_everything cimport (
    mlirRegisterAllDialects, mlirRegisterAllLLVMTranslations,
    mlirRegisterAllPasses,
)

# Pass registration is process-wide; once, here, makes every upstream pass
# available to pipeline parsing.
mlirRegisterAllPasses()


def register_dialects(DialectRegistry registry not None) -> None:
    mlirRegisterAllDialects(registry.c_registry)


def register_llvm_translations(Context context not None) -> None:
    mlirRegisterAllLLVMTranslations(context.c_context)
