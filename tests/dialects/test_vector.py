"""The vector dialect (mlir.dialects.vector): functions of vector ops
(transfer_read / transfer_write, broadcast, fma, reduction, extract, insert,
shuffle, store) built with the generated builders, verified, printed exactly
and parsed back."""

from mlir.ir import (AffineMap, AffineMapAttr, F32Type, IndexType,
                     MemRefType, VectorType)
from mlir.dialects import arith, func, vector

from .helpers import A, T, build, check


def test_vector_function_from_generated_builders():
    def body():
        f32, idx = F32Type.get(), IndexType.get()
        v4 = VectorType.get([4], f32)
        minor = AffineMapAttr.get(AffineMap.get_minor_identity(2, 1))

        @func.FuncOp.from_py_func(MemRefType.get([8, 8], f32), idx)
        def vfn(a, i):
            pad = arith.constant(f32, 0.0)
            r = vector.transfer_read(v4, a, [i, i], minor, pad, [True])
            b = vector.broadcast(v4, pad)
            f = vector.fma(arith.addf(r, b), r, b)
            red = vector.reduction(f32, vector.CombiningKind.ADD, f)
            e = vector.extract(f, [], [2])
            ins = vector.insert(red, f, [], [0])
            sh = vector.shuffle(ins, ins, [0, 5, 2, 7])
            vector.transfer_write(None, sh, a, [i, i], minor, [True])
            vector.store(sh, a, [i, i])
            return e

    check(build(body), """
        module {
          func.func @vfn(%arg0: memref<8x8xf32>, %arg1: index) -> f32 {
            %cst = arith.constant 0.000000e+00 : f32
            %0 = vector.transfer_read %arg0[%arg1, %arg1], %cst {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
            %1 = vector.broadcast %cst : f32 to vector<4xf32>
            %2 = arith.addf %0, %1 : vector<4xf32>
            %3 = vector.fma %2, %0, %1 : vector<4xf32>
            %4 = vector.reduction <add>, %3 : vector<4xf32> into f32
            %5 = vector.extract %3[2] : f32 from vector<4xf32>
            %6 = vector.insert %4, %3 [0] : f32 into vector<4xf32>
            %7 = vector.shuffle %6, %6 [0, 5, 2, 7] : vector<4xf32>, vector<4xf32>
            vector.transfer_write %7, %arg0[%arg1, %arg1] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32>
            vector.store %7, %arg0[%arg1, %arg1] : memref<8x8xf32>, vector<4xf32>
            return %5 : f32
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
