"""python -m mlir.opt: mlir-opt for the installed package."""

import io
import subprocess
import sys

import pytest

from mlir import opt

ADD_ZERO = """\
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}
"""

FOLDED = """\
module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
"""


@pytest.fixture
def add_zero(tmp_path):
    p = tmp_path / "in.mlir"
    p.write_text(ADD_ZERO)
    return p


def run(argv, stdin=b"", monkeypatch=None):
    """(status, stdout, stderr) of opt.main(argv) in this process."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    sys.stdout, sys.stderr = out, err
    try:
        status = opt.main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return status, out.getvalue(), err.getvalue()


def test_pass_flags_run_in_order_on_the_module(add_zero):
    assert run([str(add_zero), "--canonicalize", "--cse"]) == (0, FOLDED, "")
    assert opt.pass_flags_to_pipeline(
        ["--canonicalize=max-iterations=3 region-simplify=disabled", "--cse"]) == \
        "builtin.module(canonicalize{max-iterations=3 region-simplify=disabled},cse)"


def test_a_textual_pipeline_and_an_output_file(add_zero, tmp_path):
    out = tmp_path / "out.mlir"
    status, stdout, _ = run([str(add_zero), "-o", str(out), "--pass-pipeline",
                             "builtin.module(func.func(canonicalize))"])
    assert (status, stdout, out.read_text()) == (0, "", FOLDED)


def test_no_passes_prints_what_it_parsed(add_zero):
    status, stdout, _ = run([str(add_zero), "--mlir-print-op-generic"])
    assert status == 0
    assert '"arith.addi"(%arg0, %0)' in stdout


def test_errors_print_diagnostics_and_exit_1(add_zero):
    status, stdout, stderr = run([], stdin=b'func.func @g() { "x.y"() : () -> () return }')
    assert (status, stdout) == (1, "")
    assert "unregistered dialect" in stderr
    status, stdout, _ = run(["--allow-unregistered-dialect"],
                            stdin=b'func.func @g() { "x.y"() : () -> () return }')
    assert status == 0 and '"x.y"() : () -> ()' in stdout
    status, _, stderr = run([str(add_zero), "--no-such-pass"])
    assert status == 1 and "'no-such-pass' does not refer to a registered pass" in stderr
    status, _, stderr = run([str(add_zero), "--cse", "--pass-pipeline", "builtin.module(cse)"])
    assert status == 2 and "cannot be used together" in stderr
    status, _, stderr = run(["/nonexistent/in.mlir"])
    assert status == 1 and "cannot read" in stderr


def test_split_input_file_keeps_going_after_an_error():
    text = ADD_ZERO + "// -----\nfunc.func @bad( {\n// -----\n" + ADD_ZERO
    status, stdout, stderr = run(["--split-input-file", "--canonicalize"],
                                 stdin=text.encode())
    assert status == 1 and "error" in stderr
    assert stdout == FOLDED + "// -----\n" + FOLDED


def test_bytecode_in_and_out_as_a_command(add_zero, tmp_path):
    bc = tmp_path / "out.mlirbc"
    cmd = [sys.executable, "-m", "mlir.opt"]
    subprocess.run(cmd + [str(add_zero), "--canonicalize", "--emit-bytecode",
                          "-o", str(bc)], check=True)
    assert bc.read_bytes().startswith(b"ML\xefR")
    p = subprocess.run(cmd + [str(bc)], check=True, capture_output=True, text=True)
    assert p.stdout == FOLDED
