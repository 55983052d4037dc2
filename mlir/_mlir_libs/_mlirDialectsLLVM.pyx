# cython: language_level=3
"""Types of the llvm dialect (mlir-c/Dialect/LLVM.h), re-exported by
mlir.dialects.llvm: StructType, PointerType."""

include "_dialect_types.pxi"

from libcpp cimport bool as cbool
from mlir._mlir_libs.capi.support cimport mlirLogicalResultIsSuccess
from mlir._mlir_libs.capi.dialect.llvm cimport (
    mlirLLVMPointerTypeGet, mlirLLVMPointerTypeGetTypeID,
    mlirTypeIsALLVMPointerType, mlirLLVMPointerTypeGetAddressSpace,
    mlirTypeIsALLVMStructType, mlirLLVMStructTypeGetTypeID,
    mlirLLVMStructTypeIsLiteral, mlirLLVMStructTypeGetNumElementTypes,
    mlirLLVMStructTypeGetElementType, mlirLLVMStructTypeIsPacked,
    mlirLLVMStructTypeGetIdentifier, mlirLLVMStructTypeIsOpaque,
    mlirLLVMStructTypeLiteralGetChecked, mlirLLVMStructTypeIdentifiedGet,
    mlirLLVMStructTypeIdentifiedNewGet, mlirLLVMStructTypeOpaqueGet,
    mlirLLVMStructTypeSetBody,
)

__all__ = ["StructType", "PointerType"]


cdef MlirType _checked_literal(Context ctx, MlirLocation loc,
                               vector[MlirType]& elems, cbool packed) except *:
    """A literal struct of `elems`, or ValueError with MLIR's diagnostic
    (elements must be LLVM-compatible types)."""
    cdef MlirType t
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    try:
        t = mlirLLVMStructTypeLiteralGetChecked(loc, elems.size(),
                                                elems.data(), packed)
    finally:
        errors = cap.detach()
    if t.ptr == NULL:
        raise ValueError(_diag_text(errors, "invalid LLVM struct body"))
    return t


cdef class StructType(Type):
    """!llvm.struct<...>: literal (unnamed) or identified (named) structs."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirLLVMStructTypeGetTypeID())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsALLVMStructType((<Type>other).c_type)

    @classmethod
    def get_literal(cls, elements, *, packed=False, loc=None):
        """A literal struct; ValueError when an element is not an LLVM
        type."""
        cdef Context ctx
        if loc is not None:
            ctx = resolve_location(loc).context
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


_register_type(StructType)
_register_type(PointerType)
