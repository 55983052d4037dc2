"""The x86vector dialect: ops and enums generated from its ODS."""

from ._x86vector_ops_gen import *  # noqa: F401,F403
from ._x86vector_enum_gen import *  # noqa: F401,F403
