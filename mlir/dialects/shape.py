"""The shape dialect: ops and enums generated from its ODS."""

from ._shape_ops_gen import *  # noqa: F401,F403
from ._shape_ops_gen import _Dialect  # noqa: F401
from ._shape_enum_gen import *  # noqa: F401,F403
