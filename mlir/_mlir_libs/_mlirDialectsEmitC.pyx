# cython: language_level=3
"""Types and attributes of the emitc dialect (mlir-c/Dialect/EmitC.h),
re-exported by mlir.dialects.emitc under their C++ names: ArrayType,
LValueType, OpaqueType, PointerType, PtrDiffTType, SignedSizeTType,
SizeTType, CmpPredicateAttr, OpaqueAttr. (Upstream's Python bindings have
no emitc module; these follow the C API.)"""

include "_dialect_types.pxi"

from mlir._mlir_libs.capi.builtin_types cimport (
    mlirTypeIsAShaped, mlirShapedTypeGetRank, mlirShapedTypeGetDimSize,
    mlirShapedTypeGetElementType,
)
from mlir._mlir_libs.capi.dialect.emitc cimport *

__all__ = ["ArrayType", "LValueType", "OpaqueType", "PointerType",
           "PtrDiffTType", "SignedSizeTType", "SizeTType", "CmpPredicateAttr",
           "OpaqueAttr"]


cdef class ArrayType(Type):
    """!emitc.array<2x3xi32>."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirEmitCArrayTypeGetTypeID())
    type_name = _str(mlirEmitCArrayTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAEmitCArrayType((<Type>other).c_type)

    @staticmethod
    def get(shape, element_type, context=None):
        cdef Context ctx = _ctx_of_type(element_type, "element_type")
        _same_context(ctx, context)
        cdef vector[int64_t] dims
        if isinstance(shape, (str, bytes)) or not hasattr(shape, "__iter__"):
            raise TypeError("shape must be a sequence of ints")
        for d in shape:
            if not isinstance(d, int):
                raise TypeError(f"shape dimensions must be ints, not "
                                f"{type(d).__name__}")
            dims.push_back(<int64_t>d)
        return _reparsed_type(ArrayType, ctx, mlirEmitCArrayTypeGet(
            dims.size(), dims.data(), (<Type>element_type).c_type))

    @property
    def shape(self):
        cdef intptr_t i, n = mlirShapedTypeGetRank(self.c_type)
        return [mlirShapedTypeGetDimSize(self.c_type, i) for i in range(n)]

    @property
    def element_type(self):
        return wrap_type(self.context, mlirShapedTypeGetElementType(self.c_type))


cdef class LValueType(Type):
    """!emitc.lvalue<T>."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirEmitCLValueTypeGetTypeID())
    type_name = _str(mlirEmitCLValueTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAEmitCLValueType((<Type>other).c_type)

    @staticmethod
    def get(value_type, context=None):
        cdef Context ctx = _ctx_of_type(value_type, "value_type")
        _same_context(ctx, context)
        return _reparsed_type(LValueType, ctx, mlirEmitCLValueTypeGet(
            (<Type>value_type).c_type))


cdef class OpaqueType(Type):
    """!emitc.opaque<"value">: a C/C++ type spelled out."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirEmitCOpaqueTypeGetTypeID())
    type_name = _str(mlirEmitCOpaqueTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAEmitCOpaqueType((<Type>other).c_type)

    @staticmethod
    def get(value, context=None):
        cdef Context ctx = resolve_context(context)
        cdef bytes v = _utf8(value, "value")
        return _reparsed_type(OpaqueType, ctx, mlirEmitCOpaqueTypeGet(
            ctx.c_context, _ref(v)))


cdef class PointerType(Type):
    """!emitc.ptr<T>."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirEmitCPointerTypeGetTypeID())
    type_name = _str(mlirEmitCPointerTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAEmitCPointerType((<Type>other).c_type)

    @staticmethod
    def get(pointee, context=None):
        cdef Context ctx = _ctx_of_type(pointee, "pointee")
        _same_context(ctx, context)
        return _reparsed_type(PointerType, ctx, mlirEmitCPointerTypeGet(
            (<Type>pointee).c_type))


cdef class PtrDiffTType(Type):
    """!emitc.ptrdiff_t."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirEmitCPtrDiffTTypeGetTypeID())
    type_name = _str(mlirEmitCPtrDiffTTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAEmitCPtrDiffTType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(PtrDiffTType, ctx, mlirEmitCPtrDiffTTypeGet(ctx.c_context))


cdef class SignedSizeTType(Type):
    """!emitc.ssize_t."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirEmitCSignedSizeTTypeGetTypeID())
    type_name = _str(mlirEmitCSignedSizeTTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAEmitCSignedSizeTType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(SignedSizeTType, ctx,
                        mlirEmitCSignedSizeTTypeGet(ctx.c_context))


cdef class SizeTType(Type):
    """!emitc.size_t."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirEmitCSizeTTypeGetTypeID())
    type_name = _str(mlirEmitCSizeTTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAEmitCSizeTType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(SizeTType, ctx, mlirEmitCSizeTTypeGet(ctx.c_context))


cdef class CmpPredicateAttr(Attribute):
    """A comparison predicate of emitc.cmp: an i64 IntegerAttr holding a
    value of emitc.CmpPredicate. Being an IntegerAttr (same TypeID), it has
    no static_typeid and no caster: cast explicitly, CmpPredicateAttr(a)."""
    cdef char _own_allocation
    attr_name = _str(mlirEmitCCmpPredicateAttrGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsAEmitCCmpPredicate((<Attribute>other).c_attr)

    @staticmethod
    def get(value, context=None):
        cdef Context ctx = resolve_context(context)
        if not isinstance(value, int):
            raise TypeError(f"value must be an int, not {type(value).__name__}")
        if value < MLIR_EMITC_CMP_PREDICATE_EQ or value > MLIR_EMITC_CMP_PREDICATE_THREE_WAY:
            raise ValueError(f"invalid emitc comparison predicate {value}")
        return _mk_attr(CmpPredicateAttr, ctx, mlirEmitCCmpPredicateAttrGet(
            ctx.c_context, <MlirEmitCCmpPredicate><int>value))

    @property
    def value(self):
        return <int>mlirEmitCCmpPredicateAttrGetValue(self.c_attr)


cdef class OpaqueAttr(Attribute):
    """#emitc.opaque<"value">: a C/C++ expression spelled out."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirEmitCOpaqueAttrGetTypeID())
    attr_name = _str(mlirEmitCOpaqueAttrGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsAEmitCOpaque((<Attribute>other).c_attr)

    @staticmethod
    def get(value, context=None):
        cdef Context ctx = resolve_context(context)
        cdef bytes v = _utf8(value, "value")
        return _mk_attr(OpaqueAttr, ctx, mlirEmitCOpaqueAttrGet(ctx.c_context, _ref(v)))

    @property
    def value(self):
        return _str(mlirEmitCOpaqueAttrGetValue(self.c_attr))


for _cls in (ArrayType, LValueType, OpaqueType, PointerType, PtrDiffTType,
             SignedSizeTType, SizeTType):
    _register_type(_cls)
_register_attr(OpaqueAttr)
del _cls
