"""The sparse_tensor dialect: ops and enums generated from its ODS, and its
encoding attribute."""

from ._sparse_tensor_ops_gen import *  # noqa: F401,F403
from ._sparse_tensor_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsSparseTensor import *  # noqa: F401,F403
