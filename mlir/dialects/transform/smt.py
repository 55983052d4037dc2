"""transform.smt: the transform dialect extension's ops and enums."""

from .._smt_transform_ops_gen import *  # noqa: F401,F403
from .._smt_transform_enum_gen import *  # noqa: F401,F403
