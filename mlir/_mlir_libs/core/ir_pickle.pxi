# Pickling: modules and detached operations travel as MLIR bytecode; types,
# attributes and locations as their textual form. Unpickling uses the
# receiving thread's current Context, or a new one (kept alive by the
# objects made from it), so work fans out over process pools.

cdef Context _unpickle_context():
    ctx = current_context()
    return ctx if ctx is not None else Context()


def _unpickle_module(bytes data):
    return Module.parse(data, context=_unpickle_context())


def _unpickle_operation(bytes data):
    return Operation.parse(data, context=_unpickle_context())


def _unpickle_type(str text):
    return Type.parse(text, context=_unpickle_context())


def _unpickle_attribute(str text):
    return Attribute.parse(text, context=_unpickle_context())


def _unpickle_location(str text):
    cdef Context ctx = _unpickle_context()
    return Location.from_attr(Attribute.parse(text, context=ctx), context=ctx)


cdef bytes _bytecode_of(Context ctx, object obj):
    """The bytecode of a Module, or of a detached Operation."""
    cdef string buf
    cdef MlirOperation op
    cdef bint ran
    cdef int open_kind = 0
    cdef MlirOperation culprit
    cdef int t = ir_section_enter(ctx, False)
    cdef PyThreadState* _ts
    try:
        if isinstance(obj, Module):
            op = mlirModuleGetOperation((<Module>obj).c_module)
        else:
            op = op_handle(<Operation>obj)
            if mlirOperationGetBlock(op).ptr != NULL:
                raise TypeError("only detached operations can be pickled "
                                "(pickle the Module, or clone() the "
                                "operation)")
        _ts = gil_release_for(ctx)
        ran = write_closed_bytecode(op, NULL, &buf, NULL, &open_kind,
                                    &culprit)
        gil_restore(_ts)
    finally:
        ir_section_exit(ctx, t)
    if not ran:
        raise_too_deep("the operation")
    refuse_open_ir(open_kind, culprit, "pickle the operation")
    return buf.data()[:buf.size()]
