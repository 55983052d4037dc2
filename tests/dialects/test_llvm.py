"""The llvm dialect (mlir.dialects.llvm): its types (pointer, literal and
identified structs, void, array, function) built, printed, parsed back as
their classes and cast; functions of llvm ops built from Python, verified,
printed exactly, translated to LLVM IR and run by the execution engine; a
type of the dialect parsed before its module is imported comes back as its
class; a type asked for without a context, and other bad input, raise
Python exceptions."""

import ctypes

import pytest

from mlir.ir import (Context, F32Type, InsertionPoint, IntegerAttr,
                     IntegerType, Location, MLIRError, Module, Type, TypeAttr,
                     UnitAttr)
from mlir.dialects import func, llvm, transform
from mlir.execution_engine import ExecutionEngine
from mlir.passmanager import PassManager

from .helpers import build, check, same


# -- types --------------------------------------------------------------------

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
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        llvm.PointerType.get(-1)
    with pytest.raises(ValueError):
        llvm.PointerType.get(1 << 24)
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
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
    with pytest.raises(TypeError, match=r"^get_literal\(\): incompatible function arguments"):
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
    with pytest.raises(ValueError, match=r"^Cannot cast type to VoidType \(from Type\(i1\)\)$"):
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
    with pytest.raises(ValueError, match=r"^num_elements must be in \[0, 2\^32\), got -1$"):
        llvm.ArrayType.get(i32, -1)
    with pytest.raises(ValueError,
                       match=r"^num_elements must be in \[0, 2\^32\), got 4294967296$"):
        llvm.ArrayType.get(i32, 2**32)
    with pytest.raises(TypeError, match=r"(?s)^get\(\): incompatible function arguments\. .*\n\nnum_elements must be an int, not str$"):
        llvm.ArrayType.get(i32, "4")
    with pytest.raises(TypeError, match=r"(?s)^\w+\(\): incompatible function arguments\. .*\n\nelement_type must be a Type, not str$"):
        llvm.ArrayType.get("i32", 4)
    with pytest.raises(ValueError, match="context"):
        llvm.ArrayType.get(i32, 1, context=Context())
    with pytest.raises(ValueError, match=r"^Cannot cast type to ArrayType \(from Type\(i32\)\)$"):
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
    with pytest.raises(TypeError, match=r"(?s)^get\(\): incompatible function arguments\. .*\n\ninputs must be a sequence of Types, not IntegerType$"):
        llvm.FunctionType.get(i32, i64)
    with pytest.raises(TypeError, match=r"(?s)^\w+\(\): incompatible function arguments\. .*\n\ninput must be a Type, not str$"):
        llvm.FunctionType.get(i32, ["i64"])
    with pytest.raises(TypeError, match=r"(?s)^\w+\(\): incompatible function arguments\. .*\n\nresult must be a Type, not NoneType$"):
        llvm.FunctionType.get(None, [])
    with pytest.raises(ValueError, match="context"):
        llvm.FunctionType.get(i32, [IntegerType.get_signless(8, Context())])


def test_llvm_cast_constructor(ctx):
    t = Type(llvm.PointerType.get())
    assert type(t) is Type
    assert type(llvm.PointerType(t)) is llvm.PointerType
    with pytest.raises(ValueError, match="Cannot cast type to PointerType"):
        llvm.PointerType(IntegerType.get_signless(8))
    with pytest.raises(ValueError, match="StructType"):
        llvm.StructType(llvm.PointerType.get())


def test_llvm_struct_get_literal_unchecked():
    ctx = Context()
    i8, i32 = (IntegerType.get_signless(w, context=ctx) for w in (8, 32))
    f32 = F32Type.get(context=ctx)
    s = llvm.StructType.get_literal_unchecked([i32, f32], context=ctx)
    assert str(s) == "!llvm.struct<(i32, f32)>"
    assert type(s) is llvm.StructType and s.context is ctx
    with ctx:
        p = llvm.StructType.get_literal_unchecked([i8, i32], packed=True)
    assert str(p) == "!llvm.struct<packed (i8, i32)>" and p.packed
    assert s == llvm.StructType.get_literal([i32, f32], loc=Location.unknown(
        context=ctx))
    # The element types are checked all the same: a ValueError, not an abort.
    with pytest.raises(ValueError, match="invalid LLVM structure element "
                                         "type: '!llvm.void'"):
        llvm.StructType.get_literal_unchecked(
            [llvm.VoidType.get(context=ctx)], context=ctx)
    with pytest.raises(ValueError, match="another context"):
        llvm.StructType.get_literal_unchecked(
            [IntegerType.get_signless(32, context=Context())], context=ctx)
    with pytest.raises(
            TypeError, match=r"^get_literal_unchecked\(\): incompatible function arguments"):
        llvm.StructType.get_literal_unchecked([i32], ctx)


def test_llvm_types_and_bad_input(ctx):
    i32 = IntegerType.get_signless(32)
    assert str(llvm.PointerType.get()) == "!llvm.ptr"
    assert llvm.PointerType.get().address_space == 0
    p3 = llvm.PointerType.get(3)
    assert str(p3) == "!llvm.ptr<3>" and p3.address_space == 3
    s = llvm.StructType.get_literal([i32, F32Type.get()], packed=True)
    assert str(s) == "!llvm.struct<packed (i32, f32)>" and s.packed
    assert not llvm.StructType.get_literal([i32]).packed
    assert llvm.PointerType.isinstance(p3)
    assert not llvm.PointerType.isinstance(i32)
    with pytest.raises(TypeError, match=r"address_space must be an int"):
        llvm.PointerType.get("3")
    with pytest.raises(TypeError, match=r"must be a Type, not int"):
        llvm.StructType.get_literal([i32, 4])
    with pytest.raises(TypeError, match=r"llvm\.mlir\.constant: value"):
        llvm.mlir_constant(3)


def test_no_context_is_an_error():
    with pytest.raises((RuntimeError, ValueError),
                       match=r"^An MLIR function requires a Context but none was provided"):
        llvm.PointerType.get()
    with pytest.raises((RuntimeError, ValueError),
                       match=r"^An MLIR function requires a Context but none was provided"):
        transform.AnyOpType.get()


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


# -- functions, translation, execution ----------------------------------------

def test_llvm_function_from_python():
    def body():
        i32, i64 = IntegerType.get_signless(32), IntegerType.get_signless(64)
        ptr = llvm.PointerType.get()
        st = llvm.StructType.get_literal([i32, F32Type.get()])
        ftype = TypeAttr.get(Type.parse("!llvm.func<i32 (i32, !llvm.ptr)>"))
        f = llvm.LLVMFuncOp("inc", ftype)
        entry = f.body.blocks.append(i32, ptr)
        with InsertionPoint(entry):
            x, p = entry.arguments
            one = llvm.mlir_constant(IntegerAttr.get(i32, 1))
            n = llvm.mlir_constant(IntegerAttr.get(i64, 1))
            y = llvm.add(x, one)
            slot = llvm.alloca(ptr, n, st)
            field = llvm.getelementptr(ptr, slot, [], [0, 0], st)
            llvm.store(y, field)
            z = llvm.load(i32, field)
            agg = llvm.insertvalue(llvm.mlir_undef(st), z, [0])
            w = llvm.extractvalue(i32, agg, [0])
            llvm.store(w, p)
            llvm.return_(arg=w)

    check(build(body), """
        module {
          llvm.func @inc(%arg0: i32, %arg1: !llvm.ptr) -> i32 {
            %0 = llvm.mlir.constant(1 : i32) : i32
            %1 = llvm.mlir.constant(1 : i64) : i64
            %2 = llvm.add %arg0, %0 : i32
            %3 = llvm.alloca %1 x !llvm.struct<(i32, f32)> : (i64) -> !llvm.ptr
            %4 = llvm.getelementptr %3[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f32)>
            llvm.store %2, %4 : i32, !llvm.ptr
            %5 = llvm.load %4 : !llvm.ptr -> i32
            %6 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
            %7 = llvm.insertvalue %5, %6[0] : !llvm.struct<(i32, f32)> 
            %8 = llvm.extractvalue %7[0] : !llvm.struct<(i32, f32)> 
            llvm.store %8, %arg1 : i32, !llvm.ptr
            llvm.return %8 : i32
          }
        }
    """)


def test_llvm_ops_in_a_function_jit_run():
    def body():
        i32 = IntegerType.get_signless(32)

        @func.FuncOp.from_py_func(i32, llvm.PointerType.get())
        def inc(x, p):
            y = llvm.add(x, llvm.mlir_constant(IntegerAttr.get(i32, 1)))
            llvm.store(y, p)
            return y
        inc.func_op.attributes["llvm.emit_c_interface"] = UnitAttr.get()

    m = build(body)
    with m.context:
        PassManager.parse("builtin.module(convert-func-to-llvm,"
                          "reconcile-unrealized-casts)").run(m.operation)
        engine = ExecutionEngine(m)
    out, res = ctypes.c_int32(0), ctypes.c_int32(0)
    engine.invoke("inc", ctypes.pointer(ctypes.c_int32(41)),
                  ctypes.pointer(ctypes.pointer(out)), ctypes.pointer(res))
    assert (out.value, res.value) == (42, 42)


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
