# cython: language_level=3
"""Types of the smt dialect (mlir-c/Dialect/SMT.h) and SMT-LIB export
(mlir-c/Target/ExportSMTLIB.h), re-exported by mlir.dialects.smt:
BoolType, BitVectorType, export_smtlib."""

include "_dialect_types.pxi"

from libcpp.string cimport string
from mlir._mlir_libs.capi.ir cimport MlirOperation, mlirModuleGetOperation
from mlir._mlir_libs.capi.support cimport MlirLogicalResult, mlirLogicalResultIsSuccess
from mlir._mlir_libs.capi.dialect.smt cimport (
    mlirGetDialectHandle__smt__, mlirSMTTypeIsABool, mlirSMTTypeGetBool,
    mlirSMTTypeIsABitVector, mlirSMTTypeGetBitVector,
)
from mlir._mlir_libs.capi.target.export_smtlib cimport (
    mlirTranslateOperationToSMTLIB,
)
from mlir._mlir_libs._ir cimport Module, Operation, op_handle

__all__ = ["BoolType", "BitVectorType", "export_smtlib"]

# No TypeID getters in the C API: take them from instances made in a
# private context (TypeIDs do not depend on the context).
cdef MlirContext _c = _scratch_context(mlirGetDialectHandle__smt__())
_BOOL_TYPEID = _typeid(mlirTypeGetTypeID(mlirSMTTypeGetBool(_c)))
_BV_TYPEID = _typeid(mlirTypeGetTypeID(mlirSMTTypeGetBitVector(_c, 1)))
_drop_scratch_context(_c)


cdef class BoolType(Type):
    """!smt.bool."""
    cdef char _own_allocation
    static_typeid = _BOOL_TYPEID

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirSMTTypeIsABool((<Type>other).c_type)

    @classmethod
    def get(cls, context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(cls, ctx, mlirSMTTypeGetBool(ctx.c_context))


cdef class BitVectorType(Type):
    """!smt.bv<width>."""
    cdef char _own_allocation
    static_typeid = _BV_TYPEID

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirSMTTypeIsABitVector((<Type>other).c_type)

    @classmethod
    def get(cls, width, context=None):
        cdef Context ctx = resolve_context(context)
        if not isinstance(width, int):
            raise TypeError(f"width must be an int, not {type(width).__name__}")
        if width <= 0 or width > 0x7fffffff:
            raise ValueError(f"bit-vector width must be positive, got {width}")
        return _mk_type(cls, ctx, mlirSMTTypeGetBitVector(ctx.c_context, width))


cdef void _append(MlirStringRef s, void* user) noexcept nogil:
    (<string*>user).append(s.data, s.length)


def export_smtlib(module, inline_single_use_values=False,
                  indent_let_body=False):
    """The SMT-LIB text of a module (a Module or an Operation); ValueError
    with MLIR's diagnostics if it cannot be exported."""
    cdef MlirOperation op
    cdef Context ctx
    if isinstance(module, Module):
        op = mlirModuleGetOperation((<Module>module).c_module)
        ctx = (<Module>module).context
    elif isinstance(module, Operation):
        op = op_handle(<Operation>module)
        ctx = (<Operation>module).context
    elif hasattr(module, "operation") and isinstance(module.operation, Operation):
        op = op_handle(<Operation>module.operation)
        ctx = (<Operation>module.operation).context
    else:
        raise TypeError(f"module must be a Module or an Operation, not "
                        f"{type(module).__name__}")
    cdef string out
    cdef MlirLogicalResult res
    cdef bint inline_ = bool(inline_single_use_values)
    cdef bint indent = bool(indent_let_body)
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    try:
        res = mlirTranslateOperationToSMTLIB(op, _append, &out, inline_, indent)
    finally:
        errors = cap.detach()
    if not mlirLogicalResultIsSuccess(res):
        raise ValueError("Failed to export smtlib.\nDiagnostic message "
                         + _diag_text(errors, ""))
    return out.decode("utf-8")


_register_type(BoolType)
_register_type(BitVectorType)
