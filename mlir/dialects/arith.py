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

    def __init__(self, result, value, *, loc=None, ip=None):
        if isinstance(value, _ir.Attribute):
            attr = value
            if not isinstance(result, _ir.Type):
                # No usable result type: infer it from the attribute.
                super().__init__(attr, loc=loc, ip=ip)
                return
        elif not isinstance(result, _ir.Type):
            raise TypeError(f"arith.constant: result must be a Type, not "
                            f"{type(result).__name__}")
        elif isinstance(value, bool) or isinstance(value, int):
            attr = _rt._integer_attr(result, int(value))
        elif isinstance(value, float):
            attr = _rt._float_attr(result, value)
        else:
            raise TypeError(
                f"arith.constant: value must be an int, a float or an "
                f"Attribute, not {type(value).__name__}")
        # The result type is known: build without type inference.
        _rt._ods_build(self, "arith.constant", (result,), {"value": attr},
                       loc, ip)

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
    return ConstantOp(result, value, loc=loc, ip=ip).result
