"""The pass manager part of upstream's native module
(`mlir._mlir_libs._mlir.passmanager`); mlir.passmanager re-exports it."""

from .._ir import ExternalPass, PassDisplayMode, PassManager  # noqa: F401
