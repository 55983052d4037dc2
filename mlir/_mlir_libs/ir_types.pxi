# The builtin types: IntegerType, IndexType, the floating-point types,
# NoneType, ComplexType, the shaped types (vectors, tensors, memrefs),
# TupleType, FunctionType and OpaqueType.
#
# Conventions of every concrete class here:
#   X.get*(..., context=None)   constructors (context from the argument, the
#                               other arguments, or the innermost `with`)
#   X(t)                        cast from a Type; ValueError on another kind
#   X.isinstance(t)             kind check without raising
#   X.static_typeid             its TypeID; registered as the caster for it,
#                               so types coming out of the API are of class X
# Constructors that MLIR can reject use the *Checked C functions and turn
# the diagnostics into MLIRError; everything else is checked here before the
# C call.

cdef extern from *:
    """
    static const int64_t mlircy_kMaxIntegerWidth = 16777215;
    """
    const int64_t mlircy_kMaxIntegerWidth


cdef inline Type _make_type(type cls, Context ctx, MlirType t):
    """An instance of the concrete class `cls` for a handle of its kind."""
    if t.ptr == NULL:
        raise ValueError(f"could not create {cls.__name__}")
    cdef Type r = <Type>_new_instance(<PyObject*>cls)
    r.c_type = t
    r.context = ctx
    return r


cdef inline MlirLocation _checked_location(object loc, Context ctx) except *:
    """Where a *Checked constructor reports: `loc`, else the current
    Location of the same context, else an unknown location."""
    if loc is not None:
        return resolve_location(loc).c_location
    cur = current_location()
    if cur is not None and (<Location>cur).context is ctx:
        return (<Location>cur).c_location
    return mlirLocationUnknownGet(ctx.c_context)


cdef int _fill_shape(vector[int64_t]& out, object shape) except -1:
    if isinstance(shape, (str, bytes)) or not hasattr(shape, "__iter__"):
        raise TypeError(f"shape must be a sequence of ints, not "
                        f"{type(shape).__name__}")
    out.clear()
    for d in shape:
        if not isinstance(d, int):
            raise TypeError(f"shape dimensions must be ints, not "
                            f"{type(d).__name__}")
        out.push_back(<int64_t>d)
    return 0


cdef int _fill_types(vector[MlirType]& out, object types, Context ctx,
                     str what) except -1:
    out.clear()
    for t in types:
        out.push_back(type_handle_in(t, ctx, what))
    return 0


cdef Context _context_of_type(object t, str what):
    if not isinstance(t, Type):
        raise TypeError(f"{what} must be a Type, not {type(t).__name__}")
    return (<Type>t).context


cdef MlirType _checked_type_result(MlirType t, Context ctx, list errors,
                                   str what) except *:
    if t.ptr == NULL:
        raise MLIRError(f"Invalid {what}", errors)
    return t


# -- integers and index ---------------------------------------------------

cdef class IntegerType(Type):
    """Integer types: iN (signless), siN (signed), uiN (unsigned)."""
    static_typeid = wrap_typeid(mlirIntegerTypeGetTypeID())

    @staticmethod
    def get_signless(int width, context=None):
        cdef Context ctx = resolve_context(context)
        _check_width(width)
        return _make_type(IntegerType, ctx,
                          mlirIntegerTypeGet(ctx.c_context, width))

    @staticmethod
    def get_signed(int width, context=None):
        cdef Context ctx = resolve_context(context)
        _check_width(width)
        return _make_type(IntegerType, ctx,
                          mlirIntegerTypeSignedGet(ctx.c_context, width))

    @staticmethod
    def get_unsigned(int width, context=None):
        cdef Context ctx = resolve_context(context)
        _check_width(width)
        return _make_type(IntegerType, ctx,
                          mlirIntegerTypeUnsignedGet(ctx.c_context, width))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAInteger((<Type>other).c_type)

    @property
    def width(self):
        return mlirIntegerTypeGetWidth(self.c_type)

    @property
    def is_signless(self):
        return mlirIntegerTypeIsSignless(self.c_type)

    @property
    def is_signed(self):
        return mlirIntegerTypeIsSigned(self.c_type)

    @property
    def is_unsigned(self):
        return mlirIntegerTypeIsUnsigned(self.c_type)


cdef inline int _check_width(int width) except -1:
    if width < 0 or width > mlircy_kMaxIntegerWidth:
        raise ValueError(f"integer bitwidth must be in [0, "
                         f"{mlircy_kMaxIntegerWidth}], got {width}")
    return 0


cdef class IndexType(Type):
    """The target-sized `index` type."""
    static_typeid = wrap_typeid(mlirIndexTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(IndexType, ctx, mlirIndexTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAIndex((<Type>other).c_type)


# -- floating point -------------------------------------------------------

cdef class FloatType(Type):
    """Base of the floating-point types."""

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat((<Type>other).c_type)

    @property
    def width(self):
        """Bit width of the format."""
        return mlirFloatTypeGetWidth(self.c_type)


cdef class F16Type(FloatType):
    """The f16 floating-point type."""
    static_typeid = wrap_typeid(mlirFloat16TypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(F16Type, ctx, mlirF16TypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAF16((<Type>other).c_type)

cdef class BF16Type(FloatType):
    """The bf16 floating-point type."""
    static_typeid = wrap_typeid(mlirBFloat16TypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(BF16Type, ctx, mlirBF16TypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsABF16((<Type>other).c_type)

cdef class F32Type(FloatType):
    """The f32 floating-point type."""
    static_typeid = wrap_typeid(mlirFloat32TypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(F32Type, ctx, mlirF32TypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAF32((<Type>other).c_type)

cdef class F64Type(FloatType):
    """The f64 floating-point type."""
    static_typeid = wrap_typeid(mlirFloat64TypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(F64Type, ctx, mlirF64TypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAF64((<Type>other).c_type)

cdef class FloatTF32Type(FloatType):
    """The tf32 floating-point type."""
    static_typeid = wrap_typeid(mlirFloatTF32TypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(FloatTF32Type, ctx, mlirTF32TypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsATF32((<Type>other).c_type)

cdef class Float4E2M1FNType(FloatType):
    """The f4E2M1FN floating-point type."""
    static_typeid = wrap_typeid(mlirFloat4E2M1FNTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float4E2M1FNType, ctx, mlirFloat4E2M1FNTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat4E2M1FN((<Type>other).c_type)

cdef class Float6E2M3FNType(FloatType):
    """The f6E2M3FN floating-point type."""
    static_typeid = wrap_typeid(mlirFloat6E2M3FNTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float6E2M3FNType, ctx, mlirFloat6E2M3FNTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat6E2M3FN((<Type>other).c_type)

cdef class Float6E3M2FNType(FloatType):
    """The f6E3M2FN floating-point type."""
    static_typeid = wrap_typeid(mlirFloat6E3M2FNTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float6E3M2FNType, ctx, mlirFloat6E3M2FNTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat6E3M2FN((<Type>other).c_type)

cdef class Float8E3M4Type(FloatType):
    """The f8E3M4 floating-point type."""
    static_typeid = wrap_typeid(mlirFloat8E3M4TypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float8E3M4Type, ctx, mlirFloat8E3M4TypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat8E3M4((<Type>other).c_type)

cdef class Float8E4M3Type(FloatType):
    """The f8E4M3 floating-point type."""
    static_typeid = wrap_typeid(mlirFloat8E4M3TypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float8E4M3Type, ctx, mlirFloat8E4M3TypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat8E4M3((<Type>other).c_type)

cdef class Float8E4M3FNType(FloatType):
    """The f8E4M3FN floating-point type."""
    static_typeid = wrap_typeid(mlirFloat8E4M3FNTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float8E4M3FNType, ctx, mlirFloat8E4M3FNTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat8E4M3FN((<Type>other).c_type)

cdef class Float8E4M3FNUZType(FloatType):
    """The f8E4M3FNUZ floating-point type."""
    static_typeid = wrap_typeid(mlirFloat8E4M3FNUZTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float8E4M3FNUZType, ctx, mlirFloat8E4M3FNUZTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat8E4M3FNUZ((<Type>other).c_type)

cdef class Float8E4M3B11FNUZType(FloatType):
    """The f8E4M3B11FNUZ floating-point type."""
    static_typeid = wrap_typeid(mlirFloat8E4M3B11FNUZTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float8E4M3B11FNUZType, ctx, mlirFloat8E4M3B11FNUZTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat8E4M3B11FNUZ((<Type>other).c_type)

cdef class Float8E5M2Type(FloatType):
    """The f8E5M2 floating-point type."""
    static_typeid = wrap_typeid(mlirFloat8E5M2TypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float8E5M2Type, ctx, mlirFloat8E5M2TypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat8E5M2((<Type>other).c_type)

cdef class Float8E5M2FNUZType(FloatType):
    """The f8E5M2FNUZ floating-point type."""
    static_typeid = wrap_typeid(mlirFloat8E5M2FNUZTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float8E5M2FNUZType, ctx, mlirFloat8E5M2FNUZTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat8E5M2FNUZ((<Type>other).c_type)

cdef class Float8E8M0FNUType(FloatType):
    """The f8E8M0FNU floating-point type."""
    static_typeid = wrap_typeid(mlirFloat8E8M0FNUTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(Float8E8M0FNUType, ctx, mlirFloat8E8M0FNUTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFloat8E8M0FNU((<Type>other).c_type)


cdef tuple _FLOAT_TYPES = (F16Type, BF16Type, F32Type, F64Type, FloatTF32Type, Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType, Float8E3M4Type, Float8E4M3Type, Float8E4M3FNType, Float8E4M3FNUZType, Float8E4M3B11FNUZType, Float8E5M2Type, Float8E5M2FNUZType, Float8E8M0FNUType)


# -- none, complex --------------------------------------------------------

cdef class NoneType(Type):
    """The builtin `none` type."""
    static_typeid = wrap_typeid(mlirNoneTypeGetTypeID())

    @staticmethod
    def get(context=None):
        cdef Context ctx = resolve_context(context)
        return _make_type(NoneType, ctx, mlirNoneTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsANone((<Type>other).c_type)


cdef class ComplexType(Type):
    """complex<T> for an integer or floating-point T."""
    static_typeid = wrap_typeid(mlirComplexTypeGetTypeID())

    @staticmethod
    def get(element_type):
        cdef Context ctx = _context_of_type(element_type, "element_type")
        cdef MlirType et = (<Type>element_type).c_type
        if not (mlirTypeIsAInteger(et) or mlirTypeIsAFloat(et)):
            raise ValueError(f"invalid element type for complex: "
                             f"'{element_type}' (expected integer or "
                             f"floating point type)")
        return _make_type(ComplexType, ctx, mlirComplexTypeGet(et))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAComplex((<Type>other).c_type)

    @property
    def element_type(self):
        return wrap_type(self.context, mlirComplexTypeGetElementType(self.c_type))


# -- shaped types ---------------------------------------------------------

cdef class ShapedType(Type):
    """Base of types with a shape and an element type: vectors, tensors and
    memrefs. Dimension queries need a ranked type (ValueError otherwise) and
    a dimension index in range (IndexError otherwise)."""

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAShaped((<Type>other).c_type)

    cdef int _require_rank(self) except -1:
        if not mlirShapedTypeHasRank(self.c_type):
            raise ValueError("calling this method requires that the type "
                             "has a rank.")
        return 0

    cdef intptr_t _dim(self, object dim) except -1:
        self._require_rank()
        cdef int64_t rank = mlirShapedTypeGetRank(self.c_type)
        cdef int64_t d = dim
        if d < 0 or d >= rank:
            raise IndexError(f"dimension index {dim} out of range for a "
                             f"type of rank {rank}")
        return <intptr_t>d

    @property
    def element_type(self):
        return wrap_type(self.context, mlirShapedTypeGetElementType(self.c_type))

    @property
    def has_rank(self):
        return mlirShapedTypeHasRank(self.c_type)

    @property
    def rank(self):
        self._require_rank()
        return mlirShapedTypeGetRank(self.c_type)

    @property
    def has_static_shape(self):
        return mlirShapedTypeHasStaticShape(self.c_type)

    def is_dynamic_dim(self, dim):
        return mlirShapedTypeIsDynamicDim(self.c_type, self._dim(dim))

    def is_static_dim(self, dim):
        return mlirShapedTypeIsStaticDim(self.c_type, self._dim(dim))

    def get_dim_size(self, dim):
        return mlirShapedTypeGetDimSize(self.c_type, self._dim(dim))

    @property
    def shape(self):
        """The dimension sizes (dynamic ones as get_dynamic_size())."""
        self._require_rank()
        cdef intptr_t i, n = mlirShapedTypeGetRank(self.c_type)
        return [mlirShapedTypeGetDimSize(self.c_type, i) for i in range(n)]

    @staticmethod
    def is_dynamic_size(int64_t dim_size):
        return mlirShapedTypeIsDynamicSize(dim_size)

    @staticmethod
    def is_static_size(int64_t dim_size):
        return mlirShapedTypeIsStaticSize(dim_size)

    @staticmethod
    def get_dynamic_size():
        return mlirShapedTypeGetDynamicSize()

    @staticmethod
    def is_dynamic_stride_or_offset(int64_t dim_size):
        return mlirShapedTypeIsDynamicStrideOrOffset(dim_size)

    @staticmethod
    def is_static_stride_or_offset(int64_t dim_size):
        return mlirShapedTypeIsStaticStrideOrOffset(dim_size)

    @staticmethod
    def get_dynamic_stride_or_offset():
        return mlirShapedTypeGetDynamicStrideOrOffset()


cdef class VectorType(ShapedType):
    """vector<4x[8]xf32>: static sizes, optionally scalable dimensions."""
    static_typeid = wrap_typeid(mlirVectorTypeGetTypeID())

    @staticmethod
    def get(shape, element_type, *, scalable=None, scalable_dims=None,
            loc=None):
        """scalable: one bool per dimension; or scalable_dims: the indices
        of the scalable dimensions (not both)."""
        cdef Context ctx = _context_of_type(element_type, "element_type")
        cdef vector[int64_t] dims
        _fill_shape(dims, shape)
        cdef Py_ssize_t rank = dims.size(), i
        cdef vector[bool] flags_v
        cdef bool* flags = NULL
        if scalable is not None and scalable_dims is not None:
            raise ValueError("'scalable' and 'scalable_dims' kwargs are "
                             "mutually exclusive.")
        if scalable is not None:
            scalable = list(scalable)
            if len(scalable) != rank:
                raise ValueError("Expected len(scalable) == len(shape).")
            flags = <bool*>PyMem_Malloc(max(rank, 1) * sizeof(bool))
            for i in range(rank):
                flags[i] = True if scalable[i] else False
        elif scalable_dims is not None:
            flags = <bool*>PyMem_Malloc(max(rank, 1) * sizeof(bool))
            for i in range(rank):
                flags[i] = False
            for d in scalable_dims:
                if not isinstance(d, int) or d < 0 or d >= rank:
                    PyMem_Free(flags)
                    raise ValueError("Scalable dimension index out of bounds.")
                flags[<Py_ssize_t>d] = True
        cdef MlirLocation c_loc = _checked_location(loc, ctx)
        cdef MlirType t
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        try:
            if flags != NULL:
                t = mlirVectorTypeGetScalableChecked(
                    c_loc, rank, dims.data(), flags, (<Type>element_type).c_type)
            else:
                t = mlirVectorTypeGetChecked(c_loc, rank, dims.data(),
                                             (<Type>element_type).c_type)
        finally:
            PyMem_Free(flags)
            errors = cap.detach()
        _checked_type_result(t, ctx, errors, "type")
        return _make_type(VectorType, ctx, t)

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAVector((<Type>other).c_type)

    @property
    def scalable(self):
        return mlirVectorTypeIsScalable(self.c_type)

    @property
    def scalable_dims(self):
        cdef intptr_t i, n = mlirShapedTypeGetRank(self.c_type)
        return [mlirVectorTypeIsDimScalable(self.c_type, i) for i in range(n)]


cdef class RankedTensorType(ShapedType):
    """tensor<2x?xf32, #encoding>."""
    static_typeid = wrap_typeid(mlirRankedTensorTypeGetTypeID())

    @staticmethod
    def get(shape, element_type, encoding=None, loc=None):
        cdef Context ctx = _context_of_type(element_type, "element_type")
        cdef vector[int64_t] dims
        _fill_shape(dims, shape)
        cdef MlirAttribute enc = mlirAttributeGetNull()
        if encoding is not None:
            enc = attribute_handle_in(encoding, ctx, "encoding")
        cdef MlirLocation c_loc = _checked_location(loc, ctx)
        cdef MlirType t
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        try:
            t = mlirRankedTensorTypeGetChecked(c_loc, dims.size(), dims.data(),
                                               (<Type>element_type).c_type, enc)
        finally:
            errors = cap.detach()
        _checked_type_result(t, ctx, errors, "type")
        return _make_type(RankedTensorType, ctx, t)

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsARankedTensor((<Type>other).c_type)

    @property
    def encoding(self):
        """The encoding attribute, or None."""
        cdef MlirAttribute a = mlirRankedTensorTypeGetEncoding(self.c_type)
        return None if a.ptr == NULL else wrap_attribute(self.context, a)


cdef class UnrankedTensorType(ShapedType):
    """tensor<*xf32>."""
    static_typeid = wrap_typeid(mlirUnrankedTensorTypeGetTypeID())

    @staticmethod
    def get(element_type, loc=None):
        cdef Context ctx = _context_of_type(element_type, "element_type")
        cdef MlirLocation c_loc = _checked_location(loc, ctx)
        cdef MlirType t
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        try:
            t = mlirUnrankedTensorTypeGetChecked(c_loc, (<Type>element_type).c_type)
        finally:
            errors = cap.detach()
        _checked_type_result(t, ctx, errors, "type")
        return _make_type(UnrankedTensorType, ctx, t)

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAUnrankedTensor((<Type>other).c_type)


cdef class MemRefType(ShapedType):
    """memref<4x?xf32, layout, memory_space>."""
    static_typeid = wrap_typeid(mlirMemRefTypeGetTypeID())

    @staticmethod
    def get(shape, element_type, layout=None, memory_space=None, loc=None):
        cdef Context ctx = _context_of_type(element_type, "element_type")
        cdef vector[int64_t] dims
        _fill_shape(dims, shape)
        cdef MlirAttribute c_layout = mlirAttributeGetNull()
        cdef MlirAttribute c_space = mlirAttributeGetNull()
        if layout is not None:
            c_layout = attribute_handle_in(layout, ctx, "layout")
        if memory_space is not None:
            c_space = attribute_handle_in(memory_space, ctx, "memory_space")
        cdef MlirLocation c_loc = _checked_location(loc, ctx)
        cdef MlirType t
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        try:
            t = mlirMemRefTypeGetChecked(c_loc, (<Type>element_type).c_type,
                                         dims.size(), dims.data(), c_layout,
                                         c_space)
        finally:
            errors = cap.detach()
        _checked_type_result(t, ctx, errors, "type")
        return _make_type(MemRefType, ctx, t)

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAMemRef((<Type>other).c_type)

    @property
    def layout(self):
        return wrap_attribute(self.context, mlirMemRefTypeGetLayout(self.c_type))

    @property
    def affine_map(self):
        """The layout as an AffineMap."""
        return wrap_affine_map(self.context, mlirMemRefTypeGetAffineMap(self.c_type))

    @property
    def memory_space(self):
        """The memory space attribute, or None."""
        cdef MlirAttribute a = mlirMemRefTypeGetMemorySpace(self.c_type)
        return None if a.ptr == NULL else wrap_attribute(self.context, a)

    def get_strides_and_offset(self):
        """(strides, offset) of a strided layout; ValueError otherwise."""
        cdef int64_t rank = mlirShapedTypeGetRank(self.c_type)
        cdef vector[int64_t] strides
        strides.resize(rank)
        cdef int64_t offset = 0
        if mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(
                self.c_type, strides.data(), &offset)):
            raise ValueError("Failed to extract strides and offset from "
                             "memref.")
        return [strides[i] for i in range(rank)], offset


cdef class UnrankedMemRefType(ShapedType):
    """memref<*xf32, memory_space>."""
    static_typeid = wrap_typeid(mlirUnrankedMemRefTypeGetTypeID())

    @staticmethod
    def get(element_type, memory_space, loc=None):
        cdef Context ctx = _context_of_type(element_type, "element_type")
        cdef MlirAttribute c_space = mlirAttributeGetNull()
        if memory_space is not None:
            c_space = attribute_handle_in(memory_space, ctx, "memory_space")
        cdef MlirLocation c_loc = _checked_location(loc, ctx)
        cdef MlirType t
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        try:
            t = mlirUnrankedMemRefTypeGetChecked(
                c_loc, (<Type>element_type).c_type, c_space)
        finally:
            errors = cap.detach()
        _checked_type_result(t, ctx, errors, "type")
        return _make_type(UnrankedMemRefType, ctx, t)

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAUnrankedMemRef((<Type>other).c_type)

    @property
    def memory_space(self):
        cdef MlirAttribute a = mlirUnrankedMemrefGetMemorySpace(self.c_type)
        return None if a.ptr == NULL else wrap_attribute(self.context, a)


# -- tuple, function, opaque ----------------------------------------------

cdef class TupleType(Type):
    """tuple<T0, T1, ...>."""
    static_typeid = wrap_typeid(mlirTupleTypeGetTypeID())

    @staticmethod
    def get_tuple(elements, context=None):
        cdef Context ctx = resolve_context(context)
        cdef vector[MlirType] ts
        _fill_types(ts, elements, ctx, "tuple element")
        return _make_type(TupleType, ctx,
                          mlirTupleTypeGet(ctx.c_context, ts.size(), ts.data()))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsATuple((<Type>other).c_type)

    def get_type(self, intptr_t pos):
        cdef intptr_t n = mlirTupleTypeGetNumTypes(self.c_type)
        if pos < 0 or pos >= n:
            raise IndexError(f"tuple position {pos} out of range [0, {n})")
        return wrap_type(self.context, mlirTupleTypeGetType(self.c_type, pos))

    @property
    def num_types(self):
        return mlirTupleTypeGetNumTypes(self.c_type)


cdef class FunctionType(Type):
    """(inputs) -> results."""
    static_typeid = wrap_typeid(mlirFunctionTypeGetTypeID())

    @staticmethod
    def get(inputs, results, context=None):
        cdef Context ctx = resolve_context(context)
        cdef vector[MlirType] ins, outs
        _fill_types(ins, inputs, ctx, "function input")
        _fill_types(outs, results, ctx, "function result")
        return _make_type(FunctionType, ctx, mlirFunctionTypeGet(
            ctx.c_context, ins.size(), ins.data(), outs.size(), outs.data()))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAFunction((<Type>other).c_type)

    @property
    def inputs(self):
        cdef intptr_t i, n = mlirFunctionTypeGetNumInputs(self.c_type)
        return [wrap_type(self.context, mlirFunctionTypeGetInput(self.c_type, i))
                for i in range(n)]

    @property
    def results(self):
        cdef intptr_t i, n = mlirFunctionTypeGetNumResults(self.c_type)
        return [wrap_type(self.context, mlirFunctionTypeGetResult(self.c_type, i))
                for i in range(n)]


cdef class OpaqueType(Type):
    """!dialect.data: a type of an unregistered dialect."""
    static_typeid = wrap_typeid(mlirOpaqueTypeGetTypeID())

    @staticmethod
    def get(dialect_namespace, buffer, context=None):
        cdef Context ctx = resolve_context(context)
        cdef bytes ns = to_bytes(dialect_namespace, "dialect_namespace")
        cdef bytes data = to_bytes(buffer, "buffer")
        return _make_type(OpaqueType, ctx, mlirOpaqueTypeGet(
            ctx.c_context, str_ref(ns), str_ref(data)))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAOpaque((<Type>other).c_type)

    @property
    def dialect_namespace(self):
        return from_ref(mlirOpaqueTypeGetDialectNamespace(self.c_type))

    @property
    def data(self):
        return from_ref(mlirOpaqueTypeGetData(self.c_type))


cdef int _register_builtin_type(type cls) except -1:
    _set_caster(_type_caster_map, _type_casters, cls.static_typeid, cls, cls)
    return 0


for _cls in (IntegerType, IndexType, NoneType, ComplexType, VectorType,
             RankedTensorType, UnrankedTensorType, MemRefType,
             UnrankedMemRefType, TupleType, FunctionType, OpaqueType) + _FLOAT_TYPES:
    _register_builtin_type(_cls)
del _cls

_TYPE_NAMES = [
    "IntegerType", "IndexType", "FloatType", "NoneType", "ComplexType",
    "ShapedType", "VectorType", "RankedTensorType", "UnrankedTensorType",
    "MemRefType", "UnrankedMemRefType", "TupleType", "FunctionType",
    "OpaqueType",
] + [c.__name__ for c in _FLOAT_TYPES]
