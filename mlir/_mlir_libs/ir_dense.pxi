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
    PyBUF_ANY_CONTIGUOUS, PyBuffer_IsContiguous,
)
from libc.stdlib cimport malloc, free
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
        if not mlircy_little_endian() or f[0] in ">!":
            raise ValueError(f"unsupported buffer format '{fmt}': big-endian "
                             f"data")
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
    raise ValueError(f"unsupported buffer format '{fmt}' for "
                     f"DenseElementsAttr (supported: bool, int8-64, uint8-64, "
                     f"float16/32/64, complex64/128; pass type= for others)")


cdef bytes _pack_bools(const unsigned char* src, Py_ssize_t n):
    """One byte per element (nonzero = true) -> little-endian bit-packed."""
    cdef bytes out = PyBytes_FromStringAndSize(NULL, (n + 7) // 8)
    cdef unsigned char* dst = <unsigned char*>PyBytes_AS_STRING(out)
    cdef Py_ssize_t i
    memset(dst, 0, (n + 7) // 8)
    with nogil:
        for i in range(n):
            if src[i]:
                dst[i >> 3] |= <unsigned char>(1 << (i & 7))
    return out


cdef extern from "Python.h":
    bytes PyBytes_FromStringAndSize(const char* v, Py_ssize_t n)
    char* PyBytes_AS_STRING(object o)


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


cdef class DenseElementsAttr(Attribute):
    """dense<...> : tensor<...>: integer, index, float or complex elements
    stored contiguously. See DenseElementsAttr.get for the conversions."""
    static_typeid = wrap_typeid(mlirDenseIntOrFPElementsAttrGetTypeID())

    @staticmethod
    def get(array, signless=True, type=None, shape=None, context=None):
        """From a buffer (numpy array, bytes, array.array, memoryview...):
        the element type is inferred from the buffer format unless `type`
        (an element type, or a complete shaped type) is given; `shape`
        overrides the buffer's shape. A bool buffer becomes i1; an int8 /
        uint8 buffer with type=i1 is taken as already bit-packed (little
        bit order), as upstream. A one-element buffer makes a splat.
        From a list of Attributes: elements of that type, shape [len]
        unless `type` (a shaped type) says otherwise."""
        cdef Context ctx
        if isinstance(array, list) and (len(array) == 0 or isinstance(array[0], Attribute)):
            return _dense_from_attributes(array, type, context)
        if type is not None:
            ctx = _context_of_type(type, "type")
        else:
            ctx = resolve_context(context)
        cdef _HeldBuffer h
        try:
            h = _get_buffer(array, PyBUF_RECORDS_RO)
        except TypeError:
            raise TypeError(f"DenseElementsAttr.get needs a buffer (numpy "
                            f"array, bytes, ...) or a list of Attributes, "
                            f"not {array.__class__.__name__}") from None
        cdef Py_buffer* v = &h.view
        fmt = (<bytes>v.format).decode("ascii") if v.format != NULL else "B"
        if v.ndim == 0:
            buf_shape = []
        elif v.shape != NULL:
            buf_shape = [v.shape[i] for i in range(v.ndim)]
        else:
            buf_shape = [v.len // max(v.itemsize, 1)]
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
            elt = _element_type_for_format(ctx, fmt, v.itemsize, signless)
        cdef int64_t bits = mlirCyDenseElementsStorageBitWidth(elt)
        if bits == 0:
            raise ValueError(f"unsupported element type for "
                             f"DenseElementsAttr: {_print_type(elt)}")
        if explicit_shaped:
            if not mlirShapedTypeHasStaticShape(shaped):
                raise ValueError(f"DenseElementsAttr needs a static shape, "
                                 f"got {_print_type(shaped)}")
            logical_shape = [mlirShapedTypeGetDimSize(shaped, i)
                             for i in range(mlirShapedTypeGetRank(shaped))]
        else:
            logical_shape = list(shape) if shape is not None else buf_shape
        cdef Py_ssize_t n = _num_elements(logical_shape)
        cdef vector[int64_t] dims
        packed = None
        if bits == 1:
            if fmt.lstrip("@=<") == "?":
                packed = _pack_bools(<const unsigned char*>data, nbytes)
                data = <const char*>(<bytes>packed)
                if nbytes == 1 and n != 1:   # one bool: a splat
                    packed = b"\xff" if data[0] else b"\x00"
                    data = <const char*>(<bytes>packed)
                    nbytes = 1
                else:
                    if nbytes != n:
                        raise ValueError(f"buffer of {nbytes} bools does not "
                                         f"match shape {logical_shape}")
                    nbytes = (n + 7) // 8
            elif v.itemsize == 1:
                if not (nbytes == (n + 7) // 8 or
                        (nbytes == 1 and (<unsigned char>data[0]) in (0, 255))):
                    raise ValueError(f"bit-packed i1 buffer of {nbytes} bytes "
                                     f"does not match shape {logical_shape}")
            else:
                raise ValueError(f"an i1 DenseElementsAttr needs a bool buffer "
                                 f"or bit-packed bytes, got format '{fmt}'")
        else:
            if v.itemsize * 8 != bits:
                raise ValueError(
                    f"buffer element size ({v.itemsize} bytes, format '{fmt}') "
                    f"does not match element type {_print_type(elt)} "
                    f"({bits // 8} bytes)")
            if nbytes != n * v.itemsize and nbytes != v.itemsize:
                raise ValueError(
                    f"buffer of {nbytes // v.itemsize} elements does not match "
                    f"shape {logical_shape} ({n} elements)")
            if mlirTypeIsAInteger(elt) and mlirIntegerTypeGetWidth(elt) < bits:
                packed = _narrow_int_data(data, nbytes, v.itemsize, fmt, elt)
                data = <const char*>(<bytes>packed)
        if not explicit_shaped:
            for d in logical_shape:
                dims.push_back(d)
            shaped = mlirRankedTensorTypeGet(dims.size(), dims.data(), elt,
                                             mlirAttributeGetNull())
        cdef MlirAttribute a
        with nogil:
            a = mlirDenseElementsAttrRawBufferGet(shaped, <size_t>nbytes, data)
        if a.ptr == NULL:
            raise ValueError(f"buffer does not match type {_print_type(shaped)}")
        return wrap_attribute(ctx, a)

    @staticmethod
    def get_splat(shaped_type, element_attr):
        """Every element equal to `element_attr` (whose type must be the
        element type of `shaped_type`)."""
        cdef Context ctx = _context_of_type(shaped_type, "shaped_type")
        cdef MlirType st = (<Type>shaped_type).c_type
        cdef MlirAttribute ea = attribute_handle_in(element_attr, ctx, "element_attr")
        if not mlirTypeIsAShaped(st) or not mlirShapedTypeHasStaticShape(st):
            raise ValueError(f"get_splat needs a statically shaped type, got "
                             f"{shaped_type}")
        if not (mlirAttributeIsAInteger(ea) or mlirAttributeIsAFloat(ea)):
            raise ValueError(f"splat element must be an IntegerAttr or "
                             f"FloatAttr, got {element_attr}")
        if not mlirTypeEqual(mlirAttributeGetType(ea),
                             mlirShapedTypeGetElementType(st)):
            raise ValueError(
                f"Shaped element type and attribute type must be equal: "
                f"shaped={shaped_type}, element={element_attr}")
        return wrap_attribute(ctx, mlirDenseElementsAttrSplatGet(st, ea))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsADenseElements(
            (<Attribute>other).c_attr)

    @property
    def is_splat(self):
        return mlirDenseElementsAttrIsSplat(self.c_attr)

    def get_splat_value(self):
        if not mlirDenseElementsAttrIsSplat(self.c_attr):
            raise ValueError("get_splat_value called on a non-splat attribute")
        return wrap_attribute(self.context,
                              mlirDenseElementsAttrGetSplatValue(self.c_attr))

    def __len__(self):
        return mlirElementsAttrGetNumElements(self.c_attr)

    cdef intptr_t _flat_index(self, object index) except -1:
        cdef int64_t n = mlirElementsAttrGetNumElements(self.c_attr)
        cdef int64_t i = _index_arg(index, "index")
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError(f"index {index} out of range for "
                             f"{n} elements")
        return <intptr_t>i

    cdef object _element_attr(self, intptr_t i):
        """Element i (flat, row-major) as an Attribute."""
        cdef MlirType st = mlirAttributeGetType(self.c_attr)
        cdef intptr_t rank = mlirShapedTypeGetRank(st), d
        cdef vector[uint64_t] idx
        idx.resize(rank)
        cdef int64_t rem = i, size
        for d in range(rank - 1, -1, -1):
            size = mlirShapedTypeGetDimSize(st, d)
            idx[d] = rem % size
            rem //= size
        return wrap_attribute(self.context, mlirElementsAttrGetValue(
            self.c_attr, rank, idx.data()))

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
    cdef char* dst = PyBytes_AS_STRING(out)
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


cdef object _dense_from_attributes(list attrs, object type, object context):
    cdef Context ctx
    cdef MlirType shaped, elt
    cdef vector[MlirAttribute] elems
    cdef vector[int64_t] dims
    if type is not None:
        ctx = _context_of_type(type, "type")
        shaped = (<Type>type).c_type
        if not mlirTypeIsAShaped(shaped) or not mlirShapedTypeHasStaticShape(shaped):
            raise ValueError(f"type must be a statically shaped type, got {type}")
        elt = mlirShapedTypeGetElementType(shaped)
    else:
        if not attrs:
            raise ValueError("Attributes list must be non-empty.")
        attribute_handle(attrs[0], "DenseElementsAttr element")
        ctx = (<Attribute>attrs[0]).context if context is None else resolve_context(context)
        elt = mlirAttributeGetType((<Attribute>attrs[0]).c_attr)
        dims.push_back(len(attrs))
        shaped = mlirRankedTensorTypeGet(1, dims.data(), elt, mlirAttributeGetNull())
    if mlirCyDenseElementsStorageBitWidth(elt) == 0:
        raise ValueError(f"unsupported element type for DenseElementsAttr: "
                         f"{_print_type(elt)}")
    for a in attrs:
        h = attribute_handle_in(a, ctx, "DenseElementsAttr element")
        if not (mlirAttributeIsAInteger(h) or mlirAttributeIsAFloat(h)):
            raise ValueError(f"elements must be IntegerAttr or FloatAttr, "
                             f"got {a}")
        if not mlirTypeEqual(mlirAttributeGetType(h), elt):
            raise ValueError(f"All attributes must be of the same type and "
                             f"match the type parameter: expected="
                             f"{_print_type(elt)}, but got={a.type}")
        elems.push_back(h)
    if <int64_t>elems.size() != mlirElementsAttrGetNumElements_t(shaped):
        raise ValueError(f"{elems.size()} attributes do not match type "
                         f"{_print_type(shaped)}")
    return wrap_attribute(ctx, mlirDenseElementsAttrGet(shaped, elems.size(),
                                                        elems.data()))


cdef int64_t mlirElementsAttrGetNumElements_t(MlirType shaped):
    cdef int64_t n = 1
    cdef intptr_t i
    for i in range(mlirShapedTypeGetRank(shaped)):
        n *= mlirShapedTypeGetDimSize(shaped, i)
    return n


cdef class DenseIntElementsAttr(DenseElementsAttr):
    """Dense integer or index elements; a[i] is the i-th element (flat,
    row-major) as a Python int (bool for i1)."""

    @staticmethod
    def isinstance(other):
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
            return mlirDenseElementsAttrGetBoolValue(self.c_attr, i)
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
        return self._element_attr(i).value


cdef class DenseFPElementsAttr(DenseElementsAttr):
    """Dense floating-point elements; a[i] is the i-th element (flat,
    row-major) as a Python float."""

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsADenseFPElements(
            (<Attribute>other).c_attr)

    def __getitem__(self, index):
        cdef intptr_t i = self._flat_index(index)
        cdef MlirType elt = mlirShapedTypeGetElementType(mlirAttributeGetType(self.c_attr))
        if mlirTypeIsAF32(elt):
            return mlirDenseElementsAttrGetFloatValue(self.c_attr, i)
        if mlirTypeIsAF64(elt):
            return mlirDenseElementsAttrGetDoubleValue(self.c_attr, i)
        return self._element_attr(i).value


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
    static_typeid = wrap_typeid(mlirCyDenseResourceElementsAttrGetTypeID())
    attr_name = from_ref(mlirDenseResourceElementsAttrGetName())

    @staticmethod
    def get_from_buffer(array, name, type, alignment=None, is_mutable=False,
                        context=None):
        """The buffer must be C-contiguous (ValueError otherwise) and its
        size must match `type`, a statically shaped type."""
        cdef Context ctx = resolve_context(context)
        cdef MlirType st = type_handle_in(type, ctx, "type")
        if not mlirTypeIsAShaped(st) or not mlirShapedTypeHasStaticShape(st):
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
        if h.view.len != expected:
            raise ValueError(f"buffer of {h.view.len} bytes does not match "
                             f"{type} ({expected} bytes)")
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
        return isinstance(other, Attribute) and \
            mlirAttributeIsADenseResourceElements((<Attribute>other).c_attr)


# -- dense arrays ------------------------------------------------------------

cdef class _DenseArrayAttr(Attribute):
    """Common part of the Dense*ArrayAttr sequences."""

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
        cdef intptr_t i
        for i in range(mlirDenseArrayGetNumElements(self.c_attr)):
            yield self._item(i)

    def __add__(self, other):
        if not isinstance(self, _DenseArrayAttr):
            return NotImplemented
        return type(self).get(list(self) + list(other),
                              context=(<Attribute>self).context)

    def __repr__(self):
        return f"{type(self).__name__}({_print_attribute(self.c_attr)})"


cdef class DenseBoolArrayAttr(_DenseArrayAttr):
    @staticmethod
    def get(values, context=None):
        cdef Context ctx = resolve_context(context)
        cdef vector[int] v
        cdef int flag
        for x in values:
            # (a typed local: Cython passes a conditional expression to
            # push_back through a dangling reference)
            flag = 1 if x else 0
            v.push_back(flag)
        return _make_attr(DenseBoolArrayAttr, ctx,
                          mlirDenseBoolArrayGet(ctx.c_context, v.size(), v.data()))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsADenseBoolArray(
            (<Attribute>other).c_attr)

    cdef object _item(self, intptr_t i):
        return mlirDenseBoolArrayGetElement(self.c_attr, i)


cdef class DenseI8ArrayAttr(_DenseArrayAttr):
    @staticmethod
    def get(values, context=None):
        cdef Context ctx = resolve_context(context)
        cdef vector[int8_t] v
        for x in values:
            v.push_back(_index_arg(x, "DenseI8ArrayAttr element"))
        return _make_attr(DenseI8ArrayAttr, ctx,
                          mlirDenseI8ArrayGet(ctx.c_context, v.size(), v.data()))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsADenseI8Array(
            (<Attribute>other).c_attr)

    cdef object _item(self, intptr_t i):
        return mlirDenseI8ArrayGetElement(self.c_attr, i)


cdef class DenseI16ArrayAttr(_DenseArrayAttr):
    @staticmethod
    def get(values, context=None):
        cdef Context ctx = resolve_context(context)
        cdef vector[int16_t] v
        for x in values:
            v.push_back(_index_arg(x, "DenseI16ArrayAttr element"))
        return _make_attr(DenseI16ArrayAttr, ctx,
                          mlirDenseI16ArrayGet(ctx.c_context, v.size(), v.data()))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsADenseI16Array(
            (<Attribute>other).c_attr)

    cdef object _item(self, intptr_t i):
        return mlirDenseI16ArrayGetElement(self.c_attr, i)


cdef class DenseI32ArrayAttr(_DenseArrayAttr):
    @staticmethod
    def get(values, context=None):
        cdef Context ctx = resolve_context(context)
        cdef vector[int32_t] v
        for x in values:
            v.push_back(_index_arg(x, "DenseI32ArrayAttr element"))
        return _make_attr(DenseI32ArrayAttr, ctx,
                          mlirDenseI32ArrayGet(ctx.c_context, v.size(), v.data()))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsADenseI32Array(
            (<Attribute>other).c_attr)

    cdef object _item(self, intptr_t i):
        return mlirDenseI32ArrayGetElement(self.c_attr, i)


cdef class DenseI64ArrayAttr(_DenseArrayAttr):
    @staticmethod
    def get(values, context=None):
        cdef Context ctx = resolve_context(context)
        cdef vector[int64_t] v
        for x in values:
            v.push_back(_index_arg(x, "DenseI64ArrayAttr element"))
        return _make_attr(DenseI64ArrayAttr, ctx,
                          mlirDenseI64ArrayGet(ctx.c_context, v.size(), v.data()))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsADenseI64Array(
            (<Attribute>other).c_attr)

    cdef object _item(self, intptr_t i):
        return mlirDenseI64ArrayGetElement(self.c_attr, i)


cdef class DenseF32ArrayAttr(_DenseArrayAttr):
    @staticmethod
    def get(values, context=None):
        cdef Context ctx = resolve_context(context)
        cdef vector[float] v
        for x in values:
            v.push_back(x)
        return _make_attr(DenseF32ArrayAttr, ctx,
                          mlirDenseF32ArrayGet(ctx.c_context, v.size(), v.data()))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsADenseF32Array(
            (<Attribute>other).c_attr)

    cdef object _item(self, intptr_t i):
        return mlirDenseF32ArrayGetElement(self.c_attr, i)


cdef class DenseF64ArrayAttr(_DenseArrayAttr):
    @staticmethod
    def get(values, context=None):
        cdef Context ctx = resolve_context(context)
        cdef vector[double] v
        for x in values:
            v.push_back(x)
        return _make_attr(DenseF64ArrayAttr, ctx,
                          mlirDenseF64ArrayGet(ctx.c_context, v.size(), v.data()))

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsADenseF64Array(
            (<Attribute>other).c_attr)

    cdef object _item(self, intptr_t i):
        return mlirDenseF64ArrayGetElement(self.c_attr, i)


cdef PyObject* _choose_dense_array_class(MlirAttribute a) noexcept:
    if mlirAttributeIsADenseI64Array(a):
        return <PyObject*>DenseI64ArrayAttr
    if mlirAttributeIsADenseI32Array(a):
        return <PyObject*>DenseI32ArrayAttr
    if mlirAttributeIsADenseBoolArray(a):
        return <PyObject*>DenseBoolArrayAttr
    if mlirAttributeIsADenseI8Array(a):
        return <PyObject*>DenseI8ArrayAttr
    if mlirAttributeIsADenseI16Array(a):
        return <PyObject*>DenseI16ArrayAttr
    if mlirAttributeIsADenseF32Array(a):
        return <PyObject*>DenseF32ArrayAttr
    if mlirAttributeIsADenseF64Array(a):
        return <PyObject*>DenseF64ArrayAttr
    return NULL


_register_chooser(DenseElementsAttr.static_typeid, DenseElementsAttr,
                  _choose_dense_class)
_register_chooser(wrap_typeid(mlirDenseArrayAttrGetTypeID()), _DenseArrayAttr,
                  _choose_dense_array_class)
_register_builtin_attribute(DenseResourceElementsAttr)

_DENSE_NAMES = [
    "DenseElementsAttr", "DenseIntElementsAttr", "DenseFPElementsAttr",
    "DenseResourceElementsAttr", "DenseBoolArrayAttr", "DenseI8ArrayAttr",
    "DenseI16ArrayAttr", "DenseI32ArrayAttr", "DenseI64ArrayAttr",
    "DenseF32ArrayAttr", "DenseF64ArrayAttr",
]
