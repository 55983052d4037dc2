"""The valgrind recipe: runs tests/memcheck/workload.py under memcheck and
fails on any error whose stack passes through our code (the extension
modules or libMLIRCythonCAPI). Opt-in, as it takes minutes:

    MLIR_CYTHON_VALGRIND=1 .venv/bin/python -m pytest tests/test_memcheck.py

Errors entirely inside CPython, LLVM or MLIR are reported in the output but
do not fail the test (MLIR's and LLVM's global statics are "still reachable";
CPython runs with PYTHONMALLOC=malloc so its arenas do not confuse memcheck).
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
OURS = re.compile(r"_ir\.cpython|_ods_runtime|_ops_gen|_mlirExecutionEngine|"
                  r"_mlirRegisterEverything|libMLIRCythonCAPI")

pytestmark = pytest.mark.skipif(
    os.environ.get("MLIR_CYTHON_VALGRIND") != "1" or not shutil.which("valgrind"),
    reason="set MLIR_CYTHON_VALGRIND=1 (and install valgrind) to run")


def error_blocks(log):
    """Splits valgrind's text log into error reports (lists of lines)."""
    blocks, cur = [], []
    for line in log.splitlines():
        body = re.sub(r"^==\d+== ?", "", line)
        if not body.strip():
            if cur:
                blocks.append(cur)
            cur = []
        else:
            cur.append(body)
    if cur:
        blocks.append(cur)
    kinds = ("Invalid read", "Invalid write", "Invalid free",
             "Conditional jump", "Use of uninitialised", "Syscall param",
             "Mismatched free", "definitely lost")
    return [b for b in blocks if any(k in b[0] for k in kinds)]


ALLOCATOR = re.compile(r"vgpreload|rtld-malloc|malloc\.c|operator new")


def is_ours(block, depth=4):
    """An error is ours when one of the first `depth` frames below the
    allocator is in our code (deeper frames are only who called whom: an
    import of our module reaches the dynamic loader's own leaks)."""
    frames = [line for line in block[1:]
              if line.lstrip().startswith(("at ", "by "))
              and not ALLOCATOR.search(line)]
    return any(OURS.search(f) for f in frames[:depth])


def test_workload_has_no_memory_errors_in_our_code(tmp_path):
    log = tmp_path / "memcheck.log"
    env = dict(os.environ, PYTHONMALLOC="malloc")
    proc = subprocess.run(
        ["valgrind", "--tool=memcheck", "--leak-check=full",
         "--show-leak-kinds=definite", "--num-callers=40",
         f"--log-file={log}", sys.executable, str(HERE / "memcheck" / "workload.py")],
        env=env, capture_output=True, text=True, timeout=3600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "memcheck workload done" in proc.stdout
    blocks = error_blocks(log.read_text())
    ours = [b for b in blocks if is_ours(b)]
    print(f"{len(blocks)} memcheck reports, {len(ours)} through our code")
    assert not ours, "\n\n".join("\n".join(b) for b in ours[:5])
