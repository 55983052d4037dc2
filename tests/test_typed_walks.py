"""Typed walks (upstream main's `walk(..., op_class=)`), get_ops_of_type and
get_parent_of_type, on MLIR 22."""

import pytest

from mlir.dialects import arith, func, scf
from mlir.ir import (Context, Location, Module, Operation, OpView,
                     WalkOrder, WalkResult, get_ops_of_type,
                     get_parent_of_type)

TWO_FUNCS = """
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @g(%b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %b step %c1 {
    %1 = arith.addi %i, %i : index
  }
  return
}
"""


@pytest.fixture
def m(ctx):
    return Module.parse(TWO_FUNCS)


def test_walk_op_class_visits_only_that_class_in_both_orders(m):
    post, pre = [], []
    m.operation.walk(lambda op: post.append(op) or WalkResult.ADVANCE, op_class=func.FuncOp)
    assert [type(o) for o in post] == [Operation, Operation]
    assert [str(o.opview.sym_name) for o in post] == ['"f"', '"g"']
    m.operation.walk(lambda op: pre.append(op.name) or WalkResult.ADVANCE, WalkOrder.PRE_ORDER,
                     func.FuncOp)
    assert pre == ["func.func", "func.func"]
    # Operations nested in passed-over ones are still visited.
    adds = []
    m.operation.walk(lambda op: adds.append(str(op.results[0].type)) or WalkResult.ADVANCE,
                     op_class=arith.AddIOp)
    assert adds == ["i32", "index"]
    never = []
    m.operation.walk(never.append, op_class=scf.IfOp)
    assert never == []


def test_walk_op_class_results_and_errors(m):
    seen = []

    def first_only(op):
        seen.append(op.name)
        return WalkResult.INTERRUPT
    m.operation.walk(first_only, op_class=arith.ConstantOp)
    assert seen == ["arith.constant"]

    def boom(op):
        raise ValueError("no " + op.name)
    with pytest.raises(RuntimeError, match="ValueError: no scf.for") as info:
        m.operation.walk(boom, op_class=scf.ForOp)
    assert isinstance(info.value.__cause__, ValueError)
    with pytest.raises(TypeError, match="issubclass"):
        m.operation.walk(print, op_class=3)
    # isinstance semantics: a base class matches every registered subclass,
    # a tuple matches either class.
    everything = []
    m.operation.walk(lambda op: everything.append(op) or WalkResult.ADVANCE,
                     op_class=OpView)
    assert len(everything) == 11
    both = []
    m.operation.walk(lambda op: both.append(op.name) or WalkResult.ADVANCE,
                     op_class=(func.ReturnOp, scf.YieldOp))
    assert both == ["func.return", "scf.yield", "func.return"]


def test_walk_op_class_erasing_the_visited_op(m):
    body = m.body.operations[1].regions[0].blocks[0]
    # Erasing the visited operation is still allowed in a post-order walk.
    m.operation.walk(lambda op: op.erase() or WalkResult.ADVANCE, op_class=scf.ForOp)
    assert [o.name for o in body.operations] == [
        "arith.constant", "arith.constant", "func.return"]
    assert "scf.for" not in str(m)


def test_get_ops_of_type(m):
    funcs = get_ops_of_type(m, func.FuncOp)
    assert [type(f) for f in funcs] == [func.FuncOp, func.FuncOp]
    assert [f.sym_name.value for f in funcs] == ["f", "g"]
    assert get_ops_of_type(m, scf.IfOp) == []
    assert len(get_ops_of_type(funcs[1], arith.ConstantOp)) == 2
    # The root counts, from a Module, an Operation or an OpView.
    everything = get_ops_of_type(m)
    assert len(everything) == 11
    assert everything[-1].operation.name == "builtin.module"
    assert [type(o) for o in get_ops_of_type(funcs[0].operation)] == [
        arith.AddIOp, func.ReturnOp, func.FuncOp]


def test_get_parent_of_type(m):
    (inner_add,) = [o for o in get_ops_of_type(m, arith.AddIOp)
                    if str(o.result.type) == "index"]
    loop = get_parent_of_type(inner_add, scf.ForOp)
    assert type(loop) is scf.ForOp
    assert get_parent_of_type(inner_add.operation, func.FuncOp).sym_name.value \
        == "g"
    assert get_parent_of_type(loop, scf.ForOp) is None
    assert get_parent_of_type(m.operation, func.FuncOp) is None
    with pytest.raises(TypeError,
                       match="op_class must be an OpView subclass, got <class 'int'>"):
        get_parent_of_type(loop, int)
    with Location.unknown():
        Context.current.allow_unregistered_dialects = True
        assert get_parent_of_type(Operation.create("t.detached"),
                                  func.FuncOp) is None
