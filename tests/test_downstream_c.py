"""A downstream extension in plain C (tests/downstream/irapi.c), compiled
with the C compiler against the package as installed, uses the C-level API
that ships in the package (mlir-cython-python/PythonAPI.h, and the older
mlir/_mlir_libs/_ir_api.h): objects become MLIR C API handles and handles
become the package's objects (the same objects where objects are
interned)."""

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import mlir._mlir_libs as libs
from mlir.dialects import arith
from mlir.ir import (Block, Context, IntegerType, Location, Module, OpResult,
                     OpView, Value)
from mlir.tblgen import llvm_root

HERE = Path(__file__).resolve().parent


def test_api_header_ships_with_the_package():
    header = Path(libs.__file__).parent / "_ir_api.h"
    assert header.is_file()
    text = header.read_text()
    assert "import_mlir___mlir_libs___ir" in text
    for name in ("context", "location", "type", "attribute", "module",
                 "operation", "block", "value"):
        assert f"mlir_wrap_{name}" in text and f"mlir_unwrap_{name}" in text


def build_irapi(build, *defines, src=None, capture=False):
    """Compiles irapi.c (or `src`) in `build` with -D`defines`; returns the
    path of the extension module (`capture`: the compiler's output goes
    to the CalledProcessError of a failure)."""
    if src is None:
        src = build / "irapi.c"
        shutil.copy(HERE / "downstream" / "irapi.c", src)
    llvm = Path(llvm_root())
    incs = libs.get_include_dirs() + [str(llvm / "include")]
    so = build / ("irapi" + sysconfig.get_config_var("EXT_SUFFIX"))
    libdir = libs.get_lib_dirs()[0]
    subprocess.run([os.environ.get("CC", "gcc"), "-shared", "-fPIC", "-O1",
                    "-std=c11", "-Wall", "-Werror", "-Wno-unused-function",
                    *[f"-D{d}" for d in defines],
                    f"-I{build}", f"-I{sysconfig.get_paths()['include']}",
                    *[f"-I{d}" for d in incs], str(src), "-o", str(so),
                    f"-L{libdir}", "-lMLIRCythonCAPI", f"-Wl,-rpath,{libdir}",
                    f"-Wl,-rpath,{llvm / 'lib'}"], check=True,
                   capture_output=capture, text=True)
    return so


def load(so, name="irapi"):
    spec = importlib.util.spec_from_file_location(name, so)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module", params=["PythonAPI.h", "_ir_api.h"])
def irapi(request, tmp_path_factory):
    legacy = request.param == "_ir_api.h"
    build = tmp_path_factory.mktemp("downstream_c")
    return load(build_irapi(build, *(["IRAPI_LEGACY_HEADER",
                                      "MLIR_CYTHON_NO_DEPRECATION_WARNING"]
                                     if legacy else [])))


def test_the_unversioned_header_warns_with_its_date(tmp_path):
    # irapi.c compiled against _ir_api.h without the opt-out: -Werror
    # turns the deprecation warning into the failure that shows it.
    with pytest.raises(subprocess.CalledProcessError) as err:
        build_irapi(tmp_path, "IRAPI_LEGACY_HEADER", capture=True)
    assert ("mlir/_mlir_libs/_ir_api.h is deprecated and ships until "
            "2027-06-30: include mlir-cython-python/PythonAPI.h"
            in err.value.stderr)


def test_versioned_header_ships_with_the_package():
    inc = [Path(d) / "mlir-cython-python" for d in libs.get_include_dirs()]
    inc = [d for d in inc if d.is_dir()]
    assert inc, libs.get_include_dirs()
    api = (inc[0] / "PythonAPI.h").read_text()
    objects = (inc[0] / "PythonObjects.h").read_text()
    assert "MlirCy_ImportAPI" in api
    assert "#define MLIR_CYTHON_ABI_VERSION 1\n" in objects
    for name in ("context", "location", "type", "attribute", "module",
                 "operation", "block", "value"):
        assert f"wrap_{name})(" in objects and f"unwrap_{name})(" in objects
    # The capsule the header imports, with the versions it was built with.
    import mlir._mlir_libs._ir as ir_module
    import ctypes
    cap = ir_module._C_API
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object,
                                                   ctypes.c_char_p]
    table = ctypes.cast(get(cap, b"mlir._mlir_libs._ir._C_API"),
                        ctypes.POINTER(ctypes.c_uint))
    assert (table[0], table[1]) == (1, 1)


@pytest.mark.parametrize("edit, message", [
    ("#define MLIR_CYTHON_ABI_VERSION 1", "#define MLIR_CYTHON_ABI_VERSION 2"),
    ("#define MLIR_CYTHON_FEATURE_VERSION 1",
     "#define MLIR_CYTHON_FEATURE_VERSION 7"),
])
def test_a_module_built_against_another_version_refuses_to_import(
        tmp_path, edit, message):
    # As if built against the headers of another release: the import
    # fails with ImportError naming both versions, before any call.
    inc = next(Path(d) for d in libs.get_include_dirs()
               if (Path(d) / "mlir-cython-python").is_dir())
    shutil.copytree(inc / "mlir-cython-python", tmp_path / "mlir-cython-python")
    objects = tmp_path / "mlir-cython-python" / "PythonObjects.h"
    text = objects.read_text()
    assert edit in text
    objects.write_text(text.replace(edit, message))
    so = build_irapi(tmp_path)          # -I{tmp_path} comes first
    if "ABI" in edit:
        expected = ("this module was built against ABI version 2 of "
                    "mlir-cython's C API, but the installed mlir-cython has "
                    "ABI version 1: rebuild the module against it")
    else:
        expected = ("this module was built against feature version 7 of "
                    "mlir-cython's C API, but the installed mlir-cython has "
                    "feature version 1: upgrade mlir-cython")
    with pytest.raises(ImportError) as e:
        load(so)
    assert str(e.value) == expected


SRC = ("func.func @f(%a: i32) -> i32 {\n"
       "  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n"
       "func.func private @g()")


def test_unwrap_and_wrap_in_c(irapi):
    with Context() as ctx:
        m = Module.parse(SRC)
        assert irapi.count_ops(m) == 2
        assert irapi.first_op(m) is m.body.operations[0]
        t = irapi.integer_type(ctx, 17)
        assert isinstance(t, IntegerType) and t.width == 17
        assert t == IntegerType.get_signless(17)
        ret = m.body.operations[0].regions[0].blocks[0].operations[1]
        add = irapi.operand_owner(ret)
        assert add is m.body.operations[0].regions[0].blocks[0].operations[0]
        assert isinstance(add, arith.AddIOp)


def test_module_made_in_c_is_owned_by_python(irapi):
    with Context() as ctx:
        m = irapi.parse_module(ctx, "func.func private @h()")
        assert isinstance(m, Module) and m.context is ctx
        assert str(m.body.operations[0]) == "func.func private @h()"
        m.operation.verify()


def test_roundtrips_keep_identity(irapi):
    with Context() as ctx, Location.unknown() as loc:
        m = Module.parse(SRC)
        f = m.body.operations[0]
        block = f.regions[0].blocks[0]
        arg = block.arguments[0]
        res = block.operations[0].result
        assert irapi.roundtrip("context", ctx) is ctx
        assert irapi.roundtrip("module", m) is m
        assert irapi.roundtrip("operation", f) is f
        assert irapi.roundtrip("operation", f.operation) is f
        assert irapi.roundtrip("location", loc) == loc
        i32 = IntegerType.get_signless(32)
        assert irapi.roundtrip("type", i32) == i32
        assert isinstance(irapi.roundtrip("type", i32), IntegerType)
        attr = f.attributes["sym_name"]
        assert irapi.roundtrip("attribute", attr) == attr
        b2 = irapi.roundtrip("block", block)
        assert isinstance(b2, Block) and b2 == block
        v = irapi.roundtrip("value", arg)
        assert isinstance(v, Value) and v == arg
        r = irapi.roundtrip("value", res)
        assert isinstance(r, OpResult) and r.owner is block.operations[0]
        assert isinstance(r.owner, OpView)


def test_errors_are_python_exceptions(irapi):
    for kind in ("context", "type", "operation", "value"):
        with pytest.raises(ValueError, match="null"):
            irapi.wrap_null(kind)
    with Context():
        m = Module.parse(SRC)
        with pytest.raises(TypeError, match="expected a Module, not Context"):
            irapi.count_ops(Context.current)
        with pytest.raises(TypeError, match="must be a Type, not int"):
            irapi.roundtrip("type", 3)
        with pytest.raises(TypeError, match="expected a Context"):
            irapi.integer_type(m, 8)
        op = m.body.operations[1]
        op.erase()
        with pytest.raises(RuntimeError, match="invalidated"):
            irapi.roundtrip("operation", op)


def test_first_include_dir_holds_the_mlir_c_headers(monkeypatch):
    # As upstream's get_include_dirs()[0]: the C API headers are found
    # there: the package's include directory, holding the headers of the
    # LLVM the library was built from (and our shims), then the package's
    # parent.
    dirs = libs.get_include_dirs()
    shipped = Path(dirs[0]) / "mlir-c" / "IR.h"
    assert shipped.read_bytes() == \
        (Path(llvm_root()) / "include" / "mlir-c" / "IR.h").read_bytes()
    assert (Path(dirs[0]) / "mlir-cython-python" / "PythonAPI.h").is_file()
    pkg_parent = str(Path(libs.__file__).resolve().parents[2])
    assert dirs[1] == pkg_parent
    assert (Path(dirs[1]) / "mlir" / "_mlir_libs" / "_ir_api.h").is_file()
    # What mlir-c/ includes from LLVM's and MLIR's trees is there too.
    for dep in ("llvm-c/Support.h", "llvm/Config/llvm-config.h",
                "mlir/Config/mlir-config.h"):
        assert (Path(dirs[0]) / dep).is_file(), dep
    # Without LLVM installed, nothing changes: the package has them.
    monkeypatch.setenv("MLIR_CYTHON_LLVM_ROOT", "/nonexistent-llvm")
    assert libs.get_include_dirs() == dirs


def test_upstreams_library_name_links_our_c_api(tmp_path):
    # Build systems written for upstream link -lMLIRPythonCAPI from
    # get_lib_dirs()[0]: a linker script there links our one library.
    libdir = libs.get_lib_dirs()[0]
    src = tmp_path / "main.c"
    src.write_text('#include "mlir-c/IR.h"\n#include <stdio.h>\n'
                   "int main(void) {\n"
                   "  MlirContext c = mlirContextCreate();\n"
                   '  printf("%d\\n", mlirContextGetNumLoadedDialects(c));\n'
                   "  mlirContextDestroy(c);\n  return 0;\n}\n")
    exe = tmp_path / "main"
    subprocess.run([os.environ.get("CC", "gcc"), str(src), "-o", str(exe),
                    f"-I{libs.get_include_dirs()[0]}", f"-L{libdir}",
                    "-lMLIRPythonCAPI", f"-Wl,-rpath,{libdir}",
                    f"-Wl,-rpath,{Path(llvm_root()) / 'lib'}"], check=True)
    assert subprocess.run([str(exe)], capture_output=True, text=True,
                          check=True).stdout == "1\n"     # the builtin dialect
    needed = subprocess.run(["readelf", "-d", str(exe)], capture_output=True,
                            text=True, check=True).stdout
    assert "libMLIRCythonCAPI.so" in needed and "MLIRPythonCAPI" not in needed


def test_erasing_from_c_keeps_the_objects_consistent(irapi):
    # An erase in C through the API invalidates the objects of the op and
    # of everything nested in it, as Operation.erase does; a raw
    # mlirOperationDestroy preceded by mlir_invalidate_operation too.
    for raw in (False, True):
        with Context():
            m = Module.parse("func.func @f() {\n  return\n}\n"
                             "func.func @g() {\n  return\n}")
            f = m.body.operations[0]
            ret = f.regions[0].blocks[0].operations[0]
            irapi.erase_first(m, raw)
            for obj in (f, ret):
                with pytest.raises(RuntimeError, match="invalidated"):
                    obj.name
            assert [op.sym_name.value for op in m.body.operations] == ["g"]
    with Context() as ctx:
        # Refused as Operation.erase refuses it: uses left.
        ctx.allow_unregistered_dialects = True
        m = Module.parse('%0 = "t.a"() : () -> i32\n"t.b"(%0) : (i32) -> ()')
        with pytest.raises(RuntimeError, match="still have uses"):
            irapi.erase_first(m, False)
        assert len(m.body.operations) == 2
