"""Reading the MLIR C API headers and our .pxd mirrors without libclang.

This is deliberately a second, independent reader (plain text, not the
generator's libclang AST): the completeness test compares what it finds in
the headers with what the mirrors declare, so a generator bug cannot hide
itself."""

import os
import re
from pathlib import Path

LLVM_ROOT = Path(os.environ.get("MLIR_CYTHON_LLVM_ROOT", "/usr/lib/llvm-22"))
REPO = Path(__file__).resolve().parents[2]
MIRRORS = REPO / "mlir" / "_mlir_libs" / "capi"
HEADER_DIRS = [LLVM_ROOT / "include" / "mlir-c",
               REPO / "csrc" / "include" / "mlir-cython"]


def _strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def _drop_preprocessor(text):
    out, cont = [], False
    for line in text.splitlines():
        if cont or line.lstrip().startswith("#"):
            cont = line.rstrip().endswith("\\")
            continue
        out.append(line)
    return "\n".join(out)


def _split_top(params):
    parts, depth, cur = [], 0, ""
    for ch in params:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    parts = [p.strip() for p in parts]
    if parts in ([""], ["void"]):
        return []
    return parts


def _paren_body(text, open_at):
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return text[open_at + 1:i]
    raise ValueError("unbalanced parentheses")


def exported_functions(header):
    """{name: parameter count} of MLIR_CAPI_EXPORTED functions in a header,
    including the generated pass headers (*.capi.h.inc) it includes."""
    raw = Path(header).read_text()
    for inc in re.findall(r'^#include "([^"]+\.capi\.h\.inc)"', raw, re.M):
        raw += "\n" + (LLVM_ROOT / "include" / inc).read_text()
    text = _drop_preprocessor(_strip_comments(raw))
    found = {}
    for m in re.finditer(r"\bMLIR_CAPI_EXPORTED\b", text):
        decl_start = m.end()
        paren = text.index("(", decl_start)
        name = re.findall(r"\w+", text[decl_start:paren])[-1]
        found[name] = len(_split_top(_paren_body(text, paren)))
    for m in re.finditer(
            r"MLIR_DECLARE_CAPI_DIALECT_REGISTRATION\(\s*\w+\s*,\s*(\w+)\s*\)",
            text):
        found[f"mlirGetDialectHandle__{m.group(1)}__"] = 0
    return found


def all_headers():
    return sorted(p for d in HEADER_DIRS for p in d.rglob("*.h"))


def mirrored_functions():
    """{name: parameter count} of every function the .pxd mirrors declare."""
    found = {}
    decl = re.compile(r"^\s+[\w\s\*]*?\b((?:mlir|MLIR)\w*)\(")
    for pxd in sorted(MIRRORS.rglob("*.pxd")):
        for line in pxd.read_text().splitlines():
            m = decl.match(line)
            if m and not line.lstrip().startswith(("#", "ctypedef")):
                found[m.group(1)] = len(_split_top(_paren_body(line, m.end() - 1)))
    return found
