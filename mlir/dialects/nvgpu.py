"""The nvgpu dialect: ops and enums generated from its ODS, and its types."""

from ._nvgpu_ops_gen import *  # noqa: F401,F403
from ._nvgpu_ops_gen import _Dialect  # noqa: F401
from ._nvgpu_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsNVGPU import *  # noqa: F401,F403
