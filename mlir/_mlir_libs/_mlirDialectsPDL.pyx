# cython: language_level=3
"""Types of the pdl dialect (mlir-c/Dialect/PDL.h), re-exported by
mlir.dialects.pdl: PDLType, AttributeType, OperationType, RangeType,
TypeType, ValueType."""

include "_dialect_types.pxi"

from mlir._mlir_libs.capi.dialect.pdl cimport (
    mlirTypeIsAPDLType,
    mlirTypeIsAPDLAttributeType, mlirPDLAttributeTypeGetTypeID, mlirPDLAttributeTypeGet,
    mlirPDLAttributeTypeGetName, mlirPDLOperationTypeGetName, mlirPDLRangeTypeGetName,
    mlirPDLTypeTypeGetName, mlirPDLValueTypeGetName,
    mlirTypeIsAPDLOperationType, mlirPDLOperationTypeGetTypeID, mlirPDLOperationTypeGet,
    mlirTypeIsAPDLRangeType, mlirPDLRangeTypeGetTypeID, mlirPDLRangeTypeGet,
    mlirPDLRangeTypeGetElementType,
    mlirTypeIsAPDLTypeType, mlirPDLTypeTypeGetTypeID, mlirPDLTypeTypeGet,
    mlirTypeIsAPDLValueType, mlirPDLValueTypeGetTypeID, mlirPDLValueTypeGet,
)

__all__ = ["PDLType", "AttributeType", "OperationType", "RangeType",
           "TypeType", "ValueType"]


cdef class PDLType(Type):
    """Any type of the pdl dialect."""
    cdef char _own_allocation
    static_typeid = _ir_module._NoTypeID()     # a base: no TypeID of its own

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAPDLType((<Type>other).c_type)


cdef class AttributeType(Type):
    """!pdl.attribute."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirPDLAttributeTypeGetTypeID())
    type_name = _str(mlirPDLAttributeTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAPDLAttributeType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(AttributeType, ctx, mlirPDLAttributeTypeGet(ctx.c_context))


cdef class OperationType(Type):
    """!pdl.operation."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirPDLOperationTypeGetTypeID())
    type_name = _str(mlirPDLOperationTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAPDLOperationType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(OperationType, ctx, mlirPDLOperationTypeGet(ctx.c_context))


cdef class RangeType(Type):
    """!pdl.range<T>, T one of the other pdl types."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirPDLRangeTypeGetTypeID())
    type_name = _str(mlirPDLRangeTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAPDLRangeType((<Type>other).c_type)

    @staticmethod
    def get(element_type, context=None):
        cdef Context ctx = _ctx_of_type(element_type, "element_type")
        _same_context(ctx, context)
        cdef MlirType e = (<Type>element_type).c_type
        # RangeType::get asserts on these; check first.
        if not mlirTypeIsAPDLType(e):
            raise ValueError(f"element_type must be a pdl type, got "
                             f"{element_type}")
        if mlirTypeIsAPDLRangeType(e):
            raise ValueError("element_type must not be a pdl range type")
        return _mk_type(RangeType, ctx, mlirPDLRangeTypeGet(e))

    @property
    def element_type(self):
        return wrap_type(self.context, mlirPDLRangeTypeGetElementType(self.c_type))


cdef class TypeType(Type):
    """!pdl.type."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirPDLTypeTypeGetTypeID())
    type_name = _str(mlirPDLTypeTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAPDLTypeType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(TypeType, ctx, mlirPDLTypeTypeGet(ctx.c_context))


cdef class ValueType(Type):
    """!pdl.value."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirPDLValueTypeGetTypeID())
    type_name = _str(mlirPDLValueTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAPDLValueType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(ValueType, ctx, mlirPDLValueTypeGet(ctx.c_context))


for _cls in (AttributeType, OperationType, RangeType, TypeType, ValueType):
    _register_type(_cls)
del _cls
