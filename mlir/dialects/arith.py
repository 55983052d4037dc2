"""The arith dialect: generated ops and enums, plus upstream's
ConstantOp(result_type, value) built from Python numbers, arrays
(array.array: dense elements) or attributes."""

from array import array as _array
from typing import TYPE_CHECKING

from ._arith_ops_gen import *  # noqa: F401,F403
from ._arith_ops_gen import _Dialect, ConstantOp as _ConstantOp
from ._arith_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ..ir import *  # noqa: F401,F403,E402
from typing import Any, List, Union, overload  # noqa: F401,E402
from ._ods_common import (  # noqa: F401,E402
    _cext as _ods_cext,
    get_default_loc_context as _get_default_loc_context,
    get_op_result_or_op_results as _get_op_result_or_op_results,
)
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

    # int and float values are built in C; the other kinds in _init_other.
    __init__ = _rt._arith_constant_op_init

    @staticmethod
    def _init_other(self, result, value, loc, ip):
        if value is None:
            if not isinstance(result, _ir.Attribute):
                raise TypeError("arith.constant: value must be an int, a "
                                "float, an array or an Attribute; None only "
                                "when the first argument is an Attribute, "
                                f"not {result.__class__.__name__}")
            _ConstantOp.__init__(self, result, loc=loc, ip=ip)
        elif isinstance(value, _ir.Attribute):
            _ConstantOp.__init__(self, value, loc=loc, ip=ip)
        elif isinstance(value, _array):
            _ConstantOp.__init__(self, _dense_from_array(result, value),
                                 loc=loc, ip=ip)
        else:
            _rt._arith_constant_init(self, result, value, loc=loc, ip=ip)

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
        value = self.value
        if not isinstance(self.type, (_ir.IntegerType, _ir.IndexType,
                                      _ir.FloatType)):
            raise ValueError("only integer and float constants have literal "
                             f"values (this one's value is {value})")
        return _rt._attr_literal(value)


def _dense_from_array(result, value):
    """The DenseElementsAttr of shaped type `result` holding the elements
    of array.array `value` (typecodes i, l, q: integers; f, d: floats)."""
    if not isinstance(result, _ir.ShapedType):
        raise TypeError("arith.constant: an array value needs a shaped "
                        f"result type (tensor or vector), not {result}")
    element_type = result.element_type
    if not isinstance(element_type, (_ir.IntegerType, _ir.FloatType)):
        raise TypeError("arith.constant: an array value needs an integer "
                        f"or float element type, not {element_type}")
    if 8 * value.itemsize != element_type.width:
        raise ValueError(
            f"Mismatching array element ({8 * value.itemsize}) and type "
            f"({element_type.width}) width.")
    if value.typecode in ("i", "l", "q"):
        return _ir.DenseIntElementsAttr.get(value, type=result)
    if value.typecode in ("f", "d"):
        return _ir.DenseFPElementsAttr.get(value, type=result)
    raise ValueError(f'Unsupported typecode: "{value.typecode}".')


if TYPE_CHECKING:
    def constant(result: _ir.Type | _ir.Attribute, value: object, *,
                 loc: _ir.Location | None = None,
                 ip: _ir.InsertionPoint | None = None) -> _ir.Value:
        """Builds arith.constant (as ConstantOp(result, value)) and returns
        its result Value."""
else:
    # In Cython (int and float values built there, the others through
    # ConstantOp): no Python frame per call.
    _rt._set_arith_constant_class(ConstantOp)
    constant = _rt._arith_constant
    constant.__name__ = constant.__qualname__ = "constant"
    constant.__module__ = __name__
    constant.__doc__ = ("constant(result, value, *, loc=None, ip=None)\n\n"
                        "Builds arith.constant (as ConstantOp(result, "
                        "value)) and returns its result Value.")

    # What inspect.signature shows for the two compiled callables: the
    # Python signatures they behave as.
    def _constant(result, value, *, loc=None, ip=None):
        pass

    def _init(self, result, value, *, loc=None, ip=None):
        pass

    _rt._take_signature(constant, _constant)
    _rt._take_signature(ConstantOp.__init__, _init, "ConstantOp.__init__")
    del _constant, _init
