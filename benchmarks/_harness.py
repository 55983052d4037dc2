"""Shared helpers of the benchmark scripts: timing, building the C floor
programs, printing a table of ratios."""

import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LLVM_ROOT = Path(os.environ.get("MLIR_CYTHON_LLVM_ROOT", "/usr/lib/llvm-22"))
BUILD = REPO / "build" / "bench"


def best_of(fn, repeat=5):
    """Best wall time of fn() over `repeat` runs (robust to a busy box)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def lib_dir():
    """The directory of libMLIRCythonCAPI.so of the `mlir` package this
    Python imports (found without importing it)."""
    return Path(importlib.util.find_spec("mlir._mlir_libs").origin).parent


def c_program(name):
    """Compiles benchmarks/c/<name>.c against libMLIRCythonCAPI (once)."""
    src = REPO / "benchmarks" / "c" / f"{name}.c"
    exe = BUILD / name
    if not exe.exists() or exe.stat().st_mtime < src.stat().st_mtime:
        BUILD.mkdir(parents=True, exist_ok=True)
        libdir = lib_dir()
        subprocess.run(
            [os.environ.get("CC", "cc"), "-O2", str(src), "-o", str(exe),
             f"-I{LLVM_ROOT / 'include'}", f"-I{REPO / 'csrc' / 'include'}",
             f"-L{libdir}", "-lMLIRCythonCAPI", f"-Wl,-rpath,{libdir}",
             f"-Wl,-rpath,{LLVM_ROOT / 'lib'}"], check=True)
    return exe


def run_c(name, *args):
    out = subprocess.run([str(c_program(name)), *map(str, args)],
                         capture_output=True, text=True, check=True).stdout
    return float(out.split()[-1])


def table(title, rows, headers):
    """Prints rows (lists) under headers as a Markdown table."""
    print(f"\n### {title}\n")
    print("| " + " | ".join(headers) + " |")
    print("|" + "---|" * len(headers))
    for r in rows:
        print("| " + " | ".join(r) + " |")
    sys.stdout.flush()
