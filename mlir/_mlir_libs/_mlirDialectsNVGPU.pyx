# cython: language_level=3
"""Types of the nvgpu dialect (mlir-c/Dialect/NVGPU.h), re-exported by
mlir.dialects.nvgpu: TensorMapDescriptorType."""

include "_dialect_types.pxi"

from mlir._mlir_libs.capi.builtin_types cimport (
    mlirTypeIsAMemRef, mlirMemRefTypeContiguousGet, mlirF32TypeGet,
)
from mlir._mlir_libs.capi.dialect.nvgpu cimport (
    mlirGetDialectHandle__nvgpu__, mlirTypeIsANVGPUTensorMapDescriptorType,
    mlirNVGPUTensorMapDescriptorTypeGet, mlirNVGPUTensorMapDescriptorTypeGetName,
)

__all__ = ["TensorMapDescriptorType"]

cdef MlirContext _c = _scratch_context(mlirGetDialectHandle__nvgpu__())
cdef int64_t _shape = 4
cdef MlirAttribute _no_space
_no_space.ptr = NULL
_TMD_TYPEID = _typeid(mlirTypeGetTypeID(mlirNVGPUTensorMapDescriptorTypeGet(
    _c, mlirMemRefTypeContiguousGet(mlirF32TypeGet(_c), 1, &_shape, _no_space),
    0, 0, 0, 0)))
_drop_scratch_context(_c)


cdef int _check_kind(object v, str what, int n) except -1:
    if not isinstance(v, int):
        raise TypeError(f"{what} must be an int, not {type(v).__name__}")
    if v < 0 or v >= n:
        raise ValueError(f"{what} must be in [0, {n}), got {v}")
    return 0


cdef class TensorMapDescriptorType(Type):
    """!nvgpu.tensormap.descriptor<tensor = memref<...>, swizzle = ...,
    l2promo = ..., oob = ..., interleave = ...>."""
    cdef char _own_allocation
    static_typeid = _TMD_TYPEID
    type_name = _str(mlirNVGPUTensorMapDescriptorTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsANVGPUTensorMapDescriptorType((<Type>other).c_type)

    @classmethod
    def get(cls, tensor_type, swizzle, l2promo, oob_fill, interleave,
            context=None):
        """tensor_type: a MemRefType; swizzle, l2promo, oob_fill and
        interleave: values of nvgpu's TensorMapSwizzleKind,
        TensorMapL2PromoKind, TensorMapOOBKind, TensorMapInterleaveKind."""
        cdef Context c = _ctx_of_type(tensor_type, "tensor_type")
        _same_context(c, context)
        if not mlirTypeIsAMemRef((<Type>tensor_type).c_type):
            raise ValueError(f"tensor_type must be a MemRefType, got "
                             f"{tensor_type}")
        _check_kind(swizzle, "swizzle", 4)
        _check_kind(l2promo, "l2promo", 4)
        _check_kind(oob_fill, "oob_fill", 2)
        _check_kind(interleave, "interleave", 3)
        return _mk_type(cls, c, mlirNVGPUTensorMapDescriptorTypeGet(
            c.c_context, (<Type>tensor_type).c_type, swizzle, l2promo,
            oob_fill, interleave))


_register_type(TensorMapDescriptorType)
