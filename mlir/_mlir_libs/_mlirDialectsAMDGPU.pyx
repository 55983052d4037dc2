# cython: language_level=3
"""Types of the amdgpu dialect (mlir-c/Dialect/AMDGPU.h), re-exported by
mlir.dialects.amdgpu: TDMBaseType, TDMDescriptorType, TDMGatherBaseType."""

include "_dialect_types.pxi"

from mlir._mlir_libs.capi.dialect.amdgpu cimport *

__all__ = ["TDMBaseType", "TDMDescriptorType", "TDMGatherBaseType"]


cdef class TDMBaseType(Type):
    """!amdgpu.tdm_base<element_type>."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirAMDGPUTDMBaseTypeGetTypeID())
    type_name = _str(mlirAMDGPUTDMBaseTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAAMDGPUTDMBaseType((<Type>other).c_type)

    @staticmethod
    def get(element_type, context=None):
        cdef Context ctx = _ctx_of_type(element_type, "element_type")
        _same_context(ctx, context)
        return _reparsed_type(TDMBaseType, ctx, mlirAMDGPUTDMBaseTypeGet(
            ctx.c_context, (<Type>element_type).c_type))


cdef class TDMDescriptorType(Type):
    """!amdgpu.tdm_descriptor."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirAMDGPUTDMDescriptorTypeGetTypeID())
    type_name = _str(mlirAMDGPUTDMDescriptorTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAAMDGPUTDMDescriptorType((<Type>other).c_type)

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _mk_type(TDMDescriptorType, ctx,
                        mlirAMDGPUTDMDescriptorTypeGet(ctx.c_context))


cdef class TDMGatherBaseType(Type):
    """!amdgpu.tdm_gather_base<element_type, index_type>."""
    cdef char _own_allocation
    static_typeid = _typeid(mlirAMDGPUTDMGatherBaseTypeGetTypeID())
    type_name = _str(mlirAMDGPUTDMGatherBaseTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAAMDGPUTDMGatherBaseType((<Type>other).c_type)

    @staticmethod
    def get(element_type, index_type, context=None):
        cdef Context ctx = _ctx_of_type(element_type, "element_type")
        _same_context(ctx, context)
        if _ctx_of_type(index_type, "index_type") is not ctx:
            raise ValueError("element_type and index_type are of different "
                             "contexts")
        return _reparsed_type(TDMGatherBaseType, ctx, mlirAMDGPUTDMGatherBaseTypeGet(
            ctx.c_context, (<Type>element_type).c_type,
            (<Type>index_type).c_type))


for _cls in (TDMBaseType, TDMDescriptorType, TDMGatherBaseType):
    _register_type(_cls)
del _cls
