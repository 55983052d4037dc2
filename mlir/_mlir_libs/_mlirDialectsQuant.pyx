# cython: language_level=3
"""Types of the quant dialect (mlir-c/Dialect/Quant.h), re-exported by
mlir.dialects.quant: QuantizedType and its subclasses AnyQuantizedType,
UniformQuantizedType, UniformQuantizedPerAxisType,
UniformQuantizedSubChannelType, CalibratedQuantizedType."""

include "_dialect_types.pxi"

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
from mlir._mlir_libs.capi.dialect.quant cimport *

__all__ = ["QuantizedType", "AnyQuantizedType", "UniformQuantizedType",
           "UniformQuantizedPerAxisType", "UniformQuantizedSubChannelType",
           "CalibratedQuantizedType"]

_MLIRError = _ir_module.MLIRError
_TypeParse = _ir_module.Type.parse


cdef unsigned int _SIGNED = mlirQuantizedTypeGetSignedFlag()


cdef int _check_common(object flags, object storage_type, object expressed_type,
                       bint expressed_optional) except -1:
    """What must hold before the C constructor is called (the quant types
    assume an integer storage type, at most 32 bits)."""
    if not isinstance(flags, int):
        raise TypeError(f"flags must be an int, not {type(flags).__name__}")
    if flags < 0 or flags & ~_SIGNED:
        raise ValueError(f"flags must be 0 or QuantizedType.FLAG_SIGNED "
                         f"({_SIGNED}), got {flags}")
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


cdef class QuantizedType(Type):
    """Base of the quant dialect's types."""
    cdef char _own_allocation
    static_typeid = _ir_module._NoTypeID()     # a base: no TypeID of its own

    FLAG_SIGNED = mlirQuantizedTypeGetSignedFlag()

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAQuantizedType((<Type>other).c_type)

    @staticmethod
    def default_minimum_for_integer(is_signed, integral_width):
        """Default minimum value for an integer of this signedness and
        width."""
        _check_integral_width(integral_width)
        return mlirQuantizedTypeGetDefaultMinimumForInteger(1 if is_signed else 0,
                                                            integral_width)

    @staticmethod
    def default_maximum_for_integer(is_signed, integral_width):
        """Default maximum value for an integer of this signedness and
        width."""
        _check_integral_width(integral_width)
        return mlirQuantizedTypeGetDefaultMaximumForInteger(1 if is_signed else 0,
                                                            integral_width)

    @property
    def expressed_type(self):
        """The type expressed by this quantized type (None if it has none)."""
        cdef MlirType t = mlirQuantizedTypeGetExpressedType(self.c_type)
        return None if t.ptr == NULL else wrap_type(self.context, t)

    @property
    def flags(self):
        return mlirQuantizedTypeGetFlags(self.c_type)

    @property
    def is_signed(self):
        return mlirQuantizedTypeIsSigned(self.c_type)

    @property
    def storage_type(self):
        return wrap_type(self.context, mlirQuantizedTypeGetStorageType(self.c_type))

    @property
    def storage_type_min(self):
        return mlirQuantizedTypeGetStorageTypeMin(self.c_type)

    @property
    def storage_type_max(self):
        return mlirQuantizedTypeGetStorageTypeMax(self.c_type)

    @property
    def storage_type_integral_width(self):
        return mlirQuantizedTypeGetStorageTypeIntegralWidth(self.c_type)

    def is_compatible_expressed_type(self, candidate):
        """Whether `candidate` can be expressed by this quantized type."""
        return mlirQuantizedTypeIsCompatibleExpressedType(
            self.c_type, type_handle(candidate, "candidate"))

    @property
    def quantized_element_type(self):
        cdef MlirType t = mlirQuantizedTypeGetQuantizedElementType(self.c_type)
        return None if t.ptr == NULL else wrap_type(self.context, t)

    def cast_from_storage_type(self, candidate):
        """`candidate` (based on the storage type) as a type based on this
        quantized type; TypeError if the cast is not valid."""
        return _checked_cast(self.context, mlirQuantizedTypeCastFromStorageType(
            self.c_type, type_handle(candidate, "candidate")))

    @staticmethod
    def cast_to_storage_type(type):
        """A type based on a quantized type as one based on its storage
        type; TypeError if the cast is not valid."""
        cdef MlirType t = type_handle(type, "type")
        return _checked_cast((<Type>type).context,
                             mlirQuantizedTypeCastToStorageType(t))

    def cast_from_expressed_type(self, candidate):
        """`candidate` (based on the expressed type) as a type based on this
        quantized type; TypeError if the cast is not valid."""
        return _checked_cast(self.context, mlirQuantizedTypeCastFromExpressedType(
            self.c_type, type_handle(candidate, "candidate")))

    @staticmethod
    def cast_to_expressed_type(type):
        """A type based on a quantized type as one based on its expressed
        type; TypeError if the cast is not valid."""
        cdef MlirType t = type_handle(type, "type")
        return _checked_cast((<Type>type).context,
                             mlirQuantizedTypeCastToExpressedType(t))

    def cast_expressed_to_storage_type(self, candidate):
        """`candidate` (based on the expressed type) as the same shape based
        on the storage type; TypeError if the cast is not valid."""
        return _checked_cast(self.context,
                             mlirQuantizedTypeCastExpressedToStorageType(
                                 self.c_type, type_handle(candidate, "candidate")))


cdef int _check_integral_width(object w) except -1:
    if not isinstance(w, int):
        raise TypeError(f"integral_width must be an int, not {type(w).__name__}")
    if w < 1 or w > 64:
        raise ValueError(f"integral_width must be in [1, 64], got {w}")
    return 0


cdef class AnyQuantizedType(QuantizedType):
    """!quant.any<i8<min:max>:f32>: quantized, parameters unknown."""
    static_typeid = _typeid(mlirAnyQuantizedTypeGetTypeID())
    type_name = _str(mlirAnyQuantizedTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAAnyQuantizedType((<Type>other).c_type)

    @classmethod
    def get(cls, flags, storage_type, expressed_type, storage_type_min,
            storage_type_max, context=None):
        _check_common(flags, storage_type, expressed_type, True)
        _same_context((<Type>storage_type).context, context)
        cdef MlirType e
        e.ptr = NULL
        if expressed_type is not None:
            e = (<Type>expressed_type).c_type
        return _verified(cls, (<Type>storage_type).context, mlirAnyQuantizedTypeGet(
            flags, (<Type>storage_type).c_type, e, storage_type_min,
            storage_type_max))


cdef class UniformQuantizedType(QuantizedType):
    """!quant.uniform<i8:f32, scale:zero_point>."""
    static_typeid = _typeid(mlirUniformQuantizedTypeGetTypeID())
    type_name = _str(mlirUniformQuantizedTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAUniformQuantizedType((<Type>other).c_type)

    @classmethod
    def get(cls, flags, storage_type, expressed_type, double scale,
            int64_t zero_point, int64_t storage_type_min,
            int64_t storage_type_max, context=None):
        _check_common(flags, storage_type, expressed_type, False)
        _same_context((<Type>storage_type).context, context)
        return _verified(cls, (<Type>storage_type).context, mlirUniformQuantizedTypeGet(
            flags, (<Type>storage_type).c_type, (<Type>expressed_type).c_type,
            scale, zero_point, storage_type_min, storage_type_max))

    @property
    def scale(self):
        return mlirUniformQuantizedTypeGetScale(self.c_type)

    @property
    def zero_point(self):
        return mlirUniformQuantizedTypeGetZeroPoint(self.c_type)

    @property
    def is_fixed_point(self):
        return mlirUniformQuantizedTypeIsFixedPoint(self.c_type)


cdef class UniformQuantizedPerAxisType(QuantizedType):
    """!quant.uniform<i8:f32:dim, {scale:zero_point, ...}>."""
    static_typeid = _typeid(mlirUniformQuantizedPerAxisTypeGetTypeID())
    type_name = _str(mlirUniformQuantizedPerAxisTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAUniformQuantizedPerAxisType((<Type>other).c_type)

    @classmethod
    def get(cls, flags, storage_type, expressed_type, scales, zero_points,
            int32_t quantized_dimension, int64_t storage_type_min,
            int64_t storage_type_max, context=None):
        _check_common(flags, storage_type, expressed_type, False)
        _same_context((<Type>storage_type).context, context)
        cdef vector[double] s = [float(x) for x in scales]
        cdef vector[int64_t] z = [int(x) for x in zero_points]
        if s.size() != z.size():
            raise ValueError("Mismatching number of scales and zero points.")
        return _verified(cls, (<Type>storage_type).context, mlirUniformQuantizedPerAxisTypeGet(
            flags, (<Type>storage_type).c_type, (<Type>expressed_type).c_type,
            s.size(), s.data(), z.data(), quantized_dimension,
            storage_type_min, storage_type_max))

    @property
    def scales(self):
        cdef intptr_t i, n = mlirUniformQuantizedPerAxisTypeGetNumDims(self.c_type)
        return [mlirUniformQuantizedPerAxisTypeGetScale(self.c_type, i)
                for i in range(n)]

    @property
    def zero_points(self):
        cdef intptr_t i, n = mlirUniformQuantizedPerAxisTypeGetNumDims(self.c_type)
        return [mlirUniformQuantizedPerAxisTypeGetZeroPoint(self.c_type, i)
                for i in range(n)]

    @property
    def quantized_dimension(self):
        return mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(self.c_type)

    @property
    def is_fixed_point(self):
        return mlirUniformQuantizedPerAxisTypeIsFixedPoint(self.c_type)


cdef class UniformQuantizedSubChannelType(QuantizedType):
    """!quant.uniform<i8:f32:{dim:block_size, ...}, {{scale:zp, ...}, ...}>."""
    static_typeid = _typeid(mlirUniformQuantizedSubChannelTypeGetTypeID())
    type_name = _str(mlirUniformQuantizedSubChannelTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAUniformQuantizedSubChannelType((<Type>other).c_type)

    @classmethod
    def get(cls, flags, storage_type, expressed_type, scales, zero_points,
            quantized_dimensions, block_sizes, int64_t storage_type_min,
            int64_t storage_type_max, context=None):
        """scales: a DenseElementsAttr of floats; zero_points: one of
        integers of the same shape; quantized_dimensions and block_sizes:
        sequences of ints of the same length."""
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

    @property
    def quantized_dimensions(self):
        cdef intptr_t i, n = mlirUniformQuantizedSubChannelTypeGetNumBlockSizes(self.c_type)
        return [mlirUniformQuantizedSubChannelTypeGetQuantizedDimension(self.c_type, i)
                for i in range(n)]

    @property
    def block_sizes(self):
        cdef intptr_t i, n = mlirUniformQuantizedSubChannelTypeGetNumBlockSizes(self.c_type)
        return [mlirUniformQuantizedSubChannelTypeGetBlockSize(self.c_type, i)
                for i in range(n)]

    @property
    def scales(self):
        return wrap_attribute(self.context,
                              mlirUniformQuantizedSubChannelTypeGetScales(self.c_type))

    @property
    def zero_points(self):
        return wrap_attribute(self.context,
                              mlirUniformQuantizedSubChannelTypeGetZeroPoints(self.c_type))


cdef class CalibratedQuantizedType(QuantizedType):
    """!quant.calibrated<f32<min:max>>."""
    static_typeid = _typeid(mlirCalibratedQuantizedTypeGetTypeID())
    type_name = _str(mlirCalibratedQuantizedTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsACalibratedQuantizedType((<Type>other).c_type)

    @classmethod
    def get(cls, expressed_type, double min, double max, context=None):
        cdef MlirType e = type_handle(expressed_type, "expressed_type")
        _same_context((<Type>expressed_type).context, context)
        if not mlirTypeIsAFloat(e):
            raise ValueError(f"expressed_type must be a floating-point type, "
                             f"got {expressed_type}")
        return _verified(cls, (<Type>expressed_type).context,
                         mlirCalibratedQuantizedTypeGet(e, min, max))

    @property
    def min(self):
        return mlirCalibratedQuantizedTypeGetMin(self.c_type)

    @property
    def max(self):
        return mlirCalibratedQuantizedTypeGetMax(self.c_type)


for _cls in (AnyQuantizedType, UniformQuantizedType,
             UniformQuantizedPerAxisType, UniformQuantizedSubChannelType,
             CalibratedQuantizedType):
    _register_type(_cls)
del _cls
