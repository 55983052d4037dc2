"""Lists the names an installed `mlir` package offers, as JSON on stdout.

Run by tests/test_name_parity.py under two interpreters: the upstream
bindings' venv (~/.cache/mlir-cython/upstream-venv) and ours. It imports only the `mlir`
package found on sys.path, so it must be started with -P from a directory
that holds no `mlir` package other than the intended one.

    python -P name_parity_collect.py                 # discover + collect
    python -P name_parity_collect.py mod1 mod2 ...   # collect these modules

Output: {"modules": {module: record or {"error": text}}} where a record is

    {"dir": [...],        names of dir(module) without a leading underscore
     "star": [...],       names `from module import *` binds
     "private": [...],    single-underscore (non-dunder) names of the module
     "classes": {name: [...]}}   public attribute names of the classes the
                          module exports that mlir.ir does not (all classes
                          for mlir.ir itself), and of the type of the
                          objects in OBJECTS

Every module is imported before any is collected, so a package's record
does not depend on the order; names bound to the package's own submodules
(which depend on what else was imported) are left out.

Discovery walks the `mlir` package for modules with no path component
starting with an underscore, under mlir.ir, mlir.passmanager, mlir.rewrite,
mlir.execution_engine, mlir.runtime and mlir.dialects, plus the native
module layout (mlir._mlir_libs._mlir and its ir/passmanager/rewrite) and
mlir.dialects._ods_common, which downstream generated code imports, and
the generated mlir.dialects._*_gen modules the others loaded (their
per-attribute builder functions and _Dialect).
"""

import importlib
import json
import pkgutil
import sys
import traceback

ROOTS = ["mlir.ir", "mlir.passmanager", "mlir.rewrite", "mlir.execution_engine",
         "mlir.runtime", "mlir.dialects"]
EXTRA = ["mlir._mlir_libs._mlir", "mlir._mlir_libs._mlir.ir",
         "mlir._mlir_libs._mlir.passmanager", "mlir._mlir_libs._mlir.rewrite",
         "mlir.dialects._ods_common"]
# Objects whose type's attributes are compared like a class's.
OBJECTS = {"mlir._mlir_libs._mlir": ["globals"]}


def discover():
    """The public modules of the installed mlir package under ROOTS, plus
    EXTRA, plus the generated modules importing them loaded; sorted.
    Packages that fail to import are listed but not walked."""
    found = set(EXTRA)
    for root in ROOTS:
        found.add(root)
        try:
            mod = importlib.import_module(root)
        except Exception:
            continue
        path = getattr(mod, "__path__", None)
        if path is None:
            continue
        for info in pkgutil.walk_packages(path, root + ".", onerror=lambda n: None):
            parts = info.name.split(".")
            if any(p.startswith("_") for p in parts[1:]):
                continue
            found.add(info.name)
    import_all(found)
    found.update(m for m in sys.modules
                 if m.startswith("mlir.dialects._") and m.endswith("_gen"))
    return sorted(found)


def import_all(modnames):
    """Imports each module, ignoring failures (collect reports them)."""
    for m in sorted(modnames):
        try:
            importlib.import_module(m)
        except BaseException:  # noqa: BLE001
            pass


def public(names):
    """The names without a leading underscore, sorted."""
    return sorted(n for n in names if not n.startswith("_"))


def star_names(modname, skip):
    """The names `from modname import *` binds, but those in skip; sorted."""
    ns = {}
    exec(f"from {modname} import *", ns)
    return sorted(n for n in ns if n != "__builtins__" and n not in skip)


def class_attrs(cls):
    """Public attribute names of a class (dir without leading underscore)."""
    try:
        return public(dir(cls))
    except Exception:
        return []


def collect(modname, ir_classes):
    """The record of one module (see the module docstring)."""
    mod = importlib.import_module(modname)
    submodules = {n for n, v in vars(mod).items()
                  if isinstance(v, type(sys)) and v.__name__ == f"{modname}.{n}"}
    names = [n for n in dir(mod) if n not in submodules]
    rec = {"dir": public(names),
           "private": sorted(n for n in names if n.startswith("_")
                             and not (n.startswith("__") and n.endswith("__"))),
           "star": star_names(modname, submodules), "classes": {}}
    for n in rec["dir"]:
        obj = getattr(mod, n, None)
        if isinstance(obj, type) and (modname == "mlir.ir" or id(obj) not in ir_classes):
            rec["classes"][n] = class_attrs(obj)
    for n in OBJECTS.get(modname, ()):
        if hasattr(mod, n):
            rec["classes"][n] = class_attrs(type(getattr(mod, n)))
    return rec


def collect_modules(mods, collect):
    """{module: collect(module, ids of mlir.ir's classes), or {"error":
    text} when that raises}, once every module is imported."""
    import_all(mods)
    ir_classes = set()
    try:
        ir = importlib.import_module("mlir.ir")
        ir_classes = {id(v) for v in vars(ir).values() if isinstance(v, type)}
    except Exception:
        pass
    out = {}
    for m in mods:
        try:
            out[m] = collect(m, ir_classes)
        except BaseException as e:  # noqa: BLE001  (report, keep going)
            out[m] = {"error": "".join(
                traceback.format_exception_only(type(e), e)).strip()}
    return out


def main(argv):
    """Prints the JSON described in the module docstring."""
    out = {"python": sys.version.split()[0],
           "modules": collect_modules(argv or discover(), collect)}
    json.dump(out, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
