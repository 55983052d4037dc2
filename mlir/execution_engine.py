"""mlir.execution_engine: JIT compilation and invocation."""

from ._mlir_libs._mlirExecutionEngine import (  # noqa: F401
    RUNTIME_LIBRARIES, ExecutionEngine, runtime_library_path,
)

__all__ = ["ExecutionEngine", "RUNTIME_LIBRARIES", "runtime_library_path"]
