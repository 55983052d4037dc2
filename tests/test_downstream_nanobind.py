"""A nanobind extension using LLVM 22's NanobindAdaptors.h accepts our
Context/Module/Operation/Type objects through the capsule protocol and
returns objects we accept (tests/downstream/nb_ext.cpp)."""

import importlib.util
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import mlir._mlir_libs as libs
from mlir.ir import Context, IntegerType, Module, Operation
from mlir.tblgen import llvm_root

nanobind = pytest.importorskip("nanobind")
HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def nb_ext(tmp_path_factory):
    build = tmp_path_factory.mktemp("nanobind")
    nb = Path(nanobind.__file__).parent
    llvm = Path(llvm_root())
    so = build / ("nb_ext" + sysconfig.get_config_var("EXT_SUFFIX"))
    libdir = libs.get_lib_dirs()[0]
    subprocess.run(
        [os.environ.get("CXX", "g++"), "-shared", "-fPIC", "-O1", "-g0",
         "-std=c++17", "-fvisibility=hidden", "-w",
         f"-I{sysconfig.get_paths()['include']}", f"-I{nb / 'include'}",
         f"-I{nb / 'ext' / 'robin_map' / 'include'}", f"-I{llvm / 'include'}",
         str(HERE / "downstream" / "nb_ext.cpp"), str(nb / "src" / "nb_combined.cpp"),
         "-o", str(so), f"-L{libdir}", "-lMLIRCythonCAPI",
         f"-Wl,-rpath,{libdir}", f"-Wl,-rpath,{llvm / 'lib'}"], check=True)
    spec = importlib.util.spec_from_file_location("nb_ext", so)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_objects_cross_through_capsules(nb_ext):
    with Context() as ctx:
        m = Module.parse("func.func private @a()\nfunc.func private @b()")
        assert nb_ext.count_ops(m) == 2
        op = nb_ext.first_op(m)
        assert op == m.body.operations[0]
        assert nb_ext.op_name(op) == "func.func"
        t = nb_ext.i17()                          # context from `with`
        assert isinstance(t, IntegerType) and t.width == 17
        assert nb_ext.width(IntegerType.get_signless(5)) == 5
        assert nb_ext.same_context(ctx, op)
        assert not nb_ext.same_context(Context(), op)
    with pytest.raises(TypeError, match=r"^count_ops\(\): incompatible function arguments"):
        nb_ext.count_ops(42)
    with pytest.raises(TypeError, match=r"^width\(\): incompatible function arguments"):
        nb_ext.width("i32")



@pytest.mark.parametrize("header", ["IRTypes.h", "IRAttributes.h"])
def test_compat_header_has_every_upstream_class(tmp_path, header):
    """Every builtin type and attribute class of upstream's IRTypes.h and
    IRAttributes.h (LLVM's own copies, beside its C API) exists in ours,
    with upstream's Python class name, which mlir.ir has: an extension
    written against upstream's headers (PyConcreteType<MyType, PyF16Type>)
    compiles against ours unchanged. (Upstream's dense array templates are
    left out: mlir.ir binds their accessors.)"""
    import re
    import mlir.ir
    upstream = (Path(llvm_root()) / "include" / "mlir" / "Bindings" /
                "Python" / header).read_text()
    classes = {}
    for m in re.finditer(r"class MLIR_PYTHON_API_EXPORTED (?:MLIR_PYTHON_API_"
                         r"EXPORTED )?(Py\w+)\s*:\s*public PyConcrete\w+<"
                         r"[^{]*\{(.*?)\n\};", upstream, re.S):
        name = re.search(r'pyClassName\s*=\s*"(\w+)"', m.group(2))
        if name:
            classes[m.group(1)] = name.group(1)
    assert len(classes) >= 17
    compat = HERE.parent / "csrc" / "include" / "mlir-cython-nanobind"
    src = tmp_path / "classes.cpp"
    src.write_text(
        f'#include "mlir/Bindings/Python/{header}"\n'
        "namespace py = mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN;\n"
        "#include <cstring>\n" + "".join(
            f"static_assert(py::{c}::isaFunction != nullptr);\n"
            f"const char *name_{c} = py::{c}::pyClassName;\n"
            for c in classes))
    nb = Path(nanobind.__file__).parent
    subprocess.run(
        [os.environ.get("CXX", "g++"), "-std=c++17", "-fsyntax-only", "-w",
         f"-I{compat}", f"-I{llvm_root()}/include",
         f"-I{sysconfig.get_paths()['include']}", f"-I{nb / 'include'}",
         str(src)], check=True)
    ours = (compat / "mlir" / "Bindings" / "Python" / header).read_text()
    for c, name in classes.items():
        # Their Python classes are mlir.ir's, under upstream's names.
        assert isinstance(getattr(mlir.ir, name, None), type), (c, name)
        assert re.search(rf'\({c},\s+\w+,\s+"{name}"', ours), (c, name)
