"""What a built distribution ships besides the compiled extensions: the
files setup.py's build_py step copies (it runs in about a second, where a
whole wheel build recompiles every extension)."""
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_package_files_are_exactly_the_declared_ones(tmp_path):
    subprocess.run([sys.executable, "setup.py", "-q", "build_py", "-d",
                    str(tmp_path)], cwd=ROOT, check=True, capture_output=True)
    files = {p.relative_to(tmp_path).as_posix()
             for p in tmp_path.rglob("*") if p.is_file()}
    # Cython's output, the sources of generated modules and extensions
    # built in place (for this or another interpreter) stay out.
    assert not [f for f in files if f.endswith((".cpp", ".pyx", ".c"))]
    assert sorted(f for f in files if f.endswith(".so")) == [
        "mlir/_mlir_libs/libMLIRCythonCAPI.so",
        "mlir/_mlir_libs/libMLIRPythonCAPI.so"]   # a linker script
    # What cimport, C extensions, type checkers and the generator need.
    for f in ("mlir/_mlir_libs/_ir.pxd", "mlir/_mlir_libs/_ir.pyi",
              "mlir/_mlir_libs/_ir_api.h", "mlir/py.typed",
              "mlir/_mlir_libs/mlir-cython-tblgen",
              "mlir/_mlir_libs/capi/ir.pxd", "mlir/ir.py",
              "mlir/_mlir_libs/include/mlir-cython/Operation.h",
              "mlir/ir.pxd",
              "mlir/_mlir_libs/include/mlir-cython-python/PythonAPI.h",
              "mlir/_mlir_libs/include/mlir-cython-python/PythonObjects.h"):
        assert f in files, f


def test_sdist_holds_every_build_input_and_no_build_output(tmp_path):
    """The source distribution carries what setup.py builds from (the C
    library, the TableGen backend and its CMake files, the package's
    sources) and none of what a build makes, so a wheel builds from the
    sdist alone."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    subprocess.run([sys.executable, "setup.py", "-q", "sdist", "-d",
                    str(tmp_path)], cwd=ROOT, check=True, capture_output=True)
    shutil.rmtree(ROOT / "mlir_cython.egg-info", ignore_errors=True)
    (sdist,) = tmp_path.glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
    needed = [f for f in tracked
              if f.startswith(("csrc/", "gen/", "mlir/"))
              or f in ("CMakeLists.txt", "setup.py", "pyproject.toml",
                       "README.md")]
    assert len(needed) > 200
    assert [f for f in needed if f not in names] == []
    made = [n for n in names if n.endswith((".so", ".o")) or
            n.startswith("mlir/") and n.endswith((".cpp", "_api.h")) or
            "_gen.py" in n or n.endswith("mlir-cython-tblgen") or
            n.startswith("mlir/_mlir_libs/_mlirDialects") and
            n.endswith(".pyx") and n not in tracked or
            # gen/capi_pxd.py's mirrors and gen/stubs.py's stubs
            n.startswith("mlir/_mlir_libs/capi/") or
            n.startswith("mlir/_mlir_libs/") and n.endswith(".pyi")]
    assert made == []
