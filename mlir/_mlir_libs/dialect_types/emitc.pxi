# Hand-written parts of _mlirDialectsEmitC (gen/dialect_types/emitc.toml).

from mlir._mlir_libs.capi.builtin_types cimport (
    mlirTypeIsAShaped, mlirShapedTypeGetRank, mlirShapedTypeGetDimSize,
    mlirShapedTypeGetElementType,
)


cdef object _array_type_get(type cls, object shape, object element_type,
                            object context):
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
    return _reparsed_type(cls, ctx, mlirEmitCArrayTypeGet(
        dims.size(), dims.data(), (<Type>element_type).c_type))


cdef int _check_predicate(object value, object context) except -1:
    if not isinstance(value, int):
        raise TypeError(f"value must be an int, not {type(value).__name__}")
    if (value < MLIR_EMITC_CMP_PREDICATE_EQ
            or value > MLIR_EMITC_CMP_PREDICATE_THREE_WAY):
        raise ValueError(f"invalid emitc comparison predicate {value}")
    return 0
