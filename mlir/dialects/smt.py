"""The smt dialect: ops and enums generated from its ODS, its types, and
upstream's `bool_t` / `bv_t` shorthands."""

from ._smt_ops_gen import *  # noqa: F401,F403
from ._smt_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsSMT import *  # noqa: F401,F403


def bool_t():
    """!smt.bool in the current context."""
    return BoolType.get()


def bv_t(width):
    """!smt.bv<width> in the current context."""
    return BitVectorType.get(width)
