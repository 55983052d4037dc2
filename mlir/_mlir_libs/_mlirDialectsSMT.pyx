# cython: language_level=3
"""Types of the smt dialect (mlir-c/Dialect/SMT.h) and SMT-LIB export
(mlir-c/Target/ExportSMTLIB.h), re-exported by mlir.dialects.smt:
BoolType, BitVectorType, IntType, ArrayType, SortType, SMTFuncType,
export_smtlib."""

include "_dialect_types.pxi"

from libcpp.string cimport string
from mlir._mlir_libs.capi.ir cimport (
    MlirOperation, MlirIdentifier, mlirIdentifierGet, mlirIdentifierStr,
)
from mlir._mlir_libs.capi.support cimport MlirLogicalResult, mlirLogicalResultIsSuccess
from mlir._mlir_libs.capi.dialect.smt cimport (
    mlirGetDialectHandle__smt__, mlirSMTTypeIsABool, mlirSMTTypeGetBool,
    mlirSMTTypeIsABitVector, mlirSMTTypeGetBitVector,
    mlirSMTTypeIsAInt, mlirSMTTypeGetInt, mlirSMTTypeIsAArray,
    mlirSMTTypeGetArray, mlirSMTTypeIsASort, mlirSMTTypeGetSort,
    mlirSMTTypeIsASMTFunc, mlirSMTTypeGetSMTFunc,
    mlirSMTBoolTypeGetName, mlirSMTBitVectorTypeGetName, mlirSMTIntTypeGetName,
)
from mlir._mlir_libs.capi.mlir_cython.smt_types cimport (
    mlirCySMTArrayTypeGetDomain, mlirCySMTArrayTypeGetRange,
    mlirCySMTSortTypeGetIdentifier, mlirCySMTSortTypeGetNumParams,
    mlirCySMTSortTypeGetParam, mlirCySMTFuncTypeGetNumDomain,
    mlirCySMTFuncTypeGetDomain, mlirCySMTFuncTypeGetRange,
)
from mlir._mlir_libs.capi.target.export_smtlib cimport (
    mlirTranslateOperationToSMTLIB,
)

__all__ = ["BoolType", "BitVectorType", "IntType", "ArrayType", "SortType",
           "SMTFuncType", "export_smtlib"]

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


cdef class BoolType(Type):
    """!smt.bool."""
    cdef char _own_allocation
    static_typeid = _BOOL_TYPEID
    type_name = _str(mlirSMTBoolTypeGetName())

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
    type_name = _str(mlirSMTBitVectorTypeGetName())

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


cdef class IntType(Type):
    """!smt.int: mathematical integers."""
    cdef char _own_allocation
    static_typeid = _INT_TYPEID
    type_name = _str(mlirSMTIntTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirSMTTypeIsAInt((<Type>other).c_type)

    @classmethod
    def get(cls, context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(cls, ctx, mlirSMTTypeGetInt(ctx.c_context))


cdef class ArrayType(Type):
    """!smt.array<[D -> R]>: SMT arrays from domain D to range R."""
    cdef char _own_allocation
    static_typeid = _ARRAY_TYPEID
    type_name = "smt.array"

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirSMTTypeIsAArray((<Type>other).c_type)

    @classmethod
    def get(cls, domain, range, context=None):
        """ValueError unless both are SMT value types."""
        cdef Context ctx = _ctx_of_type(domain, "domain")
        _same_context(ctx, context)
        if _ctx_of_type(range, "range") is not ctx:
            raise ValueError("range belongs to another context")
        return _reparsed_type(cls, ctx, mlirSMTTypeGetArray(
            ctx.c_context, (<Type>domain).c_type, (<Type>range).c_type))

    @property
    def domain(self):
        return wrap_type(self.context, mlirCySMTArrayTypeGetDomain(self.c_type))

    @property
    def range(self):
        return wrap_type(self.context, mlirCySMTArrayTypeGetRange(self.c_type))


cdef class SortType(Type):
    """!smt.sort<"name"[params]>: an uninterpreted sort, optionally with
    sort parameters."""
    cdef char _own_allocation
    static_typeid = _SORT_TYPEID
    type_name = "smt.sort"

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirSMTTypeIsASort((<Type>other).c_type)

    @classmethod
    def get(cls, identifier, sort_params=(), context=None):
        """ValueError when the identifier is empty or a parameter is not
        an SMT value type."""
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

    @property
    def identifier(self):
        return _str(mlirIdentifierStr(
            mlirCySMTSortTypeGetIdentifier(self.c_type)))

    @property
    def sort_params(self):
        cdef intptr_t i, n = mlirCySMTSortTypeGetNumParams(self.c_type)
        return [wrap_type(self.context, mlirCySMTSortTypeGetParam(self.c_type, i))
                for i in range(n)]


cdef class SMTFuncType(Type):
    """!smt.func<(D...) R>: the type of an SMT function from the domain
    types D to the range type R."""
    cdef char _own_allocation
    static_typeid = _FUNC_TYPEID
    type_name = "smt.func"

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirSMTTypeIsASMTFunc((<Type>other).c_type)

    @classmethod
    def get(cls, domain, range, context=None):
        """ValueError unless the domain is non-empty and all types are SMT
        value types (not functions)."""
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

    @property
    def domain(self):
        cdef intptr_t i, n = mlirCySMTFuncTypeGetNumDomain(self.c_type)
        return [wrap_type(self.context, mlirCySMTFuncTypeGetDomain(self.c_type, i))
                for i in range(n)]

    @property
    def range(self):
        return wrap_type(self.context, mlirCySMTFuncTypeGetRange(self.c_type))


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
    cdef bint inline_ = bool(inline_single_use_values)
    cdef bint indent = bool(indent_let_body)
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    res = mlirTranslateOperationToSMTLIB(op, _append, &out, inline_, indent)
    cap.check(mlirLogicalResultIsSuccess(res), "", _smtlib_error)
    return out.decode("utf-8")


for _cls in (BoolType, BitVectorType, IntType, ArrayType, SortType,
             SMTFuncType):
    _register_type(_cls)
del _cls
