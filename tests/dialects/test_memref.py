"""The memref dialect (mlir.dialects.memref): memref.subview with its result
type inferred from static or dynamic offsets, sizes and strides, and
alloc, load, store, dim, copy and dealloc in functions built from Python,
verified, printed exactly and parsed back; bad input raises TypeError or
ValueError naming the op and the argument."""

import pytest

from mlir.ir import (Context, F32Type, IndexType, InsertionPoint, Location,
                     MemRefType, Module)
from mlir.dialects import arith, func, memref

from .helpers import A, T, build, check


def test_memref_subview_inference_and_generated_builders():
    def body():
        f32, idx = F32Type.get(), IndexType.get()
        src_t = MemRefType.get([8, 16], f32)

        @func.FuncOp.from_py_func(src_t, idx)
        def views(a, n):
            c2 = arith.constant(idx, 2)
            # Static: offset 2*16 + 4 = 36, strides [16, 2].
            v1 = memref.subview(a, [c2, 4], [2, 4], [1, 2])
            assert str(v1.type) == \
                "memref<2x4xf32, strided<[16, 2], offset: 36>>"
            # Dynamic offset: offset ?, strides [16, 1].
            v2 = memref.subview(a, [n, 0], [2, 4], [1, 1])
            # Whole rows from the origin: identity layout.
            v3 = memref.subview(a, [0, 0], [4, 16], [1, 1])
            assert str(v3.type) == "memref<4x16xf32>"
            # Dynamic size with an explicit result type.
            v4 = memref.subview(
                a, [0, 0], [n, 16], [1, 1],
                result_type=T("memref<?x16xf32, strided<[16, 1]>>"))
            # Generated builders around them.
            buf = memref.alloc(MemRefType.get([2, 4], f32), [], [])
            memref.copy(v1, buf)
            x = memref.load(v2, [c2, arith.constant(idx, 3)])
            memref.store(x, v3, [n, n])
            d = memref.dim(v4, arith.constant(idx, 0))
            memref.dealloc(buf)
            return d

    check(build(body), """
        module {
          func.func @views(%arg0: memref<8x16xf32>, %arg1: index) -> index {
            %c2 = arith.constant 2 : index
            %subview = memref.subview %arg0[2, 4] [2, 4] [1, 2] : memref<8x16xf32> to memref<2x4xf32, strided<[16, 2], offset: 36>>
            %subview_0 = memref.subview %arg0[%arg1, 0] [2, 4] [1, 1] : memref<8x16xf32> to memref<2x4xf32, strided<[16, 1], offset: ?>>
            %subview_1 = memref.subview %arg0[0, 0] [4, 16] [1, 1] : memref<8x16xf32> to memref<4x16xf32>
            %subview_2 = memref.subview %arg0[0, 0] [%arg1, 16] [1, 1] : memref<8x16xf32> to memref<?x16xf32, strided<[16, 1]>>
            %alloc = memref.alloc() : memref<2x4xf32>
            memref.copy %subview, %alloc : memref<2x4xf32, strided<[16, 2], offset: 36>> to memref<2x4xf32>
            %c3 = arith.constant 3 : index
            %0 = memref.load %subview_0[%c2, %c3] : memref<2x4xf32, strided<[16, 1], offset: ?>>
            memref.store %0, %subview_1[%arg1, %arg1] : memref<4x16xf32>
            %c0 = arith.constant 0 : index
            %dim = memref.dim %subview_2, %c0 : memref<?x16xf32, strided<[16, 1]>>
            memref.dealloc %alloc : memref<2x4xf32>
            return %dim : index
          }
        }
    """)


def test_memref_subview_bad_input(ctx):
    m = Module.create()
    f32, idx = F32Type.get(), IndexType.get()
    with InsertionPoint(m.body):
        f = func.FuncOp("f", ([MemRefType.get([8, 16], f32), idx], []))
        with InsertionPoint(f.add_entry_block()):
            a, n = f.arguments
            with pytest.raises(ValueError, match=r"mixed static/dynamic "
                                                 r"offset/sizes/strides requires "
                                                 r"explicit result type"):
                memref.subview(a, [0, 0], [n, 4], [1, 1])
            with pytest.raises(ValueError, match=r"memref\.subview: expected "
                                                 r"2 sizes"):
                memref.subview(a, [0, 0], [4], [1, 1])
            with pytest.raises(TypeError, match=r"memref\.subview: source"):
                memref.subview(n, [0], [1], [1])
            with pytest.raises(TypeError, match=r"memref\.subview: "
                                                r"offsets\[1\]"):
                memref.subview(a, [0, "0"], [1, 1], [1, 1],
                               result_type=MemRefType.get([1, 1], f32))
            with pytest.raises(TypeError, match=r"memref\.subview: "
                                                r"result_type"):
                memref.subview(a, [0, 0], [1, 1], [1, 1], result_type=f32)
            func.ReturnOp([])


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
        with pytest.raises(ValueError, match=r'^Operand 0 of operation "memref\.alloc" must be a Sequence of Values \(std::bad_cast\)'):
            memref.AllocOp(T("memref<?xf32>"), n, [])
        with pytest.raises(ValueError, match=r'^Operand 1 of operation "memref\.alloc" must be a Sequence of Values \(contained a None item\)'):
            memref.AllocOp(T("memref<?xf32>"), [n], [None])
        # As upstream: an operation stands for its results.
        a = memref.AllocOp(T("memref<?xf32>"), n.owner, [])
        assert a.dynamicSizes[0] == n
        with pytest.raises(ValueError, match=r"requires 2 ?operand segments"):
            memref.AllocOp.build_generic(results=[T("memref<?xf32>")],
                                         operands=[[n]])
