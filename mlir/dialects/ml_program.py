"""The ml_program dialect: ops and enums generated from its ODS."""

from ._ml_program_ops_gen import *  # noqa: F401,F403
from ._ml_program_enum_gen import *  # noqa: F401,F403
