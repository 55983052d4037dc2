"""The arith dialect: generated ops and enums, plus upstream's
ConstantOp(result_type, value) built from Python numbers."""

from ._arith_ops_gen import *  # noqa: F401,F403
from ._arith_ops_gen import _Dialect, ConstantOp as _ConstantOp
from ._arith_enum_gen import *  # noqa: F401,F403
from ._ods_common import _cext, get_default_loc_context
from .._mlir_libs import _ods_runtime as _rt
from .. import ir as _ir


def _is_integer_like_type(type):
    return _rt._type_kind(type) == "int"


def _is_float_type(type):
    return _rt._type_kind(type) == "float"


@_cext.register_operation(_Dialect, replace=True)
class ConstantOp(_ConstantOp):
    """arith.constant from a result type and a Python int / float (or an
    Attribute)."""
    __slots__ = ()

    # Built in C from the result type (no inference, no Python frame); only
    # an Attribute value without a result Type goes through the generated
    # builder.
    __init__ = _rt._arith_constant_init

    @classmethod
    def create_index(cls, value, *, loc=None, ip=None):
        """An index constant."""
        return cls(_rt._index_type(), value, loc=loc, ip=ip)

    @property
    def type(self):
        return self.results[0].type

    @property
    def literal_value(self):
        """The value as a Python int or float; ValueError for other kinds
        of constants (e.g. dense vectors)."""
        return _rt._attr_literal(self.value)


def constant(result, value, *, loc=None, ip=None):
    """Builds arith.constant and returns its result Value."""
    v = _rt._arith_constant_value(result, value, loc, ip)
    if v is None:
        v = ConstantOp(result, value, loc=loc, ip=ip).result
    return v
