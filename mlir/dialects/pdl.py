"""The pdl dialect: ops and enums generated from its ODS, and its types."""

from ._pdl_ops_gen import *  # noqa: F401,F403
from ._pdl_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsPDL import *  # noqa: F401,F403
