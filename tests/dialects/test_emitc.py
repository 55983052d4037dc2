"""The emitc dialect's types and attributes (mlir.dialects.emitc): array,
lvalue, opaque, pointer and size types, the opaque and comparison-predicate
attributes, built from Python, printed, parsed back as their classes, and
refused with ValueError when MLIR rejects them."""

import pytest

from mlir.ir import Attribute, IntegerType, Type
from mlir.dialects import emitc

from .helpers import same


def test_emitc_types_and_attributes(ctx):
    i32 = IntegerType.get_signless(32)
    a = emitc.ArrayType.get([2, 3], i32)
    assert str(a) == "!emitc.array<2x3xi32>"
    assert a.shape == [2, 3] and a.element_type == i32
    cases = [(a, "!emitc.array<2x3xi32>"),
             (emitc.LValueType.get(i32), "!emitc.lvalue<i32>"),
             (emitc.OpaqueType.get("size_t"), '!emitc.opaque<"size_t">'),
             (emitc.PointerType.get(i32), "!emitc.ptr<i32>"),
             (emitc.PtrDiffTType.get(), "!emitc.ptrdiff_t"),
             (emitc.SignedSizeTType.get(), "!emitc.ssize_t"),
             (emitc.SizeTType.get(context=ctx), "!emitc.size_t")]
    for t, text in cases:
        assert str(t) == text
        assert same(Type.parse(text), t)
    with pytest.raises(ValueError, match="non empty"):
        emitc.OpaqueType.get("")
    with pytest.raises(ValueError, match="lvalue"):
        emitc.LValueType.get(emitc.LValueType.get(i32))
    with pytest.raises(ValueError, match="lvalues"):
        emitc.PointerType.get(emitc.LValueType.get(i32))
    with pytest.raises(ValueError, match=r"^expected non-function type$"):
        emitc.ArrayType.get([-1], i32)

    o = emitc.OpaqueAttr.get("NULL")
    assert str(o) == '#emitc.opaque<"NULL">' and o.value == "NULL"
    assert same(Attribute.parse('#emitc.opaque<"NULL">'), o)
    p = emitc.CmpPredicateAttr.get(emitc.CmpPredicate.le)
    assert str(p) == "3 : i64" and p.value == 3
    # An IntegerAttr underneath: integers stay IntegerAttr.
    assert type(Attribute.parse("3 : i64")).__name__ == "IntegerAttr"
    assert emitc.CmpPredicateAttr(Attribute.parse("3 : i64")).value == 3
    with pytest.raises(ValueError, match=r"^invalid emitc comparison predicate 9$"):
        emitc.CmpPredicateAttr.get(9)
