# Region, Block and their pseudo-containers; InsertionPoint.
#
# Regions and blocks are cheap views (not interned): each holds the object
# of the operation that owns it, which keeps the IR alive and tells whether
# it is still valid. After a mutation that may delete blocks behind our back
# (context epoch changed), a block view re-checks that its block is still in
# its operation's regions before touching it.

cdef bint _block_in_op(MlirOperation op, MlirBlock b) noexcept nogil:
    cdef intptr_t i, n = mlirOperationGetNumRegions(op)
    cdef MlirBlock it
    for i in range(n):
        it = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, i))
        while it.ptr != NULL:
            if it.ptr == b.ptr:
                return True
            it = mlirBlockGetNextInRegion(it)
    return False


cdef ConversionPatternRewriter _block_rewriter(Operation parent):
    """The rewriter of the conversion pattern running on this thread when
    blocks of `parent` belong to the IR it converts (see ir_rewrite.pxi);
    ValueError when `parent` was replaced or erased by the conversion."""
    return conversion_rewriter(parent.context, parent.c_op)


cdef int _block_inserted(ConversionPatternRewriter crw, MlirBlock b) except -1:
    if crw is not None:
        mlirCyConversionPatternRewriterNotifyBlockInserted(crw.c_conv, b)
    return 0


cdef Region wrap_region(Operation parent, MlirRegion r):
    cdef Region reg = Region.__new__(Region)
    reg.c_region = r
    reg.parent = parent
    return reg


cdef int _block_write(Block b, MlirBlock fresh) except -1:
    """op_write (ir_operation.pxi) for a change of block b, which is checked
    again after a wait. `fresh`: a new block to destroy if that fails."""
    cdef int t = op_write(b.parent)
    try:
        b.check()
    except BaseException:
        op_write_done(b.parent, t)
        if fresh.ptr != NULL:
            mlirBlockDestroy(fresh)
        raise
    return t


cdef int _region_write(Region r, MlirBlock fresh) except -1:
    """The same for a change of region r."""
    cdef int t = op_write(r.parent)
    try:
        r.check()
    except BaseException:
        op_write_done(r.parent, t)
        if fresh.ptr != NULL:
            mlirBlockDestroy(fresh)
        raise
    return t


@cython.final
@cython.no_gc
cdef class Region:
    """A region of an operation: a list of blocks."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "Regions are obtained from Operation.regions")

    cdef int check(self) except -1:
        return op_check(self.parent)

    @property
    def blocks(self) -> BlockList:
        """The region's blocks (a BlockList)."""
        self.check()
        return BlockList.new(self)

    def __iter__(self):
        return iter(self.blocks)

    @property
    def owner(self) -> OpView:
        """The operation owning this region."""
        self.check()
        return self.parent

    def __eq__(self, other):
        if not isinstance(other, Region):
            return NotImplemented
        return self.c_region.ptr == (<Region>other).c_region.ptr

    def __hash__(self):
        return hash(<uintptr_t>self.c_region.ptr)

    def __repr__(self):
        return _object_repr(self, op_primary(self.parent).flags & OP_VALID)


cdef Block region_append_block(Region r, object arg_types, object arg_locs):
    """Appends a new block with arguments of `arg_types` (an iterable of
    Types) to region r, as r.blocks.append(*arg_types, arg_locs=arg_locs);
    returns it."""
    r.check()
    cdef ConversionPatternRewriter crw = _block_rewriter(r.parent)
    cdef MlirBlock b = _create_block(arg_types, arg_locs, r.parent.context)
    cdef int t = _region_write(r, b)
    mlirRegionAppendOwnedBlock(r.c_region, b)
    op_write_done(r.parent, t)
    _block_inserted(crw, b)
    return wrap_block(r.parent, b)


@cython.final
@cython.collection_type("sequence")
cdef class BlockList:
    """region.blocks"""
    cdef Region region

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "BlockList objects come from Region.blocks")

    @staticmethod
    cdef BlockList new(Region region):
        cdef BlockList l = BlockList.__new__(BlockList)
        l.region = region
        return l

    def __len__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.region.parent)
        self.region.check()
        cdef Py_ssize_t n = 0
        cdef MlirBlock b = mlirRegionGetFirstBlock(self.region.c_region)
        while b.ptr != NULL:
            n += 1
            b = mlirBlockGetNextInRegion(b)
        return n

    def __getitem__(self, key):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.region.parent)
        cdef Py_ssize_t n = len(self)
        if isinstance(key, slice):
            return [self[i] for i in range(*key.indices(n))]
        cdef Py_ssize_t i = _norm_index(key, n, "block")
        cdef MlirBlock b = mlirRegionGetFirstBlock(self.region.c_region)
        while i > 0:
            b = mlirBlockGetNextInRegion(b)
            i -= 1
        return wrap_block(self.region.parent, b)

    def __iter__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.region.parent)
        self.region.check()
        return BlockIterator.new(self.region)

    def append(self, *args: Type,
               arg_locs: Sequence[Location] | None = None) -> Block:
        """Appends a new block with arguments of the given types; returns
        it."""
        return region_append_block(self.region, args, arg_locs)




@cython.final
cdef class BlockIterator:
    """Iterator over a region's blocks."""
    cdef Region region
    cdef Block last

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "BlockIterator objects come from iter(region)")

    @staticmethod
    cdef BlockIterator new(Region region):
        cdef BlockIterator it = BlockIterator.__new__(BlockIterator)
        it.region = region
        it.last = None
        return it

    def __iter__(self):
        return self

    def __next__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.region.parent)
        cdef MlirBlock b
        if self.last is None:
            self.region.check()
            b = mlirRegionGetFirstBlock(self.region.c_region)
        else:
            self.last.check()       # the block given last must still exist
            b = mlirBlockGetNextInRegion(self.last.c_block)
        if b.ptr == NULL:
            raise StopIteration
        self.last = wrap_block(self.region.parent, b)
        return self.last


cdef int _check_arg_context(Block b, Type t, Location loc) except -1:
    if t.context is not b.parent.context or loc.context is not b.parent.context:
        raise ValueError("block argument: a Type or Location of another "
                         "Context")
    return 0


cdef MlirBlock _create_block(object arg_types, object arg_locs,
                             Context ctx) except *:
    cdef vector[MlirType] types
    cdef vector[MlirLocation] locs
    if arg_types is None:
        arg_types = ()
    for t in arg_types:
        types.push_back(type_handle_in(t, ctx, "block argument type"))
    if arg_locs is None:
        loc = current_location()
        if loc is not None and (<Location>loc).context is not ctx:
            raise ValueError("block argument location: the current Location "
                             "is of another Context")
        if loc is None and types.size():
            # As upstream: argument locations come from arg_locs or the
            # current Location.
            resolve_location(None)
        dflt = (<Location>loc).c_location if loc is not None \
            else mlirLocationUnknownGet(ctx.c_context)
        for _ in range(types.size()):
            locs.push_back(dflt)
    else:
        arg_locs = list(arg_locs)
        if <size_t>len(arg_locs) != types.size():
            raise ValueError(f"Expected {types.size()} locations, got: "
                             f"{len(arg_locs)}")
        for l in arg_locs:
            if not isinstance(l, Location):
                raise TypeError("arg_locs must hold Locations")
            if (<Location>l).context is not ctx:
                raise ValueError("arg_locs: a Location of another Context")
            locs.push_back((<Location>l).c_location)
    return mlirBlockCreate(types.size(), types.data(), locs.data())


cdef Block wrap_block(Operation parent, MlirBlock b):
    cdef Block blk = Block.__new__(Block)
    blk.c_block = b
    blk.parent = parent
    blk.epoch = parent.context.epoch
    return blk


cdef MlirBlock block_handle(object b, str what) except *:
    if not isinstance(b, Block):
        raise TypeError(f"{what} must be a Block, not {type(b).__name__}")
    (<Block>b).check()
    return (<Block>b).c_block


@cython.final
@cython.no_gc
cdef class Block:
    """A block: a list of operations with arguments."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "Blocks are made by Block.create_at_start(), "
                              "Region.blocks.append(), ...")

    cdef int check(self) except -1:
        op_check(self.parent)
        cdef Context ctx = self.parent.context
        if self.epoch != ctx.epoch:
            if not _block_in_op(self.parent.c_op, self.c_block):
                raise RuntimeError("the block has been erased")
            self.epoch = ctx.epoch
        return 0

    # -- creation ---------------------------------------------------------

    @staticmethod
    def create_at_start(Region parent not None,
                        arg_types: Sequence[Type] = (),
                        arg_locs: Sequence[Location] | None = None) -> Block:
        """Creates a block at the start of `parent` with arguments of the
        given types."""
        # As upstream's signature: arg_types a sequence (not None), arg_locs
        # a sequence or None; else its binding layer's TypeError.
        if not is_sequence_arg(arg_types):
            raise _argument_type_error(f"arg_types must be a sequence of "
                                       f"Types, not {type(arg_types).__name__}")
        if arg_locs is not None and not is_sequence_arg(arg_locs):
            raise _argument_type_error(f"arg_locs must be a sequence of "
                                       f"Locations, not {type(arg_locs).__name__}")
        parent.check()
        cdef ConversionPatternRewriter crw = _block_rewriter(parent.parent)
        cdef MlirBlock b = _create_block(arg_types, arg_locs,
                                         parent.parent.context)
        cdef int t = _region_write(parent, b)
        mlirRegionInsertOwnedBlock(parent.c_region, 0, b)
        op_write_done(parent.parent, t)
        _block_inserted(crw, b)
        return wrap_block(parent.parent, b)

    def create_before(self, *arg_types: Type,
                      arg_locs: Sequence[Location] | None = None) -> Block:
        """Creates a block right before this one, in its region, with
        arguments of types `arg_types`; returns it.

        `arg_locs` gives one Location per argument (ValueError for another
        count), else each is the current Location (RuntimeError if there is
        none)."""
        self.check()
        cdef ConversionPatternRewriter crw = _block_rewriter(self.parent)
        cdef MlirBlock b = _create_block(arg_types, arg_locs,
                                         self.parent.context)
        cdef int t = _block_write(self, b)
        mlirRegionInsertOwnedBlockBefore(mlirBlockGetParentRegion(self.c_block),
                                         self.c_block, b)
        op_write_done(self.parent, t)
        _block_inserted(crw, b)
        return wrap_block(self.parent, b)

    def create_after(self, *arg_types: Type,
                     arg_locs: Sequence[Location] | None = None) -> Block:
        """Creates a block right after this one, in its region, with
        arguments of types `arg_types`; returns it.

        `arg_locs` gives one Location per argument (ValueError for another
        count), else each is the current Location (RuntimeError if there is
        none)."""
        self.check()
        cdef ConversionPatternRewriter crw = _block_rewriter(self.parent)
        cdef MlirBlock b = _create_block(arg_types, arg_locs,
                                         self.parent.context)
        cdef int t = _block_write(self, b)
        mlirRegionInsertOwnedBlockAfter(mlirBlockGetParentRegion(self.c_block),
                                        self.c_block, b)
        op_write_done(self.parent, t)
        _block_inserted(crw, b)
        return wrap_block(self.parent, b)

    def append_to(self, Region region not None) -> None:
        """Moves this block to the end of `region`."""
        cdef MlirBlock none
        none.ptr = NULL
        cdef int t = _block_write(self, none)
        try:
            region.check()
            _block_append_to(self, region)
        finally:
            op_write_done(self.parent, t)

    # -- contents ---------------------------------------------------------

    @property
    def operations(self) -> OperationList:
        """The block's operations (an OperationList)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        self.check()
        return OperationList.new(self)

    def __iter__(self):
        return iter(self.operations)

    def append(self, operation: Operation) -> None:
        """Appends an operation to this block (even after its terminator,
        as upstream); an operation in another block is moved here."""
        cdef Operation op = as_operation(operation, "operation")
        cdef Operation p = op_primary(op)
        if mlirOperationGetBlock(p.c_op).ptr != NULL:
            # As upstream: detach it first (after the checks, so a refused
            # move leaves it where it was).
            self.check()
            if p.context is not self.parent.context:
                raise ValueError("cannot insert an operation of another context")
            if mlirOperationGetNumRegions(p.c_op) and (
                    p.c_op.ptr == self.parent.c_op.ptr or
                    _is_ancestor(p.c_op, self.parent.c_op)):
                raise ValueError("cannot insert an operation into its own region")
            op.detach_from_parent()
        _insert_detached(InsertionPoint(self), op, False)

    @property
    def arguments(self) -> BlockArgumentList:
        """The block's arguments (a BlockArgumentList)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        self.check()
        return BlockArgumentList.new(self)

    def add_argument(self, Type type not None,
                     Location loc not None) -> BlockArgument:
        """Appends an argument of type `type` at `loc` to the block; returns
        it (ValueError for a Type or Location of another Context)."""
        self.check()
        _check_arg_context(self, type, loc)
        cdef MlirBlock none
        none.ptr = NULL
        cdef int t = _block_write(self, none)
        cdef MlirValue v = mlirBlockAddArgument(self.c_block, type.c_type,
                                                loc.c_location)
        op_write_done(self.parent, t)
        return wrap_block_arg(self.parent, self.c_block, v)

    def insert_argument(self, Py_ssize_t index, Type type not None,
                        Location loc not None) -> BlockArgument:
        """Inserts an argument of type `type` at `loc` at position `index`
        (0 <= index <= number of arguments, IndexError otherwise); returns
        it."""
        self.check()
        cdef Py_ssize_t n = mlirBlockGetNumArguments(self.c_block)
        if index < 0 or index > n:
            raise IndexError("block argument index out of range")
        _check_arg_context(self, type, loc)
        cdef MlirBlock none
        none.ptr = NULL
        cdef int t = _block_write(self, none)
        if index > mlirBlockGetNumArguments(self.c_block):
            op_write_done(self.parent, t)
            raise IndexError("block argument index out of range")
        cdef MlirValue v = mlirBlockInsertArgument(
            self.c_block, index, type.c_type, loc.c_location)
        op_write_done(self.parent, t)
        return wrap_block_arg(self.parent, self.c_block, v)

    def erase_argument(self, Py_ssize_t index) -> None:
        """Erases the argument at `index` (negative counts from the end;
        IndexError out of range); RuntimeError while it still has uses."""
        cdef MlirBlock none
        none.ptr = NULL
        self.check()
        # A running rewrite driver may hold the argument (a conversion maps
        # block arguments to their replacements).
        check_not_rewriting(self.parent.context, self.parent.c_op,
                            "erase a block argument")
        cdef int t = _block_write(self, none)
        cdef Py_ssize_t n
        try:
            n = mlirBlockGetNumArguments(self.c_block)
            index = _norm_index(index, n, "block argument")
            if mlirValueGetFirstUse(
                    mlirBlockGetArgument(self.c_block, index)).ptr != NULL:
                raise RuntimeError(
                    "cannot erase a block argument that still has uses")
            mlirBlockEraseArgument(self.c_block, <unsigned int>index)
        finally:
            op_write_done(self.parent, t)
        self.parent.context.epoch += 1
        self.epoch = self.parent.context.epoch

    @property
    def owner(self) -> OpView:
        """The operation whose region holds this block; as upstream, for a
        block reached through op.successors, that operation (the one
        branching to it)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        self.check()
        if self.successor_of is not None:
            op_check(self.successor_of)
            return self.successor_of
        return self.parent

    @property
    def region(self) -> Region:
        """The Region the block is in."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        self.check()
        return wrap_region(self.parent, mlirBlockGetParentRegion(self.c_block))

    @property
    def successors(self) -> list[Block]:
        """The blocks the terminator of this block can branch to (a
        BlockSuccessors sequence, as of now)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        self.check()
        cdef intptr_t i, n = mlirBlockGetNumSuccessors(self.c_block)
        return _BlockSequence.new(BlockSuccessors, [
            self._wrap_other(mlirBlockGetSuccessor(self.c_block, i))
            for i in range(n)])

    @property
    def predecessors(self) -> list[Block]:
        """The blocks whose terminators can branch to this block (a
        BlockPredecessors sequence, as of now)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        self.check()
        cdef intptr_t i, n = mlirBlockGetNumPredecessors(self.c_block)
        return _BlockSequence.new(BlockPredecessors, [
            self._wrap_other(mlirBlockGetPredecessor(self.c_block, i))
            for i in range(n)])

    cdef Block _wrap_other(self, MlirBlock b):
        return wrap_block(<Operation>parent_op_of_block(
            self.parent.context, b, _owner_for_children(self.parent)), b)

    def __eq__(self, other):
        if not isinstance(other, Block):
            return NotImplemented
        return self.c_block.ptr == (<Block>other).c_block.ptr

    def __hash__(self):
        return hash(<uintptr_t>self.c_block.ptr)

    def __str__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        self.check()
        cdef string buf
        if not mlirCyDeepBlockPrint(self.c_block, append_to_string, &buf):
            raise_too_deep("the block's operation")
        return decode_string(buf)

    def __repr__(self):
        return _object_repr(self, op_primary(self.parent).flags & OP_VALID)

    @property
    def _CAPIPtr(self):
        self.check()
        return mlirPythonBlockToCapsule(self.c_block)


cdef int _reown_block_ops(Block blk) except -1:
    """After a block moved: live objects of its operations (and anything
    nested) hold the block's new parent as owner."""
    cdef Context ctx = blk.parent.context
    cdef MlirOperation op = mlirBlockGetFirstOperation(blk.c_block)
    cdef Operation o
    while op.ptr != NULL:
        found = live_get(ctx, op.ptr)
        if found is not None:
            o = <Operation>found
            o.owner_ref = blk.parent
            _reown_nested(ctx, o)
        elif mlirOperationGetNumRegions(op):
            o = <Operation>wrap_operation(ctx, op, blk.parent)
            _reown_nested(ctx, o)
        op = mlirOperationGetNextInBlock(op)
    return 0


@cython.final
@cython.collection_type("sequence")
cdef class OperationList:
    """block.operations"""
    cdef Block block

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "OperationList objects come from Block.operations")

    @staticmethod
    cdef OperationList new(Block block):
        cdef OperationList l = OperationList.__new__(OperationList)
        l.block = block
        return l

    def __len__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.block.parent)
        self.block.check()
        cdef Py_ssize_t n = 0
        cdef MlirOperation op = mlirBlockGetFirstOperation(self.block.c_block)
        while op.ptr != NULL:
            n += 1
            op = mlirOperationGetNextInBlock(op)
        return n

    def __getitem__(self, key):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.block.parent)
        self.block.check()
        cdef Py_ssize_t n
        cdef MlirOperation op
        if isinstance(key, slice):
            n = len(self)
            return [self[i] for i in range(*key.indices(n))]
        cdef Py_ssize_t i = key
        if i < 0:
            i = _norm_index(i, len(self), "operation")
        op = mlirBlockGetFirstOperation(self.block.c_block)
        while i > 0 and op.ptr != NULL:
            op = mlirOperationGetNextInBlock(op)
            i -= 1
        if op.ptr == NULL:
            raise IndexError("attempt to access out of bounds operation")
        return wrap_opview(self.block.parent.context, op, self.block.parent)

    def __iter__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.block.parent)
        self.block.check()
        return OperationIterator.new(self.block)




@cython.final
cdef class OperationIterator:
    """Iterator over a block's operations (each as its registered class);
    it survives erasing the operation it last gave."""
    cdef Block block
    cdef MlirOperation next_op
    cdef unsigned long epoch
    cdef object last

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "OperationIterator objects come from iter(block)")

    @staticmethod
    cdef OperationIterator new(Block block):
        cdef OperationIterator it = OperationIterator.__new__(OperationIterator)
        it.block = block
        it.next_op = mlirBlockGetFirstOperation(block.c_block)
        it.epoch = block.parent.context.epoch
        return it

    def __iter__(self):
        return self

    def __next__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.block.parent)
        cdef Context ctx = self.block.parent.context
        cdef MlirOperation op = self.next_op
        if ctx.epoch != self.epoch:
            # Something was erased since the last step: continue after the
            # last yielded operation if it survived, else stop.
            self.block.check()
            self.epoch = ctx.epoch
            if self.last is not None and ((<Operation>self.last).flags & OP_VALID) and \
                    mlirOperationGetBlock((<Operation>self.last).c_op).ptr == self.block.c_block.ptr:
                op = mlirOperationGetNextInBlock((<Operation>self.last).c_op)
            elif self.last is not None:
                raise RuntimeError("the block changed during iteration: the "
                                   "last visited operation was erased")
            else:
                # Nothing given yet: the first operation may be gone.
                op = mlirBlockGetFirstOperation(self.block.c_block)
        if op.ptr == NULL:
            raise StopIteration
        self.next_op = mlirOperationGetNextInBlock(op)
        found = live_get(ctx, op.ptr)
        if found is not None:
            self.last = found
            return as_opview(<Operation>found)
        cdef _OpNameInfo info = _name_info(ctx, op)
        obj = _new_op_object(info.cls, ctx, op, self.block.parent)
        self.last = obj
        # Made as the registered class (unless another thread's object won).
        if type(obj) is info.cls:
            return obj
        return as_opview(<Operation>obj)


@cython.final
@cython.collection_type("sequence")
cdef class BlockArgumentList:
    """block.arguments (or a contiguous slice of them): a sequence."""
    cdef Block block
    cdef Py_ssize_t start
    cdef Py_ssize_t count           # -1: up to the last argument

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "BlockArgumentList objects come from Block.arguments")

    @staticmethod
    cdef BlockArgumentList new(Block block, Py_ssize_t start=0,
                                Py_ssize_t count=-1):
        cdef BlockArgumentList l = BlockArgumentList.__new__(BlockArgumentList)
        l.block = block
        l.start = start
        l.count = count
        return l

    def __len__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.block.parent)
        self.block.check()
        cdef Py_ssize_t n = mlirBlockGetNumArguments(self.block.c_block) - self.start
        if self.count >= 0 and self.count < n:
            n = self.count
        return max(n, 0)

    def __getitem__(self, key):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.block.parent)
        cdef Py_ssize_t n = len(self)
        if isinstance(key, slice):
            start, stop, step = key.indices(n)
            if step == 1:
                return BlockArgumentList.new(self.block, self.start + start,
                                              max(0, stop - start))
            return [self[i] for i in range(start, stop, step)]
        cdef Py_ssize_t i = _norm_index(_sliceable_key(key), n, "block argument")
        return wrap_block_arg(self.block.parent, self.block.c_block,
                              mlirBlockGetArgument(self.block.c_block,
                                                   self.start + i))

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __add__(self, other):
        """Concatenation gives a list of the arguments, as upstream."""
        return list(self) + list(other)

    @property
    def types(self) -> list[Type]:
        """The types of the arguments (a list of Type)."""
        return [a.type for a in self]




# -- InsertionPoint ---------------------------------------------------------

cdef int _check_ip_alive(InsertionPoint ip) except -1:
    ip.block.check()
    if ip.ref_operation is not None:
        op_check((<Operation>ip.ref_operation))
    return 0


cdef extern from *:
    """
    static inline const void *_mlircy_load_ptr(const void **slot) {
      return __atomic_load_n(slot, __ATOMIC_RELAXED);
    }
    static inline void _mlircy_store_ptr(const void **slot, const void *v) {
      __atomic_store_n(slot, v, __ATOMIC_RELAXED);
    }
    """
    const void* _mlircy_load_ptr(const void** slot) noexcept nogil
    void _mlircy_store_ptr(const void** slot, const void* v) noexcept nogil


cdef int _check_not_after_terminator(InsertionPoint ip) except -1:
    """IndexError when `ip` is the end of a block whose last operation is
    a terminator. mlirBlockGetTerminator asks the operation's traits, a
    couple of hundred instructions; whether a registered name is a
    terminator never changes, so names found not to be one are remembered
    in the context (keys stay valid as long as it does)."""
    if ip.ref_operation is not None:
        return 0
    cdef MlirBlock b = ip.block.c_block
    cdef MlirOperation last = mlirCyBlockGetLastOperation(b)
    if last.ptr == NULL:
        return 0
    cdef const void* key = mlirCyOperationGetRegisteredNameKey(last)
    cdef const void** slot = NULL
    if key != NULL:
        slot = &ip.block.parent.context.nonterminator_names[
            (((<uintptr_t>key) >> 4) ^ ((<uintptr_t>key) >> 7)) & 7]
        if _mlircy_load_ptr(slot) == key:
            return 0
    if mlirBlockGetTerminator(b).ptr != NULL:
        raise IndexError(
            "Cannot insert operation at the end of a block that already "
            "has a terminator. Did you mean to use "
            "'InsertionPoint.at_block_terminator(block)' versus "
            "'InsertionPoint(block)'?")
    if slot != NULL:
        _mlircy_store_ptr(slot, key)
    return 0


cdef int _insert_detached(InsertionPoint ip, Operation op,
                          bint refuse_after_terminator) except -1:
    """Inserts a detached operation at `ip` after checking it can go
    there. Block.append does not refuse a block ending in a terminator
    (as upstream); InsertionPoint.insert does."""
    op = op_primary(op)
    op_check(op)
    _check_ip_alive(ip)
    if not (op.flags & OP_OWNED) or mlirOperationGetBlock(op.c_op).ptr != NULL:
        raise ValueError("Attempt to insert operation that is already "
                         "attached (detach_from_parent() it first)")
    if mlirOperationGetNumRegions(op.c_op) and \
            _is_ancestor(op.c_op, ip.block.parent.c_op):
        raise ValueError("cannot insert an operation into its own region")
    if op.context is not ip.block.parent.context:
        raise ValueError("cannot insert an operation of another context")
    if refuse_after_terminator:
        _check_not_after_terminator(ip)
    return ip.insert_fresh(op)


class _CurrentIP:
    """InsertionPoint.current: the innermost of this thread; ValueError if
    there is none."""
    def __get__(self, obj, objtype=None):
        ip = current_ip()
        if ip is None:
            raise ValueError("No current InsertionPoint")
        return ip


@cython.final
cdef class InsertionPoint:
    """Where new operations go: the end of a block, or before an operation.
    A context manager: `with InsertionPoint(block):`."""

    def __init__(self, beforeOperationOrBlock: Operation | Block):
        if isinstance(beforeOperationOrBlock, Block):
            (<Block>beforeOperationOrBlock).check()
            self.block = beforeOperationOrBlock
            self.ref_operation = None
        elif isinstance(beforeOperationOrBlock, Operation):
            op = op_primary(beforeOperationOrBlock)
            op_check((<Operation>op))
            b = mlirOperationGetBlock((<Operation>op).c_op)
            if b.ptr == NULL:
                raise ValueError("Operation is not attached to a block: cannot "
                                 "insert before it")
            self.block = wrap_block(<Operation>parent_op_of_block(
                (<Operation>op).context, b, _owner_for_children(op)), b)
            # As upstream's: the plain Operation, not its OpView.
            self.ref_operation = op if type(op) is Operation else \
                _view_as(Operation, <Operation>op)
        else:
            raise _argument_type_error("InsertionPoint needs a Block or an Operation, not "
                            f"{type(beforeOperationOrBlock).__name__}")

    @staticmethod
    def at_block_begin(Block block not None) -> InsertionPoint:
        """The insertion point at the start of `block`: before its first
        operation, or at its end when it is empty."""
        block.check()
        cdef MlirOperation first = mlirBlockGetFirstOperation(block.c_block)
        if first.ptr == NULL:
            return InsertionPoint(block)
        return InsertionPoint(wrap_operation(block.parent.context, first,
                                             block.parent))

    @staticmethod
    def at_block_terminator(Block block not None) -> InsertionPoint:
        """The insertion point right before the terminator of `block`;
        ValueError if it has none."""
        block.check()
        cdef MlirOperation term = mlirBlockGetTerminator(block.c_block)
        if term.ptr == NULL:
            raise ValueError("Block has no terminator")
        return InsertionPoint(wrap_operation(block.parent.context, term,
                                             block.parent))

    @staticmethod
    def after(operation: Operation) -> InsertionPoint:
        """The insertion point right after `operation`, which must be in a
        block (ValueError otherwise)."""
        cdef Operation op = as_operation(operation, "operation")
        cdef MlirBlock b = mlirOperationGetBlock(op.c_op)
        if b.ptr == NULL:
            raise ValueError("Operation is not attached to a block")
        cdef MlirOperation nxt = mlirOperationGetNextInBlock(op.c_op)
        if nxt.ptr == NULL:
            return InsertionPoint(wrap_block(<Operation>parent_op_of_block(
                op.context, b, _owner_for_children(op)), b))
        return InsertionPoint(wrap_operation(op.context, nxt, op.owner_ref))

    cdef int check_insertable(self) except -1:
        """Before creating an operation here: the block and the reference
        operation are alive, and (IndexError) a block that already ends in
        a terminator is not appended to."""
        _check_ip_alive(self)
        _check_not_after_terminator(self)
        return 0

    def insert(self, operation: Operation) -> None:
        """Inserts a detached operation here (IndexError at the end of a
        block that already ends in a terminator)."""
        cdef Operation op = as_operation(operation, "operation")
        self.insert_handle(op)

    cdef int insert_handle(self, Operation op) except -1:
        return _insert_detached(self, op, True)

    cdef int insert_fresh(self, Operation op) except -1:
        """Inserts a detached, owned operation of this point's context that
        cannot contain the block: what insert_handle has checked, or what
        OperationState.finish() has just created (after check_insertable
        and the context check)."""
        cdef int t = 0
        cdef ConversionPatternRewriter crw = None
        if _drivers:
            # In a conversion pattern: reported to its driver (see there).
            crw = conversion_rewriter(op.context, self.block.parent.c_op)
        if not MLIRCY_GATE_OPEN_FOR_WRITE(&op.context.gate.state):
            # Python code since those checks let other threads run.
            t = _ip_write_wait(self)
        if self.ref_operation is None:
            mlirBlockAppendOwnedOperation(self.block.c_block, op.c_op)
        else:
            mlirBlockInsertOwnedOperationBefore(
                self.block.c_block, (<Operation>self.ref_operation).c_op, op.c_op)
        if t:
            ir_write_done(op.context, t)
        op_attach(op, self.block.parent)
        if crw is not None:
            mlirCyConversionPatternRewriterNotifyOperationInserted(
                crw.c_conv, op.c_op)
        return 0

    def __enter__(self):
        _push_frame(self, self.block.parent.context, None, self)
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any):
        _pop_frame(self)

    current = _CurrentIP()


# -- AsmState -----------------------------------------------------------------

@cython.final
@cython.no_gc_clear
cdef class AsmState:
    """Caches SSA names of an operation (or a value's parent) for fast
    repeated printing: Value.get_name(state=...), Operation.print(state=...)."""

    def __init__(self, value_or_op: Value | Operation,
                 use_local_scope: bool = False):
        if not isinstance(value_or_op, (Operation, Value)):
            raise _argument_type_error(
                f"AsmState needs an Operation or a Value, not "
                f"{type(value_or_op).__name__}")
        cdef bint local = _bool_arg(use_local_scope, "use_local_scope")
        cdef MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate()
        cdef bint ran
        if local:
            mlirOpPrintingFlagsUseLocalScope(flags)
        try:
            if isinstance(value_or_op, Operation):
                ran = mlirCyDeepAsmStateCreateForOperation(
                    op_handle((<Operation>value_or_op)), flags, &self.c_state)
            elif isinstance(value_or_op, Value):
                ran = mlirCyDeepAsmStateCreateForValue(
                    (<Value>value_or_op).handle(), flags, &self.c_state)
            else:
                raise TypeError("AsmState needs an Operation or a Value")
        finally:
            mlirOpPrintingFlagsDestroy(flags)
        if not ran:
            raise_too_deep("the operation")
        self.keepalive = value_or_op

    def __dealloc__(self):
        if self.c_state.ptr != NULL:
            mlirAsmStateDestroy(self.c_state)

    cdef int check(self) except -1:
        """The IR the state was made for must still be alive."""
        if isinstance(self.keepalive, Operation):
            op_check((<Operation>self.keepalive))
        else:
            (<Value>self.keepalive).check()
        return 0


@cython.collection_type("sequence")
cdef class _BlockSequence:
    """A sequence of blocks taken when it was made (indexing and slicing as
    a list's)."""
    cdef list blocks

    @staticmethod
    cdef _BlockSequence new(type cls, list blocks):
        cdef _BlockSequence s = cls.__new__(cls)
        s.blocks = blocks
        return s

    def __init__(self, *args, **kwargs):
        _no_constructor(self, f"{type(self).__name__} objects come from "
                              "Block.successors / Block.predecessors")

    def __len__(self):
        return len(self.blocks)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return _BlockSequence.new(type(self), self.blocks[index])
        if not isinstance(index, int):
            raise TypeError(f"{type(self).__name__} indices must be integers "
                            f"or slices, not {type(index).__name__}")
        try:
            return self.blocks[index]
        except IndexError:
            raise IndexError("index out of range") from None

    def __iter__(self):
        return iter(self.blocks)

    def __add__(self, other):
        """Concatenation gives a list of the blocks."""
        return list(self) + list(other)


@cython.final
cdef class BlockSuccessors(_BlockSequence):
    """Block.successors: the blocks this block's terminator can branch
    to."""


@cython.final
cdef class BlockPredecessors(_BlockSequence):
    """Block.predecessors: the blocks whose terminators can branch to this
    block."""


cdef int _block_append_to(Block self, Region region) except -1:
    if _is_ancestor(mlirBlockGetParentOperation(self.c_block),
                    region.parent.c_op) and \
            region.parent.c_op.ptr != mlirBlockGetParentOperation(self.c_block).ptr:
        raise ValueError("cannot move a block into a region nested in it")
    cdef ConversionPatternRewriter crw = _block_rewriter(self.parent)
    if (crw is None) != (_block_rewriter(region.parent) is None):
        # Both ends must be in the IR the conversion converts, or neither.
        raise ValueError("cannot move a block between the IR a "
                         "conversion converts and other IR during one "
                         "of its patterns")
    if crw is not None:
        mlirCyConversionPatternRewriterMoveBlockToEnd(
            crw.c_conv, self.c_block, region.c_region)
    else:
        mlirBlockDetach(self.c_block)
        mlirRegionAppendOwnedBlock(region.c_region, self.c_block)
    self.parent = region.parent
    self.epoch = self.parent.context.epoch
    _reown_block_ops(self)
    return 0


cdef int _ip_write_wait(InsertionPoint ip) except -1:
    """InsertionPoint.insert_fresh's slow path: waits at the gate, then
    checks the point again (another thread's pass run may have erased it)."""
    cdef Context ctx = ip.block.parent.context
    cdef int t = ir_write_wait(ctx)
    try:
        _check_ip_alive(ip)
    except BaseException:
        ir_write_done(ctx, t)
        raise
    return t
