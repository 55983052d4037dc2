# OperationState: filling an MlirOperationState from Python values, at C
# speed for generated builders (cdef methods, declared in _ir.pxd), and the
# one place an operation is created and handed its Python object.

cdef extern from *:
    """
    #include <vector>
    """


@cython.final
cdef class OperationState:

    def __init__(self, *args, **kwargs):
        raise TypeError("use new_operation_state() from Cython")

    cdef int add_operand(self, object value, str what=None) except -1:
        cdef MlirValue v = operand_handle(value, self.name, what)
        mlirOperationStateAddOperands(&self.c_state, 1, &v)
        self.keepalive.append(value)
        return 0

    cdef int add_operands(self, object values, str what) except -1:
        if isinstance(values, (Value, Operation)) or not _is_sequence(values):
            raise TypeError(f"{self.name.decode()}: {what} must be a list of "
                            f"Values, not {type(values).__name__}")
        cdef vector[MlirValue] vs
        for v in values:
            vs.push_back(operand_handle(v, self.name, what))
        if vs.size():
            mlirOperationStateAddOperands(&self.c_state, vs.size(), vs.data())
            self.keepalive.append(values)
        return 0

    cdef int add_result(self, object type, str what=None) except -1:
        if not isinstance(type, Type):
            arg = "result type" if what is None else f"result type '{what}'"
            raise TypeError(f"{self.name.decode()}: {arg} must be a Type, "
                            f"not {_builtin_type(type).__name__}")
        cdef MlirType t = (<Type>type).c_type
        mlirOperationStateAddResults(&self.c_state, 1, &t)
        self.has_results = True
        return 0

    cdef int add_results(self, object types, str what) except -1:
        if isinstance(types, Type) or not _is_sequence(types):
            raise TypeError(f"{self.name.decode()}: {what} must be a list of "
                            f"Types, not {type(types).__name__}")
        cdef vector[MlirType] ts
        for t in types:
            if not isinstance(t, Type):
                raise TypeError(f"{self.name.decode()}: {what} must be a list "
                                f"of Types, not of {_builtin_type(t).__name__}")
            ts.push_back((<Type>t).c_type)
        if ts.size():
            mlirOperationStateAddResults(&self.c_state, ts.size(), ts.data())
        self.has_results = True
        return 0

    cdef int add_attribute(self, str name, object attr) except -1:
        if attr is None:
            return 0
        cdef MlirAttribute a = attribute_handle(attr, f"attribute '{name}'")
        cdef bytes b = name.encode("utf-8")
        cdef MlirNamedAttribute na = mlirNamedAttributeGet(
            mlirIdentifierGet(self.loc.context.c_context, str_ref(b)), a)
        mlirOperationStateAddAttributes(&self.c_state, 1, &na)
        return 0

    cdef int add_successor(self, object block) except -1:
        cdef MlirBlock b = block_handle(block, "successor")
        mlirOperationStateAddSuccessors(&self.c_state, 1, &b)
        self.keepalive.append(block)
        return 0

    cdef int add_successors(self, object blocks, str what) except -1:
        if isinstance(blocks, Block) or not _is_sequence(blocks):
            raise TypeError(f"{self.name.decode()}: {what} must be a list of "
                            f"Blocks, not {type(blocks).__name__}")
        for b in blocks:
            self.add_successor(b)
        return 0

    cdef int add_regions(self, Py_ssize_t n) except -1:
        if n < 0:
            raise ValueError("number of regions must be non-negative")
        self.n_regions += n
        return 0

    cdef int enable_result_type_inference(self) except -1:
        self.infer_results = True
        return 0

    cdef object finish(self, object target, object ip):
        """Creates the operation; binds `target` (an unbound object of an
        OpView class) to it, or makes its object; inserts it at `ip`
        (resolved: explicit, else current, else detached)."""
        cdef InsertionPoint where = resolve_ip(ip)
        cdef Context ctx = self.loc.context
        if where is not None:
            where.check_insertable()
        if not mlirContextIsRegisteredOperation(ctx.c_context, self.c_state.name):
            _ensure_dialect_loaded(ctx, self.name)
            if (not mlirContextIsRegisteredOperation(ctx.c_context, self.c_state.name)
                    and not mlirContextGetAllowUnregisteredDialects(ctx.c_context)):
                raise ValueError(
                    f"unregistered operation '{self.name.decode()}' (load its "
                    "dialect, or set Context.allow_unregistered_dialects)")
        cdef vector[MlirRegion] regions
        cdef Py_ssize_t i
        for i in range(self.n_regions):
            regions.push_back(mlirRegionCreate())
        if regions.size():
            mlirOperationStateAddOwnedRegions(&self.c_state, regions.size(),
                                              regions.data())
        if self.infer_results and not self.has_results:
            mlirOperationStateEnableResultTypeInference(&self.c_state)
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        cdef MlirOperation op
        try:
            op = mlirOperationCreate(&self.c_state)
        finally:
            errors = cap.detach()
        if op.ptr == NULL:
            raise MLIRError(f"Operation creation failed for "
                            f"'{self.name.decode()}'", errors)
        cdef Operation obj
        if target is None:
            obj = <Operation>wrap_operation(ctx, op, None)
        else:
            obj = <Operation>target
            obj.c_op = op
            obj.context = ctx
            obj.owner_ref = None
            obj.owned = True
            obj.valid = True
            obj.interned = True
            ctx.live_ops[<uintptr_t>op.ptr] = <PyObject*>obj
        if where is not None:
            where.insert_handle(obj)
        return obj


cdef OperationState new_operation_state(str name, object loc):
    cdef OperationState st = OperationState.__new__(OperationState)
    st.loc = resolve_location(loc)
    st.name = name.encode("utf-8")
    st.keepalive = []
    st.c_state = mlirOperationStateGet(str_ref(st.name), st.loc.c_location)
    return st


from builtins import type as _builtin_type


cdef bint _is_sequence(object o):
    return isinstance(o, (list, tuple)) or (
        hasattr(o, "__len__") and hasattr(o, "__getitem__")
        and not isinstance(o, (str, bytes, dict)))


cdef MlirValue operand_handle(object v, bytes opname, str what=None) except *:
    """A Value, or an operation with exactly one result. `what` names the
    argument in error messages."""
    if isinstance(v, Value):
        return (<Value>v).handle()
    arg = "operand" if what is None else f"operand '{what}'"
    if isinstance(v, Operation):
        op = (<Operation>v).handle()
        if mlirOperationGetNumResults(op) == 1:
            return mlirOperationGetResult(op, 0)
        raise ValueError(f"{opname.decode()}: {arg} is an operation with "
                         f"{mlirOperationGetNumResults(op)} results, not one")
    raise TypeError(f"{opname.decode()}: {arg} must be a Value, not "
                    f"{type(v).__name__}")


cdef int _ensure_dialect_loaded(Context ctx, bytes opname) except -1:
    ns = opname.partition(b".")[0]
    if ns:
        mlirContextGetOrLoadDialect(ctx.c_context, str_ref(ns))
    return 0
