"""mlir.extras: the type shorthands of mlir.extras.types (printed types and
classes as upstream's, and the ValueErrors of an ambiguous or missing
element type) and the region decorators of mlir.extras.meta (printed IR,
returned values, errors for unannotated block arguments)."""

import pytest

from mlir.ir import (
    BF16Type, ComplexType, Context, F16Type, F32Type, F64Type,
    Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType, Float8E3M4Type,
    Float8E4M3B11FNUZType, Float8E4M3FNType, Float8E4M3Type, Float8E5M2Type,
    Float8E8M0FNUType, FloatTF32Type, FunctionType, IndexType, InsertionPoint,
    IntegerType, Location, MemRefType, NoneType, OpaqueType, OpResult,
    Operation, RankedTensorType, ShapedType, StridedLayoutAttr, TupleType,
    UnrankedMemRefType, UnrankedTensorType, VectorType,
)
from mlir.dialects import arith, scf, tensor
from mlir.extras import meta
from mlir.extras import types as T
from mlir.extras.meta import op_region_builder, region_op

from .dialects.helpers import build, check


SCALARS = [
    ("index", "index", IndexType),
    ("bool", "i1", IntegerType),
    ("i8", "i8", IntegerType),
    ("i16", "i16", IntegerType),
    ("i32", "i32", IntegerType),
    ("i64", "i64", IntegerType),
    ("si8", "si8", IntegerType),
    ("si16", "si16", IntegerType),
    ("si32", "si32", IntegerType),
    ("si64", "si64", IntegerType),
    ("ui8", "ui8", IntegerType),
    ("ui16", "ui16", IntegerType),
    ("ui32", "ui32", IntegerType),
    ("ui64", "ui64", IntegerType),
    ("f16", "f16", F16Type),
    ("f32", "f32", F32Type),
    ("tf32", "tf32", FloatTF32Type),
    ("f64", "f64", F64Type),
    ("bf16", "bf16", BF16Type),
    ("f8E5M2", "f8E5M2", Float8E5M2Type),
    ("f8E4M3", "f8E4M3", Float8E4M3Type),
    ("f8E4M3FN", "f8E4M3FN", Float8E4M3FNType),
    ("f8E4M3B11FNUZ", "f8E4M3B11FNUZ", Float8E4M3B11FNUZType),
    ("f8E3M4", "f8E3M4", Float8E3M4Type),
    ("f4E2M1FN", "f4E2M1FN", Float4E2M1FNType),
    ("f6E2M3FN", "f6E2M3FN", Float6E2M3FNType),
    ("f6E3M2FN", "f6E3M2FN", Float6E3M2FNType),
    ("f8E8M0FNU", "f8E8M0FNU", Float8E8M0FNUType),
    ("none", "none", NoneType),
]


@pytest.mark.parametrize("name,text,cls", SCALARS, ids=[s[0] for s in SCALARS])
def test_scalar_shorthands(ctx, name, text, cls):
    t = getattr(T, name)()
    assert str(t) == text
    assert type(t) is cls
    assert t.context is ctx


def test_integer_widths_and_signedness(ctx):
    assert str(T.i(3)) == "i3" and T.i(3).is_signless
    assert str(T.si(7)) == "si7" and T.si(7).is_signed
    assert str(T.ui(128)) == "ui128" and T.ui(128).is_unsigned
    assert T.bool() == IntegerType.get_signless(1)


def test_complex_opaque_tuple_function(uctx):
    c = T.complex(T.f32())
    assert str(c) == "complex<f32>" and type(c) is ComplexType
    o = T.opaque("foo", "bar")
    assert str(o) == "!foo.bar" and type(o) is OpaqueType
    tup = T.tuple(T.i32(), T.f32())
    assert str(tup) == "tuple<i32, f32>" and type(tup) is TupleType
    assert str(T.tuple()) == "tuple<>"
    f = T.function(inputs=[T.i32()], results=[T.f32(), T.index()])
    assert str(f) == "(i32) -> (f32, index)" and type(f) is FunctionType
    assert str(T.function(inputs=[], results=[])) == "() -> ()"
    with pytest.raises(TypeError,
                       match=r"^function\(\) takes 0 positional arguments but 2 were given$"):
        T.function([T.i32()], [])          # keyword-only, as upstream


def test_shaped_types(ctx):
    dyn = ShapedType.get_dynamic_size()
    cases = [
        (T.tensor(2, 3, T.f32()), "tensor<2x3xf32>", RankedTensorType),
        (T.tensor(T.f32()), "tensor<*xf32>", UnrankedTensorType),
        (T.tensor(element_type=T.f32()), "tensor<*xf32>", UnrankedTensorType),
        (T.tensor(2, dyn, element_type=T.i8()), "tensor<2x?xi8>",
         RankedTensorType),
        (T.tensor(2, 3, T.f32(), encoding="enc"), 'tensor<2x3xf32, "enc">',
         RankedTensorType),
        (T.memref(4, T.i8()), "memref<4xi8>", MemRefType),
        (T.memref(4, 5, element_type=T.f16(), memory_space=1),
         "memref<4x5xf16, 1>", MemRefType),
        (T.memref(T.f32(), memory_space=2), "memref<*xf32, 2>",
         UnrankedMemRefType),
        (T.memref(T.f32()), "memref<*xf32>", UnrankedMemRefType),
        (T.memref(4, 4, T.f32(), layout=StridedLayoutAttr.get(2, [1, 4])),
         "memref<4x4xf32, strided<[1, 4], offset: 2>>", MemRefType),
        (T.vector(4, T.f32()), "vector<4xf32>", VectorType),
        (T.vector(4, 8, T.f32(), scalable=[False, True]),
         "vector<4x[8]xf32>", VectorType),
        (T.vector(4, 8, element_type=T.f32(), scalable_dims=[0]),
         "vector<[4]x8xf32>", VectorType),
    ]
    for t, text, cls in cases:
        assert (str(t), type(t)) == (text, cls)


def test_shaped_type_errors(ctx):
    with pytest.raises(ValueError, match="element type"):
        T.tensor(2, 3)
    with pytest.raises(ValueError, match="given twice"):
        T.tensor(2, T.f32(), element_type=T.f32())
    with pytest.raises(ValueError, match="given twice"):
        T.memref(2, T.f32(), element_type=T.f32())
    with pytest.raises(ValueError, match="unranked tensor type has no "
                                         "encoding"):
        T.tensor(T.f32(), encoding="enc")
    with pytest.raises(ValueError, match="element type"):
        T.tensor()
    with pytest.raises(ValueError, match="element type"):
        T.vector(4)
    # A vector needs sizes: VectorType.get rejects a missing shape.
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        T.vector(T.f32())
    with pytest.raises(ValueError, match="type_constructor"):
        T._shaped(2, T.f32())


def test_shorthands_need_a_context():
    assert Context.current is None
    with pytest.raises((RuntimeError, ValueError),
                       match=r"^An MLIR function requires a Context but none was provided"):
        T.i32()


# -- meta --------------------------------------------------------------------

def _execute(*types, **kwargs):
    return scf.ExecuteRegionOp(list(types), **kwargs)


execute = region_op(_execute, terminator=lambda values: scf.YieldOp(values))
generate = region_op(lambda t, dyn: tensor.GenerateOp(t, dyn),
                     terminator=lambda values: tensor.YieldOp(values[0]))


def test_region_op_results_and_ir():
    seen = {}

    def body():
        @execute(T.i32())
        def one():
            return arith.constant(T.i32(), 7)
        seen["one"] = one

        @execute(T.i32(), T.f32())
        def two():
            return arith.constant(T.i32(), 1), arith.constant(T.f32(), 2.0)
        seen["two"] = two

        @execute
        def bare():
            return None
        seen["bare"] = bare

        @generate(T.tensor(2, 3, T.f32()), [])
        def gen(i: T.index(), j: T.index()):
            arith.addi(i, j)
            return arith.constant(T.f32(), 1.5)
        seen["gen"] = gen

    check(build(body), """
        module {
          %0 = scf.execute_region -> i32 {
            %c7_i32 = arith.constant 7 : i32
            scf.yield %c7_i32 : i32
          }
          %1:2 = scf.execute_region -> (i32, f32) {
            %c1_i32 = arith.constant 1 : i32
            %cst = arith.constant 2.000000e+00 : f32
            scf.yield %c1_i32, %cst : i32, f32
          }
          scf.execute_region {
            scf.yield
          }
          %generated = tensor.generate  {
          ^bb0(%arg0: index, %arg1: index):
            %2 = arith.addi %arg0, %arg1 : index
            %cst = arith.constant 1.500000e+00 : f32
            tensor.yield %cst : f32
          } : tensor<2x3xf32>
        }
    """)
    assert isinstance(seen["one"], OpResult)
    assert len(seen["two"]) == 2
    assert [str(r.type) for r in seen["two"]] == ["i32", "f32"]
    assert type(seen["bare"]) is Operation
    assert seen["bare"].name == "scf.execute_region"
    assert isinstance(seen["gen"], OpResult)


def test_op_region_builder_on_existing_op():
    seen = {}

    def body():
        op = scf.ExecuteRegionOp([T.i64()])

        @op_region_builder(op, op.regions[0],
                           terminator=lambda values: scf.YieldOp(values))
        def r():
            return [arith.constant(T.i64(), 3)]
        seen["r"] = r

        op2 = scf.ExecuteRegionOp([])

        @meta.op_region_builder(op2, op2.regions[0])
        def r2():
            scf.YieldOp([])
        seen["r2"] = r2

    check(build(body), """
        module {
          %0 = scf.execute_region -> i64 {
            %c3_i64 = arith.constant 3 : i64
            scf.yield %c3_i64 : i64
          }
          scf.execute_region {
            scf.yield
          }
        }
    """)
    assert str(seen["r"].type) == "i64"
    assert type(seen["r2"]) is Operation


def test_region_op_block_arguments_need_type_annotations():
    with Context(), Location.unknown():
        from mlir.ir import Module
        m = Module.create()
        with InsertionPoint(m.body):
            def untyped(x):
                pass

            def not_a_type(x: 5):
                pass

            for fn in (untyped, not_a_type):
                with pytest.raises(ValueError, match="annotation"):
                    generate(T.tensor(2, T.f32()), [])(fn)
