"""The llvm dialect: ops and enums generated from its ODS, and its types."""

from ._llvm_ops_gen import *  # noqa: F401,F403
from ._llvm_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsLLVM import *  # noqa: F401,F403
