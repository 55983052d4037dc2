"""Importing this module registers the passes of the async dialect, so that
pass pipelines naming them parse (mlir.passmanager.PassManager.parse)."""

from ...._mlir_libs import _mlirAsyncPasses as _cextAsyncPasses  # noqa: F401
