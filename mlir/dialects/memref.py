"""The memref dialect: ops and enums generated from its ODS."""

from ._memref_ops_gen import *  # noqa: F401,F403
from ._memref_enum_gen import *  # noqa: F401,F403
