"""Types and attributes that the dialect C APIs expose (mlir-c/Dialect/*.h),
as classes of mlir.dialects.<ns>: constructors, printed forms, casts,
properties, and downcasting of parsed types once the module is imported."""

import gc

import pytest

from mlir.ir import (AffineMap, Attribute, Context, F32Type, IntegerType,
                     Location, MemRefType, Module, RankedTensorType, Type)
from mlir.dialects import (amdgpu, emitc, gpu, irdl, llvm, nvgpu, pdl, quant,
                           smt, sparse_tensor, transform)
from mlir.ir import InsertionPoint, MLIRError


def same(a, b):
    """Equal, and of exactly the same class."""
    return a == b and type(a) is type(b)


# -- llvm ---------------------------------------------------------------------

def test_llvm_pointer_type(ctx):
    p = llvm.PointerType.get()
    assert str(p) == "!llvm.ptr"
    assert repr(p) == "PointerType(!llvm.ptr)"
    assert p.address_space == 0
    p1 = llvm.PointerType.get(1)
    assert str(p1) == "!llvm.ptr<1>" and p1.address_space == 1
    assert llvm.PointerType.get(address_space=3, context=ctx).address_space == 3
    assert same(Type.parse("!llvm.ptr<1>"), p1)
    assert Type.parse("!llvm.ptr").typeid == llvm.PointerType.static_typeid
    assert llvm.PointerType.isinstance(p)
    assert not llvm.PointerType.isinstance(IntegerType.get_signless(32))
    with pytest.raises(ValueError):
        llvm.PointerType.get(-1)
    with pytest.raises(TypeError):
        llvm.PointerType.get("1")


def test_llvm_literal_struct(ctx):
    i32, f32 = IntegerType.get_signless(32), F32Type.get()
    s = llvm.StructType.get_literal([i32, f32])
    assert str(s) == "!llvm.struct<(i32, f32)>"
    assert s.body == [i32, f32] and type(s.body[1]) is F32Type
    assert not s.packed and not s.opaque and s.name is None
    with Location.unknown():
        p = llvm.StructType.get_literal([i32], packed=True)
    assert str(p) == "!llvm.struct<packed (i32)>" and p.packed
    assert same(Type.parse("!llvm.struct<(i32, f32)>"), s)
    # Not an LLVM-compatible element type: MLIR's diagnostic, as ValueError.
    with pytest.raises(ValueError, match="invalid LLVM structure element type"):
        llvm.StructType.get_literal([Type.parse("!llvm.void")])
    with pytest.raises(ValueError, match="invalid LLVM structure element type"):
        llvm.StructType.new_identified("bad", [Type.parse("!llvm.token")])
    with pytest.raises(ValueError, match="cannot set the body of a literal"):
        s.set_body([i32])
    with pytest.raises(TypeError):
        llvm.StructType.get_literal(i32)


def test_llvm_identified_struct(ctx):
    i32 = IntegerType.get_signless(32)
    s = llvm.StructType.get_identified("node")
    assert str(s) == '!llvm.struct<"node", opaque>'
    assert s.name == "node" and s.opaque and s.body is None
    s.set_body([i32, llvm.PointerType.get()])
    assert str(s) == '!llvm.struct<"node", (i32, ptr)>'
    assert not s.opaque and s.body == [i32, llvm.PointerType.get()]
    s.set_body([i32, llvm.PointerType.get()])          # same body: fine
    with pytest.raises(ValueError, match="already set"):
        s.set_body([i32])
    assert llvm.StructType.get_identified("node", context=ctx) == s
    assert same(Type.parse('!llvm.struct<"node", (i32, ptr)>'), s)

    n = llvm.StructType.new_identified("node", [i32], packed=True)
    assert n != s and n.name.startswith("node") and n.name != "node"
    assert n.packed and n.body == [i32]
    o = llvm.StructType.get_opaque("opq")
    assert str(o) == '!llvm.struct<"opq", opaque>' and o.opaque


def test_llvm_void_type(ctx):
    v = llvm.VoidType.get()
    assert str(v) == "!llvm.void" and repr(v) == "VoidType(!llvm.void)"
    assert same(Type.parse("!llvm.void"), v)
    assert v.typeid == llvm.VoidType.static_typeid
    assert llvm.VoidType.isinstance(v)
    assert not llvm.VoidType.isinstance(llvm.PointerType.get())
    assert not llvm.VoidType.isinstance("!llvm.void")
    assert llvm.VoidType.get(context=ctx) == v
    assert type(llvm.VoidType(Type(v))) is llvm.VoidType
    with pytest.raises(ValueError):
        llvm.VoidType(IntegerType.get_signless(1))


def test_llvm_array_type(ctx):
    i32 = IntegerType.get_signless(32)
    a = llvm.ArrayType.get(i32, 4)
    assert str(a) == "!llvm.array<4 x i32>"
    assert repr(a) == "ArrayType(!llvm.array<4 x i32>)"
    assert type(a.element_type) is IntegerType and a.element_type == i32
    assert a.num_elements == 4
    assert same(Type.parse("!llvm.array<4 x i32>"), a)
    assert a.typeid == llvm.ArrayType.static_typeid
    assert llvm.ArrayType.isinstance(a)
    assert not llvm.ArrayType.isinstance(i32)
    nested = llvm.ArrayType.get(a, 0, context=ctx)
    assert str(nested) == "!llvm.array<0 x array<4 x i32>>"
    assert nested.num_elements == 0 and same(nested.element_type, a)
    assert llvm.ArrayType.get(llvm.PointerType.get(), 2**32 - 1).num_elements \
        == 2**32 - 1
    with pytest.raises(ValueError, match="invalid array element type"):
        llvm.ArrayType.get(llvm.VoidType.get(), 2)
    with pytest.raises(ValueError):
        llvm.ArrayType.get(i32, -1)
    with pytest.raises(ValueError):
        llvm.ArrayType.get(i32, 2**32)
    with pytest.raises(TypeError):
        llvm.ArrayType.get(i32, "4")
    with pytest.raises(TypeError):
        llvm.ArrayType.get("i32", 4)
    with pytest.raises(ValueError, match="context"):
        llvm.ArrayType.get(i32, 1, context=Context())
    with pytest.raises(ValueError):
        llvm.ArrayType(i32)


def test_llvm_function_type(ctx):
    i32, i64 = IntegerType.get_signless(32), IntegerType.get_signless(64)
    f = llvm.FunctionType.get(i32, [i64], is_var_arg=True)
    assert str(f) == "!llvm.func<i32 (i64, ...)>"
    assert repr(f) == "FunctionType(!llvm.func<i32 (i64, ...)>)"
    assert f.inputs == [i64] and type(f.inputs[0]) is IntegerType
    assert f.return_type == i32 and f.is_var_arg
    assert same(Type.parse("!llvm.func<i32 (i64, ...)>"), f)
    assert f.typeid == llvm.FunctionType.static_typeid
    assert llvm.FunctionType.isinstance(f)
    assert not llvm.FunctionType.isinstance(i32)

    v = llvm.FunctionType.get(llvm.VoidType.get(), [])
    assert str(v) == "!llvm.func<void ()>"
    assert v.inputs == [] and not v.is_var_arg
    assert type(v.return_type) is llvm.VoidType
    p = llvm.PointerType.get()
    g = llvm.FunctionType.get(p, [p, llvm.ArrayType.get(i32, 2)], False)
    assert str(g) == "!llvm.func<ptr (ptr, array<2 x i32>)>"
    assert same(Type.parse(str(g)), g) and not g.is_var_arg
    assert same(g.inputs[1], llvm.ArrayType.get(i32, 2))
    with pytest.raises(ValueError, match="invalid function argument type"):
        llvm.FunctionType.get(i32, [llvm.VoidType.get()])
    with pytest.raises(ValueError, match="invalid function result type"):
        llvm.FunctionType.get(f, [])
    with pytest.raises(TypeError):
        llvm.FunctionType.get(i32, i64)
    with pytest.raises(TypeError):
        llvm.FunctionType.get(i32, ["i64"])
    with pytest.raises(TypeError):
        llvm.FunctionType.get(None, [])
    with pytest.raises(ValueError, match="context"):
        llvm.FunctionType.get(i32, [IntegerType.get_signless(8, Context())])


def test_llvm_translate_module_to_llvmir(ctx):
    m = Module.parse("llvm.func @add(%a: i32, %b: i32) -> i32 {\n"
                     "  %0 = llvm.add %a, %b : i32\n"
                     "  llvm.return %0 : i32\n}")
    ir = llvm.translate_module_to_llvmir(m.operation)
    assert "define i32 @add(i32 %0, i32 %1) {" in ir
    assert "add i32 %0, %1" in ir
    assert llvm.translate_module_to_llvmir(m) == ir
    bad = Module.parse("func.func @f() {\n  return\n}")
    with pytest.raises(MLIRError, match="failed to translate") as e:
        llvm.translate_module_to_llvmir(bad)
    assert "func.func" in e.value.error_diagnostics[0].message
    with pytest.raises(TypeError):
        llvm.translate_module_to_llvmir("module")


def test_llvm_cast_constructor(ctx):
    t = Type(llvm.PointerType.get())
    assert type(t) is Type
    assert type(llvm.PointerType(t)) is llvm.PointerType
    with pytest.raises(ValueError, match="Cannot cast type to PointerType"):
        llvm.PointerType(IntegerType.get_signless(8))
    with pytest.raises(ValueError, match="StructType"):
        llvm.StructType(llvm.PointerType.get())


# -- irdl ---------------------------------------------------------------------

CMATH = """
irdl.dialect @cmath {
  irdl.type @complex {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    irdl.parameters(elem: %2)
  }
  irdl.operation @norm {
    %0 = irdl.any
    %1 = irdl.parametric @cmath::@complex<%0>
    irdl.operands(c: %1)
    irdl.results(r: %0)
  }
}
"""

CMATH_USE = """
func.func @f(%c: !cmath.complex<f32>) -> f32 {
  %r = "cmath.norm"(%c) : (!cmath.complex<f32>) -> f32
  return %r : f32
}
"""


def test_irdl_load_dialects_from_text(ctx):
    with pytest.raises(MLIRError):
        Module.parse(CMATH_USE)            # no cmath dialect yet
    irdl.load_dialects(Module.parse(CMATH))
    m = Module.parse(CMATH_USE)
    assert m.operation.verify()
    norm = m.body.operations[0].regions[0].blocks[0].operations[0]
    assert norm.operation.name == "cmath.norm"
    assert str(norm.operands[0].type) == "!cmath.complex<f32>"
    assert str(Type.parse("!cmath.complex<f64>")) == "!cmath.complex<f64>"
    # The IRDL constraints are the dialect's verifiers.
    with pytest.raises(MLIRError, match="expects exactly 1 operands"):
        Module.parse('%r = "cmath.norm"() : () -> f32')
    with pytest.raises(MLIRError):
        Type.parse("!cmath.complex<i32>")
    # A second definition of a dialect the context has is refused (MLIR
    # itself would crash), as is a registered dialect's name.
    with pytest.raises(MLIRError, match="already has a dialect named 'cmath'"):
        irdl.load_dialects(Module.parse(CMATH))
    with pytest.raises(MLIRError, match="named 'arith'"):
        irdl.load_dialects(Module.parse("irdl.dialect @arith {}"))
    with pytest.raises(TypeError):
        irdl.load_dialects(Module.parse(CMATH).operation)


def test_irdl_load_dialects_verifies_first(ctx):
    # Built, not parsed (the parser verifies): two irdl.operands in one op.
    with Location.unknown():
        bad = Module.create()
        with InsertionPoint(bad.body):
            d = irdl.dialect("twice")
            with InsertionPoint(d.body):
                o = irdl.operation_("o")
                with InsertionPoint(o.body):
                    a = irdl.any()
                    irdl.operands_([a], ["x"], ["single"])
                    irdl.operands_([a], ["y"], ["single"])
    with pytest.raises(MLIRError, match="failed to load IRDL") as e:
        irdl.load_dialects(bad)
    assert "irdl.operands" in e.value.error_diagnostics[0].message
    with pytest.raises(MLIRError):
        Module.parse('"twice.o"() : () -> ()')


def test_irdl_builders_and_variadicity(ctx):
    with Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            d = irdl.dialect("pydl")
            assert type(d) is irdl.DialectOp
            with InsertionPoint(d.body):
                o = irdl.operation_("op")
                with InsertionPoint(o.body):
                    a = irdl.any()
                    irdl.operands_([a, a], ["x", "rest"],
                                   ["single", irdl.Variadicity.variadic])
                    irdl.results_([a], ["r"], [irdl.Variadicity.optional])
                t = irdl.type_("t")
                irdl.attribute("a")
    assert len(t.body.operations) == 0
    text = str(m)
    assert "irdl.operands(x: %0, rest: variadic %0)" in text
    assert "irdl.results(r: optional %0)" in text
    assert m.operation.verify()
    irdl.load_dialects(m)
    use = Module.parse('%a = arith.constant 1 : i32\n'
                       '%r = "pydl.op"(%a, %a, %a) : (i32, i32, i32) -> i32')
    assert use.body.operations[1].operation.name == "pydl.op"
    assert str(Type.parse("!pydl.t")) == "!pydl.t"

    v = irdl.variadicity_attr(irdl.Variadicity.optional)
    assert str(v) == "#irdl<variadicity optional>"
    assert v == Attribute.parse("#irdl<variadicity optional>")
    arr = irdl.variadicity_array_attr(["single", irdl.Variadicity.variadic, v])
    assert arr == Attribute.parse(
        "#irdl<variadicity_array[single, variadic, optional]>")
    assert irdl.variadicity_array_attr([]) == Attribute.parse(
        "#irdl<variadicity_array[]>")
    with pytest.raises(ValueError, match="one of single, optional, variadic"):
        irdl.variadicity_attr("many")
    with pytest.raises(TypeError):
        irdl.variadicity_attr(1)
    with pytest.raises(TypeError):
        irdl.variadicity_array_attr("single")
    with pytest.raises(ValueError, match="variadicity"):
        irdl.variadicity_array_attr([Attribute.parse("unit")])
    with pytest.raises(ValueError, match="context"):
        irdl.variadicity_array_attr([irdl.variadicity_attr("single",
                                                           Context())])


# -- transform ----------------------------------------------------------------

def test_transform_types(ctx):
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
    with pytest.raises(ValueError):
        transform.AnyOpType(transform.AnyValueType.get())
    with pytest.raises(TypeError):
        transform.ParamType.get("i32")
    with pytest.raises(TypeError):
        transform.OperationType.get(3)


def test_transform_context_keyword():
    c1, c2 = Context(), Context()
    assert transform.AnyOpType.get(context=c1).context is c1
    i32 = IntegerType.get_signless(32, context=c1)
    with pytest.raises(ValueError, match="context"):
        transform.ParamType.get(i32, context=c2)


# -- gpu ----------------------------------------------------------------------

def test_gpu_async_token(ctx):
    t = gpu.AsyncTokenType.get()
    assert str(t) == "!gpu.async.token"
    assert same(Type.parse("!gpu.async.token"), t)
    assert t.typeid == gpu.AsyncTokenType.static_typeid
    assert gpu.AsyncTokenType.get(context=ctx) == t
    with pytest.raises(ValueError):
        gpu.AsyncTokenType(IntegerType.get_signless(1))


def test_gpu_object_attr(ctx):
    a = Attribute.parse('#gpu.object<#nvvm.target, properties = {O = 3 : i32}, "BLOB">')
    assert type(a) is gpu.ObjectAttr
    assert str(a.target) == "#nvvm.target"
    assert a.format == 4                   # fatbin, the default
    assert a.object == b"BLOB"
    assert str(a.properties) == "{O = 3 : i32}"
    assert a.kernels is None
    b = gpu.ObjectAttr.get(a.target, 2, b"\x00asm", a.properties)
    assert str(b) == ('#gpu.object<#nvvm.target, properties = {O = 3 : i32}, '
                      'assembly = "\\00asm">')
    assert b.object == b"\x00asm" and b.format == 2
    k = Attribute.parse('#gpu.kernel_table<>')
    c = gpu.ObjectAttr.get(a.target, 3, b"bin", kernels=k)
    # (MLIR prints the kernel table without its mnemonic here.)
    assert str(c) == '#gpu.object<#nvvm.target, kernels = <>, bin = "bin">'
    assert c.kernels == k and c.properties is None
    assert same(Attribute.parse(str(c)), c)
    with pytest.raises(ValueError, match="format"):
        gpu.ObjectAttr.get(a.target, 7, b"")
    with pytest.raises(TypeError, match="properties"):
        gpu.ObjectAttr.get(a.target, 1, b"", Attribute.parse("unit"))
    with pytest.raises(TypeError, match="kernels"):
        gpu.ObjectAttr.get(a.target, 1, b"", kernels=Attribute.parse("{}"))
    with pytest.raises(ValueError):
        gpu.ObjectAttr(Attribute.parse("unit"))


# -- pdl ----------------------------------------------------------------------

def test_pdl_types(ctx):
    classes = {"!pdl.attribute": pdl.AttributeType,
               "!pdl.operation": pdl.OperationType,
               "!pdl.type": pdl.TypeType, "!pdl.value": pdl.ValueType}
    for asm, cls in classes.items():
        t = cls.get()
        assert str(t) == asm
        assert same(Type.parse(asm), t)
        assert pdl.PDLType.isinstance(t) and type(pdl.PDLType(t)) is pdl.PDLType
    r = pdl.RangeType.get(pdl.ValueType.get())
    assert str(r) == "!pdl.range<value>"
    assert same(Type.parse("!pdl.range<value>"), r)
    assert same(r.element_type, pdl.ValueType.get())
    assert not pdl.PDLType.isinstance(IntegerType.get_signless(8))
    with pytest.raises(ValueError, match="pdl type"):
        pdl.RangeType.get(IntegerType.get_signless(8))
    with pytest.raises(ValueError, match="range"):
        pdl.RangeType.get(r)
    with pytest.raises(ValueError):
        pdl.ValueType(pdl.TypeType.get())


def test_many_objects_survive_collection(ctx):
    # Dialect classes and the builtin ones share the base's allocation paths.
    kept = []
    for i in range(2000):
        kept.append(Type.parse("!pdl.range<value>"))
        llvm.PointerType.get(i % 4)
        IntegerType.get_signless(1 + i % 64)
        Attribute.parse("unit")
        if i % 500 == 0:
            gc.collect()
    del kept
    gc.collect()
    assert str(transform.AnyOpType.get()) == "!transform.any_op"


def test_no_context_is_an_error():
    with pytest.raises((RuntimeError, ValueError)):
        llvm.PointerType.get()
    with pytest.raises((RuntimeError, ValueError)):
        transform.AnyOpType.get()


# -- quant --------------------------------------------------------------------

SIGNED = quant.QuantizedType.FLAG_SIGNED


def test_quant_uniform(ctx):
    i8, f32 = IntegerType.get_signless(8), F32Type.get()
    u = quant.UniformQuantizedType.get(SIGNED, i8, f32, 0.5, 3, -128, 127)
    assert str(u) == "!quant.uniform<i8:f32, 5.000000e-01:3>"
    assert (u.scale, u.zero_point, u.is_fixed_point) == (0.5, 3, False)
    assert u.storage_type == i8 and type(u.expressed_type) is F32Type
    assert u.is_signed and u.flags == SIGNED == 1
    assert (u.storage_type_min, u.storage_type_max) == (-128, 127)
    assert u.storage_type_integral_width == 8
    assert same(Type.parse("!quant.uniform<i8:f32, 0.5:3>"), u)
    assert quant.QuantizedType.isinstance(u)
    assert type(quant.QuantizedType(u)) is quant.QuantizedType
    assert u.is_compatible_expressed_type(f32)
    assert same(u.quantized_element_type, u)

    t = RankedTensorType.get([4], u)
    assert str(quant.QuantizedType.cast_to_storage_type(t)) == "tensor<4xi8>"
    assert str(quant.QuantizedType.cast_to_expressed_type(t)) == "tensor<4xf32>"
    assert same(u.cast_from_storage_type(i8), u)
    assert u.cast_from_expressed_type(RankedTensorType.get([4], f32)) == t
    assert str(u.cast_expressed_to_storage_type(f32)) == "i8"
    with pytest.raises(TypeError, match="Invalid cast"):
        quant.QuantizedType.cast_to_storage_type(f32)
    with pytest.raises(TypeError, match="Invalid cast"):
        u.cast_from_storage_type(IntegerType.get_signless(16))

    assert quant.QuantizedType.default_minimum_for_integer(True, 8) == -128
    assert quant.QuantizedType.default_maximum_for_integer(False, 8) == 255
    with pytest.raises(ValueError):
        quant.QuantizedType.default_minimum_for_integer(True, 0)


def test_quant_other_kinds(ctx):
    i8, f32 = IntegerType.get_signless(8), F32Type.get()
    a = quant.AnyQuantizedType.get(SIGNED, i8, f32, -8, 7)
    assert str(a) == "!quant.any<i8<-8:7>:f32>"
    assert same(Type.parse(str(a)), a)
    n = quant.AnyQuantizedType.get(0, i8, None, 0, 255)
    assert str(n) == "!quant.any<u8>" and n.expressed_type is None
    assert not n.is_signed

    p = quant.UniformQuantizedPerAxisType.get(SIGNED, i8, f32, [2.0, 3.5],
                                              [1, 2], 1, -128, 127)
    assert str(p) == ("!quant.uniform<i8:f32:1, "
                      "{2.000000e+00:1,3.500000e+00:2}>")
    assert p.scales == [2.0, 3.5] and p.zero_points == [1, 2]
    assert p.quantized_dimension == 1 and isinstance(p.is_fixed_point, bool)
    assert same(Type.parse(str(p)), p)

    c = quant.CalibratedQuantizedType.get(f32, -1.5, 2.25)
    assert str(c) == "!quant.calibrated<f32<-1.500000e+00:2.250000e+00>>"
    assert (c.min, c.max) == (-1.5, 2.25)
    assert same(Type.parse(str(c)), c)

    s = Type.parse("!quant.uniform<i8:f32:{0:1, 1:2}, "
                   "{{2.0:10, 3.0:20}, {4.0:30, 5.0:40}}>")
    assert type(s) is quant.UniformQuantizedSubChannelType
    assert s.quantized_dimensions == [0, 1] and s.block_sizes == [1, 2]
    again = quant.UniformQuantizedSubChannelType.get(
        SIGNED, i8, f32, s.scales, s.zero_points, [0, 1], [1, 2], -128, 127)
    assert same(again, s)
    with pytest.raises(ValueError, match="same length"):
        quant.UniformQuantizedSubChannelType.get(
            SIGNED, i8, f32, s.scales, s.zero_points, [0], [1, 2], -128, 127)
    with pytest.raises(TypeError, match="scales"):
        quant.UniformQuantizedSubChannelType.get(
            SIGNED, i8, f32, s.zero_points, s.zero_points, [0], [1], -128, 127)


def test_quant_invalid_parameters(ctx):
    i8, f32 = IntegerType.get_signless(8), F32Type.get()
    U = quant.UniformQuantizedType
    with pytest.raises(ValueError, match="illegal storage min and storage max"):
        U.get(SIGNED, i8, f32, 0.5, 3, 10, 5)
    with pytest.raises(ValueError, match="out of expressed type range"):
        U.get(SIGNED, i8, f32, -0.5, 3, -128, 127)
    with pytest.raises(ValueError, match="integer type"):
        U.get(SIGNED, f32, f32, 0.5, 3, -128, 127)
    with pytest.raises(ValueError, match="floating-point"):
        U.get(SIGNED, i8, i8, 0.5, 3, -128, 127)
    with pytest.raises(ValueError, match="storage type size"):
        U.get(SIGNED, IntegerType.get_signless(64), f32, 0.5, 3, -128, 127)
    with pytest.raises(ValueError, match="flags"):
        U.get(6, i8, f32, 0.5, 3, -128, 127)
    with pytest.raises(ValueError, match="illegal min and max"):
        quant.CalibratedQuantizedType.get(f32, 3.0, 1.0)
    with pytest.raises(ValueError, match="Mismatching"):
        quant.UniformQuantizedPerAxisType.get(SIGNED, i8, f32, [2.0], [1, 2],
                                              1, -128, 127)
    with pytest.raises(ValueError):
        quant.UniformQuantizedType(quant.AnyQuantizedType.get(SIGNED, i8, f32,
                                                              -8, 7))


# -- sparse_tensor ------------------------------------------------------------

CSR = ("#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, "
       "d1 : compressed), posWidth = 32, crdWidth = 8 }>")


def test_sparse_tensor_encoding(ctx):
    e = Attribute.parse(CSR)
    assert type(e) is sparse_tensor.EncodingAttr and str(e) == CSR
    LF = sparse_tensor.LevelFormat
    assert e.lvl_types == [int(LF.dense), int(LF.compressed)]
    assert e.lvl_formats_enum == [LF.dense, LF.compressed]
    assert isinstance(e.dim_to_lvl, AffineMap)
    assert str(e.dim_to_lvl) == "(d0, d1) -> (d0, d1)"
    assert (e.pos_width, e.crd_width) == (32, 8)
    assert e.explicit_val is None and e.implicit_val is None
    assert e.structured_n == 0 and e.structured_m == 0
    assert e.typeid == sparse_tensor.EncodingAttr.static_typeid

    again = sparse_tensor.EncodingAttr.get(e.lvl_types, e.dim_to_lvl,
                                           e.lvl_to_dim, 32, 8)
    assert same(again, e)
    B = sparse_tensor.EncodingAttr.build_level_type
    nm = B(LF.n_out_of_m, [], 2, 4)
    s = sparse_tensor.EncodingAttr.get([B(LF.dense), nm], None, None, 0, 0)
    assert str(s) == ("#sparse_tensor.encoding<{ map = (d0, d1) -> "
                      "(d0 : dense, d1 : structured[2, 4]) }>")
    assert (s.structured_n, s.structured_m) == (2, 4)
    nu = B(LF.compressed, [sparse_tensor.LevelProperty.non_unique])
    coo = sparse_tensor.EncodingAttr.get([nu, B(LF.singleton)], None, None,
                                         64, 64, context=ctx)
    assert str(coo) == ("#sparse_tensor.encoding<{ map = (d0, d1) -> "
                        "(d0 : compressed(nonunique), d1 : singleton), "
                        "posWidth = 64, crdWidth = 64 }>")
    t = RankedTensorType.get([8, 8], F32Type.get(), coo)
    assert type(t.encoding) is sparse_tensor.EncodingAttr


def test_sparse_tensor_encoding_invalid(ctx):
    LF = sparse_tensor.LevelFormat
    dense = int(LF.dense)
    with pytest.raises(ValueError, match="position bitwidth"):
        sparse_tensor.EncodingAttr.get([dense], None, None, 7, 0)
    with pytest.raises(ValueError, match="invalid level type"):
        sparse_tensor.EncodingAttr.get([12345], None, None, 0, 0)
    with pytest.raises(ValueError, match="results for 1 levels"):
        sparse_tensor.EncodingAttr.get(
            [dense], AffineMap.get_identity(2), None, 0, 0)
    with pytest.raises(ValueError, match="only for n_out_of_m"):
        sparse_tensor.EncodingAttr.build_level_type(LF.dense, [], 2, 4)
    with pytest.raises(ValueError):
        sparse_tensor.EncodingAttr.build_level_type(99)
    with pytest.raises(ValueError):
        sparse_tensor.EncodingAttr(Attribute.parse("unit"))


# -- nvgpu, smt, amdgpu, emitc ------------------------------------------------

def test_nvgpu_tensor_map_descriptor(ctx):
    m = MemRefType.get([16, 16], F32Type.get(),
                       memory_space=Attribute.parse("3"))
    t = nvgpu.TensorMapDescriptorType.get(m, 1, 2, 1, 0)
    text = ("!nvgpu.tensormap.descriptor<tensor = memref<16x16xf32, 3>, "
            "swizzle = swizzle_32b, l2promo = l2promo_128b, oob = nan, "
            "interleave = none>")
    assert str(t) == text
    assert same(Type.parse(text), t)
    assert t.typeid == nvgpu.TensorMapDescriptorType.static_typeid
    with pytest.raises(ValueError, match="MemRefType"):
        nvgpu.TensorMapDescriptorType.get(F32Type.get(), 0, 0, 0, 0)
    with pytest.raises(ValueError, match="swizzle"):
        nvgpu.TensorMapDescriptorType.get(m, 4, 0, 0, 0)
    with pytest.raises(ValueError, match="oob_fill"):
        nvgpu.TensorMapDescriptorType.get(m, 0, 0, 2, 0)


SOLVER = """
smt.solver () : () -> () {
  %c = smt.constant true
  smt.assert %c
}
"""


def test_smt_types_and_export(ctx):
    b, bv = smt.BoolType.get(), smt.BitVectorType.get(8)
    assert (str(b), str(bv)) == ("!smt.bool", "!smt.bv<8>")
    assert same(Type.parse("!smt.bool"), b)
    assert same(Type.parse("!smt.bv<8>"), bv)
    assert smt.BitVectorType.get(4, context=ctx) == Type.parse("!smt.bv<4>")
    with pytest.raises(ValueError, match="positive"):
        smt.BitVectorType.get(0)
    with pytest.raises(ValueError):
        smt.BoolType(bv)
    m = Module.parse(SOLVER)
    assert smt.export_smtlib(m) == "; solver scope 0\n(assert true)\n(reset)\n"
    assert smt.export_smtlib(m.operation) == smt.export_smtlib(m)
    with pytest.raises(TypeError):
        smt.export_smtlib("module")


def test_smt_int_array_sort_func_types(ctx):
    i, b = smt.IntType.get(), smt.BoolType.get()
    assert str(i) == "!smt.int" and repr(i) == "IntType(!smt.int)"
    assert smt.IntType.get(context=ctx) == i
    a = smt.ArrayType.get(i, b)
    assert str(a) == "!smt.array<[!smt.int -> !smt.bool]>"
    s = smt.SortType.get("S")
    assert str(s) == '!smt.sort<"S">'
    sp = smt.SortType.get("P", [i, smt.BitVectorType.get(4)])
    assert str(sp) == '!smt.sort<"P"[!smt.int, !smt.bv<4>]>'
    f = smt.SMTFuncType.get([i, b], b)
    assert str(f) == "!smt.func<(!smt.int, !smt.bool) !smt.bool>"
    nested = smt.ArrayType.get(a, s)
    assert str(nested) == ('!smt.array<[!smt.array<[!smt.int -> !smt.bool]> '
                           '-> !smt.sort<"S">]>')
    for t, cls in [(i, smt.IntType), (a, smt.ArrayType), (s, smt.SortType),
                   (sp, smt.SortType), (f, smt.SMTFuncType),
                   (nested, smt.ArrayType)]:
        parsed = Type.parse(str(t))
        assert same(parsed, t) and cls.isinstance(parsed)
        assert parsed.typeid == cls.static_typeid
        assert type(cls(Type(t))) is cls
    assert not smt.IntType.isinstance(b)
    assert not smt.ArrayType.isinstance(i)
    assert not smt.SortType.isinstance(f)
    assert not smt.SMTFuncType.isinstance(a)
    assert smt.bool_t() == b and smt.bv_t(3) == smt.BitVectorType.get(3)
    # parts read back (as their concrete classes)
    assert same(a.domain, i) and same(a.range, b)
    assert type(nested.domain) is smt.ArrayType and same(nested.range, s)
    assert s.identifier == "S" and s.sort_params == []
    assert sp.identifier == "P" and [str(p) for p in sp.sort_params] == \
        ["!smt.int", "!smt.bv<4>"]
    assert type(sp.sort_params[1]) is smt.BitVectorType
    assert [type(d) for d in f.domain] == [smt.IntType, smt.BoolType]
    assert same(f.range, b)

    i32 = IntegerType.get_signless(32)
    with pytest.raises(ValueError, match="domain must be any SMT value type"):
        smt.ArrayType.get(i32, b)
    with pytest.raises(ValueError, match="range"):
        smt.SMTFuncType.get([i], f)
    with pytest.raises(ValueError, match="must not be empty"):
        smt.SMTFuncType.get([], b)
    with pytest.raises(ValueError, match="sort parameter"):
        smt.SortType.get("S", [i32])
    with pytest.raises(ValueError, match="must not be empty"):
        smt.SortType.get("")
    with pytest.raises(TypeError):
        smt.SortType.get(3)
    with pytest.raises(TypeError):
        smt.SortType.get("S", i)
    with pytest.raises(TypeError):
        smt.ArrayType.get("!smt.int", b)
    with pytest.raises(TypeError):
        smt.SMTFuncType.get(i, b)
    with pytest.raises(ValueError, match="context"):
        smt.ArrayType.get(i, smt.BoolType.get(context=Context()))
    with pytest.raises(ValueError):
        smt.IntType(b)


def test_amdgpu_tdm_types(ctx):
    f32, i16 = F32Type.get(), IntegerType.get_signless(16)
    base = amdgpu.TDMBaseType.get(f32)
    assert str(base) == "!amdgpu.tdm_base<f32>"
    assert same(Type.parse("!amdgpu.tdm_base<f32>"), base)
    d = amdgpu.TDMDescriptorType.get()
    assert same(Type.parse("!amdgpu.tdm_descriptor"), d)
    g = amdgpu.TDMGatherBaseType.get(f32, i16)
    assert str(g) == "!amdgpu.tdm_gather_base<f32, i16>"
    assert same(Type.parse(str(g)), g)
    with pytest.raises(ValueError, match="index type must be i16 or i32"):
        amdgpu.TDMGatherBaseType.get(f32, f32)


def test_emitc_types_and_attributes(ctx):
    i32 = IntegerType.get_signless(32)
    a = emitc.ArrayType.get([2, 3], i32)
    assert str(a) == "!emitc.array<2x3xi32>"
    assert a.shape == [2, 3] and a.element_type == i32
    cases = [(a, "!emitc.array<2x3xi32>"),
             (emitc.LValueType.get(i32), "!emitc.lvalue<i32>"),
             (emitc.OpaqueType.get("size_t"), '!emitc.opaque<"size_t">'),
             (emitc.PointerType.get(i32), "!emitc.ptr<i32>"),
             (emitc.PtrDiffTType.get(), "!emitc.ptrdiff_t"),
             (emitc.SignedSizeTType.get(), "!emitc.ssize_t"),
             (emitc.SizeTType.get(context=ctx), "!emitc.size_t")]
    for t, text in cases:
        assert str(t) == text
        assert same(Type.parse(text), t)
    with pytest.raises(ValueError, match="non empty"):
        emitc.OpaqueType.get("")
    with pytest.raises(ValueError, match="lvalue"):
        emitc.LValueType.get(emitc.LValueType.get(i32))
    with pytest.raises(ValueError, match="lvalues"):
        emitc.PointerType.get(emitc.LValueType.get(i32))
    with pytest.raises(ValueError):
        emitc.ArrayType.get([-1], i32)

    o = emitc.OpaqueAttr.get("NULL")
    assert str(o) == '#emitc.opaque<"NULL">' and o.value == "NULL"
    assert same(Attribute.parse('#emitc.opaque<"NULL">'), o)
    p = emitc.CmpPredicateAttr.get(emitc.CmpPredicate.le)
    assert str(p) == "3 : i64" and p.value == 3
    # An IntegerAttr underneath: integers stay IntegerAttr.
    assert type(Attribute.parse("3 : i64")).__name__ == "IntegerAttr"
    assert emitc.CmpPredicateAttr(Attribute.parse("3 : i64")).value == 3
    with pytest.raises(ValueError):
        emitc.CmpPredicateAttr.get(9)


def test_dialect_module_loads_on_first_use():
    # As upstream: a type or attribute of a dialect whose Python module was
    # not imported yet comes back as its class (the module is imported on
    # the caster lookup's miss), in a fresh interpreter.
    import subprocess
    import sys
    code = (
        "import sys\n"
        "from mlir.ir import Attribute, Context, Type\n"
        "assert 'mlir.dialects.llvm' not in sys.modules\n"
        "with Context():\n"
        "    p = Type.parse('!llvm.ptr')\n"
        "    a = Attribute.parse('#sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>')\n"
        "    v = Type.parse('!llvm.void')\n"
        "    print(type(p).__name__, type(a).__name__, type(v).__name__)\n"
        "    print(type(p).__module__)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == [
        "PointerType EncodingAttr VoidType",
        "mlir._mlir_libs._mlirDialectsLLVM"]
