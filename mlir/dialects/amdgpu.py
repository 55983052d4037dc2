"""The amdgpu dialect: ops and enums generated from its ODS, and its types."""

from ._amdgpu_ops_gen import *  # noqa: F401,F403
from ._amdgpu_ops_gen import _Dialect  # noqa: F401
from ._amdgpu_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsAMDGPU import *  # noqa: F401,F403
