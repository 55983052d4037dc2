"""The shard dialect: ops and enums generated from its ODS."""

from ._shard_ops_gen import *  # noqa: F401,F403
from ._shard_ops_gen import _Dialect  # noqa: F401
from ._shard_enum_gen import *  # noqa: F401,F403
