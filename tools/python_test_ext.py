#!/usr/bin/env python3
"""Builds LLVM's in-tree Python test dialect for the conformance run.

Upstream's suite has files that import ``mlir._mlir_libs._mlirPythonTestNanobind``
(a nanobind extension, ``test/python/lib/PythonTestModuleNanobind.cpp``) and
``mlir.dialects.python_test`` (wrappers of ``test/python/python_test_ops.td``).
This builds equivalents from the fetched suite, outside the checkout's
sources, with the interpreter running this script:

1. ``mlir-tblgen`` writes the dialect's ``.inc`` files from the ``.td``;
2. ``libMLIRCythonPythonTestDialect.so``: LLVM's PythonTestDialect.cpp and
   PythonTestCAPI.cpp, linked to libMLIRCythonCAPI and libMLIR;
3. ``_mlirPythonTestNanobind``: LLVM's PythonTestModuleNanobind.cpp compiled
   against our nanobind support (``csrc/include/mlir-cython-nanobind``, which
   stands in for upstream's IRCore.h) and LLVM's NanobindAdaptors.h;
4. ``_python_test_ops_gen``: the op wrappers written by our generator
   (mlir-cython-tblgen) from the ``.td``, compiled with Cython.

Each step's output is cached under the build directory in a folder named by
a hash of its inputs, so a second run compiles nothing. The result is a JSON
map {module name: file} read by ``tests/conformance/testext/sitecustomize.py``
(see there), whose path is printed last.

Usage: python_test_ext.py UPSTREAM_MLIR_DIR BUILD_DIR
"""

import concurrent.futures
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
COMPAT_INCLUDE = ROOT / "csrc" / "include" / "mlir-cython-nanobind"
DIALECT_MODULE = ROOT / "tests" / "conformance" / "testext" / "python_test_dialect.py"
CXX = os.environ.get("CXX", "g++")
# -O1 without debug info: these are test fixtures, compile time matters most.
CXXFLAGS = ["-std=c++17", "-fPIC", "-O1", "-g0", "-w"]

INC_FILES = [
    ("-gen-dialect-decls", "PythonTestDialect.h.inc"),
    ("-gen-dialect-defs", "PythonTestDialect.cpp.inc"),
    ("-gen-op-decls", "PythonTestOps.h.inc"),
    ("-gen-op-defs", "PythonTestOps.cpp.inc"),
    ("-gen-attrdef-decls", "PythonTestAttributes.h.inc"),
    ("-gen-attrdef-defs", "PythonTestAttributes.cpp.inc"),
    ("-gen-typedef-decls", "PythonTestTypes.h.inc"),
    ("-gen-typedef-defs", "PythonTestTypes.cpp.inc"),
]


def digest(*parts):
    h = hashlib.sha256()
    for p in parts:
        if isinstance(p, pathlib.Path):
            if p.is_dir():
                for f in sorted(p.rglob("*")):
                    if f.is_file():
                        h.update(str(f.relative_to(p)).encode())
                        h.update(f.read_bytes())
            else:
                h.update(p.read_bytes())
        else:
            h.update(str(p).encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def run(cmd, log):
    log.write(" ".join(map(str, cmd)) + "\n")
    log.flush()
    proc = subprocess.run([str(c) for c in cmd], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    log.write(proc.stdout)
    if proc.returncode:
        raise RuntimeError(f"failed ({proc.returncode}): {' '.join(map(str, cmd))}\n"
                           + proc.stdout[-4000:])


def cached(build, name, key, make):
    """The folder build/name-key, made by make(tmp_folder) unless present."""
    out = build / f"{name}-{key}"
    if out.is_dir():
        return out, False
    tmp = build / f"{name}-{key}.tmp{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    with open(tmp / "build.log", "w") as log:
        make(tmp, log)
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    return out, True


def main(argv=None):
    args = (argv if argv is not None else sys.argv[1:])
    if len(args) != 2:
        sys.exit(__doc__.split("\n\n")[-1])
    upstream = pathlib.Path(args[0]).resolve()       # .../mlir
    build = pathlib.Path(args[1]).resolve()
    build.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()

    import mlir._mlir_libs as libs
    import nanobind
    from mlir import tblgen

    llvm = pathlib.Path(tblgen.llvm_root())
    tests = upstream / "test" / "python"
    td = tests / "python_test_ops.td"
    lib_src = tests / "lib"
    libdir = pathlib.Path(libs.get_lib_dirs()[0])
    nb = pathlib.Path(nanobind.__file__).parent
    ext_suffix = sysconfig.get_config_var("EXT_SUFFIX")
    py_include = sysconfig.get_paths()["include"]
    llvm_version = subprocess.run([llvm / "bin" / "llvm-config", "--version"],
                                  capture_output=True, text=True).stdout.strip()
    built = []

    # 1. The dialect's C++ declarations and definitions.
    def make_inc(out, log):
        for flag, name in INC_FILES:
            run([llvm / "bin" / "mlir-tblgen", flag, td, f"-I{llvm / 'include'}",
                 f"-I{tests}", "-o", out / name], log)
    inc, new = cached(build, "inc", digest(td, llvm_version), make_inc)
    built += ["inc"] if new else []

    # 2. and 3. (nanobind's own sources compiled once) run side by side.
    def make_dialect(out, log):
        run([CXX, "-shared", *CXXFLAGS, "-fno-rtti", "-fvisibility-inlines-hidden",
             f"-I{inc}", f"-I{lib_src}", f"-I{llvm / 'include'}",
             lib_src / "PythonTestDialect.cpp", lib_src / "PythonTestCAPI.cpp",
             "-o", out / "libMLIRCythonPythonTestDialect.so",
             f"-L{libdir}", "-lMLIRCythonCAPI", f"-L{llvm / 'lib'}", "-lMLIR",
             "-lLLVM", f"-Wl,-rpath,{libdir}", f"-Wl,-rpath,{llvm / 'lib'}"], log)

    def make_nanobind(out, log):
        run([CXX, "-c", *CXXFLAGS, "-fvisibility=hidden", f"-I{py_include}",
             f"-I{nb / 'include'}", f"-I{nb / 'ext' / 'robin_map' / 'include'}",
             nb / "src" / "nb_combined.cpp", "-o", out / "nb_combined.o"], log)

    def make_ods(out, log):
        files = tblgen.generate(td, "python_test", out, includes=[tests])
        cpp = out / "_python_test_ops_gen.cpp"
        run([sys.executable, "-m", "cython", "--cplus", "-3",
             "-X", "embedsignature=True", "-X", "freethreading_compatible=True",
             "--module-name", "mlir.dialects._python_test_ops_gen",
             *[f"-I{p}" for p in tblgen.cython_include_path()],
             files["pyx"], "-o", cpp], log)
        kw = tblgen.extension_kwargs()
        run([CXX, "-shared", *CXXFLAGS, f"-I{py_include}",
             *[f"-I{d}" for d in kw["include_dirs"]], cpp,
             "-o", out / ("_python_test_ops_gen" + ext_suffix),
             *[f"-L{d}" for d in kw["library_dirs"]],
             *[f"-l{lib}" for lib in kw["libraries"]],
             *[f"-Wl,-rpath,{d}" for d in kw["runtime_library_dirs"]]], log)

    dialect_key = digest(inc, lib_src / "PythonTestDialect.cpp",
                         lib_src / "PythonTestCAPI.cpp",
                         lib_src / "PythonTestDialect.h",
                         lib_src / "PythonTestCAPI.h", llvm_version)
    nanobind_key = digest(nanobind.__version__, py_include, ext_suffix)
    # The wrappers cimport the core's declarations: rebuilt when they change.
    ods_key = digest(td, llvm_version, pathlib.Path(tblgen.executable()),
                     *sorted(pathlib.Path(libs.__file__).parent.glob("*.pxd")),
                     ext_suffix)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        jobs = {name: pool.submit(cached, build, name, key, make)
                for name, key, make in [
                    ("dialect", dialect_key, make_dialect),
                    ("nanobind", nanobind_key, make_nanobind),
                    ("ods", ods_key, make_ods)]}
        nbdir, new = jobs["nanobind"].result()
        built += ["nanobind"] if new else []
        dialect, new = jobs["dialect"].result()
        built += ["dialect"] if new else []

        def make_ext(out, log):
            run([CXX, "-shared", *CXXFLAGS, "-fvisibility=hidden",
                 f"-I{COMPAT_INCLUDE}", f"-I{lib_src}", f"-I{llvm / 'include'}",
                 f"-I{py_include}", f"-I{nb / 'include'}",
                 f"-I{nb / 'ext' / 'robin_map' / 'include'}",
                 lib_src / "PythonTestModuleNanobind.cpp", nbdir / "nb_combined.o",
                 "-o", out / ("_mlirPythonTestNanobind" + ext_suffix),
                 f"-L{dialect}", "-lMLIRCythonPythonTestDialect",
                 f"-L{libdir}", "-lMLIRCythonCAPI", f"-L{llvm / 'lib'}", "-lLLVM",
                 f"-Wl,-rpath,{dialect}", f"-Wl,-rpath,{libdir}",
                 f"-Wl,-rpath,{llvm / 'lib'}"], log)

        ext, new = cached(build, "ext", digest(
            dialect_key, nanobind_key, COMPAT_INCLUDE,
            lib_src / "PythonTestModuleNanobind.cpp"), make_ext)
        built += ["ext"] if new else []
        ods, new = jobs["ods"].result()
        built += ["ods"] if new else []

    modules = {
        "mlir._mlir_libs._mlirPythonTestNanobind":
            str(ext / ("_mlirPythonTestNanobind" + ext_suffix)),
        "mlir.dialects._python_test_ops_gen":
            str(ods / ("_python_test_ops_gen" + ext_suffix)),
        "mlir.dialects.python_test": str(DIALECT_MODULE),
    }
    out = build / "modules.json"
    out.write_text(json.dumps(modules, indent=1) + "\n")
    print(f"python_test_ext: {'built ' + ', '.join(built) if built else 'cached'} "
          f"in {time.monotonic() - started:.1f}s")
    print(out)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:      # a failed step: its command and output
        print(f"python_test_ext: {e}")
        sys.exit(1)
