"""The bufferization dialect: ops and enums generated from its ODS."""

from ._bufferization_ops_gen import *  # noqa: F401,F403
from ._bufferization_ops_gen import _Dialect  # noqa: F401
from ._bufferization_enum_gen import *  # noqa: F401,F403
