"""The affine dialect (mlir.dialects.affine): affine.for and affine.if built
with the hand-written builders (bounds given as ints, maps or values,
iter_args, else regions) and affine.apply, affine.load and affine.store in a
function, verified, printed exactly and parsed back; bad bounds and operand
counts raise ValueError."""

import pytest

from mlir import ir
from mlir.ir import InsertionPoint
from mlir.dialects import affine, arith, func

from .helpers import A, T, build, check


def test_affine_for_and_if():
    from mlir.dialects import affine
    seen = {}

    def body():
        idx, f32 = T("index"), T("f32")
        d0, s0 = ir.AffineExpr.get_dim(0), ir.AffineExpr.get_symbol(0)

        @func.func(idx, f32)
        def loops(n, x):
            lp = affine.AffineForOp(0, n, 2, iter_args=[x])
            seen["iv"] = str(lp.induction_variable.type)
            seen["iters"] = len(lp.inner_iter_args)
            with InsertionPoint(lp.body):
                affine.AffineYieldOp([lp.inner_iter_args[0]])
            shifted = ir.AffineMap.get(1, 1, [d0 + s0])
            lp2 = affine.AffineForOp(shifted, 10,
                                     lower_bound_operands=[n, n])
            with InsertionPoint(lp2.body):
                affine.AffineYieldOp([])
            for iv in affine.for_(0, 4):
                affine.AffineYieldOp([])
            for iv, it in affine.for_(0, 4, 1, iter_args=[x]):
                affine.AffineYieldOp([it])
            cond = ir.IntegerSet.get(1, 0, [d0 - ir.AffineExpr.get_constant(2)],
                                     [False])
            branch = affine.AffineIfOp(cond, cond_operands=[n])
            seen["else"] = branch.else_block
            with InsertionPoint(branch.then_block):
                affine.AffineYieldOp([])
            both = affine.AffineIfOp(cond, [f32], cond_operands=[n],
                                     has_else=True)
            with InsertionPoint(both.then_block):
                affine.AffineYieldOp([x])
            with InsertionPoint(both.else_block):
                affine.AffineYieldOp([x])
            return lp.results[0], both.results[0]

    check(build(body), """
        #map = affine_map<(d0) -> (d0)>
        #map1 = affine_map<(d0)[s0] -> (d0 + s0)>
        #set = affine_set<(d0) : (d0 - 2 >= 0)>
        module {
          func.func @loops(%arg0: index, %arg1: f32) -> (f32, f32) {
            %0 = affine.for %arg2 = 0 to #map(%arg0) step 2 iter_args(%arg3 = %arg1) -> (f32) {
              affine.yield %arg3 : f32
            }
            affine.for %arg2 = #map1(%arg0)[%arg0] to 10 {
            }
            affine.for %arg2 = 0 to 4 {
            }
            %1 = affine.for %arg2 = 0 to 4 iter_args(%arg3 = %arg1) -> (f32) {
              affine.yield %arg3 : f32
            }
            affine.if #set(%arg0) {
            }
            %2 = affine.if #set(%arg0) -> f32 {
              affine.yield %arg1 : f32
            } else {
              affine.yield %arg1 : f32
            }
            return %0, %2 : f32, f32
          }
        }
    """)
    assert seen == {"iv": "index", "iters": 1, "else": None}


def test_affine_bad_input(ctx):
    from mlir.dialects import affine
    module = ir.Module.create()
    with InsertionPoint(module.body):
        n = arith.constant(T("index"), 4)
        two_inputs = ir.AffineMap.get(1, 1, [ir.AffineExpr.get_dim(0)])
        with pytest.raises(ValueError, match="but not both"):
            affine.AffineForOp(0, n, upper_bound_operands=[n])
        with pytest.raises(ValueError, match="Expected 2, got 0"):
            affine.AffineForOp(0, two_inputs)
        with pytest.raises(ValueError, match="lower bound must be"):
            affine.AffineForOp(0.5, 3)
        cond = ir.IntegerSet.get(1, 0, [ir.AffineExpr.get_dim(0)], [False])
        with pytest.raises(ValueError, match="expected 1 condition operands"):
            affine.AffineIfOp(cond)
    assert len(module.body.operations) == 1


def test_affine_function():
    def body():
        idx = T("index")

        @func.FuncOp.from_py_func(T("memref<16xf32>"), idx)
        def touch(buf, n):
            loop = affine.AffineForOp(
                0, A("affine_map<()[s0] -> (s0)>").value,
                upper_bound_operands=[n])
            blk = loop.body
            with InsertionPoint(blk):
                i = blk.arguments[0]
                j = affine.apply(A("affine_map<(d0) -> (d0 floordiv 2)>"), [i])
                v = affine.load(T("f32"), buf, [j], A("affine_map<(d0) -> (d0)>"))
                affine.store(v, buf, [i], A("affine_map<(d0) -> (d0)>"))
                affine.yield_([])

    m = build(body)
    check(m, """
        #map = affine_map<(d0) -> (d0 floordiv 2)>
        module {
          func.func @touch(%arg0: memref<16xf32>, %arg1: index) {
            affine.for %arg2 = 0 to %arg1 {
              %0 = affine.apply #map(%arg2)
              %1 = affine.load %arg0[%0] : memref<16xf32>
              affine.store %1, %arg0[%arg2] : memref<16xf32>
            }
            return
          }
        }
    """)
