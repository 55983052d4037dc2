"""The index dialect: ops and enums generated from its ODS."""

from ._index_ops_gen import *  # noqa: F401,F403
from ._index_ops_gen import _Dialect  # noqa: F401
from ._index_enum_gen import *  # noqa: F401,F403
