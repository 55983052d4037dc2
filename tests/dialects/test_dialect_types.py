"""Types and attributes that the dialect C APIs expose (mlir-c/Dialect/*.h),
as classes of mlir.dialects.<ns>: constructors, printed forms, casts,
properties, and downcasting of parsed types once the module is imported."""

import gc

import pytest

from mlir.ir import (Attribute, Context, F32Type, IntegerType, Location,
                     MLIRError, Type)
from mlir.dialects import gpu, llvm, pdl, transform


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


def test_llvm_cast_constructor(ctx):
    t = Type(llvm.PointerType.get())
    assert type(t) is Type
    assert type(llvm.PointerType(t)) is llvm.PointerType
    with pytest.raises(ValueError, match="Cannot cast type to PointerType"):
        llvm.PointerType(IntegerType.get_signless(8))
    with pytest.raises(ValueError, match="StructType"):
        llvm.StructType(llvm.PointerType.get())


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
