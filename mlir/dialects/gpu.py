"""The gpu dialect: ops and enums generated from its ODS, and its types
and attributes."""

from ._gpu_ops_gen import *  # noqa: F401,F403
from ._gpu_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsGPU import *  # noqa: F401,F403
