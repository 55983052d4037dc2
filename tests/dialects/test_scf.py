"""The scf dialect (mlir.dialects.scf): scf.for (with iter_args, and the
for_ generator), scf.if, scf.forall and scf.index_switch built with the
hand-written builders, verified, printed exactly and parsed back; bad
bounds raise ValueError or TypeError."""

from typing import Optional, Sequence, Union

import pytest

from mlir import ir
from mlir.ir import InsertionPoint
from mlir.dialects import arith, func, math, scf

from .helpers import T, build, check


def test_scf_for_with_iter_args_and_if():
    def body():
        idx, f32 = T("index"), T("f32")

        @func.FuncOp.from_py_func(idx, f32)
        def sum_to(n, init):
            zero = arith.constant(idx, 0)
            one = arith.constant(idx, 1)
            loop = scf.ForOp(zero, n, one, [init])
            with InsertionPoint(loop.body):
                acc = loop.inner_iter_args[0]
                iv = loop.induction_variable
                i = arith.index_cast(T("i64"), iv)
                x = arith.sitofp(f32, i)
                scf.yield_([arith.addf(acc, x)])
            total = loop.results[0]
            pos = arith.cmpf(arith.CmpFPredicate.OGT, total, init)
            branch = scf.IfOp(pos, [f32], has_else=True)
            with InsertionPoint(branch.then_block):
                scf.yield_([total])
            with InsertionPoint(branch.else_block):
                scf.yield_([math.absf(total)])
            return branch.results[0]

        @func.FuncOp.from_py_func(idx)
        def count(n):
            for iv in scf.for_(n):
                arith.index_cast(T("i32"), iv)
                scf.yield_([])
            for iv, acc, res in scf.for_(0, 10, 2, iter_args=[n]):
                scf.yield_([arith.addi(acc, iv)])
            return res

    m = build(body)
    check(m, """
        module {
          func.func @sum_to(%arg0: index, %arg1: f32) -> f32 {
            %c0 = arith.constant 0 : index
            %c1 = arith.constant 1 : index
            %0 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %arg1) -> (f32) {
              %3 = arith.index_cast %arg2 : index to i64
              %4 = arith.sitofp %3 : i64 to f32
              %5 = arith.addf %arg3, %4 : f32
              scf.yield %5 : f32
            }
            %1 = arith.cmpf ogt, %0, %arg1 : f32
            %2 = scf.if %1 -> (f32) {
              scf.yield %0 : f32
            } else {
              %3 = math.absf %0 : f32
              scf.yield %3 : f32
            }
            return %2 : f32
          }
          func.func @count(%arg0: index) -> index {
            %c0 = arith.constant 0 : index
            %c1 = arith.constant 1 : index
            scf.for %arg1 = %c0 to %arg0 step %c1 {
              %1 = arith.index_cast %arg1 : index to i32
            }
            %c0_0 = arith.constant 0 : index
            %c10 = arith.constant 10 : index
            %c2 = arith.constant 2 : index
            %0 = scf.for %arg1 = %c0_0 to %c10 step %c2 iter_args(%arg2 = %arg0) -> (index) {
              %1 = arith.addi %arg2, %arg1 : index
              scf.yield %1 : index
            }
            return %0 : index
          }
        }
    """)


def test_scf_forall_index_switch_if_for():
    from mlir.dialects import scf
    seen = {}

    def body():
        idx, i32, f32 = T("index"), T("i32"), T("f32")
        t_type = T("tensor<4x8xf32>")

        @func.func(idx, t_type)
        def loops(n, t):
            fa = scf.ForallOp([0, 0], [n, 8], [1, 2], [t])
            seen["rank"] = fa.rank
            seen["ivs"] = [str(v.type) for v in fa.induction_variables]
            seen["iters"] = [str(v.type) for v in fa.inner_iter_args]
            term = fa.terminator()
            seen["same_term"] = fa.terminator() == term
            seen["term"] = type(term).__name__
            seen["term_block_empty"] = len(term.block.operations) == 0
            fb = scf.ForallOp([n], [arith.constant(idx, 9)], [3],
                              mapping=None)
            with InsertionPoint(fb.body):
                scf.InParallelOp()
            seen["fb_term"] = type(fb.terminator()).__name__

            r = scf.index_switch(
                [i32], n, [1, 5],
                case_body_builder=lambda op, i, c: scf.yield_(
                    [arith.constant(i32, c * 10 + i)]),
                default_body_builder=lambda op: scf.yield_(
                    [arith.constant(i32, -1)]))
            op = scf.IndexSwitchOp([], n, [3])
            seen["case_regions"] = (len(op.case_regions), len(op.case_blocks))
            with InsertionPoint(op.default_block):
                scf.yield_([])
            with InsertionPoint(op.case_block(0)):
                scf.yield_([])
            assert op.case_region(0) == op.regions[1]
            assert op.default_region == op.regions[0]
            seen["no_result"] = type(scf.index_switch(
                [], n, [], default_body_builder=lambda o: scf.yield_([])))

            cond = arith.constant(T("i1"), 1)
            branch = scf.IfOp(cond)
            seen["else"] = branch.else_block
            with InsertionPoint(branch.then_block):
                scf.yield_([])

            init = arith.ConstantOp(f32, 0.0)
            loop = scf.ForOp(arith.constant(idx, 0), n,
                             arith.constant(idx, 1), init)
            with InsertionPoint(loop.body):
                scf.yield_(list(loop.inner_iter_args))
            return fa.results[0], r, loop.results[0]

    check(build(body), """
        module {
          func.func @loops(%arg0: index, %arg1: tensor<4x8xf32>) -> (tensor<4x8xf32>, i32, f32) {
            %0 = scf.forall (%arg2, %arg3) = (0, 0) to (%arg0, 8) step (1, 2) shared_outs(%arg4 = %arg1) -> (tensor<4x8xf32>) {
              scf.forall.in_parallel {
              }
            }
            %c9 = arith.constant 9 : index
            scf.forall (%arg2) = (%arg0) to (%c9) step (3) {
            }
            %1 = scf.index_switch %arg0 -> i32 
            case 1 {
              %c10_i32 = arith.constant 10 : i32
              scf.yield %c10_i32 : i32
            }
            case 5 {
              %c51_i32 = arith.constant 51 : i32
              scf.yield %c51_i32 : i32
            }
            default {
              %c-1_i32 = arith.constant -1 : i32
              scf.yield %c-1_i32 : i32
            }
            scf.index_switch %arg0 
            case 3 {
              scf.yield
            }
            default {
            }
            scf.index_switch %arg0 
            default {
            }
            %true = arith.constant true
            scf.if %true {
            }
            %cst = arith.constant 0.000000e+00 : f32
            %c0 = arith.constant 0 : index
            %c1 = arith.constant 1 : index
            %2 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %cst) -> (f32) {
              scf.yield %arg3 : f32
            }
            return %0, %1, %2 : tensor<4x8xf32>, i32, f32
          }
        }
    """)
    assert seen == {
        "rank": 2, "ivs": ["index", "index"], "iters": ["tensor<4x8xf32>"],
        "same_term": True, "term": "InParallelOp", "term_block_empty": True,
        "fb_term": "InParallelOp", "case_regions": (1, 1),
        "no_result": ir.Operation, "else": None,
    }


def test_scf_bad_input(ctx):
    from mlir.dialects import scf
    module = ir.Module.create()
    with InsertionPoint(module.body):
        n = arith.constant(T("index"), 4)
        with pytest.raises(ValueError, match="Mismatch in length"):
            scf.ForallOp([0], [1, 2], [1])
        with pytest.raises(TypeError, match="ints or index Values"):
            scf.ForallOp([0.5], [1], [1])
        with pytest.raises(TypeError, match="list of Values"):
            scf.ForOp(n, n, n, n)
        assert scf.constant is arith.constant


def test_scf_for_is_called_as_upstreams_python_init(ctx):
    """ForOp.__init__ is compiled; it binds, names itself and fails as
    upstream's Python __init__ does."""
    import inspect
    module = ir.Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([T("index")], []))
        with InsertionPoint(f.add_entry_block()):
            n = f.arguments[0]
            for call, text in [
                (lambda: scf.ForOp(n), "ForOp.__init__() missing 2 required "
                 "positional arguments: 'upper_bound' and 'step'"),
                (lambda: scf.ForOp(), "ForOp.__init__() missing 3 required "
                 "positional arguments: 'lower_bound', 'upper_bound', and "
                 "'step'"),
                (lambda: scf.ForOp(n, n, n, [], 5), "ForOp.__init__() takes "
                 "from 4 to 5 positional arguments but 6 were given"),
                (lambda: scf.ForOp(n, n, n, [], 5, loc=None),
                 "ForOp.__init__() takes from 4 to 5 positional arguments but "
                 "6 positional arguments (and 1 keyword-only argument) were "
                 "given"),
                (lambda: scf.ForOp(n, n, n, bogus=1), "ForOp.__init__() got "
                 "an unexpected keyword argument 'bogus'"),
            ]:
                with pytest.raises(TypeError) as e:
                    call()
                assert str(e.value) == text
            with pytest.raises(TypeError, match="^'BlockArgument' object is "
                               "not iterable"):
                scf.ForOp(n, n, n, n)
            # loc and ip given: the keyword path of the generated builder
            loop = scf.ForOp(n, n, n, loc=ir.Location.name("here"),
                             ip=InsertionPoint.at_block_begin(f.body.blocks[0]))
            with InsertionPoint(loop.body):
                scf.yield_([])
            func.ReturnOp([])
    assert (str(inspect.signature(scf.ForOp.__init__))
            == str(inspect.signature(_upstream_for_init)))
    assert scf.ForOp.__init__.__qualname__ == "ForOp.__init__"
    assert f.body.blocks[0].operations[0] == loop
    assert str(loop.operation.location) == 'loc("here")'
    assert str(loop.induction_variable.type) == "index"
    assert loop.body.arguments[0] == loop.induction_variable
    loop.operation.erase()
    with pytest.raises(RuntimeError, match="invalidated"):
        loop.body
    with pytest.raises(RuntimeError, match="invalidated"):
        loop.induction_variable


def _upstream_for_init(self, lower_bound, upper_bound, step,
                       iter_args: Optional[Union[ir.Operation, ir.OpView,
                                                 Sequence[ir.Value]]] = None,
                       *, loc=None, ip=None):
    """The signature of upstream's ForOp.__init__."""
