"""The tosa dialect (mlir.dialects.tosa): its builders infer result types;
tosa.concat's axis is checked before inference, which indexes the inputs'
shapes with it unchecked (a crash in MLIR 22, in upstream's bindings too),
by every way of building it."""

import pytest

from mlir.ir import (F32Type, InsertionPoint, IntegerAttr, IntegerType, MLIRError, Module,
                     Operation, RankedTensorType, ShapedType,
                     UnrankedTensorType)
from mlir.dialects import tosa


def test_concat_infers_and_checks_its_axis(ctx):
    ctx.allow_unregistered_dialects = True
    f32 = F32Type.get()
    i32 = IntegerType.get_signless(32)
    holder = Operation.create("t.values", results=[
        RankedTensorType.get([2, 3], f32),
        RankedTensorType.get([ShapedType.get_dynamic_size(), 3], f32),
        UnrankedTensorType.get(f32)])
    a, b, u = holder.results
    m = Module.create()
    with InsertionPoint(m.body):
        assert str(tosa.concat([a, b], 0).type) == "tensor<?x3xf32>"
        assert str(tosa.ConcatOp([a, a], IntegerAttr.get(i32, 1)).result.type) \
            == "tensor<2x6xf32>"
        for axis in (2, -1, 5):
            with pytest.raises(ValueError, match=(
                    rf"^tosa.concat: axis {axis} is not a dimension of input "
                    r"type tensor<2x3xf32>")):
                tosa.concat([a, u], axis)
        with pytest.raises(ValueError, match="axis 2 is not a dimension"):
            tosa.ConcatOp([u, b], IntegerAttr.get(i32, 2))
        # of another width, MLIR would read other bits as the axis
        with pytest.raises(TypeError, match="axis must be an i32 integer attribute"):
            tosa.ConcatOp([a, b], IntegerAttr.get(IntegerType.get_signless(1), 1))
        # generic builds too
        bad = IntegerAttr.get(i32, 3)
        with pytest.raises(ValueError, match="axis 3 is not a dimension"):
            tosa.ConcatOp.build_generic(operands=[a, b], attributes={"axis": bad})
        with pytest.raises(ValueError, match="axis 3 is not a dimension"):
            Operation.create("tosa.concat", operands=[a, b],
                             attributes={"axis": bad}, infer_type=True)
        with pytest.raises(TypeError, match="axis must be an i32 integer"):
            Operation.create("tosa.concat", operands=[a, b], infer_type=True)
        # given result types, nothing is inferred: the verifier judges
        op = tosa.ConcatOp([a, a], 7, results=[a.type])
        with pytest.raises(MLIRError, match="axis"):
            op.verify()
    from mlir.dialects import _tosa_ops_gen
    assert type(m.body.operations[1]) is tosa.ConcatOp is _tosa_ops_gen.ConcatOp
