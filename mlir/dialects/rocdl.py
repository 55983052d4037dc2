"""The rocdl dialect: ops and enums generated from its ODS."""

from ._rocdl_ops_gen import *  # noqa: F401,F403
from ._rocdl_ops_gen import _Dialect  # noqa: F401
from ._rocdl_enum_gen import *  # noqa: F401,F403
