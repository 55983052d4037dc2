# cython: language_level=3
"""Types of the transform dialect (mlir-c/Dialect/Transform.h), re-exported
by mlir.dialects.transform: AnyOpType, AnyParamType, AnyValueType,
OperationType, ParamType."""

include "_dialect_types.pxi"

from mlir._mlir_libs.capi.dialect.transform cimport (
    mlirTypeIsATransformAnyOpType, mlirTransformAnyOpTypeGetTypeID,
    mlirTransformAnyOpTypeGet,
    mlirTypeIsATransformAnyParamType, mlirTransformAnyParamTypeGetTypeID,
    mlirTransformAnyParamTypeGet,
    mlirTypeIsATransformAnyValueType, mlirTransformAnyValueTypeGetTypeID,
    mlirTransformAnyValueTypeGet,
    mlirTypeIsATransformOperationType, mlirTransformOperationTypeGetTypeID,
    mlirTransformOperationTypeGet, mlirTransformOperationTypeGetOperationName,
    mlirTypeIsATransformParamType, mlirTransformParamTypeGetTypeID,
    mlirTransformParamTypeGet, mlirTransformParamTypeGetType,
)

__all__ = ["AnyOpType", "AnyParamType", "AnyValueType", "OperationType",
           "ParamType"]


cdef class AnyOpType(Type):
    """!transform.any_op: a handle to any payload operations."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirTransformAnyOpTypeGetTypeID())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsATransformAnyOpType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(AnyOpType, ctx, mlirTransformAnyOpTypeGet(ctx.c_context))


cdef class AnyParamType(Type):
    """!transform.any_param: a handle to any parameters."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirTransformAnyParamTypeGetTypeID())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsATransformAnyParamType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(AnyParamType, ctx,
                        mlirTransformAnyParamTypeGet(ctx.c_context))


cdef class AnyValueType(Type):
    """!transform.any_value: a handle to any payload values."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirTransformAnyValueTypeGetTypeID())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsATransformAnyValueType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(AnyValueType, ctx,
                        mlirTransformAnyValueTypeGet(ctx.c_context))


cdef class OperationType(Type):
    """!transform.op<"name">: a handle to payload operations of one kind."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirTransformOperationTypeGetTypeID())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsATransformOperationType((<Type>other).c_type)

    @staticmethod
    def get(operation_name, context=None):
        cdef Context ctx = resolve_context(context)
        cdef bytes n = _utf8(operation_name, "operation_name")
        return _mk_type(OperationType, ctx, mlirTransformOperationTypeGet(
            ctx.c_context, _ref(n)))

    @property
    def operation_name(self):
        """The name of the payload operations the handle accepts."""
        return _str(mlirTransformOperationTypeGetOperationName(self.c_type))


cdef class ParamType(Type):
    """!transform.param<T>: a handle to parameters of type T."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirTransformParamTypeGetTypeID())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsATransformParamType((<Type>other).c_type)

    @staticmethod
    def get(type, context=None):
        cdef Context ctx = _ctx_of_type(type, "type")
        _same_context(ctx, context)
        return _mk_type(ParamType, ctx, mlirTransformParamTypeGet(
            ctx.c_context, (<Type>type).c_type))

    @property
    def type(self):
        """The type of the parameters."""
        return wrap_type(self.context, mlirTransformParamTypeGetType(self.c_type))


for _cls in (AnyOpType, AnyParamType, AnyValueType, OperationType, ParamType):
    _register_type(_cls)
del _cls
