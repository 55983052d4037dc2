# The per-context map of live Operation objects, keyed by MlirOperation.
#
# Open addressing with linear probing over an array of object pointers; the
# key is read from the object itself (its c_op), so an entry costs one
# pointer: a million live operations need 8-16 MB of table, and inserting
# or erasing allocates nothing. Entries are borrowed references: an object
# removes itself when it dies or is invalidated.

from libc.stdlib cimport calloc, free

cdef PyObject* _TOMBSTONE = <PyObject*>1

cdef inline size_t _slot_of(const void* key, size_t mask) noexcept nogil:
    return ((<size_t>key >> 4) * <size_t>0x9E3779B97F4A7C15ULL >> 7) & mask


cdef inline const void* _key_of(PyObject* o) noexcept:
    return (<Operation>o).c_op.ptr


cdef inline MlirOperation _op_of(PyObject* o) noexcept:
    return (<Operation>o).c_op


cdef inline void _clear_flags(PyObject* o, unsigned int flags) noexcept:
    (<Operation>o).flags &= ~flags


cdef PyObject* live_find(LiveMap* m, const void* key) noexcept:
    if m.cap == 0:
        return NULL
    cdef size_t mask = m.cap - 1
    cdef size_t i = _slot_of(key, mask)
    cdef PyObject* s
    while True:
        s = m.slots[i]
        if s == NULL:
            return NULL
        if s != _TOMBSTONE and _key_of(s) == key:
            return s
        i = (i + 1) & mask


cdef int _live_grow(LiveMap* m) except -1:
    cdef size_t new_cap = 64
    while new_cap < (m.n + 1) * 2:    # load <= 1/2 after growth, <= 3/4 before
        new_cap *= 2
    cdef PyObject** old = m.slots
    cdef size_t old_cap = m.cap
    cdef PyObject** slots = <PyObject**>calloc(new_cap, sizeof(PyObject*))
    if slots == NULL:
        raise MemoryError()
    cdef size_t mask = new_cap - 1, i, j
    for i in range(old_cap):
        if old[i] != NULL and old[i] != _TOMBSTONE:
            j = _slot_of(_key_of(old[i]), mask)
            while slots[j] != NULL:
                j = (j + 1) & mask
            slots[j] = old[i]
    free(old)
    m.slots = slots
    m.cap = new_cap
    m.used = m.n
    return 0


cdef int live_insert(LiveMap* m, PyObject* o) except -1:
    """Adds `o` (whose key is not in the map)."""
    m.inserts += 1
    if (m.used + 1) * 4 > m.cap * 3:
        _live_grow(m)
    cdef size_t mask = m.cap - 1
    cdef size_t i = _slot_of(_key_of(o), mask)
    while m.slots[i] != NULL and m.slots[i] != _TOMBSTONE:
        i = (i + 1) & mask
    if m.slots[i] == NULL:
        m.used += 1
    m.slots[i] = o
    m.n += 1
    return 0


cdef PyObject** live_slot(LiveMap* m, const void* key) noexcept:
    """The slot holding `key`'s entry, or NULL."""
    if m.cap == 0:
        return NULL
    cdef size_t mask = m.cap - 1
    cdef size_t i = _slot_of(key, mask)
    cdef PyObject* s
    while True:
        s = m.slots[i]
        if s == NULL:
            return NULL
        if s != _TOMBSTONE and _key_of(s) == key:
            return &m.slots[i]
        i = (i + 1) & mask


cdef void live_erase(LiveMap* m, PyObject* o) noexcept:
    """Removes the entry of `o`, if the map still holds `o` itself (another
    object of the same operation may have replaced it, see live_intern)."""
    if m.cap == 0:
        return
    cdef const void* key = _key_of(o)
    cdef size_t mask = m.cap - 1
    cdef size_t i = _slot_of(key, mask)
    cdef PyObject* s
    while True:
        s = m.slots[i]
        if s == NULL:
            return
        if s == o:
            # A tombstone, unless the next slot is empty (then the chain
            # ends here and the slot can be empty too).
            if m.slots[(i + 1) & mask] == NULL:
                m.slots[i] = NULL
                m.used -= 1
            else:
                m.slots[i] = _TOMBSTONE
            m.n -= 1
            return
        i = (i + 1) & mask


cdef list live_objects(Context ctx):
    """The context's live operation objects (new references), in table
    order."""
    cdef list out = []
    cdef size_t i
    cdef LiveMap* m = &ctx.live_ops
    with cython.critical_section(ctx):
        for i in range(m.cap):
            if m.slots[i] != NULL and m.slots[i] != _TOMBSTONE:
                obj = mlircy_take_or_none(m.slots[i])
                if obj is not None:
                    out.append(obj)
    return out


cdef object live_get(Context ctx, const void* key):
    """The live object of an operation (a new reference), or None."""
    with cython.critical_section(ctx):
        return mlircy_take_or_none(live_find(&ctx.live_ops, key))


cdef object live_intern(Context ctx, Operation o):
    """Enters `o` (flags set, OP_INTERNED among them) as the live object of
    its operation; returns it. If another thread entered a live object of
    the same operation first, returns that one instead and disarms `o`."""
    cdef PyObject** slot
    with cython.critical_section(ctx):
        slot = live_slot(&ctx.live_ops, o.c_op.ptr)
        if slot != NULL:
            other = mlircy_take_or_none(slot[0])
            if other is not None:
                o.flags = 0
                o.c_op.ptr = NULL
                return other
            # The entry's object is being freed by another thread: o takes
            # its place (that object's live_erase then finds o, not itself).
            slot[0] = <PyObject*>o
            ctx.live_ops.inserts += 1
        else:
            live_insert(&ctx.live_ops, <PyObject*>o)
        mlircy_enable_try_incref(<PyObject*>o)
    return o


cdef void live_forget(Context ctx, Operation o) noexcept:
    """__dealloc__ of an interned object: leaves the map (under the
    context's critical section, where its flags are read too)."""
    with cython.critical_section(ctx):
        if o.flags & OP_INTERNED:
            live_erase(&ctx.live_ops, <PyObject*>o)
            o.flags &= ~OP_INTERNED


cdef void live_clear(LiveMap* m) noexcept:
    free(m.slots)
    m.slots = NULL
    m.cap = m.n = m.used = 0
