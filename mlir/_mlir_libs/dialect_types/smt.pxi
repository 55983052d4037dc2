# Hand-written parts of _mlirDialectsSMT (gen/dialect_types/smt.toml).

from libcpp.string cimport string
from mlir._mlir_libs.capi.ir cimport (
    MlirOperation, MlirIdentifier, mlirIdentifierGet, mlirIdentifierStr,
)
from mlir._mlir_libs.capi.support cimport MlirLogicalResult, mlirLogicalResultIsSuccess
from mlir._mlir_libs.capi.mlir_cython.smt_types cimport (
    mlirCySMTArrayTypeGetDomain, mlirCySMTArrayTypeGetRange,
    mlirCySMTSortTypeGetIdentifier, mlirCySMTSortTypeGetNumParams,
    mlirCySMTSortTypeGetParam, mlirCySMTFuncTypeGetNumDomain,
    mlirCySMTFuncTypeGetDomain, mlirCySMTFuncTypeGetRange,
)
from mlir._mlir_libs.capi.target.export_smtlib cimport (
    mlirTranslateOperationToSMTLIB,
)

# No TypeID getters in the C API: take them from instances made in a
# private context (TypeIDs do not depend on the context).
cdef MlirContext _c = _scratch_context(mlirGetDialectHandle__smt__())
_BOOL_TYPEID = _typeid(mlirTypeGetTypeID(mlirSMTTypeGetBool(_c)))
_BV_TYPEID = _typeid(mlirTypeGetTypeID(mlirSMTTypeGetBitVector(_c, 1)))
cdef MlirType _int = mlirSMTTypeGetInt(_c)
_INT_TYPEID = _typeid(mlirTypeGetTypeID(_int))
_ARRAY_TYPEID = _typeid(mlirTypeGetTypeID(mlirSMTTypeGetArray(_c, _int, _int)))
_SORT_TYPEID = _typeid(mlirTypeGetTypeID(mlirSMTTypeGetSort(
    _c, mlirIdentifierGet(_c, _ref(b"s")), 0, NULL)))
_FUNC_TYPEID = _typeid(mlirTypeGetTypeID(mlirSMTTypeGetSMTFunc(
    _c, 1, &_int, _int)))
_drop_scratch_context(_c)


cdef int _check_width(object width, object context) except -1:
    if not isinstance(width, int):
        raise TypeError(f"width must be an int, not {type(width).__name__}")
    if width <= 0 or width > 0x7fffffff:
        raise ValueError(f"bit-vector width must be positive, got {width}")
    return 0


cdef object _sort_type_get(type cls, object identifier, object sort_params,
                           object context):
    cdef bytes name = _utf8(identifier, "identifier")
    if not name:
        raise ValueError("identifier must not be empty")
    cdef vector[MlirType] params
    _fill_types(params, sort_params, "sort parameter")
    cdef Context ctx
    if params.size():
        ctx = (<Type>sort_params[0]).context
        _same_context(ctx, context)
        _check_types_context(sort_params, ctx, "a sort parameter")
    else:
        ctx = resolve_context(context)
    cdef MlirIdentifier ident = mlirIdentifierGet(ctx.c_context, _ref(name))
    return _reparsed_type(cls, ctx, mlirSMTTypeGetSort(
        ctx.c_context, ident, params.size(), params.data()))


cdef str _sort_identifier(Type self):
    return _str(mlirIdentifierStr(
        mlirCySMTSortTypeGetIdentifier(self.c_type)))


cdef object _func_type_get(type cls, object domain, object range,
                           object context):
    cdef Context ctx = _ctx_of_type(range, "range")
    _same_context(ctx, context)
    cdef vector[MlirType] dom
    _fill_types(dom, domain, "domain type")
    _check_types_context(domain, ctx, "a domain type")
    if dom.size() == 0:
        # Printed as !smt.func<() R>, which MLIR's parser rejects.
        raise ValueError("domain must not be empty")
    return _reparsed_type(cls, ctx, mlirSMTTypeGetSMTFunc(
        ctx.c_context, dom.size(), dom.data(), (<Type>range).c_type))


cdef void _append(MlirStringRef s, void* user) noexcept nogil:
    (<string*>user).append(s.data, s.length)


cdef object _smtlib_error(str message, list errors):
    """For _ErrorCapture.check: upstream's ValueError of a failed export."""
    return ValueError("Failed to export smtlib.\nDiagnostic message "
                      + _diag_text(errors, ""))


def export_smtlib(module, inline_single_use_values=False,
                  indent_let_body=False):
    """The SMT-LIB text of a module (a Module or an Operation); ValueError
    with MLIR's diagnostics if it cannot be exported."""
    cdef Operation top = _module_operation(module)
    cdef MlirOperation op = op_handle(top)
    cdef Context ctx = top.context
    cdef string out
    cdef MlirLogicalResult res
    cdef bint inline_ = inline_single_use_values   # truth value
    cdef bint indent = indent_let_body
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    res = mlirTranslateOperationToSMTLIB(op, _append, &out, inline_, indent)
    cap.check(mlirLogicalResultIsSuccess(res), "", _smtlib_error)
    return out.decode("utf-8")
