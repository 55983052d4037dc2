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

import ast
import os
import shutil
import subprocess
import sys
import textwrap

__all__ = ["executable", "llvm_root", "generate", "outputs", "module_stem",
           "extension_kwargs", "cython_include_path", "restrict_stub_exports",
           "main"]

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


def module_stem(dialect, extension=None, module=None):
    """The name the generated modules share, as in `_<stem>_ops_gen`:
    `module` when given, else `<extension>_<dialect>` for a dialect
    extension (`structured_transform`), else the dialect's namespace."""
    if module:
        return module
    return f"{extension}_{dialect}" if extension else dialect


def outputs(dialect, out_dir, extension=None, module=None):
    """The file names written for a dialect (or a dialect extension);
    `module` names them instead of the default (see module_stem)."""
    stem = "_" + module_stem(dialect, extension, module)
    return {
        "pyx": os.path.join(out_dir, f"{stem}_ops_gen.pyx"),
        "pyi": os.path.join(out_dir, f"{stem}_ops_gen.pyi"),
        "enums": os.path.join(out_dir, f"{stem}_enum_gen.py"),
    }


def command(td, dialect, out_dir, includes=(), extension=None, own_dirs=(),
            depfile=None, input_name=None, exe=None, module=None,
            enum_files=()):
    """The generator's command line for one dialect module.

    The enum module holds the enums defined in `own_dirs` (default: the
    directory of `td`) and in `enum_files`, .td files included by `td`
    that lie elsewhere (e.g. a shared file defining an enum that the
    dialect's attributes wrap)."""
    out = outputs(dialect, out_dir, extension, module)
    cmd = [exe or executable(), os.path.abspath(td),
           f"--bind-dialect={dialect}", "-o", out["pyx"],
           f"--stub-out={out['pyi']}", f"--enum-out={out['enums']}",
           "--write-if-changed"]
    if extension:
        cmd.append(f"--dialect-extension={extension}")
    for d in own_dirs:
        cmd.append(f"--own-dir={os.path.abspath(d)}")
    for f in enum_files:
        cmd.append(f"--enum-file={os.path.abspath(f)}")
    for inc in list(includes) + [os.path.join(llvm_root(), "include")]:
        cmd += ["-I", os.path.abspath(inc)]
    if depfile:
        cmd += ["-d", depfile]
    if input_name:
        cmd.append(f"--input-name={input_name}")
    return cmd


def generate(td, dialect, out_dir, includes=(), extension=None, own_dirs=(),
             depfile=None, input_name=None, module=None, enum_files=()):
    """Runs the generator; returns the dict of written files (pyx, pyi,
    enums). Raises RuntimeError with the generator's diagnostics on
    failure. See command() for the arguments."""
    os.makedirs(out_dir, exist_ok=True)
    cmd = command(td, dialect, out_dir, includes, extension, own_dirs,
                  depfile, input_name, module=module, enum_files=enum_files)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{_EXE} failed on {td}:\n{proc.stderr}")
    return outputs(dialect, out_dir, extension, module)


_EXPORTS_MARK = "# Left out of `import *` for type checkers"


def _redefined_names(py_file):
    """{generated module file stem: names} for the `from .X_ops_gen import *`
    of a hand-written module and the names that module defines itself
    (top level, or under `if TYPE_CHECKING:`)."""
    tree = ast.parse(open(py_file, encoding="utf-8").read(), py_file)
    stars, defined = [], set()
    body = list(tree.body)
    for node in tree.body:
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            body.extend(node.body)
    for node in body:
        if (isinstance(node, ast.ImportFrom) and node.level
                and (node.module or "").endswith("_ops_gen")
                and any(a.name == "*" for a in node.names)):
            base = os.path.dirname(os.path.abspath(py_file))
            for _ in range(node.level - 1):
                base = os.path.dirname(base)
            stars.append(os.path.join(base, *node.module.split(".")))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Assign):
            defined.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defined.add(node.target.id)
    return {stem: defined for stem in stars}


def restrict_stub_exports(py_files):
    """Typing for hand-written dialect modules. Such a module star-imports
    its generated module and then replaces some of its names (an extension
    class with more builders, a builder function with another signature):
    Python keeps the module's own definitions, but a type checker keeps the
    star-imported ones. For each generated stub (`<stem>.pyi`) imported
    that way by one of `py_files`, this writes an `__all__` without the
    replaced names, so the hand-written definitions are the ones checked.
    Files are rewritten only when they change; returns the stubs written."""
    redefined = {}
    for py in py_files:
        for stem, names in _redefined_names(py).items():
            redefined.setdefault(stem, set()).update(names)
    written = []
    for stem, names in sorted(redefined.items()):
        pyi = stem + ".pyi"
        if not os.path.exists(pyi):
            continue
        text = open(pyi, encoding="utf-8").read()
        text = text.split("\n" + _EXPORTS_MARK)[0].rstrip("\n") + "\n"
        tree = ast.parse(text, pyi)
        public = []
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                public.append(node.name)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                public.append(node.target.id)
            elif isinstance(node, ast.Assign):
                public.extend(t.id for t in node.targets if isinstance(t, ast.Name))
        left_out = sorted(n for n in set(public) & names if not n.startswith("_"))
        if left_out:
            kept = [n for n in dict.fromkeys(public)
                    if not n.startswith("_") and n not in names]
            note = textwrap.fill(
                f"{_EXPORTS_MARK[2:]}, as the hand-written module redefines "
                f"them: {', '.join(left_out)}.", 77,
                initial_indent="# ", subsequent_indent="# ",
                break_on_hyphens=False)
            text += ("\n" + note + "\n__all__ = [\n"
                     + "".join(f"    {n!r},\n" for n in kept) + "]\n")
        if open(pyi, encoding="utf-8").read() != text:
            with open(pyi, "w", encoding="utf-8") as f:
                f.write(text)
            written.append(pyi)
    return written


def cython_include_path():
    """Where Cython finds `mlir._mlir_libs._ir` etc. for cimport."""
    return [_package_root]


def cold_init_flags(compiler=None):
    """Compiler flags that leave a Cython module's set-up code unoptimized.

    Cython marks the code that runs once per import (the module's exec
    function, which creates every class and function of the module, and
    the constant and type set-up) with CYTHON_SMALL_CODE, a macro a build
    may define. In a generated dialect module the exec function is a third
    of the C++ and, at -O1, most of the compile time (GCC's passes grow
    faster than linearly with one function's size: 145 s for the ROCDL
    module, 41 s with these flags), while it runs once. The code called per
    operation keeps the build's optimization. `compiler`: the C++ compiler
    command (default: $CXX, else Python's own compiler); clang takes
    optnone, GCC optimize("O0")."""
    import sysconfig
    cc = (compiler or os.environ.get("CXX") or sysconfig.get_config_var("CXX")
          or "").split()
    name = os.path.basename(cc[0]) if cc else ""
    if "clang" in name:
        attr = "__attribute__((cold, optnone, noinline))"
    else:
        attr = '__attribute__((cold, optimize("O0")))'
    return [f"-DCYTHON_SMALL_CODE={attr}"]


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
        extra_compile_args=["-std=c++17", "-O1", *cold_init_flags(),
                            "-Wno-unused-function"],
    )


def main(argv=None):
    """Console entry point: runs the generator with the given arguments,
    adding -I for MLIR's own .td files."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
    cmd = [executable()] + argv + ["-I", os.path.join(llvm_root(), "include")]
    return subprocess.call(cmd)
