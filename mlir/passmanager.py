"""mlir.passmanager: pass pipelines, and passes written in Python."""

from ._mlir_libs._ir import ExternalPass, PassDisplayMode, PassManager  # noqa: F401

__all__ = ["ExternalPass", "PassDisplayMode", "PassManager"]
