"""The emitc dialect: ops and enums generated from its ODS, and the types and
attributes of its C API."""

from ._emitc_ops_gen import *  # noqa: F401,F403
from ._emitc_ops_gen import _Dialect  # noqa: F401
from ._emitc_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsEmitC import *  # noqa: F401,F403
