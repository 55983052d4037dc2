"""Re-exporting mlir under another package name (mlir._mlir_libs.reexport_as).

`reexport_as("mypkg.mlir")` makes `mypkg.mlir.X` the module `mlir.X` for
every X (mypkg.mlir.ir, mypkg.mlir.dialects.arith, ...): the same module
objects, so the same classes, the same registries and one site
initialisation; no second copy of the native modules is loaded. Modules
the packager ships under mypkg.mlir (say mypkg/mlir/dialects/mydialect.py)
are found first and stay theirs.
"""

import importlib
import importlib.machinery
import importlib.util
import sys

# The finder and loader below follow the import system's protocols
# without deriving from importlib.abc's classes: importing importlib.abc
# costs every `import mlir` about 15 ms (it imports importlib.resources,
# pathlib, tempfile, typing, ...).

_OURS = "mlir"


def _is_ours(module):
    name = getattr(module, "__name__", "")
    return name == _OURS or name.startswith(_OURS + ".")


class _AliasLoader:
    """Loads an alias name as the existing module of the target name."""

    def __init__(self, target):
        self.target = target

    def create_module(self, spec):
        module = importlib.import_module(self.target)
        spec.loader_state = module.__spec__
        return module

    def exec_module(self, module):
        # The import system set the alias spec on the module; the module
        # keeps its own (its real name, for pickling, reloads and errors).
        alias_spec = module.__spec__
        module.__spec__ = alias_spec.loader_state


class _AliasFinder:
    """Finds `<prefix>.X` as an alias of `mlir.X`, unless the packager's
    own package has a module X there."""

    def __init__(self, prefix):
        self.prefix = prefix

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith(self.prefix + "."):
            return None
        parent = sys.modules.get(fullname.rpartition(".")[0])
        if parent is not None and not _is_ours(parent):
            own = importlib.machinery.PathFinder.find_spec(fullname, path)
            if own is not None:
                return own
        name = _OURS + fullname[len(self.prefix):]
        try:
            found = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            found = None
        if found is None:
            return None
        return importlib.machinery.ModuleSpec(
            fullname, _AliasLoader(name),
            is_package=found.submodule_search_locations is not None)


def reexport_as(package):
    """Makes the submodules of `package` (a package name, usually the
    __name__ of the package calling this from its __init__.py) aliases of
    the modules of mlir: `<package>.ir` is `mlir.ir`, and so on. Call it
    once; calling it again for the same package does nothing."""
    if not isinstance(package, str) or not package:
        raise TypeError("reexport_as needs a package name (str)")
    if package == _OURS or package.startswith(_OURS + "."):
        raise ValueError(f"cannot re-export mlir as {package!r}")
    for finder in sys.meta_path:
        if isinstance(finder, _AliasFinder) and finder.prefix == package:
            return
    sys.meta_path.insert(0, _AliasFinder(package))
