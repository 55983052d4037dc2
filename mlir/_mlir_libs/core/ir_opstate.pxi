# OperationState: filling an MlirOperationState from Python values, at C
# speed for generated builders (cdef methods, declared in _ir.pxd), and the
# one place an operation is created and handed its Python object.

# The most regions an operation can have (MLIR counts them in 23 bits).
cdef Py_ssize_t _MAX_REGIONS = (1 << 23) - 1

cdef extern from *:
    """
    #include <vector>
    #include <stdlib.h>
    #include <string.h>

    /* Appends n elements of `size` bytes to the array *arr of *count
       elements, which uses `inl` (room for `cap` elements) while they fit
       and the heap after. 0, or -1 if out of memory. Inlined: with the
       size known, one element into the inline buffer is a few stores. */
    static inline __attribute__((always_inline)) int
    mlircy_state_append(void **arr, intptr_t *count, const void *src,
                        intptr_t n, size_t size, void *inl, intptr_t cap) {
      intptr_t old = *count, total = old + n;
      void *p = *arr;
      if (n <= 0)
        return 0;
      if (total <= cap && (p == NULL || p == inl)) {
        p = inl;
      } else if (p == NULL || p == inl) {
        p = malloc((size_t)total * size);
        if (!p)
          return -1;
        if (old)
          memcpy(p, inl, (size_t)old * size);
      } else {
        p = realloc(p, (size_t)total * size);
        if (!p)
          return -1;
      }
      memcpy((char *)p + (size_t)old * size, src, (size_t)n * size);
      *arr = p;
      *count = total;
      return 0;
    }

    /* A copy of an inline array on the heap (mlirOperationCreate frees the
       arrays it is given). 0, or -1 if out of memory. */
    static int mlircy_state_to_heap(void **arr, intptr_t count, size_t size,
                                    void *inl) {
      if (*arr != inl || count == 0)
        return 0;
      void *p = malloc((size_t)count * size);
      if (!p)
        return -1;
      memcpy(p, inl, (size_t)count * size);
      *arr = p;
      return 0;
    }
    """
    int mlircy_state_append(void** arr, intptr_t* count, const void* src,
                            intptr_t n, size_t size, void* inl,
                            intptr_t cap) noexcept
    int mlircy_state_to_heap(void** arr, intptr_t count, size_t size,
                             void* inl) noexcept

from libc.stdlib cimport free as _free
from libc.string cimport memset
from cpython.long cimport PyLong_AsVoidPtr, PyLong_FromVoidPtr


cdef inline void _state_consumed(MlirOperationState* s) noexcept:
    # mlirOperationCreate frees the arrays (and takes the regions), even when
    # it fails; the state must not free them again.
    s.results = NULL
    s.nResults = 0
    s.operands = NULL
    s.nOperands = 0
    s.regions = NULL
    s.nRegions = 0
    s.successors = NULL
    s.nSuccessors = 0
    s.attributes = NULL
    s.nAttributes = 0


@cython.final
@cython.freelist(8)
cdef class OperationState:

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "use new_operation_state() from Cython")

    def __dealloc__(self):
        if READ_SCOPES and self.read_token:
            # Dropped before finish() (bad input raised part way), on the
            # thread that built it: leave its read scope.
            ir_read_exit(self.loc.context, self.read_token)
        # What the state still holds: arrays not handed to
        # mlirOperationCreate (the heap ones are freed, the inline ones
        # are part of this object), and the regions of a state dropped
        # before finish() (bad input raised part way).
        cdef intptr_t i
        for i in range(self.n_inline_objects):
            Py_DECREF_held(self.inline_objects[i])
        for i in range(self.c_state.nRegions):
            mlirRegionDestroy(self.c_state.regions[i])
        _free(self.c_state.regions)
        _free(self.c_state.successors)
        if <void*>self.c_state.results != <void*>self.inline_results:
            _free(self.c_state.results)
        if <void*>self.c_state.operands != <void*>self.inline_operands:
            _free(self.c_state.operands)
        if <void*>self.c_state.attributes != <void*>self.inline_attributes:
            _free(self.c_state.attributes)

    cdef int push_operands(self, const MlirValue* vs, intptr_t n) except -1:
        if mlircy_state_append(<void**>&self.c_state.operands,
                               &self.c_state.nOperands, vs, n,
                               sizeof(MlirValue), self.inline_operands, 4):
            raise MemoryError()
        return 0

    cdef int push_results(self, const MlirType* ts, intptr_t n) except -1:
        if mlircy_state_append(<void**>&self.c_state.results,
                               &self.c_state.nResults, ts, n,
                               sizeof(MlirType), self.inline_results, 4):
            raise MemoryError()
        return 0

    cdef int push_attribute(self, MlirNamedAttribute na) except -1:
        if mlircy_state_append(<void**>&self.c_state.attributes,
                               &self.c_state.nAttributes, &na, 1,
                               sizeof(MlirNamedAttribute),
                               self.inline_attributes, 4):
            raise MemoryError()
        return 0

    cdef int add_operand(self, object value, str what=None) except -1:
        cdef MlirValue v
        if isinstance(value, Value):
            v = (<Value>value).handle()
        else:
            if isinstance(value, OpResultList):
                # As upstream's builders: a result list stands for its
                # first result (IndexError when it is empty).
                value = value[0]
            v = _builder_operand(value, self, self.c_state.nOperands, what)
        _check_same_context(value, self.loc.context, self.name)
        self.push_operands(&v, 1)
        if self.n_inline_objects < 4:
            Py_INCREF_held(<PyObject*>value)
            self.inline_objects[self.n_inline_objects] = <PyObject*>value
            self.n_inline_objects += 1
        else:
            if self.operand_values is None:
                self.operand_values = []
            self.operand_values.append(value)
        return 0

    cdef object operand_group(self, object values, str what):
        """`values` (not a list or tuple) as a list, or the operation it
        is, as upstream's builders extend their operand list with it:
        TypeError when it is no iterable. (Generated builders call this
        first of all, where upstream's iterate their variadic groups.)"""
        if isinstance(values, Operation):
            return values
        try:
            it = iter(values)
        except TypeError:
            raise TypeError(f"'{type(values).__name__}' object is not "
                            f"iterable; {self.name} takes a list of "
                            f"Values for '{what}'") from None
        return list(it)

    cdef int add_operands(self, object values, str what) except -1:
        # As upstream's builders extend their operand list with `values`:
        # an operation gives its results, anything else must be iterable.
        if isinstance(values, Operation):
            values = (<Operation>values).results
        elif not isinstance(values, (list, tuple)):
            values = self.operand_group(values, what)
        cdef vector[MlirValue] vs
        cdef intptr_t at = self.c_state.nOperands
        if self.operand_values is None:
            self.operand_values = []
        for v in values:
            if isinstance(v, Value):
                vs.push_back((<Value>v).handle())
            else:
                vs.push_back(_builder_operand(v, self, at + vs.size(), what))
            _check_same_context(v, self.loc.context, self.name)
            self.operand_values.append(v)
        self.push_operands(vs.data(), vs.size())
        return 0

    cdef int add_result(self, object type, str what=None) except -1:
        if not isinstance(type, Type):
            _bad_result_type(self, self.c_state.nResults, what, type)
        if (<Type>type).context is not self.loc.context:
            _foreign(self.name, "result type", what)
        cdef MlirType t = (<Type>type).c_type
        self.push_results(&t, 1)
        self.has_results = True
        return 0

    cdef int add_results(self, object types, str what) except -1:
        # As upstream's builders extend their result type list with `types`.
        if types is None:
            raise TypeError("'NoneType' object is not iterable; "
                            f"{self.name} takes a list of Types for '{what}'")
        cdef MlirType small[4]
        memset(small, 0, sizeof(small))   # (gcc cannot see n > 0 below)
        cdef Py_ssize_t n, i
        if type(types) is list and len(<list>types) <= 4:
            # The common case (a few result types), without a heap vector.
            n = len(<list>types)
            for i in range(n):
                t = (<list>types)[i]
                if not isinstance(t, Type) or \
                        (<Type>t).context is not self.loc.context:
                    break
                small[i] = (<Type>t).c_type
            else:
                if n:
                    self.push_results(small, n)
                self.has_results = True
                return 0
        if not isinstance(types, (list, tuple)):
            try:
                types = list(iter(types))
            except TypeError:
                raise TypeError(f"'{_builtin_type(types).__name__}' object is "
                                f"not iterable; {self.name} takes a list of "
                                f"Types for '{what}'") from None
        cdef vector[MlirType] ts
        ts.reserve(len(types))
        for t in types:
            if not isinstance(t, Type):
                _bad_result_type(self, self.c_state.nResults + ts.size(),
                                 what, t)
            if (<Type>t).context is not self.loc.context:
                _foreign(self.name, "result type", what)
            ts.push_back((<Type>t).c_type)
        self.push_results(ts.data(), ts.size())
        self.has_results = True
        return 0

    cdef int add_attribute(self, str name, object attr) except -1:
        if attr is None:
            return 0
        if not isinstance(attr, Attribute):
            raise TypeError(f"{self.name}: attribute '{name}' must be "
                            f"an Attribute, not {type(attr).__name__}")
        if (<Attribute>attr).context is not self.loc.context:
            _foreign(self.name, "attribute", name)
        cdef MlirNamedAttribute na = mlirNamedAttributeGet(
            self.loc.context.identifier(name), (<Attribute>attr).c_attr)
        self.push_attribute(na)
        return 0

    cdef int add_property(self, str name, object attr) except -1:
        """An ODS property (`Property`, not an attribute): the C API's
        attributes would leave it at its default and add a discardable
        attribute of that name, so it is set on the created operation."""
        if attr is None:
            return 0
        if not isinstance(attr, Attribute):
            raise TypeError(f"{self.name}: property '{name}' must be "
                            f"an Attribute, not {type(attr).__name__}")
        if (<Attribute>attr).context is not self.loc.context:
            _foreign(self.name, "attribute", name)
        if self.properties is None:
            self.properties = []
        self.properties.append((name, attr))
        return 0

    cdef int add_successor(self, object block) except -1:
        if block is None:
            raise TypeError(f"{self.name}: missing successor")
        cdef MlirBlock b = block_handle(block, "successor")
        if (<Block>block).parent.context is not self.loc.context:
            _foreign(self.name, "successor", None)
        mlirOperationStateAddSuccessors(&self.c_state, 1, &b)
        if self.successors is None:
            self.successors = []
        self.successors.append(block)
        return 0

    cdef int add_successors(self, object blocks, str what) except -1:
        if blocks is None:
            raise TypeError(f"{self.name}: missing successors '{what}' (a "
                            "list of Blocks)")
        if isinstance(blocks, Block) or not _is_sequence(blocks):
            raise TypeError(f"{self.name}: {what} must be a list of "
                            f"Blocks, not {type(blocks).__name__}")
        for b in blocks:
            self.add_successor(b)
        return 0

    cdef int add_regions(self, Py_ssize_t n) except -1:
        if n < 0:
            raise ValueError("number of regions must be non-negative")
        # MLIR keeps an operation's region count in 23 bits: more would
        # wrap around.
        if n > _MAX_REGIONS - self.n_regions:
            raise ValueError(f"{self.name}: an operation has at most "
                             f"{_MAX_REGIONS} regions, not "
                             f"{self.n_regions + n}")
        self.n_regions += n
        return 0

    cdef int enable_result_type_inference(self) except -1:
        self.infer_results = True
        return 0

    cdef object finish(self, object target, object ip):
        """Creates the operation; binds `target` (an unbound object of an
        OpView class) to it, or makes its object; inserts it at `ip`
        (resolved: explicit, else current, else detached)."""
        if not READ_SCOPES or not self.read_token:
            return _state_finish(self, target, ip)
        # The state's read scope stays entered while it waits for the gate
        # (ir_write_wait steps out of it for the change and back in), and
        # is left once the operation exists.
        try:
            return _state_finish(self, target, ip)
        finally:
            ir_read_exit(self.loc.context, self.read_token)
            self.read_token = 0

    cdef list operand_objects(self):
        """The operand objects added so far."""
        objs = list(self.operand_values or ())
        cdef int i
        for i in range(self.n_inline_objects):
            objs.append(<object>self.inline_objects[i])
        return objs


cdef object _state_finish(OperationState self, object target, object ip):
    """OperationState.finish's work."""
    cdef InsertionPoint where = resolve_ip(ip)
    cdef Context ctx = self.loc.context
    if where is not None:
        where.check_insertable()
        if where.block.parent.context is not ctx:
            raise ValueError("cannot insert an operation of another context")
    # The registered-name key of the name (None: not registered).
    key = ctx.registered_names.get(self.name)
    if key is None and not (
            self.name in ctx.unregistered_names
            and mlirContextGetAllowUnregisteredDialects(ctx.c_context)):
        key = _creatable_key(ctx, self.name, self.c_state.name)
    cdef vector[MlirRegion] regions
    cdef Py_ssize_t i
    for i in range(self.n_regions):
        regions.push_back(mlirRegionCreate())
    if regions.size():
        mlirOperationStateAddOwnedRegions(&self.c_state, regions.size(),
                                          regions.data())
    cdef _ErrorCapture cap
    cdef MlirOperation op
    # The operation will use values of IR other threads may share: the
    # gate (ir_gate.pxi), before any Python code can run until it exists.
    cdef int t = 0
    if not MLIRCY_GATE_OPEN_FOR_WRITE(&ctx.gate.state):
        t = _state_write_wait(self, where, ctx)
    cdef Operation obj
    cdef int held = 0
    try:
        if self.infer_results and not self.has_results:
            _refuse_inference(self, ctx, t)
            # Through the C API, which infers result types; it frees the
            # arrays, so inline ones move to the heap first.
            mlirOperationStateEnableResultTypeInference(&self.c_state)
            if mlircy_state_to_heap(<void**>&self.c_state.results,
                                    self.c_state.nResults, sizeof(MlirType),
                                    self.inline_results) or \
                    mlircy_state_to_heap(<void**>&self.c_state.operands,
                                         self.c_state.nOperands,
                                         sizeof(MlirValue),
                                         self.inline_operands) or \
                    mlircy_state_to_heap(<void**>&self.c_state.attributes,
                                         self.c_state.nAttributes,
                                         sizeof(MlirNamedAttribute),
                                         self.inline_attributes):
                ir_write_done(ctx, t)
                raise MemoryError()
            # Only inference can make creation fail (and emit diagnostics):
            # upstream's text, then MLIR's diagnostics.
            cap = _ErrorCapture.attach(ctx)
            op = mlirOperationCreate(&self.c_state)
            _state_consumed(&self.c_state)
            held = _hold_for_insert(ctx, t, where, op)
            cap.check(op.ptr != NULL, "Operation creation failed")
        else:
            # The arrays stay ours (freed with the state), the regions
            # become the operation's; the name is not looked up again.
            op = mlirCyOperationCreateFromState(
                &self.c_state,
                NULL if key is None else PyLong_AsVoidPtr(key))
            held = _hold_for_insert(ctx, t, where, op)
            self.c_state.nRegions = 0
            # (With inference, the C API has converted the attributes into
            # the op's properties strictly and failed on a wrong kind.)
            if op.ptr != NULL and self.c_state.nAttributes:
                _check_attributes_held(self.name, ctx, op,
                                       self.c_state.nAttributes,
                                       self.c_state.attributes)
            if op.ptr == NULL:
                raise MLIRError("Operation creation failed", [])
        if self.properties:
            set_op_properties(ctx, op, self.name, self.properties, True)
        if target is None:
            obj = _new_op_object(_name_info(ctx, op).cls, ctx, op, None)
        else:
            obj = <Operation>target
            obj.c_op = op
            obj.context = ctx
            obj.owner_ref = None
            obj.flags = OP_OWNED | OP_VALID | OP_INTERNED
            live_intern(ctx, obj)      # a fresh op: no other object exists
        if where is not None:
            where.insert_fresh(obj)
        # Still holding the gate: on a free-threaded build another thread
        # may erase the new operation (a pass run folding it away) as soon
        # as the gate is released.
        if self.operand_values or self.n_inline_objects:
            _keep_operands_of_new(self, obj)
    finally:
        if held:
            ir_write_done(ctx, held)
    return obj


cdef int _keep_operands_of_new(OperationState self, Operation obj) except -1:
    """The new operation's operands stay alive as long as it needs them:
    through its tree's root object, or for values of other trees (rare)
    through its module."""
    cdef MlirOperation top = _top_of(obj.c_op)
    cdef int j
    if not is_module_op(top.ptr):
        keep_operands_alive(obj, self.operand_objects())
    else:
        for v in (self.operand_values or ()):
            _keep_operand_for_module(obj, top, v)
        for j in range(self.n_inline_objects):
            _keep_operand_for_module(
                obj, top, <object>self.inline_objects[j])
    return 0


cdef int _check_attributes_held(str name, Context ctx, MlirOperation op,
                                intptr_t n,
                                const MlirNamedAttribute* attrs) except -1:
    """After creating `op` (not yet inserted) from attributes `attrs`:
    MLIR drops an inherent attribute of another kind than the op declares
    (and a custom printer may then read it as null). Destroys the op and
    raises TypeError naming the first one dropped."""
    cdef intptr_t i = mlirCyOperationFindDroppedAttribute(op, n, attrs)
    if i < 0:
        return 0
    attr = str(wrap_attribute(ctx, attrs[i].attribute))
    if len(attr) > 80:
        attr = attr[:77] + "..."
    _destroy_created(ctx, op)
    raise TypeError(
        f"{name}: attribute '{from_ref(mlirIdentifierStr(attrs[i].name))}' "
        f"is not of the kind the op declares for it (got {attr})")


cdef inline int _hold_for_insert(Context ctx, int t, InsertionPoint where,
                                 MlirOperation op) noexcept:
    """After creating an operation (by a builder or clone): on
    free-threaded builds, one that is to be inserted keeps the gate until
    it is (its uses of shared values are in their use lists already, and a
    reader such as the bytecode writer must not meet them from a detached
    operation); otherwise the gate is released. Returns what the caller
    still holds."""
    if READ_SCOPES and where is not None and op.ptr != NULL:
        return t
    ir_write_done(ctx, t)
    return 0


cdef int _state_write_wait(OperationState self, InsertionPoint where,
                           Context ctx) except -1:
    """OperationState.finish's slow path: waits at the gate, then checks the
    insertion point and the operands again (another thread's pass run may
    have erased them meanwhile)."""
    cdef int t = ir_write_wait(ctx)
    try:
        if where is not None:
            where.check_insertable()
        for v in self.operand_objects():
            operand_handle(v, self.name, "operand")
    except BaseException:
        ir_write_done(ctx, t)
        raise
    return t


cdef int _destroy_created(Context ctx, MlirOperation op) except -1:
    """Destroys an operation just created (no object, not inserted) that
    is refused: its operands' use lists may be shared IR (the gate)."""
    cdef int t = ir_write(ctx)
    mlirOperationDestroy(op)
    ir_write_done(ctx, t)
    return 0


cdef int set_op_properties(Context ctx, MlirOperation op, str name,
                           list properties, bint created) except -1:
    """Sets ODS properties, (name, Attribute) pairs, of an operation. A
    malformed value raises MLIRError with MLIR's diagnostic; the operation
    keeps its values, or, if it was `created` just now (not yet inserted),
    is destroyed."""
    cdef vector[MlirNamedAttribute] entries
    for pname, attr in properties:
        entries.push_back(mlirNamedAttributeGet(
            ctx.identifier(pname), (<Attribute>attr).c_attr))
    cdef MlirAttribute d = mlirDictionaryAttrGet(
        ctx.c_context, entries.size(), entries.data())
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    cdef MlirLogicalResult res = mlirCyOperationSetProperties(op, d)
    cap.detach()
    if mlirLogicalResultIsSuccess(res):
        return 0
    if created:
        _destroy_created(ctx, op)
        cap.check(False, f"Operation creation failed for '{name}' "
                         "(invalid property value)")
    cap.check(False, f"Invalid property value for '{name}'")


cdef int keep_operands_alive(Operation user, list operands) except -1:
    """If `user` sits in a detached tree, that tree's root object keeps the
    owners of operand values from other trees alive: destroying the root
    drops its uses, which must not touch freed values. Trees under a Module
    need nothing (a value of another tree there is invalid IR that the
    verifier reports), so that common case returns before any list is
    built."""
    cdef MlirOperation top = _top_of(user.c_op)
    owners = []
    for v in operands:
        owners.append((<Value>v).parent if isinstance(v, Value)
                      else op_primary(<Operation>v))
    if is_module_op(top.ptr):
        for o in owners:
            keep_for_module(top, o)
        return 0
    return _add_keepalive_at(user, top, owners)


cdef inline int _keep_operand_for_module(Operation user, MlirOperation top,
                                         object v) except -1:
    """keep_for_module for an operand of `user` (an operation of module
    `top`); a value defined in user's own block needs no look-up."""
    cdef Operation o = (<Value>v).parent if isinstance(v, Value) \
        else op_primary(<Operation>v)
    if isinstance(v, Value) and (<Value>v).c_arg_block.ptr == NULL and \
            mlirOperationGetBlock(o.c_op).ptr == \
            mlirOperationGetBlock(user.c_op).ptr:
        return 0
    return keep_for_module(top, o)


cdef int keep_value_for_users(Context ctx, MlirValue v, object with_) except -1:
    """Before the uses of `v` change to `with_`: each user's tree keeps the
    tree of `with_` alive."""
    cdef MlirOpOperand use = mlirValueGetFirstUse(v)
    users = []
    while use.ptr != NULL:
        users.append(wrap_operation_any(ctx, mlirOpOperandGetOwner(use)))
        use = mlirOpOperandGetNextUse(use)
    for u in users:
        keep_operands_alive(<Operation>u, [with_])
    return 0


cdef OperationState new_operation_state(str name, object loc):
    cdef OperationState st = OperationState.__new__(OperationState)
    st.loc = operation_location(loc)
    st.name = name
    cdef Py_ssize_t size
    cdef const char* data = utf8_of(name, &size, "name")
    st.c_state = mlirOperationStateGet(mlirStringRefCreate(data, size),
                                       st.loc.c_location)
    if READ_SCOPES:
        # The builder reads its operands from here to finish(): a read
        # scope, so another thread's change (a pass run erasing an
        # operand's op) waits for it.
        st.read_token = ir_read_enter(st.loc.context)
    return st


from builtins import type as _builtin_type


cdef bint _is_sequence(object o):
    return isinstance(o, (list, tuple)) or (
        hasattr(o, "__len__") and hasattr(o, "__getitem__")
        and not isinstance(o, (str, bytes, dict)))


cdef int _refuse_inference(OperationState st, Context ctx, int t) except -1:
    """Raises (releasing the gate's write turn `t`) when MLIR's inference
    cannot be run on `st` (mlir-cython/Verify.h)."""
    cdef string buf
    cdef int why = mlirCyOperationStateRefusesInference(
        &st.c_state, append_to_string, &buf)
    if why:
        ir_write_done(ctx, t)
        message = buf.decode("utf-8", "replace")
        raise (TypeError if why == 1 else ValueError)(message)
    return 0


cdef int _bad_result_type(OperationState st, intptr_t index, str what,
                          object t) except -1:
    """ValueError in upstream's words for a result type that is not a Type
    (position `index` among the results), then the argument's name."""
    arg = "" if what is None else f"; argument '{what}' got {_builtin_type(t).__name__}"
    raise ValueError(f'Result {index} of operation "{st.name}" must be a '
                     f"Type (std::bad_cast){arg}")


cdef MlirValue _builder_operand(object v, OperationState st, intptr_t index,
                                str what) except *:
    """The operand at flat position `index` of a builder: a Value, or an
    operation with exactly one result. Otherwise ValueError in upstream's
    words (Operand <index> of operation "<name>" must be a Value (<why>)),
    then the argument's name."""
    cdef MlirOperation op
    if isinstance(v, Value):
        return (<Value>v).handle()
    if isinstance(v, Operation):
        op = op_handle((<Operation>v))
        if mlirOperationGetNumResults(op) == 1:
            return mlirOperationGetResult(op, 0)
    arg = "" if what is None else f"; argument '{what}' got {type(v).__name__}"
    raise ValueError(f'Operand {index} of operation "{st.name}" must be a '
                     f"Value ({_why_not_operand(v)}){arg}")


cdef MlirValue operand_handle(object v, str opname, str what=None) except *:
    """A Value, or an operation with exactly one result. `what` names the
    argument in error messages."""
    if isinstance(v, Value):
        return (<Value>v).handle()
    if isinstance(v, Operation):
        op = op_handle((<Operation>v))
        if mlirOperationGetNumResults(op) == 1:
            return mlirOperationGetResult(op, 0)
    # Errors only from here on: the message is built when it is needed.
    arg = "operand" if what is None else f"operand '{what}'"
    if v is None:
        raise TypeError(f"{opname}: missing {arg}")
    if isinstance(v, Operation):
        raise ValueError(f"{opname}: {arg} is an operation with "
                         f"{mlirOperationGetNumResults(op)} results, not one")
    raise TypeError(f"{opname}: {arg} must be a Value, not "
                    f"{type(v).__name__}")


cdef int _foreign(str opname, str kind, str what) except -1:
    """Types, attributes and blocks of another context must never meet this
    one's IR (they would dangle once that context is gone)."""
    arg = kind if what is None else f"{kind} '{what}'"
    raise ValueError(f"{opname}: {arg} belongs to another Context")


cdef int _check_same_context(object v, Context ctx, str what) except -1:
    """Values of another context must never meet this one's IR."""
    cdef Context vctx = (<Value>v).parent.context if isinstance(v, Value) \
        else (<Operation>v).context
    if vctx is not ctx:
        raise ValueError(f"{what}: a value of another Context")
    return 0


cdef object _creatable_key(Context ctx, str opname, MlirStringRef ref):
    """The name key to create an operation `opname` with, or None for the
    context's own record of the name; raises ValueError for a name the
    context cannot create (unregistered, and unregistered dialects not
    allowed). Registered names are remembered with their key, unregistered
    ones of dialects the context does not know in unregistered_names (until
    a registry is appended), so the check costs a look-up afterwards.

    As upstream, creating an operation does not load its dialect: in a
    context where the dialect is not loaded (Context(load_on_create_dialects
    =[]), ...) the operation is created unregistered, and verify() says so.
    Such an operation gets a name record of its own (a detached key): MLIR
    frees the context's record of an unregistered name once its dialect is
    loaded (by any path: parsing, a pass, ctx.dialects), and an operation
    still pointing at it would read freed memory, as upstream's do. With its
    own record it stays an unregistered operation of that name after the
    load; operations created afterwards are registered ones."""
    cdef const void* key = mlirCyContextGetRegisteredNameKey(ctx.c_context, ref)
    if key != NULL:
        ctx.registered_names[opname] = PyLong_FromVoidPtr(<void*>key)
        return ctx.registered_names[opname]
    if not mlirContextGetAllowUnregisteredDialects(ctx.c_context):
        raise ValueError(
            f"unregistered operation '{opname}' (load its dialect, "
            "or set Context.allow_unregistered_dialects)")
    cdef bytes ns = opname.partition(".")[0].encode("utf-8")
    if ns and mlirCyContextIsDialectLoadable(ctx.c_context, str_ref(ns)):
        # Not remembered: once the dialect is loaded, the name is registered.
        return PyLong_FromVoidPtr(
            <void*>mlirCyContextGetDetachedNameKey(ctx.c_context, ref))
    ctx.unregistered_names.add(opname)
    return None


# -- the generic builder ------------------------------------------------------
#
# OpView.build_generic and OpView's generic constructor: an operation built
# from a class's ODS segment specs and Python values, through an
# OperationState.

def _build_generic(self_or_cls: Any, results: Sequence[Type] | None = None,
                   operands: Sequence[Any] | None = None,
                   attributes: Mapping[str, Attribute] | None = None,
                   successors: Sequence[Block] | None = None,
                   regions: int | None = None, loc=None, ip=None) -> Any:
    """Generic builder honouring the class's ODS segment specs. Called on an
    object under construction (self.build_generic(...)) it binds that
    object to the new operation and returns it."""
    if isinstance(self_or_cls, type):
        cls = self_or_cls
        target = None
    else:
        cls = type(self_or_cls)
        target = self_or_cls if (<Operation>self_or_cls).c_op.ptr == NULL else None
    try:
        name = cls.OPERATION_NAME
    except AttributeError:
        # A base class (upstream's text: its classes' names are short).
        raise AttributeError(f"type object '{cls.__name__}' has no "
                             "attribute 'OPERATION_NAME'") from None
    if not isinstance(name, str):
        raise TypeError(f"{cls.__name__} has no OPERATION_NAME")
    return _generic_build(target, name, cls._ODS_REGIONS,
                          cls._ODS_OPERAND_SEGMENTS, cls._ODS_RESULT_SEGMENTS,
                          results, operands, attributes, successors, regions,
                          loc, ip)


cdef object _generic_build(target, str name, region_spec, operand_segments,
                           result_segments, results, operands, attributes,
                           successors, regions, loc, ip):
    """build_generic's work, for an operation name and ODS specs given
    explicitly (OpView's generic constructor) or by a class; binds `target`
    (an OpView under construction, or None) to the new operation."""
    min_regions, no_variadic = region_spec
    if regions is None:
        regions = min_regions
    elif regions < min_regions:
        raise ValueError(f"Operation \"{name}\" requires a minimum of "
                         f"{min_regions} regions but was built with regions={regions}")
    elif no_variadic and regions > min_regions:
        raise ValueError(f"Operation \"{name}\" requires a maximum of "
                         f"{min_regions} regions but was built with regions={regions}")
    cdef OperationState st = new_operation_state(name, loc)
    attrs = dict(attributes) if attributes else {}
    # As upstream: results are checked first, with upstream's ValueErrors.
    res_flat = res_sizes = op_flat = op_sizes = None
    if results is not None:
        res_flat, res_sizes = _flatten_results(results, result_segments, name)
    if operands is not None:
        op_flat, op_sizes = _flatten_operands(operands, operand_segments, name)
    if (res_sizes is not None or op_sizes is not None) and (
            "resultSegmentSizes" in attrs or "operandSegmentSizes" in attrs):
        raise ValueError(
            "Manually setting a 'resultSegmentSizes' or 'operandSegmentSizes' "
            "attribute is unsupported. Use Operation.create for such low-level "
            "access.")
    if op_flat is not None:
        st.add_operands(op_flat, "operands")
        if op_sizes is not None:
            attrs["operandSegmentSizes"] = _dense_i32_array(op_sizes, st.loc.context)
    if res_flat is not None:
        st.add_results(res_flat, "results")
        if res_sizes is not None:
            attrs["resultSegmentSizes"] = _dense_i32_array(res_sizes, st.loc.context)
    else:
        # As upstream: no results given means "infer them" (ops without
        # the inference interface then get none).
        st.enable_result_type_inference()
    for k, v in attrs.items():
        if v is not None:
            st.add_attribute(k, v)
    if successors is not None:
        st.add_successors(successors, "successors")
    st.add_regions(regions)
    if res_flat is None:
        _check_inferred_operands(st)
    op = st.finish(target, ip)
    # As upstream, the class's build_generic gives a plain Operation.
    return op if target is not None else as_plain(op_primary(<Operation>op))


cdef int _check_inferred_operands(OperationState st) except -1:
    """Before MLIR infers the result types of a generic build: the operand
    kinds its inference reads, checked as the op's builders check them
    (its generated class's _ODS_CHECK_INFERRED; MLIR casts the operand
    types to what the op's ODS constraints promise)."""
    check = getattr(_resolve_op_class(st.name), "_ODS_CHECK_INFERRED", None)
    if check is not None:
        check(st)
    return 0


cdef str _not_one_result(Operation op, intptr_t n):
    """Upstream's words for an operation with `n` != 1 results asked for
    its single result (Operation.result, an operation as an operand)."""
    # The operation's name, also for an OpView whose `name` is its own
    # accessor (func.FuncOp's symbol name).
    cdef str name = _name_info(op.context, op_handle(op)).name
    return (f"Cannot call .result on operation {name} which has {n} "
            "results (it is only valid for operations with a single result)")


def _why_not_operand(v):
    """Why `v` (not a Value, nor an operation with one result) is no
    operand, in upstream's words: for the errors of builders and of
    build_generic."""
    if v is None:
        return "contained a None item"
    if isinstance(v, Operation):
        return _not_one_result(v, len(v.results))
    return "is not a Value"


def _generic_operand(v) -> Any:
    """(Value, None), or (None, why v is not one): an Operation or OpView
    stands for its single result, as upstream's builders take it."""
    if isinstance(v, Value):
        return v, None
    if isinstance(v, Operation) and len(v.results) == 1:
        return v.results[0], None
    if isinstance(v, OpResultList) and len(v) == 1:
        return v[0], None
    return None, _why_not_operand(v)


def _flatten_operands(values, seg, str name) -> Any:
    """(flat operand list, segment sizes or None) per an ODS segment spec
    (1 single, 0 optional, -1 variadic), with upstream's ValueErrors."""
    values = list(values)
    flat = []
    if seg is None:
        for i, v in enumerate(values):
            val, why = _generic_operand(v)
            if why is not None:
                raise ValueError(f'Operand {i} of operation "{name}" must be '
                                 f'a Value ({why})')
            flat.append(val)
        return flat, None
    if len(values) != len(seg):
        # (sic: upstream's text has no space before "operand")
        raise ValueError(f'Operation "{name}" requires {len(seg)}operand '
                         f'segments but was provided {len(values)}')
    sizes = []
    for i, (spec, v) in enumerate(zip(seg, values)):
        if spec == 1 or spec == 0:
            if v is None:
                if spec == 1:
                    raise ValueError(
                        f'Operand {i} of operation "{name}" must be a Value '
                        '(was None and operand is not optional)')
                sizes.append(0)
                continue
            val, why = _generic_operand(v)
            if why is not None:
                raise ValueError(f'Operand {i} of operation "{name}" must be '
                                 f'a Value ({why})')
            flat.append(val)
            sizes.append(1)
        elif spec == -1:
            if v is None:
                sizes.append(0)
                continue
            if isinstance(v, Value) or not is_sequence_arg(v):
                raise ValueError(f'Operand {i} of operation "{name}" must be '
                                 'a Sequence of Values (is not a sequence)')
            n = 0
            for item in v:
                val, why = _generic_operand(item)
                if why is not None:
                    raise ValueError(f'Operand {i} of operation "{name}" must '
                                     f'be a Sequence of Values ({why})')
                flat.append(val)
                n += 1
            sizes.append(n)
        else:
            raise ValueError("Unexpected segment spec")
    return flat, sizes


def _flatten_results(values, seg, str name) -> Any:
    """(flat result type list, segment sizes or None) per an ODS segment
    spec, with upstream's ValueErrors."""
    values = list(values)
    flat = []
    if seg is None:
        for i, t in enumerate(values):
            if not isinstance(t, Type):
                why = ("was None and result is not optional" if t is None
                       else f"is a {type(t).__name__}")
                raise ValueError(f'Result {i} of operation "{name}" must be a '
                                 f'Type ({why})')
            flat.append(t)
        return flat, None
    if len(values) != len(seg):
        raise ValueError(f'Operation "{name}" requires {len(seg)} result '
                         f'segments but was provided {len(values)}')
    sizes = []
    for i, (spec, t) in enumerate(zip(seg, values)):
        if spec == 1 or spec == 0:
            if t is None:
                if spec == 1:
                    raise ValueError(
                        f'Result {i} of operation "{name}" must be a Type '
                        '(was None and result is not optional)')
                sizes.append(0)
                continue
            if not isinstance(t, Type):
                raise ValueError(f'Result {i} of operation "{name}" must be a '
                                 f'Type (is a {type(t).__name__})')
            flat.append(t)
            sizes.append(1)
        elif spec == -1:
            if t is None:
                sizes.append(0)
                continue
            if isinstance(t, Type) or not is_sequence_arg(t):
                raise ValueError(f'Result {i} of operation "{name}" must be a '
                                 'Sequence of Types (is not a sequence)')
            n = 0
            for item in t:
                if item is None:
                    raise ValueError(f'Result {i} of operation "{name}" must '
                                     'be a Sequence of Types (contained a None '
                                     'item)')
                if not isinstance(item, Type):
                    raise ValueError(f'Result {i} of operation "{name}" must '
                                     'be a Sequence of Types (contained a '
                                     f'{type(item).__name__})')
                flat.append(item)
                n += 1
            sizes.append(n)
        else:
            raise ValueError("Unexpected segment spec")
    return flat, sizes


cdef Attribute _dense_i32_array(list sizes, Context ctx):
    cdef vector[int32_t] v
    for s in sizes:
        v.push_back(<int32_t>s)
    return wrap_attribute(ctx, mlirDenseI32ArrayGet(ctx.c_context, v.size(),
                                                    v.data()))


def _opview_generic_init(self, name, opRegionSpec, operandSegmentSpecObj=None,
                         resultSegmentSpecObj=None, results=None,
                         operands=None, attributes=None, successors=None,
                         regions=None, loc=None, ip=None):
    """OpView's generic constructor (upstream's second __init__ form)."""
    _generic_build(self, name, opRegionSpec, operandSegmentSpecObj,
                   resultSegmentSpecObj, results, operands, attributes,
                   successors, regions, loc, ip)
