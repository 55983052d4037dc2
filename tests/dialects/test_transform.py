"""The transform dialect (mlir.dialects.transform) and its extensions
(structured, bufferization, loop, gpu, memref, tensor, pdl, debug, smt,
tune, vector, xegpu): sequences, named sequences and the ops of each
extension built from Python as upstream's usage builds them, the transform
types, the Handle-based script API (transform.extras), and the interpreter
running scripts on payload IR; scripts are verified and printed exactly;
bad input raises TypeError or ValueError naming the op and the argument."""

import contextlib
import io
import re
import textwrap

import pytest

from mlir import ir
from mlir.ir import (BoolAttr, Context, DictAttr, F32Type, InsertionPoint,
                     IntegerAttr, IntegerType, Location, Module, StringAttr,
                     Type, UnitAttr)
from mlir.dialects import transform
from mlir.dialects.transform import (bufferization, debug, gpu, interpreter,
                                     loop, memref, pdl, smt, structured,
                                     tensor, tune, vector, xegpu)
from mlir.passmanager import PassManager

from .helpers import A, T, build, check


def any_op():
    return transform.AnyOpType.get()


def op_t(name):
    return transform.OperationType.get(name)


def i64(v):
    return IntegerAttr.get(IntegerType.get_signless(64), v)


def match(root, name, result_type=None):
    """A fresh handle to the `name` ops under `root`."""
    if result_type is None:
        return structured.MatchOp.match_op_names(root, [name]).result
    return structured.MatchOp.match_op_names(result_type, root,
                                             [name]).result


# -- types --------------------------------------------------------------------

def test_transform_types(ctx):
    any_op = transform.AnyOpType.get()
    assert str(any_op) == "!transform.any_op"
    assert transform.AnyOpType.isinstance(any_op)
    assert not transform.AnyOpType.isinstance(F32Type.get())
    assert transform.any_op_t() == any_op
    op_t = transform.OperationType.get("linalg.matmul")
    assert str(op_t) == '!transform.op<"linalg.matmul">'
    assert op_t.operation_name == "linalg.matmul"
    assert isinstance(transform.OperationType(T('!transform.op<"a.b">')),
                      transform.OperationType)
    p = transform.ParamType.get(IntegerType.get_signless(64))
    assert str(p) == "!transform.param<i64>"
    assert p.type == IntegerType.get_signless(64)
    assert str(transform.AnyValueType.get()) == "!transform.any_value"
    assert str(transform.AnyParamType.get()) == "!transform.any_param"
    assert str(transform.FailurePropagationMode.Propagate) == "propagate"
    with pytest.raises(ValueError, match="Cannot cast type to AnyOpType"):
        transform.AnyOpType(F32Type.get())
    # Once the class is in use, types of its kind come out downcast.
    assert type(T("!transform.any_op")) is transform.AnyOpType
    assert type(T('!transform.op<"x.y">')) is transform.OperationType
    m = Module.create()
    with InsertionPoint(m.body):
        seq = transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                   [], any_op)
        assert isinstance(seq.bodyTarget.type, transform.AnyOpType)
        with InsertionPoint(seq.body):
            transform.YieldOp()
    with pytest.raises(TypeError, match="operation_name must be a str"):
        transform.OperationType.get(3)


def test_transform_type_classes(ctx):
    assert str(transform.AnyOpType.get()) == "!transform.any_op"
    assert str(transform.AnyParamType.get()) == "!transform.any_param"
    assert str(transform.AnyValueType.get()) == "!transform.any_value"
    op = transform.OperationType.get("func.func")
    assert str(op) == '!transform.op<"func.func">'
    assert op.operation_name == "func.func"
    par = transform.ParamType.get(IntegerType.get_signless(32))
    assert str(par) == "!transform.param<i32>"
    assert type(par.type) is IntegerType and par.type.width == 32
    for asm, cls in [("!transform.any_op", transform.AnyOpType),
                     ("!transform.any_param", transform.AnyParamType),
                     ("!transform.any_value", transform.AnyValueType),
                     ('!transform.op<"scf.for">', transform.OperationType),
                     ("!transform.param<i64>", transform.ParamType)]:
        t = Type.parse(asm)
        assert type(t) is cls and cls.isinstance(t)
        assert t.typeid == cls.static_typeid
        assert str(t) == asm
    assert Type.parse('!transform.op<"scf.for">').operation_name == "scf.for"
    with pytest.raises(ValueError,
                       match=r"^Cannot cast type to AnyOpType \(from Type\(!transform.any_value\)\)$"):
        transform.AnyOpType(transform.AnyValueType.get())
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        transform.ParamType.get("i32")
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        transform.OperationType.get(3)


def test_transform_context_keyword():
    c1, c2 = Context(), Context()
    assert transform.AnyOpType.get(context=c1).context is c1
    i32 = IntegerType.get_signless(32, context=c1)
    with pytest.raises(ValueError, match="context"):
        transform.ParamType.get(i32, context=c2)


# -- sequences and named sequences --------------------------------------------

PAYLOAD = """
func.func @f(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = linalg.matmul ins(%arg0, %arg0 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%arg0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
"""


def _transform_script():
    any_op = transform.AnyOpType.get()
    seq = transform.NamedSequenceOp(
        "__transform_main", [any_op], [],
        arg_attrs=[DictAttr.get({"transform.readonly": UnitAttr.get()})])
    with InsertionPoint(seq.body):
        matmul = structured.MatchOp(any_op, seq.bodyTarget,
                                    ops=["linalg.matmul"])
        transform.AnnotateOp(matmul, "found")
        fn = transform.GetParentOp(transform.OperationType.get("func.func"),
                                   matmul, op_name="func.func")
        patterns = transform.ApplyPatternsOp(fn)
        with InsertionPoint(patterns.patterns):
            transform.ApplyCanonicalizationPatternsOp()
        transform.YieldOp()
    return seq


def test_transform_named_sequence_and_sequence():
    def body():
        module_op = InsertionPoint.current.block.owner
        module_op.attributes["transform.with_named_sequence"] = \
            UnitAttr.get()
        seq = _transform_script()
        assert len(seq.bodyExtraArgs) == 0
        assert seq.bodyTarget.type == transform.AnyOpType.get()
        any_op = transform.AnyOpType.get()
        top = transform.SequenceOp(transform.FailurePropagationMode.Suppress,
                                   [], any_op)
        with InsertionPoint(top.body):
            inner = transform.SequenceOp(
                transform.FailurePropagationMode.Propagate, [any_op],
                top.bodyTarget, [top.bodyTarget])
            assert len(inner.bodyExtraArgs) == 1
            with InsertionPoint(inner.body):
                merged = transform.MergeHandlesOp(
                    [inner.bodyTarget, inner.bodyExtraArgs[0]],
                    deduplicate=True)
                transform.YieldOp(merged)
            transform.CastOp(transform.OperationType.get("func.func"),
                             inner)
            transform.YieldOp([])

    m = build(body)
    text = """
        module attributes {transform.with_named_sequence} {
          transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
            %0 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.any_op
            transform.annotate %0 "found" : !transform.any_op
            %1 = transform.get_parent_op %0 {op_name = "func.func"} : (!transform.any_op) -> !transform.op<"func.func">
            transform.apply_patterns to %1 {
              transform.apply_patterns.canonicalization
            } : !transform.op<"func.func">
            transform.yield 
          }
          transform.sequence  failures(suppress) {
          ^bb0(%arg0: !transform.any_op):
            %0 = sequence %arg0, %arg0 : (!transform.any_op, !transform.any_op) -> !transform.any_op failures(propagate) {
            ^bb0(%arg1: !transform.any_op, %arg2: !transform.any_op):
              %2 = merge_handles deduplicate %arg1, %arg2 : !transform.any_op
              yield %2 : !transform.any_op
            }
            %1 = cast %0 : !transform.any_op to !transform.op<"func.func">
          }
        }
    """
    check(m, text)


def test_transform_script_runs_in_the_interpreter(ctx):
    m = Module.parse(PAYLOAD)
    m.operation.attributes["transform.with_named_sequence"] = UnitAttr.get()
    with InsertionPoint(m.body):
        _transform_script()
    assert m.operation.verify()
    PassManager.parse("builtin.module(transform-interpreter)").run(
        m.operation)
    assert "%0 = linalg.matmul {found} ins(%arg0, %arg0" in str(m)


def test_transform_bad_input(ctx):
    m = Module.create()
    any_op = transform.AnyOpType.get()
    with InsertionPoint(m.body):
        with pytest.raises(TypeError, match=r"transform\.named_sequence: "
                                            r"input_types\[1\]"):
            transform.NamedSequenceOp("main", [any_op, "x"], [])
        with pytest.raises(TypeError, match=r"transform\.named_sequence: "
                                            r"sym_name"):
            transform.NamedSequenceOp(3, [any_op], [])
        with pytest.raises(TypeError, match=r"transform\.sequence: target"):
            transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                 [], "root")
        with pytest.raises(TypeError, match=r"transform\.sequence: results"):
            transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                 any_op, any_op)
        seq = transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                   [], any_op)
        with InsertionPoint(seq.body):
            with pytest.raises(TypeError, match=r"transform\.yield: "
                                                r"operands"):
                transform.YieldOp(["x"])
            transform.YieldOp()
    assert m.operation.verify()


def test_transform_named_sequence_with_results_and_replicate():
    def body():
        module_op = InsertionPoint.current.block.owner
        module_op.attributes["transform.with_named_sequence"] = \
            UnitAttr.get()
        any_op = transform.AnyOpType.get()
        seq = transform.NamedSequenceOp("rep", [any_op, any_op], [any_op],
                                        sym_visibility="private")
        assert len(seq.bodyExtraArgs) == 1
        with InsertionPoint(seq.body):
            rep = transform.ReplicateOp(seq.bodyTarget,
                                        [seq.bodyExtraArgs[0]])
            transform.YieldOp(rep.results)

    check(build(body), """
        module attributes {transform.with_named_sequence} {
          transform.named_sequence private @rep(%arg0: !transform.any_op, %arg1: !transform.any_op) -> !transform.any_op {
            %0 = transform.replicate num(%arg0) %arg1 : !transform.any_op, !transform.any_op
            transform.yield %0 : !transform.any_op
          }
        }
    """)


# -- registered passes, match_op_names ----------------------------------------

def test_transform_apply_registered_pass_with_options(ctx):
    m = Module.parse("""
    func.func @f(%a: i32) -> i32 {
      %c0 = arith.constant 0 : i32
      %0 = arith.addi %a, %c0 : i32
      return %0 : i32
    }""")
    m.operation.attributes["transform.with_named_sequence"] = UnitAttr.get()
    any_op = transform.AnyOpType.get()
    i64 = IntegerType.get_signless(64)
    with InsertionPoint(m.body):
        seq = transform.NamedSequenceOp("__transform_main", [any_op], [])
        with InsertionPoint(seq.body):
            fns = structured.MatchOp.match_op_names(seq.bodyTarget,
                                                    "func.func")
            assert isinstance(fns, structured.MatchOp)
            typed = structured.MatchOp.match_op_names(
                transform.OperationType.get("func.func"), seq.bodyTarget,
                ["func.func"])
            assert str(typed.result.type) == '!transform.op<"func.func">'
            iters = transform.ParamConstantOp(transform.ParamType.get(i64),
                                              IntegerAttr.get(i64, 10))
            out = transform.apply_registered_pass(
                any_op, fns, "canonicalize",
                options={"max-iterations": iters, "test-convergence": True,
                         "disable-patterns": ["a", "b"]})
            assert out.type == any_op
            transform.YieldOp()
    assert m.operation.verify()
    text = str(m.body.operations[1])
    assert text == """\
transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
  %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
  %1 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.op<"func.func">
  %2 = transform.param.constant 10 : i64 -> !transform.param<i64>
  %3 = transform.apply_registered_pass "canonicalize" with options = {"disable-patterns" = ["a", "b"], "max-iterations" = %2, "test-convergence" = true} to %0 : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
  transform.yield 
}"""
    assert str(Module.parse(str(m))) == str(m)
    PassManager.parse("builtin.module(transform-interpreter)").run(
        m.operation)
    assert str(m.body.operations[0]) == """\
func.func @f(%arg0: i32) -> i32 {
  return %arg0 : i32
}"""


def test_transform_registered_pass_and_match_bad_input(ctx):
    m = Module.create()
    any_op = transform.AnyOpType.get()
    with InsertionPoint(m.body):
        seq = transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                   [], any_op)
        with InsertionPoint(seq.body):
            t = seq.bodyTarget
            with pytest.raises(TypeError, match=r"transform\.apply_registered"
                                                r"_pass: options\['x'\]"):
                transform.apply_registered_pass(any_op, t, "cse",
                                                options={"x": 1.5})
            with pytest.raises(TypeError, match=r"transform\.apply_registered"
                                                r"_pass: pass_name"):
                transform.apply_registered_pass(any_op, t, 3)
            with pytest.raises(TypeError, match=r"transform\.apply_registered"
                                                r"_pass: options must"):
                transform.apply_registered_pass(any_op, t, "cse",
                                                options=["x"])
            with pytest.raises(TypeError, match=r"transform\.structured\."
                                                r"match: names"):
                structured.MatchOp.match_op_names(t, [1])
            with pytest.raises(TypeError, match=r"transform\.structured\."
                                                r"match: target"):
                structured.MatchOp.match_op_names("t", "func.func")
            transform.YieldOp()
    assert m.operation.verify()


# -- upstream's builders and the interpreter module ---------------------------

def _upstream_transform_script(seen):
    from mlir.dialects import transform
    from mlir.dialects.transform import structured
    module_op = InsertionPoint.current.block.owner
    module_op.attributes["transform.with_named_sequence"] = ir.UnitAttr.get()
    any_op = transform.any_op_t()
    func_t = transform.OperationType.get("func.func")
    seq = transform.named_sequence("__transform_main", [any_op], [],
                                   arg_attrs=[{"transform.readonly": ir.UnitAttr.get()}])
    seen["named"] = type(seq).__name__
    with InsertionPoint(seq.body):
        funcs = structured.MatchOp.match_op_names(seq.bodyTarget, ["func.func"])
        typed = transform.cast(func_t, funcs)
        merged = transform.merge_handles([funcs, funcs], deduplicate=True,
                                         results=[any_op])
        parent = transform.get_parent_op(any_op, typed, allow_empty_results=True,
                                         op_name="builtin.module")
        rep = transform.replicate(parent, [merged])
        patterns = transform.apply_patterns(typed, apply_cse=True, max_iterations=3)
        with InsertionPoint(patterns.patterns):
            transform.ApplyCanonicalizationPatternsOp()
        loop = transform.ForeachOp([func_t], [typed])
        seen["foreach_targets"] = len(loop.bodyTargets)
        with InsertionPoint(loop.body):
            transform.yield_([loop.bodyTargets[0]])
        bare = transform.foreach([], [merged])
        seen["foreach_none"] = type(bare).__name__
        with InsertionPoint(bare.body):
            transform.yield_()
        transform.yield_()
    inner = transform.named_sequence("noop", [any_op], [any_op],
                                      sym_visibility="private")
    with InsertionPoint(inner.body):
        transform.yield_([inner.bodyTarget])
    top = transform.sequence(transform.FailurePropagationMode.Propagate, [],
                             any_op)
    seen["sequence"] = type(top).__name__
    with InsertionPoint(top.body):
        transform.YieldOp()
    return seq


def test_transform_upstream_builders():
    seen = {}
    check(build(lambda: _upstream_transform_script(seen)), """
        module attributes {transform.with_named_sequence} {
          transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
            %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
            %1 = transform.cast %0 : !transform.any_op to !transform.op<"func.func">
            %2 = transform.merge_handles deduplicate %0, %0 : !transform.any_op
            %3 = transform.get_parent_op %1 {allow_empty_results, op_name = "builtin.module"} : (!transform.op<"func.func">) -> !transform.any_op
            %4 = transform.replicate num(%3) %2 : !transform.any_op, !transform.any_op
            transform.apply_patterns to %1 {
              transform.apply_patterns.canonicalization
            } {apply_cse, max_iterations = 3 : i64} : !transform.op<"func.func">
            %5 = transform.foreach %1 : !transform.op<"func.func"> -> !transform.op<"func.func"> {
            ^bb0(%arg1: !transform.op<"func.func">):
              transform.yield %arg1 : !transform.op<"func.func">
            }
            transform.foreach %2 : !transform.any_op {
            ^bb0(%arg1: !transform.any_op):
            }
            transform.yield 
          }
          transform.named_sequence private @noop(%arg0: !transform.any_op) -> !transform.any_op {
            transform.yield %arg0 : !transform.any_op
          }
          transform.sequence  failures(propagate) {
          ^bb0(%arg0: !transform.any_op):
          }
        }
    """)
    assert seen == {"named": "NamedSequenceOp", "foreach_targets": 1,
                    "foreach_none": "ForeachOp", "sequence": "SequenceOp"}


_PAYLOAD = """
func.func @f(%arg0: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %arg0, %c0 : i32
  return %0 : i32
}
"""


_CANONICALIZE = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %0 {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
}
"""


_FOLDED = """module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
"""


def test_transform_interpreter(ctx):
    from mlir.dialects import transform
    from mlir.dialects.transform import interpreter

    opts = interpreter.TransformOptions()
    assert opts.expensive_checks and opts.enforce_single_top_level_transform_op
    opts.expensive_checks = False
    opts.enforce_single_top_level_transform_op = False
    assert not opts.expensive_checks
    assert not opts.enforce_single_top_level_transform_op

    script = ir.Module.parse(_CANONICALIZE)
    main = script.body.operations[0]
    assert isinstance(main, transform.NamedSequenceOp)

    payload = ir.Module.parse(_PAYLOAD)
    interpreter.apply_named_sequence(payload, main, script)
    assert str(payload) == _FOLDED

    payload = ir.Module.parse(_PAYLOAD)
    interpreter.apply_named_sequence(payload.operation, main.operation,
                                     script.operation, opts)
    assert str(payload) == _FOLDED

    payload = ir.Module.parse(_PAYLOAD)
    assert main.apply(payload) is payload
    assert str(payload) == _FOLDED

    bad = ir.Module.parse("""
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.get_parent_op %arg0 {op_name = "foo.bar"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}""")
    with pytest.raises(ValueError,
                       match=r'^Failed to apply named transform sequence\.\nDiagnostic message at loc\("-":4:10\): could not find a parent op that matches all requirements') as err:
        interpreter.apply_named_sequence(payload, bad.body.operations[0], bad)
    assert str(err.value).startswith(
        "Failed to apply named transform sequence.\n"
        'Diagnostic message at loc("-":4:10): could not find a parent op '
        "that matches all requirements")

    detached = transform.NamedSequenceOp("x", [transform.any_op_t()], [],
                                         loc=ir.Location.unknown())
    with pytest.raises(ValueError, match="in a module"):
        detached.apply(payload)


def test_transform_copy_symbols_and_merge_into(ctx):
    from mlir.dialects.transform import interpreter
    a = ir.Module.parse("func.func private @g()\nfunc.func @h() { return }")
    b = ir.Module.parse("func.func private @g()\nfunc.func @k() { return }")
    interpreter.copy_symbols_and_merge_into(a, b)
    assert str(a) == """module {
  func.func private @g()
  func.func @h() {
    return
  }
  func.func @k() {
    return
  }
}
"""
    clash = ir.Module.parse("func.func @h() { return }")
    with pytest.raises(ValueError, match="Failed to merge symbols.\n"
                       "Diagnostic message at .*doubly defined symbol @h"):
        interpreter.copy_symbols_and_merge_into(a, clash)


# -- transform.structured, upstream's builders --------------------------------

def _structured_script(seen):
    from mlir.dialects import transform
    from mlir.dialects.transform import structured
    module_op = InsertionPoint.current.block.owner
    module_op.attributes["transform.with_named_sequence"] = ir.UnitAttr.get()
    any_op = transform.any_op_t()
    main = transform.named_sequence(
        "__transform_main", [any_op], [],
        arg_attrs=[{"transform.readonly": ir.UnitAttr.get()}])
    with InsertionPoint(main.body):
        mm = structured.MatchOp.match_op_names(main.bodyTarget,
                                               ["linalg.matmul"])
        tiled = structured.TileUsingForOp(mm, sizes=[2, 0, 4],
                                          interchange=[1, 0, 2])
        seen["loops"] = len(tiled.results) - 1
        forall = structured.TileUsingForallOp(
            tiled.results[0], tile_sizes=[1, 2],
            mapping=ir.Attribute.parse("[#gpu.thread<x>, #gpu.thread<y>]"))
        fill = structured.MatchOp.match_op_names(main.bodyTarget,
                                                 ["linalg.fill"])
        fused = structured.FuseOp(fill, tile_sizes=[4, 8], use_forall=True)
        seen["fused"] = len(fused.results)
        gen = structured.GeneralizeOp(forall.results[0])
        structured.InterchangeOp(gen, iterator_interchange=[1, 0, 2])
        structured.VectorizeOp(fill, [4, [8]], vectorize_nd_extract=True)
        structured.DecomposeOp(fill)
        structured.ScalarizeOp(fill)
        transform.yield_()


def test_transform_structured_builders():
    seen = {}
    check(build(lambda: _structured_script(seen)), """
        module attributes {transform.with_named_sequence} {
          transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
            %0 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.any_op
            %tiled_linalg_op, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [2, 0, 4] interchange = [1, 0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
            %tiled_op, %forall_op = transform.structured.tile_using_forall %tiled_linalg_op tile_sizes [1, 2](mapping = [#gpu.thread<x>, #gpu.thread<y>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
            %1 = transform.structured.match ops{["linalg.fill"]} in %arg0 : (!transform.any_op) -> !transform.any_op
            %transformed, %loops_0 = transform.structured.fuse %1 tile_sizes [4, 8] {use_forall} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
            %2 = transform.structured.generalize %tiled_op : (!transform.any_op) -> !transform.any_op
            %3 = transform.structured.interchange %2 iterator_interchange = [1, 0, 2] : (!transform.any_op) -> !transform.any_op
            transform.structured.vectorize %1 vector_sizes [4, [8]] {vectorize_nd_extract} : !transform.any_op
            %4 = transform.structured.decompose %1 : (!transform.any_op) -> !transform.any_op
            %5 = transform.structured.scalarize %1 : (!transform.any_op) -> !transform.any_op
            transform.yield 
          }
        }
    """)
    assert seen == {"loops": 2, "fused": 2}


def test_transform_structured_tiling_runs(ctx):
    from mlir.dialects import transform
    from mlir.dialects.transform import structured
    payload = ir.Module.parse("""
func.func @mm(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}""")
    script = ir.Module.create()
    script.operation.attributes["transform.with_named_sequence"] = \
        ir.UnitAttr.get()
    any_op = transform.any_op_t()
    with InsertionPoint(script.body):
        main = transform.named_sequence("__transform_main", [any_op], [])
        with InsertionPoint(main.body):
            mm = structured.MatchOp.match_op_names(main.bodyTarget,
                                                   ["linalg.matmul"])
            structured.TileUsingForOp(mm, sizes=[4, 4])
            transform.yield_()
    assert script.operation.verify()
    main.apply(payload)
    text = str(payload)
    assert text.count("scf.for") == 2, text
    assert "linalg.matmul ins(%extracted_slice, %extracted_slice_3 : " \
        "tensor<4x16xf32>, tensor<16x4xf32>)" in text, text


def test_transform_structured_bad_input(ctx):
    from mlir.dialects import transform
    from mlir.dialects.transform import structured
    module = ir.Module.create()
    with InsertionPoint(module.body):
        seq = transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                   [], transform.AnyOpType.get())
        with InsertionPoint(seq.body):
            t = seq.bodyTarget
            with pytest.raises(TypeError, match="must either both"):
                structured.VectorizeOp(t, [4], scalable_sizes=[False])
            with pytest.raises(TypeError, match="expected to be one"):
                structured.TileUsingForallOp(transform.AnyOpType.get(), t)
            with pytest.raises(ValueError, match="two targets"):
                structured.TileUsingForOp(t, t, sizes=[1])
            with pytest.raises(TypeError, match="scalable"):
                structured.TileUsingForOp(t, sizes=[1.5])
            with pytest.raises(TypeError, match=r"GeneralizeOp\.__init__"):
                structured.GeneralizeOp()


# -- the extensions' builders -------------------------------------------------

# Each case builds the body of @__transform_main (given its root handle);
# the module must verify and print exactly as given.
CASES = {}


def case(expected):
    def register(fn):
        CASES[fn.__name__] = (fn, expected)
        return fn
    return register


def _main_sequence(body):
    """In the current context: a verified module holding @__transform_main
    filled by body(root); returns (module, the named sequence)."""
    module = Module.create()
    module.operation.attributes["transform.with_named_sequence"] = \
        ir.UnitAttr.get()
    with InsertionPoint(module.body):
        seq = transform.NamedSequenceOp("__transform_main", [any_op()], [])
        with InsertionPoint(seq.body):
            body(seq.bodyTarget)
            transform.YieldOp()
    assert module.operation.verify()
    return module, seq


def script(body):
    """A verified module holding @__transform_main filled by body(root)."""
    with Context(), Location.unknown():
        return _main_sequence(body)[0]


def _wrap(body_text):
    lines = textwrap.dedent(body_text).strip("\n").splitlines()
    inner = "\n".join("    " + line for line in lines)
    return ("module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main(%arg0: "
            "!transform.any_op) {\n" + inner + "\n    transform.yield \n"
            "  }\n}\n")


# -- transform.structured ---------------------------------------------------

@case("""
%0 = transform.structured.match ops{["linalg.fill"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%allocated_buffer, %new_ops = transform.structured.bufferize_to_allocation %0 : !transform.any_op
%1 = transform.structured.match ops{["linalg.fill"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%allocated_buffer_0, %new_ops_1 = transform.structured.bufferize_to_allocation %1 {memory_space = 3 : i64} : !transform.any_op
%2 = transform.structured.match ops{["linalg.fill"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%allocated_buffer_2, %new_ops_3 = transform.structured.bufferize_to_allocation %2 {memory_space = #gpu.address_space<workgroup>} : !transform.any_op
%3 = transform.structured.match ops{["linalg.fill"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%allocated_buffer_4, %new_ops_5 = transform.structured.bufferize_to_allocation %3 {alloc_op = "memref.alloca", bufferize_destination_only, memcpy_op = "linalg.copy", memory_space = 5 : i64} : !transform.any_op
""")
def structured_bufferize_to_allocation(root):
    import mlir.dialects.gpu  # noqa: F401  (the #gpu attribute's dialect)
    structured.BufferizeToAllocationOp(match(root, "linalg.fill"))
    structured.BufferizeToAllocationOp(match(root, "linalg.fill"),
                                       memory_space=3)
    structured.BufferizeToAllocationOp(
        match(root, "linalg.fill"),
        memory_space="#gpu.address_space<workgroup>")
    structured.BufferizeToAllocationOp(
        match(root, "linalg.fill"), memory_space=A("5"),
        memcpy_op="linalg.copy", alloc_op="memref.alloca",
        bufferize_destination_only=True)


@case("""
%0 = transform.structured.match ops{["linalg.fill"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%1 = transform.structured.match ops{["scf.forall"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%fused_op, %new_containing_op = transform.structured.fuse_into_containing_op %0 into %1 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
%2 = transform.structured.match ops{["linalg.fill"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%3 = transform.structured.match ops{["scf.forall"]} in %arg0 : (!transform.any_op) -> !transform.op<"scf.forall">
%fused_op_0, %new_containing_op_1 = transform.structured.fuse_into_containing_op %2 into %3 : (!transform.any_op, !transform.op<"scf.forall">) -> (!transform.op<"linalg.fill">, !transform.op<"scf.forall">)
""")
def structured_fuse_into_containing(root):
    structured.FuseIntoContainingOp(match(root, "linalg.fill"),
                                    match(root, "scf.forall"))
    structured.FuseIntoContainingOp(
        op_t("linalg.fill"), op_t("scf.forall"), match(root, "linalg.fill"),
        match(root, "scf.forall", op_t("scf.forall")))


@case("""
%0 = transform.structured.match ops{["linalg.copy"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%forall_op, %tiled_op = transform.structured.gpu.map_copy_to_threads %0 total_num_threads = 32 desired_bit_alignment = 128 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
%1 = transform.structured.match ops{["linalg.copy"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%forall_op_0, %tiled_op_1 = transform.structured.gpu.map_copy_to_threads %1 total_num_threads = 8 desired_bit_alignment = 64 : (!transform.any_op) -> (!transform.op<"scf.forall">, !transform.op<"linalg.copy">)
""")
def structured_map_copy_to_threads(root):
    structured.MapCopyToThreadsOp(match(root, "linalg.copy"),
                                  total_num_threads=32,
                                  desired_bit_alignment=128)
    structured.MapCopyToThreadsOp(op_t("scf.forall"), op_t("linalg.copy"),
                                  match(root, "linalg.copy"),
                                  total_num_threads=i64(8),
                                  desired_bit_alignment=64)


@case("""
%0 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%low_size, %high_size, %split_point = transform.structured.multitile_sizes %0 {dimension = 1 : i64, divisor = 2 : i64, target_size = 3 : i64} : (!transform.any_op) -> !transform.any_param
%low_size_0, %high_size_1, %split_point_2 = transform.structured.multitile_sizes %0 {dimension = 0 : i64, target_size = 8 : i64} : (!transform.any_op) -> !transform.param<i64>
""")
def structured_multitile_sizes(root):
    target = match(root, "linalg.matmul")
    structured.MultiTileSizesOp(transform.AnyParamType.get(), target,
                                dimension=1, target_size=3, divisor=2)
    structured.MultiTileSizesOp(transform.ParamType.get(
        IntegerType.get_signless(64)), target, dimension=0,
        target_size=i64(8))


@case("""
%0 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%padded, %pad, %copy = transform.structured.pad %0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
%1 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%padded_0, %pad_1, %copy_2 = transform.structured.pad %1 pad_to_multiple_of [1, 2] {copy_back_op = "linalg.copy", nofold_flags = [0, 1], padding_dimensions = [0, 1], padding_values = [4.200000e+01 : f32, 0.000000e+00 : f32], transpose_paddings = [[1, 0], [0, 1]]} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
%2 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%3 = transform.param.constant 4 : i64 -> !transform.any_param
%padded_3, %pad_4, %copy_5 = transform.structured.pad %2 pad_to_multiple_of [%3, 8] {padding_dimensions = [0, 1], transpose_paddings = [[1, 0]]} : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
""")
def structured_pad(root):
    f32 = ir.F32Type.get()
    structured.PadOp(match(root, "linalg.matmul"))
    structured.PadOp(match(root, "linalg.matmul"),
                     pad_to_multiple_of=[1, 2],
                     padding_values=[ir.FloatAttr.get(f32, 42.0),
                                     ir.FloatAttr.get(f32, 0.0)],
                     padding_dimensions=[0, 1], nofold_flags=[0, 1],
                     transpose_paddings=[[1, 0], [0, 1]],
                     copy_back_op="linalg.copy")
    target = match(root, "linalg.matmul")
    param = transform.ParamConstantOp(transform.AnyParamType.get(),
                                      i64(4)).result
    structured.PadOp(target, pad_to_multiple_of=[param, 8],
                     padding_dimensions=[0, 1],
                     transpose_paddings=[ir.ArrayAttr.get([i64(1), i64(0)])])


@case("""
%0 = transform.structured.match ops{["linalg.generic"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%1 = transform.structured.split %0 after 42  {dimension = 1 : i64} : !transform.any_op
%2 = transform.structured.match ops{["linalg.generic"]} in %arg0 : (!transform.any_op) -> !transform.op<"linalg.generic">
%3 = transform.structured.match ops{["arith.constant"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%4 = transform.structured.split %2 after %3  {dimension = 0 : i64} : !transform.op<"linalg.generic">, !transform.any_op
%5 = transform.structured.match ops{["linalg.generic"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%6 = transform.structured.split %5 after 4  {dimension = 3 : i64} : !transform.any_op
""")
def structured_split(root):
    structured.SplitOp(match(root, "linalg.generic"), 1, 42)
    target = match(root, "linalg.generic", op_t("linalg.generic"))
    structured.SplitOp(target, 0, match(root, "arith.constant"))
    structured.SplitOp(match(root, "linalg.generic"), i64(3), 4)


@case("""
%0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%1 = transform.structured.vectorize_children_and_apply_patterns %0 : (!transform.any_op) -> !transform.any_op
%2 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%3 = transform.structured.vectorize_children_and_apply_patterns %2 {disable_multi_reduction_to_contract_patterns, disable_transfer_permutation_map_lowering_patterns, flatten_1d_depthwise_conv, fold_type_extensions_into_contract, vectorize_nd_extract, vectorize_padding} : (!transform.any_op) -> !transform.any_op
""")
def structured_vectorize_children(root):
    structured.VectorizeChildrenAndApplyPatternsOp(match(root, "func.func"))
    structured.VectorizeChildrenAndApplyPatternsOp(
        match(root, "func.func"),
        disable_multi_reduction_to_contract_patterns=True,
        disable_transfer_permutation_map_lowering_patterns=True,
        vectorize_nd_extract=True, vectorize_padding=True,
        flatten_1d_depthwise_conv=True,
        fold_type_extensions_into_contract=True)


# -- transform.bufferization --------------------------------------------------

@case("""
%0 = transform.structured.match ops{["tensor.empty"]} in %arg0 : (!transform.any_op) -> !transform.op<"tensor.empty">
%1 = transform.bufferization.empty_tensor_to_alloc_tensor %0 : (!transform.op<"tensor.empty">) -> !transform.op<"bufferization.alloc_tensor">
%2 = transform.structured.match ops{["tensor.empty"]} in %arg0 : (!transform.any_op) -> !transform.op<"tensor.empty">
%3 = transform.bufferization.empty_tensor_to_alloc_tensor %2 : (!transform.op<"tensor.empty">) -> !transform.op<"bufferization.alloc_tensor">
%4 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%5 = transform.bufferization.one_shot_bufferize %4 : (!transform.any_op) -> !transform.any_op
%6 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%7 = transform.bufferization.one_shot_bufferize layout{IdentityLayoutMap} %6 {allow_return_allocs_from_loops = true, allow_unknown_ops = true, bufferize_function_boundaries = true, memcpy_op = "linalg.copy", print_conflicts = true, test_analysis_only = true} : (!transform.any_op) -> !transform.op<"func.func">
""")
def bufferization_ops(root):
    from mlir.dialects.bufferization import LayoutMapOption
    empty = op_t("tensor.empty")
    bufferization.EmptyTensorToAllocTensorOp(
        match(root, "tensor.empty", empty))
    bufferization.EmptyTensorToAllocTensorOp(
        op_t("bufferization.alloc_tensor"),
        match(root, "tensor.empty", empty))
    bufferization.OneShotBufferizeOp(match(root, "func.func"))
    bufferization.OneShotBufferizeOp(
        op_t("func.func"), match(root, "func.func"),
        allow_return_allocs_from_loops=True, allow_unknown_ops=True,
        bufferize_function_boundaries=True,
        function_boundary_type_conversion=LayoutMapOption.IdentityLayoutMap,
        memcpy_op="linalg.copy", print_conflicts=True,
        test_analysis_only=True)


# -- transform.loop -----------------------------------------------------------

@case("""
%0 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%function, %call = transform.loop.outline %0 {func_name = "foo"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
%1 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%function_0, %call_1 = transform.loop.outline %1 {func_name = "bar"} : (!transform.any_op) -> (!transform.op<"func.func">, !transform.op<"func.call">)
%2 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.op<"scf.for">
%peeled_loop, %remainder_loop = transform.loop.peel %2 : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
%3 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.op<"scf.for">
%peeled_loop_2, %remainder_loop_3 = transform.loop.peel %3 {fail_if_already_divisible = true, peel_front = true} : (!transform.op<"scf.for">) -> (!transform.op<"scf.for">, !transform.op<"scf.for">)
%4 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.op<"scf.for">
%5 = transform.loop.pipeline %4 : (!transform.op<"scf.for">) -> !transform.any_op
%6 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.op<"scf.for">
%7 = transform.loop.pipeline %6 {iteration_interval = 3 : i64, read_latency = 5 : i64} : (!transform.op<"scf.for">) -> !transform.any_op
%8 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.any_op
transform.loop.unroll %8 {factor = 4 : i64} : !transform.any_op
%9 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.any_op
transform.loop.unroll %9 {factor = 2 : i64} : !transform.any_op
%10 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.any_op
transform.loop.hoist_loop_invariant_subsets %10 : !transform.any_op
transform.loop.hoist_loop_invariant_subsets %10 : !transform.any_op
""")
def loop_ops(root):
    for_t = op_t("scf.for")
    loop.LoopOutlineOp(any_op(), any_op(), match(root, "scf.for"),
                       func_name="foo")
    loop.LoopOutlineOp(op_t("func.func"), op_t("func.call"),
                       match(root, "scf.for"),
                       func_name=StringAttr.get("bar"))
    loop.LoopPeelOp(any_op(), any_op(), match(root, "scf.for", for_t))
    loop.LoopPeelOp(for_t, for_t, match(root, "scf.for", for_t),
                    peel_front=True,
                    fail_if_already_divisible=BoolAttr.get(True))
    loop.LoopPipelineOp(any_op(), match(root, "scf.for", for_t))
    loop.LoopPipelineOp(any_op(), match(root, "scf.for", for_t),
                        iteration_interval=3, read_latency=i64(5))
    loop.LoopUnrollOp(match(root, "scf.for"), factor=4)
    loop.LoopUnrollOp(match(root, "scf.for"), factor=i64(2))
    target = match(root, "scf.for")
    loop.HoistLoopInvariantSubsetsOp(target)
    loop.loop_hoist_loop_invariant_subsets(target)


# -- transform.gpu ------------------------------------------------------------

@case("""
%0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%1 = transform.gpu.map_forall_to_blocks %0 : (!transform.any_op) -> !transform.any_op
%2 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%3 = transform.gpu.map_forall_to_blocks %2 generate_gpu_launch grid_dims = [4, 2, 1] : (!transform.any_op) -> !transform.op<"gpu.launch">
%4 = transform.structured.match ops{["gpu.launch"]} in %arg0 : (!transform.any_op) -> !transform.op<"gpu.launch">
%5 = transform.gpu.map_nested_forall_to_threads %4 block_dims = [] : (!transform.op<"gpu.launch">) -> !transform.op<"gpu.launch">
%6 = transform.structured.match ops{["gpu.launch"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%7 = transform.gpu.map_nested_forall_to_threads %6 block_dims = [32, 4, 1] sync_after_distribute = false warp_size = 64 : (!transform.any_op) -> !transform.op<"gpu.launch">
""")
def gpu_ops(root):
    launch = op_t("gpu.launch")
    gpu.MapForallToBlocks(match(root, "func.func"))
    gpu.MapForallToBlocks(launch, match(root, "func.func"),
                          grid_dims=[4, 2, 1], generate_gpu_launch=True)
    gpu.MapNestedForallToThreads(match(root, "gpu.launch", launch))
    gpu.MapNestedForallToThreads(launch, match(root, "gpu.launch"),
                                 block_dims=[32, 4, 1], warp_size=64,
                                 sync_after_distribute=False)


# -- transform.memref / transform.tensor --------------------------------------

@case("""
%0 = transform.structured.match ops{["memref.alloca"]} in %arg0 : (!transform.any_op) -> !transform.op<"memref.alloca">
%getGlobal, %global = transform.memref.alloca_to_global %0 : (!transform.op<"memref.alloca">) -> (!transform.any_op, !transform.any_op)
%1 = transform.structured.match ops{["memref.alloca"]} in %arg0 : (!transform.any_op) -> !transform.op<"memref.alloca">
%getGlobal_0, %global_1 = transform.memref.alloca_to_global %1 : (!transform.op<"memref.alloca">) -> (!transform.op<"memref.get_global">, !transform.op<"memref.global">)
%2 = transform.structured.match ops{["memref.alloc"]} in %arg0 : (!transform.any_op) -> !transform.op<"memref.alloc">
%3 = transform.memref.multibuffer %2 {factor = 2 : i64} : (!transform.op<"memref.alloc">) -> !transform.any_op
%4 = transform.structured.match ops{["memref.alloc"]} in %arg0 : (!transform.any_op) -> !transform.op<"memref.alloc">
%5 = transform.memref.multibuffer %4 {factor = 4 : i64, skip_analysis} : (!transform.op<"memref.alloc">) -> !transform.op<"memref.alloc">
%6 = transform.structured.match ops{["tensor.pad"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%7 = transform.tensor.make_loop_independent %6 {num_loops = 4 : i64} : (!transform.any_op) -> !transform.any_op
%8 = transform.structured.match ops{["tensor.pad"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%9 = transform.tensor.make_loop_independent %8 {num_loops = 2 : i64} : (!transform.any_op) -> !transform.op<"tensor.pad">
""")
def memref_and_tensor_ops(root):
    alloca, alloc = op_t("memref.alloca"), op_t("memref.alloc")
    memref.MemRefAllocaToGlobalOp(match(root, "memref.alloca", alloca))
    memref.MemRefAllocaToGlobalOp(op_t("memref.get_global"),
                                  op_t("memref.global"),
                                  match(root, "memref.alloca", alloca))
    memref.MemRefMultiBufferOp(match(root, "memref.alloc", alloc), 2)
    memref.MemRefMultiBufferOp(alloc, match(root, "memref.alloc", alloc), 4,
                               skip_analysis=True)
    tensor.MakeLoopIndependentOp(match(root, "tensor.pad"), 4)
    tensor.MakeLoopIndependentOp(op_t("tensor.pad"),
                                 match(root, "tensor.pad"), i64(2))


# -- transform.debug / transform.tune / transform.smt -------------------------

@case("""
transform.debug.emit_remark_at %arg0, "hello" : !transform.any_op
transform.debug.emit_remark_at %arg0, "world" : !transform.any_op
%0 = transform.param.constant 4 : i64 -> !transform.any_param
transform.debug.emit_param_as_remark %0 : !transform.any_param
transform.debug.emit_param_as_remark %0, "msg" at %arg0 : !transform.any_param, !transform.any_op
""")
def debug_ops(root):
    assert isinstance(debug.EmitRemarkAtOp(root, "hello"),
                      debug.EmitRemarkAtOp)
    assert isinstance(debug.emit_remark_at(root, StringAttr.get("world")),
                      debug.EmitRemarkAtOp)
    param = transform.ParamConstantOp(transform.AnyParamType.get(),
                                      i64(4)).result
    debug.EmitParamAsRemarkOp(param)
    assert isinstance(debug.emit_param_as_remark(param, anchor=root,
                                                 message="msg"),
                      debug.EmitParamAsRemarkOp)


@case("""
%0 = transform.tune.knob<"a"> options = [1, 2, 3] -> !transform.param<i64>
%1 = transform.tune.knob<"b"> = 3.500000e+00 : f64 from options = [true, 2, 3.500000e+00, "s", unit] -> !transform.any_param
%2 = transform.tune.knob<"c"> = 4 : i64 from options = [4] -> !transform.param<i64>
%3 = transform.tune.knob<"d"> = 7 : i64 from options = [7] -> !transform.param<i64>
%4 = transform.tune.knob<"e"> = "y" from options = ["x", "y"] -> !transform.any_param
transform.tune.alternatives<"alt"> {
  transform.debug.emit_remark_at %arg0, "first" : !transform.any_op
}, {
}
transform.tune.alternatives<"alt2"> selected_region = 0 {
}
transform.tune.alternatives<"alt3"> selected_region = 1 {
}, {
}
%5 = transform.tune.knob<"g"> options = [0] -> !transform.param<i64>
transform.tune.alternatives<"alt4"> selected_region = %5 : !transform.param<i64> {
}
""")
def tune_ops(root):
    p64 = transform.ParamType.get(IntegerType.get_signless(64))
    tune.KnobOp(p64, "a", [1, 2, 3])
    tune.KnobOp(transform.AnyParamType.get(), StringAttr.get("b"),
                [True, 2, 3.5, "s", ir.UnitAttr.get()], selected=3.5)
    tune.KnobOp(p64, "c", ir.ArrayAttr.get([i64(4)]), selected=i64(4))
    assert isinstance(tune.knob(p64, "d", [7], selected=7), tune.KnobOp)
    tune.KnobOp(transform.AnyParamType.get(), "e", ["x", "y"],
                selected="y")
    alt = tune.AlternativesOp([], "alt", 2)
    assert [len(r.blocks) for r in alt.regions] == [1, 1]
    with InsertionPoint(alt.regions[0].blocks[0]):
        debug.emit_remark_at(root, "first")
    for region in alt.regions:
        with InsertionPoint(region.blocks[0]):
            transform.YieldOp()
    alt2 = tune.alternatives([], "alt2", 1, selected_region=0)
    assert isinstance(alt2, tune.AlternativesOp)
    alt3 = tune.AlternativesOp([], "alt3", 2, selected_region=IntegerAttr.get(
        IntegerType.get_signless(32), 1))
    knob = tune.KnobOp(p64, "g", [0]).result
    alt4 = tune.AlternativesOp([], "alt4", 1, selected_region=knob)
    for op in (alt2, alt3, alt4):
        for region in op.regions:
            with InsertionPoint(region.blocks[0]):
                transform.YieldOp()


@case("""
%0 = transform.tune.knob<"k"> options = [1, 2] -> !transform.param<i64>
transform.smt.constrain_params(%0) : (!transform.param<i64>) -> () {
^bb0(%arg1: !smt.int):
}
%1 = transform.smt.constrain_params(%0, %0) : (!transform.param<i64>, !transform.param<i64>) -> !transform.any_param {
^bb0(%arg1: !smt.int, %arg2: !smt.int):
  %c5 = smt.int.constant 5
  smt.yield %c5 : !smt.int
}
""")
def smt_ops(root):
    from mlir.dialects import smt as smt_dialect
    smt_int = T("!smt.int")
    knob = tune.KnobOp(transform.ParamType.get(IntegerType.get_signless(64)),
                       "k", [1, 2]).result
    op = smt.ConstrainParamsOp([], [knob], [smt_int])
    assert isinstance(op.body, ir.Block)
    assert [str(a.type) for a in op.body.arguments] == ["!smt.int"]
    with InsertionPoint(op.body):
        smt_dialect.yield_([])
    op2 = smt.constrain_params([transform.AnyParamType.get()], [knob, knob],
                               [smt_int, smt_int])
    assert isinstance(op2, smt.ConstrainParamsOp)
    with InsertionPoint(op2.body):
        smt_dialect.yield_([smt_dialect.int_constant(i64(5))])


# -- transform.pdl --------------------------------------------------------------

@case("""
transform.with_pdl_patterns %arg0 : !transform.any_op {
^bb0(%arg1: !transform.any_op):
  pdl.pattern @funcs : benefit(1) {
    %0 = operation "func.func" 
    rewrite %0 with "transform.dialect"
  }
  sequence %arg1 : !transform.any_op failures(propagate) {
  ^bb0(%arg2: !transform.any_op):
    %0 = pdl_match @funcs in %arg2 : (!transform.any_op) -> !transform.any_op
    %1 = pdl_match @funcs in %arg2 : (!transform.any_op) -> !transform.op<"func.func">
    transform.debug.emit_remark_at %0, "found" : !transform.any_op
  }
}
""")
def pdl_ops(root):
    _pdl_script(root)


def _pdl_script(root):
    from mlir.dialects import pdl as pdl_dialect
    wp = pdl.WithPDLPatternsOp(root)
    assert isinstance(wp.body, ir.Block)
    assert wp.bodyTarget.type == any_op()
    with InsertionPoint(wp.body):
        # An operation without operand constraints matches ops without
        # operands.
        pattern = pdl_dialect.PatternOp(1, "funcs")
        with InsertionPoint(pattern.body):
            funcs = pdl_dialect.OperationOp(name="func.func")
            pdl_dialect.RewriteOp(funcs, "transform.dialect")
        seq = transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                   [], wp.bodyTarget)
        with InsertionPoint(seq.body):
            found = pdl.PDLMatchOp(any_op(), seq.bodyTarget, "funcs").result
            pdl.PDLMatchOp(op_t("func.func"), seq.bodyTarget,
                           ir.FlatSymbolRefAttr.get("funcs"))
            debug.emit_remark_at(found, "found")
            transform.YieldOp()


def test_with_pdl_patterns_on_a_type_has_no_operand(ctx):
    module = Module.create()
    with InsertionPoint(module.body):
        wp = pdl.WithPDLPatternsOp(any_op())
        with InsertionPoint(wp.body):
            seq = transform.SequenceOp(
                transform.FailurePropagationMode.Suppress, [],
                wp.bodyTarget)
            with InsertionPoint(seq.body):
                transform.YieldOp()
    assert len(wp.operands) == 0
    assert str(wp.bodyTarget.type) == "!transform.any_op"
    check(module, """
        module {
          transform.with_pdl_patterns {
          ^bb0(%arg0: !transform.any_op):
            sequence %arg0 : !transform.any_op failures(suppress) {
            ^bb0(%arg1: !transform.any_op):
            }
          }
        }
        """)


# -- transform.vector -----------------------------------------------------------

@case("""
transform.apply_patterns to %arg0 {
  transform.apply_patterns.vector.lower_contraction
  transform.apply_patterns.vector.lower_contraction lowering_strategy = llvmintr
  transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = innerreduction
  transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_16x16 avx2_lowering_strategy = true
  transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = "vector-transfer"
  transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = none
  transform.apply_patterns.vector.split_transfer_full_partial
} : !transform.any_op
""")
def vector_lowering_enums(root):
    patterns = transform.ApplyPatternsOp(root)
    with InsertionPoint(patterns.patterns):
        vector.ApplyLowerContractionPatternsOp(
            lowering_strategy=vector.VectorContractLowering.OuterProduct)
        vector.apply_patterns_vector_lower_contraction(
            lowering_strategy=vector.VectorContractLowering.LLVMIntr)
        vector.ApplyLowerMultiReductionPatternsOp(
            lowering_strategy=(
                vector.VectorMultiReductionLowering.InnerReduction))
        vector.ApplyLowerTransposePatternsOp(
            lowering_strategy=vector.VectorTransposeLowering.Shuffle16x16,
            avx2_lowering_strategy=True)
        vector.ApplySplitTransferFullPartialPatternsOp(
            split_transfer_strategy=(
                vector.VectorTransferSplit.VectorTransfer))
        vector.ApplySplitTransferFullPartialPatternsOp(
            split_transfer_strategy=vector.VectorTransferSplit.None_)
        vector.ApplySplitTransferFullPartialPatternsOp(
            split_transfer_strategy=vector.VectorTransferSplit.LinalgCopy)


def test_vector_enums_as_upstream():
    got = [(e.__name__, [(m.name, int(m), str(m)) for m in e])
           for e in (vector.VectorContractLowering,
                     vector.VectorMultiReductionLowering,
                     vector.VectorTransferSplit,
                     vector.VectorTransposeLowering)]
    assert got == [
        ("VectorContractLowering", [
            ("Dot", 0, "dot"), ("LLVMIntr", 1, "llvmintr"),
            ("OuterProduct", 2, "outerproduct"),
            ("ParallelArith", 3, "parallelarith")]),
        ("VectorMultiReductionLowering", [
            ("InnerParallel", 0, "innerparallel"),
            ("InnerReduction", 1, "innerreduction")]),
        ("VectorTransferSplit", [
            ("None_", 0, "none"), ("VectorTransfer", 1, "vector-transfer"),
            ("LinalgCopy", 2, "linalg-copy"),
            ("ForceInBounds", 3, "force-in-bounds")]),
        ("VectorTransposeLowering", [
            ("EltWise", 0, "eltwise"), ("LLVMIntr", 1, "llvmintr"),
            ("Shuffle1D", 2, "shuffle_1d"),
            ("Shuffle16x16", 3, "shuffle_16x16")]),
    ]
    assert f"{vector.VectorTransferSplit.LinalgCopy}" == "linalg-copy"


# -- transform.xegpu -------------------------------------------------------------

def _value_handle(root, name):
    """A value handle to the first result of the `name` ops under root."""
    return transform.GetResultOp(transform.AnyValueType.get(),
                                 match(root, name), [0]).result


def _param(value):
    """A !transform.any_param holding the i64 `value`."""
    return transform.ParamConstantOp(transform.AnyParamType.get(),
                                     i64(value)).result


@case("""
%0 = transform.structured.match ops{["xegpu.load_nd"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%1 = transform.get_result %0[0] : (!transform.any_op) -> !transform.any_value
%2 = transform.xegpu.get_desc_op %1 : (!transform.any_value) -> !transform.any_op
%3 = transform.xegpu.get_desc_op %1 : (!transform.any_value) -> !transform.any_op
""")
def xegpu_get_desc_op(root):
    value = _value_handle(root, "xegpu.load_nd")
    assert isinstance(xegpu.GetDescOp(value), xegpu.GetDescOp)
    assert isinstance(xegpu.get_desc_op(target=value), ir.Value)


@case("""
%0 = transform.structured.match ops{["xegpu.create_nd_tdesc"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%1 = transform.structured.match ops{["xegpu.create_nd_tdesc"]} in %arg0 : (!transform.any_op) -> !transform.op<"xegpu.create_nd_tdesc">
%2 = transform.param.constant 4 : i64 -> !transform.any_param
%3 = transform.xegpu.set_desc_layout %0 sg_layout = [8, 4] sg_data = [32, 32] : (!transform.any_op) -> !transform.any_op
%4 = transform.xegpu.set_desc_layout %1 sg_layout = [8, %2] sg_data = [32, 32] inst_data = [8, 16] slice_dims = [0] : (!transform.op<"xegpu.create_nd_tdesc">, !transform.any_param) -> !transform.op<"xegpu.create_nd_tdesc">
%5 = transform.xegpu.set_desc_layout %0 sg_layout = [8, 4] sg_data = [32, %2] inst_data = [%2, 16] : (!transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op
%6 = transform.xegpu.set_desc_layout %1 sg_layout = [8, 4] sg_data = [32, 32] slice_dims = [1] : (!transform.op<"xegpu.create_nd_tdesc">) -> !transform.op<"xegpu.create_nd_tdesc">
""")
def xegpu_set_desc_layout(root):
    desc = match(root, "xegpu.create_nd_tdesc")
    typed = match(root, "xegpu.create_nd_tdesc",
                  op_t("xegpu.create_nd_tdesc"))
    four = _param(4)
    assert isinstance(xegpu.SetDescLayoutOp(desc, [8, 4], [32, 32]),
                      xegpu.SetDescLayoutOp)
    xegpu.SetDescLayoutOp(typed, sg_layout=[8, four], sg_data=[i64(32), 32],
                          inst_data=[8, 16], slice_dims=[0])
    assert isinstance(xegpu.set_desc_layout(desc, (8, 4), (32, four),
                                            inst_data=[four, 16]), ir.Value)
    xegpu.set_desc_layout(target=typed,
                          sg_layout=ir.ArrayAttr.get([i64(8), i64(4)]),
                          sg_data=ir.DenseI64ArrayAttr.get([32, 32]),
                          inst_data=[],
                          slice_dims=ir.DenseI64ArrayAttr.get([1]))


@case("""
%0 = transform.structured.match ops{["xegpu.dpas"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%1 = transform.param.constant 4 : i64 -> !transform.any_param
transform.xegpu.set_op_layout_attr %0 sg_layout = [8, 4] sg_data = [32, 32] : !transform.any_op
transform.xegpu.set_op_layout_attr %0 result index = 1 sg_layout = [8, %1] sg_data = [32, 32] inst_data = [8, 16] slice_dims = [1] : !transform.any_op, !transform.any_param
transform.xegpu.set_op_layout_attr %0 index = 2 sg_layout = [8, 4] sg_data = [32, 32] : !transform.any_op
transform.xegpu.set_op_layout_attr %0 result sg_layout = [8, 4] sg_data = [32, 32] inst_data = [%1, 8] : !transform.any_op, !transform.any_param
""")
def xegpu_set_op_layout_attr(root):
    target = match(root, "xegpu.dpas")
    four = _param(4)
    assert isinstance(xegpu.SetOpLayoutAttrOp(target, [8, 4], [32, 32]),
                      xegpu.SetOpLayoutAttrOp)
    xegpu.SetOpLayoutAttrOp(target, sg_layout=[8, four], sg_data=[32, 32],
                            inst_data=[8, 16], slice_dims=[1], index=1,
                            result=True)
    assert isinstance(xegpu.set_op_layout_attr(target, [8, 4], [i64(32), 32],
                                               index=i64(2), result=False),
                      xegpu.SetOpLayoutAttrOp)
    xegpu.set_op_layout_attr(target=target, sg_layout=[8, 4],
                             sg_data=[32, 32], inst_data=[four, 8], index=0,
                             result=ir.UnitAttr.get())


@case("""
%0 = transform.structured.match ops{["gpu.launch"]} in %arg0 : (!transform.any_op) -> !transform.op<"gpu.launch">
%1 = transform.param.constant 4 : i64 -> !transform.any_param
transform.xegpu.set_gpu_launch_threads %0 threads = [128, 1, 1] : !transform.op<"gpu.launch">
transform.xegpu.set_gpu_launch_threads %0 threads = [%1, 2, 1] : !transform.op<"gpu.launch">, !transform.any_param
transform.xegpu.set_gpu_launch_threads %0 threads = [%1, %1, 1] : !transform.op<"gpu.launch">, !transform.any_param, !transform.any_param
transform.xegpu.set_gpu_launch_threads %0 threads = [32, 4, 1] : !transform.op<"gpu.launch">
""")
def xegpu_set_gpu_launch_threads(root):
    launch = match(root, "gpu.launch", op_t("gpu.launch"))
    four = _param(4)
    assert isinstance(xegpu.SetGPULaunchThreadsOp(launch, [128, 1, 1]),
                      xegpu.SetGPULaunchThreadsOp)
    xegpu.SetGPULaunchThreadsOp(launch, threads=[four, i64(2), 1])
    assert isinstance(xegpu.set_gpu_launch_threads(launch, (four, four, 1)),
                      xegpu.SetGPULaunchThreadsOp)
    xegpu.set_gpu_launch_threads(launch_op=launch, threads=[32, 4, 1])


@case("""
%0 = transform.structured.match ops{["xegpu.load_nd"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%1 = transform.get_result %0[0] : (!transform.any_op) -> !transform.any_value
%2 = transform.param.constant 2 : i64 -> !transform.any_param
%3 = transform.xegpu.insert_prefetch %1 nb_prefetch = 1 : (!transform.any_value) -> !transform.any_op
%4 = transform.xegpu.insert_prefetch %1 nb_prefetch = 3 : (!transform.any_value) -> !transform.any_op
%5 = transform.xegpu.insert_prefetch %1 nb_prefetch = %2 : (!transform.any_value, !transform.any_param) -> !transform.any_op
%6 = transform.xegpu.insert_prefetch %1 nb_prefetch = 5 : (!transform.any_value) -> !transform.any_op
%7 = transform.xegpu.insert_prefetch %1 nb_prefetch = 1 : (!transform.any_value) -> !transform.any_op
""")
def xegpu_insert_prefetch(root):
    value = _value_handle(root, "xegpu.load_nd")
    two = _param(2)
    assert isinstance(xegpu.InsertPrefetchOp(value), xegpu.InsertPrefetchOp)
    xegpu.InsertPrefetchOp(value, nb_prefetch=3)
    xegpu.InsertPrefetchOp(value, nb_prefetch=two)
    assert isinstance(xegpu.insert_prefetch(value, nb_prefetch=i64(5)),
                      ir.Value)
    xegpu.insert_prefetch(target=value, nb_prefetch=None)


@case("""
%0 = transform.structured.match ops{["xegpu.dpas"]} in %arg0 : (!transform.any_op) -> !transform.any_op
%1 = transform.get_result %0[0] : (!transform.any_op) -> !transform.any_value
%2 = transform.param.constant 4 : i64 -> !transform.any_param
%3 = transform.xegpu.convert_layout %1 input_sg_layout = [8, 4] input_sg_data = [32, 32] target_sg_layout = [4, 8] target_sg_data = [16, 16] : (!transform.any_value) -> !transform.any_op
%4 = transform.xegpu.convert_layout %1 input_sg_layout = [8, %2] input_sg_data = [32, 32] input_inst_data = [8, 16] target_sg_layout = [4, 8] target_sg_data = [16, %2] target_inst_data = [%2, 8] : (!transform.any_value, !transform.any_param, !transform.any_param, !transform.any_param) -> !transform.any_op
%5 = transform.xegpu.convert_layout %1 input_sg_layout = [8, 4] input_sg_data = [32, 32] target_sg_layout = [4, 8] target_sg_data = [16, 16] target_inst_data = [8, 16] : (!transform.any_value) -> !transform.any_op
""")
def xegpu_convert_layout(root):
    value = _value_handle(root, "xegpu.dpas")
    four = _param(4)
    assert isinstance(xegpu.ConvertLayoutOp(value, [8, 4], [32, 32], [4, 8],
                                            [16, 16]), xegpu.ConvertLayoutOp)
    xegpu.ConvertLayoutOp(value, [8, four], [32, 32], [4, 8], [16, four],
                          input_inst_data=[8, 16], target_inst_data=[four, 8])
    assert isinstance(xegpu.convert_layout(
        target=value, input_sg_layout=(8, 4), input_sg_data=[i64(32), 32],
        target_sg_layout=[4, 8], target_sg_data=[16, 16],
        target_inst_data=[8, 16]), ir.Value)


def test_xegpu_generic_form_as_upstream():
    """What the custom form leaves out is set as upstream sets it: the
    empty static inst_data arrays, an explicit index = 0, and the static
    nb_prefetch (1) next to a dynamic one."""
    def body(root):
        value = _value_handle(root, "xegpu.load_nd")
        target = match(root, "xegpu.dpas")
        two = _param(2)
        xegpu.set_desc_layout(target, [8, 4], [32, 32])
        xegpu.set_op_layout_attr(target, [8, 4], [32, 32], index=0)
        xegpu.insert_prefetch(value, nb_prefetch=two)
        xegpu.convert_layout(value, [8, 4], [32, 32], [4, 8], [16, 16])

    generic = script(body).operation.get_asm(print_generic_op_form=True)
    got = [line.strip() for line in generic.splitlines()
           if '"transform.xegpu.' in line]
    assert got == [
        '%4 = "transform.xegpu.set_desc_layout"(%2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_inst_data = array<i64>, static_sg_data = array<i64: 32, 32>, static_sg_layout = array<i64: 8, 4>}> : (!transform.any_op) -> !transform.any_op',
        '"transform.xegpu.set_op_layout_attr"(%2) <{index = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_inst_data = array<i64>, static_sg_data = array<i64: 32, 32>, static_sg_layout = array<i64: 8, 4>}> : (!transform.any_op) -> ()',
        '%5 = "transform.xegpu.insert_prefetch"(%1, %3) <{static_nb_prefetch = 1 : i64}> : (!transform.any_value, !transform.any_param) -> !transform.any_op',
        '%6 = "transform.xegpu.convert_layout"(%1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0>, static_input_inst_data = array<i64>, static_input_sg_data = array<i64: 32, 32>, static_input_sg_layout = array<i64: 8, 4>, static_target_inst_data = array<i64>, static_target_sg_data = array<i64: 16, 16>, static_target_sg_layout = array<i64: 4, 8>}> : (!transform.any_value) -> !transform.any_op',
    ]


# -- running scripts ------------------------------------------------------------

def run(payload_text, body, *, remarks=None):
    """Parses the payload, builds @__transform_main with body(root), runs
    it on the payload and returns the payload's printed IR. Remarks
    emitted meanwhile are appended to `remarks` (a list), if given."""
    with Context(), Location.unknown():
        payload = Module.parse(payload_text)
        module, seq = _main_sequence(body)
        with contextlib.redirect_stderr(io.StringIO()) as err:
            interpreter.apply_named_sequence(payload, seq, module)
        if remarks is not None:
            remarks.extend(_reported(err.getvalue()))
        assert payload.operation.verify()
        return str(payload)


_REPORT_HEADER = ("Diagnostic generated while applying "
                  "transform.named_sequence:\n")


def _reported(text):
    """The messages of the diagnostics apply_named_sequence wrote to stderr
    after a successful run (notes, "see current operation", left out)."""
    if not text:
        return []
    assert text.startswith(_REPORT_HEADER)
    return [m.group(1) for m in re.finditer(r"^at loc\([^\n]*?\): (.*)$",
                                           text[len(_REPORT_HEADER):], re.M)
            if not m.group(1).startswith("see current operation")]

_LOOP = """
func.func @f(%buf: memref<16xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %v, %buf[%i] : memref<16xf32>
  }
  return
}
"""


def test_run_loop_unroll():
    out = run(_LOOP, lambda root: loop.LoopUnrollOp(
        match(root, "scf.for", op_t("scf.for")), factor=4))
    assert out == textwrap.dedent("""\
        module {
          func.func @f(%arg0: memref<16xf32>, %arg1: f32) {
            %c0 = arith.constant 0 : index
            %c1 = arith.constant 1 : index
            %c4 = arith.constant 4 : index
            %c4_0 = arith.constant 4 : index
            memref.store %arg1, %arg0[%c0] : memref<16xf32>
            %c1_1 = arith.constant 1 : index
            %0 = arith.muli %c1, %c1_1 : index
            %1 = arith.addi %c0, %0 : index
            memref.store %arg1, %arg0[%1] : memref<16xf32>
            %c2 = arith.constant 2 : index
            %2 = arith.muli %c1, %c2 : index
            %3 = arith.addi %c0, %2 : index
            memref.store %arg1, %arg0[%3] : memref<16xf32>
            %c3 = arith.constant 3 : index
            %4 = arith.muli %c1, %c3 : index
            %5 = arith.addi %c0, %4 : index
            memref.store %arg1, %arg0[%5] : memref<16xf32>
            return
          }
        }
        """)


def test_run_loop_outline():
    out = run(_LOOP, lambda root: loop.LoopOutlineOp(
        any_op(), any_op(), match(root, "scf.for"), func_name="body"))
    assert out == textwrap.dedent("""\
        module {
          func.func @body(%arg0: f32, %arg1: memref<16xf32>, %arg2: index, %arg3: index, %arg4: index) {
            %c1 = arith.constant 1 : index
            %c4 = arith.constant 4 : index
            %c0 = arith.constant 0 : index
            scf.for %arg5 = %c0 to %c4 step %c1 {
              memref.store %arg0, %arg1[%arg5] : memref<16xf32>
            }
            return
          }
          func.func @f(%arg0: memref<16xf32>, %arg1: f32) {
            %c0 = arith.constant 0 : index
            %c1 = arith.constant 1 : index
            %c4 = arith.constant 4 : index
            scf.execute_region {
              func.call @body(%arg1, %arg0, %c0, %c4, %c1) : (f32, memref<16xf32>, index, index, index) -> ()
              scf.yield
            }
            return
          }
        }
        """)


def test_run_debug_remarks_and_pdl():
    remarks = []
    payload = """
func.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}"""

    def body(root):
        debug.emit_remark_at(match(root, "arith.muli"), "the muli")
        param = transform.ParamConstantOp(transform.AnyParamType.get(),
                                          i64(7)).result
        debug.emit_param_as_remark(param, message="seven:")
        _pdl_script(root)
    out = run(payload, body, remarks=remarks)
    assert remarks == ["the muli", "seven: 7 : i64", "found"]
    assert "arith.muli %arg0, %arg0 : i32" in out


def test_run_tune_knob_selected():
    remarks = []

    def body(root):
        knob = tune.knob(transform.ParamType.get(
            IntegerType.get_signless(64)), "tile", [8, 16, 32],
            selected=16).result
        debug.emit_param_as_remark(knob, message="tile:")
        alt = tune.alternatives([], "which", 2, selected_region=1)
        for i, region in enumerate(alt.regions):
            with InsertionPoint(region.blocks[0]):
                debug.emit_remark_at(root, f"alternative {i}")
                transform.YieldOp()
    run("func.func @f() { return }", body, remarks=remarks)
    assert remarks == ["tile: 16 : i64", "alternative 1"]


def test_run_structured_split_and_vectorize_children():
    payload = """
func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.add ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%a : tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}"""

    def body(root):
        structured.VectorizeChildrenAndApplyPatternsOp(
            match(root, "func.func"))
    out = run(payload, body)
    assert out == textwrap.dedent("""\
        module {
          func.func @f(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
            %c0 = arith.constant 0 : index
            %0 = ub.poison : f32
            %1 = vector.transfer_read %arg0[%c0], %0 {in_bounds = [true]} : tensor<8xf32>, vector<8xf32>
            %2 = vector.transfer_read %arg1[%c0], %0 {in_bounds = [true]} : tensor<8xf32>, vector<8xf32>
            %3 = arith.addf %1, %2 : vector<8xf32>
            %4 = vector.transfer_write %3, %arg0[%c0] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
            return %4 : tensor<8xf32>
          }
        }
        """)

    out = run(payload, lambda root: structured.SplitOp(
        match(root, "linalg.add"), 0, 3))
    assert out.count("linalg.add") == 2
    assert "tensor.extract_slice %arg0[0] [3] [1]" in out
    assert "tensor.extract_slice %arg0[3] [5] [1]" in out


def test_run_bufferization():
    payload = """
func.func @f() -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  return %0 : tensor<4xf32>
}"""
    out = run(payload, lambda root: bufferization.EmptyTensorToAllocTensorOp(
        match(root, "tensor.empty", op_t("tensor.empty"))))
    assert "bufferization.alloc_tensor() : tensor<4xf32>" in out
    assert "tensor.empty" not in out

    out = run(payload, lambda root: bufferization.OneShotBufferizeOp(
        root, bufferize_function_boundaries=True))
    assert out == textwrap.dedent("""\
        module {
          func.func @f() -> memref<4xf32> {
            %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
            %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
            return %alloc : memref<4xf32>
          }
        }
        """)


def test_run_memref_multibuffer():
    payload = """
func.func @f(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %v, %a[%i] : memref<4xf32>
  }
  return
}"""
    out = run(payload, lambda root: memref.MemRefMultiBufferOp(
        match(root, "memref.alloc", op_t("memref.alloc")), 2,
        skip_analysis=True))
    assert "memref.alloc() : memref<2x4xf32>" in out
    assert "memref.subview" in out


def test_run_xegpu_set_desc_layout():
    payload = """
func.func @f(%arg0: memref<4096x4096xf16>) {
  %0 = xegpu.create_nd_tdesc %arg0 : memref<4096x4096xf16> -> !xegpu.tensor_desc<256x32xf16>
  return
}"""
    out = run(payload, lambda root: xegpu.set_desc_layout(
        match(root, "xegpu.create_nd_tdesc"), [8, _param(4)], [32, 32],
        inst_data=[8, 16]))
    assert out == textwrap.dedent("""\
        module {
          func.func @f(%arg0: memref<4096x4096xf16>) {
            %0 = xegpu.create_nd_tdesc %arg0 : memref<4096x4096xf16> -> !xegpu.tensor_desc<256x32xf16, #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>>
            return
          }
        }
        """)


# -- transform.extras -------------------------------------------------------------

def test_extras_handles():
    from mlir.dialects import scf
    from mlir.dialects.transform.extras import (
        Handle, OpHandle, ParamHandle, ValueHandle, constant_param,
        insert_transform_script)
    seen = {}

    def script(op):
        seen["root"] = op
        loops = op.match_ops(scf.ForOp)
        seen["loops"] = loops
        op.match_ops("linalg.matmul")
        op.match_ops("LinalgOp")
        op.match_ops(structured.MatchInterfaceEnum.TilingInterface)
        op.match_ops([scf.ForOp, scf.ForallOp])
        mixed = op.match_ops([scf.ForOp, "linalg.matmul", scf.ForallOp])
        assert loops.print("message") is loops
        op.print()
        mixed.match_ops("scf.for").print()
        value = op.get_result()
        seen["value"] = value
        seen["defining"] = value.get_defining_op()
        seen["params"] = [constant_param(42),
                          constant_param(IntegerAttr.get(
                              IntegerType.get_signless(32), 7)),
                          constant_param(StringAttr.get("hello world"))]

    with Context(), Location.unknown():
        module = Module.create()
        module.operation.attributes["transform.with_named_sequence"] = \
            ir.UnitAttr.get()
        insert_transform_script(module.body, script)
        assert module.operation.verify()
        check(module, """
            module attributes {transform.with_named_sequence} {
              transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
                %0 = transform.structured.match ops{["scf.for"]} in %arg0 : (!transform.any_op) -> !transform.op<"scf.for">
                %1 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.op<"linalg.matmul">
                %2 = transform.structured.match interface{LinalgOp} in %arg0 : (!transform.any_op) -> !transform.any_op
                %3 = transform.structured.match interface{TilingInterface} in %arg0 : (!transform.any_op) -> !transform.any_op
                %4 = transform.structured.match ops{["scf.for", "scf.forall"]} in %arg0 : (!transform.any_op) -> !transform.any_op
                %5 = transform.structured.match ops{["scf.for", "linalg.matmul", "scf.forall"]} in %arg0 : (!transform.any_op) -> !transform.any_op
                transform.print %0 {name = "message"} : !transform.op<"scf.for">
                transform.print %arg0 : !transform.any_op
                %6 = transform.structured.match ops{["scf.for"]} in %5 : (!transform.any_op) -> !transform.op<"scf.for">
                transform.print %6 : !transform.op<"scf.for">
                %7 = transform.get_result %arg0[0] : (!transform.any_op) -> !transform.any_value
                %8 = transform.get_defining_op %7 : (!transform.any_value) -> !transform.any_op
                %9 = transform.param.constant 42 : i64 -> !transform.param<i64>
                %10 = transform.param.constant 7 : i32 -> !transform.param<i32>
                %11 = transform.param.constant "hello world" -> !transform.any_param
                transform.yield 
              }
            }
            """)
    root, loops = seen["root"], seen["loops"]
    assert type(root) is OpHandle and isinstance(root, Handle)
    assert root.parent is None
    assert len(root.children) == 6 and root.children[0] is loops
    assert loops.parent is root and loops.children == []
    assert type(seen["value"]) is ValueHandle
    assert type(seen["defining"]) is OpHandle
    assert [type(p) for p in seen["params"]] == [ParamHandle] * 3


def test_extras_insertion_point_and_dump(capsys):
    from mlir.dialects.transform.extras import insert_transform_script
    with Context(), Location.unknown():
        module = Module.create()
        module.operation.attributes["transform.with_named_sequence"] = \
            ir.UnitAttr.get()
        with InsertionPoint(module.body):
            other = transform.NamedSequenceOp("other", [], [])
            with InsertionPoint(other.body):
                transform.YieldOp()
        insert_transform_script(InsertionPoint.at_block_begin(module.body),
                                lambda op: op.print("x"), dump_script=True)
        names = [op.sym_name.value for op in module.body.operations]
    assert names == ["__transform_main", "other"]
    assert capsys.readouterr().out == textwrap.dedent("""\
        transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
          transform.print %arg0 {name = "x"} : !transform.any_op
          transform.yield 
        }
        """)


def test_extras_region_decorators():
    from mlir.dialects.transform.extras import (apply_patterns,
                                                named_sequence, sequence)
    with Context(), Location.unknown():
        module = Module.create()
        module.operation.attributes["transform.with_named_sequence"] = \
            ir.UnitAttr.get()
        with InsertionPoint(module.body):
            @sequence([], transform.FailurePropagationMode.Propagate, [])
            def basic(target: transform.any_op_t()):
                adds = structured.MatchOp.match_op_names(target,
                                                         ["arith.addi"])

                @apply_patterns(adds)
                def patterns():
                    transform.ApplyCanonicalizationPatternsOp()
                assert isinstance(patterns, ir.Operation)

            @named_sequence("main", [transform.any_op_t()],
                            [transform.any_op_t()])
            def main(target):
                return structured.MatchOp.match_op_names(target,
                                                         ["arith.addi"])
        assert isinstance(basic, ir.Operation)
        assert isinstance(main, ir.Operation)
        assert module.operation.verify()
        check(module, """
            module attributes {transform.with_named_sequence} {
              transform.sequence  failures(propagate) {
              ^bb0(%arg0: !transform.any_op):
                %0 = transform.structured.match ops{["arith.addi"]} in %arg0 : (!transform.any_op) -> !transform.any_op
                apply_patterns to %0 {
                  transform.apply_patterns.canonicalization
                } : !transform.any_op
              }
              transform.named_sequence @main(%arg0: !transform.any_op) -> !transform.any_op {
                %0 = transform.structured.match ops{["arith.addi"]} in %arg0 : (!transform.any_op) -> !transform.any_op
                transform.yield %0 : !transform.any_op
              }
            }
            """)


def test_extras_script_runs():
    from mlir.dialects import func
    from mlir.dialects.transform.extras import insert_transform_script
    remarks = []

    def script(op):
        muls = op.match_ops("arith.muli")
        debug.emit_remark_at(muls, "mul")
        funcs = op.match_ops(func.FuncOp)
        transform.ApplyPatternsOp(funcs)
        assert str(funcs.type) == '!transform.op<"func.func">'

    with Context() as context, Location.unknown():
        payload = Module.parse("""
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}""")
        module = Module.create()
        module.operation.attributes["transform.with_named_sequence"] = \
            ir.UnitAttr.get()
        insert_transform_script(module.body, script)
        with contextlib.redirect_stderr(io.StringIO()) as err:
            interpreter.apply_named_sequence(
                payload, module.body.operations[0], module)
        assert _reported(err.getvalue()) == ["mul"]
        assert "arith.muli %arg0, %arg0 : i32" in str(payload)


# -- bad input --------------------------------------------------------------------

def _in_sequence(fn):
    with Context(), Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):
            seq = transform.SequenceOp(
                transform.FailurePropagationMode.Propagate, [], any_op())
            with InsertionPoint(seq.body):
                return fn(seq.bodyTarget)


@pytest.mark.parametrize("build, error, message", [
    (lambda t: structured.FuseIntoContainingOp(any_op(), t, t, t), TypeError,
     "must be a Type too"),
    (lambda t: structured.FuseIntoContainingOp(t, t, t), TypeError,
     "give just"),
    (lambda t: structured.MapCopyToThreadsOp(any_op(), t, total_num_threads=1,
                                             desired_bit_alignment=8),
     TypeError, "must be a Type too"),
    (lambda t: structured.BufferizeToAllocationOp(t, memory_space=1.5),
     TypeError, "memory_space"),
    (lambda t: structured.PadOp(t, transpose_paddings=[["a"]]), TypeError,
     "transpose_paddings"),
    (lambda t: structured.PadOp(t, transpose_paddings=5), TypeError,
     "transpose_paddings"),
    (lambda t: structured.SplitOp(t, 0, True), TypeError, "chunk_sizes"),
    (lambda t: structured.SplitOp(t, 0, "x"), TypeError, "chunk_sizes"),
    (lambda t: structured.MultiTileSizesOp(t, t, dimension=0,
                                           target_size=1), TypeError,
     "result_type"),
    (lambda t: structured.VectorizeChildrenAndApplyPatternsOp(None),
     TypeError, "target"),
    (lambda t: bufferization.OneShotBufferizeOp(t, t), TypeError, "Type"),
    (lambda t: loop.LoopUnrollOp(t, 4), TypeError, "positional"),
    (lambda t: loop.LoopOutlineOp(any_op(), any_op(), t, func_name=3),
     TypeError, "func_name"),
    (lambda t: loop.LoopPeelOp(any_op(), any_op(), t, peel_front=1),
     TypeError, "peel_front"),
    (lambda t: loop.LoopPipelineOp(t, t), TypeError, "result_type"),
    (lambda t: gpu.MapForallToBlocks(t, t), TypeError, "Type"),
    (lambda t: memref.MemRefAllocaToGlobalOp(any_op(), t, t), TypeError,
     "Type too"),
    (lambda t: memref.MemRefMultiBufferOp(t), TypeError, "factor"),
    (lambda t: tensor.MakeLoopIndependentOp(t), TypeError, "num_loops"),
    (lambda t: debug.EmitRemarkAtOp(t, 5), TypeError, "message"),
    (lambda t: debug.EmitRemarkAtOp(t), TypeError, "message"),
    (lambda t: debug.emit_param_as_remark("p"), TypeError, "param"),
    (lambda t: pdl.PDLMatchOp(t, t, "p"), TypeError, "result_type"),
    (lambda t: pdl.WithPDLPatternsOp(3), TypeError, "target"),
    (lambda t: smt.ConstrainParamsOp([], [t], []), ValueError,
     "1 params but 0 arg_types"),
    (lambda t: smt.ConstrainParamsOp([], t, []), TypeError, "params"),
    (lambda t: tune.KnobOp(any_op(), 3, [1]), TypeError, "name"),
    (lambda t: tune.KnobOp(any_op(), "k", [object()]), TypeError,
     "options"),
    (lambda t: tune.KnobOp(any_op(), "k", "ab"), TypeError, "options"),
    (lambda t: tune.KnobOp(any_op(), "k", [1], selected=[1]), TypeError,
     "selected"),
    (lambda t: tune.AlternativesOp([], "a", 1, selected_region=True),
     TypeError, "selected_region"),
    (lambda t: tune.AlternativesOp([], "a", 1, selected_region="x"),
     TypeError, "selected_region"),
    (lambda t: xegpu.set_desc_layout(t, None, [1]), TypeError,
     "sg_layout must be a list"),
    (lambda t: xegpu.set_desc_layout(t, 8, [1]), TypeError,
     "sg_layout must be a list"),
    (lambda t: xegpu.set_desc_layout(t, [8, "x"], [1, 1]), TypeError,
     r"sg_layout\[1\] must be an int"),
    (lambda t: xegpu.SetDescLayoutOp(t, [True, 2], [1, 1]), TypeError,
     r"sg_layout\[0\] must be an int, .* not bool"),
    (lambda t: xegpu.SetDescLayoutOp(t, [[4], 2], [1, 1]), TypeError,
     r"sg_layout\[0\] must be an int, .* not list"),
    (lambda t: xegpu.set_desc_layout("t", [1], [1]), TypeError, "target"),
    (lambda t: xegpu.set_desc_layout(t, [1], [1], slice_dims=1), TypeError,
     "slice_dims"),
    (lambda t: xegpu.set_op_layout_attr(t, [1], [1], result="yes"),
     TypeError, "result must be a bool"),
    (lambda t: xegpu.set_op_layout_attr(t, [1], [1], index="0"), TypeError,
     "index"),
    (lambda t: xegpu.set_gpu_launch_threads(t, t), TypeError,
     "threads must be a list"),
    (lambda t: xegpu.insert_prefetch(t, nb_prefetch=1.5), TypeError,
     "nb_prefetch must be an int"),
    (lambda t: xegpu.InsertPrefetchOp(t, nb_prefetch=True), TypeError,
     "nb_prefetch must be an int"),
    (lambda t: xegpu.convert_layout(t, [1], [1], [1], [1],
                                    target_inst_data=5), TypeError,
     "target_inst_data must be a list"),
    (lambda t: xegpu.get_desc_op(None), TypeError, "target"),
])
def test_bad_input_raises(build, error, message):
    with pytest.raises(error, match=message):
        _in_sequence(build)


def test_extras_bad_input():
    from mlir.dialects.transform.extras import (constant_param,
                                                insert_transform_script)

    def bad_match(op):
        op.match_ops(42)

    with Context(), Location.unknown():
        module = Module.create()
        with pytest.raises(TypeError, match="match_ops"):
            insert_transform_script(module.body, bad_match)
        with pytest.raises(TypeError, match="match_ops"):
            insert_transform_script(module.body,
                                    lambda op: op.match_ops([3]))
        with pytest.raises(TypeError, match="constant_param"):
            insert_transform_script(module.body,
                                    lambda op: constant_param("x"))
        with pytest.raises(TypeError, match="Block or an InsertionPoint"):
            insert_transform_script(module, lambda op: None)
        with pytest.raises(TypeError, match="callable"):
            insert_transform_script(module.body, None)


def test_knob_selected_falsy_values(ctx):
    """selected=0 / False are real choices (upstream drops falsy values
    before conversion and then fails)."""
    out = []

    def body(root):
        out.append(tune.KnobOp(transform.AnyParamType.get(), "z",
                               [0, 1], selected=0))
        out.append(tune.KnobOp(transform.AnyParamType.get(), "b",
                               [False, True], selected=False))
    _in_sequence(body)
    assert [str(op.selected) for op in out] == ["0 : i64", "false"]


def test_extension_classes_are_registered(ctx):
    """Ops parsed from text come back as the extension classes."""
    module = script(loop_ops)
    parsed = Module.parse(str(module))
    main = parsed.body.operations[0]
    kinds = {type(op).__name__ for op in main.body.operations}
    assert {"LoopOutlineOp", "LoopPeelOp", "LoopPipelineOp", "LoopUnrollOp",
            "HoistLoopInvariantSubsetsOp"} <= kinds
    assert type(main.body.operations[1]) is loop.LoopOutlineOp


def test_xegpu_ops_are_registered(ctx):
    """A plain Context knows the XeGPU transform ops (and XeGPU's own);
    parsed, they come back as the extension classes."""
    assert ctx.is_registered_operation("transform.xegpu.get_desc_op")
    assert ctx.is_registered_operation("xegpu.create_nd_tdesc")
    parsed = Module.parse(str(script(xegpu_set_op_layout_attr)))
    main = parsed.body.operations[0]
    assert [type(op) for op in main.body.operations][2:6] == \
        [xegpu.SetOpLayoutAttrOp] * 4
    assert main.body.operations[3].result


# After every case is registered.
@pytest.mark.parametrize("name", sorted(CASES))
def test_case_prints_as_upstream(name):
    fn, expected = CASES[name]
    check(script(fn), _wrap(expected))


def test_apply_reports_other_diagnostics_on_stderr():
    # As upstream: after a successful run, remarks and warnings are written
    # to stderr under one header (no user handler sees them); errors make
    # the ValueError.
    with Context():
        payload = Module.parse("func.func @f() { return }")
        script = Module.parse("""
module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%arg0: !transform.any_op {transform.readonly}) {
    transform.debug.emit_remark_at %arg0, "hello" : !transform.any_op
    transform.yield
  }
}""")
        with contextlib.redirect_stderr(io.StringIO()) as err:
            interpreter.apply_named_sequence(
                payload, script.body.operations[0], script)
        assert err.getvalue() == (
            _REPORT_HEADER + 'at loc("-":0:0): hello\n'
            'at loc("-":0:0): see current operation: \n'
            'module {\n  func.func @f() {\n    return\n  }\n}')
