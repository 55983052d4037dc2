"""The packaging recipe of docs/guide/extensions.md: a package (`mypkg`, built in a
temporary directory) re-exports mlir as `mypkg.mlir` with
mlir._mlir_libs.reexport_as, adds its own site initializer and a dialect
module found through the dialect search path, and builds and prints IR
through its own names. Run in a fresh interpreter, so the first import is
the re-exported one."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import mlir._mlir_libs as libs

FILES = {
    "mypkg/__init__.py": "",
    # The whole recipe: mypkg.mlir.X is mlir.X, and mypkg's initializer
    # runs for every Context.
    "mypkg/mlir/__init__.py": """\
        from mlir._mlir_libs import add_site_initializer, reexport_as

        reexport_as(__name__)

        from . import _site_initialize

        add_site_initializer(_site_initialize)
        """,
    "mypkg/mlir/_site_initialize.py": """\
        def context_init_hook(context):
            context.allow_unregistered_dialects = True
        """,
    # mypkg's own dialect modules live beside the re-exported ones.
    "mypkg/mlir/dialects/__init__.py": """\
        from mlir.dialects._ods_common import _cext

        _cext.globals.append_dialect_search_prefix(__name__)
        """,
    "mypkg/mlir/dialects/toy.py": """\
        from mypkg.mlir import ir


        @ir.register_dialect
        class _Dialect(ir.Dialect):
            DIALECT_NAMESPACE = "toy"


        @ir.register_operation(_Dialect)
        class HelloOp(ir.OpView):
            OPERATION_NAME = "toy.hello"
            _ODS_REGIONS = (0, True)

            @property
            def greeting(self):
                return ir.StringAttr(self.attributes["greeting"]).value
        """,
}

MAIN = """\
    import sys

    from mypkg.mlir.ir import (Context, InsertionPoint, IntegerType,
                               Location, Module)
    from mypkg.mlir.dialects import arith, func
    from mypkg.mlir.passmanager import PassManager
    import mypkg.mlir.dialects.scf as scf

    import mlir.dialects.arith
    import mlir.ir
    import mypkg.mlir.ir

    # The same modules, not copies.
    assert mypkg.mlir.ir is mlir.ir, mypkg.mlir.ir
    assert arith is mlir.dialects.arith
    assert scf is sys.modules["mlir.dialects.scf"]
    assert mlir.ir.__spec__.name == "mlir.ir"
    assert sys.modules["mypkg.mlir.ir"] is mlir.ir

    with Context() as ctx, Location.unknown():
        # mypkg's initializer ran for this context.
        assert ctx.allow_unregistered_dialects
        i32 = IntegerType.get_signless(32)
        module = Module.create()
        with InsertionPoint(module.body):
            @func.FuncOp.from_py_func(i32)
            def double(x):
                return arith.addi(x, x)
        # Upstream op classes are found as through mlir itself.
        assert isinstance(module.body.operations[0], func.FuncOp)
        # mypkg's dialect module is found through its search prefix, on
        # first need.
        assert "mypkg.mlir.dialects.toy" not in sys.modules
        toy = Module.parse('"toy.hello"() {greeting = "hi"} : () -> ()')
        hello = toy.body.operations[0]
        from mypkg.mlir.dialects.toy import HelloOp
        assert type(hello) is HelloOp, type(hello)
        assert hello.greeting == "hi"
        PassManager.parse("builtin.module(canonicalize)").run(module)
        print(module)
        print(hello)
    """


@pytest.fixture
def mypkg(tmp_path):
    for rel, text in FILES.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return tmp_path


def run_python(root, code):
    # mypkg first, then wherever this mlir was imported from.
    mlir_root = Path(libs.__file__).resolve().parents[2]
    env = dict(os.environ,
               PYTHONPATH=os.pathsep.join([str(root), str(mlir_root)]))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                          cwd=root, env=env, capture_output=True, text=True)


def test_reexported_package_builds_and_prints_ir(mypkg):
    proc = run_python(mypkg, MAIN)
    assert proc.returncode == 0, proc.stderr
    assert "func.func @double(%arg0: i32) -> i32" in proc.stdout
    assert "arith.addi %arg0, %arg0 : i32" in proc.stdout
    assert '"toy.hello"() {greeting = "hi"} : () -> ()' in proc.stdout


def test_own_modules_win_and_missing_ones_fail(mypkg):
    (mypkg / "mypkg" / "mlir" / "passmanager.py").write_text(
        "MINE = True\n")
    proc = run_python(mypkg, """\
        import mypkg.mlir.passmanager as pm
        assert pm.MINE
        import mypkg.mlir.ir
        try:
            import mypkg.mlir.dialects.no_such_dialect
        except ModuleNotFoundError as e:
            assert e.name == "mypkg.mlir.dialects.no_such_dialect", e.name
        else:
            raise AssertionError("imported a missing module")
        print("ok")
        """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_reexport_as_checks_its_argument():
    with pytest.raises(ValueError, match=r"^cannot re-export mlir as 'mlir.again'$"):
        libs.reexport_as("mlir.again")
    with pytest.raises(TypeError, match=r"^reexport_as needs a package name \(str\)$"):
        libs.reexport_as(None)
    n = len(sys.meta_path)
    libs.reexport_as("_reexport_probe.mlir")
    libs.reexport_as("_reexport_probe.mlir")
    try:
        assert len(sys.meta_path) == n + 1
    finally:
        sys.meta_path.pop(0)


def test_a_failing_site_initializer_module_is_logged_not_raised(tmp_path):
    """A `_site_initialize_<i>` module of mlir._mlir_libs that fails to
    import is reported through logging (as upstream does) and the search
    for more stops there; importing mlir still works. logging itself is
    imported only on that path."""
    (tmp_path / "_site_initialize_0.py").write_text(
        "raise ImportError('initializer broken')\n")
    script = textwrap.dedent(f"""\
        import sys
        import mlir._mlir_libs as libs
        assert "logging" not in sys.modules, "logging imported eagerly"
        libs.__path__.append({str(tmp_path)!r})
        libs._site_initialize()
        import mlir.ir
        print("ok")
        """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"
    assert "error importing mlir initializer _site_initialize_0" in proc.stderr
    assert "ImportError: initializer broken" in proc.stderr
