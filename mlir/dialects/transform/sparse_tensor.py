"""transform.sparse_tensor: the transform dialect extension's ops and enums."""

from .._sparse_tensor_transform_ops_gen import *  # noqa: F401,F403
from .._sparse_tensor_transform_enum_gen import *  # noqa: F401,F403
