"""mlir.execution_engine: JIT compilation and invocation."""

import ctypes  # noqa: F401  (as upstream's module)

from ._mlir_libs import _mlirExecutionEngine as _execution_engine  # noqa: F401
from ._mlir_libs._mlirExecutionEngine import (  # noqa: F401
    RUNTIME_LIBRARIES, ExecutionEngine, runtime_library_path,
)

__all__ = ["ExecutionEngine", "RUNTIME_LIBRARIES", "runtime_library_path"]
