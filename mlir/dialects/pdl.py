"""The pdl dialect: generated ops, plus upstream's op extensions (builders
that know their result types: PatternOp(benefit, name) with its body,
OperationOp(name, args, attributes, types), RewriteOp, ResultOp, ...) and
the pdl types (OperationType, ValueType, TypeType, AttributeType,
RangeType)."""

from typing import NewType as _NewType

from ._pdl_ops_gen import *  # noqa: F401,F403
from ._pdl_ops_gen import (
    _Dialect, AttributeOp as _AttributeOp, OperandOp as _OperandOp,
    OperandsOp as _OperandsOp, OperationOp as _OperationOp,
    PatternOp as _PatternOp, ReplaceOp as _ReplaceOp, ResultOp as _ResultOp,
    RewriteOp as _RewriteOp, TypeOp as _TypeOp, TypesOp as _TypesOp)
from ._pdl_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsPDL import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ..ir import *  # noqa: F401,F403,E402
from ..extras.meta import region_op  # noqa: F401,E402
from . import pdl  # noqa: F401,E402  (this module, as upstream binds it)
from typing import Mapping, NewType, Optional, Sequence, Union  # noqa: F401,E402
from ._ods_common import (  # noqa: F401,E402
    _cext as _ods_cext,
    get_op_result_or_value as _get_value,
    get_op_results_or_values as _get_values,
)
from ._ods_common import (_cext, _region_op,
                          get_op_result_or_value)
from .. import ir as _ir
from .._mlir_libs import _ods_runtime as _rt


# -- types ------------------------------------------------------------------

# A static-typing alias of OperationType (at runtime, the identity).
OperationTypeT = _NewType("OperationType", OperationType)


def op_t() -> OperationTypeT:
    """!pdl.operation in the current context."""
    return OperationTypeT(OperationType.get())


# -- ops ----------------------------------------------------------------------

def _value(opname, what, v):
    return _rt._value_of(v, opname, what)


def _optional_value(opname, what, v):
    return None if v is None else _value(opname, what, v)


def _values(opname, what, vs):
    if vs is None:
        return []
    if isinstance(vs, _ir.Operation):
        return list(vs.results)
    if isinstance(vs, (_ir.Value, str, bytes)) or not hasattr(vs, "__iter__"):
        raise TypeError(f"{opname}: {what} must be a list of Values, not "
                        f"{type(vs).__name__}")
    return [_value(opname, f"{what}[{i}]", v) for i, v in enumerate(vs)]


@_cext.register_operation(_Dialect, replace=True)
class AttributeOp(_AttributeOp):
    """pdl.attribute, optionally of a type (a !pdl.type Value) or constant
    (an Attribute)."""
    __slots__ = ()

    def __init__(self, valueType=None, value=None, *, loc=None, ip=None):
        valueType = _optional_value("pdl.attribute", "valueType", valueType)
        super().__init__(AttributeType.get(), valueType=valueType,
                         value=value, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class OperandOp(_OperandOp):
    """pdl.operand, optionally of a type (a !pdl.type Value)."""
    __slots__ = ()

    def __init__(self, type=None, *, loc=None, ip=None):
        type = _optional_value("pdl.operand", "type", type)
        super().__init__(ValueType.get(), valueType=type, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class OperandsOp(_OperandsOp):
    """pdl.operands, optionally of types (a !pdl.range<type> Value)."""
    __slots__ = ()

    def __init__(self, types=None, *, loc=None, ip=None):
        types = _optional_value("pdl.operands", "types", types)
        super().__init__(RangeType.get(ValueType.get()), valueType=types,
                         loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class OperationOp(_OperationOp):
    """pdl.operation from an optional name, operand Values, a mapping of
    attribute names to !pdl.attribute Values, and result type Values."""
    __slots__ = ()

    def __init__(self, name=None, args=None, attributes=None, types=None, *,
                 loc=None, ip=None):
        opname = "pdl.operation"
        if name is not None and not isinstance(name, (str, _ir.StringAttr)):
            raise TypeError(f"{opname}: name must be a str, not "
                            f"{type(name).__name__}")
        args = _values(opname, "args", args)
        types = _values(opname, "types", types)
        if attributes is None:
            attributes = {}
        if not hasattr(attributes, "items"):
            raise TypeError(f"{opname}: attributes must be a mapping of "
                            "names to Values, not "
                            f"{type(attributes).__name__}")
        names, values = [], []
        for k, v in attributes.items():
            if not isinstance(k, str):
                raise TypeError(f"{opname}: attribute names must be str, "
                                f"not {type(k).__name__}")
            names.append(_ir.StringAttr.get(k))
            values.append(_value(opname, f"attributes[{k!r}]", v))
        super().__init__(OperationType.get(), args, values,
                         _ir.ArrayAttr.get(names), types, opName=name,
                         loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class PatternOp(_PatternOp):
    """pdl.pattern from a benefit and an optional name, with its body
    block created."""
    __slots__ = ()

    def __init__(self, benefit, name=None, *, loc=None, ip=None):
        if isinstance(benefit, bool):
            raise TypeError("pdl.pattern: benefit must be an int, not bool")
        super().__init__(benefit, sym_name=name, loc=loc, ip=ip)
        self.regions[0].blocks.append()

    @property
    def body(self):
        return self.regions[0].blocks[0]


pattern = _region_op(_PatternOp)
pattern.__name__ = "pattern"
pattern.__doc__ = """pdl.pattern as a decorator: `@pdl.pattern(benefit, sym_name=name)`
over a function building the pattern's body; evaluates to the op."""


@_cext.register_operation(_Dialect, replace=True)
class ReplaceOp(_ReplaceOp):
    """pdl.replace of `op` with another operation (with_op) or Values
    (with_values)."""
    __slots__ = ()

    def __init__(self, op, *, with_op=None, with_values=None, loc=None,
                 ip=None):
        opname = "pdl.replace"
        if with_op is not None and with_values:
            raise ValueError(f"{opname}: pass with_op or with_values, not "
                             "both")
        super().__init__(_value(opname, "op", op),
                         _values(opname, "with_values", with_values),
                         replOperation=_optional_value(opname, "with_op",
                                                       with_op),
                         loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class ResultOp(_ResultOp):
    """pdl.result `index` of `parent` (a !pdl.operation Value)."""
    __slots__ = ()

    def __init__(self, parent, index, *, loc=None, ip=None):
        if isinstance(index, bool):
            raise TypeError("pdl.result: index must be an int, not bool")
        super().__init__(ValueType.get(), _value("pdl.result", "parent",
                                                  parent),
                         index, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class RewriteOp(_RewriteOp):
    """pdl.rewrite of an optional root, by name (a native rewrite) or by
    a body (add_body())."""
    __slots__ = ()

    def __init__(self, root=None, name=None, args=None, *, loc=None,
                 ip=None):
        opname = "pdl.rewrite"
        super().__init__(_values(opname, "args", args),
                         root=_optional_value(opname, "root", root),
                         name=name, loc=loc, ip=ip)

    def add_body(self):
        """Creates the body block and returns it."""
        self.regions[0].blocks.append()
        return self.body

    @property
    def body(self):
        return self.regions[0].blocks[0]


rewrite = _region_op(RewriteOp)
rewrite.__name__ = "rewrite"
rewrite.__doc__ = """pdl.rewrite as a decorator: `@pdl.rewrite(root)` over a function
building the rewrite's body; evaluates to the op. Called as
`pdl.rewrite(root, name)` (a native rewrite), the body stays empty."""


@_cext.register_operation(_Dialect, replace=True)
class TypeOp(_TypeOp):
    """pdl.type, optionally constant (a Type or TypeAttr)."""
    __slots__ = ()

    def __init__(self, constantType=None, *, loc=None, ip=None):
        if isinstance(constantType, _ir.Type):
            constantType = _ir.TypeAttr.get(constantType)
        super().__init__(TypeType.get(), constantType=constantType, loc=loc,
                         ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class TypesOp(_TypesOp):
    """pdl.types, optionally constant (Types or TypeAttrs)."""
    __slots__ = ()

    def __init__(self, constantTypes=None, *, loc=None, ip=None):
        if constantTypes is not None:
            constantTypes = _ir.ArrayAttr.get(
                [_ir.TypeAttr.get(t) if isinstance(t, _ir.Type) else t
                 for t in constantTypes])
        super().__init__(RangeType.get(TypeType.get()),
                         constantTypes=constantTypes, loc=loc, ip=ip)
