"""mlir.runtime: exchange numpy arrays with JIT-compiled code as memref
descriptors, without copying."""

from .np_to_memref import *  # noqa: F401,F403
