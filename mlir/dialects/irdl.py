"""The irdl dialect: ops and enums generated from its ODS."""

from ._irdl_ops_gen import *  # noqa: F401,F403
from ._irdl_enum_gen import *  # noqa: F401,F403
