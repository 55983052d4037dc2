"""Short constructors of builtin types, in the current Context.

Scalars are functions without arguments (`i32()`, `f16()`, `index()`,
`bool()` for i1); `i(w)`, `si(w)`, `ui(w)` give integer types of any width.
Shaped types take their sizes positionally, then the element type, either
last positionally or as `element_type=` (not both)::

    tensor(2, 3, f32())             tensor<2x3xf32>
    tensor(f32())                   tensor<*xf32>
    memref(4, element_type=i8())    memref<4xi8>
    vector(4, f32(), scalable=[True])

Some names (`bool`, `complex`, `tuple`) are those of Python builtins on
purpose, as upstream names them: import the module (`from mlir.extras
import types as T`) rather than its names."""

import builtins as _builtins
from functools import partial as _partial
from typing import List as _List, Optional as _Optional

from ..ir import (
    Attribute, BF16Type, ComplexType, F16Type, F32Type, F64Type,
    Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType, Float8E3M4Type,
    Float8E4M3B11FNUZType, Float8E4M3FNType, Float8E4M3Type, Float8E5M2Type,
    Float8E8M0FNUType, FloatTF32Type, FunctionType, IndexType, IntegerType,
    MemRefType, NoneType, OpaqueType, RankedTensorType, StridedLayoutAttr,
    StringAttr, TupleType, Type, UnrankedMemRefType, UnrankedTensorType,
    VectorType,
)


def index():
    return IndexType.get()


def i(width):
    """The signless integer type of `width` bits."""
    return IntegerType.get_signless(width)


def si(width):
    """The signed integer type of `width` bits."""
    return IntegerType.get_signed(width)


def ui(width):
    """The unsigned integer type of `width` bits."""
    return IntegerType.get_unsigned(width)


def _fixed(make, name, doc):
    def get():
        return make()
    get.__name__ = get.__qualname__ = name
    get.__doc__ = doc
    return get


bool = _fixed(lambda: i(1), "bool", "i1")
i8 = _fixed(lambda: i(8), "i8", "i8")
i16 = _fixed(lambda: i(16), "i16", "i16")
i32 = _fixed(lambda: i(32), "i32", "i32")
i64 = _fixed(lambda: i(64), "i64", "i64")

si8 = _fixed(lambda: si(8), "si8", "si8")
si16 = _fixed(lambda: si(16), "si16", "si16")
si32 = _fixed(lambda: si(32), "si32", "si32")
si64 = _fixed(lambda: si(64), "si64", "si64")

ui8 = _fixed(lambda: ui(8), "ui8", "ui8")
ui16 = _fixed(lambda: ui(16), "ui16", "ui16")
ui32 = _fixed(lambda: ui(32), "ui32", "ui32")
ui64 = _fixed(lambda: ui(64), "ui64", "ui64")

f16 = _fixed(F16Type.get, "f16", "f16")
f32 = _fixed(F32Type.get, "f32", "f32")
tf32 = _fixed(FloatTF32Type.get, "tf32", "tf32")
f64 = _fixed(F64Type.get, "f64", "f64")
bf16 = _fixed(BF16Type.get, "bf16", "bf16")

f8E5M2 = _fixed(Float8E5M2Type.get, "f8E5M2", "f8E5M2")
f8E4M3 = _fixed(Float8E4M3Type.get, "f8E4M3", "f8E4M3")
f8E4M3FN = _fixed(Float8E4M3FNType.get, "f8E4M3FN", "f8E4M3FN")
f8E4M3B11FNUZ = _fixed(Float8E4M3B11FNUZType.get, "f8E4M3B11FNUZ",
                       "f8E4M3B11FNUZ")
f8E3M4 = _fixed(Float8E3M4Type.get, "f8E3M4", "f8E3M4")
f4E2M1FN = _fixed(Float4E2M1FNType.get, "f4E2M1FN", "f4E2M1FN")
f6E2M3FN = _fixed(Float6E2M3FNType.get, "f6E2M3FN", "f6E2M3FN")
f6E3M2FN = _fixed(Float6E3M2FNType.get, "f6E3M2FN", "f6E3M2FN")
f8E8M0FNU = _fixed(Float8E8M0FNUType.get, "f8E8M0FNU", "f8E8M0FNU")

none = _fixed(NoneType.get, "none", "The builtin none type.")


def complex(type):
    """complex<type>."""
    return ComplexType.get(type)


def opaque(dialect_namespace, type_data):
    """!namespace<type_data>, a type of a dialect that need not be loaded."""
    return OpaqueType.get(dialect_namespace, type_data)


def _shaped(*shape, element_type: Type = None, type_constructor=None):
    """Splits `shape` into sizes and element type (the last positional
    argument, or `element_type`) and calls `type_constructor(sizes, type)`,
    or `type_constructor(type)` when there are no sizes."""
    if type_constructor is None:
        raise ValueError("_shaped needs a type_constructor (use tensor, "
                         "memref or vector)")
    trailing_type = _builtins.bool(shape) and isinstance(shape[-1], Type)
    if element_type is None and not trailing_type:
        raise ValueError("the element type must be given either as the last "
                         "positional argument or as element_type=")
    if element_type is not None and trailing_type:
        raise ValueError("the element type is given twice: as the last "
                         "positional argument and as element_type=")
    if element_type is None:
        element_type, shape = shape[-1], shape[:-1]
    if shape:
        return type_constructor(shape, element_type)
    return type_constructor(element_type)


def _unranked(shape):
    """No sizes: at most the element type is given positionally."""
    return not shape or (len(shape) == 1 and isinstance(shape[0], Type))


def vector(*shape, element_type: Type = None,
           scalable: _Optional[_List[_builtins.bool]] = None,
           scalable_dims: _Optional[_List[int]] = None):
    """vector<...> of the sizes and element type; `scalable` (one flag per
    dimension) or `scalable_dims` (indices) mark scalable dimensions."""
    return _shaped(*shape, element_type=element_type,
                   type_constructor=_partial(VectorType.get,
                                             scalable=scalable,
                                             scalable_dims=scalable_dims))


def tensor(*shape, element_type: Type = None,
           encoding: _Optional[str] = None):
    """tensor<...>: ranked when sizes are given, else unranked (which
    cannot carry an encoding). `encoding` is a string, stored as a
    StringAttr."""
    if encoding is not None:
        encoding = StringAttr.get(encoding)
    if _unranked(shape):
        if encoding is not None:
            raise ValueError("an unranked tensor type has no encoding")
        return _shaped(*shape, element_type=element_type,
                       type_constructor=UnrankedTensorType.get)
    return _shaped(*shape, element_type=element_type,
                   type_constructor=_partial(RankedTensorType.get,
                                             encoding=encoding))


def memref(*shape, element_type: Type = None,
           memory_space: _Optional[int] = None,
           layout: _Optional[StridedLayoutAttr] = None):
    """memref<...>: ranked when sizes are given, else unranked.
    `memory_space` is an int (parsed as an attribute: `1` is `1 : i64`);
    `layout` applies to ranked memrefs only."""
    if memory_space is not None:
        memory_space = Attribute.parse(str(memory_space))
    if _unranked(shape):
        return _shaped(*shape, element_type=element_type,
                       type_constructor=_partial(UnrankedMemRefType.get,
                                                 memory_space=memory_space))
    return _shaped(*shape, element_type=element_type,
                   type_constructor=_partial(MemRefType.get,
                                             memory_space=memory_space,
                                             layout=layout))


def tuple(*elements):
    """tuple<elements...>."""
    return TupleType.get_tuple(elements)


def function(*, inputs, results):
    """(inputs) -> (results)."""
    return FunctionType.get(inputs, results)
