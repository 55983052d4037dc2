"""The irdl dialect: ops and enums generated from its ODS, `load_dialects`,
and upstream's extensions: DialectOp, OperationOp, TypeOp and AttributeOp
are created with their body block (`.body` is that block), and operand /
result variadicities may be given as Variadicity members or names."""

from ._irdl_ops_gen import *  # noqa: F401,F403
from ._irdl_ops_gen import (
    _Dialect, AttributeOp as _AttributeOp, DialectOp as _DialectOp,
    OperationOp as _OperationOp, TypeOp as _TypeOp,
)
from ._irdl_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsIRDL import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsIRDL import variadicity_array_attr
from ._ods_common import _cext, register_attribute_builder
from ._ods_common import _cext as _ods_cext  # noqa: F401  (upstream's names)
from .. import ir as _ods_ir  # noqa: F401
from typing import Sequence, Union  # noqa: F401  (as upstream's module)


class _WithBodyBlock:
    """An op with one region, created with its single block."""
    __slots__ = ()

    def __init__(self, sym_name, *, loc=None, ip=None):
        super().__init__(sym_name, loc=loc, ip=ip)
        self.regions[0].blocks.append()

    @property
    def body(self):
        return self.regions[0].blocks[0]


@_cext.register_operation(_Dialect, replace=True)
class DialectOp(_WithBodyBlock, _DialectOp):
    __slots__ = ()
    __doc__ = _DialectOp.__doc__


@_cext.register_operation(_Dialect, replace=True)
class OperationOp(_WithBodyBlock, _OperationOp):
    __slots__ = ()
    __doc__ = _OperationOp.__doc__


@_cext.register_operation(_Dialect, replace=True)
class TypeOp(_WithBodyBlock, _TypeOp):
    __slots__ = ()
    __doc__ = _TypeOp.__doc__


@_cext.register_operation(_Dialect, replace=True)
class AttributeOp(_WithBodyBlock, _AttributeOp):
    __slots__ = ()
    __doc__ = _AttributeOp.__doc__


def dialect(sym_name, *, loc=None, ip=None) -> DialectOp:
    return DialectOp(sym_name, loc=loc, ip=ip)


def operation_(sym_name, *, loc=None, ip=None) -> OperationOp:
    return OperationOp(sym_name, loc=loc, ip=ip)


def type_(sym_name, *, loc=None, ip=None) -> TypeOp:
    return TypeOp(sym_name, loc=loc, ip=ip)


def attribute(sym_name, *, loc=None, ip=None) -> AttributeOp:
    return AttributeOp(sym_name, loc=loc, ip=ip)


@register_attribute_builder("VariadicityArrayAttr", replace=True)
def _variadicity_array(values, context):
    return variadicity_array_attr(values, context=context)


_variadicity_array_attr = _variadicity_array  # upstream's name of the builder
