"""The nvgpu dialect: ops and enums generated from its ODS."""

from ._nvgpu_ops_gen import *  # noqa: F401,F403
from ._nvgpu_enum_gen import *  # noqa: F401,F403
