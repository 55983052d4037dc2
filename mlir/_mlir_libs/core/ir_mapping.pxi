# IRMapping: MLIR's map of values, blocks and operations to others, and
# Operation.clone(mapping=...) through it (mlir-cython/Mapping.h). The
# entries live here as Python objects, so a mapping holds nothing MLIR can
# free under it: a C++ IRMapping is made from the entries that are still
# valid for each clone, and what the clone adds comes back as objects.

cdef struct _MapEntry:
    int kind
    void* from_
    void* to


cdef void _collect_map_entry(int kind, void* from_, void* to,
                             void* user) noexcept nogil:
    (<vector[_MapEntry]*>user).push_back(_MapEntry(kind, from_, to))


cdef int _map_kind(object x) except -1:
    if isinstance(x, Value):
        return MLIR_CY_IR_MAPPING_VALUE
    if isinstance(x, Block):
        return MLIR_CY_IR_MAPPING_BLOCK
    if isinstance(x, Operation):
        return MLIR_CY_IR_MAPPING_OPERATION
    raise TypeError(f"IRMapping maps Values, Blocks and Operations, not "
                    f"{type(x).__name__}")


cdef Context _map_context(object x, int kind):
    if kind == MLIR_CY_IR_MAPPING_VALUE:
        return (<Value>x).parent.context
    if kind == MLIR_CY_IR_MAPPING_BLOCK:
        return (<Block>x).parent.context
    return (<Operation>x).context


cdef const void* _map_ptr(object x, int kind) except? NULL:
    """The handle's pointer, checked valid (raises RuntimeError if not)."""
    if kind == MLIR_CY_IR_MAPPING_VALUE:
        return (<Value>x).handle().ptr
    if kind == MLIR_CY_IR_MAPPING_BLOCK:
        return block_handle(x, "the block").ptr
    return op_handle(<Operation>x).ptr


cdef const void* _map_ptr_if_valid(object x, int kind) except? NULL:
    """The handle's pointer, or NULL when x is no longer valid."""
    try:
        return _map_ptr(x, kind)
    except RuntimeError:
        return NULL


cdef object _map_wrap(Context ctx, int kind, void* p):
    """The object of a value, block or operation of an IRMapping entry."""
    cdef MlirValue v
    cdef MlirBlock b
    cdef MlirOperation o
    if kind == MLIR_CY_IR_MAPPING_VALUE:
        v.ptr = p
        return wrap_value_any(ctx, v)
    if kind == MLIR_CY_IR_MAPPING_BLOCK:
        b.ptr = p
        return mlir_wrap_block(b)
    o.ptr = p
    return wrap_operation_any(ctx, o)


_KIND_NAMES = ("Value", "Block", "Operation")


@cython.final
cdef class IRMapping:
    """A mapping of values to values, blocks to blocks and operations to
    operations, as MLIR's IRMapping. op.clone(mapping=m) uses the values
    and blocks m maps instead of those op uses, and adds to m what it
    copied from what (op, and the operations, blocks, block arguments and
    results in it). An entry whose key was erased is gone."""

    # (kind, pointer of the key's handle) -> (key object, mapped object)
    cdef dict entries

    def __init__(self):
        self.entries = {}

    cdef tuple _key(self, object x):
        cdef int kind = _map_kind(x)
        return (kind, <uintptr_t>_map_ptr(x, kind))

    cdef object _find(self, object x):
        """The entry of x, or None (dropping a stale entry met there: its
        key was erased and the pointer may now be another object's)."""
        key = self._key(x)
        entry = self.entries.get(key)
        if entry is not None and \
                _map_ptr_if_valid(entry[0], key[0]) == NULL:
            del self.entries[key]
            return None
        return entry

    def map(self, from_: Value | Block | Operation,
            to: Value | Block | Operation) -> None:
        """Maps `from_` to `to`: two Values, two Blocks or two Operations
        (OpViews count as their operations) of one context."""
        cdef int kind = _map_kind(from_)
        cdef int to_kind = _map_kind(to)
        if kind != to_kind:
            raise TypeError(f"IRMapping.map: cannot map a {_KIND_NAMES[kind]} "
                            f"to a {_KIND_NAMES[to_kind]}")
        _map_ptr(to, to_kind)
        if _map_context(from_, kind) is not _map_context(to, kind):
            raise ValueError("IRMapping.map: the two are of different "
                             "contexts")
        self.entries[self._key(from_)] = (from_, to)

    def lookup(self, x: _MappedT) -> _MappedT:
        """What `x` is mapped to; KeyError if it is not mapped."""
        entry = self._find(x)
        if entry is None:
            raise KeyError(x)
        return entry[1]

    def lookup_or_default(self, x: _MappedT) -> _MappedT:
        """What `x` is mapped to, else `x` itself."""
        entry = self._find(x)
        return x if entry is None else entry[1]

    def lookup_or_null(self, x: _MappedT) -> _MappedT | None:
        """What `x` is mapped to, else None."""
        entry = self._find(x)
        return None if entry is None else entry[1]

    def contains(self, x: Value | Block | Operation) -> bool:
        """Whether `x` is mapped."""
        return self._find(x) is not None

    def __contains__(self, x):
        try:
            return self._find(x) is not None
        except TypeError:
            return False

    def erase(self, x: Value | Block | Operation) -> None:
        """Removes the entry of `x` (if any)."""
        if self._find(x) is not None:
            del self.entries[self._key(x)]

    def clear(self) -> None:
        """Removes every entry."""
        self.entries.clear()

    def __len__(self):
        self._prune()
        return len(self.entries)

    cdef int _prune(self) except -1:
        stale = [k for k, (src, _) in self.entries.items()
                 if _map_ptr_if_valid(src, k[0]) == NULL]
        for k in stale:
            del self.entries[k]
        return 0

    cdef MlirCyIRMapping to_c(self, Context ctx) except *:
        """A C++ IRMapping of the valid entries of `ctx` (to be destroyed
        by the caller)."""
        self._prune()
        cdef MlirCyIRMapping m = mlirCyIRMappingCreate()
        cdef MlirValue fv, tv
        cdef MlirBlock fb, tb
        cdef MlirOperation fo, to_
        cdef int kind
        cdef const void* src
        cdef const void* dst
        try:
            for (kind, key), (_, mapped) in self.entries.items():
                if _map_context(mapped, kind) is not ctx:
                    continue
                # The keys are valid (pruned); a mapped-to object may not be.
                dst = _map_ptr_if_valid(mapped, kind)
                if dst == NULL:
                    continue
                src = <const void*><uintptr_t>key
                if kind == MLIR_CY_IR_MAPPING_VALUE:
                    fv.ptr, tv.ptr = src, dst
                    mlirCyIRMappingMapValue(m, fv, tv)
                elif kind == MLIR_CY_IR_MAPPING_BLOCK:
                    fb.ptr, tb.ptr = <void*>src, <void*>dst
                    mlirCyIRMappingMapBlock(m, fb, tb)
                else:
                    fo.ptr, to_.ptr = <void*>src, <void*>dst
                    mlirCyIRMappingMapOperation(m, fo, to_)
        except BaseException:
            mlirCyIRMappingDestroy(m)
            raise
        return m

    cdef int add_entries(self, Context ctx,
                         vector[_MapEntry]& found) except -1:
        """Adds the entries `found` (of a C++ IRMapping, by
        mlirCyIRMappingForEach) that are not here, as objects."""
        for e in found:
            key = (e.kind, <uintptr_t>e.from_)
            if key not in self.entries:
                self.entries[key] = (_map_wrap(ctx, e.kind, e.from_),
                                     _map_wrap(ctx, e.kind, e.to))
        return 0

    def __repr__(self):
        return f"<IRMapping with {len(self)} entries>"


cdef list outer_values(Context ctx, MlirOperation op):
    """The values `op` and the operations in it use that are defined
    outside it, as objects."""
    cdef vector[MlirValue] vals
    vals.resize(16)
    cdef intptr_t n = mlirCyOperationGetOuterValues(op, vals.data(),
                                                    vals.size())
    if n > <intptr_t>vals.size():
        vals.resize(n)
        n = mlirCyOperationGetOuterValues(op, vals.data(), vals.size())
    return [wrap_value_any(ctx, vals[i]) for i in range(n)]
