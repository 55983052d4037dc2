import pytest

from mlir.ir import *


def test_integer_types(ctx):
    i32 = IntegerType.get_signless(32)
    si8 = IntegerType.get_signed(8)
    ui16 = IntegerType.get_unsigned(16)
    assert repr(i32) == "IntegerType(i32)"
    assert str(si8) == "si8" and str(ui16) == "ui16"
    assert (i32.width, si8.width, ui16.width) == (32, 8, 16)
    assert i32.is_signless and not i32.is_signed and not i32.is_unsigned
    assert si8.is_signed and not si8.is_signless
    assert ui16.is_unsigned
    assert i32 == IntegerType.get_signless(32, context=ctx)
    assert hash(i32) == hash(Type.parse("i32"))
    assert i32.typeid == IntegerType.static_typeid
    assert IntegerType.isinstance(i32) and not IntegerType.isinstance(F32Type.get())


@pytest.mark.parametrize("width, error", [(16777216, ValueError),
                                          ((1 << 32) - 1, ValueError),
                                          (1 << 32, TypeError),
                                          (1 << 40, TypeError)])
def test_integer_width_out_of_range(ctx, width, error):
    # Beyond an unsigned int, upstream's argument conversion refuses the
    # width (TypeError); within it MLIR's limit is ours to check (upstream
    # aborts there).
    with pytest.raises(error, match=r"integer bitwidth must be in \[0, 16777215\]"):
        IntegerType.get_signless(width)


def test_a_negative_integer_width_is_a_type_error(ctx):
    # An unsigned parameter upstream: nanobind refuses a negative int.
    with pytest.raises(TypeError, match="bitwidth"):
        IntegerType.get_signless(-1)


def test_no_context_is_an_error():
    with pytest.raises(RuntimeError, match="^An MLIR function requires a Context but none was provided"):
        IntegerType.get_signless(32)


def test_parse_downcasts(ctx):
    cases = {
        "i1": IntegerType, "index": IndexType, "none": NoneType,
        "f16": F16Type, "bf16": BF16Type, "f32": F32Type, "f64": F64Type,
        "tf32": FloatTF32Type, "f4E2M1FN": Float4E2M1FNType,
        "f6E2M3FN": Float6E2M3FNType, "f6E3M2FN": Float6E3M2FNType,
        "f8E3M4": Float8E3M4Type, "f8E4M3": Float8E4M3Type,
        "f8E4M3FN": Float8E4M3FNType, "f8E4M3FNUZ": Float8E4M3FNUZType,
        "f8E4M3B11FNUZ": Float8E4M3B11FNUZType, "f8E5M2": Float8E5M2Type,
        "f8E5M2FNUZ": Float8E5M2FNUZType, "f8E8M0FNU": Float8E8M0FNUType,
        "complex<f32>": ComplexType, "vector<4xf32>": VectorType,
        "tensor<2xi8>": RankedTensorType, "tensor<*xi8>": UnrankedTensorType,
        "memref<2xi8>": MemRefType, "memref<*xi8>": UnrankedMemRefType,
        "tuple<i8, f32>": TupleType, "(i8) -> f32": FunctionType,
        "!foo.bar": OpaqueType,
    }
    ctx.allow_unregistered_dialects = True
    for asm, cls in cases.items():
        t = Type.parse(asm)
        assert type(t) is cls, asm
        assert repr(t) == f"{cls.__name__}({asm})"
        assert t.typeid == cls.static_typeid


@pytest.mark.parametrize("cls,asm,width", [
    (F16Type, "f16", 16), (BF16Type, "bf16", 16), (F32Type, "f32", 32),
    (F64Type, "f64", 64), (FloatTF32Type, "tf32", 19),
    (Float4E2M1FNType, "f4E2M1FN", 4), (Float6E2M3FNType, "f6E2M3FN", 6),
    (Float6E3M2FNType, "f6E3M2FN", 6), (Float8E3M4Type, "f8E3M4", 8),
    (Float8E4M3Type, "f8E4M3", 8), (Float8E4M3FNType, "f8E4M3FN", 8),
    (Float8E4M3FNUZType, "f8E4M3FNUZ", 8),
    (Float8E4M3B11FNUZType, "f8E4M3B11FNUZ", 8),
    (Float8E5M2Type, "f8E5M2", 8), (Float8E5M2FNUZType, "f8E5M2FNUZ", 8),
    (Float8E8M0FNUType, "f8E8M0FNU", 8),
])
def test_float_types(ctx, cls, asm, width):
    t = cls.get()
    assert str(t) == asm
    assert t.width == width
    assert isinstance(t, FloatType) and FloatType.isinstance(t)
    assert cls.isinstance(t) and not cls.isinstance(IndexType.get())
    assert FloatType(Type.parse(asm)).width == width


def test_cast_constructor(ctx):
    t = Type.parse("i32")
    assert type(IntegerType(t)) is IntegerType
    with pytest.raises(ValueError, match="Cannot cast type to F32Type"):
        F32Type(t)
    with pytest.raises(TypeError, match=r"^__init__\(\): incompatible function arguments"):
        IntegerType(3)
    assert ShapedType(Type.parse("tensor<2xf32>")).rank == 1
    with pytest.raises(ValueError, match=r"^Cannot cast type to ShapedType \(from Type\(i32\)\)$"):
        ShapedType(t)


def test_index_none(ctx):
    assert str(IndexType.get()) == "index"
    assert repr(NoneType.get()) == "NoneType(none)"


def test_complex(ctx):
    c = ComplexType.get(F32Type.get())
    assert str(c) == "complex<f32>"
    assert c.element_type == F32Type.get()
    assert type(c.element_type) is F32Type
    with pytest.raises(ValueError, match=r"invalid 'Type\(index\)' and expected floating point or integer type\.$"):
        ComplexType.get(IndexType.get())


def test_shaped_queries(ctx):
    f32 = F32Type.get()
    dyn = ShapedType.get_dynamic_size()
    t = RankedTensorType.get([2, dyn, 4], f32)
    assert str(t) == "tensor<2x?x4xf32>"
    assert t.shape == [2, dyn, 4]
    assert t.rank == 3 and t.has_rank and not t.has_static_shape
    assert t.is_dynamic_dim(1) and not t.is_dynamic_dim(0)
    assert t.is_static_dim(2)
    assert t.get_dim_size(2) == 4
    assert ShapedType.is_dynamic_size(dyn) and not ShapedType.is_dynamic_size(3)
    assert ShapedType.is_static_size(3)
    so = ShapedType.get_dynamic_stride_or_offset()
    assert ShapedType.is_dynamic_stride_or_offset(so)
    assert ShapedType.is_static_stride_or_offset(0)
    assert t.element_type == f32
    with pytest.raises(IndexError, match=r"^dimension index 3 out of range for a type of rank 3$"):
        t.get_dim_size(3)
    with pytest.raises(IndexError,
                       match=r"^dimension index -1 out of range for a type of rank 3$"):
        t.is_dynamic_dim(-1)
    u = UnrankedTensorType.get(f32)
    assert str(u) == "tensor<*xf32>" and not u.has_rank
    with pytest.raises(ValueError, match="requires that the type has a rank"):
        u.rank
    with pytest.raises(ValueError,
                       match=r"^calling this method requires that the type has a rank\.$"):
        u.shape


def test_vector(ctx):
    f32 = F32Type.get()
    v = VectorType.get([2, 3], f32)
    assert str(v) == "vector<2x3xf32>" and not v.scalable
    s = VectorType.get([2, 3], f32, scalable=[False, True])
    assert str(s) == "vector<2x[3]xf32>"
    assert s.scalable and s.scalable_dims == [False, True]
    assert VectorType.get([2, 3], f32, scalable_dims=[0]) == Type.parse("vector<[2]x3xf32>")
    with pytest.raises(ValueError, match="mutually exclusive"):
        VectorType.get([2], f32, scalable=[True], scalable_dims=[0])
    with pytest.raises(ValueError, match=r"^Expected len\(scalable\) == len\(shape\)\.$"):
        VectorType.get([2], f32, scalable=[True, False])
    with pytest.raises(ValueError, match="out of bounds"):
        VectorType.get([2], f32, scalable_dims=[1])
    with pytest.raises(MLIRError, match="vector types must have positive constant sizes"):
        VectorType.get([0], f32)
    with pytest.raises(MLIRError,
                       match=r"^Invalid type:\nerror: unknown: failed to verify 'elementType': VectorElementTypeInterface instance"):
        VectorType.get([2], NoneType.get())


def test_tensor_encoding_and_errors(ctx):
    f32 = F32Type.get()
    enc = StringAttr.get("enc")
    t = RankedTensorType.get([3], f32, encoding=enc)
    assert str(t) == 'tensor<3xf32, "enc">'
    assert t.encoding == enc
    assert RankedTensorType.get([3], f32).encoding is None
    with pytest.raises(MLIRError, match="invalid tensor dimension size"):
        RankedTensorType.get([-5], f32)
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        RankedTensorType.get("3", f32)
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        RankedTensorType.get([3], "f32")
    with pytest.raises(MLIRError,
                       match=r"^Invalid type:\nerror: unknown: invalid tensor element type: '\(\) -> \(\)'"):
        UnrankedTensorType.get(FunctionType.get([], []))


def test_memref(ctx):
    f32 = F32Type.get()
    m = MemRefType.get([2, 3], f32)
    assert str(m) == "memref<2x3xf32>"
    assert str(m.affine_map) == "(d0, d1) -> (d0, d1)"
    assert m.memory_space is None
    assert m.get_strides_and_offset() == ([3, 1], 0)
    layout = StridedLayoutAttr.get(5, [1, 2])
    ms = MemRefType.get([2, 3], f32, layout=layout, memory_space=IntegerAttr.get(IntegerType.get_signless(64), 1))
    assert str(ms) == "memref<2x3xf32, strided<[1, 2], offset: 5>, 1>"
    assert ms.layout == layout and type(ms.layout) is StridedLayoutAttr
    assert ms.memory_space.value == 1
    assert ms.get_strides_and_offset() == ([1, 2], 5)
    amap = AffineMapAttr.get(AffineMap.get_permutation([1, 0]))
    mp = MemRefType.get([2, 3], f32, layout=amap)
    assert str(mp) == "memref<2x3xf32, affine_map<(d0, d1) -> (d1, d0)>>"
    mnon = MemRefType.get([4], f32, layout=AffineMapAttr.get(
        AffineMap.get(1, 0, [AffineDimExpr.get(0) % 2])))
    with pytest.raises(ValueError, match="strides and offset"):
        mnon.get_strides_and_offset()
    um = UnrankedMemRefType.get(f32, IntegerAttr.get(IntegerType.get_signless(64), 2))
    assert str(um) == "memref<*xf32, 2>" and um.memory_space.value == 2
    assert UnrankedMemRefType.get(f32, None).memory_space is None
    with pytest.raises(MLIRError,
                       match=r"^Invalid type:\nerror: unknown: memref layout mismatch between rank and affine map: 1 != 3"):
        MemRefType.get([2], f32, layout=AffineMapAttr.get(AffineMap.get_identity(3)))


def test_tuple_function_opaque(ctx):
    i8, f32 = IntegerType.get_signless(8), F32Type.get()
    t = TupleType.get_tuple([i8, f32])
    assert str(t) == "tuple<i8, f32>" and t.num_types == 2
    assert type(t.get_type(1)) is F32Type
    with pytest.raises(IndexError, match=r"^tuple position 2 out of range \[0, 2\)$"):
        t.get_type(2)
    with pytest.raises(TypeError, match=r"^get_tuple\(\): incompatible function arguments"):
        TupleType.get_tuple([i8, 3])
    fn = FunctionType.get([i8, f32], [f32])
    assert str(fn) == "(i8, f32) -> f32"
    assert fn.inputs == [i8, f32] and fn.results == [f32]
    assert type(fn.inputs[0]) is IntegerType
    o = OpaqueType.get("dialect", "type<x>")
    assert str(o) == "!dialect.type<x>"
    assert o.dialect_namespace == "dialect" and o.data == "type<x>"


def test_downcast_through_values(ctx):
    ctx.allow_unregistered_dialects = True
    m = Module.parse('"t.op"() : () -> (tensor<2xf32>, i8)')
    op = m.body.operations[0]
    assert type(op.results[0].type) is RankedTensorType
    assert type(op.results[1].type) is IntegerType


def test_register_type_caster_replace(ctx):
    class MyInt(IntegerType):
        pass

    with pytest.raises(RuntimeError, match="already registered"):
        register_type_caster(IntegerType.static_typeid, MyInt)
    try:
        register_type_caster(IntegerType.static_typeid, MyInt, replace=True)
        assert type(Type.parse("i8")) is MyInt
        assert Type.parse("i8").width == 8
    finally:
        register_type_caster(IntegerType.static_typeid,
                             lambda t: IntegerType(t), replace=True)
    assert type(Type.parse("i8")) is IntegerType


def test_maybe_downcast(ctx):
    t = Type(Type.parse("f32"))
    assert type(t) is Type
    assert type(t.maybe_downcast()) is F32Type


def test_memref_layout_must_be_a_layout(ctx):
    f32 = F32Type.get()
    # Each of these used to crash (the C API casts the layout unchecked).
    for bad in (StringAttr.get("x"), IntegerAttr.get(IntegerType.get_signless(64), 1),
                UnitAttr.get(), ArrayAttr.get([])):
        with pytest.raises(ValueError, match="layout must be a memref layout "
                                             "attribute"):
            MemRefType.get([2], f32, layout=bad)
        with pytest.raises(ValueError, match="layout must be a memref layout "
                                             "attribute"):
            MemRefType.get_unchecked([2], f32, layout=bad)
    with pytest.raises(ValueError, match=r'got "x"$'):
        MemRefType.get([2], f32, layout=StringAttr.get("x"))
    # An unsupported memory space is a verifier error, not a crash.
    with pytest.raises(MLIRError, match="unsupported memory space Attribute"):
        MemRefType.get([2], f32, memory_space=UnitAttr.get())
    with pytest.raises(MLIRError, match="unsupported memory space Attribute"):
        UnrankedMemRefType.get(f32, UnitAttr.get())
    strided = StridedLayoutAttr.get(0, [1])
    assert str(MemRefType.get([2], f32, layout=strided,
                              memory_space=StringAttr.get("x"))) == \
        'memref<2xf32, strided<[1]>, "x">'


def test_integer_type_signedness(ctx):
    S = IntegerType.Signedness
    assert [m.name for m in S] == ["SIGNLESS", "SIGNED", "UNSIGNED"]
    assert [m.value for m in S] == [0, 1, 2]
    assert IntegerType.SIGNLESS is S.SIGNLESS
    assert IntegerType.SIGNED is S.SIGNED
    assert IntegerType.UNSIGNED is S.UNSIGNED
    assert str(IntegerType.get(8)) == "i8"
    assert str(IntegerType.get(8, IntegerType.SIGNED)) == "si8"
    assert str(IntegerType.get(8, signedness=S.UNSIGNED, context=ctx)) == "ui8"
    assert IntegerType.get_signless(4).signedness is S.SIGNLESS
    assert IntegerType.get_signed(4).signedness is S.SIGNED
    assert Type.parse("ui4").signedness is S.UNSIGNED
    # As upstream's binding: the enum's value as a Python int (bool and
    # IntEnum included) is taken; another int, or a numpy int, is not.
    assert str(IntegerType.get(8, 1)) == "si8" and str(IntegerType.get(8, 2)) == "ui8"
    assert str(IntegerType.get(8, False)) == "i8"
    for bad in (5, -1, np.int64(1), 1.0):
        with pytest.raises(TypeError, match="signedness must be an IntegerType."
                                            "Signedness, not "):
            IntegerType.get(8, bad)


def test_type_names(ctx):
    assert IntegerType.type_name == "builtin.integer"
    assert IndexType.type_name == "builtin.index"
    assert F32Type.type_name == "builtin.f32"
    assert Float8E4M3FNType.type_name == "builtin.f8E4M3FN"
    assert VectorType.type_name == "builtin.vector"
    assert RankedTensorType.type_name == "builtin.tensor"
    assert UnrankedTensorType.type_name == "builtin.unranked_tensor"
    assert MemRefType.type_name == "builtin.memref"
    assert UnrankedMemRefType.type_name == "builtin.unranked_memref"
    assert FunctionType.type_name == "builtin.function"
    assert OpaqueType.type_name == "builtin.opaque"
    assert IntegerType.get_signless(8).type_name == "builtin.integer"


def test_get_unchecked(ctx):
    f32 = F32Type.get()
    assert str(VectorType.get_unchecked([2, 3], f32, scalable=[False, True])) == \
        "vector<2x[3]xf32>"
    assert str(RankedTensorType.get_unchecked([2], f32)) == "tensor<2xf32>"
    assert str(UnrankedTensorType.get_unchecked(f32, context=ctx)) == "tensor<*xf32>"
    assert str(MemRefType.get_unchecked([2], f32)) == "memref<2xf32>"
    assert str(UnrankedMemRefType.get_unchecked(f32, None)) == "memref<*xf32>"
    assert type(MemRefType.get_unchecked([2], f32)) is MemRefType
    # Invalid input is still refused, never handed to MLIR.
    with pytest.raises(MLIRError, match="vector types must have positive "
                                        "constant sizes but got -5"):
        VectorType.get_unchecked([-5], f32)
    with pytest.raises(MLIRError, match="Invalid type"):
        RankedTensorType.get_unchecked([2], NoneType.get())
    with Context() as other:
        with pytest.raises(ValueError, match="element_type: a Type of another "
                                             "Context"):
            MemRefType.get_unchecked([2], f32, context=other)


def test_float_arguments_refused(ctx):
    import numpy as np
    for fn in (IntegerType.get_signless, IntegerType.get_signed,
               IntegerType.get_unsigned, IntegerType.get):
        with pytest.raises(TypeError, match="width must be an int, not float"):
            fn(3.5)
    assert str(IntegerType.get_signless(np.int32(7))) == "i7"
    t = RankedTensorType.get([2, 3], F32Type.get())
    with pytest.raises(TypeError, match="dim must be an int, not float"):
        t.get_dim_size(1.7)
    with pytest.raises(TypeError, match="dim must be an int, not float"):
        t.is_dynamic_dim(0.0)
    assert t.get_dim_size(np.int64(1)) == 3
    with pytest.raises(TypeError, match="dim_size must be an int, not float"):
        ShapedType.is_dynamic_size(1.0)
    with pytest.raises(TypeError, match="shape dimensions must be ints, not float"):
        RankedTensorType.get([2.0], F32Type.get())
    assert str(RankedTensorType.get([np.int64(2)], F32Type.get())) == "tensor<2xf32>"
    with pytest.raises(TypeError, match="pos must be an int, not float"):
        TupleType.get_tuple([F32Type.get()]).get_type(0.0)


def test_register_type_caster_for_attributes(ctx):
    # One registry for types and attributes, as upstream.
    with pytest.raises(RuntimeError, match="already registered"):
        register_type_caster(IntegerAttr.static_typeid, lambda a: a)
    with pytest.raises(RuntimeError, match="already registered"):
        register_attribute_caster(IntegerType.static_typeid, lambda t: t)
    seen = []

    def caster(a):
        seen.append(a)
        return IntegerAttr(a)
    try:
        register_type_caster(IntegerAttr.static_typeid, caster, replace=True)
        a = Attribute.parse("5 : i32")
        assert type(a) is IntegerAttr and a.value == 5
        assert len(seen) == 1 and type(seen[0]) is Attribute
    finally:
        # Back to the default: i1 attributes come out as BoolAttr (the
        # tests that run later in the process rely on it).
        register_attribute_caster(
            IntegerAttr.static_typeid,
            lambda a: BoolAttr(a) if BoolAttr.isinstance(a) else IntegerAttr(a),
            replace=True)
    assert type(Attribute.parse("6 : i32")) is IntegerAttr
    assert type(Attribute.parse("true")) is BoolAttr
    assert len(seen) == 1
