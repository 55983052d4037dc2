"""The smt dialect: ops and enums generated from its ODS, and its types."""

from ._smt_ops_gen import *  # noqa: F401,F403
from ._smt_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsSMT import *  # noqa: F401,F403
