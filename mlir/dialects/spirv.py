"""The spirv dialect: ops and enums generated from its ODS."""

from ._spirv_ops_gen import *  # noqa: F401,F403
from ._spirv_ops_gen import _Dialect  # noqa: F401
from ._spirv_enum_gen import *  # noqa: F401,F403
