"""Arguments a function does not take raise upstream's TypeError: where
upstream's binding layer (nanobind) refuses a call, its first line is
"NAME(): incompatible function arguments. The following argument types are
supported:", then come the function's signature and what was wrong. The
functions standing for upstream's Python code (op builders) keep Python's
words, and an error from a user's callback keeps its own. The functions
named are the ones called, whichever failed before
(tools/cython_tracebacks.py)."""

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy
import pytest

from mlir import ir
from mlir.dialects import arith, func, quant

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import cython_tracebacks  # noqa: E402

HEAD = ("(): incompatible function arguments. The following argument types "
        "are supported:")


def refusal(fn):
    """The lines of the TypeError `fn` raises."""
    with pytest.raises(TypeError) as info:
        fn()
    return str(info.value).split("\n")


@pytest.fixture
def ctx():
    with ir.Context() as c, ir.Location.unknown():
        yield c


@pytest.mark.parametrize("call, name, signature, detail", [
    (lambda: ir.IntegerType.get_signless(1.5), "get_signless",
     "get_signless(width: int, context=None) -> IntegerType",
     "width must be an int, not float"),
    (lambda: ir.IntegerType.get_signless(), "get_signless",
     "get_signless(width: int, context=None) -> IntegerType",
     "get_signless() takes at least 1 positional argument (0 given)"),
    (lambda: ir.Module.parse("", foo=1), "parse",
     "parse(asm: str | bytes, context=None) -> Module",
     "parse() got an unexpected keyword argument 'foo'"),
    (lambda: ir.AffineMapAttr.get(1), "get", None,
     "Argument 'affine_map' has incorrect type (expected "
     "AffineMap, got int)"),
    (lambda: ir.FunctionType.get(None, []), "get", None,
     "function inputs must be a sequence of Types, not NoneType"),
    (lambda: ir.Location.name(1), "name", None,
     "name must be str or bytes, not int"),
    (lambda: ir.IntegerType.get_unsigned(-1), "get_unsigned", None,
     "integer bitwidth must be in [0, 16777215], got -1"),
    (lambda: quant.AnyQuantizedType.get(
        1.5, ir.IntegerType.get_signless(8), None, 0, 255), "get",
     "get(flags: int, storage_type: Type, expressed_type: Type | None, "
     "storage_type_min: int, storage_type_max: int, context: Context | None "
     "= None) -> AnyQuantizedType",
     "flags must be an int, not float"),
])
def test_refused_arguments_read_as_upstreams(ctx, call, name, signature,
                                             detail):
    lines = refusal(call)
    assert lines[0] == name + HEAD
    assert lines[1].startswith(f"    1. {name}(")
    if signature:
        assert lines[1] == f"    1. {signature}"
    assert lines[2:] == ["", detail]


def test_refused_arguments_of_methods_read_as_upstreams(ctx):
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        one = arith.constant(ir.IntegerType.get_signless(32), 1)
    for call, name in [(lambda: m.body.append(5), "append"),
                       (lambda: ir.InsertionPoint(5), "__init__"),
                       (lambda: one.replace_all_uses_with(5),
                        "replace_all_uses_with"),
                       (lambda: one.owner.move_after(5), "move_after"),
                       (lambda: m.operation.walk(5), "walk"),
                       (lambda: ir.ArrayAttr.get(5), "get"),
                       (lambda: ir.DictAttr.get(5), "get"),
                       (lambda: ir.Operation.create(5), "create"),
                       (lambda: ir.Operation.create("t.x", operands=[5]),
                        "create"),
                       (lambda: ir.Operation.create("t.x", results=5),
                        "create")]:
        assert refusal(call)[0] == name + HEAD


def test_functions_taking_no_arguments_refuse_them_as_upstream(ctx):
    """Their wrappers refuse arguments before any traceback entry of
    Cython's: tools/cython_tracebacks.py adds one."""
    m = ir.Module.create()
    for call, name, signature, detail in [
            (lambda: m.operation.verify(1), "verify", "verify(self) -> bool",
             "verify() takes exactly 0 positional arguments (1 given)"),
            (lambda: m.operation.verify(x=1), "verify", "verify(self) -> bool",
             "verify() got an unexpected keyword argument 'x'"),
            (lambda: ir.Context().finalize_remarks(2), "finalize_remarks",
             "finalize_remarks(self) -> None",
             "finalize_remarks() takes exactly 0 positional arguments (1 "
             "given)")]:
        assert refusal(call) == [name + HEAD, f"    1. {signature}", "",
                                 detail]


def test_methods_take_the_argument_kinds_upstreams_take(ctx):
    """Found by tests/test_arg_parity.py's method cases: bool parameters
    take True or False only, string keys only strs, indices anything with
    __index__ (numpy integers too)."""
    m = ir.Module.parse("""
        func.func @f(%a: i32) -> i32 {
          %0 = arith.addi %a, %a : i32
          return %0 : i32
        }""")
    add = m.body.operations[0].regions[0].blocks[0].operations[0]
    for bad in (1, numpy.bool_(True), None):
        assert refusal(lambda: add.get_asm(binary=bad))[0] == "get_asm" + HEAD
        assert refusal(lambda: add.result.get_name(use_local_scope=bad))[0] \
            == "get_name" + HEAD
        assert refusal(lambda: ir.AsmState(add, use_local_scope=bad))[0] \
            == "__init__" + HEAD
    assert add.get_asm(large_elements_limit=numpy.int64(4)) == \
        add.get_asm(large_elements_limit=4)
    d = ir.DictAttr.get({"a": ir.UnitAttr.get()})
    for container in (d, add.attributes):
        assert refusal(lambda: 1 in container)[0] == "__contains__" + HEAD
    assert str(d[numpy.int64(0)]) == "NamedAttribute(a=unit)"
    with pytest.raises(IndexError, match="^attempt to access out of bounds attribute$"):
        d[-1]
    assert refusal(lambda: d[None])[0] == "__getitem__" + HEAD
    assert refusal(lambda: add.operands.__setitem__(1.5, add.operands[0]))[0] \
        == "__setitem__" + HEAD
    with pytest.raises(ValueError, match="^Expected operation to have a symbol name.$"):
        ir.SymbolTable.set_symbol_name(add, "x")
    assert refusal(lambda: ir.SymbolTable.set_visibility(1, "nope"))[0] \
        == "set_visibility" + HEAD
    assert refusal(lambda: add.result.replace_all_uses_except(
        add.operands[0], 5))[0] == "replace_all_uses_except" + HEAD
    assert refusal(lambda: ir.Value(5))[0] == "__init__" + HEAD


def test_an_index_of_the_wrong_kind_is_upstreams_value_error(ctx):
    """Lists that take slices too refuse other keys with upstream's
    ValueError; anything with __index__ is an index."""
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        f = func.FuncOp("f", ([ir.IntegerType.get_signless(32)], []))
        block = f.add_entry_block()
        with ir.InsertionPoint(block):
            two = arith.addi(block.arguments[0], block.arguments[0])
    op = two.owner
    for seq in (op.operands, op.results, f.regions, block.arguments,
                op.successors):
        for key in ("x", 1.5, None):
            with pytest.raises(ValueError, match="^expected integer or slice$"):
                seq[key]
    assert op.operands[True] == block.arguments[0]
    assert op.results[numpy.int64(0)] == two


def test_op_builders_keep_pythons_words(ctx):
    """Upstream's op builders are Python functions: a missing argument is
    Python's TypeError, a wrong one the builder's own words."""
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        one = arith.constant(ir.IntegerType.get_signless(32), 1)
        assert refusal(lambda: arith.addi(one)) == [
            "addi() missing 1 required positional argument: 'rhs'"]
        assert refusal(lambda: arith.ConstantOp(1, 2)) == [
            "arith.constant: result must be a Type, not int"]


def test_a_callbacks_error_keeps_its_words(ctx):
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        func.FuncOp("f", ([], []))

    def callback(op):
        raise TypeError("from the callback")
    with pytest.raises(Exception) as info:
        m.operation.walk(callback)
    err = info.value if isinstance(info.value, TypeError) else info.value.__cause__
    assert str(err) == "from the callback"


SCRIPT = textwrap.dedent("""\
    import traceback
    from mlir import ir
    from mlir.dialects import llvm, quant

    def entry(fn):
        try:
            fn()
        except TypeError as e:
            f = traceback.extract_tb(e.__traceback__)[-1]
            return f.name.rsplit(".", 1)[-1], str(e).split("(", 1)[0]
        raise AssertionError("no error")

    with ir.Context(), ir.Location.unknown():
        i8 = ir.IntegerType.get_signless(8)
        calls = [
            ("name", lambda: ir.Location.name(1)),
            ("get_mul", lambda: ir.AffineExpr.get_mul(ir.UnitAttr.get(), 1)),
            ("get_unsigned", lambda: ir.IntegerType.get_unsigned(1.5)),
            ("get_mod", lambda: ir.AffineExpr.get_mod(ir.UnitAttr.get(), 1)),
            ("get", lambda: ir.Float4E2M1FNType.get(1)),
            ("get", lambda: ir.AffineAddExpr.get(1, 1)),
            ("parse", lambda: ir.Module.parse(1)),
            ("get", lambda: ir.StringAttr.get(1)),
            ("parse", lambda: ir.Operation.parse(1)),
            ("get_literal", lambda: llvm.StructType.get_literal([], context=1)),
            ("get", lambda: quant.AnyQuantizedType.get(0, i8, None, 0.5, 1)),
            ("cast_to_storage_type",
             lambda: quant.QuantizedType.cast_to_storage_type(1)),
            ("default_minimum_for_integer",
             lambda: quant.QuantizedType.default_minimum_for_integer(True, 1.5)),
            ("create", lambda: ir.Module.create(loc=1)),
            ("get", lambda: ir.AffineMapAttr.get(1)),
        ]
        for _ in range(2):
            for want, fn in calls + calls[::-1]:
                print(want, *entry(fn))
""")


def test_errors_name_the_function_called():
    """Each error names the function called, in its message and its
    traceback's compiled frame, after any other failed at the same line
    of another source file (which Cython's own cache of traceback entries
    mixes up)."""
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True,
                         text=True, check=True).stdout.split("\n")
    rows = [line.split() for line in out if line]
    assert len(rows) == 60
    wrong = [r for r in rows if r[1] != r[0] or r[2] != r[0]]
    assert not wrong, wrong


WRAPPER = """\
#define MLIRCY_TRACEBACK_FILTER_DEFINED
static PyObject *__pyx_pw_get(PyObject *self, PyObject *args) {
  __pyx_L3_error:;
  __Pyx_AddTraceback("m.A.get", __pyx_clineno, __pyx_lineno, __pyx_filename);
  return NULL;
  __pyx_L4_argument_unpacking_done:;
  if (unlikely(!__Pyx_ArgTypeTest(((PyObject *)__pyx_v_m), T, 0, "m", 0))) __PYX_ERR(3, 17, __pyx_L1_error)
}
static int __pyx_pw_set(PyObject *self, PyObject *v) {
  if (unlikely(!__Pyx_ArgTypeTest(((PyObject *)__pyx_v_v), T, 0, "v", 0))) __PYX_ERR(3, 40, __pyx_L1_error)
}
"""
CACHE = ("  code_object = __pyx_find_code_object(c_line ? -c_line : py_line);\n"
         "  __pyx_insert_code_object(c_line ? -c_line : py_line, code_object);\n")


def test_generated_c_fixes(tmp_path):
    """The cache key and the wrapper's traceback entry, rewritten once; a
    Cython whose generated C differs stops the build."""
    cpp = tmp_path / "m.cpp"
    cpp.write_text(WRAPPER + CACHE * 2)
    cython_tracebacks.fix_generated_tracebacks(cpp)
    text = cpp.read_text()
    assert text.count("_code_object(mlircy_code_key(funcname, c_line, py_line)") == 4
    assert "c_line ? -c_line : py_line" not in text
    assert ('"m", 0))) { __PYX_MARK_ERR_POS(3, 17) __Pyx_AddTraceback('
            '"m.A.get", __pyx_clineno, __pyx_lineno, __pyx_filename); '
            'goto __pyx_L1_error; }') in text
    # A setter's wrapper has no traceback entry to name it by: left alone.
    assert '"v", 0))) __PYX_ERR(3, 40, __pyx_L1_error)' in text
    mtime = cpp.stat().st_mtime_ns
    cython_tracebacks.fix_generated_tracebacks(cpp)
    assert cpp.read_text() == text and cpp.stat().st_mtime_ns == mtime
    cpp.write_text(WRAPPER + CACHE)
    with pytest.raises(SystemExit, match="2 of 4 uses"):
        cython_tracebacks.fix_generated_tracebacks(cpp)
    other = tmp_path / "other.cpp"          # a module without the filter
    other.write_text(CACHE)
    cython_tracebacks.fix_generated_tracebacks(other)
    assert other.read_text() == CACHE


def test_no_argument_wrappers_get_their_entry(tmp_path):
    """A wrapper refusing arguments to a function that takes none gets a
    traceback entry at the function's `def` line, named from its embedded
    signature; Cython's own helpers (from a "tree fragment") are left."""
    body = (
        '#define __Pyx_MODULE_NAME "m"\n'
        'static const char* const __pyx_f[] = {\n  "m.pyx",\n  "core/t.pxi",\n};\n'
        '/* "core/t.pxi":12\n'
        'PyDoc_STRVAR(__pyx_doc_verify, "A.verify(self) -> bool");\n'
        '  if (unlikely(__pyx_nargs > 0)) { __Pyx_RaiseArgtupleInvalid("verify", 1, 0, 0, __pyx_nargs); return NULL; }\n'
        '  if (unlikely(__pyx_kwds_len > 0)) {__Pyx_RejectKeywords("verify", __pyx_kwds); return NULL;}\n'
        '/* "(tree fragment)":1\n'
        'PyDoc_STRVAR(__pyx_doc_r, "A.__reduce_cython__(self)");\n'
        '  if (unlikely(__pyx_nargs > 0)) { __Pyx_RaiseArgtupleInvalid("__reduce_cython__", 1, 0, 0, __pyx_nargs); return NULL; }\n'
        'static int MLIRCY_TRACEBACK_FILTER_DEFINED;\n')
    cpp = tmp_path / "m.cpp"
    cpp.write_text(body + CACHE * 2)
    cython_tracebacks.fix_generated_tracebacks(cpp)
    lines = cpp.read_text().split("\n")
    entry = ('__Pyx_AddTraceback("m.A.verify", __LINE__, 12, __pyx_f[1]); '
             'return NULL; }')
    assert lines[7] == ('  if (unlikely(__pyx_nargs > 0)) { __Pyx_RaiseArgtupleInvalid('
                        '"verify", 1, 0, 0, __pyx_nargs); ' + entry)
    assert lines[8] == ('  if (unlikely(__pyx_kwds_len > 0)) {__Pyx_RejectKeywords('
                        '"verify", __pyx_kwds); ' + entry)
    assert lines[11].endswith("__pyx_nargs); return NULL; }")


def test_the_build_applied_them():
    """The in-place _ir module's generated C carries the fixes."""
    cpp = ROOT / "mlir" / "_mlir_libs" / "_ir.cpp"
    if not cpp.exists():
        pytest.skip("no in-place build")
    text = cpp.read_text()
    assert "mlircy_code_key(funcname, c_line, py_line)" in text
    assert ('__Pyx_AddTraceback("mlir._mlir_libs._ir.AffineMapAttr.get", '
            '__pyx_clineno, __pyx_lineno, __pyx_filename); goto') in text
    assert ('__Pyx_RaiseArgtupleInvalid("verify", 1, 0, 0, __pyx_nargs); '
            '__Pyx_AddTraceback("mlir._mlir_libs._ir.Operation.verify", '
            '__LINE__, ') in text
