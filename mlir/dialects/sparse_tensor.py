"""The sparse_tensor dialect: ops and enums generated from its ODS."""

from ._sparse_tensor_ops_gen import *  # noqa: F401,F403
from ._sparse_tensor_enum_gen import *  # noqa: F401,F403
