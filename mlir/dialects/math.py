"""The math dialect: ops and enums generated from its ODS."""

from ._math_ops_gen import *  # noqa: F401,F403
from ._math_ops_gen import _Dialect  # noqa: F401
from ._math_enum_gen import *  # noqa: F401,F403
