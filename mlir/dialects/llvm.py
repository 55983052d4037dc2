"""The llvm dialect: generated ops and enums, plus upstream's
`mlir_constant` and the PointerType / StructType classes (made by parsing:
this package has no C-level classes for them)."""

from ._llvm_ops_gen import *  # noqa: F401,F403
from ._llvm_ops_gen import _Dialect, ConstantOp  # noqa: F401
from ._llvm_enum_gen import *  # noqa: F401,F403
from ._ods_common import _DialectType, get_op_result_or_op_results
from .. import ir as _ir


def mlir_constant(value, *, loc=None, ip=None):
    """llvm.mlir.constant of a typed attribute; returns its result."""
    if not isinstance(value, _ir.Attribute):
        raise TypeError("llvm.mlir.constant: value must be a typed "
                        f"Attribute, not {type(value).__name__}")
    return get_op_result_or_op_results(
        ConstantOp(res=value.type, value=value, loc=loc, ip=ip))


class PointerType(_DialectType):
    """!llvm.ptr, optionally in an address space."""
    _PREFIX = "!llvm.ptr"

    @classmethod
    def get(cls, address_space=None, context=None):
        if address_space is None:
            return cls._parse("!llvm.ptr", context)
        if isinstance(address_space, bool) or not isinstance(address_space,
                                                             int):
            raise TypeError("llvm.PointerType: address_space must be an int, "
                            f"not {type(address_space).__name__}")
        if address_space < 0:
            raise ValueError("llvm.PointerType: address_space must be >= 0")
        return cls._parse(f"!llvm.ptr<{address_space}>", context)

    @property
    def address_space(self):
        text = str(self)
        return int(text[len("!llvm.ptr<"):-1]) if text.endswith(">") else 0


class StructType(_DialectType):
    """!llvm.struct<...>: literal structs from their element types."""
    _PREFIX = "!llvm.struct"

    @classmethod
    def get_literal(cls, elements, *, packed=False, loc=None, context=None):
        if isinstance(elements, _ir.Type) or not hasattr(elements,
                                                         "__iter__"):
            raise TypeError("llvm.StructType: elements must be a list of "
                            f"Types, not {type(elements).__name__}")
        elements = list(elements)
        for i, t in enumerate(elements):
            if not isinstance(t, _ir.Type):
                raise TypeError(f"llvm.StructType: elements[{i}] must be a "
                                f"Type, not {type(t).__name__}")
        if context is None:
            if loc is not None:
                context = loc.context
            elif elements:
                context = elements[0].context
        body = ", ".join(str(t) for t in elements)
        prefix = "packed " if packed else ""
        return cls._parse(f"!llvm.struct<{prefix}({body})>", context)

    @property
    def packed(self):
        return str(self).startswith("!llvm.struct<packed")
