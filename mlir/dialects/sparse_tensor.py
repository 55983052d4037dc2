"""The sparse_tensor dialect: ops and enums generated from its ODS, its
encoding attribute, and (on import) the registration of its passes."""

from ._sparse_tensor_ops_gen import *  # noqa: F401,F403
from ._sparse_tensor_ops_gen import _Dialect  # noqa: F401
from ._sparse_tensor_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsSparseTensor import *  # noqa: F401,F403
from .._mlir_libs import _mlirSparseTensorPasses as _cextSparseTensorPasses  # noqa: F401,E501
