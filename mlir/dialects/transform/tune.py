"""transform.tune: the transform dialect extension's ops and enums."""

from .._tune_transform_ops_gen import *  # noqa: F401,F403
from .._tune_transform_enum_gen import *  # noqa: F401,F403
