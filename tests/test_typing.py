"""mypy against the package's stubs (mlir/_mlir_libs/*.pyi, the dialect
stubs the build writes, py.typed): the native modules' stubs are
consistent, examples/ and tests/typing/check_api.py type-check cleanly,
and the checker does see our types (a reveal_type and deliberate errors
are reported), so this test can fail.

The mypy runs take about 6 s (no cache is kept between test runs). They
run in a temporary directory, so mypy finds mlir where Python does
(PYTHONPATH, .pth) and treats it as an installed package."""

import ast
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import mlir._mlir_libs as libs

ROOT = Path(__file__).resolve().parents[1]
CHECKED = [ROOT / "examples" / "main.py", ROOT / "tests" / "typing" / "check_api.py"]
STUBS = sorted(p.stem for p in (ROOT / "mlir" / "_mlir_libs").glob("*.pyi"))

BAD = """\
    from mlir.dialects import arith
    from mlir.ir import Context, IntegerType, Location, Module

    with Context(), Location.unknown():
        t = IntegerType.get_signless(32)
        reveal_type(t)
        reveal_type(Module.create().body.operations[0].results)
        width: str = t.width
        IntegerType.get_signless("32")
        arith.addi(t, t)
    """

@pytest.fixture(scope="module")
def mypy_run(tmp_path_factory):
    """Two mypy runs sharing a cache: the stubs as targets (so their own
    errors are reported; mypy takes modules or files, not both), then the
    files."""
    work = tmp_path_factory.mktemp("typing")
    bad = work / "bad_use.py"
    bad.write_text(textwrap.dedent(BAD))
    common = [sys.executable, "-m", "mypy", "--check-untyped-defs",
              "--no-error-summary", "--show-error-codes",
              "--hide-error-context", "--cache-dir", str(work / "cache")]
    t0 = time.perf_counter()
    procs = [subprocess.run(common + args, cwd=work, capture_output=True,
                            text=True)
             for args in ([a for m in STUBS for a in ("-m", f"mlir._mlir_libs.{m}")],
                          [*map(str, CHECKED), str(bad)])]
    seconds = time.perf_counter() - t0
    for proc in procs:
        assert proc.returncode in (0, 1) and not proc.stderr.strip(), proc.stderr
    lines = [l for p in procs for l in p.stdout.splitlines() if l.strip()]
    return procs, lines, seconds, bad


def in_file(line, path):
    return Path(line.split(":", 1)[0]).name == path.name


def test_mypy_finds_our_stubs(mypy_run):
    _, lines, _, _ = mypy_run
    text = "\n".join(lines)
    assert "py.typed" not in text, text
    assert "import-untyped" not in text, text
    assert "import-not-found" not in text, text
    assert (Path(libs.__file__).parent / "_ir.pyi").is_file()
    assert (Path(libs.__file__).parents[1] / "py.typed").is_file()


def test_stubs_examples_and_api_use_type_check(mypy_run):
    procs, lines, seconds, bad = mypy_run
    assert procs[0].returncode == 0, procs[0].stdout
    clean = [l for l in lines if not in_file(l, bad)]
    assert clean == [], "\n".join(clean)
    assert seconds < 60, f"mypy took {seconds:.0f} s"


def test_type_errors_are_caught(mypy_run):
    procs, lines, _, bad = mypy_run
    assert procs[1].returncode == 1
    mine = [re.sub(r"^.*?:(\d+): ", r"\1: ", l) for l in lines
            if in_file(l, bad)]
    text = "\n".join(mine)
    assert '6: note: Revealed type is "mlir._mlir_libs._ir.IntegerType"' in text, text
    assert '7: note: Revealed type is "mlir._mlir_libs._ir.OpResultList"' in text, text
    assert re.search(r"^8: error: Incompatible types in assignment .*\[assignment\]",
                     text, re.M), text
    assert re.search(r'^9: error: Argument 1 to "get_signless" of "IntegerType" '
                     r'has incompatible type "str"; expected "int"', text, re.M), text
    assert re.search(r'^10: error: Argument 1 to "addi" has incompatible type '
                     r'"IntegerType"; expected "Value"', text, re.M), text


def test_generated_stubs_leave_out_redefined_names():
    # func.py replaces FuncOp/CallOp, scf.py for_/ForOp/IfOp: type checkers
    # must see those, not the generated ones the modules star-import.
    from mlir.dialects import _func_ops_gen, _scf_ops_gen
    for gen, replaced, kept in ((_func_ops_gen, {"FuncOp", "CallOp"}, "ReturnOp"),
                                (_scf_ops_gen, {"for_", "ForOp", "IfOp"}, "yield_")):
        tree = ast.parse(Path(gen.__file__).with_name(
            gen.__name__.rsplit(".", 1)[1] + ".pyi").read_text())
        exported = next(ast.literal_eval(n.value) for n in tree.body
                        if isinstance(n, ast.Assign)
                        and getattr(n.targets[0], "id", "") == "__all__")
        assert not replaced & set(exported) and kept in exported


def test_linalg_builders_are_declared_for_type_checkers():
    # linalg's named-op builders are the OpDSL's ops (core_named_ops),
    # not the generated builders of the same names.
    from mlir.dialects import linalg
    from mlir.dialects.linalg.opdsl.lang import DefinedOpCallable
    from mlir.dialects.linalg.opdsl.ops import core_named_ops
    made = {n for n, v in vars(core_named_ops).items()
            if isinstance(v, DefinedOpCallable)}
    assert len(made) > 70
    assert all(getattr(linalg, n) is getattr(core_named_ops, n) for n in made)
    tree = ast.parse(Path(linalg.__file__).read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If)
                 and getattr(n.test, "id", "") == "TYPE_CHECKING")
    declared = {n.target.id for n in block.body if isinstance(n, ast.AnnAssign)}
    assert declared == made


def test_checked_api_use_runs():
    # What mypy accepted above also runs: the stubs describe the objects.
    proc = subprocess.run([sys.executable, str(CHECKED[1])],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "check_api: ok"
