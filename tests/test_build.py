"""The build's behaviour that users meet before any import works."""

import os
import subprocess
import sys
from pathlib import Path

from mlir.tblgen import llvm_root

REPO = Path(__file__).resolve().parents[1]


def test_missing_llvm_stops_the_build_with_one_clear_message(tmp_path):
    env = dict(os.environ, MLIR_CYTHON_LLVM_ROOT=str(tmp_path / "no-llvm"))
    proc = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0
    assert "LLVM/MLIR 22 not found" in proc.stderr
    assert "apt-get install libmlir-22-dev mlir-22-tools llvm-22-dev" in proc.stderr
    assert "error:" not in proc.stderr.lower().replace("mlir-cython", "")


def test_version_of_the_c_api_library():
    from mlir._mlir_libs import _ir
    out = subprocess.run([str(Path(llvm_root()) / "bin" / "llvm-config"),
                          "--version"], capture_output=True, text=True).stdout.strip()
    assert _ir._llvm_version() == out
    assert out.startswith("22.")
