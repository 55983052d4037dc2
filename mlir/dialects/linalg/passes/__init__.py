"""Importing this module registers the passes of the linalg dialect, so that
pass pipelines naming them parse (mlir.passmanager.PassManager.parse)."""

from ...._mlir_libs import _mlirLinalgPasses as _cextLinalgPasses  # noqa: F401
