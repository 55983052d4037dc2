"""The complex dialect: ops and enums generated from its ODS."""

from ._complex_ops_gen import *  # noqa: F401,F403
from ._complex_ops_gen import _Dialect  # noqa: F401
from ._complex_enum_gen import *  # noqa: F401,F403
