# Pseudo-containers of an operation (spec "Prefer pseudo-containers"):
# attributes (mapping and sequence), operands, results, regions, successors.
# Each holds its operation's object, checks validity on every use, and
# supports len, indexing (negative too), slicing where upstream has it, and
# iteration.

from cpython.number cimport PyIndex_Check


cdef inline object _sliceable_key(object key):
    """The index of a list that also takes slices (operands, results,
    regions, successors, block arguments): anything with __index__ (its
    conversion to Py_ssize_t calls it), and upstream's ValueError
    otherwise."""
    if not PyIndex_Check(key):
        raise ValueError("expected integer or slice")
    return key


cdef inline Py_ssize_t _norm_index(Py_ssize_t i, Py_ssize_t n, str what) except -1:
    if i < 0:
        i += n
    if i < 0 or i >= n:
        # Upstream's texts.
        if what in ("block", "operation", "attribute"):
            raise IndexError(f"attempt to access out of bounds {what}")
        raise IndexError("index out of range")
    return i


@cython.final
@cython.no_gc
@cython.freelist(8)
@cython.collection_type("mapping")
cdef class OpAttributeMap:
    """op.attributes: get/set/delete by name, index as a sequence of
    NamedAttribute, len, in, iteration (names)."""
    cdef Operation op

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "OpAttributeMap is obtained from Operation.attributes")

    def __len__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        return mlirOperationGetNumAttributes(op_handle(self.op))

    def __contains__(self, name):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        name = _str_param(name, "name")
        return _get_attr(op_handle(self.op), <str>name).ptr != NULL

    def __getitem__(self, key):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        cdef MlirOperation op = op_handle(self.op)
        cdef MlirAttribute a
        cdef Py_ssize_t i
        if isinstance(key, str):
            a = _get_attr(op, <str>key)
            if a.ptr == NULL:
                raise KeyError(f"attempt to access a non-existent attribute: {key}")
            return wrap_attribute(self.op.context, a)
        if PyIndex_Check(key):
            i = _norm_index(key, mlirOperationGetNumAttributes(op), "attribute")
            return wrap_named_attribute(self.op.context,
                                        mlirOperationGetAttribute(op, i))
        raise _argument_type_error(f"attribute key must be str or int, not "
                        f"{type(key).__name__}")

    def get(self, key, default: Any = None) -> Attribute | Any:
        """The attribute named `key`, or `default` when the op has none."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        key = _str_param(key, "key")
        cdef MlirAttribute a = _get_attr(op_handle(self.op), key)
        if a.ptr == NULL:
            return default
        return wrap_attribute(self.op.context, a)

    def __setitem__(self, name, value):
        name = _str_param(name, "name")
        cdef MlirOperation op = op_handle(self.op)
        if not name:
            raise ValueError("attribute names must not be empty")
        cdef MlirAttribute a = attribute_handle_in(value, self.op.context,
                                                    f"attribute '{name}'")
        cdef bytes b = name.encode("utf-8")
        cdef int t = op_write_recheck(self.op)
        mlirOperationSetAttributeByName(op, str_ref(b), a)
        op_write_done(self.op, t)

    def __delitem__(self, name):
        name = _str_param(name, "name")
        cdef MlirOperation op = op_handle(self.op)
        cdef bytes b = name.encode("utf-8")
        cdef int t = op_write_recheck(self.op)
        cdef bint removed = mlirOperationRemoveAttributeByName(op, str_ref(b))
        op_write_done(self.op, t)
        if not removed:
            raise KeyError(f"attempt to delete a non-existent attribute: {name}")

    def __iter__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        cdef MlirOperation op = op_handle(self.op)
        cdef intptr_t i, n = mlirOperationGetNumAttributes(op)
        names = [from_ref(mlirIdentifierStr(mlirOperationGetAttribute(op, i).name))
                 for i in range(n)]
        return iter(names)

    def keys(self) -> list[str]:
        """The attribute names, in the operation's order."""
        return list(self)

    def values(self) -> list[Attribute]:
        """The attributes, in the order of keys()."""
        return [self[k] for k in self]

    def items(self) -> list[tuple[str, Attribute]]:
        """The (name, Attribute) pairs, in the order of keys()."""
        return [(k, self[k]) for k in self]


cdef inline MlirAttribute _get_attr(MlirOperation op, str name) except *:
    cdef Py_ssize_t size
    cdef const char* data = utf8_of(name, &size, "name")
    return mlirOperationGetAttributeByName(op, mlirStringRefCreate(data, size))


cdef OpAttributeMap _new_attribute_map(Operation op):
    cdef OpAttributeMap m = OpAttributeMap.__new__(OpAttributeMap)
    m.op = op
    return m


@cython.no_gc
@cython.collection_type("sequence")
cdef class _OpValueList:
    """Common base of operand and result lists: a window [start, start+n)
    (n = -1: all) over an operation's values."""
    cdef Operation op
    cdef Py_ssize_t start
    cdef Py_ssize_t count

    def __init__(self, *args, **kwargs):
        _no_constructor(self, f"{type(self).__name__} is obtained from an Operation")

    cdef Py_ssize_t total(self, MlirOperation op) except -1:
        return 0

    cdef MlirValue get(self, MlirOperation op, Py_ssize_t i):
        cdef MlirValue v
        v.ptr = NULL
        return v

    cdef Value wrap(self, MlirValue v):
        return wrap_value(self.op, v)

    cdef Py_ssize_t length(self) except -1:
        cdef MlirOperation op = op_handle(self.op)
        if self.count >= 0:
            return self.count
        return self.total(op) - self.start

    def __len__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        return self.length()

    def __getitem__(self, key):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        cdef Py_ssize_t n = self.length()
        cdef Py_ssize_t i
        if isinstance(key, slice):
            start, stop, step = key.indices(n)
            if step == 1:
                return self.window(self.start + start, max(0, stop - start))
            return [self[j] for j in range(start, stop, step)]
        i = _norm_index(_sliceable_key(key), n, type(self).__name__)
        return self.wrap(self.get(self.op.c_op, self.start + i))

    def __add__(self, other):
        """Concatenation gives a list of the values, as upstream."""
        return list(self) + list(other)

    def __iter__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        cdef _OpValueIterator it = _OpValueIterator.__new__(_OpValueIterator)
        it.values = self
        it.n = self.length()
        it.results = isinstance(self, OpResultList)
        return it

    cdef object window(self, Py_ssize_t start, Py_ssize_t count):
        cdef _OpValueList w = type(self).__new__(type(self))
        w.op = self.op
        w.start = start
        w.count = count
        return w

    @property
    def types(self) -> list[Type]:
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        return [wrap_type(self.op.context, mlirValueGetType(
            self.get(op_handle(self.op), self.start + i)))
            for i in range(self.length())]

    def __eq__(self, other):
        if isinstance(other, _OpValueList) or isinstance(other, list):
            return list(self) == list(other)
        return NotImplemented


@cython.final
@cython.no_gc
@cython.freelist(8)
cdef class _OpValueIterator:
    """Iterator of an operand or result list (the operation is checked
    valid at each step)."""
    cdef _OpValueList values
    cdef Py_ssize_t i
    cdef Py_ssize_t n
    cdef bint results       # over an OpResultList

    def __iter__(self):
        return self

    def __next__(self):
        cdef mlircy_read_scope rs
        cdef _OpValueList l = self.values
        if self.i >= self.n:
            raise StopIteration
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>l.op.context)
        op_check(l.op)
        if self.results:
            v = _new_value(l.op, mlirOperationGetResult(l.op.c_op,
                                                        l.start + self.i), True)
        else:
            v = l.wrap(l.get(l.op.c_op, l.start + self.i))
        self.i += 1
        return v


@cython.final
cdef class OpOperandList(_OpValueList):
    """op.operands"""

    @staticmethod
    cdef OpOperandList new(Operation op, Py_ssize_t start, Py_ssize_t count):
        cdef OpOperandList l = OpOperandList.__new__(OpOperandList)
        l.op = op
        l.start = start
        l.count = count
        return l

    cdef Py_ssize_t total(self, MlirOperation op) except -1:
        return mlirOperationGetNumOperands(op)

    cdef MlirValue get(self, MlirOperation op, Py_ssize_t i):
        return mlirOperationGetOperand(op, i)

    cdef Value wrap(self, MlirValue v):
        # An operand is owned by its defining op (or block), not by us.
        return wrap_value_any(self.op.context, v)

    def __setitem__(self, index, value):
        cdef MlirOperation op = op_handle(self.op)
        cdef Py_ssize_t i = _norm_index(_index_arg(index, "index"), self.length(),
                                        "operand")
        cdef MlirValue v = value_handle(value, "operand")
        _check_same_context(value, self.op.context, "operand assignment")
        cdef int t = op_write_recheck(self.op)
        try:
            value_handle(value, "operand")     # checked again after a wait
            crw = modification_start(self.op.context, op)
            try:
                mlirOperationSetOperand(op, self.start + i, v)
            finally:
                modification_end(crw, op)
        finally:
            op_write_done(self.op, t)
        keep_operands_alive(self.op, [value])


@cython.final
cdef class OpResultList(_OpValueList):
    """op.results"""

    @staticmethod
    cdef OpResultList new(Operation op, Py_ssize_t start, Py_ssize_t count):
        cdef OpResultList l = OpResultList.__new__(OpResultList)
        l.op = op
        l.start = start
        l.count = count
        return l

    cdef Py_ssize_t total(self, MlirOperation op) except -1:
        return mlirOperationGetNumResults(op)

    cdef MlirValue get(self, MlirOperation op, Py_ssize_t i):
        return mlirOperationGetResult(op, i)

    @property
    def owner(self) -> OpView:
        """The operation the results belong to."""
        op_check(self.op)
        return self.op




@cython.final
@cython.collection_type("sequence")
cdef class RegionSequence:
    """op.regions: the operation's regions (a slice of it is a
    RegionSequence of the regions selected)."""
    cdef Operation op
    cdef Py_ssize_t start
    cdef Py_ssize_t count       # -1: all from start on
    cdef Py_ssize_t step

    # What upstream's class reports of itself (nanobind's signature).
    __nb_signature__ = ("class RegionSequence(collections.abc.Sequence"
                        "[mlir._mlir_libs._mlir.ir.Region])")

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "RegionSequence objects come from Operation.regions")

    @staticmethod
    cdef RegionSequence new(Operation op):
        cdef RegionSequence l = RegionSequence.__new__(RegionSequence)
        l.op = op
        l.count = -1
        l.step = 1
        return l

    cdef Py_ssize_t length(self) except -1:
        cdef Py_ssize_t n = mlirOperationGetNumRegions(op_handle(self.op))
        if self.count >= 0:
            return self.count
        return max(0, n - self.start)

    def __len__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        return self.length()

    def __getitem__(self, key):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        cdef MlirOperation op = op_handle(self.op)
        cdef Py_ssize_t n = self.length()
        cdef RegionSequence w
        if isinstance(key, slice):
            start, stop, step = key.indices(n)
            w = RegionSequence.__new__(RegionSequence)
            w.op = self.op
            w.start = self.start + start * self.step
            w.step = self.step * step
            w.count = len(range(start, stop, step))
            return w
        cdef Py_ssize_t i = _norm_index(_sliceable_key(key), n, "region")
        i = self.start + i * self.step
        if i >= mlirOperationGetNumRegions(op):
            raise IndexError("region index out of range")
        return wrap_region(self.op, mlirOperationGetRegion(op, i))

    def __iter__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        if self.count < 0 and self.start == 0:
            return RegionIterator.new(self.op)
        return iter([self[i] for i in range(self.length())])


@cython.final
cdef class RegionIterator:
    """Iterator over an operation's regions."""
    cdef Operation op
    cdef Py_ssize_t next_index

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "RegionIterator objects come from iter(op.regions)")

    @staticmethod
    cdef RegionIterator new(Operation op):
        cdef RegionIterator it = RegionIterator.__new__(RegionIterator)
        it.op = op
        it.next_index = 0
        return it

    def __iter__(self):
        return self

    def __next__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        cdef MlirOperation op = op_handle(self.op)
        if self.next_index >= mlirOperationGetNumRegions(op):
            raise StopIteration
        self.next_index += 1
        return wrap_region(self.op, mlirOperationGetRegion(op, self.next_index - 1))


@cython.final
@cython.collection_type("sequence")
cdef class OpSuccessors:
    """op.successors: blocks, assignable by index. As upstream, a successor
    block's owner (and its region's) is the operation branching to it; a
    slice is an OpSuccessors of the successors selected."""
    cdef Operation op
    cdef Py_ssize_t start
    cdef Py_ssize_t count       # -1: all from start on
    cdef Py_ssize_t step

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "OpSuccessors objects come from Operation.successors")

    @staticmethod
    cdef OpSuccessors new(Operation op):
        cdef OpSuccessors l = OpSuccessors.__new__(OpSuccessors)
        l.op = op
        l.count = -1
        l.step = 1
        return l

    cdef Py_ssize_t length(self) except -1:
        cdef Py_ssize_t n = mlirOperationGetNumSuccessors(op_handle(self.op))
        if self.count >= 0:
            return self.count
        return max(0, n - self.start)

    cdef Py_ssize_t position(self, object key) except -1:
        """The successor index of position `key` of this (sliced) view."""
        cdef Py_ssize_t i = _norm_index(_sliceable_key(key), self.length(), "successor")
        i = self.start + i * self.step
        if i >= mlirOperationGetNumSuccessors(op_handle(self.op)):
            raise IndexError("successor index out of range")
        return i

    def __len__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        return self.length()

    def __getitem__(self, key):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        cdef OpSuccessors w
        if isinstance(key, slice):
            start, stop, step = key.indices(self.length())
            w = OpSuccessors.__new__(OpSuccessors)
            w.op = self.op
            w.start = self.start + start * self.step
            w.step = self.step * step
            w.count = len(range(start, stop, step))
            return w
        cdef Py_ssize_t i = self.position(key)
        cdef MlirBlock b = mlirOperationGetSuccessor(op_handle(self.op), i)
        parent = parent_op_of_block(self.op.context, b,
                                    _owner_for_children(self.op))
        cdef Block blk = wrap_block(<Operation>parent, b)
        blk.successor_of = self.op
        return blk

    def __setitem__(self, index, block):
        cdef MlirOperation op = op_handle(self.op)
        cdef Py_ssize_t i = self.position(index)
        cdef MlirBlock b = block_handle(block, "successor")
        if (<Block>block).parent.context is not self.op.context:
            raise ValueError("successor: a Block of another Context")
        cdef int t = op_write_recheck(self.op)
        try:
            block_handle(block, "successor")     # checked again after a wait
            crw = modification_start(self.op.context, op)
            try:
                mlirOperationSetSuccessor(op, i, b)
            finally:
                modification_end(crw, op)
        finally:
            op_write_done(self.op, t)

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]


