# Hand-written parts of _mlirDialectsLLVM (gen/dialect_types/llvm.toml):
# the TypeIDs of void, array and function types, the struct and function
# type constructors, and translate_module_to_llvmir.

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


cdef inline bint _has_typeid(MlirType t, MlirTypeID id) noexcept:
    return mlirTypeIDEqual(mlirTypeGetTypeID(t), id)


# The isa functions of VoidType, ArrayType and FunctionType.
cdef inline bint _is_void(MlirType t) noexcept:
    return _has_typeid(t, _VOID_ID)


cdef inline bint _is_array(MlirType t) noexcept:
    return _has_typeid(t, _ARRAY_ID)


cdef inline bint _is_function(MlirType t) noexcept:
    return _has_typeid(t, _FUNC_ID)


cdef MlirType _checked_literal(Context ctx, MlirLocation loc,
                               vector[MlirType]& elems, cbool packed) except *:
    """A literal struct of `elems`, or ValueError with MLIR's diagnostic
    (elements must be LLVM-compatible types)."""
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    cdef MlirType t = mlirLLVMStructTypeLiteralGetChecked(
        loc, elems.size(), elems.data(), packed)
    cap.check(t.ptr != NULL, "invalid LLVM struct body", _value_error)
    return t


# -- StructType ---------------------------------------------------------------

cdef object _struct_get_literal(type cls, object elements, object packed,
                                object loc, object context):
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


cdef object _struct_get_literal_unchecked(type cls, object elements,
                                          object packed, object context):
    cdef Context ctx = resolve_context(context)
    cdef vector[MlirType] elems
    _fill_types(elems, elements, "element")
    _check_types_context(elements, ctx, "an element")
    cdef MlirType t = _checked_literal(
        ctx, mlirLocationUnknownGet(ctx.c_context), elems, bool(packed))
    return _mk_type(cls, ctx, t)


cdef object _struct_new_identified(type cls, object name, object elements,
                                   object packed, object context):
    cdef Context ctx = resolve_context(context)
    cdef bytes n = _utf8(name, "name")
    cdef vector[MlirType] elems
    _fill_types(elems, elements, "element")
    _check_types_context(elements, ctx, "an element")
    _checked_literal(ctx, mlirLocationUnknownGet(ctx.c_context), elems,
                     bool(packed))
    return _mk_type(cls, ctx, mlirLLVMStructTypeIdentifiedNewGet(
        ctx.c_context, _ref(n), elems.size(), elems.data(), bool(packed)))


cdef object _struct_set_body(Type self, object elements, object packed):
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


cdef inline bint _struct_is_identified(MlirType t) noexcept:
    """Whether a struct has a name (StructType.name is None for literals)."""
    return not mlirLLVMStructTypeIsLiteral(t)


cdef object _struct_body(Type self):
    if mlirLLVMStructTypeIsOpaque(self.c_type):
        return None
    cdef intptr_t i, n = mlirLLVMStructTypeGetNumElementTypes(self.c_type)
    return [wrap_type(self.context,
                      mlirLLVMStructTypeGetElementType(self.c_type, i))
            for i in range(n)]


# -- PointerType, ArrayType ---------------------------------------------------

cdef int _check_address_space(object address_space,
                              object context) except -1:
    if address_space is not None:
        if not isinstance(address_space, int):
            raise TypeError(f"address_space must be an int, not "
                            f"{type(address_space).__name__}")
        if address_space < 0:
            raise _argument_type_error(f"address_space must be >= 0, got {address_space}")
        if address_space > 0xFFFFFF:
            raise ValueError(f"address_space must be in [0, 2^24), got "
                             f"{address_space}")
    return 0


cdef int _check_num_elements(object element_type, object num_elements,
                             object context) except -1:
    if not isinstance(num_elements, int):
        raise TypeError(f"num_elements must be an int, not "
                        f"{type(num_elements).__name__}")
    if num_elements < 0 or num_elements > 0xFFFFFFFF:
        raise ValueError(f"num_elements must be in [0, 2^32), got "
                         f"{num_elements}")
    return 0


# -- FunctionType -------------------------------------------------------------

cdef object _function_type_get(type cls, object result, object inputs,
                               object is_var_arg, object context):
    cdef Context ctx = _ctx_of_type(result, "result")
    _same_context(ctx, context)
    cdef vector[MlirType] args
    _fill_types(args, inputs, "input")
    _check_types_context(inputs, ctx, "an input")
    return _reparsed_type(cls, ctx, mlirLLVMFunctionTypeGet(
        (<Type>result).c_type, args.size(), args.data(),
        bool(is_var_arg)))


# -- translation ----------------------------------------------------------------

def translate_module_to_llvmir(module: Operation | Module) -> str:
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
