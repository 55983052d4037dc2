"""mlir.rewrite: pattern sets (Python patterns and PDL modules) and the
greedy and walk rewrite drivers (upstream's layout: the names of
mlir._mlir_libs._mlir.rewrite)."""

from ._mlir_libs._mlir.rewrite import *  # noqa: F401,F403
from ._mlir_libs._mlir.rewrite import __all__  # noqa: F401
