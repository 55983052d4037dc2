"""transform.gpu: the transform dialect extension's ops and enums."""

from .._gpu_transform_ops_gen import *  # noqa: F401,F403
from .._gpu_transform_enum_gen import *  # noqa: F401,F403
