"""The cf dialect: ops and enums generated from its ODS."""

from ._cf_ops_gen import *  # noqa: F401,F403
from ._cf_ops_gen import _Dialect  # noqa: F401
from ._cf_enum_gen import *  # noqa: F401,F403
