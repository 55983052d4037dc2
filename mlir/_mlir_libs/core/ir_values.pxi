# Value, OpResult, BlockArgument, OpOperand and uses.

cdef inline Value _new_value(Operation parent, MlirValue v, bint is_result):
    """The object of value `v` of `parent`, an OpResult when `is_result`
    (the caller knows), else a BlockArgument; after value casters."""
    cdef Value val
    if is_result:
        val = OpResult.__new__(OpResult)
    else:
        val = BlockArgument.__new__(BlockArgument)
        val.c_arg_block = mlirBlockArgumentGetOwner(v)
    val.c_value = v
    val.parent = parent
    val.epoch = parent.context.epoch
    if _value_casters:
        caster = _value_casters.get(wrap_typeid(mlirTypeGetTypeID(mlirValueGetType(v))))
        if caster is not None:
            return caster(val)
    return val


cdef Value wrap_value(Operation parent, MlirValue v):
    """A value as Value/OpResult/BlockArgument, after value casters."""
    return _new_value(parent, v, mlirValueIsAOpResult(v))


cdef Value wrap_block_arg(Operation parent, MlirBlock b, MlirValue v):
    return wrap_value(parent, v)


cdef Value wrap_value_any(Context ctx, MlirValue v):
    """A value reached from a handle: find the object of the operation that
    owns it."""
    cdef MlirOperation owner
    cdef bint is_result = mlirValueIsAOpResult(v)
    if is_result:
        owner = mlirOpResultGetOwner(v)
    else:
        owner = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v))
        if owner.ptr == NULL:
            raise RuntimeError("block argument of a block without a parent")
    return _new_value(<Operation>wrap_operation_any(ctx, owner), v, is_result)


cdef MlirValue value_handle(object v, str what) except *:
    if not isinstance(v, Value):
        raise _argument_type_error(f"{what} must be a Value, not {type(v).__name__}")
    return (<Value>v).handle()


from types import GenericAlias as _GenericAlias


@cython.no_gc
@cython.freelist(32)
cdef class Value:
    """An SSA value: an operation result or a block argument. Value(v)
    copies; OpResult(v) / BlockArgument(v) downcast (ValueError if not)."""

    @classmethod
    def __class_getitem__(cls, item):
        """Value[T] (and OpResult[T], BlockArgument[T]): a value whose type
        is a T, for annotations (e.g. Value[IntegerType])."""
        return _GenericAlias(cls, item)

    def __init__(self, value: Value):
        if not isinstance(value, Value):
            raise _argument_type_error(
                f"expected a Value, got {type(value).__name__}")
        cdef Value other = <Value>value
        other.check()
        if isinstance(self, OpResult) and not mlirValueIsAOpResult(other.c_value):
            raise ValueError(f"Cannot cast value to OpResult (from {other})")
        if isinstance(self, BlockArgument) and not mlirValueIsABlockArgument(other.c_value):
            raise ValueError(f"Cannot cast value to BlockArgument (from {other})")
        self.c_value = other.c_value
        self.parent = other.parent
        self.c_arg_block = other.c_arg_block
        self.epoch = other.epoch

    cdef int check(self) except -1:
        op_check(self.parent)
        cdef Context ctx = self.parent.context
        cdef intptr_t i, n
        if self.epoch != ctx.epoch and self.c_arg_block.ptr != NULL:
            # A block argument: its block, and the argument, must still exist.
            if not _block_in_op(self.parent.c_op, self.c_arg_block):
                raise RuntimeError("the value's block has been erased")
            n = mlirBlockGetNumArguments(self.c_arg_block)
            for i in range(n):
                if mlirBlockGetArgument(self.c_arg_block, i).ptr == self.c_value.ptr:
                    break
            else:
                raise RuntimeError("the block argument has been erased")
        self.epoch = ctx.epoch
        return 0

    cdef MlirValue handle(self) except *:
        self.check()
        return self.c_value

    @property
    def context(self) -> Context:
        """The Context the value belongs to."""
        return self.parent.context

    @property
    def type(self) -> Type:
        """The value's Type (settable)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        return wrap_type(self.parent.context, mlirValueGetType(self.handle()))

    def set_type(self, Type type not None) -> None:
        """Sets the value's type to `type`, a Type of the value's Context
        (ValueError otherwise); the IR is not verified."""
        cdef MlirValue v = self.handle()
        if type.context is not self.parent.context:
            raise ValueError("set_type: a Type of another Context")
        cdef int t = _value_write(self, None)
        mlirValueSetType(v, type.c_type)
        op_write_done(self.parent, t)

    @property
    def location(self) -> Location:
        """Where the value is defined (a Location)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        return wrap_location(self.parent.context, mlirValueGetLocation(self.handle()))

    @property
    def owner(self) -> OpView | Block:
        """The defining operation of a result; the Block of an argument."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        cdef MlirValue v = self.handle()
        if mlirValueIsAOpResult(v):
            return self.parent
        return wrap_block(self.parent, self.c_arg_block)

    @property
    def uses(self) -> list[OpOperand]:
        """An iterator over the OpOperands using this value (the uses of
        when it was made: changing uses while iterating is safe)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        cdef MlirValue v = self.handle()
        cdef MlirOpOperand use = mlirValueGetFirstUse(v)
        out = []
        while use.ptr != NULL:
            out.append(_wrap_operand(self.parent.context, use))
            use = mlirOpOperandGetNextUse(use)
        cdef OpOperandIterator it = OpOperandIterator.__new__(OpOperandIterator)
        it.items = out
        return it

    def replace_all_uses_with(self, with_: Value) -> None:
        """Makes every use of this value use `with_` instead; ValueError for
        the value itself or a value of another Context."""
        cdef MlirValue v = self.handle()
        cdef MlirValue w = value_handle(with_, "with_")
        _check_same_context(with_, self.parent.context, "replace_all_uses_with")
        if v.ptr == w.ptr:
            # MLIR would move each use back to the front of the same list,
            # forever.
            raise ValueError("cannot replace the uses of a value with itself")
        # In a conversion pattern: through its rewriter (see there).
        cdef ConversionPatternRewriter crw = conversion_rewriter(
            self.parent.context, self.parent.c_op)
        keep_value_for_users(self.parent.context, v, with_)
        cdef int t = _value_write(self, with_)
        if crw is not None:
            mlirRewriterBaseReplaceAllUsesWith(crw.c_rewriter, v, w)
        else:
            mlirValueReplaceAllUsesOfWith(v, w)
        op_write_done(self.parent, t)

    def replace_all_uses_except(self, with_: Value,
                                exceptions: Operation | Sequence[Operation]) -> None:
        """Makes every use of this value, except those by the operation(s)
        `exceptions` (an Operation or a sequence), use `with_` instead.

        ValueError as replace_all_uses_with; RuntimeError in a conversion
        pattern, which can only replace all uses."""
        cdef MlirValue v = self.handle()
        cdef MlirValue w = value_handle(with_, "with_")
        _check_same_context(with_, self.parent.context, "replace_all_uses_except")
        if v.ptr == w.ptr:
            raise ValueError("cannot replace the uses of a value with itself")
        keep_value_for_users(self.parent.context, v, with_)
        cdef vector[MlirOperation] ex
        if isinstance(exceptions, Operation):
            exceptions = [exceptions]
        elif not is_sequence_arg(exceptions):
            raise _argument_type_error(
                f"exceptions must be an Operation or a sequence of Operations, "
                f"not {type(exceptions).__name__}")
        for e in exceptions:
            ex.push_back(as_operation(e, "exceptions").c_op)
        if conversion_rewriter(self.parent.context,
                               self.parent.c_op) is not None:
            # MLIR's conversion driver aborts on a conditional replacement.
            raise RuntimeError("cannot replace some uses of a value in a "
                               "conversion pattern: replace all of them")
        cdef int t = _value_write(self, with_)
        mlirValueReplaceAllUsesExcept(v, w, ex.size(), ex.data())
        op_write_done(self.parent, t)

    def get_name(self, use_local_scope: bool = False,
                 use_name_loc_as_prefix=False,
                 state: AsmState | None = None) -> str:
        """The SSA name as printed ('%0', '%arg0'); with
        use_name_loc_as_prefix, a value whose location is a name location
        prints as that name ('%x'). An AsmState makes repeated calls fast
        (the flags are then the AsmState's)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        cdef MlirValue v = self.handle()
        cdef string buf
        cdef MlirOpPrintingFlags flags
        cdef MlirAsmState st
        cdef bint ran
        if isinstance(use_local_scope, AsmState) and state is None:
            # Upstream's get_name(state) overload.
            state, use_local_scope = use_local_scope, False
        if state is not None:
            if not isinstance(state, AsmState):
                raise TypeError("state must be an AsmState")
            (<AsmState>state).check()
            mlirValuePrintAsOperand(v, (<AsmState>state).c_state,
                                    append_to_string, &buf)
        else:
            _bool_arg(use_local_scope, "use_local_scope")
            _bool_arg(use_name_loc_as_prefix, "use_name_loc_as_prefix")
            flags = mlirOpPrintingFlagsCreate()
            if use_local_scope:
                mlirOpPrintingFlagsUseLocalScope(flags)
            if use_name_loc_as_prefix:
                mlirOpPrintingFlagsPrintNameLocAsPrefix(flags)
            ran = mlirCyDeepAsmStateCreateForValue(v, flags, &st)
            mlirOpPrintingFlagsDestroy(flags)
            if not ran:
                raise_too_deep("the value's operation")
            mlirValuePrintAsOperand(v, st, append_to_string, &buf)
            mlirAsmStateDestroy(st)
        return decode_string(buf)

    def maybe_downcast(self) -> Value:
        """This value as OpResult or BlockArgument, or as what the value
        caster registered for its type makes of it."""
        return wrap_value(self.parent, self.handle())

    def __eq__(self, other):
        if not isinstance(other, Value):
            return NotImplemented
        return self.c_value.ptr == (<Value>other).c_value.ptr

    def __hash__(self):
        return hash(<uintptr_t>self.c_value.ptr)

    def __str__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        # As upstream: the Python class's kind (OpResult, BlockArgument,
        # else Value, subclasses included), then the defining operation (or
        # the block argument's description) in parentheses.
        cdef MlirValue v = self.handle()
        kind = ("OpResult" if isinstance(self, OpResult) else
                "BlockArgument" if isinstance(self, BlockArgument) else "Value")
        return f"{kind}({_value_text(v)})"

    def __repr__(self):
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        try:
            self.handle()
        except RuntimeError:
            return _object_repr(self, False)
        return _object_repr(self, True)

    def dump(self):
        """Prints the value to stderr, for debugging."""
        mlirValueDump(self.handle())

    @property
    def _CAPIPtr(self):
        return mlirPythonValueToCapsule(self.handle())

    @staticmethod
    def _CAPICreate(capsule):
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_VALUE)
        cdef MlirValue v = mlirPythonCapsuleToValue(capsule)
        return wrap_value_any(context_for_handle(mlirValueGetContext(v)), v)


cdef class OpResult(Value):
    """A result of an operation."""

    @property
    def owner(self) -> OpView:
        """The operation defining the result."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        self.check()
        return self.parent

    @property
    def result_number(self) -> int:
        """The result's position among its operation's results."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        return mlirOpResultGetResultNumber(self.handle())


cdef class BlockArgument(Value):
    """An argument of a block."""

    @property
    def owner(self) -> Block:
        """The Block the argument belongs to."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        self.check()
        return wrap_block(self.parent, self.c_arg_block)

    @property
    def arg_number(self) -> int:
        """The argument's position in its block."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.parent)
        return mlirBlockArgumentGetArgNumber(self.handle())

    def set_type(self, Type type not None):
        """Sets the argument's type to `type`, a Type of the argument's
        Context (ValueError otherwise)."""
        cdef MlirValue v = self.handle()
        if type.context is not self.parent.context:
            raise ValueError("set_type: a Type of another Context")
        cdef int t = _value_write(self, None)
        mlirBlockArgumentSetType(v, type.c_type)
        op_write_done(self.parent, t)

    def set_location(self, Location loc not None) -> None:
        """Sets the argument's location to `loc`."""
        cdef MlirValue v = self.handle()
        cdef int t = _value_write(self, None)
        mlirBlockArgumentSetLocation(v, loc.c_location)
        op_write_done(self.parent, t)


cdef int _value_write(Value v, object other) except -1:
    """op_write (ir_operation.pxi) for a change of v (and `other`, a value
    it uses), both checked again after a wait."""
    cdef int t = op_write(v.parent)
    try:
        v.check()
        if other is not None:
            value_handle(other, "with_")
    except BaseException:
        op_write_done(v.parent, t)
        raise
    return t


@cython.final
cdef class OpOperand:
    """A use of a value: the operation using it and the operand number."""
    cdef Operation op
    cdef unsigned int number

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "OpOperands are obtained from Value.uses")

    @property
    def owner(self) -> OpView:
        """The operation using the value."""
        op_check(self.op)
        return self.op

    @property
    def operand_number(self) -> int:
        """The position of the operand in its operation."""
        op_check(self.op)
        return self.number

    @property
    def value(self) -> Value:
        """The value used."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope_op(&rs, <PyObject*>self.op)
        return wrap_value_any(self.op.context,
                              mlirOperationGetOperand(op_handle(self.op), self.number))

    def __repr__(self):
        return f"OpOperand({self.number} of {self.op.name})"


@cython.final
cdef class OpOperandIterator:
    """Iterator over the uses of a value (Value.uses): OpOperands."""
    cdef list items
    cdef Py_ssize_t next_index

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "OpOperandIterator objects come from Value.uses")

    def __iter__(self):
        """Returns an iterator over operands."""
        return self

    def __next__(self):
        """Returns the next operand in the iteration."""
        if self.next_index >= len(self.items):
            raise StopIteration
        self.next_index += 1
        return self.items[self.next_index - 1]


cdef str _value_text(MlirValue v):
    cdef string buf
    if not mlirCyDeepValuePrint(v, append_to_string, &buf):
        raise_too_deep("the value's operation")
    return decode_string(buf)


cdef OpOperand _wrap_operand(Context ctx, MlirOpOperand use):
    cdef OpOperand o = OpOperand.__new__(OpOperand)
    o.op = <Operation>wrap_operation_any(ctx, mlirOpOperandGetOwner(use))
    o.number = mlirOpOperandGetOperandNumber(use)
    return o
