"""Docstring coverage of the public API: every public class, function,
method, property and field of the user-facing modules has a docstring that
says more than the signature Cython embeds (the number is printed)."""

import enum
import inspect
import re
import types

import pytest

MODULES = ["mlir.ir", "mlir.passmanager", "mlir.rewrite",
           "mlir.execution_engine", "mlir.runtime", "mlir.bytecode",
           "mlir.testing"]

# Members every class has from Python itself, documented there.
_OBJECT_MEMBERS = set(dir(object)) | {"__weakref__", "__dict__",
                                      "__module__", "__slots__"}


# The signature line Cython writes at the head of a docstring
# (embedsignature): "name(args) -> result". It documents nothing alone.
_SIGNATURE = re.compile(r"^\s*[\w.]+\(.*\)(\s*->\s*.*)?\s*$")


def _documented(obj):
    """Whether `obj` has a docstring saying more than its signature."""
    doc = getattr(obj, "__doc__", None)
    if not doc or not doc.strip():
        return False
    lines = doc.strip().splitlines()
    if _SIGNATURE.match(lines[0]):
        lines = lines[1:]
    return any(line.strip() for line in lines)


def _own_members(cls):
    """(name, member) defined by `cls` itself, public, not Python's."""
    for name, member in vars(cls).items():
        if name.startswith("_") and not (name.startswith("__") and
                                         name.endswith("__")):
            continue
        if name in _OBJECT_MEMBERS or name.startswith("__"):
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        if callable(member) or isinstance(
                member, (property, types.GetSetDescriptorType,
                         types.MemberDescriptorType)):
            yield name, member


def collect():
    """{qualified name: documented?} over the public API."""
    import importlib
    found = {}
    seen_classes = set()
    for modname in MODULES:
        mod = importlib.import_module(modname)
        names = getattr(mod, "__all__", None) or [
            n for n in dir(mod) if not n.startswith("_")]
        for name in names:
            obj = getattr(mod, name, None)
            if obj is None or inspect.ismodule(obj):
                continue
            owner = getattr(obj, "__module__", "") or ""
            if not owner.startswith("mlir"):
                continue                    # typing names and the like
            if inspect.isclass(obj):
                if obj in seen_classes:
                    continue
                seen_classes.add(obj)
                key = f"{obj.__module__}.{obj.__qualname__}"
                found[key] = _documented(obj)
                if issubclass(obj, enum.Enum):
                    continue                # members are values
                for mname, member in _own_members(obj):
                    found[f"{key}.{mname}"] = _documented(member)
            elif callable(obj):
                found[f"{owner}.{name}"] = _documented(obj)
    return found


def test_docstring_coverage(capsys):
    found = collect()
    missing = sorted(k for k, ok in found.items() if not ok)
    coverage = 1 - len(missing) / len(found)
    with capsys.disabled():
        print(f"\ndocstring coverage: {coverage:.1%} of {len(found)} public "
              f"names ({len(missing)} without)")
    assert not missing, "without a docstring:\n" + "\n".join(missing[:80])


if __name__ == "__main__":
    found = collect()
    missing = sorted(k for k, ok in found.items() if not ok)
    print(f"{1 - len(missing) / len(found):.1%} of {len(found)}")
    print("\n".join(missing))


def test_generated_docstrings_keep_their_characters():
    # ODS descriptions are UTF-8 (typographic quotes, dashes): generated
    # classes carry the characters, as upstream's do, not their bytes read
    # as Latin-1 ("instruction\u00e2\x80\x99s").
    from mlir.dialects import spirv
    doc = spirv.AtomicAndOp.__doc__
    assert "The instruction\u2019s result is the Original Value." in doc
    assert "\u00e2" not in doc
