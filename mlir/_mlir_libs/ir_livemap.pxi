# The per-context map of live Operation objects, keyed by MlirOperation.
#
# Open addressing with linear probing over an array of object pointers; the
# key is read from the object itself (its c_op), so an entry costs one
# pointer: a million live operations need 8-16 MB of table, and inserting
# or erasing allocates nothing. Entries are borrowed references: an object
# removes itself when it dies or is invalidated.

from libc.stdlib cimport calloc, free

cdef PyObject* _TOMBSTONE = <PyObject*>1

# Insertions into any live map so far: a cheap "were objects made?" test
# for code that must invalidate what a callback created (ir_rewrite.pxi).
cdef size_t _live_inserts = 0


cdef inline size_t _slot_of(const void* key, size_t mask) noexcept nogil:
    return ((<size_t>key >> 4) * <size_t>0x9E3779B97F4A7C15ULL >> 7) & mask


cdef inline const void* _key_of(PyObject* o) noexcept:
    return (<Operation>o).c_op.ptr


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
    global _live_inserts
    _live_inserts += 1
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


cdef void live_erase(LiveMap* m, const void* key) noexcept:
    if m.cap == 0:
        return
    cdef size_t mask = m.cap - 1
    cdef size_t i = _slot_of(key, mask)
    cdef PyObject* s
    while True:
        s = m.slots[i]
        if s == NULL:
            return
        if s != _TOMBSTONE and _key_of(s) == key:
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


cdef list live_objects(LiveMap* m):
    """The live objects (new references), in table order."""
    cdef list out = []
    cdef size_t i
    for i in range(m.cap):
        if m.slots[i] != NULL and m.slots[i] != _TOMBSTONE:
            out.append(<object>m.slots[i])
    return out


cdef void live_clear(LiveMap* m) noexcept:
    free(m.slots)
    m.slots = NULL
    m.cap = m.n = m.used = 0
