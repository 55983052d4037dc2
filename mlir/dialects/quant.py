"""The quant dialect: ops and enums generated from its ODS, and its types."""

from ._quant_ops_gen import *  # noqa: F401,F403
from ._quant_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsQuant import *  # noqa: F401,F403
