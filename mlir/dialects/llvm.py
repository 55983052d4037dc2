"""The llvm dialect: generated ops and enums, plus upstream's
`mlir_constant` and `translate_module_to_llvmir`, and its types
(PointerType, StructType, ArrayType, FunctionType, VoidType)."""

from ._llvm_ops_gen import *  # noqa: F401,F403
from ._llvm_ops_gen import _Dialect, ConstantOp  # noqa: F401
from ._llvm_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsLLVM import *  # noqa: F401,F403
from ._ods_common import get_op_result_or_op_results
from ._ods_common import (  # noqa: F401  (upstream's names)
    get_op_result_or_op_results as _get_op_result_or_op_results)
from ..ir import Value  # noqa: F401  (as upstream's module)
from .. import ir as _ir


def mlir_constant(value, *, loc=None, ip=None):
    """llvm.mlir.constant of a typed attribute; returns its result."""
    if not isinstance(value, _ir.Attribute):
        raise TypeError("llvm.mlir.constant: value must be a typed "
                        f"Attribute, not {type(value).__name__}")
    return get_op_result_or_op_results(
        ConstantOp(res=value.type, value=value, loc=loc, ip=ip))


