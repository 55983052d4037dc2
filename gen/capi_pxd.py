#!/usr/bin/env python3
"""Generate the Cython mirrors of the MLIR C API headers.

Every header under ``<llvm>/include/mlir-c/`` becomes one ``.pxd`` file under
``mlir/_mlir_libs/capi/``, declaring the same types, enums, callbacks,
functions and string/integer macros, in the same order as the header:

    mlir-c/IR.h                      -> capi/ir.pxd
    mlir-c/BuiltinAttributes.h       -> capi/builtin_attributes.pxd
    mlir-c/Dialect/Func.h            -> capi/dialect/func.pxd
    mlir-c/Dialect/Transform/Interpreter.h
                                     -> capi/dialect/transform_interpreter.pxd
    mlir-c/Target/LLVMIR.h           -> capi/target/llvmir.pxd
    mlir-c/Bindings/Python/Interop.h -> capi/bindings/python/interop.pxd

Our own shim headers, ``csrc/include/mlir-cython/*.h`` (C API style, declared
in libMLIRCythonCAPI.so), are mirrored the same way under
``capi/mlir_cython/``.

The headers are read with libclang (the ``libclang`` wheel from PyPI), so the
declarations are what a C compiler sees, macros expanded.  C functions never
raise Python exceptions, so every function is ``noexcept``; none of them needs
the GIL, so every block is ``nogil`` (callback typedefs are ``noexcept nogil``
too, which makes Cython insist that any callback touching Python objects is
declared ``with gil``).  Interop.h is the exception: it traffics in
``PyObject*`` and is declared with the GIL held.

Users cimport them by their public names, ``mlir.capi.<module>``
(``from mlir.capi.ir cimport mlirContextCreate``): ``mlir/capi/`` holds one
generated ``.pxd`` per mirror that re-exports it.

Each generated file starts with a line naming this script, its input header,
and a hash of the content; a file is rewritten only when its content changes.

Usage:
    python gen/capi_pxd.py            # (re)write the mirrors
    python gen/capi_pxd.py --check    # exit 1 if any mirror is stale
"""

from __future__ import annotations

import argparse
import hashlib
import keyword
import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT_ROOT = REPO / "mlir" / "_mlir_libs" / "capi"
# The mirrors' public names (mlir.capi.ir, ...): re-exports of OUT_ROOT's.
PUBLIC_ROOT = REPO / "mlir" / "capi"
PKG = "mlir._mlir_libs.capi"
GENERATOR = "gen/capi_pxd.py"


def llvm_root() -> Path:
    return Path(os.environ.get("MLIR_CYTHON_LLVM_ROOT", "/usr/lib/llvm-22"))


# ----------------------------------------------------------------------------
# Names
# ----------------------------------------------------------------------------

# Header stems whose snake_case split would not read as the dialect's name.
SPELLED = {"EmitC": "emitc", "MemRef": "memref", "OpenACC": "openacc",
           "OpenMP": "openmp", "XeGPU": "xegpu", "XeVM": "xevm",
           "X86Vector": "x86vector", "LLVMIR": "llvmir"}


def snake(name: str) -> str:
    """CamelCase header stem -> snake_case module name (IRDL -> irdl,
    BuiltinAttributes -> builtin_attributes, MLProgram -> ml_program)."""
    if name in SPELLED:
        return SPELLED[name]
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s)
    return s.lower()


def module_path(include: str) -> str:
    """'mlir-c/Dialect/Func.h' -> 'dialect/func' (relative module path)."""
    prefix, rel_header = include.split("/", 1)
    parts = rel_header[:-2].split("/")
    if prefix == "mlir-cython":
        parts = ["mlir_cython"] + parts
    if parts[:2] == ["Dialect", "Transform"] and len(parts) == 3:
        # Transform.h and Transform/Interpreter.h cannot both be modules named
        # 'transform': flatten the sub-header.
        return "dialect/transform_" + pyname(snake(parts[2]))
    return "/".join(pyname(snake(p)) for p in parts)


def pyname(name: str) -> str:
    """A module name that is a Python keyword or a builtin type Cython
    knows gets a trailing underscore, as the bindings do for keyword-named
    properties (Pass.h -> pass_, Dialect/Complex.h -> complex_)."""
    clash = keyword.iskeyword(name) or name in CY_BUILTIN_TYPES
    return name + "_" if clash else name


CY_BUILTIN_TYPES = {"complex", "int", "float", "bool", "list", "dict", "tuple",
                    "set", "str", "bytes", "type", "object", "slice"}


def headers(include_dir: Path, prefix: str) -> list[str]:
    """Include paths ('mlir-c/IR.h', ...) of every header under a prefix."""
    root = include_dir / prefix
    return sorted(f"{prefix}/{p.relative_to(root)}" for p in root.rglob("*.h"))


# Names that Cython does not accept as parameter names.
CY_RESERVED = {
    "and", "as", "assert", "async", "await", "break", "by", "cdef", "class",
    "continue", "cpdef", "ctypedef", "def", "del", "elif", "else", "except",
    "exec", "extern", "finally", "for", "from", "gil", "global", "if",
    "import", "in", "include", "inline", "is", "lambda", "nogil", "nonlocal",
    "not", "or", "pass", "print", "public", "raise", "readonly", "return",
    "struct", "try", "union", "while", "with", "yield", "api", "noexcept",
    "object", "type", "None", "True", "False",
}

STDINT = {
    "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
    "uint32_t", "uint64_t", "intptr_t", "uintptr_t",
}
BUILTIN_WORDS = {
    "void", "char", "short", "int", "long", "unsigned", "signed", "float",
    "double", "const", "size_t", "object",
}


# ----------------------------------------------------------------------------
# Reading a header
# ----------------------------------------------------------------------------

class Header:
    def __init__(self, rel: str):
        self.rel = rel
        self.mod = module_path(rel)
        self.items: list[tuple] = []    # ('struct'|'enum'|'typedef'|'func'|'macro', ...)
        self.defines: set[str] = set()  # type names declared here
        self.uses: set[str] = set()     # identifiers used in types
        self.python = False             # mentions PyObject
        self.llvm_c: dict[str, tuple[str, str]] = {}  # LLVM-C handle types used
        self.guard: str | None = None   # include guard macro
        self.guard_clash = False        # guard also used by another header


def _cindex():
    try:
        import clang.cindex as ci
    except ImportError:
        sys.exit("capi_pxd: needs libclang (pip install libclang)")
    return ci


def parse_header(ci, index, include_dir: Path, rel: str, llvm_include: Path) -> Header:
    path = include_dir / rel
    gcc_include = subprocess.run(
        ["gcc", "-print-file-name=include"], capture_output=True, text=True
    ).stdout.strip()
    args = [
        "-x", "c", "-std=c11",
        f"-I{include_dir}", f"-I{llvm_include}",
        f"-isystem{gcc_include}",
        f"-I{sysconfig.get_paths()['include']}",
    ]
    tu = index.parse(
        str(path), args=args,
        options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD,
    )
    errors = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:
        raise SystemExit(f"capi_pxd: cannot parse {path}:\n" +
                         "\n".join(str(d) for d in errors))
    h = Header(rel)
    m = re.search(r"^#ifndef\s+(\w+)\s*\n#define\s+\1\b", path.read_text(), re.M)
    h.guard = m.group(1) if m else None
    K = ci.CursorKind
    pending_tags: dict[str, tuple] = {}

    # Declarations of the header itself and of the generated pass headers
    # (*.capi.h.inc) it includes directly.
    own_files = {str(path)}
    for inc in tu.get_includes():
        if Path(inc.source.name) == path and inc.include.name.endswith(".capi.h.inc"):
            own_files.add(inc.include.name)

    def here(c) -> bool:
        return c.location.file is not None and c.location.file.name in own_files

    for c in tu.cursor.get_children():
        if not here(c):
            continue
        if c.kind == K.STRUCT_DECL:
            if not c.spelling:
                continue
            fields = [render_param(ci, f.type, f.spelling, h) for f in c.get_children()
                      if f.kind == K.FIELD_DECL]
            if not c.is_definition():
                fields = None
            pending_tags[c.spelling] = ("struct", c.spelling, fields)
        elif c.kind == K.ENUM_DECL:
            consts = [e.spelling for e in c.get_children() if e.kind == K.ENUM_CONSTANT_DECL]
            if c.spelling and not c.spelling.startswith("enum "):
                pending_tags[c.spelling] = ("enum", c.spelling, consts)
            else:  # anonymous enum: its constants are plain names
                h.items.append(("anon_enum", consts))
        elif c.kind == K.TYPEDEF_DECL:
            name = c.spelling
            under = c.underlying_typedef_type
            decl = under.get_declaration()
            tag = decl.spelling if decl.kind in (K.STRUCT_DECL, K.ENUM_DECL) else None
            h.defines.add(name)
            if tag is not None and tag in pending_tags and tag == name:
                kind, _, body = pending_tags.pop(tag)
                h.items.append((kind, name, body))
            elif tag is not None and tag in pending_tags:
                kind, _, body = pending_tags.pop(tag)
                h.items.append((kind + "_tag", tag, body))
                h.items.append(("typedef", name, f"{tag}"))
            else:
                canon = under.get_canonical()
                if canon.kind == ci.TypeKind.POINTER and \
                        canon.get_pointee().kind == ci.TypeKind.FUNCTIONPROTO:
                    fn = canon.get_pointee()
                    h.items.append(("fnptr", name, render_type(ci, fn.get_result(), h),
                                    [render_type(ci, a, h) for a in fn.argument_types()]))
                else:
                    h.items.append(("typedef", name, render_type(ci, under, h)))
        elif c.kind == K.FUNCTION_DECL:
            params = []
            for i, a in enumerate(c.get_arguments()):
                pname = a.spelling or f"arg{i}"
                if pname in CY_RESERVED:
                    pname += "_"
                params.append(render_param(ci, a.type, pname, h))
            brief = (c.brief_comment or "").strip().replace("\n", " ")
            h.items.append(("func", c.spelling, render_type(ci, c.result_type, h),
                            params, brief))
        elif c.kind == K.MACRO_DEFINITION:
            item = macro_item(c)
            if item:
                h.items.append(item)
    for tag, (kind, _, body) in pending_tags.items():
        # A tag used without a typedef ('struct X' only).
        h.items.append((kind + "_tag", tag, body))
        h.defines.add(tag)
    return h


SKIP_MACROS = {"MLIR_CAPI_EXPORTED", "MLIR_PYTHON_API_EXPORTED",
               "MLIR_PYTHON_PACKAGE_PREFIX"}


def macro_item(c):
    if c.spelling in SKIP_MACROS or c.spelling.startswith("_"):
        return None
    try:
        if c.is_macro_function_like():
            return None
    except AttributeError:
        pass
    toks = [t.spelling for t in c.get_tokens()][1:]
    if not toks:
        return None  # include guard or empty flag
    if any(t.startswith('"') for t in toks):
        return ("macro", c.spelling, "const char*")
    if re.fullmatch(r"-?[0-9]+[uUlL]*", "".join(toks)):
        return ("macro", c.spelling, "long long")
    return None


def render_type(ci, t, h: Header) -> str:
    """Render a clang type as a Cython type expression (no declarator)."""
    TK = ci.TypeKind
    if t.kind in (TK.ELABORATED,):
        t = t.get_named_type()
    const = "const " if t.is_const_qualified() else ""
    if t.kind == TK.POINTER:
        pointee = t.get_pointee()
        if pointee.kind == TK.ELABORATED:
            pointee_named = pointee.get_named_type()
        else:
            pointee_named = pointee
        if pointee_named.kind == TK.TYPEDEF and pointee_named.spelling.split()[-1] == "PyObject":
            h.python = True
            return "object"
        if pointee.kind == TK.FUNCTIONPROTO:
            raise ValueError("function pointer needs a declarator")
        inner = render_type(ci, pointee, h)
        return f"{inner}*" + (" const" if const else "")
    if t.kind in (TK.CONSTANTARRAY, TK.INCOMPLETEARRAY):
        return render_type(ci, t.element_type, h) + "*"
    if t.kind == TK.TYPEDEF:
        decl = t.get_declaration()
        name = decl.spelling
        where = decl.location.file.name if decl.location.file else ""
        if "/llvm-c/" in where:
            # A handle type of LLVM's own C API (llvm-c/Types.h): declare it
            # opaquely in the mirror that uses it.
            pointee = decl.underlying_typedef_type.get_pointee()
            tag = pointee.get_declaration().spelling
            h.llvm_c[name] = (where.split("/include/", 1)[1], tag)
            return const + name
        h.uses.add(name)
        return const + name
    if t.kind in (TK.RECORD, TK.ENUM):
        name = t.get_declaration().spelling
        h.uses.add(name)
        return const + name
    if t.kind == TK.BOOL:
        h.uses.add("bool")
        return const + "bool"
    spelled = t.spelling.replace("const ", "").strip()
    return const + spelled


def render_param(ci, t, pname: str, h: Header) -> str:
    TK = ci.TypeKind
    canon_ptr = t if t.kind == TK.POINTER else None
    if canon_ptr is not None and canon_ptr.get_pointee().kind == TK.FUNCTIONPROTO:
        fn = canon_ptr.get_pointee()
        args = ", ".join(render_type(ci, a, h) for a in fn.argument_types())
        return f"{render_type(ci, fn.get_result(), h)} (*{pname})({args}) noexcept nogil"
    ty = render_type(ci, t, h)
    return f"{ty} {pname}"


# ----------------------------------------------------------------------------
# Writing a mirror
# ----------------------------------------------------------------------------

def dotted(mod: str) -> str:
    return f"{PKG}." + mod.replace("/", ".")


def emit(h: Header, owner: dict[str, str], version: str) -> str:
    lines: list[str] = []
    # Imports: stdint, bool, Python, and every type defined in another header.
    used = set(h.uses)
    std = sorted(used & STDINT)
    imports = []
    if std:
        imports.append("from libc.stdint cimport " + ", ".join(std))
    if "bool" in used:
        imports.append("from libcpp cimport bool")
    foreign: dict[str, list[str]] = {}
    for name in sorted(used - STDINT - {"bool"} - h.defines - BUILTIN_WORDS):
        mod = owner.get(name)
        if mod is None:
            if name == "PyObject":
                continue
            raise SystemExit(f"capi_pxd: {h.rel}: no header defines '{name}'")
        if mod != h.mod:
            foreign.setdefault(mod, []).append(name)
    for mod in sorted(foreign):
        imports.append(f"from {dotted(mod)} cimport " + ", ".join(sorted(foreign[mod])))

    nogil = "" if h.python else " nogil"
    prelude = ""
    by_header: dict[str, list[str]] = {}
    for name, (hdr, tag) in sorted(h.llvm_c.items()):
        by_header.setdefault(hdr, []).extend(
            [f"    ctypedef struct {tag}", f"    ctypedef {tag}* {name}"])
    for hdr, decls in sorted(by_header.items()):
        prelude += f'cdef extern from "{hdr}"{nogil}:\n' + "\n".join(decls) + "\n\n"
    body: list[str] = []
    for it in h.items:
        kind = it[0]
        if kind in ("struct", "struct_tag"):
            _, name, fields = it
            head = f"ctypedef struct {name}" if kind == "struct" else f"struct {name}"
            if not fields:
                body.append(f"    {head}:\n        pass")
            else:
                body.append(f"    {head}:")
                for decl in fields:
                    body.append(f"        {decl}")
        elif kind in ("enum", "enum_tag"):
            _, name, consts = it
            head = f"ctypedef enum {name}" if kind == "enum" else f"enum {name}"
            body.append(f"    {head}:")
            for cname in consts:
                body.append(f"        {cname}")
        elif kind == "anon_enum":
            body.append("    enum:")
            for cname in it[1]:
                body.append(f"        {cname}")
        elif kind == "typedef":
            _, name, target = it
            body.append(f"    ctypedef {target} {name}")
        elif kind == "fnptr":
            _, name, ret, args = it
            body.append(f"    ctypedef {ret} (*{name})({', '.join(args)}) noexcept nogil")
        elif kind == "func":
            _, name, ret, params, brief = it
            if brief:
                body.append(f"    # {brief}")
            exc = "" if ret == "object" else " noexcept"
            body.append(f"    {ret} {name}({', '.join(params)}){exc}")
        elif kind == "macro":
            _, name, ctype = it
            body.append(f"    {ctype} {name}")
    content = "\n".join(imports) + ("\n\n" if imports else "") + prelude
    if h.guard_clash:
        # The header shares its include guard with another header (an
        # upstream slip), so a plain #include after the other one would see
        # nothing. Include it past the guard, leaving the guard as it was.
        g = h.guard
        content += (f'cdef extern from *{nogil}:\n    """\n'
                    f'    #ifdef {g}\n    #undef {g}\n    #include "{h.rel}"\n'
                    f'    #else\n    #include "{h.rel}"\n    #undef {g}\n'
                    f'    #endif\n    """\n\n')
        content += f'cdef extern from *{nogil}:\n'
    else:
        content += f'cdef extern from "{h.rel}"{nogil}:\n'
    content += "\n".join(body) if body else "    pass"
    content += "\n"
    digest = hashlib.sha256(content.encode()).hexdigest()[:16]
    head = (f"# Generated by {GENERATOR} from {h.rel} (LLVM {version}); "
            f"do not edit. content-hash: {digest}\n")
    return head + content


def llvm_version(root: Path) -> str:
    cfg = root / "bin" / "llvm-config"
    try:
        return subprocess.run([str(cfg), "--version"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def generate(check: bool) -> int:
    ci = _cindex()
    root = llvm_root()
    include_dir = root / "include"
    if not (include_dir / "mlir-c" / "IR.h").exists():
        sys.exit(f"capi_pxd: no MLIR C API headers under {include_dir} "
                 "(apt-get install libmlir-22-dev, or set MLIR_CYTHON_LLVM_ROOT)")
    index = ci.Index.create()
    shim_include = REPO / "csrc" / "include"
    parsed = [parse_header(ci, index, include_dir, rel, include_dir)
              for rel in headers(include_dir, "mlir-c")]
    parsed += [parse_header(ci, index, shim_include, rel, include_dir)
               for rel in headers(shim_include, "mlir-cython")]
    guards: dict[str, Header] = {}
    for h in parsed:
        if h.guard in guards:
            h.guard_clash = True
        elif h.guard:
            guards[h.guard] = h
    owner: dict[str, str] = {}
    for h in parsed:
        for name in h.defines:
            owner.setdefault(name, h.mod)
    version = llvm_version(root)
    stale = []
    expected_files = set()

    def keep(path: Path, text: str):
        """`path` is an output with `text`: written unless it holds it
        already (or only reported as stale, with --check)."""
        expected_files.add(path)
        if (path.read_text() if path.exists() else None) != text:
            stale.append(path)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)

    def package_inits(root: Path):
        """An __init__.pxd (empty unless one exists) in every directory of
        outputs under `root`, for cimport."""
        for d in sorted({root} | {p.parent for p in expected_files
                                   if root in p.parents}):
            init = d / "__init__.pxd"
            if init.exists():
                expected_files.add(init)
            else:
                keep(init, "")

    for h in parsed:
        keep(OUT_ROOT / (h.mod + ".pxd"), emit(h, owner, version))
    package_inits(OUT_ROOT)
    # The public name of every mirror, mlir.capi.<module>: a .pxd that
    # re-exports the private one (what the package's own modules cimport).
    for h in parsed:
        mod = f"{PKG}.{h.mod.replace('/', '.')}"
        keep(PUBLIC_ROOT / (h.mod + ".pxd"),
             f"# The public name of {mod} (written by {GENERATOR}).\n"
             f"from {mod} cimport *\n")
    package_inits(PUBLIC_ROOT)
    extra = [p for root in (OUT_ROOT, PUBLIC_ROOT) if root.exists()
             for p in root.rglob("*.pxd") if p not in expected_files]
    if check:
        for p in stale + extra:
            print(f"stale mirror: {p.relative_to(REPO)}")
        return 1 if (stale or extra) else 0
    for p in extra:
        p.unlink()
    print(f"capi_pxd: {len(parsed)} headers, {len(stale)} mirrors rewritten")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="report stale mirrors instead of writing them")
    args = ap.parse_args(argv)
    return generate(args.check)


if __name__ == "__main__":
    sys.exit(main())
