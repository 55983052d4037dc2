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

from cpython.list cimport PyList_CheckExact
from cpython.tuple cimport PyTuple_CheckExact

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


cdef inline int64_t _shape_dim(object d) except? -1:
    """A shape dimension: an int (or an object with __index__, not a
    float)."""
    if PyLong_CheckExact(d):
        return d
    if isinstance(d, float):
        raise _argument_type_error(f"shape dimensions must be ints, not "
                        f"{type(d).__name__}")
    return _index_arg(d, "shape dimension")


cdef int _fill_shape(vector[int64_t]& out, object shape) except -1:
    cdef Py_ssize_t i, n
    out.clear()
    if PyList_CheckExact(shape) or PyTuple_CheckExact(shape):
        # The common case, without the generic iteration.
        n = mlircy_fast_size(shape)
        out.reserve(n)
        for i in range(n):
            out.push_back(_shape_dim(<object>mlircy_fast_item(shape, i)))
        return 0
    if not is_sequence_arg(shape):
        raise _argument_type_error(f"shape must be a sequence of ints, not "
                        f"{type(shape).__name__}")
    for d in shape:
        out.push_back(_shape_dim(d))
    return 0


cdef int _fill_types(vector[MlirType]& out, object types, Context ctx,
                     str what) except -1:
    out.clear()
    if not is_sequence_arg(types):
        raise _argument_type_error(f"{what}s must be a sequence of Types, "
                                   f"not {type(types).__name__}")
    for t in types:
        out.push_back(type_handle_in(t, ctx, what))
    return 0


cdef Context _context_of_type(object t, str what):
    if not isinstance(t, Type):
        raise _argument_type_error(f"{what} must be a Type, not {type(t).__name__}")
    return (<Type>t).context


# -- integers and index ---------------------------------------------------

import enum as _enum

cdef object _IntegerTypeSignedness = _enum.Enum(
    "Signedness", [("SIGNLESS", 0), ("SIGNED", 1), ("UNSIGNED", 2)],
    module=__name__, qualname="IntegerType.Signedness")
_IntegerTypeSignedness.__doc__ = (
    "The signedness of an integer type: SIGNLESS (iN), SIGNED (siN) or "
    "UNSIGNED (uiN).")


cdef class IntegerType(Type):
    """Integer types: iN (signless), siN (signed), uiN (unsigned)."""
    static_typeid = wrap_typeid(mlirIntegerTypeGetTypeID())
    type_name = from_ref(mlirIntegerTypeGetName())
    Signedness = _IntegerTypeSignedness
    SIGNLESS = _IntegerTypeSignedness.SIGNLESS
    SIGNED = _IntegerTypeSignedness.SIGNED
    UNSIGNED = _IntegerTypeSignedness.UNSIGNED

    @staticmethod
    def get_signless(width: int, context=None) -> IntegerType:
        """The signless integer type i<width>, in `context` or the current
        Context; `width` is an int in [0, 16777215] (upstream's TypeError or
        ValueError otherwise)."""
        cdef Context ctx = resolve_context(context)
        cdef unsigned int w = _check_width(width)
        return _make_type(IntegerType, ctx,
                          mlirIntegerTypeGet(ctx.c_context, w))

    @staticmethod
    def get_signed(width: int, context=None) -> IntegerType:
        """The signed integer type si<width>, in `context` or the current
        Context; `width` is an int in [0, 16777215] (upstream's TypeError or
        ValueError otherwise)."""
        cdef Context ctx = resolve_context(context)
        cdef unsigned int w = _check_width(width)
        return _make_type(IntegerType, ctx,
                          mlirIntegerTypeSignedGet(ctx.c_context, w))

    @staticmethod
    def get_unsigned(width: int, context=None) -> IntegerType:
        """The unsigned integer type ui<width>, in `context` or the current
        Context; `width` is an int in [0, 16777215] (upstream's TypeError or
        ValueError otherwise)."""
        cdef Context ctx = resolve_context(context)
        cdef unsigned int w = _check_width(width)
        return _make_type(IntegerType, ctx,
                          mlirIntegerTypeUnsignedGet(ctx.c_context, w))

    @staticmethod
    def get(width: int,
            signedness: IntegerType.Signedness = _IntegerTypeSignedness.SIGNLESS,
            context=None) -> IntegerType:
        """An integer type of the given IntegerType.Signedness (or its
        value as a Python int: 0, 1 or 2, as upstream's binding takes)."""
        cdef Context ctx = resolve_context(context)
        cdef unsigned int w = _check_width(width)
        if isinstance(signedness, int) and 0 <= signedness <= 2:
            signedness = _IntegerTypeSignedness(int(signedness))
        if not isinstance(signedness, _IntegerTypeSignedness):
            raise _argument_type_error(f"signedness must be an IntegerType.Signedness, "
                            f"not {type(signedness).__name__}")
        if signedness is _IntegerTypeSignedness.SIGNED:
            t = mlirIntegerTypeSignedGet(ctx.c_context, w)
        elif signedness is _IntegerTypeSignedness.UNSIGNED:
            t = mlirIntegerTypeUnsignedGet(ctx.c_context, w)
        else:
            t = mlirIntegerTypeGet(ctx.c_context, w)
        return _make_type(IntegerType, ctx, t)

    @staticmethod
    def isinstance(other):
        """Whether `other` is an integer type (signless, signed or unsigned;
        not index)."""
        return isinstance(other, Type) and mlirTypeIsAInteger((<Type>other).c_type)

    @property
    def signedness(self) -> IntegerType.Signedness:
        """The signedness (an IntegerType.Signedness)."""
        if mlirIntegerTypeIsSigned(self.c_type):
            return _IntegerTypeSignedness.SIGNED
        if mlirIntegerTypeIsUnsigned(self.c_type):
            return _IntegerTypeSignedness.UNSIGNED
        return _IntegerTypeSignedness.SIGNLESS

    @property
    def width(self) -> int:
        """The bit width."""
        return mlirIntegerTypeGetWidth(self.c_type)

    @property
    def is_signless(self):
        """Whether the type is signless (i<N>)."""
        return mlirIntegerTypeIsSignless(self.c_type)

    @property
    def is_signed(self):
        """Whether the type is signed (si<N>)."""
        return mlirIntegerTypeIsSigned(self.c_type)

    @property
    def is_unsigned(self):
        """Whether the type is unsigned (ui<N>)."""
        return mlirIntegerTypeIsUnsigned(self.c_type)


cdef unsigned int _check_width(object width) except? 0xffffffff:
    cdef int overflow = 0
    cdef long long w
    if PyLong_CheckExact(width):
        # The common case, without Python-level comparisons.
        w = PyLong_AsLongLongAndOverflow(width, &overflow)
        if not overflow and 0 <= w <= mlircy_kMaxIntegerWidth:
            return <unsigned int>w
    width = _index_arg(width, "width")
    if width < 0 or width > 0xFFFFFFFF:
        # An unsigned parameter upstream: nanobind refuses a negative int
        # and one beyond 32 bits.
        raise _argument_type_error(f"integer bitwidth must be in [0, "
                        f"{mlircy_kMaxIntegerWidth}], got {width}")
    if width > mlircy_kMaxIntegerWidth:
        raise ValueError(f"integer bitwidth must be in [0, "
                         f"{mlircy_kMaxIntegerWidth}], got {width}")
    return width


cdef class IndexType(Type):
    """The target-sized `index` type."""
    static_typeid = wrap_typeid(mlirIndexTypeGetTypeID())
    type_name = from_ref(mlirIndexTypeGetName())

    @staticmethod
    def get(context=None):
        """The index type of `context` (or the current Context)."""
        cdef Context ctx = resolve_context(context)
        return _make_type(IndexType, ctx, mlirIndexTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        """Whether `other` is the index type."""
        return isinstance(other, Type) and mlirTypeIsAIndex((<Type>other).c_type)


# -- floating point -------------------------------------------------------

cdef class FloatType(Type):
    """Base of the floating-point types."""
    static_typeid = _NoTypeID()

    @staticmethod
    def isinstance(other):
        """Whether `other` is a floating-point type, of any format."""
        return isinstance(other, Type) and mlirTypeIsAFloat((<Type>other).c_type)

    @property
    def width(self) -> int:
        """Bit width of the format."""
        return mlirFloatTypeGetWidth(self.c_type)


# F16Type, BF16Type, ..., Float8E8M0FNUType: gen/builtin_classes.toml.
include "generated/float_types.pxi"


# -- none, complex --------------------------------------------------------

cdef class NoneType(Type):
    """The builtin `none` type."""
    static_typeid = wrap_typeid(mlirNoneTypeGetTypeID())
    type_name = from_ref(mlirNoneTypeGetName())

    @staticmethod
    def get(context=None):
        """The none type of `context` (or the current Context)."""
        cdef Context ctx = resolve_context(context)
        return _make_type(NoneType, ctx, mlirNoneTypeGet(ctx.c_context))

    @staticmethod
    def isinstance(other):
        """Whether `other` is the none type."""
        return isinstance(other, Type) and mlirTypeIsANone((<Type>other).c_type)


cdef class ComplexType(Type):
    """complex<T> for an integer or floating-point T."""
    static_typeid = wrap_typeid(mlirComplexTypeGetTypeID())
    type_name = from_ref(mlirComplexTypeGetName())

    @staticmethod
    def get(element_type: Type) -> ComplexType:
        """complex<element_type>: element_type is an IntegerType or one of
        F16Type, BF16Type, F32Type, F64Type (upstream's ValueError
        otherwise)."""
        cdef Context ctx = _context_of_type(element_type, "element_type")
        cdef MlirType et = (<Type>element_type).c_type
        if not (mlirTypeIsAInteger(et) or mlirTypeIsAF16(et) or
                mlirTypeIsABF16(et) or mlirTypeIsAF32(et) or
                mlirTypeIsAF64(et)):
            raise ValueError(f"invalid 'Type({element_type})' and expected "
                             f"floating point or integer type.")
        return _make_type(ComplexType, ctx, mlirComplexTypeGet(et))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a complex type."""
        return isinstance(other, Type) and mlirTypeIsAComplex((<Type>other).c_type)

    @property
    def element_type(self) -> Type:
        """The type of the real and imaginary parts."""
        return wrap_type(self.context, mlirComplexTypeGetElementType(self.c_type))


# -- shaped types ---------------------------------------------------------

cdef class ShapedType(Type):
    """Base of types with a shape and an element type: vectors, tensors and
    memrefs. Dimension queries need a ranked type (ValueError otherwise) and
    a dimension index in range (IndexError otherwise)."""
    static_typeid = _NoTypeID()

    @staticmethod
    def isinstance(other):
        """Whether `other` is a shaped type: a vector, tensor or memref
        type, ranked or not, or another type with MLIR's ShapedType
        interface."""
        return isinstance(other, Type) and mlirTypeIsAShaped((<Type>other).c_type)

    cdef int _require_rank(self) except -1:
        if not mlirShapedTypeHasRank(self.c_type):
            raise ValueError("calling this method requires that the type "
                             "has a rank.")
        return 0

    cdef intptr_t _dim(self, object dim) except -1:
        self._require_rank()
        cdef int64_t rank = mlirShapedTypeGetRank(self.c_type)
        dim = _index_arg(dim, "dim")
        if dim < 0 or dim >= rank:
            raise IndexError(f"dimension index {dim} out of range for a "
                             f"type of rank {rank}")
        return <intptr_t>dim

    @property
    def element_type(self) -> Type:
        """The element type."""
        return wrap_type(self.context, mlirShapedTypeGetElementType(self.c_type))

    @property
    def has_rank(self):
        """Whether the type is ranked."""
        return mlirShapedTypeHasRank(self.c_type)

    @property
    def rank(self) -> int:
        """The rank (the type must be ranked)."""
        self._require_rank()
        return mlirShapedTypeGetRank(self.c_type)

    @property
    def has_static_shape(self):
        """Whether every dimension is static."""
        return mlirShapedTypeHasStaticShape(self.c_type)

    def is_dynamic_dim(self, dim: int) -> bool:
        """Whether dimension `dim` (0 <= dim < rank) has a dynamic size."""
        return mlirShapedTypeIsDynamicDim(self.c_type, self._dim(dim))

    def is_static_dim(self, dim: int) -> bool:
        """Whether dimension `dim` (0 <= dim < rank) has a static size."""
        return mlirShapedTypeIsStaticDim(self.c_type, self._dim(dim))

    def get_dim_size(self, dim: int) -> int:
        """The size of dimension `dim` (0 <= dim < rank); get_dynamic_size()
        for a dynamic one."""
        return mlirShapedTypeGetDimSize(self.c_type, self._dim(dim))

    @property
    def shape(self) -> list[int]:
        """The dimension sizes (dynamic ones as get_dynamic_size())."""
        self._require_rank()
        cdef intptr_t i, n = mlirShapedTypeGetRank(self.c_type)
        return [mlirShapedTypeGetDimSize(self.c_type, i) for i in range(n)]

    @staticmethod
    def is_dynamic_size(dim_size: int) -> bool:
        """Whether the int `dim_size` is the value that stands for a dynamic
        size."""
        return mlirShapedTypeIsDynamicSize(_index_arg(dim_size, "dim_size"))

    @staticmethod
    def is_static_size(dim_size: int) -> bool:
        """Whether the int `dim_size` stands for a static size, not for a
        dynamic one."""
        return mlirShapedTypeIsStaticSize(_index_arg(dim_size, "dim_size"))

    @staticmethod
    def get_dynamic_size() -> int:
        """The int that stands for a dynamic size (`?`) in shapes."""
        return mlirShapedTypeGetDynamicSize()

    @staticmethod
    def is_dynamic_stride_or_offset(dim_size: int) -> bool:
        """Whether the int `dim_size` is the value that stands for a dynamic
        stride or offset."""
        return mlirShapedTypeIsDynamicStrideOrOffset(_index_arg(dim_size, "dim_size"))

    @staticmethod
    def is_static_stride_or_offset(dim_size: int) -> bool:
        """Whether the int `dim_size` stands for a static stride or offset,
        not for a dynamic one."""
        return mlirShapedTypeIsStaticStrideOrOffset(_index_arg(dim_size, "dim_size"))

    @staticmethod
    def get_dynamic_stride_or_offset() -> int:
        """The int that stands for a dynamic stride or offset in strided
        layouts."""
        return mlirShapedTypeGetDynamicStrideOrOffset()


cdef class VectorType(ShapedType):
    """vector<4x[8]xf32>: static sizes, optionally scalable dimensions."""
    static_typeid = wrap_typeid(mlirVectorTypeGetTypeID())
    type_name = from_ref(mlirVectorTypeGetName())

    @staticmethod
    def get(shape: Sequence[int], element_type: Type, *,
            scalable: Sequence[bool] | None = None,
            scalable_dims: Sequence[int] | None = None, loc=None):
        """scalable: one bool per dimension; or scalable_dims: the indices
        of the scalable dimensions (not both)."""
        return _vector_type(shape, element_type, scalable, scalable_dims,
                            loc, None)

    @staticmethod
    def get_unchecked(shape: Sequence[int], element_type: Type, *,
                      scalable: Sequence[bool] | None = None,
                      scalable_dims: Sequence[int] | None = None,
                      context=None):
        """As get, without a location (invalid input is still refused)."""
        return _vector_type(shape, element_type, scalable, scalable_dims,
                            None, context)

    @staticmethod
    def isinstance(other):
        """Whether `other` is a vector type."""
        return isinstance(other, Type) and mlirTypeIsAVector((<Type>other).c_type)

    @property
    def scalable(self) -> bool:
        """Whether any dimension is scalable."""
        return mlirVectorTypeIsScalable(self.c_type)

    @property
    def scalable_dims(self) -> list[bool]:
        """For each dimension, whether it is scalable (a list of bool)."""
        cdef intptr_t i, n = mlirShapedTypeGetRank(self.c_type)
        return [mlirVectorTypeIsDimScalable(self.c_type, i) for i in range(n)]


cdef Context _context_for_unchecked(object element_type, object context):
    """The context of a get_unchecked: the element type's; `context`, if
    given, must be the same."""
    cdef Context ctx = _context_of_type(element_type, "element_type")
    if context is not None and resolve_context(context) is not ctx:
        raise ValueError("element_type: a Type of another Context")
    return ctx


cdef object _vector_type(object shape, object element_type, object scalable,
                         object scalable_dims, object loc, object context):
    cdef Context ctx = _context_for_unchecked(element_type, context)
    cdef vector[int64_t] dims
    _fill_shape(dims, shape)
    cdef Py_ssize_t rank = dims.size(), i
    cdef vector[bool] flags_v
    cdef bool* flags = NULL
    if scalable is not None and scalable_dims is not None:
        raise ValueError("'scalable' and 'scalable_dims' kwargs are "
                         "mutually exclusive.")
    if scalable is not None and not is_sequence_arg(scalable):
        raise _argument_type_error(f"scalable must be a list of bool, not "
                                   f"{type(scalable).__name__}")
    if scalable_dims is not None:
        if not is_sequence_arg(scalable_dims):
            raise _argument_type_error(f"scalable_dims must be a sequence of "
                                       f"ints, not {type(scalable_dims).__name__}")
        # One pass: the argument may be a generator.
        dims_given = []
        for d in scalable_dims:
            if not _is_int_arg(d):
                raise _argument_type_error(f"scalable_dims must hold ints, not "
                                           f"{type(d).__name__}")
            dims_given.append(_index_arg(d, "scalable_dims"))
        scalable_dims = dims_given
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
            if d < 0 or d >= rank:
                PyMem_Free(flags)
                raise ValueError("Scalable dimension index out of bounds.")
            flags[<Py_ssize_t>d] = True
    cdef MlirLocation c_loc = _checked_location(loc, ctx)
    cdef MlirType t
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    if flags != NULL:
        t = mlirVectorTypeGetScalableChecked(
            c_loc, rank, dims.data(), flags, (<Type>element_type).c_type)
        PyMem_Free(flags)
    else:
        t = mlirVectorTypeGetChecked(c_loc, rank, dims.data(),
                                     (<Type>element_type).c_type)
    cap.check(t.ptr != NULL, "Invalid type")
    return _make_type(VectorType, ctx, t)


cdef class RankedTensorType(ShapedType):
    """tensor<2x?xf32, #encoding>."""
    static_typeid = wrap_typeid(mlirRankedTensorTypeGetTypeID())
    type_name = from_ref(mlirRankedTensorTypeGetName())

    @staticmethod
    def get(shape: Sequence[int], element_type: Type,
            encoding: Attribute | None = None, loc=None):
        """The tensor type of `shape` (ints, get_dynamic_size() for dynamic
        sizes) and `element_type`, with an optional `encoding` Attribute.

        MLIRError ("Invalid type", with MLIR's diagnostics at `loc`, else
        the current Location) for an invalid combination."""
        return _ranked_tensor_type(shape, element_type, encoding, loc, None)

    @staticmethod
    def get_unchecked(shape: Sequence[int], element_type: Type,
                      encoding: Attribute | None = None, context=None):
        """As get, without a location (invalid input is still refused)."""
        return _ranked_tensor_type(shape, element_type, encoding, None,
                                   context)

    @staticmethod
    def isinstance(other):
        """Whether `other` is a ranked tensor type."""
        return isinstance(other, Type) and mlirTypeIsARankedTensor((<Type>other).c_type)

    @property
    def encoding(self) -> Attribute | None:
        """The encoding attribute, or None."""
        cdef MlirAttribute a = mlirRankedTensorTypeGetEncoding(self.c_type)
        return None if a.ptr == NULL else wrap_attribute(self.context, a)


cdef object _ranked_tensor_type(object shape, object element_type,
                                object encoding, object loc, object context):
    cdef Context ctx = _context_for_unchecked(element_type, context)
    cdef vector[int64_t] dims
    _fill_shape(dims, shape)
    cdef MlirAttribute enc = mlirAttributeGetNull()
    if encoding is not None:
        enc = attribute_handle_in(encoding, ctx, "encoding")
    cdef MlirType t
    if enc.ptr == NULL:
        # Valid input needs no diagnostic capture.
        t = mlirCyRankedTensorTypeGetIfValid(dims.size(), dims.data(),
                                             (<Type>element_type).c_type)
        if t.ptr != NULL:
            if loc is not None:
                _checked_location(loc, ctx)
            return _make_type(RankedTensorType, ctx, t)
    cdef MlirLocation c_loc = _checked_location(loc, ctx)
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    t = mlirRankedTensorTypeGetChecked(c_loc, dims.size(), dims.data(),
                                       (<Type>element_type).c_type, enc)
    cap.check(t.ptr != NULL, "Invalid type")
    return _make_type(RankedTensorType, ctx, t)


cdef class UnrankedTensorType(ShapedType):
    """``tensor<*xf32>``."""
    static_typeid = wrap_typeid(mlirUnrankedTensorTypeGetTypeID())
    type_name = from_ref(mlirUnrankedTensorTypeGetName())

    @staticmethod
    def get(element_type: Type, loc=None):
        """The unranked tensor type of `element_type`; MLIRError ("Invalid
        type", with MLIR's diagnostics at `loc`, else the current Location)
        for an invalid element type."""
        return _unranked_tensor_type(element_type, loc, None)

    @staticmethod
    def get_unchecked(element_type: Type, context=None):
        """As get, without a location (invalid input is still refused)."""
        return _unranked_tensor_type(element_type, None, context)

    @staticmethod
    def isinstance(other):
        """Whether `other` is an unranked tensor type."""
        return isinstance(other, Type) and mlirTypeIsAUnrankedTensor((<Type>other).c_type)


cdef object _unranked_tensor_type(object element_type, object loc,
                                  object context):
    cdef Context ctx = _context_for_unchecked(element_type, context)
    cdef MlirLocation c_loc = _checked_location(loc, ctx)
    cdef MlirType t
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    t = mlirUnrankedTensorTypeGetChecked(c_loc, (<Type>element_type).c_type)
    cap.check(t.ptr != NULL, "Invalid type")
    return _make_type(UnrankedTensorType, ctx, t)


cdef class MemRefType(ShapedType):
    """memref<4x?xf32, layout, memory_space>."""
    static_typeid = wrap_typeid(mlirMemRefTypeGetTypeID())
    type_name = from_ref(mlirMemRefTypeGetName())

    @staticmethod
    def get(shape: Sequence[int], element_type: Type,
            layout: Attribute | None = None,
            memory_space: Attribute | None = None, loc=None):
        """The memref type of `shape` (ints, get_dynamic_size() for dynamic
        sizes) and `element_type`, with optional `layout` and `memory_space`
        Attributes.

        ValueError for a layout that is not a memref layout attribute;
        MLIRError ("Invalid type", with MLIR's diagnostics at `loc`, else
        the current Location) for an invalid combination."""
        return _memref_type(shape, element_type, layout, memory_space, loc,
                            None)

    @staticmethod
    def get_unchecked(shape: Sequence[int], element_type: Type,
                      layout: Attribute | None = None,
                      memory_space: Attribute | None = None, context=None):
        """As get, without a location (invalid input is still refused)."""
        return _memref_type(shape, element_type, layout, memory_space, None,
                            context)

    @staticmethod
    def isinstance(other):
        """Whether `other` is a ranked memref type."""
        return isinstance(other, Type) and mlirTypeIsAMemRef((<Type>other).c_type)

    @property
    def layout(self) -> Attribute:
        """The layout (an Attribute, e.g. AffineMapAttr or StridedLayoutAttr)."""
        return wrap_attribute(self.context, mlirMemRefTypeGetLayout(self.c_type))

    @property
    def affine_map(self) -> AffineMap:
        """The layout as an AffineMap."""
        return wrap_affine_map(self.context, mlirMemRefTypeGetAffineMap(self.c_type))

    @property
    def memory_space(self) -> Attribute | None:
        """The memory space attribute, or None."""
        cdef MlirAttribute a = mlirMemRefTypeGetMemorySpace(self.c_type)
        return None if a.ptr == NULL else wrap_attribute(self.context, a)

    def get_strides_and_offset(self) -> tuple[list[int], int]:
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


cdef object _memref_type(object shape, object element_type, object layout,
                         object memory_space, object loc, object context):
    cdef Context ctx = _context_for_unchecked(element_type, context)
    cdef vector[int64_t] dims
    _fill_shape(dims, shape)
    cdef MlirAttribute c_layout = mlirAttributeGetNull()
    cdef MlirAttribute c_space = mlirAttributeGetNull()
    if layout is not None:
        c_layout = attribute_handle_in(layout, ctx, "layout")
        # The C API casts the layout to MemRefLayoutAttrInterface
        # unchecked: anything else would crash.
        if not mlirCyAttributeIsAMemRefLayout(c_layout):
            raise ValueError(f"layout must be a memref layout attribute "
                             f"(AffineMapAttr, StridedLayoutAttr, ...), "
                             f"got {layout}")
    if memory_space is not None:
        c_space = attribute_handle_in(memory_space, ctx, "memory_space")
    cdef MlirLocation c_loc = _checked_location(loc, ctx)
    cdef MlirType t
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    t = mlirMemRefTypeGetChecked(c_loc, (<Type>element_type).c_type,
                                 dims.size(), dims.data(), c_layout, c_space)
    cap.check(t.ptr != NULL, "Invalid type")
    return _make_type(MemRefType, ctx, t)


cdef class UnrankedMemRefType(ShapedType):
    """``memref<*xf32, memory_space>``."""
    static_typeid = wrap_typeid(mlirUnrankedMemRefTypeGetTypeID())
    type_name = from_ref(mlirUnrankedMemRefTypeGetName())

    @staticmethod
    def get(element_type: Type, memory_space: Attribute | None, loc=None):
        """The unranked memref type of `element_type` in `memory_space` (an
        Attribute, or None); MLIRError ("Invalid type", with MLIR's
        diagnostics at `loc`, else the current Location) for an invalid
        combination."""
        return _unranked_memref_type(element_type, memory_space, loc, None)

    @staticmethod
    def get_unchecked(element_type: Type, memory_space: Attribute | None,
                      context=None):
        """As get, without a location (invalid input is still refused)."""
        return _unranked_memref_type(element_type, memory_space, None,
                                     context)

    @staticmethod
    def isinstance(other):
        """Whether `other` is an unranked memref type."""
        return isinstance(other, Type) and mlirTypeIsAUnrankedMemRef((<Type>other).c_type)

    @property
    def memory_space(self) -> Attribute | None:
        """The memory space (an Attribute), or None."""
        cdef MlirAttribute a = mlirUnrankedMemrefGetMemorySpace(self.c_type)
        return None if a.ptr == NULL else wrap_attribute(self.context, a)


cdef object _unranked_memref_type(object element_type, object memory_space,
                                  object loc, object context):
    cdef Context ctx = _context_for_unchecked(element_type, context)
    cdef MlirAttribute c_space = mlirAttributeGetNull()
    if memory_space is not None:
        c_space = attribute_handle_in(memory_space, ctx, "memory_space")
    cdef MlirLocation c_loc = _checked_location(loc, ctx)
    cdef MlirType t
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    t = mlirUnrankedMemRefTypeGetChecked(
        c_loc, (<Type>element_type).c_type, c_space)
    cap.check(t.ptr != NULL, "Invalid type")
    return _make_type(UnrankedMemRefType, ctx, t)


# -- tuple, function, opaque ----------------------------------------------

cdef class TupleType(Type):
    """tuple<T0, T1, ...>."""
    static_typeid = wrap_typeid(mlirTupleTypeGetTypeID())
    type_name = from_ref(mlirTupleTypeGetName())

    @staticmethod
    def get_tuple(elements: Sequence[Type], context=None):
        """The tuple type of the Types `elements`, which must be of
        `context` or the current Context (ValueError otherwise)."""
        cdef Context ctx = resolve_context(context)
        cdef vector[MlirType] ts
        _fill_types(ts, elements, ctx, "tuple element")
        return _make_type(TupleType, ctx,
                          mlirTupleTypeGet(ctx.c_context, ts.size(), ts.data()))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a tuple type."""
        return isinstance(other, Type) and mlirTypeIsATuple((<Type>other).c_type)

    def get_type(self, pos: int) -> Type:
        """The element type at position `pos` (0 <= pos < num_types,
        IndexError otherwise)."""
        pos = _index_arg(pos, "pos")
        cdef intptr_t n = mlirTupleTypeGetNumTypes(self.c_type)
        if pos < 0 or pos >= n:
            raise IndexError(f"tuple position {pos} out of range [0, {n})")
        return wrap_type(self.context, mlirTupleTypeGetType(self.c_type, pos))

    @property
    def num_types(self):
        """The number of element types."""
        return mlirTupleTypeGetNumTypes(self.c_type)


cdef class FunctionType(Type):
    """(inputs) -> results."""
    static_typeid = wrap_typeid(mlirFunctionTypeGetTypeID())
    type_name = from_ref(mlirFunctionTypeGetName())

    @staticmethod
    def get(inputs: Sequence[Type], results: Sequence[Type], context=None):
        """The function type (inputs) -> results, from sequences of Types of
        `context` or the current Context (ValueError for a Type of another
        Context)."""
        cdef Context ctx = resolve_context(context)
        cdef vector[MlirType] ins, outs
        _fill_types(ins, inputs, ctx, "function input")
        _fill_types(outs, results, ctx, "function result")
        return _make_type(FunctionType, ctx, mlirFunctionTypeGet(
            ctx.c_context, ins.size(), ins.data(), outs.size(), outs.data()))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a function type."""
        return isinstance(other, Type) and mlirTypeIsAFunction((<Type>other).c_type)

    @property
    def inputs(self) -> list[Type]:
        """The input types (a list of Type)."""
        cdef intptr_t i, n = mlirFunctionTypeGetNumInputs(self.c_type)
        return [wrap_type(self.context, mlirFunctionTypeGetInput(self.c_type, i))
                for i in range(n)]

    @property
    def results(self) -> list[Type]:
        """The result types (a list of Type)."""
        cdef intptr_t i, n = mlirFunctionTypeGetNumResults(self.c_type)
        return [wrap_type(self.context, mlirFunctionTypeGetResult(self.c_type, i))
                for i in range(n)]


cdef class OpaqueType(Type):
    """!dialect.data: a type of an unregistered dialect."""
    static_typeid = wrap_typeid(mlirOpaqueTypeGetTypeID())
    type_name = from_ref(mlirOpaqueTypeGetName())

    @staticmethod
    def get(dialect_namespace: str, buffer: str, context=None):
        """The opaque type of dialect `dialect_namespace` with data `buffer`
        (each a str or bytes), for a dialect that need not be registered."""
        cdef Context ctx = resolve_context(context)
        cdef bytes ns = to_bytes(dialect_namespace, "dialect_namespace")
        cdef bytes data = to_bytes(buffer, "buffer")
        return _make_type(OpaqueType, ctx, mlirOpaqueTypeGet(
            ctx.c_context, str_ref(ns), str_ref(data)))

    @staticmethod
    def isinstance(other):
        """Whether `other` is an opaque type."""
        return isinstance(other, Type) and mlirTypeIsAOpaque((<Type>other).c_type)

    @property
    def dialect_namespace(self) -> str:
        """The namespace of the type's dialect."""
        return from_ref(mlirOpaqueTypeGetDialectNamespace(self.c_type))

    @property
    def data(self) -> str:
        """The type's data, as its dialect printed it."""
        return from_ref(mlirOpaqueTypeGetData(self.c_type))


cdef int _register_builtin_type(type cls) except -1:
    _set_caster(_type_caster_map, _type_casters, cls.static_typeid, cls, cls)
    return 0


# The builtin types, each the class of its TypeID (a caster): registered
# and exported from this one list, with the two base classes.
cdef tuple _BUILTIN_TYPES = (
    IntegerType, IndexType, NoneType, ComplexType, VectorType,
    RankedTensorType, UnrankedTensorType, MemRefType, UnrankedMemRefType,
    TupleType, FunctionType, OpaqueType) + _FLOAT_TYPES

for _cls in _BUILTIN_TYPES:
    _register_builtin_type(_cls)
del _cls

_TYPE_NAMES = ["FloatType", "ShapedType"] + [c.__name__ for c in _BUILTIN_TYPES]
