"""mlir-cython-tblgen: Cython op wrappers for an MLIR dialect's ODS.

The generator is a C++ TableGen backend shipped with the package
(mlir/_mlir_libs/mlir-cython-tblgen). For a dialect's .td it writes:

    _<ns>_ops_gen.pyx   op classes (OpView subclasses) and builder functions
    _<ns>_ops_gen.pyi   their typing stub
    _<ns>_enum_gen.py   the dialect's enums (IntEnum / IntFlag)

Out-of-tree use (see `python -m mlir.tblgen --help`):

    from mlir import tblgen
    files = tblgen.generate("MyOps.td", "mydialect", "mypkg/dialects",
                            includes=["include"])
    # compile files["pyx"] with Cython against this package:
    ext = setuptools.Extension("mypkg.dialects._mydialect_ops_gen",
                               [files["pyx"]], **tblgen.extension_kwargs())
    # then, at run time, before first use:
    from mlir.dialects._ods_common import _cext
    _cext.globals.append_dialect_search_prefix("mypkg.dialects")

Every output file starts with a "generated, do not edit" line naming the
generator and its input, and is rewritten only when its content changes.
"""

import os
import shutil
import subprocess
import sys

__all__ = ["executable", "llvm_root", "generate", "outputs",
           "extension_kwargs", "cython_include_path", "main"]

_here = os.path.dirname(os.path.abspath(__file__))
_package_root = os.path.dirname(os.path.dirname(_here))   # holds mlir/
_EXE = "mlir-cython-tblgen"


def llvm_root():
    """LLVM/MLIR 22: $MLIR_CYTHON_LLVM_ROOT, else Debian's location."""
    return os.environ.get("MLIR_CYTHON_LLVM_ROOT", "/usr/lib/llvm-22")


def executable():
    """Path of the generator binary: the one installed beside the package,
    else the one of an in-place build, else $PATH."""
    candidates = [
        os.path.join(_package_root, "mlir", "_mlir_libs", _EXE),
        os.path.join(_package_root, "build", "cmake", "bin", _EXE),
    ]
    for c in candidates:
        if os.access(c, os.X_OK):
            return c
    found = shutil.which(_EXE)
    if found:
        return found
    raise FileNotFoundError(
        f"{_EXE} not found (looked in {', '.join(candidates)} and $PATH); "
        "build the package first")


def outputs(dialect, out_dir, extension=None):
    """The file names written for a dialect (or a dialect extension)."""
    stem = f"_{extension}_{dialect}" if extension else f"_{dialect}"
    return {
        "pyx": os.path.join(out_dir, f"{stem}_ops_gen.pyx"),
        "pyi": os.path.join(out_dir, f"{stem}_ops_gen.pyi"),
        "enums": os.path.join(out_dir, f"{stem}_enum_gen.py"),
    }


def command(td, dialect, out_dir, includes=(), extension=None, own_dirs=(),
            depfile=None, input_name=None, exe=None):
    """The generator's command line for one dialect module."""
    out = outputs(dialect, out_dir, extension)
    cmd = [exe or executable(), os.path.abspath(td),
           f"--bind-dialect={dialect}", "-o", out["pyx"],
           f"--stub-out={out['pyi']}", f"--enum-out={out['enums']}",
           "--write-if-changed"]
    if extension:
        cmd.append(f"--dialect-extension={extension}")
    for d in own_dirs:
        cmd.append(f"--own-dir={os.path.abspath(d)}")
    for inc in list(includes) + [os.path.join(llvm_root(), "include")]:
        cmd += ["-I", os.path.abspath(inc)]
    if depfile:
        cmd += ["-d", depfile]
    if input_name:
        cmd.append(f"--input-name={input_name}")
    return cmd


def generate(td, dialect, out_dir, includes=(), extension=None, own_dirs=(),
             depfile=None, input_name=None):
    """Runs the generator; returns the dict of written files (pyx, pyi,
    enums). Raises RuntimeError with the generator's diagnostics on
    failure."""
    os.makedirs(out_dir, exist_ok=True)
    cmd = command(td, dialect, out_dir, includes, extension, own_dirs,
                  depfile, input_name)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{_EXE} failed on {td}:\n{proc.stderr}")
    return outputs(dialect, out_dir, extension)


def cython_include_path():
    """Where Cython finds `mlir._mlir_libs._ir` etc. for cimport."""
    return [_package_root]


def extension_kwargs():
    """Keyword arguments for a setuptools Extension compiling a generated
    module against this package."""
    libs = os.path.join(_package_root, "mlir", "_mlir_libs")
    return dict(
        language="c++",
        include_dirs=[_package_root, os.path.join(llvm_root(), "include")]
        + [d for d in (os.path.join(libs, "include"),
                       os.path.join(_package_root, "csrc", "include"))
           if os.path.isdir(d)],
        library_dirs=[libs],
        libraries=["MLIRCythonCAPI"],
        runtime_library_dirs=[libs, os.path.join(llvm_root(), "lib")],
        extra_compile_args=["-std=c++17", "-O1", "-Wno-unused-function"],
    )


def main(argv=None):
    """Console entry point: runs the generator with the given arguments,
    adding -I for MLIR's own .td files."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
    cmd = [executable()] + argv + ["-I", os.path.join(llvm_root(), "include")]
    return subprocess.call(cmd)
