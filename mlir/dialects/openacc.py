"""The acc dialect: ops and enums generated from its ODS."""

from ._acc_ops_gen import *  # noqa: F401,F403
from ._acc_ops_gen import _Dialect  # noqa: F401
from ._acc_enum_gen import *  # noqa: F401,F403
