"""transform.loop: the transform dialect extension's ops and enums."""

from .._loop_transform_ops_gen import *  # noqa: F401,F403
from .._loop_transform_enum_gen import *  # noqa: F401,F403
