"""Upstream's Python helpers that run compiled here (get_op_result_or_value
and its siblings in mlir.dialects._ods_common, tensor.empty, linalg's
GenericOp_, transpose and matmul family): they take, return and refuse
what upstream's Python functions do, under upstream's names and
signatures."""

import inspect
from typing import Optional, Sequence, Union

import pytest

from mlir import ir
from mlir.ir import InsertionPoint
from mlir.dialects import func, linalg, tensor
from mlir.dialects._ods_common import (get_op_result_or_op_results,
                                       get_op_result_or_value,
                                       get_op_results_or_values)

from .helpers import T


def _in_func(ctx, *types):
    module = ir.Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", (list(types), []))
    return module, f, f.add_entry_block()


def test_op_result_helpers_are_upstreams(ctx):
    module, f, entry = _in_func(ctx, T("tensor<4x8xf32>"))
    x = f.arguments[0]
    with InsertionPoint(entry):
        e = tensor.empty([8, 4], T("f32"))
        op = e.owner
        t = linalg.transpose(x, outs=[e], permutation=[1, 0])
    assert get_op_result_or_value(x) is x
    assert get_op_result_or_value(op) == e
    assert get_op_result_or_value(op.results) == e
    with pytest.raises(AssertionError) as exc:
        get_op_result_or_value(3)
    assert str(exc.value) == "expects Value, got <class 'int'>"
    # a sequence is returned as it is, its items unconverted
    items = [op, x]
    assert get_op_results_or_values(items) is items
    assert list(get_op_results_or_values(op)) == [e]
    assert get_op_results_or_values(3) == 3
    assert get_op_result_or_op_results(op) == e
    assert get_op_result_or_op_results(t) == t.results[0]
    ret = func.ReturnOp([], ip=InsertionPoint(entry))
    assert get_op_result_or_op_results(ret) == ret.operation
    assert type(get_op_result_or_op_results(ret)) is ir.Operation
    for fn in (get_op_result_or_value, get_op_results_or_values,
               get_op_result_or_op_results):
        assert fn.__module__ == "mlir.dialects._ods_common"
    assert list(inspect.signature(get_op_result_or_value).parameters) == [
        "arg"]


def test_tensor_empty_binds_as_upstreams(ctx):
    module, f, entry = _in_func(ctx, T("index"))
    with InsertionPoint(entry):
        n = f.arguments[0]
        v = tensor.empty([n, 4], T("f32"))
        assert str(v.type) == "tensor<?x4xf32>"
        assert isinstance(v, ir.Value)
        for call, text in [
            (lambda: tensor.empty([1]), "empty() missing 1 required "
             "positional argument: 'element_type'"),
            (lambda: tensor.empty([1], T("f32"), 3), "empty() takes 2 "
             "positional arguments but 3 were given"),
            (lambda: tensor.empty([1], T("f32"), bogus=2), "empty() got an "
             "unexpected keyword argument 'bogus'"),
        ]:
            with pytest.raises(TypeError) as exc:
                call()
            assert str(exc.value) == text
    assert tensor.empty.__module__ == "mlir.dialects.tensor"
    assert str(inspect.signature(tensor.empty)) == str(
        inspect.signature(_upstream_empty))


def _upstream_empty(sizes: Sequence[Union[int, ir.Value]],
                    element_type: ir.Type, *,
                    encoding: Optional[ir.Attribute] = None, loc=None,
                    ip=None) -> ir.Value:
    """The signature of upstream's tensor.empty."""


def test_linalg_helpers_bind_as_upstreams(ctx):
    module, f, entry = _in_func(ctx, T("tensor<4x8xf32>"))
    x = f.arguments[0]
    with InsertionPoint(entry):
        e = tensor.empty([4, 8], T("f32"))
        for call, text in [
            (lambda: linalg.GenericOp_(), "GenericOp_.__init__() missing 4 "
             "required positional arguments: 'inputs', 'outputs', "
             "'indexing_maps', and 'iterator_types'"),
            (lambda: linalg.GenericOp_([x], [e], [], [], 1),
             "GenericOp_.__init__() takes 5 positional arguments but 6 were "
             "given"),
            (lambda: linalg.GenericOp_([x], [e], [], [], bogus=1),
             "GenericOp_.__init__() got an unexpected keyword argument "
             "'bogus'"),
        ]:
            with pytest.raises(TypeError) as exc:
                call()
            assert str(exc.value) == text
        with pytest.raises(ValueError, match="must have length 1"):
            linalg.transpose(x, outs=[e, e], permutation=[1, 0])
        with pytest.raises(AssertionError, match="^expects Value"):
            linalg.transpose(x, outs=[3], permutation=[1, 0])
        id2 = ir.AffineMap.get_identity(2)
        g = linalg.GenericOp_([x], [e], [id2, id2],
                              [linalg.IteratorType.parallel] * 2,
                              library_call="lib")
        assert [str(a.type) for a in g.regions[0].blocks[0].arguments] == [
            "f32", "f32"]
        assert str(g.attributes["library_call"]) == '"lib"'
        s = tensor.empty([4, 4], T("f32"))
        y = tensor.empty([8, 4], T("f32"))
        mm = linalg.matmul(x, y, outs=[s])
        assert isinstance(mm, ir.Value)
        assert mm.owner.name == "linalg.matmul"
        assert len(mm.owner.regions[0].blocks[0].operations) == 3
    assert linalg.GenericOp_.__init__.__module__ == "mlir.dialects.linalg"
    assert str(inspect.signature(linalg.GenericOp_.__init__)) == (
        "(self, inputs, outputs, indexing_maps, iterator_types, *, doc=None, "
        "library_call=None, loc=None, ip=None)")
