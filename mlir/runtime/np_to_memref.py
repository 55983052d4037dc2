"""numpy arrays <-> MLIR memref descriptors (ctypes structures).

A ranked memref<d0 x ... x T> is passed to code compiled with
llvm.emit_c_interface as a pointer to a descriptor

    struct { T *allocated; T *aligned; int64 offset;
             int64 sizes[rank]; int64 strides[rank]; }

strides counted in elements. The descriptors made here point into the
numpy array's buffer: no copy either way, so keep the array alive while
the descriptor is in use."""

import ctypes

import numpy as np

try:
    # Optional: numpy dtypes for bf16 and f8E5M2 elements.
    import ml_dtypes
except ModuleNotFoundError:
    ml_dtypes = None

# No __all__: as upstream's, `from mlir.runtime import *` gives every public
# name here, ctypes, np and ml_dtypes included.


class C128(ctypes.Structure):
    """A complex<f64> element."""
    _fields_ = [("real", ctypes.c_double), ("imag", ctypes.c_double)]


class C64(ctypes.Structure):
    """A complex<f32> element."""
    _fields_ = [("real", ctypes.c_float), ("imag", ctypes.c_float)]


class F16(ctypes.Structure):
    """An f16 element: its 16 bits, in field `f16`."""
    _fields_ = [("f16", ctypes.c_int16)]


class BF16(ctypes.Structure):
    """A bf16 element: its 16 bits, in field `bf16` (numpy dtype
    ml_dtypes.bfloat16)."""
    _fields_ = [("bf16", ctypes.c_int16)]


class F8E5M2(ctypes.Structure):
    """An f8E5M2 element: its 8 bits, in field `f8E5M2` (numpy dtype
    ml_dtypes.float8_e5m2)."""
    _fields_ = [("f8E5M2", ctypes.c_int8)]


_SPECIAL = {np.dtype(np.complex128): C128, np.dtype(np.complex64): C64,
            np.dtype(np.float16): F16}
_SPECIAL_BACK = {C128: np.complex128, C64: np.complex64, F16: np.float16}
if ml_dtypes is not None:
    _SPECIAL.update({np.dtype(ml_dtypes.bfloat16): BF16,
                     np.dtype(ml_dtypes.float8_e5m2): F8E5M2})
    _SPECIAL_BACK.update({BF16: ml_dtypes.bfloat16,
                          F8E5M2: ml_dtypes.float8_e5m2})
_NEEDS_ML_DTYPES = {BF16: "bfloat16", F8E5M2: "float8_e5m2"}


def as_ctype(dtp):
    """The ctypes element type of a numpy dtype (TypeError if none)."""
    dtp = np.dtype(dtp)
    if dtp in _SPECIAL:
        return _SPECIAL[dtp]
    try:
        return np.ctypeslib.as_ctypes_type(dtp)
    except NotImplementedError:
        raise TypeError(f"no memref element type for numpy dtype {dtp}") from None


def _numpy_dtype(ctp):
    if ctp in _SPECIAL_BACK:
        return np.dtype(_SPECIAL_BACK[ctp])
    if ctp in _NEEDS_ML_DTYPES:
        raise ValueError(f"{_NEEDS_ML_DTYPES[ctp]} elements need the "
                         f"ml_dtypes package (pip install ml_dtypes)")
    return np.dtype(ctp)


def to_numpy(array):
    """A numpy array of C64/C128/F16 (BF16/F8E5M2 with ml_dtypes) ctypes
    elements, viewed with the matching numpy dtype."""
    dt = array.dtype
    for ctp, npt in _SPECIAL_BACK.items():
        if dt == np.dtype(ctp):
            return array.view(npt)
    for ctp in _NEEDS_ML_DTYPES:
        if dt == np.dtype(ctp):
            _numpy_dtype(ctp)  # raises: ml_dtypes is missing
    return array


def to_complex_array(array):
    """to_numpy(array) (the name of an earlier upstream release)."""
    return to_numpy(array)


_descriptor_cache = {}


def make_nd_memref_descriptor(rank, dtype):
    """The descriptor structure class of memref<rank x ctype dtype>."""
    if not isinstance(rank, int) or rank < 0:
        raise ValueError(f"rank must be a non-negative int, got {rank!r}")
    if rank == 0:
        return make_zero_d_memref_descriptor(dtype)
    key = (rank, dtype)
    cls = _descriptor_cache.get(key)
    if cls is None:
        cls = type(f"MemRefDescriptor{rank}D_{dtype.__name__}", (ctypes.Structure,), {
            "_fields_": [("allocated", ctypes.POINTER(dtype)),
                         ("aligned", ctypes.POINTER(dtype)),
                         ("offset", ctypes.c_longlong),
                         ("shape", ctypes.c_longlong * rank),
                         ("strides", ctypes.c_longlong * rank)],
            "rank": rank, "element_type": dtype})
        _descriptor_cache[key] = cls
    return cls


def make_zero_d_memref_descriptor(dtype):
    """The descriptor structure class of memref<ctype dtype> (rank 0)."""
    key = (0, dtype)
    cls = _descriptor_cache.get(key)
    if cls is None:
        cls = type(f"MemRefDescriptor0D_{dtype.__name__}", (ctypes.Structure,), {
            "_fields_": [("allocated", ctypes.POINTER(dtype)),
                         ("aligned", ctypes.POINTER(dtype)),
                         ("offset", ctypes.c_longlong)],
            "rank": 0, "element_type": dtype})
        _descriptor_cache[key] = cls
    return cls


class UnrankedMemRefDescriptor(ctypes.Structure):
    """``memref<*xT>``: the rank and a pointer to a ranked descriptor."""
    _fields_ = [("rank", ctypes.c_longlong), ("descriptor", ctypes.c_void_p)]


def _check_array(nparray):
    if not isinstance(nparray, np.ndarray):
        raise TypeError(f"expected a numpy.ndarray, got {type(nparray).__name__}")
    itemsize = nparray.itemsize
    if any(s % itemsize for s in nparray.strides):
        raise ValueError("array strides are not whole elements; copy it "
                         "(numpy.ascontiguousarray) first")
    return as_ctype(nparray.dtype)


def get_ranked_memref_descriptor(nparray, *, readonly=False):
    """A descriptor viewing the array's buffer (no copy; strides kept).

    A kernel may write through the descriptor, so a read-only array (a
    read-only np.memmap, np.frombuffer of bytes, a broadcast view) raises
    ValueError unless `readonly=True` declares that the kernel only reads
    it."""
    ctp = _check_array(nparray)
    if not readonly and not nparray.flags.writeable:
        raise ValueError("the array is read-only, and a kernel could write "
                         "through its descriptor; pass readonly=True if it "
                         "only reads it (or pass a writeable copy)")
    desc = make_nd_memref_descriptor(nparray.ndim, ctp)()
    ptr = nparray.ctypes.data_as(ctypes.POINTER(ctp))
    desc.allocated = ptr
    desc.aligned = ptr
    desc.offset = ctypes.c_longlong(0)
    if nparray.ndim:
        desc.shape = (ctypes.c_longlong * nparray.ndim)(*nparray.shape)
        desc.strides = (ctypes.c_longlong * nparray.ndim)(
            *[s // nparray.itemsize for s in nparray.strides])
    desc._keepalive = nparray
    return desc


def get_unranked_memref_descriptor(nparray, *, readonly=False):
    """An unranked descriptor for the array (no copy); `readonly` as for
    get_ranked_memref_descriptor."""
    ranked = get_ranked_memref_descriptor(nparray, readonly=readonly)
    desc = UnrankedMemRefDescriptor()
    desc.rank = nparray.ndim
    desc.descriptor = ctypes.cast(ctypes.pointer(ranked), ctypes.c_void_p)
    desc._keepalive = ranked
    return desc


def move_aligned_ptr_by_offset(aligned_ptr, offset):
    """aligned_ptr advanced by `offset` elements."""
    ctp = aligned_ptr._type_
    addr = ctypes.cast(aligned_ptr, ctypes.c_void_p).value or 0
    return ctypes.cast(addr + offset * ctypes.sizeof(ctp), ctypes.POINTER(ctp))


def ranked_memref_to_numpy(ranked_memref):
    """A numpy view of the memory a ranked descriptor (or a pointer to one,
    as JITed code returns) describes; no copy."""
    desc = ranked_memref[0] if isinstance(ranked_memref, ctypes._Pointer) \
        else ranked_memref
    if not hasattr(type(desc), "element_type"):
        raise TypeError("expected a memref descriptor made by "
                        "make_nd_memref_descriptor")
    ctp = type(desc).element_type
    dtype = _numpy_dtype(ctp)
    if not desc.aligned:
        raise ValueError("memref descriptor has a null data pointer")
    base = move_aligned_ptr_by_offset(desc.aligned, desc.offset)
    rank = type(desc).rank
    if rank == 0:
        return np.ctypeslib.as_array(ctypes.cast(base, ctypes.POINTER(ctp)),
                                     shape=(1,)).view(dtype).reshape(())
    shape = tuple(desc.shape)
    strides = tuple(s * dtype.itemsize for s in desc.strides)
    extent = 1 + sum((n - 1) * abs(s) for n, s in zip(shape, desc.strides)) \
        if all(shape) else 0
    flat = np.ctypeslib.as_array(base, shape=(max(extent, 1),)).view(dtype)
    return np.lib.stride_tricks.as_strided(flat, shape=shape, strides=strides)


def unranked_memref_to_numpy(unranked_memref, np_dtype):
    """A numpy view of an unranked memref (descriptor or pointer to one)."""
    desc = unranked_memref[0] if isinstance(unranked_memref, ctypes._Pointer) \
        else unranked_memref
    if not isinstance(desc, UnrankedMemRefDescriptor):
        raise TypeError("expected an UnrankedMemRefDescriptor")
    ctp = as_ctype(np_dtype)
    cls = make_nd_memref_descriptor(desc.rank, ctp)
    ranked = ctypes.cast(desc.descriptor, ctypes.POINTER(cls))
    return ranked_memref_to_numpy(ranked)
