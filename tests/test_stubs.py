"""The typing stubs of the native modules (mlir/_mlir_libs/*.pyi), which
the build writes with gen/stubs.py, match the built modules: --check
regenerates them in memory and compares (a build that skipped or broke
the step fails here)."""

import subprocess
import sys
from pathlib import Path

import mlir._mlir_libs as libs

ROOT = Path(__file__).resolve().parents[1]


def test_stubs_match_the_built_modules():
    assert Path(libs.__file__).resolve().parents[1] == ROOT / "mlir", (
        f"mlir is imported from {libs.__file__}, not from this checkout")
    proc = subprocess.run([sys.executable, str(ROOT / "gen" / "stubs.py"),
                           "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_every_native_module_has_a_stub():
    natives = sorted(p.stem for p in (ROOT / "mlir" / "_mlir_libs").glob("*.pyx"))
    assert {"_ir", "_mlirExecutionEngine", "_ods_runtime",
            "_mlirRegisterEverything"} <= set(natives)
    for name in natives:
        assert (ROOT / "mlir" / "_mlir_libs" / f"{name}.pyi").is_file(), name
