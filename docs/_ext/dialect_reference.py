"""The ``dialect-reference`` directive: the reference of one dialect module,
read from the built module itself.

``autodoc`` would document every dialect module's re-exported ``mlir.ir``
names again and render ODS descriptions (Markdown) as reStructuredText. This
directive lists what the dialect module defines: per operation, its class
(with the constructor's signature), its builder function and the operation
name, then the module's other classes and functions (types, attributes,
enums, helpers), each with the first line of its docstring.
"""

import importlib
import inspect
import re

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

_SPECIAL = re.compile(r"([\\`*_|\[\]<>])")


def _summary(obj):
    """The first line of obj's own docstring, escaped for reST, or ''."""
    doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else obj.__doc__
    if not isinstance(doc, str):
        return ""
    lines = [ln.strip() for ln in doc.strip().splitlines()]
    # Cython's embedded signature comes first: skip it and the blank line.
    name = getattr(obj, "__name__", None)
    if lines and name and name in lines[0] and "(" in lines[0]:
        lines = lines[2:] if len(lines) > 1 and not lines[1] else lines[1:]
    first = lines[0] if lines else ""
    return _SPECIAL.sub(r"\\\1", first)


def _signature(fn, drop_self=False):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return "(...)"
    params = list(sig.parameters.values())
    if drop_self and params and params[0].name == "self":
        params = params[1:]
    return str(sig.replace(parameters=params, return_annotation=inspect.Signature.empty))


def _own(obj):
    """True for what a dialect module defines (generated or written for
    it), False for what it re-exports from mlir.ir and the shared helpers."""
    mod = getattr(obj, "__module__", None) or ""
    if mod.startswith("mlir._mlir_libs._mlirDialects"):
        return True
    return mod.startswith("mlir.dialects.") and mod != "mlir.dialects._ods_common"


def dialect_modules():
    """Every public module of mlir.dialects (the linalg OpDSL's own
    modules aside), in name order."""
    import pkgutil

    import mlir.dialects

    names = []
    for info in pkgutil.walk_packages(mlir.dialects.__path__, "mlir.dialects."):
        parts = info.name.split(".")[2:]
        if any(p.startswith("_") for p in parts) or parts[:2] == ["linalg", "opdsl"]:
            continue
        names.append(info.name)
    return sorted(names)


def _module_lines(name):
    """The reST lines of one dialect module's reference."""
    from mlir.ir import OpView

    module = importlib.import_module(name)
    ops, classes, functions = [], [], []
    for key, obj in sorted(vars(module).items()):
        if key.startswith("_") or not _own(obj):
            continue
        if isinstance(obj, type) and issubclass(obj, OpView) and getattr(obj, "OPERATION_NAME", None):
            if not key.endswith("Adaptor"):
                ops.append((key, obj))
        elif isinstance(obj, type) and not key.endswith("Adaptor"):
            classes.append((key, obj))
        elif callable(obj) and not isinstance(obj, type):
            functions.append((key, obj))
    builders = {getattr(fn, "__name__", k): fn for k, fn in functions}

    out = [f".. py:module:: {name}", ""]
    if module.__doc__:
        out += [_SPECIAL.sub(r"\\\1", module.__doc__.strip().split("\n\n")[0]), ""]
    if ops:
        out += [".. rubric:: Operations", ""]
    for key, cls in ops:
        out += [f".. py:class:: {key}{_signature(cls.__init__, drop_self=True)}",
                f"   :module: {name}", ""]
        summary = _summary(cls)
        out += [f"   ``{cls.OPERATION_NAME}``" + (f": {summary}" if summary else ""), ""]
        builder = cls.OPERATION_NAME.split(".", 1)[-1].replace(".", "_")
        for cand in (builder, builder + "_"):
            if cand in builders:
                out += [f"   Builder: :py:func:`{name}.{cand}`.", ""]
                break
    if classes:
        out += [".. rubric:: Types, attributes, enums and helpers", ""]
    for key, cls in classes:
        out += [f".. py:class:: {key}", f"   :module: {name}", "", f"   {_summary(cls)}", ""]
    if functions:
        out += [".. rubric:: Functions", ""]
    for key, fn in functions:
        out += [f".. py:function:: {key}{_signature(fn)}", f"   :module: {name}", "",
                f"   {_summary(fn)}", ""]
    return out


class DialectReference(SphinxDirective):
    """``.. dialect-reference:: mlir.dialects.arith``"""

    required_arguments = 1

    def run(self):
        out = _module_lines(self.arguments[0])
        node = nodes.section()
        node.document = self.state.document
        self.state.nested_parse(StringList(out, source=self.arguments[0]), 0, node)
        return node.children


def write_pages(app):
    """One page per dialect module in api/dialects/ (generated, as
    autosummary's stub pages are, and ignored by git); a page is rewritten
    only when its text changes, so incremental builds stay incremental."""
    from pathlib import Path

    out = Path(app.srcdir, "api", "dialects")
    out.mkdir(exist_ok=True)
    wanted = set()
    for name in dialect_modules():
        page = out / f"{name.removeprefix('mlir.dialects.')}.md"
        wanted.add(page.name)
        text = f"# `{name}`\n\n```{{eval-rst}}\n.. dialect-reference:: {name}\n```\n"
        if not page.exists() or page.read_text() != text:
            page.write_text(text)
    for stale in out.glob("*.md"):
        if stale.name not in wanted:
            stale.unlink()


def setup(app):
    app.add_directive("dialect-reference", DialectReference)
    app.connect("builder-inited", write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
