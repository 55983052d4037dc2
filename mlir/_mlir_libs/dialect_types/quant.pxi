# Hand-written parts of _mlirDialectsQuant (gen/dialect_types/quant.toml):
# the checks and verification of the constructors, the constructors, the
# casts and the properties that are lists or may be None.

from libc.stdint cimport int32_t
from mlir._mlir_libs.capi.builtin_types cimport (
    mlirTypeIsAInteger, mlirIntegerTypeGetWidth, mlirTypeIsAFloat,
    mlirShapedTypeGetRank,
)
from mlir._mlir_libs.capi.builtin_attributes cimport (
    mlirAttributeIsADenseFPElements, mlirAttributeIsADenseIntElements,
    mlirElementsAttrGetNumElements,
)
from mlir._mlir_libs.capi.ir cimport mlirAttributeGetType

_MLIRError = _ir_module.MLIRError
_TypeParse = _ir_module.Type.parse


cdef unsigned int _SIGNED = mlirQuantizedTypeGetSignedFlag()


cdef int _check_common(object flags, object storage_type, object expressed_type,
                       bint expressed_optional) except -1:
    """What must hold before the C constructor is called (the quant types
    assume an integer storage type, at most 32 bits)."""
    if not isinstance(flags, int):
        raise TypeError(f"flags must be an int, not {type(flags).__name__}")
    if flags < 0:
        # Unsigned upstream: nanobind refuses a negative int. Other bits
        # than FLAG_SIGNED are ignored, as by MLIR.
        raise _argument_type_error(f"flags must be >= 0, got {flags}")
    cdef MlirType s = type_handle(storage_type, "storage_type")
    if not mlirTypeIsAInteger(s):
        raise ValueError(f"storage_type must be an integer type, got "
                         f"{storage_type}")
    cdef unsigned int w = mlirIntegerTypeGetWidth(s)
    if w == 0 or w > 32:
        raise ValueError(f"illegal storage type size: {w} (1 to 32 bits)")
    if expressed_type is None and expressed_optional:
        return 0
    cdef MlirType e = type_handle(expressed_type, "expressed_type")
    if not expressed_optional and not mlirTypeIsAFloat(e):
        raise ValueError(f"expressed_type must be a floating-point type, got "
                         f"{expressed_type}")
    if (<Type>expressed_type).context is not (<Type>storage_type).context:
        raise ValueError("storage_type and expressed_type are of different "
                         "contexts")
    return 0


cdef object _verified(type cls, Context ctx, MlirType t):
    """The quant types are made by their unchecked C constructors; reparse
    the printed form, which runs MLIR's verifier, and turn its diagnostic
    into ValueError."""
    cdef Type r = _mk_type(cls, ctx, t)
    text = str(r)
    try:
        again = _TypeParse(text, context=ctx)
    except _MLIRError as e:
        msgs = [d.message for d in e.error_diagnostics]
        raise ValueError("; ".join(msgs) or f"invalid quantized type {text}") from None
    return r


cdef object _checked_cast(Context ctx, MlirType t):
    if t.ptr == NULL:
        raise TypeError("Invalid cast.")
    return wrap_type(ctx, t)


# -- QuantizedType --------------------------------------------------------------

cdef int _check_integral_width(object w) except -1:
    if not isinstance(w, int):
        raise TypeError(f"integral_width must be an int, not {type(w).__name__}")
    if w < 0:
        raise _argument_type_error(f"integral_width must be >= 0, got {w}")
    if w < 1 or w > 64:
        raise ValueError(f"integral_width must be in [1, 64], got {w}")
    return 0


cdef object _default_minimum_for_integer(object is_signed,
                                         object integral_width):
    _check_integral_width(integral_width)
    return mlirQuantizedTypeGetDefaultMinimumForInteger(1 if is_signed else 0,
                                                        integral_width)


cdef object _default_maximum_for_integer(object is_signed,
                                         object integral_width):
    _check_integral_width(integral_width)
    return mlirQuantizedTypeGetDefaultMaximumForInteger(1 if is_signed else 0,
                                                        integral_width)


cdef object _is_compatible_expressed_type(Type self, object candidate):
    return mlirQuantizedTypeIsCompatibleExpressedType(
        self.c_type, type_handle(candidate, "candidate"))


cdef object _cast_from_storage_type(Type self, object candidate):
    return _checked_cast(self.context, mlirQuantizedTypeCastFromStorageType(
        self.c_type, type_handle(candidate, "candidate")))


cdef object _cast_to_storage_type(object type):
    cdef MlirType t = type_handle(type, "type")
    return _checked_cast((<Type>type).context,
                         mlirQuantizedTypeCastToStorageType(t))


cdef object _cast_from_expressed_type(Type self, object candidate):
    return _checked_cast(self.context, mlirQuantizedTypeCastFromExpressedType(
        self.c_type, type_handle(candidate, "candidate")))


cdef object _cast_to_expressed_type(object type):
    cdef MlirType t = type_handle(type, "type")
    return _checked_cast((<Type>type).context,
                         mlirQuantizedTypeCastToExpressedType(t))


cdef object _cast_expressed_to_storage_type(Type self, object candidate):
    return _checked_cast(self.context,
                         mlirQuantizedTypeCastExpressedToStorageType(
                             self.c_type, type_handle(candidate, "candidate")))


# -- the constructors -----------------------------------------------------------
# Parameters typed in C convert as the arguments are passed, before the
# checks, as they did when they were parameters of the methods.

cdef object _any_quantized_get(type cls, object flags, object storage_type,
                               object expressed_type, object storage_type_min,
                               object storage_type_max, object context):
    _check_common(flags, storage_type, expressed_type, True)
    _same_context((<Type>storage_type).context, context)
    cdef MlirType e
    e.ptr = NULL
    if expressed_type is not None:
        e = (<Type>expressed_type).c_type
    return _verified(cls, (<Type>storage_type).context, mlirAnyQuantizedTypeGet(
        flags, (<Type>storage_type).c_type, e, storage_type_min,
        storage_type_max))


cdef object _uniform_quantized_get(type cls, object flags, object storage_type,
                                   object expressed_type, double scale,
                                   int64_t zero_point, int64_t storage_type_min,
                                   int64_t storage_type_max, object context):
    _check_common(flags, storage_type, expressed_type, False)
    _same_context((<Type>storage_type).context, context)
    return _verified(cls, (<Type>storage_type).context, mlirUniformQuantizedTypeGet(
        flags, (<Type>storage_type).c_type, (<Type>expressed_type).c_type,
        scale, zero_point, storage_type_min, storage_type_max))


cdef object _uniform_quantized_per_axis_get(
        type cls, object flags, object storage_type, object expressed_type,
        object scales, object zero_points, int32_t quantized_dimension,
        int64_t storage_type_min, int64_t storage_type_max, object context):
    _check_common(flags, storage_type, expressed_type, False)
    _same_context((<Type>storage_type).context, context)
    cdef vector[double] s = _float_seq_param(scales, "scales")
    cdef vector[int64_t] z = _int_seq_param(zero_points, "zero_points")
    if s.size() != z.size():
        raise ValueError("Mismatching number of scales and zero points.")
    return _verified(cls, (<Type>storage_type).context, mlirUniformQuantizedPerAxisTypeGet(
        flags, (<Type>storage_type).c_type, (<Type>expressed_type).c_type,
        s.size(), s.data(), z.data(), quantized_dimension,
        storage_type_min, storage_type_max))


cdef object _uniform_quantized_sub_channel_get(
        type cls, object flags, object storage_type, object expressed_type,
        object scales, object zero_points, object quantized_dimensions,
        object block_sizes, int64_t storage_type_min,
        int64_t storage_type_max, object context):
    _check_common(flags, storage_type, expressed_type, False)
    _same_context((<Type>storage_type).context, context)
    cdef MlirAttribute sc = attribute_handle(scales, "scales")
    cdef MlirAttribute zp = attribute_handle(zero_points, "zero_points")
    if not mlirAttributeIsADenseFPElements(sc):
        raise TypeError("scales must be a DenseElementsAttr of floats")
    if not mlirAttributeIsADenseIntElements(zp):
        raise TypeError("zero_points must be a DenseElementsAttr of "
                        "integers")
    if (mlirShapedTypeGetRank(mlirAttributeGetType(sc)) !=
            mlirShapedTypeGetRank(mlirAttributeGetType(zp))
            or mlirElementsAttrGetNumElements(sc) !=
            mlirElementsAttrGetNumElements(zp)):
        raise ValueError("scales and zero_points must have the same shape")
    cdef vector[int32_t] dims = [int(d) for d in quantized_dimensions]
    cdef vector[int64_t] blocks = [int(b) for b in block_sizes]
    if dims.size() != blocks.size():
        raise ValueError("quantized_dimensions and block_sizes must have "
                         "the same length")
    return _verified(cls, (<Type>storage_type).context, mlirUniformQuantizedSubChannelTypeGet(
        flags, (<Type>storage_type).c_type, (<Type>expressed_type).c_type,
        sc, zp, dims.size(), dims.data(), blocks.data(),
        storage_type_min, storage_type_max))


cdef object _calibrated_quantized_get(type cls, object expressed_type,
                                      double min, double max, object context):
    cdef MlirType e = type_handle(expressed_type, "expressed_type")
    _same_context((<Type>expressed_type).context, context)
    if not mlirTypeIsAFloat(e):
        raise ValueError(f"expressed_type must be a floating-point type, "
                         f"got {expressed_type}")
    return _verified(cls, (<Type>expressed_type).context,
                     mlirCalibratedQuantizedTypeGet(e, min, max))


# -- list properties ------------------------------------------------------------
