"""transform.bufferization: the transform dialect extension's ops and enums."""

from .._bufferization_transform_ops_gen import *  # noqa: F401,F403
from .._bufferization_transform_enum_gen import *  # noqa: F401,F403
