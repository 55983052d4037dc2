# Dense element containers and numpy interop:
#   DenseElementsAttr (DenseIntElementsAttr, DenseFPElementsAttr)
#       from any buffer-protocol object (numpy arrays of bool, int8..int64,
#       uint8..uint64, float16/32/64, complex64/128), from a list of
#       attributes, or as a splat; exported through the buffer protocol
#       (zero-copy, read-only; a splat is exported with zero strides, i1
#       data unpacked to one byte per element).
#   DenseResourceElementsAttr.get_from_buffer: a resource blob that keeps
#       the Python buffer alive instead of copying it.
#   DenseBoolArrayAttr, DenseI8/I16/I32/I64/F32/F64ArrayAttr: sequences.
#
# Non-contiguous input buffers are copied to C order first (documented,
# tested): DenseElementsAttr stores row-major data anyway.

from cpython.buffer cimport (
    PyObject_GetBuffer, PyBuffer_Release, PyBUF_RECORDS_RO, PyBUF_WRITABLE,
    PyBUF_FORMAT, PyBUF_ND, PyBUF_STRIDES, PyBUF_C_CONTIGUOUS,
    PyBUF_ANY_CONTIGUOUS, PyBuffer_IsContiguous, PyBUF_STRIDED_RO,
    PyObject_CheckBuffer,
)
from libc.stdlib cimport malloc, free
from libc.stdint cimport INT64_MAX
from libc.string cimport memcpy, memset


cdef extern from *:
    """
    static inline int mlircy_little_endian(void) {
      const unsigned short x = 1;
      return *(const unsigned char*)&x == 1;
    }
    """
    bint mlircy_little_endian()


cdef MlirType _element_type_for_format(Context ctx, str fmt, Py_ssize_t itemsize,
                                       bint signless) except *:
    """The MLIR element type matching a struct-module buffer format."""
    cdef str f = fmt
    if f and f[0] in "@=<":
        f = f[1:]
    elif f and f[0] in ">!":
        # (big-endian data)
        raise ValueError(f"unimplemented array format conversion from "
                         f"format: {fmt}")
    cdef MlirContext c = ctx.c_context
    if f == "?":
        return mlirIntegerTypeGet(c, 1)
    if f in ("b", "h", "i", "l", "q", "n"):
        return (mlirIntegerTypeGet(c, itemsize * 8) if signless
                else mlirIntegerTypeSignedGet(c, itemsize * 8))
    if f in ("B", "H", "I", "L", "Q", "N"):
        return (mlirIntegerTypeGet(c, itemsize * 8) if signless
                else mlirIntegerTypeUnsignedGet(c, itemsize * 8))
    if f == "e":
        return mlirF16TypeGet(c)
    if f == "f":
        return mlirF32TypeGet(c)
    if f == "d":
        return mlirF64TypeGet(c)
    if f == "Zf":
        return mlirComplexTypeGet(mlirF32TypeGet(c))
    if f == "Zd":
        return mlirComplexTypeGet(mlirF64TypeGet(c))
    # (supported: bool, int8-64, uint8-64, float16/32/64, complex64/128;
    # type= names the element type of any other buffer)
    raise ValueError(f"unimplemented array format conversion from format: "
                     f"{fmt}")


cdef MlirType _element_type_for_buffer(Context ctx, Py_buffer* v,
                                       bint signless) except *:
    """_element_type_for_format of a buffer's format, read in C for the
    one-letter formats of numpy's and array's numbers (no str made)."""
    cdef const char* f = v.format
    cdef char code
    cdef MlirContext c = ctx.c_context
    if f != NULL:
        if f[0] == b'@' or f[0] == b'=' or f[0] == b'<':
            f += 1
        if f[0] != 0 and f[1] == 0:
            code = f[0]
            if code == b'?':
                return mlirIntegerTypeGet(c, 1)
            if code in b"bhilqn":
                return (mlirIntegerTypeGet(c, v.itemsize * 8) if signless
                        else mlirIntegerTypeSignedGet(c, v.itemsize * 8))
            if code in b"BHILQN":
                return (mlirIntegerTypeGet(c, v.itemsize * 8) if signless
                        else mlirIntegerTypeUnsignedGet(c, v.itemsize * 8))
            if code == b'e':
                return mlirF16TypeGet(c)
            if code == b'f':
                return mlirF32TypeGet(c)
            if code == b'd':
                return mlirF64TypeGet(c)
    return _element_type_for_format(ctx, _buffer_format(v), v.itemsize,
                                    signless)


cdef bytes _pack_bools(const unsigned char* src, Py_ssize_t n):
    """One byte per element (nonzero = true) -> little-endian bit-packed."""
    cdef bytes out = PyBytes_FromStringAndSize(NULL, (n + 7) // 8)
    cdef unsigned char* dst = <unsigned char*>mlircy_bytes_data(out)
    cdef Py_ssize_t i
    memset(dst, 0, (n + 7) // 8)
    with nogil:
        for i in range(n):
            if src[i]:
                dst[i >> 3] |= <unsigned char>(1 << (i & 7))
    return out


cdef extern from "Python.h":
    const Py_ssize_t PY_SSIZE_T_MAX
    bytes PyBytes_FromStringAndSize(const char* v, Py_ssize_t n)


@cython.freelist(4)
cdef class _HeldBuffer:
    """A Py_buffer acquired from an object, released when this dies."""
    cdef Py_buffer view
    cdef bint held

    def __dealloc__(self):
        if self.held:
            PyBuffer_Release(&self.view)


cdef _HeldBuffer _get_buffer(object obj, int flags):
    cdef _HeldBuffer h = _HeldBuffer.__new__(_HeldBuffer)
    PyObject_GetBuffer(obj, &h.view, flags)
    h.held = True
    return h


cdef Py_ssize_t _num_elements(object shape) except -1:
    cdef Py_ssize_t n = 1
    for d in shape:
        if d < 0:
            raise ValueError(f"shape dimensions must be static (>= 0), got "
                             f"{list(shape)}")
        n *= d
    return n


# -- argument binding for the two forms of DenseElementsAttr.get ----------

# (name, default) of each form, in upstream's order.
cdef tuple _DENSE_BUFFER_PARAMS = (("array", _REQUIRED), ("signless", True),
                                   ("type", None), ("shape", None),
                                   ("context", None))
cdef tuple _DENSE_LIST_PARAMS = (("attrs", _REQUIRED), ("type", None),
                                 ("context", None))
cdef tuple _DENSE_GET_SIGNATURES = (
    "get(array: typing_extensions.Buffer, signless: bool = True, type: "
    "Type | None = None, shape: Sequence[int] | None = None, context: "
    "Context | None = None) -> DenseElementsAttr",
    "get(attrs: list, type: mlir._mlir_libs._mlir.ir.Type | None = None, "
    "context: Context | None = None) -> "
    "mlir._mlir_libs._mlir.ir.DenseElementsAttr",
)


cdef bint _buffer_arguments_ok(list bound):
    array, signless, type_, shape, context = bound
    if not PyObject_CheckBuffer(array):
        return False
    if not (PyBool_Check(signless) or
            type(signless).__name__ == "bool_"):        # numpy.bool_
        return False
    if type_ is not None and not isinstance(type_, Type):
        return False
    if shape is not None and not (_is_sequence_arg(shape) and
                                  all(_is_int_arg(d) for d in shape)):
        return False
    return context is None or isinstance(context, Context)


cdef inline str _buffer_format(Py_buffer* v):
    """The buffer's struct-module format ("B" when it gives none)."""
    return (<bytes>v.format).decode("ascii") if v.format != NULL else "B"


cdef int64_t _dims_product(vector[int64_t]& dims) noexcept:
    """The product of non-negative dims; -1 beyond int64."""
    cdef int64_t n = 1
    cdef size_t i
    for i in range(dims.size()):
        if dims[i] != 0 and n > INT64_MAX // dims[i]:
            return -1
        n *= dims[i]
    return n


# Buffers from this size on are handed to MLIR (which hashes and copies
# them) with the GIL released; below it, releasing costs more than it gives.
cdef Py_ssize_t _NOGIL_BYTES = 1 << 16


cdef object _dense_from_buffer(object array, object signless, object type,
                               object shape, object context):
    """DenseElementsAttr.get's buffer form (arguments already bound)."""
    cdef Context ctx
    if type is not None:
        ctx = (<Type>type).context
    else:
        ctx = resolve_context(context)
    # The buffer on the stack, released on the way out (no object for it).
    cdef Py_buffer view
    try:
        PyObject_GetBuffer(array, &view, PyBUF_RECORDS_RO)
    except (ValueError, BufferError):
        # numpy refuses a format string for some dtypes (datetime64, ...);
        # with an explicit element type the bytes are all we need.
        if type is None:
            raise
        PyObject_GetBuffer(array, &view, PyBUF_STRIDED_RO)
    try:
        return _dense_from_view(&view, array, signless, type, shape, ctx)
    finally:
        PyBuffer_Release(&view)


cdef object _dense_from_view(Py_buffer* v, object array, object signless,
                             object type, object shape, Context ctx):
    """_dense_from_buffer's work on the buffer `v` of `array`."""
    # Contiguity: copy anything else to C order.
    data_owner = None
    cdef const char* data = <const char*>v.buf
    cdef Py_ssize_t nbytes = v.len
    if not PyBuffer_IsContiguous(v, b'C'):
        data_owner = memoryview(array).tobytes(order="C")
        data = <const char*>(<bytes>data_owner)
    cdef MlirType elt, shaped
    cdef bint explicit_shaped = False
    if type is not None:
        elt = (<Type>type).c_type
        if mlirTypeIsAShaped(elt):
            if shape is not None:
                raise ValueError("Shape can only be specified explicitly "
                                 "when the type is not a shaped type.")
            explicit_shaped = True
            shaped = elt
            elt = mlirShapedTypeGetElementType(shaped)
    else:
        elt = _element_type_for_buffer(ctx, v, signless)
    cdef int64_t bits = mlirCyDenseElementsStorageBitWidth(elt)
    if bits == 0:
        raise ValueError(f"unsupported element type for "
                         f"DenseElementsAttr: {_print_type(elt)}")
    # The logical shape: the shaped type's, `shape`, or the buffer's.
    cdef vector[int64_t] dims
    cdef intptr_t i
    cdef int64_t n
    logical_shape = None            # the list, when `shape` gave it
    if explicit_shaped:
        if not mlirShapedTypeHasStaticShape(shaped):
            raise ValueError(f"DenseElementsAttr needs a static shape, "
                             f"got {_print_type(shaped)}")
        for i in range(mlirShapedTypeGetRank(shaped)):
            dims.push_back(mlirShapedTypeGetDimSize(shaped, i))
    elif shape is not None:
        logical_shape = list(shape)
    elif v.ndim == 0:
        pass
    elif v.shape != NULL:
        dims.reserve(v.ndim)
        for i in range(v.ndim):
            dims.push_back(v.shape[i])
    else:
        dims.push_back(v.len // max(v.itemsize, 1))
    if logical_shape is not None:
        n = _num_elements(logical_shape)
    else:
        n = _dims_product(dims)
    packed = None
    if bits == 1:
        fmt = _buffer_format(v)
        if fmt.lstrip("@=<") == "?":
            packed = _pack_bools(<const unsigned char*>data, nbytes)
            data = <const char*>(<bytes>packed)
            if nbytes == 1 and n != 1:   # one bool: a splat
                packed = b"\xff" if data[0] else b"\x00"
                data = <const char*>(<bytes>packed)
                nbytes = 1
            else:
                if nbytes != n:
                    raise ValueError(
                        f"buffer of {nbytes} bools does not match shape "
                        f"{_shape_for_message(logical_shape, dims)}")
                nbytes = (n + 7) // 8
        elif v.itemsize == 1:
            if not (nbytes == (n + 7) // 8 or
                    (nbytes == 1 and (<unsigned char>data[0]) in (0, 255))):
                raise ValueError(
                    f"bit-packed i1 buffer of {nbytes} bytes does not match "
                    f"shape {_shape_for_message(logical_shape, dims)}")
        else:
            raise ValueError(f"an i1 DenseElementsAttr needs a bool buffer "
                             f"or bit-packed bytes, got format '{fmt}'")
    else:
        if v.itemsize * 8 != bits:
            raise ValueError(
                f"buffer element size ({v.itemsize} bytes, format "
                f"'{_buffer_format(v)}') does not match element type "
                f"{_print_type(elt)} ({bits // 8} bytes)")
        if nbytes != v.itemsize and (n < 0 or n > PY_SSIZE_T_MAX // v.itemsize
                                     or nbytes != n * v.itemsize):
            shape_list = _shape_for_message(logical_shape, dims)
            raise ValueError(
                f"buffer of {nbytes // v.itemsize} elements does not match "
                f"shape {shape_list} ({_num_elements(shape_list)} elements)")
        if mlirTypeIsAInteger(elt) and mlirIntegerTypeGetWidth(elt) < bits:
            packed = _narrow_int_data(data, nbytes, v.itemsize,
                                      _buffer_format(v), elt)
            data = <const char*>(<bytes>packed)
    if not explicit_shaped:
        if logical_shape is not None:
            for d in logical_shape:
                dims.push_back(d)
        shaped = mlirRankedTensorTypeGet(dims.size(), dims.data(), elt,
                                         mlirAttributeGetNull())
    cdef MlirAttribute a
    cdef PyThreadState* _ts
    if nbytes >= _NOGIL_BYTES:
        _ts = gil_release_for(ctx)
        a = mlirDenseElementsAttrRawBufferGet(shaped, <size_t>nbytes, data)
        gil_restore(_ts)
    else:
        a = mlirDenseElementsAttrRawBufferGet(shaped, <size_t>nbytes, data)
    if a.ptr == NULL:
        raise ValueError(f"buffer does not match type {_print_type(shaped)}")
    return _dense_elements(ctx, a)


cdef DenseElementsAttr _dense_elements(Context ctx, MlirAttribute a):
    """`a` as a DenseElementsAttr itself, not its integer or floating-point
    subclass: what upstream's DenseElementsAttr.get and get_splat return
    (reading the attribute back from an operation gives the subclass)."""
    if a.ptr == NULL:
        raise ValueError("null attribute")
    cdef DenseElementsAttr r = DenseElementsAttr.__new__(DenseElementsAttr)
    r.c_attr = a
    r.context = ctx
    return r


cdef list _shape_for_message(object logical_shape, vector[int64_t]& dims):
    """The logical shape as a list, for error messages."""
    if logical_shape is not None:
        return logical_shape
    return [dims[i] for i in range(<Py_ssize_t>dims.size())]


cdef class DenseElementsAttr(Attribute):
    """dense<...> : tensor<...>: integer, index, float or complex elements
    stored contiguously. See DenseElementsAttr.get for the conversions."""
    static_typeid = _NoTypeID()

    @staticmethod
    def get(*args, **kwargs):
        """DenseElementsAttr.get(array, signless=True, type=None, shape=None,
        context=None), from a buffer (numpy array, bytes, array.array,
        memoryview...): the element type is inferred from the buffer
        format unless `type` (an element type, or a complete shaped type)
        is given; `shape` overrides the buffer's shape. A bool buffer
        becomes i1; an int8 / uint8 buffer with type=i1 is taken as already
        bit-packed (little bit order), as upstream. A one-element buffer
        makes a splat. With `type`, a buffer whose element format has no
        buffer-protocol code (numpy datetime64, ...) is read as raw bytes.

        DenseElementsAttr.get(attrs, type=None, context=None), from a
        non-empty list of IntegerAttr or FloatAttr of one element type:
        shape [len(attrs)] unless `type` (a static shaped type of that
        element type and element count) says otherwise.

        Arguments matching neither form raise upstream's TypeError."""
        # The common calls, get(buffer) and get(buffer, type=T), bound
        # without the general binder (what it would conclude for them).
        if len(args) == 1 and PyObject_CheckBuffer(args[0]):
            if not kwargs:
                return _dense_from_buffer(args[0], True, None, None, None)
            if len(kwargs) == 1:
                type_ = kwargs.get("type")
                if isinstance(type_, Type):
                    return _dense_from_buffer(args[0], True, type_, None,
                                              None)
        bound = _bind_arguments(args, kwargs, _DENSE_BUFFER_PARAMS)
        if bound is not None and _buffer_arguments_ok(bound):
            return _dense_from_buffer(bound[0], bound[1], bound[2], bound[3],
                                      bound[4])
        bound = _bind_arguments(args, kwargs, _DENSE_LIST_PARAMS)
        if bound is not None and isinstance(bound[0], list) and \
                (bound[1] is None or isinstance(bound[1], Type)) and \
                (bound[2] is None or isinstance(bound[2], Context)):
            return _dense_from_attributes(bound[0], bound[1], bound[2])
        raise _incompatible_arguments("get", _DENSE_GET_SIGNATURES, args,
                                      kwargs)

    @staticmethod
    def get_splat(shaped_type: Type, element_attr: Attribute):
        """Every element equal to `element_attr`, an IntegerAttr or
        FloatAttr whose type is the element type of `shaped_type`, a
        statically shaped type (ValueErrors with upstream's texts)."""
        cdef Context ctx = _context_of_type(shaped_type, "shaped_type")
        cdef MlirType st = (<Type>shaped_type).c_type
        cdef MlirAttribute ea = attribute_handle(element_attr, "element_attr")
        if not (mlirAttributeIsAInteger(ea) or mlirAttributeIsAFloat(ea)):
            raise ValueError(f"Illegal element type for DenseElementsAttr: "
                             f"Attribute({element_attr})")
        if not mlirTypeIsAShaped(st) or not mlirShapedTypeHasStaticShape(st):
            raise ValueError(f"Expected a static ShapedType for the "
                             f"shaped_type parameter: Type({shaped_type})")
        if not mlirTypeEqual(mlirAttributeGetType(ea),
                             mlirShapedTypeGetElementType(st)):
            raise ValueError(
                f"Shaped element type and attribute type must be equal: "
                f"shaped=Type({shaped_type}), "
                f"element=Attribute({element_attr})")
        attribute_handle_in(element_attr, ctx, "element_attr")
        return _dense_elements(ctx, mlirDenseElementsAttrSplatGet(st, ea))

    @staticmethod
    def isinstance(other):
        """Whether `other` is a dense elements attribute (integer,
        floating-point or other elements)."""
        return isinstance(other, Attribute) and mlirAttributeIsADenseElements(
            (<Attribute>other).c_attr)

    @property
    def is_splat(self):
        """Whether every element has the same value."""
        return mlirDenseElementsAttrIsSplat(self.c_attr)

    def get_splat_value(self) -> Attribute:
        """The value all elements share, as an Attribute; ValueError when
        the attribute is not a splat."""
        if not mlirDenseElementsAttrIsSplat(self.c_attr):
            raise ValueError("get_splat_value called on a non-splat attribute")
        return wrap_attribute(self.context,
                              mlirDenseElementsAttrGetSplatValue(self.c_attr))

    def __len__(self):
        return mlirElementsAttrGetNumElements(self.c_attr)

    cdef intptr_t _flat_index(self, object index) except -1:
        """Element `index` of the flat, row-major elements: 0 <= index <
        len(self), else upstream's IndexError (no negative indices)."""
        cdef int64_t n = mlirElementsAttrGetNumElements(self.c_attr)
        i = _index_arg(index, "index")
        if i < 0 or i >= n:
            raise IndexError("attempt to access out of bounds element")
        return <intptr_t>i

    # -- buffer export -------------------------------------------------------
    def __getbuffer__(self, Py_buffer* view, int flags):
        if flags & PyBUF_WRITABLE:
            raise BufferError("DenseElementsAttr buffers are read-only")
        cdef MlirType st = mlirAttributeGetType(self.c_attr)
        cdef MlirType elt = mlirShapedTypeGetElementType(st)
        cdef const char* fmt
        cdef Py_ssize_t itemsize
        cdef int64_t bits = mlirCyDenseElementsStorageBitWidth(elt)
        fmt = _export_format(elt, &itemsize)
        cdef intptr_t ndim = mlirShapedTypeGetRank(st), d
        cdef bint splat = mlirDenseElementsAttrIsSplat(self.c_attr)
        cdef int64_t n = mlirElementsAttrGetNumElements(self.c_attr)
        cdef Py_ssize_t* info = <Py_ssize_t*>malloc(
            (2 * ndim + 2) * sizeof(Py_ssize_t))
        if info == NULL:
            raise MemoryError()
        # info[0]: owned data (unpacked i1) or 0; then shape, strides.
        info[0] = 0
        cdef Py_ssize_t* shape = info + 2
        cdef Py_ssize_t* strides = info + 2 + ndim
        cdef Py_ssize_t stride = itemsize
        for d in range(ndim - 1, -1, -1):
            shape[d] = mlirShapedTypeGetDimSize(st, d)
            strides[d] = 0 if splat else stride
            stride *= shape[d]
        cdef const unsigned char* raw = <const unsigned char*>mlirDenseElementsAttrGetRawData(self.c_attr)
        cdef unsigned char* unpacked
        cdef int64_t i, count
        if bits == 1:
            count = 1 if splat else n
            unpacked = <unsigned char*>malloc(max(count, 1))
            if unpacked == NULL:
                free(info)
                raise MemoryError()
            for i in range(count):
                unpacked[i] = (raw[i >> 3] >> (i & 7)) & 1
            info[0] = <Py_ssize_t>unpacked
            view.buf = unpacked
        else:
            view.buf = <void*>raw
        view.obj = self
        view.len = n * itemsize
        view.readonly = 1
        view.itemsize = itemsize
        view.format = <char*>fmt if (flags & PyBUF_FORMAT) else NULL
        view.ndim = ndim
        view.shape = shape if (flags & PyBUF_ND) == PyBUF_ND else NULL
        view.strides = strides if (flags & PyBUF_STRIDES) == PyBUF_STRIDES else NULL
        view.suboffsets = NULL
        view.internal = info
        if splat and n > 1 and view.strides == NULL:
            free(<void*>info[0])
            free(info)
            view.obj = None
            raise BufferError("a splat DenseElementsAttr is exported with "
                              "zero strides; request a strided buffer")

    def __releasebuffer__(self, Py_buffer* view):
        cdef Py_ssize_t* info = <Py_ssize_t*>view.internal
        if info != NULL:
            free(<void*>info[0])
            free(info)


cdef bytes _narrow_int_data(const char* data, Py_ssize_t nbytes,
                            Py_ssize_t itemsize, str fmt, MlirType elt):
    """For an integer element type narrower than its storage (i4 in a byte,
    i12 in two...): checks every buffer element fits the type's width
    (ValueError naming the first that does not) and returns the data with
    each element reduced to its low bits, the form MLIR itself stores.
    Buffer elements are read as signed for signed formats (b h i l q n),
    unsigned otherwise."""
    cdef unsigned int w = mlirIntegerTypeGetWidth(elt)
    cdef bint src_signed = fmt.lstrip("@=<") in ("b", "h", "i", "l", "q", "n")
    cdef object lo, hi
    if mlirIntegerTypeIsSigned(elt):
        lo, hi = -(1 << (w - 1)) if w else 0, (1 << (w - 1)) - 1 if w else 0
    elif mlirIntegerTypeIsUnsigned(elt):
        lo, hi = 0, (1 << w) - 1
    else:
        lo, hi = -(1 << (w - 1)) if w else 0, (1 << w) - 1
    cdef Py_ssize_t count = nbytes // itemsize, i, bad = -1
    cdef bytes out = PyBytes_FromStringAndSize(NULL, nbytes)
    cdef char* dst = mlircy_bytes_data(out)
    cdef int64_t c_lo, c_hi, sv
    cdef uint64_t uv, mask
    if itemsize in (1, 2, 4, 8):
        c_lo = lo
        c_hi = hi
        mask = (<uint64_t>1 << w) - 1
        with nogil:
            for i in range(count):
                uv = 0
                memcpy(&uv, data + i * itemsize, itemsize)
                if src_signed and itemsize < 8 and \
                        (uv >> (itemsize * 8 - 1)) & 1:
                    uv |= ~((<uint64_t>1 << (itemsize * 8)) - 1)
                if not src_signed and uv > <uint64_t>c_hi:
                    bad = i
                    break
                sv = <int64_t>uv
                if sv < c_lo or sv > c_hi:
                    bad = i
                    break
                uv = uv & mask
                memcpy(dst + i * itemsize, &uv, itemsize)
        if bad < 0:
            return out
        value = int.from_bytes(data[bad * itemsize:(bad + 1) * itemsize],
                               "little", signed=src_signed)
    else:
        chunks = []
        for i in range(count):
            value = int.from_bytes(data[i * itemsize:(i + 1) * itemsize],
                                   "little", signed=src_signed)
            if value < lo or value > hi:
                bad = i
                break
            chunks.append((value & ((1 << w) - 1)).to_bytes(itemsize,
                                                            "little"))
        if bad < 0:
            return b"".join(chunks)
    raise ValueError(f"value {value} (element {bad}) does not fit in "
                     f"element type {_print_type(elt)} (range [{lo}, {hi}])")


cdef const char* _export_format(MlirType elt, Py_ssize_t* itemsize) except NULL:
    cdef unsigned int w
    cdef Py_ssize_t sub
    cdef const char* f
    if mlirTypeIsAIndex(elt):
        itemsize[0] = 8
        return "q"
    if mlirTypeIsAInteger(elt):
        w = mlirIntegerTypeGetWidth(elt)
        if w == 1:
            itemsize[0] = 1
            return "?"
        unsigned_ = mlirIntegerTypeIsUnsigned(elt)
        if w == 8:
            itemsize[0] = 1
            return "B" if unsigned_ else "b"
        if w == 16:
            itemsize[0] = 2
            return "H" if unsigned_ else "h"
        if w == 32:
            itemsize[0] = 4
            return "I" if unsigned_ else "i"
        if w == 64:
            itemsize[0] = 8
            return "Q" if unsigned_ else "q"
    elif mlirTypeIsAF16(elt):
        itemsize[0] = 2
        return "e"
    elif mlirTypeIsAF32(elt):
        itemsize[0] = 4
        return "f"
    elif mlirTypeIsAF64(elt):
        itemsize[0] = 8
        return "d"
    elif mlirTypeIsAComplex(elt):
        sub_t = mlirComplexTypeGetElementType(elt)
        if mlirTypeIsAF32(sub_t):
            itemsize[0] = 8
            return "Zf"
        if mlirTypeIsAF64(sub_t):
            itemsize[0] = 16
            return "Zd"
    raise ValueError(f"unsupported data type for conversion to a Python "
                     f"buffer: {_print_type(elt)}")


cdef MlirAttribute _list_attribute(object a) except *:
    """An element of a list of attributes, with upstream's errors for
    anything else."""
    if a is None:
        raise RuntimeError("Invalid attribute (None?) when attempting to "
                           "create an ArrayAttribute")
    if not isinstance(a, Attribute):
        raise RuntimeError("Invalid attribute when attempting to create an "
                           "ArrayAttribute (std::bad_cast)")
    return (<Attribute>a).c_attr


cdef object _dense_from_attributes(list attrs, object type, object context):
    """DenseElementsAttr.get's list form, checked in upstream's order:
    a non-empty list, a static shaped `type`, then each element an
    Attribute of the element type. Beyond upstream (which would abort):
    elements must be IntegerAttr or FloatAttr of a Context's valid tensor
    element type, as many as the shape holds."""
    cdef Context ctx
    cdef MlirType shaped, elt
    cdef MlirAttribute h
    cdef vector[MlirAttribute] elems
    cdef vector[int64_t] dims
    if not attrs:
        raise ValueError("Attributes list must be non-empty.")
    if type is not None:
        shaped = (<Type>type).c_type
        if not mlirTypeIsAShaped(shaped) or \
                not mlirShapedTypeHasStaticShape(shaped):
            raise ValueError(f"Expected a static ShapedType for the "
                             f"shaped_type parameter: Type({type})")
        ctx = (<Type>type).context
    else:
        h = _list_attribute(attrs[0])
        ctx = (<Attribute>attrs[0]).context if context is None \
            else resolve_context(context)
        elt = mlirAttributeGetType(h)
        if mlirCyDenseElementsStorageBitWidth(elt) == 0:
            raise ValueError(f"unsupported element type for "
                             f"DenseElementsAttr: {_print_type(elt)}")
        dims.push_back(len(attrs))
        shaped = mlirRankedTensorTypeGet(1, dims.data(), elt,
                                         mlirAttributeGetNull())
    elt = mlirShapedTypeGetElementType(shaped)
    for a in attrs:
        h = _list_attribute(a)
        if not mlirTypeEqual(mlirAttributeGetType(h), elt):
            raise ValueError(
                f"All attributes must be of the same type and match the "
                f"type parameter: expected={wrap_type(ctx, shaped)!r}, but "
                f"got={wrap_type(ctx, mlirAttributeGetType(h))!r}")
        attribute_handle_in(a, ctx, "DenseElementsAttr element")
        if not (mlirAttributeIsAInteger(h) or mlirAttributeIsAFloat(h)):
            raise ValueError(f"elements must be IntegerAttr or FloatAttr, "
                             f"got {a}")
        elems.push_back(h)
    if mlirCyDenseElementsStorageBitWidth(elt) == 0:
        raise ValueError(f"unsupported element type for DenseElementsAttr: "
                         f"{_print_type(elt)}")
    if <int64_t>elems.size() != mlirElementsAttrGetNumElements_t(shaped):
        raise ValueError(f"{elems.size()} attributes do not match type "
                         f"{_print_type(shaped)}")
    return _dense_elements(ctx, mlirDenseElementsAttrGet(shaped, elems.size(),
                                                        elems.data()))


cdef int64_t mlirElementsAttrGetNumElements_t(MlirType shaped):
    cdef int64_t n = 1
    cdef intptr_t i
    for i in range(mlirShapedTypeGetRank(shaped)):
        n *= mlirShapedTypeGetDimSize(shaped, i)
    return n


cdef class DenseIntElementsAttr(DenseElementsAttr):
    """Dense integer or index elements; a[i] is the i-th element (flat,
    row-major, 0 <= i < len(a)) as a Python int (0 or 1 for i1). As
    upstream, elements of widths other than 1, 8, 16, 32 and 64 bits are
    not read (TypeError)."""

    @staticmethod
    def isinstance(other):
        """Whether `other` is a dense elements attribute of integer or index
        elements."""
        return isinstance(other, Attribute) and mlirAttributeIsADenseIntElements(
            (<Attribute>other).c_attr)

    def __getitem__(self, index):
        cdef intptr_t i = self._flat_index(index)
        cdef MlirType elt = mlirShapedTypeGetElementType(mlirAttributeGetType(self.c_attr))
        cdef unsigned int w
        cdef bint uns
        if mlirTypeIsAIndex(elt):
            return <int64_t>mlirDenseElementsAttrGetIndexValue(self.c_attr, i)
        w = mlirIntegerTypeGetWidth(elt)
        uns = mlirIntegerTypeIsUnsigned(elt)
        if w == 1:
            return 1 if mlirDenseElementsAttrGetBoolValue(self.c_attr, i) else 0
        if w == 8:
            return (mlirDenseElementsAttrGetUInt8Value(self.c_attr, i) if uns
                    else mlirDenseElementsAttrGetInt8Value(self.c_attr, i))
        if w == 16:
            return (mlirDenseElementsAttrGetUInt16Value(self.c_attr, i) if uns
                    else mlirDenseElementsAttrGetInt16Value(self.c_attr, i))
        if w == 32:
            return (mlirDenseElementsAttrGetUInt32Value(self.c_attr, i) if uns
                    else mlirDenseElementsAttrGetInt32Value(self.c_attr, i))
        if w == 64:
            return (mlirDenseElementsAttrGetUInt64Value(self.c_attr, i) if uns
                    else mlirDenseElementsAttrGetInt64Value(self.c_attr, i))
        raise TypeError("Unsupported integer type")


cdef class DenseFPElementsAttr(DenseElementsAttr):
    """Dense floating-point elements; a[i] is the i-th element (flat,
    row-major, 0 <= i < len(a)) as a Python float. As upstream, only f32
    and f64 elements are read this way (TypeError for others; the buffer
    protocol exports f16 too)."""

    @staticmethod
    def isinstance(other):
        """Whether `other` is a dense elements attribute of floating-point
        elements."""
        return isinstance(other, Attribute) and mlirAttributeIsADenseFPElements(
            (<Attribute>other).c_attr)

    def __getitem__(self, index):
        cdef intptr_t i = self._flat_index(index)
        cdef MlirType elt = mlirShapedTypeGetElementType(mlirAttributeGetType(self.c_attr))
        if mlirTypeIsAF32(elt):
            return mlirDenseElementsAttrGetFloatValue(self.c_attr, i)
        if mlirTypeIsAF64(elt):
            return mlirDenseElementsAttrGetDoubleValue(self.c_attr, i)
        raise TypeError("Unsupported floating-point type")


cdef PyObject* _choose_dense_class(MlirAttribute a) noexcept:
    if mlirAttributeIsADenseFPElements(a):
        return <PyObject*>DenseFPElementsAttr
    if mlirAttributeIsADenseIntElements(a):
        return <PyObject*>DenseIntElementsAttr
    return <PyObject*>DenseElementsAttr


# -- resources -------------------------------------------------------------

cdef void _release_resource(void* user, const void* data, size_t size,
                            size_t align) noexcept with gil:
    Py_DECREF_held(<PyObject*>user)


cdef extern from "Python.h":
    void Py_DECREF_held "Py_DECREF"(PyObject*)
    void Py_INCREF_held "Py_INCREF"(PyObject*)


cdef class DenseResourceElementsAttr(Attribute):
    """dense_resource<name> : tensor<...>: elements in a blob that borrows
    the Python buffer (kept alive until MLIR drops the blob)."""
    static_typeid = _NoTypeID()
    attr_name = from_ref(mlirDenseResourceElementsAttrGetName())

    @staticmethod
    def get_from_buffer(array: Any, name: str, type: Type,
                        alignment: int | None = None, is_mutable: bool = False,
                        context=None):
        """A resource blob over the whole buffer (not copied), typed by
        `type`, a statically shaped type. The buffer must be C-contiguous
        and hold at least the bytes `type` needs (ValueError otherwise); a
        larger buffer is taken whole, as upstream does."""
        # The arguments' kinds first, as upstream's binding layer checks
        # them before its function runs (TypeError), then their values.
        if not PyObject_CheckBuffer(array):
            raise _argument_type_error(
                f"array must be an object with the buffer protocol, not "
                f"{_upstream_type_name(array)}")
        name = _str_param(name, "name")
        if alignment is not None and not _is_int_arg(alignment):
            raise _argument_type_error(f"alignment must be an int or None, "
                                       f"not {_upstream_type_name(alignment)}")
        if alignment is not None and alignment < 0:
            raise _argument_type_error(f"alignment must be unsigned, got "
                                       f"{alignment}")
        _bool_arg(is_mutable, "is_mutable")
        cdef Context ctx = resolve_context(context)
        cdef MlirType st = type_handle_in(type, ctx, "type")
        if not mlirTypeIsAShaped(st):
            raise ValueError(f"Constructing a DenseResourceElementsAttr "
                             f"requires a ShapedType. (got {type})")
        if not mlirShapedTypeHasStaticShape(st):
            raise ValueError(f"type must be a statically shaped type, got {type}")
        cdef int64_t bits = mlirCyDenseElementsStorageBitWidth(
            mlirShapedTypeGetElementType(st))
        if bits == 0:
            raise ValueError(f"unsupported element type in {type}")
        cdef _HeldBuffer h = _get_buffer(array, PyBUF_RECORDS_RO)
        if not PyBuffer_IsContiguous(&h.view, b'C'):
            raise ValueError("get_from_buffer needs a C-contiguous buffer "
                             "(it is not copied)")
        cdef int64_t n = mlirElementsAttrGetNumElements_t(st)
        cdef int64_t expected = (n + 7) // 8 if bits == 1 else n * (bits // 8)
        if h.view.len < expected:
            raise ValueError(f"buffer of {h.view.len} bytes is smaller than "
                             f"{type} needs ({expected} bytes)")
        if alignment is not None:
            alignment = _index_arg(alignment, "alignment")
            if alignment <= 0:
                raise ValueError(f"alignment must be a power of two, got "
                                 f"{alignment}")
        cdef size_t align = h.view.itemsize if alignment is None else alignment
        if align == 0 or (align & (align - 1)) != 0:
            raise ValueError(f"alignment must be a power of two, got {align}")
        if (<uintptr_t>h.view.buf) % align != 0:
            raise ValueError(f"buffer is not aligned to {align} bytes")
        cdef bytes b = to_bytes(name, "name")
        Py_INCREF_held(<PyObject*>h)
        cdef MlirAttribute a = mlirUnmanagedDenseResourceElementsAttrGet(
            st, str_ref(b), h.view.buf, h.view.len, align, True if is_mutable else False,
            _release_resource, <void*>h)
        if a.ptr == NULL:
            Py_DECREF_held(<PyObject*>h)
            raise ValueError("could not create DenseResourceElementsAttr")
        return _make_attr(DenseResourceElementsAttr, ctx, a)

    @staticmethod
    def isinstance(other):
        """Whether `other` is a dense resource elements attribute."""
        return isinstance(other, Attribute) and \
            mlirAttributeIsADenseResourceElements((<Attribute>other).c_attr)


# -- dense arrays ------------------------------------------------------------

cdef class _DenseArrayAttr(Attribute):
    """Common part of the Dense*ArrayAttr sequences."""
    static_typeid = _NoTypeID()

    def __len__(self):
        return mlirDenseArrayGetNumElements(self.c_attr)

    cdef intptr_t _index(self, object index) except -1:
        cdef intptr_t n = mlirDenseArrayGetNumElements(self.c_attr)
        cdef intptr_t i = _index_arg(index, "index")
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError("DenseArray index out of range")
        return i

    cdef object _item(self, intptr_t i):
        raise NotImplementedError

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._item(i) for i in range(*index.indices(len(self)))]
        return self._item(self._index(index))

    def __iter__(self):
        cls = None
        for base in type(self).__mro__:
            cls = _DENSE_ARRAY_ITERATORS.get(base)
            if cls is not None:
                break
        cdef _DenseArrayIterator it = cls.__new__(cls)
        it.attr = self
        return it

    def __add__(self, other):
        if not isinstance(self, _DenseArrayAttr):
            return NotImplemented
        return type(self).get(list(self) + list(other),
                              context=(<Attribute>self).context)

    def __repr__(self):
        return f"{type(self).__name__}({_print_attribute(self.c_attr)})"


cdef object _dense_array_error(type cls, str element, object values,
                               object context):
    """Upstream's TypeError for arguments Dense<cls>.get does not take."""
    return _incompatible_arguments(
        "get",
        (f"get(values: collections.abc.Sequence{element}, context: Context "
         f"| None = None) -> {_UPSTREAM_IR}.{cls.__name__}",),
        (values,), {"context": context} if context is not None else {})


cdef list _dense_int_values(type cls, object values, object context,
                            int bits):
    """The elements of `values` as Python ints of `bits` signed bits:
    values is a sequence (not str or bytes) of ints or objects with
    __index__ or __int__ (not floats), each in range; anything else is
    upstream's TypeError."""
    if not _is_sequence_arg(values) or \
            (context is not None and not isinstance(context, Context)):
        raise _dense_array_error(cls, "[int]", values, context)
    cdef object half = (<object>1) << (bits - 1)     # a Python int
    cdef object lo = -half, hi = half - 1
    cdef list out = []
    for x in values:
        if not _is_int_arg(x):
            raise _dense_array_error(cls, "[int]", values, context)
        try:
            v = int(x)
        except Exception:
            raise _dense_array_error(cls, "[int]", values, context) from None
        if v < lo or v > hi:
            raise _dense_array_error(cls, "[int]", values, context)
        out.append(v)
    return out


cdef list _dense_float_values(type cls, object values, object context):
    """The elements of `values` as Python floats: values is a sequence
    (not str or bytes) of numbers (__float__ or __index__); anything else
    is upstream's TypeError."""
    if not _is_sequence_arg(values) or \
            (context is not None and not isinstance(context, Context)):
        raise _dense_array_error(cls, "[float]", values, context)
    cdef list out = []
    cdef double d
    for x in values:
        try:
            d = x
        except TypeError:
            raise _dense_array_error(cls, "[float]", values, context) from None
        out.append(d)
    return out


cdef class _DenseArrayIterator:
    """Iterator over the elements of a Dense*ArrayAttr."""
    cdef _DenseArrayAttr attr
    cdef intptr_t next_index

    def __init__(self, *args, **kwargs):
        _no_constructor(self, f"{type(self).__name__} objects come from "
                              "iter(Dense*ArrayAttr)")

    def __iter__(self):
        return self

    def __next__(self):
        if self.next_index >= mlirDenseArrayGetNumElements(self.attr.c_attr):
            raise StopIteration
        self.next_index += 1
        return self.attr._item(self.next_index - 1)


# DenseBoolArrayAttr, DenseI8ArrayAttr, ..., DenseF64ArrayAttr and their
# iterators, _choose_dense_array_class, _DENSE_ARRAY_ITERATORS:
# gen/builtin_classes.toml.
include "generated/dense_arrays.pxi"


_register_chooser(wrap_typeid(mlirDenseIntOrFPElementsAttrGetTypeID()),
                  DenseElementsAttr, _choose_dense_class)
_register_chooser(wrap_typeid(mlirDenseArrayAttrGetTypeID()), _DenseArrayAttr,
                  _choose_dense_array_class)
_set_caster(_attribute_caster_map, _attribute_casters,
            wrap_typeid(mlirCyDenseResourceElementsAttrGetTypeID()),
            DenseResourceElementsAttr, DenseResourceElementsAttr)



_DENSE_NAMES = [
    "DenseElementsAttr", "DenseIntElementsAttr", "DenseFPElementsAttr",
    "DenseResourceElementsAttr",
] + _DENSE_ARRAY_NAMES
