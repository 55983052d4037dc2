"""mlir.dialects.python_test for the conformance run: the op wrappers that
mlir-cython-tblgen generates from LLVM's test/python/python_test_ops.td,
and registration of the dialect into a DialectRegistry through LLVM's test
extension (both built by tools/python_test_ext.py)."""

from ._python_test_ops_gen import *  # noqa: F401,F403
from ._python_test_ops_gen import _Dialect  # noqa: F401


def register_python_test_dialect(registry):
    """Inserts the python_test dialect into `registry` (e.g. the one of
    mlir.ir.get_dialect_registry(), so every new Context has it)."""
    from .._mlir_libs import _mlirPythonTestNanobind

    _mlirPythonTestNanobind.register_dialect(registry)
