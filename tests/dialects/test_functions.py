"""Whole functions built from Python through the generated builders and
the hand-written extensions, verified, printed, compared exactly and parsed
back."""

import pytest

from mlir.ir import (Attribute, Context, InsertionPoint, Location, Type)
from mlir.dialects import (affine, arith, cf, func, linalg, math, memref,
                           scf, tensor, vector)

from .helpers import build, check


def T(s):
    return Type.parse(s)


def A(s):
    return Attribute.parse(s)


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


def test_cf_branches():
    def body():
        i1, i32 = T("i1"), T("i32")
        f = func.FuncOp("select", ([i1, i32, i32], [i32]))
        entry = f.add_entry_block()
        region = f.body
        yes = region.blocks.append()
        done = region.blocks.append(i32)
        c, a, b = f.arguments
        with InsertionPoint(entry):
            cf.cond_br(c, [], [b], yes, done)
        with InsertionPoint(yes):
            cf.br([a], done)
        with InsertionPoint(done):
            cf.assert_(c, A('"ok"'))
            func.return_([done.arguments[0]])
        br = entry.operations[0]
        assert isinstance(br, cf.CondBranchOp)
        assert br.trueDest == yes and br.falseDest == done
        assert list(br.falseDestOperands) == [b]

    m = build(body)
    check(m, """
        module {
          func.func @select(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
            cf.cond_br %arg0, ^bb1, ^bb2(%arg2 : i32)
          ^bb1:  // pred: ^bb0
            cf.br ^bb2(%arg1 : i32)
          ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
            cf.assert %arg0, "ok"
            return %0 : i32
          }
        }
    """)


def test_memref_function():
    def body():
        idx, f32 = T("index"), T("f32")

        @func.FuncOp.from_py_func(idx)
        def scratch(n):
            buf = memref.alloc(T("memref<?x4xf32>"), [n], [],
                               alignment=A("64 : i64"))
            alloc = buf.owner
            assert isinstance(alloc, memref.AllocOp)
            assert list(alloc.dynamicSizes) == [n]
            assert len(alloc.symbolOperands) == 0
            zero = arith.constant(idx, 0)
            one = arith.constant(f32, 1.0)
            memref.store(one, buf, [zero, zero])
            v = memref.load(buf, [zero, zero])
            d = memref.dim(buf, zero)
            memref.dealloc(buf)
            return v, d

    m = build(body)
    check(m, """
        module {
          func.func @scratch(%arg0: index) -> (f32, index) {
            %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x4xf32>
            %c0 = arith.constant 0 : index
            %cst = arith.constant 1.000000e+00 : f32
            memref.store %cst, %alloc[%c0, %c0] : memref<?x4xf32>
            %0 = memref.load %alloc[%c0, %c0] : memref<?x4xf32>
            %dim = memref.dim %alloc, %c0 : memref<?x4xf32>
            memref.dealloc %alloc : memref<?x4xf32>
            return %0, %dim : f32, index
          }
        }
    """)


def test_memref_segments_bad_input():
    with Context(), Location.unknown():
        n = arith.constant(T("index"), 1)
        with pytest.raises(TypeError, match=r"memref\.alloc: dynamicSizes must be a list of Values, not OpResult"):
            memref.AllocOp(T("memref<?xf32>"), n, [])
        with pytest.raises(ValueError, match=r"requires 2 ?operand segments"):
            memref.AllocOp.build_generic(results=[T("memref<?xf32>")],
                                         operands=[[n]])


def test_tensor_function():
    def body():
        idx, f32 = T("index"), T("f32")

        @func.FuncOp.from_py_func(T("tensor<?xf32>"), idx)
        def update(t, i):
            x = tensor.extract(t, [i])
            y = arith.mulf(x, x)
            u = tensor.insert(y, t, [i])
            n = tensor.dim(u, arith.constant(idx, 0))
            e = tensor.empty([n, 2], f32)
            return u, e

    m = build(body)
    check(m, """
        module {
          func.func @update(%arg0: tensor<?xf32>, %arg1: index) -> (tensor<?xf32>, tensor<?x2xf32>) {
            %extracted = tensor.extract %arg0[%arg1] : tensor<?xf32>
            %0 = arith.mulf %extracted, %extracted : f32
            %inserted = tensor.insert %0 into %arg0[%arg1] : tensor<?xf32>
            %c0 = arith.constant 0 : index
            %dim = tensor.dim %inserted, %c0 : tensor<?xf32>
            %1 = tensor.empty(%dim) : tensor<?x2xf32>
            return %inserted, %1 : tensor<?xf32>, tensor<?x2xf32>
          }
        }
    """)


def test_vector_function():
    def body():
        f32 = T("f32")

        @func.FuncOp.from_py_func(T("vector<8xf32>"), f32)
        def scaled_sum(v, s):
            b = vector.broadcast(T("vector<8xf32>"), s)
            p = arith.mulf(v, b)
            r = vector.reduction(f32, vector.CombiningKind.ADD, p)
            e = vector.extract(p, [], A("array<i64: 3>"))
            return arith.addf(r, e)

    m = build(body)
    check(m, """
        module {
          func.func @scaled_sum(%arg0: vector<8xf32>, %arg1: f32) -> f32 {
            %0 = vector.broadcast %arg1 : f32 to vector<8xf32>
            %1 = arith.mulf %arg0, %0 : vector<8xf32>
            %2 = vector.reduction <add>, %1 : vector<8xf32> into f32
            %3 = vector.extract %1[3] : f32 from vector<8xf32>
            %4 = arith.addf %2, %3 : f32
            return %4 : f32
          }
        }
    """)


def test_linalg_function():
    def body():
        f32 = T("f32")
        a_t, b_t, c_t = (T("tensor<4x8xf32>"), T("tensor<8x16xf32>"),
                         T("tensor<4x16xf32>"))

        @func.FuncOp.from_py_func(a_t, b_t)
        def mm(a, b):
            init = tensor.empty([4, 16], f32)
            zero = arith.constant(f32, 0.0)
            acc = linalg.fill(zero, outs=[init])
            return linalg.matmul(a, b, outs=[acc])

        @func.FuncOp.from_py_func(T("tensor<4xf32>"))
        def double(x):
            init = tensor.empty([4], f32)
            g = linalg.GenericOp(
                [T("tensor<4xf32>")], [x], [init],
                A("[affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]"),
                A("[#linalg.iterator_type<parallel>]"))
            blk = g.region.blocks.append(f32, f32)
            with InsertionPoint(blk):
                a = blk.arguments[0]
                linalg.YieldOp([arith.addf(a, a)])
            return g.result

    m = build(body)
    check(m, """
        #map = affine_map<(d0) -> (d0)>
        module {
          func.func @mm(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>) -> tensor<4x16xf32> {
            %0 = tensor.empty() : tensor<4x16xf32>
            %cst = arith.constant 0.000000e+00 : f32
            %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
            %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
            return %2 : tensor<4x16xf32>
          }
          func.func @double(%arg0: tensor<4xf32>) -> tensor<4xf32> {
            %0 = tensor.empty() : tensor<4xf32>
            %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%0 : tensor<4xf32>) {
            ^bb0(%in: f32, %out: f32):
              %2 = arith.addf %in, %in : f32
              linalg.yield %2 : f32
            } -> tensor<4xf32>
            return %1 : tensor<4xf32>
          }
        }
    """)


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
