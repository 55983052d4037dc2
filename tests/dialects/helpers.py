"""Building IR in a fresh module, verifying it, and comparing the printed
form exactly; parsing types and attributes, and comparing objects by value
and class."""

import textwrap

from mlir.ir import Attribute, Context, InsertionPoint, Location, Module, Type


def T(s):
    """The type parsed from s (in the current context)."""
    return Type.parse(s)


def A(s):
    """The attribute parsed from s (in the current context)."""
    return Attribute.parse(s)


def same(a, b):
    """Equal, and of exactly the same class."""
    return a == b and type(a) is type(b)


def build(fn, *, allow_unregistered=False):
    """Runs fn() with a module body as insertion point; returns the
    verified module."""
    ctx = Context()
    ctx.allow_unregistered_dialects = allow_unregistered
    with ctx, Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):
            fn()
        assert module.operation.verify()
    return module


def check(module, expected):
    """The module prints exactly `expected` (dedented), and parses back to
    the same text."""
    text = str(module)
    want = textwrap.dedent(expected).strip("\n") + "\n"
    assert text == want, f"got:\n{text}\nwant:\n{want}"
    again = Module.parse(text, context=module.context)
    assert again.operation.verify()
    assert str(again) == text
