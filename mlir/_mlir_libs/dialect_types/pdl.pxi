# Hand-written parts of _mlirDialectsPDL (gen/dialect_types/pdl.toml).

cdef int _check_range_element(object element_type, object context) except -1:
    """RangeType::get asserts on other element types: check first."""
    cdef MlirType e = (<Type>element_type).c_type
    if not mlirTypeIsAPDLType(e):
        raise ValueError(f"element_type must be a pdl type, got "
                         f"{element_type}")
    if mlirTypeIsAPDLRangeType(e):
        raise ValueError("element_type must not be a pdl range type")
    return 0
