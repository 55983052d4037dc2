"""The tensor dialect (mlir.dialects.tensor): tensor.empty with static,
dynamic and mixed sizes and an encoding, the tensor.generate decorator, and
extract, insert and dim in functions built from Python, verified, printed
exactly and parsed back; bad input raises TypeError or ValueError naming the
op and the argument."""

import pytest
import mlir.ir as ir

from mlir.ir import (Attribute, F32Type, IndexType, InsertionPoint,
                     IntegerType, Module, RankedTensorType,
                     ShapedType, StringAttr)
from mlir.dialects import arith, func, tensor

from .helpers import T, build, check


def test_tensor_empty_mixed_sizes():
    def body():
        f32, idx = F32Type.get(), IndexType.get()

        @func.FuncOp.from_py_func(idx, idx)
        def make(n, m):
            static = tensor.EmptyOp([2, 3], f32)
            assert isinstance(static, tensor.EmptyOp)
            assert len(static.dynamicSizes) == 0
            mixed = tensor.empty([n, 4, m], f32)
            assert mixed.owner.opview.dynamicSizes[1] == m
            c5 = arith.constant(idx, 5)
            op = tensor.EmptyOp([c5.owner, 7], T("i8"))
            dim = tensor.dim(mixed, arith.constant(idx, 1))
            return static.result, mixed, op.result, dim

    check(build(body), """
        module {
          func.func @make(%arg0: index, %arg1: index) -> (tensor<2x3xf32>, tensor<?x4x?xf32>, tensor<?x7xi8>, index) {
            %0 = tensor.empty() : tensor<2x3xf32>
            %1 = tensor.empty(%arg0, %arg1) : tensor<?x4x?xf32>
            %c5 = arith.constant 5 : index
            %2 = tensor.empty(%c5) : tensor<?x7xi8>
            %c1 = arith.constant 1 : index
            %dim = tensor.dim %1, %c1 : tensor<?x4x?xf32>
            return %0, %1, %2, %dim : tensor<2x3xf32>, tensor<?x4x?xf32>, tensor<?x7xi8>, index
          }
        }
    """)


def test_tensor_empty_bad_input(ctx):
    """As upstream's: an int (a bool too) is a static size, anything else a
    dynamic one, which the operation's creation refuses unless it is a
    Value; a negative size is an invalid type."""
    m = Module.create()
    f32 = F32Type.get()
    with InsertionPoint(m.body):
        i32v = arith.constant(T("i32"), 1)
        with pytest.raises(TypeError, match=r"tensor\.empty: element_type"):
            tensor.EmptyOp([2], "f32")
        with pytest.raises(ValueError, match=r'^Operand 0 of operation '
                           r'"tensor\.empty" must be a Value \(is not a '
                           r"Value\); argument 'dynamicSizes' got str$"):
            tensor.EmptyOp([2, "x"], f32)
        with pytest.raises(ValueError, match=r'^Operand 1 of operation '
                           r'"tensor\.empty" must be a Value \(contained a '
                           r"None item\)"):
            tensor.empty([i32v, None], f32)
        with pytest.raises(ir.MLIRError, match="Invalid type"):
            tensor.empty([-3], f32)
        with pytest.raises(TypeError, match=r"tensor\.empty: sizes must be"):
            tensor.empty(4, f32)
        # Taken as upstream takes them (the verifier refuses the i32 size).
        assert str(tensor.empty([True, 2], f32).type) == "tensor<1x2xf32>"
        odd = tensor.empty([i32v], f32)
        assert str(odd.type) == "tensor<?xf32>"
        with pytest.raises(ir.MLIRError, match="must be variadic of index"):
            odd.owner.verify()
        with pytest.raises(ValueError, match=r'^Operand 0 of operation '
                           r'"tensor\.empty" must be a Value'):
            tensor.empty([1, func.ReturnOp([]).operation], f32)
    assert [op.operation.name for op in m.body.operations] == [
        "arith.constant", "tensor.empty", "tensor.empty", "func.return"]


def test_tensor_empty_sizes_of_any_iterable_and_int_subclass(ctx):
    class Dim(int):
        pass

    m = Module.create()
    f32 = F32Type.get()
    with InsertionPoint(m.body):
        n = arith.constant(IndexType.get(), 4)
        a = tensor.empty(iter([Dim(2), n, 3]), f32)
        b = tensor.EmptyOp((Dim(0), n.owner), f32)
    assert str(a.type) == "tensor<2x?x3xf32>"
    assert str(b.result.type) == "tensor<0x?xf32>"
    assert [o == n for o in a.owner.operands] == [True]
    assert [o == n for o in b.operands] == [True]
    with pytest.raises(ir.MLIRError, match="invalid tensor dimension size"):
        tensor.empty([Dim(-1)], f32)


def test_tensor_empty_encoding():
    def body():
        f32, i32 = F32Type.get(), IntegerType.get_signless(32)
        enc = Attribute.parse("#sparse_tensor.encoding<{ map = (d0, d1) -> "
                              "(d0 : dense, d1 : compressed) }>")

        @func.FuncOp.from_py_func(IndexType.get())
        def f(n):
            a = tensor.empty([2, 3], f32, encoding=enc)
            tensor.empty([n, 4], f32, encoding=StringAttr.get("x"))
            c = tensor.EmptyOp([5], i32, encoding=None)
            assert c.result.type == RankedTensorType.get([5], i32)
            assert RankedTensorType(a.type).encoding == enc
            with pytest.raises(TypeError, match="encoding must be an "
                                                "Attribute"):
                tensor.empty([1], f32, encoding="x")
            return a

    check(build(body), """
        #sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
        module {
          func.func @f(%arg0: index) -> tensor<2x3xf32, #sparse> {
            %0 = tensor.empty() : tensor<2x3xf32, #sparse>
            %1 = tensor.empty(%arg0) : tensor<?x4xf32, "x">
            %2 = tensor.empty() : tensor<5xi32>
            return %0 : tensor<2x3xf32, #sparse>
          }
        }
    """)


def test_region_decorator_needs_type_annotations(ctx):
    m = Module.create()
    idx = IndexType.get()
    with InsertionPoint(m.body):
        n = arith.constant(idx, 4)
        # Upstream's text, then which parameter.
        with pytest.raises(ValueError, match=(
                r"^for body_builder=<function .*t at 0x[0-9a-f]+> either "
                r"missing a type annotation or type annotation isn't a mlir "
                r"type: \(i: IndexType\(index\), j\) \(tensor\.generate: "
                r"parameter 'j' "
                r"needs an MLIR Type")):
            @tensor.generate(RankedTensorType.get(
                [ShapedType.get_dynamic_size(), 3], idx), [n])
            def t(i: idx, j):
                return i


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
