"""A downstream Cython extension (tests/downstream/opcount.pyx), compiled
against the package as installed, cimports the C API mirrors and the
object model's public surface (mlir/ir.pxd) and exchanges objects with
Python; it keeps working when the package is rebuilt with other private
object layouts."""

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


def cython_compile(pyx, incs, opt="-O1", wait=True, module=None):
    """Translates `pyx` (as module `module`, by default its file's stem)
    with Cython, recording the .pxd files it read in a depfile, and
    compiles it beside itself; returns the extension's path (or,
    wait=False, the running compiler and the path)."""
    llvm = Path(llvm_root())
    incs = [*incs, str(llvm / "include")]
    cpp = pyx.with_suffix(".cpp")
    # (Run in pyx's directory: the depfile's paths are relative to it.)
    subprocess.run([sys.executable, "-m", "cython", "--cplus", "-3",
                    "--depfile", *[f"-I{d}" for d in incs],
                    "--module-name", module or pyx.stem, str(pyx),
                    "-o", str(cpp)], check=True, cwd=pyx.parent)
    so = pyx.with_suffix(sysconfig.get_config_var("EXT_SUFFIX"))
    libdir = libs.get_lib_dirs()[0]
    proc = subprocess.Popen(
        [os.environ.get("CXX", "g++"), "-shared", "-fPIC", opt, "-g0",
         "-std=c++17", "-w", f"-I{sysconfig.get_paths()['include']}",
         f"-I{pyx.parent}", *[f"-I{d}" for d in incs], str(cpp), "-o",
         str(so), f"-L{libdir}", "-lMLIRCythonCAPI", f"-Wl,-rpath,{libdir}",
         f"-Wl,-rpath,{llvm / 'lib'}"])
    if not wait:
        return proc, so
    assert proc.wait() == 0
    return so


@pytest.fixture(scope="module")
def opcount_so(tmp_path_factory):
    build = tmp_path_factory.mktemp("downstream")
    shutil.copy(HERE / "downstream" / "opcount.pyx", build)
    return cython_compile(build / "opcount.pyx", libs.get_include_dirs())


@pytest.fixture(scope="module")
def opcount(opcount_so):
    spec = importlib.util.spec_from_file_location("opcount", opcount_so)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_compiled_against_the_public_declarations_only(opcount_so):
    # Cython's depfile lists every .pxd the translation read: the public
    # mlir/ir.pxd and the C API mirrors (cimported by their public names,
    # mlir.capi, which re-export them), never the private _ir.pxd.
    dep = opcount_so.with_suffix("").with_suffix(".cpp.dep").read_text()
    pkg = Path(libs.__file__).resolve().parents[1]
    read = {(opcount_so.parent / f.strip(" \\")).resolve()
            for f in dep.splitlines()[1:]}
    ours = sorted(str(f.relative_to(pkg.parent)) for f in read
                  if f.is_relative_to(pkg))
    assert "mlir/ir.pxd" in ours
    assert "mlir/capi/__init__.pxd" in ours
    assert all(f == "mlir/ir.pxd" or f.startswith(("mlir/capi/",
                                                   "mlir/_mlir_libs/capi/"))
               for f in ours), ours


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


def test_public_fields_and_the_current_context(opcount):
    ctx = Context()
    with ctx:
        i7 = IntegerType.get_signless(7)
        assert opcount.type_fields(i7) == (7, ctx)
        assert opcount.type_fields(i7)[1] is ctx
        assert opcount.current_context() == (ctx, ctx)
        assert opcount.current_context()[1] is ctx
        with pytest.raises(TypeError):
            opcount.type_fields(ctx)
    with pytest.raises(RuntimeError, match="requires a Context but none"):
        opcount.current_context()


RELAYOUT_CHECK = r"""
import gc, importlib.util, sys
import mlir, mlir._mlir_libs._ir as _ir
from mlir.ir import Context, IntegerType, Module, OpView
assert list(mlir.__path__) == [sys.argv[2] + "/mlir"], mlir.__path__
assert _ir.__file__.startswith(sys.argv[2]), _ir.__file__
print(_ir.Context.__basicsize__, _ir.Type.__basicsize__,
      _ir.Operation.__basicsize__, _ir.Value.__basicsize__)
spec = importlib.util.spec_from_file_location("opcount", sys.argv[1])
opcount = importlib.util.module_from_spec(spec)
spec.loader.exec_module(opcount)
with Context() as ctx:
    m = Module.parse("func.func private @f()")
    assert opcount.count_ops(m) == {"builtin.module": 1, "func.func": 1}
    assert opcount.first_op(m) is m.body.operations[0]
    v = opcount.make_constant(m, IntegerType.get_signless(16), 7)
    assert str(v.owner) == "%c7_i16 = arith.constant 7 : i16", str(v.owner)
    assert v.owner is m.body.operations[-1] and isinstance(v.owner, OpView)
    width, t = opcount.result_type_width(v.owner)
    assert width == 16 and isinstance(t, IntegerType) and t.width == 16
    assert opcount.type_fields(t) == (16, ctx)
    assert opcount.current_context() == (ctx, ctx)
    op = v.owner
    op.erase()
    try:
        opcount.result_type_width(op)
    except RuntimeError as e:
        assert "invalidated" in str(e), e
    else:
        raise AssertionError("no RuntimeError")
    print(m, end="")
del m, op, v, t
gc.collect()
"""


def test_an_old_module_works_after_the_private_layouts_change(
        opcount_so, tmp_path):
    # The package as a later release might lay it out: every class gets a
    # private field (in Operation, Value and Block before their handles),
    # and the modules the check imports are rebuilt from that private
    # _ir.pxd. The downstream module is not rebuilt: built against the
    # public surface, it imports and works. (The dialect packages are left
    # out of the copy: their modules would need the rebuild too.)
    src = Path(libs.__file__).resolve().parents[1]
    dst = tmp_path / "pkg" / "mlir"
    own = {"_ir.pyx", "_ir.pxd", "_mlirRegisterEverything.pyx"}
    for f in src.rglob("*"):
        rel = f.relative_to(src)
        if (rel.parts[0] == "dialects" or "__pycache__" in rel.parts
                or f.is_dir() or f.suffix in (".cpp", ".so") and
                rel.parent == Path("_mlir_libs") and not
                f.name.startswith("lib")):
            continue
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel.parent in (Path("_mlir_libs"), Path("_mlir_libs/core")) and (
                f.name in own or f.suffix == ".pxi"):
            shutil.copy(f, dst / rel)
        else:
            (dst / rel).symlink_to(f)
    pxd = dst / "_mlir_libs" / "_ir.pxd"
    text = pxd.read_text()
    for anchor, field in [
            ("    cdef MlirContext c_context\n", "    cdef object _probe\n"),
            ("    cdef MlirType c_type\n    cdef readonly Context context\n",
             "    cdef object _probe\n"),
            ("    cdef MlirAttribute c_attr\n    cdef readonly Context context\n",
             "    cdef object _probe\n"),
            ("    cdef MlirModule c_module\n    cdef readonly Context context\n",
             "    cdef double _probe[3]\n")]:
        assert text.count(anchor) == 1, anchor
        text = text.replace(anchor, anchor + field)
    for before in ("    cdef MlirOperation c_op\n", "    cdef MlirValue c_value\n",
                   "    cdef MlirBlock c_block\n"):
        assert text.count(before) == 1, before
        text = text.replace(before, "    cdef void* _probe\n" + before)
    pxd.write_text(text)
    # The headers, with the relaid-out copy in place of the package.
    top = str(Path(libs.__file__).resolve().parents[2])
    incs = [str(dst.parent),
            *(d for d in libs.get_include_dirs() if d != top)]
    procs = [cython_compile(dst / "_mlir_libs" / f"{name}.pyx", incs, "-O0",
                            wait=False, module=f"mlir._mlir_libs.{name}")
             for name in ("_mlirRegisterEverything", "_ir")]
    for proc, _ in procs:
        assert proc.wait() == 0
    # -S, and not in the checkout: the development install's mlir would
    # join the namespace package (and its dialects with it).
    env = dict(os.environ, PYTHONPATH=str(dst.parent))
    out = subprocess.run([sys.executable, "-S", "-c", RELAYOUT_CHECK,
                          str(opcount_so), str(dst.parent)],
                         env=env, capture_output=True, text=True,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    sizes, module = out.stdout.split("\n", 1)
    import mlir._mlir_libs._ir as ours
    old = [ours.Context.__basicsize__, ours.Type.__basicsize__,
           ours.Operation.__basicsize__, ours.Value.__basicsize__]
    new = [int(s) for s in sizes.split()]
    assert [n - o for n, o in zip(new, old)] == [8, 8, 8, 8], (old, new)
    assert module == "module {\n  func.func private @f()\n}\n"
