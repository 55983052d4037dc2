# Hand-written parts of _mlirDialectsAMDGPU (gen/dialect_types/amdgpu.toml).

from mlir._mlir_libs.capi.builtin_types cimport mlirTypeIsAFloat, mlirTypeIsAInteger


cdef int _check_gather_element(object element_type, object index_type,
                               object context) except -1:
    """TDMGatherBaseType's verifier reads the element type's bit width:
    on an index, vector or other type it crashes (upstream aborts), so
    check first."""
    cdef MlirType e = (<Type>element_type).c_type
    if not (mlirTypeIsAInteger(e) or mlirTypeIsAFloat(e)):
        raise ValueError(f"element_type must be an integer or float type, "
                         f"got {element_type}")
    return 0
