"""Makes LLVM's Python test extension importable in the conformance run.

tools/conformance.py puts this directory on PYTHONPATH and names, in
$MLIR_CYTHON_TEST_MODULES, a JSON map {module name: file} written by
tools/python_test_ext.py (mlir._mlir_libs._mlirPythonTestNanobind,
mlir.dialects._python_test_ops_gen, mlir.dialects.python_test). A finder
placed first on sys.meta_path loads exactly those modules from those files,
so nothing is built into or copied beside the package.
"""

import importlib.machinery
import importlib.util
import json
import os
import sys


class _TestModuleFinder:
    def __init__(self, modules):
        self.modules = modules

    def find_spec(self, name, path=None, target=None):
        location = self.modules.get(name)
        if location is None:
            return None
        if location.endswith(".py"):
            loader = importlib.machinery.SourceFileLoader(name, location)
        else:
            loader = importlib.machinery.ExtensionFileLoader(name, location)
        return importlib.util.spec_from_file_location(name, location,
                                                      loader=loader)


def _install():
    path = os.environ.get("MLIR_CYTHON_TEST_MODULES")
    if not path:
        return
    try:
        with open(path, encoding="utf-8") as f:
            modules = json.load(f)
    except (OSError, ValueError):
        return
    sys.meta_path.insert(0, _TestModuleFinder(modules))


_install()
