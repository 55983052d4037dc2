# cython: language_level=3
"""Types of the llvm dialect (mlir-c/Dialect/LLVM.h), re-exported by
mlir.dialects.llvm: StructType, PointerType, ArrayType, FunctionType,
VoidType; and translate_module_to_llvmir (mlir-c/Target/LLVMIR.h)."""

include "_dialect_types.pxi"
from mlir._mlir_libs._ir cimport ir_section_enter, ir_section_exit

from libcpp cimport bool as cbool
from mlir._mlir_libs.capi.support cimport (
    mlirLogicalResultIsSuccess, mlirTypeIDEqual,
)
from mlir._mlir_libs.capi.dialect.llvm cimport (
    mlirLLVMPointerTypeGet, mlirLLVMPointerTypeGetTypeID,
    mlirTypeIsALLVMPointerType, mlirLLVMPointerTypeGetAddressSpace,
    mlirTypeIsALLVMStructType, mlirLLVMStructTypeGetTypeID,
    mlirLLVMStructTypeIsLiteral, mlirLLVMStructTypeGetNumElementTypes,
    mlirLLVMStructTypeGetElementType, mlirLLVMStructTypeIsPacked,
    mlirLLVMStructTypeGetIdentifier, mlirLLVMStructTypeIsOpaque,
    mlirLLVMStructTypeLiteralGetChecked, mlirLLVMStructTypeIdentifiedGet,
    mlirLLVMStructTypeIdentifiedNewGet, mlirLLVMStructTypeOpaqueGet,
    mlirLLVMStructTypeSetBody, mlirGetDialectHandle__llvm__,
    mlirLLVMVoidTypeGet, mlirLLVMArrayTypeGet, mlirLLVMArrayTypeGetElementType,
    mlirLLVMFunctionTypeGet, mlirLLVMFunctionTypeGetNumInputs,
    mlirLLVMFunctionTypeGetInput, mlirLLVMFunctionTypeGetReturnType,
    mlirLLVMPointerTypeGetName, mlirLLVMStructTypeGetName,
    mlirLLVMVoidTypeGetName, mlirLLVMArrayTypeGetName,
    mlirLLVMFunctionTypeGetName,
)

from mlir._mlir_libs.capi.ir cimport MlirOperation
from mlir._mlir_libs.capi.mlir_cython.llvm_types cimport (
    mlirCyLLVMArrayTypeGetNumElements, mlirCyLLVMFunctionTypeIsVarArg,
)
from mlir._mlir_libs.capi.target.llvmir cimport (
    LLVMContextRef, LLVMModuleRef, mlirTranslateModuleToLLVMIR,
)

cdef extern from "llvm-c/Core.h" nogil:
    LLVMContextRef LLVMContextCreate()
    void LLVMContextDispose(LLVMContextRef c)
    char* LLVMPrintModuleToString(LLVMModuleRef m)
    void LLVMDisposeMessage(char* message)
    void LLVMDisposeModule(LLVMModuleRef m)

__all__ = ["StructType", "PointerType", "ArrayType", "FunctionType",
           "VoidType", "translate_module_to_llvmir"]

# The C API has neither IsA functions nor TypeID getters for void, array
# and function types: take the TypeIDs from instances made in a private
# context (TypeIDs do not depend on the context) and compare with them.
cdef MlirContext _c = _scratch_context(mlirGetDialectHandle__llvm__())
cdef MlirType _void = mlirLLVMVoidTypeGet(_c)
cdef MlirType _ptr = mlirLLVMPointerTypeGet(_c, 0)
cdef MlirTypeID _VOID_ID = mlirTypeGetTypeID(_void)
cdef MlirTypeID _ARRAY_ID = mlirTypeGetTypeID(mlirLLVMArrayTypeGet(_ptr, 1))
cdef MlirTypeID _FUNC_ID = mlirTypeGetTypeID(
    mlirLLVMFunctionTypeGet(_void, 0, NULL, False))
_drop_scratch_context(_c)


cdef inline bint _has_typeid(object t, MlirTypeID id):
    return isinstance(t, Type) and mlirTypeIDEqual(
        mlirTypeGetTypeID((<Type>t).c_type), id)


cdef MlirType _checked_literal(Context ctx, MlirLocation loc,
                               vector[MlirType]& elems, cbool packed) except *:
    """A literal struct of `elems`, or ValueError with MLIR's diagnostic
    (elements must be LLVM-compatible types)."""
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    cdef MlirType t = mlirLLVMStructTypeLiteralGetChecked(
        loc, elems.size(), elems.data(), packed)
    cap.check(t.ptr != NULL, "invalid LLVM struct body", _value_error)
    return t


cdef class StructType(Type):
    """!llvm.struct<...>: literal (unnamed) or identified (named) structs."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirLLVMStructTypeGetTypeID())
    type_name = _str(mlirLLVMStructTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsALLVMStructType((<Type>other).c_type)

    @classmethod
    def get_literal(cls, elements, *, packed=False, loc=None, context=None):
        """A literal struct; ValueError when an element is not an LLVM
        type. Diagnostics are reported at `loc` (default: the current
        Location, or an unknown one in `context`)."""
        cdef Context ctx
        if loc is not None:
            ctx = resolve_location(loc).context
            _same_context(ctx, context)
        elif context is not None:
            ctx = resolve_context(context)
        else:
            try:
                ctx = resolve_location(None).context
            except RuntimeError:
                ctx = resolve_context(None)
        cdef vector[MlirType] elems
        _fill_types(elems, elements, "element")
        _check_types_context(elements, ctx, "an element")
        cdef MlirType t = _checked_literal(ctx, _loc_for(loc, ctx), elems,
                                           bool(packed))
        return _mk_type(cls, ctx, t)

    @classmethod
    def get_literal_unchecked(cls, elements, *, packed=False, context=None):
        """A literal struct in `context` (default: the current one), with
        no location to report at. The element types are still checked:
        ValueError when one is not an LLVM type."""
        cdef Context ctx = resolve_context(context)
        cdef vector[MlirType] elems
        _fill_types(elems, elements, "element")
        _check_types_context(elements, ctx, "an element")
        cdef MlirType t = _checked_literal(
            ctx, mlirLocationUnknownGet(ctx.c_context), elems, bool(packed))
        return _mk_type(cls, ctx, t)

    @classmethod
    def get_identified(cls, name, *, context=None):
        """The identified struct of this name (created without a body if
        new)."""
        cdef Context ctx = resolve_context(context)
        cdef bytes n = _utf8(name, "name")
        return _mk_type(cls, ctx, mlirLLVMStructTypeIdentifiedGet(
            ctx.c_context, _ref(n)))

    @classmethod
    def get_opaque(cls, name, context=None):
        """An identified struct that is opaque (has no body)."""
        cdef Context ctx = resolve_context(context)
        cdef bytes n = _utf8(name, "name")
        return _mk_type(cls, ctx, mlirLLVMStructTypeOpaqueGet(
            ctx.c_context, _ref(n)))

    @classmethod
    def new_identified(cls, name, elements, *, packed=False, context=None):
        """A fresh identified struct with this body, its name made unique
        in the context if taken."""
        cdef Context ctx = resolve_context(context)
        cdef bytes n = _utf8(name, "name")
        cdef vector[MlirType] elems
        _fill_types(elems, elements, "element")
        _check_types_context(elements, ctx, "an element")
        _checked_literal(ctx, mlirLocationUnknownGet(ctx.c_context), elems,
                         bool(packed))
        return _mk_type(cls, ctx, mlirLLVMStructTypeIdentifiedNewGet(
            ctx.c_context, _ref(n), elems.size(), elems.data(), bool(packed)))

    def set_body(self, elements, *, packed=False):
        """Sets the body of an identified struct; ValueError if it already
        has a different one."""
        if mlirLLVMStructTypeIsLiteral(self.c_type):
            raise ValueError("cannot set the body of a literal struct")
        cdef vector[MlirType] elems
        _fill_types(elems, elements, "element")
        _check_types_context(elements, self.context, "an element")
        _checked_literal(self.context,
                         mlirLocationUnknownGet(self.context.c_context),
                         elems, bool(packed))
        if not mlirLogicalResultIsSuccess(mlirLLVMStructTypeSetBody(
                self.c_type, elems.size(), elems.data(), bool(packed))):
            raise ValueError("Struct body already set to different content.")

    @property
    def name(self):
        """The identifier of an identified struct; None for literals."""
        if mlirLLVMStructTypeIsLiteral(self.c_type):
            return None
        return _str(mlirLLVMStructTypeGetIdentifier(self.c_type))

    @property
    def body(self):
        """The element types, or None for an opaque struct."""
        if mlirLLVMStructTypeIsOpaque(self.c_type):
            return None
        cdef intptr_t i, n = mlirLLVMStructTypeGetNumElementTypes(self.c_type)
        return [wrap_type(self.context,
                          mlirLLVMStructTypeGetElementType(self.c_type, i))
                for i in range(n)]

    @property
    def packed(self):
        return mlirLLVMStructTypeIsPacked(self.c_type)

    @property
    def opaque(self):
        return mlirLLVMStructTypeIsOpaque(self.c_type)


cdef class PointerType(Type):
    """!llvm.ptr, optionally in an address space: !llvm.ptr<1>."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirLLVMPointerTypeGetTypeID())
    type_name = _str(mlirLLVMPointerTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsALLVMPointerType((<Type>other).c_type)

    @classmethod
    def get(cls, address_space=None, *, context=None):
        cdef Context ctx = resolve_context(context)
        cdef unsigned int space = 0
        if address_space is not None:
            if not isinstance(address_space, int):
                raise TypeError(f"address_space must be an int, not "
                                f"{type(address_space).__name__}")
            if address_space < 0 or address_space > 0xFFFFFF:
                raise ValueError(f"address_space must be in [0, 2^24), got "
                                 f"{address_space}")
            space = address_space
        return _mk_type(cls, ctx, mlirLLVMPointerTypeGet(ctx.c_context, space))

    @property
    def address_space(self):
        return mlirLLVMPointerTypeGetAddressSpace(self.c_type)


cdef class VoidType(Type):
    """!llvm.void: the result type of a function returning nothing."""
    cdef char _own_allocation
    static_typeid = _typeid(_VOID_ID)
    type_name = _str(mlirLLVMVoidTypeGetName())

    @staticmethod
    def isinstance(other):
        return _has_typeid(other, _VOID_ID)

    @classmethod
    def get(cls, context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(cls, ctx, mlirLLVMVoidTypeGet(ctx.c_context))


cdef class ArrayType(Type):
    """!llvm.array<N x T>: a fixed number of elements of one type."""
    cdef char _own_allocation
    static_typeid = _typeid(_ARRAY_ID)
    type_name = _str(mlirLLVMArrayTypeGetName())

    @staticmethod
    def isinstance(other):
        return _has_typeid(other, _ARRAY_ID)

    @classmethod
    def get(cls, element_type, num_elements, *, context=None):
        """ValueError when the element type cannot be an array element
        (void, a function type, ...) or the count is out of range."""
        cdef Context ctx = _ctx_of_type(element_type, "element_type")
        _same_context(ctx, context)
        if not isinstance(num_elements, int):
            raise TypeError(f"num_elements must be an int, not "
                            f"{type(num_elements).__name__}")
        if num_elements < 0 or num_elements > 0xFFFFFFFF:
            raise ValueError(f"num_elements must be in [0, 2^32), got "
                             f"{num_elements}")
        return _reparsed_type(cls, ctx, mlirLLVMArrayTypeGet(
            (<Type>element_type).c_type, num_elements))

    @property
    def element_type(self):
        return wrap_type(self.context,
                         mlirLLVMArrayTypeGetElementType(self.c_type))

    @property
    def num_elements(self):
        return mlirCyLLVMArrayTypeGetNumElements(self.c_type)


cdef class FunctionType(Type):
    """!llvm.func<R (A, B, ...)>: the type of an LLVM function."""
    cdef char _own_allocation
    static_typeid = _typeid(_FUNC_ID)
    type_name = _str(mlirLLVMFunctionTypeGetName())

    @staticmethod
    def isinstance(other):
        return _has_typeid(other, _FUNC_ID)

    @classmethod
    def get(cls, result, inputs, is_var_arg=False, *, context=None):
        """A function type returning `result` (VoidType for none) and taking
        `inputs`; ValueError when a type is not valid there (void as an
        input, a function type as a result, ...)."""
        cdef Context ctx = _ctx_of_type(result, "result")
        _same_context(ctx, context)
        cdef vector[MlirType] args
        _fill_types(args, inputs, "input")
        _check_types_context(inputs, ctx, "an input")
        return _reparsed_type(cls, ctx, mlirLLVMFunctionTypeGet(
            (<Type>result).c_type, args.size(), args.data(),
            bool(is_var_arg)))

    @property
    def inputs(self):
        """The parameter types (without the variadic tail)."""
        cdef intptr_t i, n = mlirLLVMFunctionTypeGetNumInputs(self.c_type)
        return [wrap_type(self.context,
                          mlirLLVMFunctionTypeGetInput(self.c_type, i))
                for i in range(n)]

    @property
    def return_type(self):
        return wrap_type(self.context,
                         mlirLLVMFunctionTypeGetReturnType(self.c_type))

    @property
    def is_var_arg(self):
        """Whether the function is variadic."""
        return mlirCyLLVMFunctionTypeIsVarArg(self.c_type)


for _cls in (StructType, PointerType, VoidType, ArrayType, FunctionType):
    _register_type(_cls)
del _cls


def translate_module_to_llvmir(module):
    """The LLVM IR text of a module in the LLVM dialect (an Operation, or a
    Module); MLIRError with MLIR's diagnostics if it cannot be translated
    (an operation without a translation to LLVM IR, say)."""
    cdef Operation top = _module_operation(module)
    cdef MlirOperation op
    cdef Context ctx = top.context
    # Through an LLVM context of our own, since the string-returning C
    # function does not report failure.
    cdef LLVMContextRef llvm_ctx
    cdef LLVMModuleRef llvm_mod = NULL
    cdef char* text = NULL
    cdef _ErrorCapture cap
    # Reads the module without the GIL: a shared section (see _ir.pxd).
    cdef int t = ir_section_enter(ctx, False)
    try:
        op = op_handle(top)
        llvm_ctx = LLVMContextCreate()
        cap = _ErrorCapture.attach(ctx)
        with nogil:
            llvm_mod = mlirTranslateModuleToLLVMIR(op, llvm_ctx)
            if llvm_mod != NULL:
                text = LLVMPrintModuleToString(llvm_mod)
                LLVMDisposeModule(llvm_mod)
            LLVMContextDispose(llvm_ctx)
        cap.check(text != NULL, "failed to translate the module to LLVM IR")
    finally:
        ir_section_exit(ctx, t)
    try:
        return (<bytes>text).decode("utf-8")
    finally:
        LLVMDisposeMessage(text)
