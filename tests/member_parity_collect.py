"""Lists the members of an installed `mlir` package's classes and functions,
with their kinds and call signatures, as JSON on stdout.

Run by tests/test_member_parity.py under two interpreters, upstream's
bindings (~/.cache/mlir-cython/upstream-venv) and ours, each in its own
process, from this directory (which holds no `mlir` package):

    python member_parity_collect.py mod1 mod2 ...

The modules are those tests/name_parity_collect.py discovers. For each
module the record is

    {"classes": {class: {member: entry}},   classes the module exports that
                                            mlir.ir does not (all for mlir.ir)
     "bases": {class: [base class names]},  the MRO without the class and
                                            `object`
     "functions": {name: {"module": defining module,
                          "sigs": [signature, ...]}}}   its public callables
                                            other than classes

where an entry is {"kind": kind, "sigs": [signature, ...] or null}:

    kind   "property" (a data descriptor), "method" (called on an instance),
           "static" (called on the class: staticmethod, classmethod,
           nanobind's static functions), "class", or "data"
    sigs   the call signatures, one per overload, without `self`; null when
           the interpreter cannot tell (slot wrappers, C functions without
           a text signature)

and a signature is a list of [name, kind, has_default] with kind one of
"pos" (positional-only), "any" (positional or keyword), "kw" (keyword-only),
"*" (*args) and "**" (**kwargs). nanobind functions carry their signatures
as text (`__nb_signature__`), parsed here; everything else goes through
inspect.signature.
"""

import importlib
import inspect
import json
import sys
from pathlib import Path

from name_parity_collect import collect_modules

# gen/stubs.py's splitting of a signature text (stdlib only, importable
# under either interpreter).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gen"))
from stubs import _split_top as split_top  # noqa: E402

KINDS = {inspect.Parameter.POSITIONAL_ONLY: "pos",
         inspect.Parameter.POSITIONAL_OR_KEYWORD: "any",
         inspect.Parameter.KEYWORD_ONLY: "kw",
         inspect.Parameter.VAR_POSITIONAL: "*",
         inspect.Parameter.VAR_KEYWORD: "**"}


def parse_nb_signature(text, annotations=False):
    """A nanobind signature text (`def f(a: T, /, b: T = \\0, *, c) -> R`)
    as a signature list (see the module docstring); with annotations=True
    each entry also ends with the parameter's annotation text."""
    start = text.index("(")
    depth = 0
    for i in range(start, len(text)):
        depth += text[i] == "("
        depth -= text[i] == ")"
        if depth == 0:
            break
    params, kind, out = split_top(text[start + 1:i]), "any", []
    for p in params:
        if p == "/":
            out = [[e[0], "pos", *e[2:]] for e in out]
            continue
        if p == "*":
            kind = "kw"
            continue
        name = p.split(":", 1)[0].split("=", 1)[0].strip()
        if name.startswith("**"):
            entry = [name[2:], "**", False]
        elif name.startswith("*"):
            entry = [name[1:], "*", False]
            kind = "kw"
        else:
            entry = [name, kind, "=" in p]
        if annotations:
            entry.append(p.partition(":")[2].partition("=")[0].strip())
        out.append(entry)
    return out


def signatures(obj, drop_self):
    """The signatures of a callable (a list, one per overload), or None."""
    nb = getattr(obj, "__nb_signature__", None)
    if nb is not None:
        sigs = [parse_nb_signature(s[0]) for s in nb]
    else:
        try:
            sig = inspect.signature(obj)
        except (TypeError, ValueError):
            return None
        sigs = [[[p.name, KINDS[p.kind], p.default is not p.empty]
                 for p in sig.parameters.values()]]
    if drop_self:
        sigs = [s[1:] if s and s[0][0] in ("self", "cls") and s[0][1] in ("pos", "any")
                else s for s in sigs]
    return sigs


def _drop_cls(sigs):
    """Signatures without a leading `cls` (nanobind's class methods are
    static functions taking it, bound by a classmethod)."""
    if sigs is None:
        return None
    return [s[1:] if s and s[0][0] == "cls" else s for s in sigs]


def member(cls, name):
    """The entry of one member (see the module docstring)."""
    raw = None
    for k in cls.__mro__:
        if name in vars(k):
            raw = vars(k)[name]
            break
    tname = type(raw).__name__
    if isinstance(raw, (staticmethod, classmethod)):
        return {"kind": "static", "sigs": _drop_cls(signatures(getattr(cls, name), False))}
    if tname == "nb_func":
        return {"kind": "static", "sigs": _drop_cls(signatures(raw, False))}
    if isinstance(raw, type):
        return {"kind": "class", "sigs": None}
    if hasattr(type(raw), "__set__") and getattr(cls, name) is not raw:
        # A data descriptor that answers on the class too (nanobind's
        # static properties): a class attribute, for the caller.
        return {"kind": "data", "sigs": None}
    if isinstance(raw, property) or tname in ("getset_descriptor", "member_descriptor"):
        return {"kind": "property", "sigs": None}
    if tname in ("nb_method", "function", "cython_function_or_method",
                 "_ods_builder", "method_descriptor", "wrapper_descriptor", "builtin_function_or_method"):
        return {"kind": "method", "sigs": signatures(raw, True)}
    if raw is None:
        return {"kind": "data", "sigs": None}
    if hasattr(type(raw), "__get__") and not callable(raw):
        # A descriptor: an accessor (a property), or one that binds a
        # function to the class (a classmethod of its own).
        value = getattr(cls, name)
        if callable(value) and not isinstance(value, type):
            return {"kind": "static", "sigs": _drop_cls(signatures(value, False))}
        return {"kind": "property" if value is raw else "data", "sigs": None}
    return {"kind": "data", "sigs": None}


def collect(modname, ir_classes):
    """The record of one module (see the module docstring)."""
    mod = importlib.import_module(modname)
    rec = {"classes": {}, "bases": {}, "functions": {}}
    for n in dir(mod):
        if n.startswith("_"):
            continue
        obj = getattr(mod, n, None)
        if isinstance(obj, type):
            if modname != "mlir.ir" and id(obj) in ir_classes:
                continue
            members = {}
            for a in dir(obj):
                if a.startswith("_") and a != "__init__":
                    continue
                try:
                    members[a] = member(obj, a)
                except Exception:  # noqa: BLE001  (an odd descriptor)
                    members[a] = {"kind": "data", "sigs": None}
            rec["classes"][n] = members
            rec["bases"][n] = [k.__name__ for k in obj.__mro__[1:-1]]
        elif callable(obj):
            rec["functions"][n] = {"module": getattr(obj, "__module__", None),
                                   "sigs": signatures(obj, False)}
    return rec


def main(argv):
    """Prints the JSON described in the module docstring."""
    json.dump({"modules": collect_modules(argv, collect)}, sys.stdout,
              sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
