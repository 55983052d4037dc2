"""mlir.ir: the MLIR object model (contexts, locations, modules, ...)."""

from ._mlir_libs._ir import *  # noqa: F401,F403
from ._mlir_libs._ir import (  # noqa: F401  (underscored names used by tools)
    _BaseContext,
    _GlobalDebug,
)
