"""Upstream's native module layout, `mlir._mlir_libs._mlir`: the registration
entry points at top level (globals, register_dialect, register_operation,
register_op_adaptor, register_type_caster, register_value_caster) and the ir, passmanager and
rewrite submodules, for code written against upstream's `_cext`.

Here the object model lives in `mlir._mlir_libs._ir`; `_mlir.ir` is that
very module (registered under both names, so objects and private names are
shared), `_mlir.passmanager` and `_mlir.rewrite` re-export its pass manager
and rewrite parts.
"""

import sys as _sys
from typing import TypeVar as _TypeVar

from .. import _ir as ir
from .._ir import (  # noqa: F401
    CurrentLocAction,
    OnExplicitAction,
    _Globals,
    globals,
    register_dialect,
    register_op_adaptor,
    register_operation,
    register_type_caster,
    register_value_caster,
)

_sys.modules[__name__ + ".ir"] = ir

from . import passmanager, rewrite  # noqa: E402,F401

T = _TypeVar("T")
U = _TypeVar("U")
