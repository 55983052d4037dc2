"""Importing this module registers the passes of the gpu dialect, so that
pass pipelines naming them parse (mlir.passmanager.PassManager.parse)."""

from ...._mlir_libs import _mlirGPUPasses as _cextGPUPasses  # noqa: F401
