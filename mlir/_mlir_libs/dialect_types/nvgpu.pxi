# Hand-written parts of _mlirDialectsNVGPU (gen/dialect_types/nvgpu.toml).

from mlir._mlir_libs.capi.builtin_types cimport (
    mlirTypeIsAMemRef, mlirMemRefTypeContiguousGet, mlirF32TypeGet,
)

# No TypeID getter in the C API: take it from an instance made in a
# private context (TypeIDs do not depend on the context).
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


cdef int _check_descriptor(object tensor_type, object swizzle, object l2promo,
                           object oob_fill, object interleave,
                           object context) except -1:
    if not mlirTypeIsAMemRef((<Type>tensor_type).c_type):
        raise ValueError(f"tensor_type must be a MemRefType, got "
                         f"{tensor_type}")
    _check_kind(swizzle, "swizzle", 4)
    _check_kind(l2promo, "l2promo", 4)
    _check_kind(oob_fill, "oob_fill", 2)
    _check_kind(interleave, "interleave", 3)
    return 0
