"""The async dialect: ops and enums generated from its ODS."""

from .._async_ops_gen import *  # noqa: F401,F403
from .._async_ops_gen import _Dialect  # noqa: F401
from .._async_enum_gen import *  # noqa: F401,F403
