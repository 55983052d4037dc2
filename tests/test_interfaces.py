"""InferTypeOpInterface, InferShapedTypeOpInterface, ShapedTypeComponents."""

import pytest

from mlir.ir import (Context, F32Type, InferShapedTypeOpInterface,
                     InferTypeOpInterface, InsertionPoint, IntegerType,
                     Location, Module, Operation, RankedTensorType,
                     ShapedTypeComponents, Type)
from mlir.dialects import arith, func, tosa


@pytest.fixture
def ctx():
    with Context() as c, Location.unknown():
        yield c


def _function(types):
    m = Module.create()
    with InsertionPoint(m.body):
        f = func.FuncOp("f", (types, []))
        block = f.add_entry_block()
    return m, block


def test_infer_types_of_an_operation_and_of_a_class(ctx):
    i32 = IntegerType.get_signless(32)
    m, block = _function([i32, i32])
    a, b = block.arguments
    with InsertionPoint(block):
        add = arith.AddIOp(a, b)
    iface = InferTypeOpInterface(add)
    assert iface.operation == add.operation
    assert iface.opview is add
    # Types come back as plain Type, as upstream prints them.
    assert repr(iface.inferReturnTypes(operands=[a, b])) == "[Type(i32)]"
    static = InferTypeOpInterface(arith.AddIOp)
    assert [str(t) for t in static.inferReturnTypes(operands=[[a], None, b])] \
        == ["i32"]
    with pytest.raises(TypeError, match="static interface"):
        static.opview
    with pytest.raises(TypeError, match="static interface"):
        static.operation


def test_an_operation_without_the_interface(ctx):
    m, block = _function([])
    with InsertionPoint(block):
        ret = func.ReturnOp([])
    with pytest.raises(ValueError,
                       match="^the operation does not implement InferTypeOpInterface$"):
        InferTypeOpInterface(ret)
    with pytest.raises(ValueError, match="does not implement InferTypeOpInterface"):
        InferTypeOpInterface(func.ReturnOp)
    with pytest.raises(TypeError, match="does not refer to an operation"):
        InferTypeOpInterface(42)


def test_failed_inference_is_a_value_error(ctx):
    with pytest.raises(ValueError, match="^Failed to infer result types"):
        InferTypeOpInterface(arith.AddIOp).inferReturnTypes(operands=[])


def test_bad_operands_are_reported(ctx):
    iface = InferTypeOpInterface(arith.AddIOp)
    with pytest.raises(ValueError, match="Operand 0 must be a Value or Sequence of Values"):
        iface.inferReturnTypes(operands=[1])
    with pytest.raises(TypeError, match="properties must be None"):
        iface.inferReturnTypes(operands=[], properties=object())


def test_shaped_type_components_inferred(ctx):
    t = RankedTensorType.get([2, 3], F32Type.get())
    m, block = _function([t, t])
    a, b = block.arguments
    with InsertionPoint(block):
        add = tosa.AddOp(t, a, b)
    (c,) = InferShapedTypeOpInterface(add).inferReturnTypeComponents(
        operands=[a, b])
    assert c.has_rank and c.rank == 2 and c.shape == [2, 3]
    (c,) = InferShapedTypeOpInterface(tosa.AddOp).inferReturnTypeComponents(
        operands=[a, b])
    assert c.shape == [2, 3]


def test_shaped_type_components_get(ctx):
    f32 = F32Type.get()
    unranked = ShapedTypeComponents.get(f32)
    assert (unranked.has_rank, unranked.rank, unranked.shape) == (False, None, None)
    assert unranked.element_type == f32
    ranked = ShapedTypeComponents.get([1, 2], f32)
    assert (ranked.has_rank, ranked.rank, ranked.shape) == (True, 2, [1, 2])
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        ShapedTypeComponents.get("f32")
    with pytest.raises(TypeError):
        ShapedTypeComponents()
