"""The ub dialect: ops and enums generated from its ODS."""

from ._ub_ops_gen import *  # noqa: F401,F403
from ._ub_ops_gen import _Dialect  # noqa: F401
from ._ub_enum_gen import *  # noqa: F401,F403
