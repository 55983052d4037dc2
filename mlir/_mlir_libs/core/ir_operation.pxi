# Operation and OpView: interned per context, validity-tracked.
#
# Ownership (spec "Ownership in the Core IR"):
# - A detached operation is owned by its Python object (owned=True): when
#   the object dies, the operation is destroyed.
# - An attached operation is owned by its parent; the object holds
#   `owner_ref`, a Python object whose lifetime guarantees the operation's
#   (the wrapper of an ancestor, or the Module at the top).
# - Every MLIR operation has at most one interned (primary) Python object,
#   found through Context.live_ops; other objects of it are views (OP_ALIAS)
#   of another class (see "which class a navigation returns" below).
#   Erasing an operation invalidates the objects of everything nested under
#   it; a pass run or rewrite invalidates those of the operations it erased
#   (_Mutation): they raise RuntimeError instead of touching freed memory.

from cpython.object cimport PyTypeObject
from cpython.tuple cimport PyTuple_New

import os

cdef extern from *:
    """
    #include "_pyapi.h"
    static PyObject *mlircy_alloc(PyTypeObject *t) {
        PyObject *args = PyTuple_New(0);
        if (!args) return NULL;
        PyObject *o = mlircy_new_instance(t, args);
        Py_DECREF(args);
        return o;
    }
    """
    object mlircy_alloc(PyTypeObject* t)


@cython.final
cdef class _OpNameInfo:
    """Per-context cache entry of one operation name."""
    cdef str name
    cdef object cls
    cdef unsigned long version


cdef void _forget_view(Context ctx, Operation view) noexcept:
    with cython.critical_section(ctx):
        it = ctx.generic_views.find(<uintptr_t>view.c_op.ptr)
        if it != ctx.generic_views.end() and \
                deref(it).second == <PyObject*>view:
            ctx.generic_views.erase(it)


cdef _OpNameInfo _name_info(Context ctx, MlirOperation op):
    cdef MlirIdentifier ident = mlirOperationGetName(op)
    cdef _OpNameInfo info = None
    # Entries are kept alive by op_name_keepalive for the context's life.
    with cython.critical_section(ctx):
        it = ctx.op_names.find(<uintptr_t>ident.ptr)
        if it != ctx.op_names.end():
            info = <_OpNameInfo>deref(it).second
    if info is None:
        info = _OpNameInfo.__new__(_OpNameInfo)
        info.name = from_ref(mlirIdentifierStr(ident))
        info.version = 0
        with cython.critical_section(ctx):
            ctx.op_name_keepalive.append(info)
            ctx.op_names[<uintptr_t>ident.ptr] = <PyObject*>info
    cdef unsigned long version = _registry_version
    if info.version != version:
        cls = _resolve_op_class(info.name)
        with cython.critical_section(ctx):
            info.cls = cls
            info.version = version
    return info


cdef Operation _new_op_object(object cls, Context ctx, MlirOperation op,
                              object owner):
    cdef Operation o
    if cls is OpView:
        o = OpView.__new__(OpView)
    else:
        o = <Operation>mlircy_alloc(<PyTypeObject*>cls)
    o.c_op = op
    o.context = ctx
    o.owner_ref = owner
    o.flags = OP_VALID | OP_INTERNED | (OP_OWNED if owner is None else 0)
    return live_intern(ctx, o)


cdef object wrap_operation(Context context, MlirOperation op, object owner):
    """The one live Python object of `op`, created as its registered OpView
    class if there is none yet. `owner`: an object whose lifetime covers
    op's (None: op is detached and the new object owns it)."""
    found = live_get(context, op.ptr)
    if found is not None:
        return found
    cdef _OpNameInfo info = _name_info(context, op)
    # Finding the class may have run Python (a dialect module import), and
    # another thread may wrap the same operation: live_intern decides.
    return _new_op_object(info.cls, context, op, owner)


cdef MlirOperation _top_of(MlirOperation op) noexcept:
    """The outermost ancestor of `op` (op itself when it has no parent)."""
    cdef MlirOperation p = mlirOperationGetParentOperation(op)
    while p.ptr != NULL:
        op = p
        p = mlirOperationGetParentOperation(op)
    return op


cdef object root_owner(Context ctx, MlirOperation op):
    """An object keeping `op` alive, found from the IR: the live object of
    its top-level ancestor (wrapping a detached root on the way if needed),
    or None if op is itself a detached root without one."""
    cdef MlirOperation top = _top_of(op)
    m = live_module(top.ptr)
    if m is not None:
        return m
    if top.ptr == op.ptr:
        return None
    return wrap_operation(ctx, top, None)


cdef object wrap_operation_any(Context ctx, MlirOperation op):
    """The object of an operation reached without a known owner."""
    found = live_get(ctx, op.ptr)
    if found is not None:
        return found
    return wrap_operation(ctx, op, root_owner(ctx, op))


# -- which class a navigation returns (as upstream) --------------------------
#
# One interned (primary) object per operation, of the class it was first
# made as. Navigations that upstream answers with the registered OpView
# class (block.operations, owners, builders) return the primary when its
# class is that class, else a new view of it (as_opview); those upstream
# answers with a plain Operation (walk callbacks, parent, Operation.create)
# return the operation's generic view (as_plain), Module.operation and
# _CAPICreate a new plain view each time, as upstream's. Views share the
# primary's validity, equality and hash; `is` holds wherever the class is
# the same.

cdef object as_opview(Operation p):
    """The operation of primary `p` as its currently registered class."""
    cls = _name_info(p.context, p.c_op).cls
    if type(p) is cls:
        return p
    return _view_as(cls, p)


cdef object _view_as(object cls, Operation p):
    """The view of primary `p` as `cls` (not p's class): one object per
    operation while it is referenced, so that `is` holds for a class
    reached twice. The context's view cache holds the last view made of
    each operation (the generic view of an OpView primary, the OpView of a
    plain one); a view of another class is made anew and cached instead."""
    cdef Context ctx = p.context
    cdef PyObject* found = NULL
    with cython.critical_section(ctx):
        it = ctx.generic_views.find(<uintptr_t>p.c_op.ptr)
        if it != ctx.generic_views.end() and \
                (<Operation>deref(it).second).owner_ref is p and \
                type(<object>deref(it).second) is cls:
            found = deref(it).second
        view = mlircy_take_or_none(found)
    if view is not None:
        return view
    return _new_cached_view(cls, p)


cdef object _new_cached_view(object cls, Operation p):
    """A new view of primary `p` as `cls`, cached as _view_as's (which
    calls it when it found none; called directly for a fresh operation,
    which has no view yet)."""
    cdef Context ctx = p.context
    cdef Operation new_view = _make_alias(cls, p)
    with cython.critical_section(ctx):
        ctx.generic_views[<uintptr_t>p.c_op.ptr] = <PyObject*>new_view
        mlircy_enable_try_incref(<PyObject*>new_view)
    return new_view


cdef object as_plain(Operation p):
    """The operation of primary `p` as a plain Operation (its one generic
    view while referenced)."""
    if type(p) is Operation:
        return p
    return p.operation


cdef object fresh_plain(Operation p):
    """A new plain Operation view of primary `p`."""
    return _make_alias(Operation, p)


cdef object wrap_opview(Context ctx, MlirOperation op, object owner):
    """wrap_operation, answered as the registered class."""
    found = live_get(ctx, op.ptr)
    if found is not None:
        return as_opview(<Operation>found)
    cdef _OpNameInfo info = _name_info(ctx, op)
    obj = _new_op_object(info.cls, ctx, op, owner)
    # Made as the registered class (unless another thread's object won).
    if type(obj) is info.cls:
        return obj
    return as_opview(<Operation>obj)


cdef Operation as_operation(object op, str what):
    """An Operation or OpView argument, checked valid."""
    if not isinstance(op, Operation):
        raise _argument_type_error(f"{what} must be an Operation or OpView, not "
                        f"{type(op).__name__}")
    op_check((<Operation>op))
    return <Operation>op


cdef int op_check(Operation o) except -1:
    """Raises RuntimeError unless `o` may be used (valid, initialized)."""
    if o.flags & OP_ALIAS:
        o = <Operation>o.owner_ref
    if o.flags & OP_VALID:
        # Another thread's pass run or rewrite may be changing this IR: wait
        # for it (it may invalidate the object, hence the second test).
        ir_read(o.context)
    elif o.c_op.ptr != NULL and o.context is not None:
        # Another thread's pass run or rewrite marks the objects of the IR
        # it works on invalid while it lasts, then revalidates those that
        # survive: wait for its end before deciding (on the running thread
        # itself this does not wait).
        ir_read(o.context)
    if not (o.flags & OP_VALID):
        if o.c_op.ptr == NULL:
            raise RuntimeError(
                f"{type(o).__name__} object is not initialized")
        raise RuntimeError(
            "the operation has been invalidated: it was erased, or "
            "changed by a pass or rewrite")
    return 0


cdef int op_write(Operation o) except -1:
    """ir_write (see _ir.pxd) for a change of o's IR; before checking o, so
    that the checks still hold when the change is made."""
    return 0 if o.context is None else ir_write(o.context)


cdef int op_write_recheck(Operation o) except -1:
    """op_write, then o checked again: while waiting, another thread's pass
    run may have erased it. For a change right after (ends with
    op_write_done)."""
    cdef int t = op_write(o)
    try:
        op_check(o)
    except BaseException:
        op_write_done(o, t)
        raise
    return t


cdef void op_write_done(Operation o, int token) noexcept:
    if token:
        ir_write_done(o.context, token)


cdef int refuse_open_ir(int kind, MlirOperation culprit, str what) except -1:
    """ValueError for what mlirCyDeepOperationFindOpenValue found (kind 1:
    `culprit` inside uses a value from outside; 2: `culprit` outside uses
    a value from inside). MLIR's bytecode writer cannot number those (it
    asserts, or writes garbage without assertions)."""
    if kind == 0:
        return 0
    name = from_ref(mlirIdentifierStr(mlirOperationGetName(culprit)))
    if kind == 1:
        raise ValueError(f"cannot {what}: '{name}' in it uses a value "
                         "defined outside it")
    raise ValueError(f"cannot {what}: one of its values is used by "
                     f"'{name}' outside it (a detached operation, or other "
                     "IR)")


cdef bint write_closed_bytecode(MlirOperation op,
                                MlirBytecodeWriterConfig* cfg, string* buf,
                                MlirLogicalResult* res, int* open_kind,
                                MlirOperation* culprit) noexcept nogil:
    """Appends op's bytecode to buf (at cfg's version, its outcome in res,
    when cfg is not NULL) if its IR is closed; else only sets open_kind and
    culprit for refuse_open_ir. False when the IR is too deep for MLIR's
    walks (raise_too_deep)."""
    if not mlirCyDeepOperationFindOpenValue(op, open_kind, culprit):
        return False
    if open_kind[0] != 0:
        return True
    if cfg == NULL:
        return mlirCyDeepOperationWriteBytecode(op, append_to_string, buf)
    return mlirCyDeepOperationWriteBytecodeWithConfig(
        op, cfg[0], append_to_string, buf, res)


cdef int op_section_enter(Operation o, bint exclusive) except -1:
    """ir_section_enter (see _ir.pxd) on o's context; before checking o."""
    return 0 if o.context is None else ir_section_enter(o.context, exclusive)


cdef void op_section_exit(Operation o, int token) noexcept:
    if token:
        ir_section_exit(o.context, token)


cdef MlirOperation op_handle(Operation o) except *:
    op_check(o)
    return o.c_op


cdef int op_attach(Operation o, object owner) except -1:
    """Bookkeeping after MLIR made this detached operation a child: its
    keep-alive list (if any) moves to the new tree's detached root."""
    cdef Operation p = op_primary(o)
    extra = p.owner_ref if p.flags & OP_OWNED else None
    p.flags &= ~OP_OWNED
    p.owner_ref = owner
    if extra:
        _add_keepalive(p, extra)
    return 0


@cython.no_gc
@cython.no_gc_clear
@cython.freelist(64)
cdef class Operation:
    """An MLIR operation. Reached twice as the same class, an operation is
    the same object; objects of it in other classes are views of it (equal,
    valid or invalid together). OpView subclasses give op-specific
    accessors."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "Operations are made by Operation.create(), "
                              "Operation.parse() or an OpView constructor")

    def __dealloc__(self):
        if self.flags & OP_ALIAS:
            if self.context is not None:
                _forget_view(self.context, self)
            return
        if self.c_op.ptr == NULL:
            return
        live_forget(self.context, self)
        if self.flags & OP_OWNED and self.flags & OP_VALID:
            if _results_in_use(self.c_op):
                # Destroying it would leave dangling uses; leak instead.
                _leaked_ops[0] += 1
            else:
                # Its operands' use lists may belong to shared IR.
                t = ir_write(self.context)
                if not mlirCyDeepOperationDestroy(self.c_op):
                    _leaked_ops[0] += 1     # too deep to destroy safely
                ir_write_done(self.context, t)
        self.c_op.ptr = NULL

    # -- identity -----------------------------------------------------------

    @property
    def operation(self) -> Operation:
        """The operation as a plain `Operation` (no op-specific accessors),
        as upstream's op.operation; one object per operation while it is
        referenced. Its .opview is the op-specific object."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        op_check(self)
        if type(self) is Operation:
            return self
        cdef Operation p = op_primary(self)
        if type(p) is Operation:
            return p
        return _view_as(Operation, p)

    def _set_invalid(self):
        """Marks this object (and every other view of its operation)
        invalid: later uses raise RuntimeError, as after an erase. The
        operation itself is untouched."""
        cdef Operation p = op_primary(self)
        cdef Context ctx = p.context
        if ctx is None:
            return
        with cython.critical_section(ctx):
            if p.flags & OP_INTERNED:
                live_erase(&ctx.live_ops, <PyObject*>p)
            p.flags &= ~(OP_VALID | OP_INTERNED)

    @property
    def opview(self) -> OpView:
        """This operation as its registered OpView class."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        op_check(self)
        cdef Operation p = op_primary(self)
        cls = _name_info(p.context, p.c_op).cls
        if isinstance(p, cls):
            return p
        return _view_as(cls, p)

    def __eq__(self, other):
        if not isinstance(other, Operation):
            return NotImplemented
        return self.c_op.ptr == (<Operation>other).c_op.ptr

    def __hash__(self):
        return hash(<uintptr_t>self.c_op.ptr)

    def __reduce__(self):
        op_check(self)
        return (_unpickle_operation, (_bytecode_of(self.context, self),))

    @property
    def _CAPIPtr(self):
        return mlirPythonOperationToCapsule(op_handle(self))

    @staticmethod
    def _CAPICreate(capsule):
        """A new plain Operation view of an operation from a capsule, as
        upstream's. An operation without a parent and without a live object
        becomes owned by it."""
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_OPERATION)
        cdef MlirOperation op = mlirPythonCapsuleToOperation(capsule)
        ctx = context_for_handle(mlirOperationGetContext(op))
        return fresh_plain(<Operation>wrap_operation_any(ctx, op))

    # -- creation -------------------------------------------------------

    @staticmethod
    def create(name: str, results: Sequence[Type] | None = None,
               operands: Sequence[Value | Operation] | None = None,
               attributes: Mapping[str, Attribute] | None = None,
               successors: Sequence[Block] | None = None,
               regions: int | None = None, loc=None, ip=None,
               infer_type: bool = False) -> OpView:
        """Creates an operation by name (the generic form; prefer dialect
        builders). Returns a plain Operation, as upstream (its .opview is
        the op-specific object)."""
        if not isinstance(name, str):
            raise _argument_type_error(f"name must be str, not {type(name).__name__}")
        cdef OperationState st = new_operation_state(name, loc)
        if operands is not None:
            # Upstream's create takes a sequence of Values, nothing else.
            if isinstance(operands, (Value, Operation)) or not _is_sequence(operands):
                raise TypeError("create(): operands must be a sequence of "
                                f"Values, not {type(operands).__name__}")
            for v in operands:
                if v is None:
                    raise ValueError("operand value cannot be None")
                if not isinstance(v, Value):
                    raise _argument_type_error(
                        f"operands must be Values, not {type(v).__name__}")
            st.add_operands(operands, "operands")
        if results is not None:
            if isinstance(results, Type) or not _is_sequence(results):
                raise _argument_type_error(
                    f"results must be a sequence of Types, not "
                    f"{type(results).__name__}")
            for t in results:
                if t is None:
                    raise ValueError("result type cannot be None")
                if not isinstance(t, Type):
                    raise TypeError("create(): results must be Types, not "
                                    f"{type(t).__name__}")
            st.add_results(results, "results")
        elif infer_type:
            st.enable_result_type_inference()
        if attributes is not None:
            if not isinstance(attributes, dict):
                raise TypeError("attributes must be a dict of str -> Attribute")
            for k, v in (<dict>attributes).items():
                # Upstream's types and texts.
                if not isinstance(k, str):
                    raise TypeError(
                        "Invalid attribute key (not a string) when attempting "
                        f"to create the operation \"{name}\" (std::bad_cast)")
                if v is None:
                    # Upstream's type (its wheel: TypeError) with its
                    # text (what its own test suite checks).
                    raise TypeError(
                        "Found an invalid (`None`?) attribute value for the "
                        f"key \"{k}\" when attempting to create the operation "
                        f"\"{name}\"")
                if not isinstance(v, Attribute):
                    raise TypeError(
                        f"Invalid attribute value for the key \"{k}\" when "
                        f"attempting to create the operation \"{name}\" "
                        "(std::bad_cast)")
                st.add_attribute(k, v)
        if successors is not None:
            st.add_successors(successors, "successors")
        if regions is not None:
            st.add_regions(regions)
        if infer_type and results is None:
            _check_inferred_operands(st)
        # The operation's one plain view: what its OpView's .operation
        # gives too (the owner of a block of its regions, op.opview), as
        # upstream's create returns the object those views hold.
        cdef Operation made = <Operation>st.finish(None, ip)
        if type(made) is Operation:
            return made
        return _new_cached_view(Operation, made)     # fresh: no view yet

    @staticmethod
    def parse(source: str | bytes, source_name: str = "",
              context=None) -> OpView:
        """Parses one operation (generic or custom form); raises MLIRError
        with MLIR's diagnostics on failure. The result is detached."""
        cdef PyThreadState* _ts
        cdef Context ctx = resolve_context(context)
        cdef bytes data = to_bytes(source, "source")
        cdef bytes sname = to_bytes(source_name, "source_name")
        cdef MlirStringRef ref = str_ref(data)
        cdef MlirStringRef nref = str_ref(sname)
        cdef MlirOperation op
        cdef bint ran
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        cdef int t = ir_parse_enter(ctx)
        _ts = gil_release_for(ctx)
        ran = mlirCyDeepOperationCreateParse(ctx.c_context, ref, nref, &op)
        gil_restore(_ts)
        ir_write_done(ctx, t)
        cap.check(not ran or op.ptr != NULL,
                  "Unable to parse operation assembly")
        if not ran:
            raise_too_deep("the operation")
        return wrap_operation(ctx, op, None)

    # -- inspection -----------------------------------------------------

    @property
    def name(self) -> str:
        """The operation's name (e.g. 'arith.addi')."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        cdef MlirOperation op = op_handle(self)
        return _name_info(self.context, op).name

    @property
    def location(self) -> Location:
        """The operation's Location (settable)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        return wrap_location(self.context, mlirOperationGetLocation(op_handle(self)))

    @location.setter
    def location(self, Location loc not None):
        cdef int t = op_write(self)
        try:
            mlirOperationSetLocation(op_handle(self), loc.c_location)
        finally:
            op_write_done(self, t)

    @property
    def attributes(self) -> OpAttributeMap:
        """The operation's attributes (an OpAttributeMap, settable by name)."""
        op_check(self)
        return _new_attribute_map(op_primary(self))

    @property
    def operands(self) -> OpOperandList:
        """The operation's operands (an OpOperandList)."""
        op_check(self)
        return OpOperandList.new(op_primary(self), 0, -1)

    @property
    def op_operands(self) -> list[OpOperand]:
        """The operation's uses of its operands: a list of OpOperand (as
        Value.uses gives them), e.g. the targets of memory effects."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        op_check(self)
        cdef Operation p = op_primary(self)
        cdef unsigned int i, n = mlirOperationGetNumOperands(p.c_op)
        cdef list out = []
        cdef OpOperand o
        for i in range(n):
            o = OpOperand.__new__(OpOperand)
            o.op = p
            o.number = i
            out.append(o)
        return out

    @property
    def results(self) -> OpResultList:
        """The operation's results (an OpResultList)."""
        op_check(self)
        return OpResultList.new(op_primary(self), 0, -1)

    @property
    def result(self) -> OpResult:
        """The single result (ValueError unless there is exactly one)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        cdef MlirOperation op = op_handle(self)
        cdef intptr_t n = mlirOperationGetNumResults(op)
        if n != 1:
            raise ValueError(_not_one_result(self, n))
        return wrap_value(op_primary(self), mlirOperationGetResult(op, 0))

    @property
    def regions(self) -> RegionSequence:
        """The operation's regions (a RegionSequence)."""
        op_check(self)
        return RegionSequence.new(op_primary(self))

    def __iter__(self):
        return iter(self.regions)

    @property
    def successors(self) -> OpSuccessors:
        """The operation's successor blocks (an OpSuccessors)."""
        op_check(self)
        return OpSuccessors.new(op_primary(self))

    @property
    def parent(self) -> OpView | None:
        """The operation containing this one as a plain Operation (as
        upstream), or None."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        cdef MlirOperation p = mlirOperationGetParentOperation(op_handle(self))
        if p.ptr == NULL:
            return None
        return as_plain(<Operation>wrap_operation(
            self.context, p, op_primary(self).owner_ref
            if op_primary(self).owner_ref is not None else op_primary(self)))

    @property
    def attached(self):
        """Whether something else owns the operation (its parent block, or
        a Module): False for a detached operation owned by its object."""
        op_handle(self)
        return not (op_primary(self).flags & OP_OWNED)

    @property
    def block(self) -> Block | None:
        """The block containing this operation, or None when detached."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        cdef MlirBlock b = mlirOperationGetBlock(op_handle(self))
        if b.ptr == NULL:
            return None
        parent = parent_op_of_block(self.context, b, _owner_for_children(self))
        return wrap_block(<Operation>parent, b)

    @property
    def is_attached(self):
        """Whether the operation is in a block (not detached)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        return mlirOperationGetBlock(op_handle(self)).ptr != NULL

    # -- printing -------------------------------------------------------

    def __str__(self):
        return self.get_asm()

    def __repr__(self):
        # As upstream: Python's default form; an invalid object says so.
        return _object_repr(self, op_primary(self).flags & OP_VALID)

    def _repr_html_(self):
        """What a notebook shows: the IR, highlighted when Pygments is
        installed, cut after mlir._notebook.MAX_LINES lines."""
        from mlir._notebook import ir_html
        return ir_html(self)

    def get_asm(self, binary=False, large_elements_limit=None,
                large_resource_limit=None, enable_debug_info=False,
                pretty_debug_info=False, print_generic_op_form=False,
                use_local_scope=False, use_name_loc_as_prefix=False,
                assume_verified=False, skip_regions=False):
        """The textual form as str (as bytes with binary=True, as
        upstream; write_bytecode writes bytecode)."""
        cdef string buf
        _print_to(self, buf, _bool_arg(binary, "binary"), large_elements_limit,
                  large_resource_limit,
                  _bool_arg(enable_debug_info, "enable_debug_info"),
                  _bool_arg(pretty_debug_info, "pretty_debug_info"),
                  _bool_arg(print_generic_op_form, "print_generic_op_form"),
                  _bool_arg(use_local_scope, "use_local_scope"),
                  _bool_arg(use_name_loc_as_prefix, "use_name_loc_as_prefix"),
                  _bool_arg(assume_verified, "assume_verified"),
                  _bool_arg(skip_regions, "skip_regions"), None)
        if binary:
            return buf.data()[:buf.size()]
        return decode_string(buf)

    def print(self, *args, **kwargs) -> None:
        """Prints to `file` (default sys.stdout; a str is a path to write),
        as bytes with binary=True. Upstream's two forms:
        ``print(state, file=None, binary=False)`` prints with an AsmState's
        cached names and flags; ``print(large_elements_limit=None,
        large_resource_limit=None, enable_debug_info=False,
        pretty_debug_info=False, print_generic_op_form=False,
        use_local_scope=False, use_name_loc_as_prefix=False,
        assume_verified=False, file=None, binary=False,
        skip_regions=False)`` with the flags (positional in that order)."""
        if (args and isinstance(args[0], AsmState)) or "state" in kwargs:
            _print_with_state(self, *args, **kwargs)
        else:
            _print_with_flags(self, *args, **kwargs)

    def write_bytecode(self, file: Any,
                       desired_version: int | None = None) -> None:
        """Writes MLIR bytecode to a binary file object, or to the file at a
        path (str)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        cdef MlirOperation op
        cdef string buf
        cdef MlirBytecodeWriterConfig cfg
        cdef MlirLogicalResult res
        cdef bint ran
        cdef int64_t version = 0 if desired_version is None else desired_version
        cdef int open_kind = 0
        cdef MlirOperation culprit
        cdef bint versioned = desired_version is not None
        cdef int t = op_section_enter(self, False)
        cdef PyThreadState* _ts
        try:
            op = op_handle(self)
            if versioned:
                cfg = mlirBytecodeWriterConfigCreate()
                mlirBytecodeWriterConfigDesiredEmitVersion(cfg, version)
            _ts = gil_release_for(self.context)
            ran = write_closed_bytecode(op, &cfg if versioned else NULL, &buf,
                                        &res, &open_kind, &culprit)
            gil_restore(_ts)
            if versioned:
                mlirBytecodeWriterConfigDestroy(cfg)
        finally:
            op_section_exit(self, t)
        if not ran:
            raise_too_deep("the operation")
        refuse_open_ir(open_kind, culprit, "write bytecode")
        if versioned:
            if mlirLogicalResultIsFailure(res):
                raise ValueError(f"Unable to honor desired bytecode version "
                                 f"{desired_version}")
        if isinstance(file, (str, os.PathLike)):
            try:
                f = open(file, "wb")
            except OSError as e:
                raise ValueError("Unable to open file for writing: "
                                 f"{e.strerror or e}") from e
            with f:
                f.write(buf.data()[:buf.size()])
            return
        file.write(buf.data()[:buf.size()])

    def dump(self):
        """Prints the operation to stderr, for debugging."""
        dump_operation(op_handle(self))

    # -- verification ---------------------------------------------------

    def verify(self) -> bool:
        """Verifies the operation; raises MLIRError with the diagnostics."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        cdef int t = op_section_enter(self, False)
        cdef MlirOperation op
        cdef _ErrorCapture cap
        cdef bool ok = False
        cdef bint ran
        cdef PyThreadState* _ts
        try:
            op = op_handle(self)
            refuse_unverifiable(self.context, op, "Verification failed")
            cap = _ErrorCapture.attach(self.context)
            _ts = gil_release_for(self.context)
            ran = mlirCyDeepOperationVerify(op, &ok)
            gil_restore(_ts)
            cap.check(not ran or ok, "Verification failed")
        finally:
            op_section_exit(self, t)
        if not ran:
            raise_too_deep("the operation")
        return True

    # -- traits and structural equivalence -------------------------------

    def has_trait(self, trait_cls: type[DynamicOpTrait]) -> bool:
        """Whether this operation has the trait `trait_cls`, a trait class
        such as IsTerminatorTrait (False for an unregistered operation)."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        cdef TypeID tid = trait_typeid(trait_cls)
        return mlirCyOperationHasTrait(op_handle(self), tid.c_typeid)

    def is_structurally_equivalent(self, other: Operation | OpView,
                                   flags: OperationEquivalenceFlags | int = OperationEquivalenceFlags.NONE) -> bool:
        """Whether `other` is this operation but for what `flags` (an
        OperationEquivalenceFlags) leaves out: the same name, attributes,
        properties, locations and types, operands that are the same values
        or defined at the same place, and regions equivalent in turn. The
        operands of commutative operations may be permuted unless flags
        has IGNORE_COMMUTATIVITY."""
        cdef Operation o = as_operation(other, "other")
        cdef uint32_t f = equivalence_flags(flags)
        if o.context is not self.context:
            return False
        cdef bool result = False
        cdef bint ran
        cdef int t = op_section_enter(self, False)
        try:
            ran = mlirCyDeepOperationIsStructurallyEquivalent(
                op_handle(self), op_handle(o), f, &result)
        finally:
            op_section_exit(self, t)
        if not ran:
            raise_too_deep("the operation")
        return result

    def structural_hash(self,
                        flags: OperationEquivalenceFlags | int = OperationEquivalenceFlags.NONE) -> int:
        """A hash of this operation and everything in it, equal for
        operations is_structurally_equivalent finds equivalent under the
        same flags (a key for a cache of compiled IR within one context:
        types, attributes and values defined outside count by identity)."""
        cdef uint32_t f = equivalence_flags(flags)
        cdef size_t h
        cdef int t = op_section_enter(self, False)
        try:
            h = mlirCyOperationStructuralHash(op_handle(self), f)
        finally:
            op_section_exit(self, t)
        return h

    # -- mutation -------------------------------------------------------

    def move_after(self, other: Operation) -> None:
        """Moves this operation right after `other` (in other's block)."""
        cdef Operation o = as_operation(other, "other")
        _op_move(self, o, True)

    def move_before(self, other: Operation) -> None:
        """Moves this operation right before `other` (in other's block)."""
        cdef Operation o = as_operation(other, "other")
        _op_move(self, o, False)

    def is_before_in_block(self, other: Operation) -> bool:
        """Whether this operation comes before `other` in their block;
        ValueError unless both are in the same block."""
        cdef mlircy_read_scope rs
        if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)
        cdef Operation o = as_operation(other, "other")
        cdef MlirOperation op = op_handle(self)
        cdef MlirBlock b = mlirOperationGetBlock(op)
        if b.ptr == NULL or b.ptr != mlirOperationGetBlock(o.c_op).ptr:
            raise ValueError("operations are not in the same block")
        return mlirOperationIsBeforeInBlock(op, o.c_op)

    def clone(self, ip: InsertionPoint | Literal[False] | None = None,
              mapping: IRMapping | None = None) -> Self:
        """A deep copy, inserted at `ip` (or the current insertion point),
        else detached. With `mapping` (an IRMapping), the copy uses the
        values and blocks the mapping maps instead of those this operation
        uses, and the mapping gains what was copied from what. A detached
        copy keeps alive what it still uses of other trees."""
        cdef InsertionPoint where = resolve_ip(ip)
        cdef IRMapping m = None
        if mapping is not None:
            if not isinstance(mapping, IRMapping):
                raise TypeError(f"mapping must be an IRMapping, not "
                                f"{type(mapping).__name__}")
            m = <IRMapping>mapping
        cdef Context ctx = self.context
        cdef MlirCyIRMapping cm
        cdef vector[_MapEntry] added
        cdef MlirOperation op
        if m is not None:
            cm = m.to_c(ctx)
        cdef int t = 0
        cdef MlirOperation copy
        copy.ptr = NULL
        cdef bint ran = False
        try:
            t = op_write(self)     # the copy uses the same values
            try:
                op = op_handle(self)
                if m is None:
                    ran = mlirCyDeepOperationClone(op, &copy)
                else:
                    ran = mlirCyDeepOperationCloneWithMapping(op, cm, &copy)
                    if ran:
                        mlirCyIRMappingForEach(cm, _collect_map_entry, &added)
            finally:
                t = _hold_for_insert(ctx, t, where, copy)
        finally:
            if m is not None:
                mlirCyIRMappingDestroy(cm)
        try:
            if not ran:
                raise_too_deep("the operation")
            obj = wrap_operation(ctx, copy, None)
            outer = outer_values(ctx, copy)
            if outer:
                keep_operands_alive(<Operation>obj, outer)
            if m is not None:
                m.add_entries(ctx, added)
            if where is not None:
                where.insert(obj)
        finally:
            ir_write_done(ctx, t)
        return obj

    def detach_from_parent(self) -> Self:
        """Removes this operation from its block; it becomes owned by this
        object. Returns self."""
        cdef int t = op_write(self)
        cdef MlirOperation op
        cdef Operation p
        try:
            op = op_handle(self)
            if mlirOperationGetBlock(op).ptr == NULL:
                raise ValueError("Detached operation has no parent.")
            check_not_rewriting(self.context, op, "detach an operation")
            p = op_primary(self)
            # The detached tree may use values of the tree it leaves (block
            # arguments, results): it keeps that tree's owner alive, so those
            # values outlive the uses (a module dropped first must not free
            # them under it).
            old_owner = p.owner_ref
            mlirOperationRemoveFromParent(op)
        finally:
            op_write_done(self, t)
        p.flags |= OP_OWNED
        p.owner_ref = None if old_owner is None else [old_owner]
        _reown_nested(self.context, p)
        return self

    def erase(self) -> None:
        """Erases the operation and everything nested in it; their Python
        objects become invalid."""
        # The gate first: what is checked below stays true until the erasure.
        cdef int t = op_write(self)
        cdef MlirOperation op
        try:
            op = op_handle(self)
            if _is_module_root(self):
                raise ValueError("cannot erase the operation of a Module; "
                                 "drop the Module instead")
            check_not_rewriting(self.context, op, "erase an operation")
            if _results_in_use(op):
                raise RuntimeError(
                    f"cannot erase '{self.name}': its results still have uses")
            _check_walk_allows_erase(self.context, op)
            erase_operation(self.context, op)
        finally:
            op_write_done(self, t)

    def replace_uses_of_with(self, of: Value, with_: Value) -> None:
        """Replaces every use of value `of` among this op's operands with
        `with_`."""
        cdef int t = op_write(self)
        cdef MlirOperation op
        cdef MlirValue a, b
        try:
            op = op_handle(self)
            a = value_handle(of, "of")
            b = value_handle(with_, "with_")
            _check_same_context(with_, self.context, "replace_uses_of_with")
            keep_operands_alive(op_primary(self), [with_])
            crw = modification_start(self.context, op)
            try:
                mlirOperationReplaceUsesOfWith(op, a, b)
            finally:
                modification_end(crw, op)
        finally:
            op_write_done(self, t)

    def walk(self, callback: Callable[[Operation], WalkResult],
             walk_order: WalkOrder = WalkOrder.POST_ORDER,
             op_class: type[OpView] | tuple[type[OpView], ...] | None = None) -> None:
        """Calls callback(op) on this operation and every nested one, with
        op a plain Operation. callback returns a WalkResult (anything else,
        None included, is upstream's RuntimeError "std::bad_cast"). With
        op_class (an OpView subclass), only operations whose view is an
        instance of it are passed to the callback; the others are passed
        over without making a Python object (their regions are still
        walked). Erasing the visited operation is allowed in post-order
        walks; any other erase during a walk raises RuntimeError."""
        if not callable(callback):
            raise _argument_type_error("walk callback must be callable")
        if op_class is not None:
            # Raises TypeError as isinstance would for a non-class.
            issubclass(OpView, op_class)
        cdef _WalkState st = _WalkState.__new__(_WalkState)
        st.callback = callback
        st.op_class = op_class
        st.context = self.context
        st.post_order = int(walk_order) == MlirWalkPostOrder
        st.owner = _owner_for_children(self)
        st.error = None
        # The callbacks may let other threads run, and may erase: the walk
        # holds the context's IR (as an exclusive section, with the GIL).
        cdef bint ran
        cdef int t = op_section_enter(self, True)
        cdef MlirOperation op
        try:
            op = op_handle(self)
            walk_begin(self.context, st)
            try:
                ran = mlirCyDeepOperationWalk(
                    op, _walk_callback, <void*>st,
                    MlirWalkPostOrder if st.post_order else MlirWalkPreOrder)
            finally:
                walk_end(self.context, st)
        finally:
            op_section_exit(self, t)
        if not ran:
            raise_too_deep("the operation")
        if st.bad_result:
            raise st.error
        if st.error is not None:
            _raise_from_callback(st.error)

    # -- context --------------------------------------------------------

    def _owner(self) -> Any:
        """For tests: the object keeping this operation alive (None when
        it owns itself)."""
        cdef Operation p = op_primary(self)
        return None if p.flags & OP_OWNED else p.owner_ref


cdef int _op_move(Operation self, Operation other, bint after) except -1:
    cdef int t = op_write(self)
    try:
        _op_move_now(self, other, after)
    finally:
        op_write_done(self, t)
    return 0


cdef int _op_move_now(Operation self, Operation other, bint after) except -1:
    cdef MlirOperation op = op_handle(self)
    op_check(other)
    cdef MlirOperation dest = other.c_op
    if mlirOperationGetBlock(dest).ptr == NULL:
        raise ValueError("cannot move next to a detached operation")
    if op.ptr == dest.ptr:
        return 0
    if _is_ancestor(op, dest):
        raise ValueError("cannot move an operation into its own region")
    if mlirOperationGetBlock(op).ptr == NULL:
        # MLIR asserts (upstream aborts): insert a detached operation with
        # an InsertionPoint instead.
        raise ValueError("cannot move an operation that isn't contained in "
                         "a block; insert it with an InsertionPoint")
    if mlirOperationGetContext(dest).ptr != self.context.c_context.ptr:
        raise ValueError("cannot move an operation to another context")
    if _is_module_root(self):
        raise ValueError("cannot move the operation of a Module")
    new_owner = _owner_for_children(op_primary(other))
    # In a conversion pattern: moved through its rewriter, so the driver
    # can move it back (both ends must be in the IR it converts, or neither).
    cdef ConversionPatternRewriter crw = conversion_rewriter(self.context, op)
    if (crw is None) != (conversion_rewriter(self.context, dest) is None):
        raise ValueError("cannot move an operation between the IR a "
                         "conversion converts and other IR during one of "
                         "its patterns")
    if crw is not None:
        if after:
            mlirRewriterBaseMoveOpAfter(crw.c_rewriter, op, dest)
        else:
            mlirRewriterBaseMoveOpBefore(crw.c_rewriter, op, dest)
    elif after:
        mlirOperationMoveAfter(op, dest)
    else:
        mlirOperationMoveBefore(op, dest)
    _set_owner_after_move(self, new_owner)
    return 0


cdef int _set_owner_after_move(Operation self, object new_owner) except -1:
    cdef Operation p = op_primary(self)
    p.flags &= ~OP_OWNED
    p.owner_ref = new_owner
    _reown_nested(self.context, p)
    return 0


cdef bint _is_module_root(Operation self):
    return is_module_op(self.c_op.ptr)


cdef int _add_keepalive(Operation root, object owners) except -1:
    """Keeps `owners` (a list) alive as long as the detached tree of
    `root` needs them: on the detached root at the top of root's tree
    (trees under a Module need nothing)."""
    return _add_keepalive_at(root, _top_of(root.c_op), owners)


cdef int _add_keepalive_at(Operation root, MlirOperation top,
                           object owners) except -1:
    """_add_keepalive for a caller that has already found `top`, the
    outermost ancestor of root."""
    if is_module_op(top.ptr):
        return 0
    r = root.context.lookup_op(top)
    if r is None or not ((<Operation>r).flags & OP_OWNED):
        return 0
    cdef Operation ro = <Operation>r
    cdef Operation o
    for x in owners:
        o = <Operation>x
        if o is ro or _is_ancestor(top, o.c_op):
            continue
        if ro.owner_ref is None:
            ro.owner_ref = [o]
        elif o not in ro.owner_ref:
            ro.owner_ref.append(o)
    return 0


cdef object _owner_for_children(Operation op):
    """What objects of operations nested in `op` hold to stay alive: op
    itself (its object keeps its tree alive in turn)."""
    return op_primary(op)


cdef object parent_op_of_block(Context context, MlirBlock b, object owner):
    cdef MlirOperation p = mlirBlockGetParentOperation(b)
    if p.ptr == NULL:
        raise RuntimeError("block has no parent operation")
    found = live_get(context, p.ptr)
    if found is not None:
        return found
    return wrap_operation(context, p, owner)


cdef bint _is_ancestor(MlirOperation anc, MlirOperation op) noexcept nogil:
    """True if `op` is `anc` or nested in it."""
    while op.ptr != NULL:
        if op.ptr == anc.ptr:
            return True
        op = mlirOperationGetParentOperation(op)
    return False


cdef bint _results_in_use(MlirOperation op) noexcept nogil:
    cdef intptr_t i, n = mlirOperationGetNumResults(op)
    for i in range(n):
        if mlirValueGetFirstUse(mlirOperationGetResult(op, i)).ptr != NULL:
            return True
    return False


cdef Py_ssize_t _leaked_ops[1]
_leaked_ops[0] = 0


cdef int erase_operation(Context ctx, MlirOperation op) except -1:
    """Invalidates the objects of op and everything nested, then erases."""
    cdef int t = ir_write(ctx)
    try:
        ctx.invalidate_nested(op, True)
        if not mlirCyDeepOperationDestroy(op):
            # Too deep to destroy safely: unlink it and leak it.
            if mlirOperationGetBlock(op).ptr != NULL:
                mlirOperationRemoveFromParent(op)
            _leaked_ops[0] += 1
    finally:
        ir_write_done(ctx, t)
    return 0


cdef int _reown_nested(Context ctx, Operation root) except -1:
    """After `root` moved to another tree (or became a root): every live
    object nested in it now holds `root` as owner, so its lifetime follows
    root's new parent. Skipped for leaves."""
    if mlirOperationGetNumRegions(root.c_op) == 0 or ctx.live_ops.n <= 1:
        return 0
    cdef Operation o
    cdef list nested = []
    for obj in live_objects(ctx):
        o = <Operation>obj
        if o.c_op.ptr != root.c_op.ptr and _is_ancestor(root.c_op, o.c_op):
            nested.append(o)
    # Assign only after the scan: dropping an old owner may run its
    # __dealloc__ (a Module), which must not happen mid-scan.
    old = [(<Operation>o).owner_ref for o in nested]
    for o in nested:
        o.owner_ref = root
    del old
    return 0


cdef Operation _make_alias(object cls, Operation primary):
    """A second object of another OpView class for an interned operation."""
    cdef Operation o = <Operation>mlircy_alloc(<PyTypeObject*>cls)
    o.c_op = primary.c_op
    o.context = primary.context
    o.owner_ref = primary
    o.flags = OP_ALIAS
    return o
