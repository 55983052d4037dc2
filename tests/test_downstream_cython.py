"""A downstream Cython extension (tests/downstream/opcount.pyx), compiled
against the package as installed, cimports the C API mirrors and the
object model's types and exchanges objects with Python."""

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import mlir._mlir_libs as libs
from mlir.ir import Context, IntegerType, Module, OpView
from mlir.tblgen import llvm_root

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def opcount(tmp_path_factory):
    build = tmp_path_factory.mktemp("downstream")
    shutil.copy(HERE / "downstream" / "opcount.pyx", build)
    llvm = Path(llvm_root())
    incs = libs.get_include_dirs() + [str(llvm / "include")]
    cpp = build / "opcount.cpp"
    subprocess.run([sys.executable, "-m", "cython", "--cplus", "-3",
                    *[f"-I{d}" for d in incs], str(build / "opcount.pyx"),
                    "-o", str(cpp)], check=True)
    so = build / ("opcount" + sysconfig.get_config_var("EXT_SUFFIX"))
    libdir = libs.get_lib_dirs()[0]
    subprocess.run([os.environ.get("CXX", "g++"), "-shared", "-fPIC", "-O1",
                    "-std=c++17", "-w", f"-I{sysconfig.get_paths()['include']}",
                    *[f"-I{d}" for d in incs], str(cpp), "-o", str(so),
                    f"-L{libdir}", "-lMLIRCythonCAPI", f"-Wl,-rpath,{libdir}",
                    f"-Wl,-rpath,{llvm / 'lib'}"], check=True)
    spec = importlib.util.spec_from_file_location("opcount", so)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_walk_in_c_and_count(opcount):
    with Context():
        m = Module.parse("func.func @f(%a: i32) -> i32 {\n"
                         "  %0 = arith.addi %a, %a : i32\n"
                         "  %1 = arith.addi %0, %a : i32\n  return %1 : i32\n}")
    assert opcount.count_ops(m) == {"builtin.module": 1, "func.func": 1,
                                    "arith.addi": 2, "func.return": 1}


def test_objects_cross_the_boundary(opcount):
    with Context():
        m = Module.parse("func.func private @f()")
        assert opcount.first_op(m) is m.body.operations[0]
        v = opcount.make_constant(m, IntegerType.get_signless(16), 7)
        assert str(v.owner) == "%c7_i16 = arith.constant 7 : i16"
        assert v.owner is m.body.operations[-1]
        assert isinstance(v.owner, OpView)
        width, t = opcount.result_type_width(v.owner)
        assert width == 16 and isinstance(t, IntegerType) and t.width == 16
        m.operation.verify()
        op = v.owner
        op.erase()
        with pytest.raises(RuntimeError, match="invalidated"):
            opcount.result_type_width(op)
