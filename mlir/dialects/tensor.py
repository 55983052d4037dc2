"""The tensor dialect: ops and enums generated from its ODS."""

from ._tensor_ops_gen import *  # noqa: F401,F403
from ._tensor_enum_gen import *  # noqa: F401,F403
