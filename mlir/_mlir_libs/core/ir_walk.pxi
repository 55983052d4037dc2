# Walking (Operation.walk): the state of a walk in progress, how a callback's
# exception ends it, and which erasures a walk allows.

class WalkOrder(enum.IntEnum):
    """The order of Operation.walk: PRE_ORDER or POST_ORDER."""
    PRE_ORDER = MlirWalkPreOrder
    POST_ORDER = MlirWalkPostOrder

    __str__ = enum.Enum.__str__
    __repr__ = _upstream_enum_repr


class WalkResult(enum.IntEnum):
    """What a walk callback returns: ADVANCE, INTERRUPT or SKIP."""
    ADVANCE = MlirWalkResultAdvance
    INTERRUPT = MlirWalkResultInterrupt
    SKIP = MlirWalkResultSkip

    __str__ = enum.Enum.__str__
    __repr__ = _upstream_enum_repr


cdef object _WALK_ADVANCE = WalkResult.ADVANCE


@cython.final
cdef class _WalkState:
    cdef object callback
    cdef Context context
    cdef object owner
    cdef bint post_order
    cdef object error
    # error is the RuntimeError of a callback's wrong return, raised as is.
    cdef bint bad_result
    cdef void* current
    # A typed walk: the class the visited operations' registered classes
    # must be subclasses of (None: all), decided once per operation name.
    cdef object op_class
    cdef unordered_map[uintptr_t, bint] class_matches


cdef int _raise_from_callback(BaseException err) except -1:
    """Upstream's RuntimeError for an exception raised in a walk callback:
    "Exception raised in callback: " and the traceback, chained to it."""
    lines = ["Traceback (most recent call last):\n"]
    tb = err.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        lines.append(f'  File "{code.co_filename}", line {tb.tb_lineno}, '
                     f'in {code.co_name}\n')
        tb = tb.tb_next
    lines.append(f"{type(err).__name__}: {err}")
    raise RuntimeError("Exception raised in callback: " + "".join(lines)) \
        from err


cdef MlirWalkResult _walk_callback(MlirOperation op, void* user) noexcept with gil:
    cdef _WalkState st = <_WalkState>user
    cdef void* saved = st.current
    cdef MlirIdentifier ident
    st.current = op.ptr
    try:
        if st.op_class is not None:
            ident = mlirOperationGetName(op)
            it = st.class_matches.find(<uintptr_t>ident.ptr)
            if it == st.class_matches.end():
                match = issubclass(_name_info(st.context, op).cls,
                                   st.op_class)
                st.class_matches[<uintptr_t>ident.ptr] = match
            else:
                match = deref(it).second
            if not match:
                return MlirWalkResultAdvance
        # As upstream, the callback sees a plain Operation: the live object
        # when it is one, else its generic view, else a new primary made
        # as a plain Operation (the walked operation's object keeps the
        # tree alive, so it is the owner).
        found = live_get(st.context, op.ptr)
        if found is None:
            obj = _new_op_object(Operation, st.context, op, st.owner)
            if type(obj) is not Operation:
                obj = as_plain(<Operation>obj)
        else:
            obj = as_plain(<Operation>found)
        r = st.callback(obj)
        if r is _WALK_ADVANCE:
            return MlirWalkResultAdvance
        # What upstream's conversion to WalkResult takes: the enum or an
        # int of one of its values (bool too); anything else is its
        # RuntimeError "std::bad_cast", raised as it is.
        code = r if isinstance(r, int) else -1
        if code == MlirWalkResultSkip and st.post_order:
            return MlirWalkResultAdvance
        if code not in (MlirWalkResultAdvance, MlirWalkResultInterrupt,
                        MlirWalkResultSkip):
            st.error = RuntimeError(
                f"std::bad_cast (the walk callback returned {r!r}, not a "
                f"WalkResult)")
            st.bad_result = True
            return MlirWalkResultInterrupt
        return <MlirWalkResult>code
    except BaseException as e:
        st.error = e
        return MlirWalkResultInterrupt
    finally:
        st.current = saved


cdef void walk_begin(Context ctx, object st) noexcept:
    """Enters a walk in progress (a _WalkState) into the context's list."""
    with cython.critical_section(ctx):
        ctx.walks.push_back(<PyObject*>st)


cdef void walk_end(Context ctx, object st) noexcept:
    """Removes that walk (walks of other threads may have begun since)."""
    cdef size_t i
    with cython.critical_section(ctx):
        for i in range(ctx.walks.size(), 0, -1):
            if ctx.walks[i - 1] == <PyObject*>st:
                ctx.walks.erase(ctx.walks.begin() + (i - 1))
                break


cdef bint walks_in_progress(Context ctx) noexcept:
    with cython.critical_section(ctx):
        return ctx.walks.size() != 0


cdef int _check_walk_allows_erase(Context ctx, MlirOperation op) except -1:
    cdef bint allowed = True
    with cython.critical_section(ctx):
        for p in ctx.walks:
            if not ((<_WalkState>p).post_order and
                    (<_WalkState>p).current == op.ptr):
                allowed = False
    if not allowed:
        raise RuntimeError(
            "erasing an operation during a walk is only allowed for the "
            "operation being visited, in a post-order walk")
    return 0
