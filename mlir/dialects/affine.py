"""The affine dialect: ops and enums generated from its ODS."""

from ._affine_ops_gen import *  # noqa: F401,F403
from ._affine_enum_gen import *  # noqa: F401,F403
