"""The tosa dialect: ops and enums generated from its ODS."""

from ._tosa_ops_gen import *  # noqa: F401,F403
from ._tosa_ops_gen import _Dialect  # noqa: F401
from ._tosa_enum_gen import *  # noqa: F401,F403
