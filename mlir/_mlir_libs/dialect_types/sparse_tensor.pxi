# Hand-written parts of _mlirDialectsSparseTensor (gen/dialect_types/
# sparse_tensor.toml): the LevelFormat / LevelProperty enums, the TypeID of
# EncodingAttr, its constructor, build_level_type and the properties that
# are lists, maps or may be None.

import enum


from mlir._mlir_libs.capi.affine_expr cimport MlirAffineMap

# The .pxd mirrors declare MlirAffineMap twice (opaque in affine_expr.pxd,
# which SparseTensor.h's mirror uses); these helpers take that one.
cdef extern from *:
    """
    #include "mlir-c/AffineMap.h"
    #include "mlir-c/BuiltinAttributes.h"
    static inline int mlircy_map_is_null(MlirAffineMap m) { return m.ptr == NULL; }
    static inline MlirAffineMap mlircy_null_map(void) { MlirAffineMap m = {NULL}; return m; }
    static inline MlirAffineMap mlircy_map_of_attr(MlirAttribute a) { return mlirAffineMapAttrGetValue(a); }
    static inline MlirAttribute mlircy_attr_of_map(MlirAffineMap m) { return mlirAffineMapAttrGet(m); }
    static inline intptr_t mlircy_map_num_dims(MlirAffineMap m) { return mlirAffineMapGetNumDims(m); }
    static inline intptr_t mlircy_map_num_results(MlirAffineMap m) { return mlirAffineMapGetNumResults(m); }
    """
    bint mlircy_map_is_null(MlirAffineMap m) noexcept nogil
    MlirAffineMap mlircy_null_map() noexcept nogil
    MlirAffineMap mlircy_map_of_attr(MlirAttribute a) noexcept nogil
    MlirAttribute mlircy_attr_of_map(MlirAffineMap m) noexcept nogil
    intptr_t mlircy_map_num_dims(MlirAffineMap m) noexcept nogil
    intptr_t mlircy_map_num_results(MlirAffineMap m) noexcept nogil

_AffineMapAttr = _ir_module.AffineMapAttr
_MLIRError = _ir_module.MLIRError
_AttributeParse = _ir_module.Attribute.parse


class LevelFormat(enum.IntFlag):
    """Storage formats of a sparse level (the high bits of a level type).
    Members print as their integer value."""
    __repr__ = int.__repr__
    __str__ = int.__repr__

    dense = MLIR_SPARSE_TENSOR_LEVEL_DENSE
    batch = MLIR_SPARSE_TENSOR_LEVEL_BATCH
    compressed = MLIR_SPARSE_TENSOR_LEVEL_COMPRESSED
    singleton = MLIR_SPARSE_TENSOR_LEVEL_SINGLETON
    loose_compressed = MLIR_SPARSE_TENSOR_LEVEL_LOOSE_COMPRESSED
    n_out_of_m = MLIR_SPARSE_TENSOR_LEVEL_N_OUT_OF_M


class LevelProperty(enum.Enum):
    """Non-default properties of a sparse level. Members print as
    `LevelProperty.name`."""
    __repr__ = enum.Enum.__str__

    non_ordered = MLIR_SPARSE_PROPERTY_NON_ORDERED
    non_unique = MLIR_SPARSE_PROPERTY_NON_UNIQUE
    soa = MLIR_SPARSE_PROPERTY_SOA


cdef frozenset _FORMATS = frozenset(int(f) for f in LevelFormat)
cdef frozenset _PROPERTIES = frozenset(p.value for p in LevelProperty)
cdef uint64_t _PROPERTY_MASK = 0x7


cdef int _check_level_type(object lt) except -1:
    """Level types the printer can spell (it stops the process on others)."""
    if not isinstance(lt, int):
        raise TypeError(f"level types must be ints, not {type(lt).__name__}")
    if lt < 0 or lt >= (1 << 64):
        raise ValueError(f"invalid level type {lt}")
    cdef uint64_t v = lt
    fmt = v & 0xffff0000
    if fmt not in _FORMATS or (v & 0xffff) & ~_PROPERTY_MASK:
        raise ValueError(f"invalid level type {lt:#x}")
    if fmt != MLIR_SPARSE_TENSOR_LEVEL_N_OUT_OF_M and v >> 32:
        raise ValueError(f"invalid level type {lt:#x} (n and m are only for "
                         f"n_out_of_m)")
    return 0


cdef MlirAffineMap _map_handle(object m, Context ctx, str what) except *:
    if m is None:
        return mlircy_null_map()
    if not isinstance(m, _ir_module.AffineMap):
        raise TypeError(f"{what} must be an AffineMap or None, not "
                        f"{type(m).__name__}")
    a = _AffineMapAttr.get(m)
    if (<Attribute>a).context is not ctx:
        raise ValueError(f"{what} belongs to another context")
    return mlircy_map_of_attr((<Attribute>a).c_attr)


cdef object _wrap_map(Context ctx, MlirAffineMap m):
    if mlircy_map_is_null(m):
        return None
    return wrap_attribute(ctx, mlircy_attr_of_map(m)).value


# No TypeID getter in the C API: take it from an instance made in a private
# context (TypeIDs do not depend on the context).
cdef MlirContext _c = _scratch_context(mlirGetDialectHandle__sparse_tensor__())
cdef MlirSparseTensorLevelType _dense = MLIR_SPARSE_TENSOR_LEVEL_DENSE
cdef MlirAffineMap _null_map = mlircy_null_map()
cdef MlirAttribute _null_attr
_null_attr.ptr = NULL
_ENCODING_TYPEID = _typeid(mlirAttributeGetTypeID(
    mlirSparseTensorEncodingAttrGet(_c, 1, &_dense, _null_map, _null_map, 0, 0,
                                    _null_attr, _null_attr)))
_drop_scratch_context(_c)


# -- EncodingAttr ---------------------------------------------------------------

cdef object _encoding_get(type cls, object lvl_types, object dim_to_lvl,
                          object lvl_to_dim, int pos_width, int crd_width,
                          object explicit_val, object implicit_val,
                          object context):
    # pos_width and crd_width convert as the arguments are passed, before
    # the checks, as they did when they were parameters of the method.
    cdef Context ctx = resolve_context(context)
    cdef vector[MlirSparseTensorLevelType] lts
    for lt in lvl_types:
        _check_level_type(lt)
        lts.push_back(<uint64_t>lt)
    cdef intptr_t rank = lts.size()
    cdef MlirAffineMap d2l = _map_handle(dim_to_lvl, ctx, "dim_to_lvl")
    cdef MlirAffineMap l2d = _map_handle(lvl_to_dim, ctx, "lvl_to_dim")
    if not mlircy_map_is_null(d2l) and mlircy_map_num_results(d2l) != rank:
        raise ValueError(f"dim_to_lvl has {mlircy_map_num_results(d2l)} "
                         f"results for {rank} levels")
    if not mlircy_map_is_null(l2d) and mlircy_map_num_dims(l2d) != rank:
        raise ValueError(f"lvl_to_dim has {mlircy_map_num_dims(l2d)} "
                         f"dimensions for {rank} levels")
    cdef MlirAttribute ev, iv
    ev.ptr = NULL
    iv.ptr = NULL
    if explicit_val is not None:
        ev = attribute_handle(explicit_val, "explicit_val")
    if implicit_val is not None:
        iv = attribute_handle(implicit_val, "implicit_val")
    cdef Attribute r = _mk_attr(cls, ctx, mlirSparseTensorEncodingAttrGet(
        ctx.c_context, rank, lts.data(), d2l, l2d, pos_width, crd_width,
        ev, iv))
    # The C constructor does not verify: reparsing the printed form
    # does.
    try:
        _AttributeParse(str(r), context=ctx)
    except _MLIRError as e:
        msgs = [d.message for d in e.error_diagnostics]
        raise ValueError("; ".join(msgs) or "invalid sparse tensor encoding") from None
    return r


cdef object _build_level_type(type cls, object lvl_fmt, object properties,
                              object n, object m):
    if not isinstance(lvl_fmt, int):
        raise TypeError(f"lvl_fmt must be a LevelFormat, not "
                        f"{type(lvl_fmt).__name__}")
    fmt = int(lvl_fmt)
    if fmt not in _FORMATS:
        # Not a LevelFormat: upstream's argument conversion refuses it.
        raise TypeError(f"invalid level format {fmt}")
    cdef vector[MlirSparseTensorLevelPropertyNondefault] props
    for p in properties:
        if isinstance(p, LevelProperty):
            pv = p.value
        elif isinstance(p, int) and p in _PROPERTIES:
            pv = p
        else:
            raise TypeError(f"properties must be LevelProperty values, "
                            f"not {p!r}")
        props.push_back(<MlirSparseTensorLevelPropertyNondefault><int>pv)
    if not isinstance(n, int) or not isinstance(m, int):
        raise TypeError("n and m must be ints")
    if not (0 <= n < 256 and 0 <= m < 256):
        raise ValueError("n and m must be in [0, 256)")
    if fmt != MLIR_SPARSE_TENSOR_LEVEL_N_OUT_OF_M and (n or m):
        raise ValueError("n and m are only for n_out_of_m levels")
    return mlirSparseTensorEncodingAttrBuildLvlType(
        <MlirSparseTensorLevelFormat><uint64_t>fmt, props.data(),
        props.size(), n, m)


cdef object _lvl_formats_enum(Attribute self):
    cdef intptr_t l, n = mlirSparseTensorEncodingGetLvlRank(self.c_attr)
    return [LevelFormat(<uint64_t>mlirSparseTensorEncodingAttrGetLvlFmt(self.c_attr, l))
            for l in range(n)]


cdef object _dim_to_lvl(Attribute self):
    return _wrap_map(self.context,
                     mlirSparseTensorEncodingAttrGetDimToLvl(self.c_attr))


cdef object _lvl_to_dim(Attribute self):
    return _wrap_map(self.context,
                     mlirSparseTensorEncodingAttrGetLvlToDim(self.c_attr))


cdef object _structured_n(Attribute self):
    cdef intptr_t n = mlirSparseTensorEncodingGetLvlRank(self.c_attr)
    if n == 0:
        return 0
    return mlirSparseTensorEncodingAttrGetStructuredN(
        mlirSparseTensorEncodingAttrGetLvlType(self.c_attr, n - 1))


cdef object _structured_m(Attribute self):
    cdef intptr_t n = mlirSparseTensorEncodingGetLvlRank(self.c_attr)
    if n == 0:
        return 0
    return mlirSparseTensorEncodingAttrGetStructuredM(
        mlirSparseTensorEncodingAttrGetLvlType(self.c_attr, n - 1))
