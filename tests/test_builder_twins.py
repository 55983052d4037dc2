"""The default attribute builders' compiled twins (ir_builders.pxi).

A generated op builder makes the attribute of a plain value (an int, a
str, a list of affine maps...) with the builder registered for the
attribute's ODS kind. For the builtin kinds front-ends pass most, the
default builders have twins that make the same attribute in C. These
tests hold the twins to their builders: for every value a twin takes, the
same attribute; for every other value, the builder's own result or error;
and a replaced builder is always the one called.
"""

import array

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mlir.ir import (AffineMap, AffineMapAttr, ArrayAttr, AttrBuilder,
                     Context, F32Type, IndexType, InsertionPoint,
                     IntegerAttr, IntegerType, Location, Module,
                     RankedTensorType, StringAttr, UnitAttr,
                     register_attribute_builder)
from mlir.dialects import arith, func, linalg, tensor
from mlir._mlir_libs._ods_runtime import _attribute_of_kind

INT_KINDS = [f"{s}I{w}Attr" for s in ("", "S", "U") for w in (1, 8, 16, 32, 64)]
TWIN_KINDS = INT_KINDS + [
    "IndexAttr", "BoolAttr", "StrAttr", "FlatSymbolRefAttr", "TypeAttr",
    "ArrayAttr", "AffineMapAttr", "AffineMapArrayAttr", "I32ArrayAttr",
    "I64ArrayAttr", "IndexListArrayAttr", "DenseI8ArrayAttr",
    "DenseI16ArrayAttr", "DenseI32ArrayAttr", "DenseI64ArrayAttr"]


@pytest.fixture
def ctx():
    with Context() as c, Location.unknown():
        yield c


def _outcome(fn):
    try:
        return "ok", str(fn())
    except Exception as e:
        # The kind and the detail of the failure are compared: the first
        # lines of an argument error name the function the error left
        # compiled code from, which differs between the two call paths.
        return type(e).__name__, str(e).splitlines()[-1]


def _same(kind, value, ctx):
    builder = AttrBuilder.get(kind)
    want = _outcome(lambda: builder(value, context=ctx))
    got = _outcome(lambda: _attribute_of_kind(kind, value, ctx))
    assert got == want, (kind, value)
    return got


def _values(ctx):
    other = Context()
    return [
        0, 1, -1, 7, 127, 128, 255, 256, -128, -129, 2**15, 2**31 - 1, 2**31,
        2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -2**63,
        -2**63 - 1, True, False, None, 1.0, "s", "", "\udc80", b"s",
        np.int64(3), np.int32(-1), np.bool_(True),
        [], [1, 2], (1, 2), [1, True], [2**40], [2**63], [1, "a"], [1.0],
        range(3), array.array("q", [1, 2]), np.array([1, 2]),
        [[0, 1], [2]], [(0,), [1, 2]], [[2**63]], [[]], [[0], 1],
        F32Type.get(), IntegerType.get_signless(8, context=other),
        AffineMap.get_identity(2), AffineMap.get_identity(1, context=other),
        [AffineMap.get_identity(2), AffineMap.get_identity(1)],
        (AffineMap.get_identity(2),), [AffineMap.get_identity(1, context=other)],
        [AffineMapAttr.get(AffineMap.get_identity(2))],
        [UnitAttr.get(), StringAttr.get("x")], [UnitAttr.get(context=other)],
        [None], [UnitAttr.get(), 1],
    ]


@pytest.mark.parametrize("kind", TWIN_KINDS)
def test_twin_makes_what_the_builder_makes(ctx, kind):
    for value in _values(ctx):
        _same(kind, value, ctx)


def test_twins_take_the_common_values(ctx):
    # What the twins make (not only that they agree with the builders).
    assert str(_attribute_of_kind("I32Attr", 7, ctx)) == "7 : i32"
    assert str(_attribute_of_kind("I8Attr", 255, ctx)) == "-1 : i8"
    assert str(_attribute_of_kind("UI8Attr", 255, ctx)) == "255 : ui8"
    assert str(_attribute_of_kind("SI16Attr", -5, ctx)) == "-5 : si16"
    assert str(_attribute_of_kind("I1Attr", True, ctx)) == "true"
    assert str(_attribute_of_kind("I64Attr", 2**63 - 1, ctx)) == \
        "9223372036854775807 : i64"
    assert str(_attribute_of_kind("IndexAttr", -2, ctx)) == "-2 : index"
    assert str(_attribute_of_kind("BoolAttr", False, ctx)) == "false"
    assert str(_attribute_of_kind("StrAttr", "é", ctx)) == r'"\C3\A9"'
    assert str(_attribute_of_kind("FlatSymbolRefAttr", "f", ctx)) == "@f"
    assert str(_attribute_of_kind("TypeAttr", F32Type.get(), ctx)) == "f32"
    assert str(_attribute_of_kind("AffineMapArrayAttr", (
        AffineMap.get_identity(1), AffineMap.get_minor_identity(2, 1)), ctx)) == \
        "[affine_map<(d0) -> (d0)>, affine_map<(d0, d1) -> (d1)>]"
    assert str(_attribute_of_kind("I32ArrayAttr", [1, -2], ctx)) == \
        "[1 : i32, -2 : i32]"
    assert str(_attribute_of_kind("IndexListArrayAttr", [[0, 1], (2,)], ctx)) \
        == "[[0, 1], [2]]"
    assert str(_attribute_of_kind("DenseI8ArrayAttr", [-128, 127], ctx)) == \
        "array<i8: -128, 127>"
    assert str(_attribute_of_kind("DenseI64ArrayAttr", (), ctx)) == "array<i64>"


@settings(max_examples=300, derandomize=True, deadline=None)
@given(kind=st.sampled_from(TWIN_KINDS),
       value=st.one_of(
           st.integers(-2**65, 2**65), st.booleans(), st.text(max_size=4),
           st.lists(st.integers(-2**65, 2**65), max_size=4),
           st.tuples(st.integers(-300, 300), st.booleans()),
           st.lists(st.lists(st.integers(-2**64, 2**64), max_size=3),
                    max_size=3)))
def test_twins_agree_with_builders_on_drawn_values(kind, value):
    with Context() as ctx:
        _same(kind, value, ctx)


def test_a_replaced_builder_is_called(ctx):
    default = AttrBuilder.get("DenseI64ArrayAttr")
    calls = []

    def mine(x, context=None):
        calls.append(list(x))
        return default([v * 10 for v in x], context=context)

    register_attribute_builder("DenseI64ArrayAttr", replace=True)(mine)
    try:
        assert str(_attribute_of_kind("DenseI64ArrayAttr", [1, 2], ctx)) == \
            "array<i64: 10, 20>"
        f32 = F32Type.get()
        t = RankedTensorType.get([2, 3], f32)
        module = Module.create()
        with InsertionPoint(module.body):
            f = func.FuncOp("f", ([t], []))
            with InsertionPoint(f.add_entry_block()):
                out = tensor.empty([3, 2], f32)
                linalg.transpose(f.arguments[0], outs=[out], permutation=[1, 0])
                func.ReturnOp([])
        assert calls == [[1, 2], [1, 0]]
        # (printed generic: that permutation does not verify)
        assert "permutation = array<i64: 10, 0>" in str(module)
    finally:
        register_attribute_builder("DenseI64ArrayAttr", replace=True)(default)
    assert str(_attribute_of_kind("DenseI64ArrayAttr", [1, 2], ctx)) == \
        "array<i64: 1, 2>"


def test_op_builders_through_the_twins(ctx):
    f32 = F32Type.get()
    t = RankedTensorType.get([4, 8], f32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([t], [t]))
        with InsertionPoint(f.add_entry_block()):
            x = f.arguments[0]
            e = tensor.expand_shape(RankedTensorType.get([4, 2, 4], f32), x,
                                    [[0], [1, 2]], [], [4, 2, 4])
            c = tensor.collapse_shape(t, e, [[0], [1, 2]])
            i = arith.constant(IntegerType.get_signless(32), 7)
            arith.CmpIOp(arith.CmpIPredicate.slt, i, i)
            func.ReturnOp([c])
    assert module.operation.verify()
    text = str(module)
    assert "tensor.expand_shape %arg0 [[0], [1, 2]] output_shape [4, 2, 4]" in text
    assert "tensor.collapse_shape %expanded [[0], [1, 2]]" in text
    # A value no twin takes still gets the builder's error, with where it
    # came from.
    with InsertionPoint(module.body):
        with pytest.raises(TypeError, match=r"static_output_shape"):
            tensor.ExpandShapeOp(RankedTensorType.get([4, 2, 4], f32), x,
                                 [[0], [1, 2]], [], [4, 2.0, 4])


def test_iterator_types_cache_keeps_the_errors(ctx):
    f32 = F32Type.get()
    t = RankedTensorType.get([4], f32)
    m = AffineMap.get_identity(1)
    par = linalg.IteratorType.parallel
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([t, t], []))
        with InsertionPoint(f.add_entry_block()):
            x, y = f.arguments
            for iterators in ([par], ["parallel"], [par]):
                @linalg.generic([x], [y], [m, m], iterators)
                def g(a, _):
                    return a
            # The int a member equals is refused, cached lists or not.
            with pytest.raises(TypeError, match="expected an IteratorType"):
                linalg.GenericOp([t], [x], [y], [m, m], [0])
            func.ReturnOp([])
    assert str(module).count('iterator_types = ["parallel"]') == 3
    assert module.operation.verify()
