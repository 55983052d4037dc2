# Transform operations implemented in Python, with upstream main's names
# (TransformOpInterface, TransformRewriter, TransformResults,
# TransformState, DiagnosedSilenceableFailure), re-exported by
# mlir.dialects.transform, through the shim of
# mlir-cython/TransformInterface.h. What MLIR only asserts (handles of the
# transform being applied, of the right kind, results set once and all set)
# is checked here.

from mlir._mlir_libs.capi.mlir_cython.transform_interface cimport *


class DiagnosedSilenceableFailure(enum.Enum):
    """What a transform's apply returns: Success, SilenceableFailure (also
    named RecoverableFailure) or DefiniteFailure."""
    Success = MLIR_CY_TRANSFORM_SUCCESS
    SilenceableFailure = MLIR_CY_TRANSFORM_SILENCEABLE_FAILURE
    RecoverableFailure = MLIR_CY_TRANSFORM_SILENCEABLE_FAILURE
    DefiniteFailure = MLIR_CY_TRANSFORM_DEFINITE_FAILURE


_HANDLE_KINDS = ("operations", "values", "parameters")


cdef int _handle_check(int check, object handle, int kind,
                       str what) except -1:
    if check == MLIR_CY_TRANSFORM_NOT_OWN:
        role = "an operand" if what == "operand" else "a result"
        raise ValueError(f"{what} is not {role} of the transform being "
                         "applied")
    if check == MLIR_CY_TRANSFORM_WRONG_KIND:
        raise TypeError(f"{what} of type {handle.type} is not a handle to "
                        f"payload {_HANDLE_KINDS[kind]}")
    if check == MLIR_CY_TRANSFORM_ALREADY_SET:
        raise ValueError(f"{what} #"
                         f"{mlirOpResultGetResultNumber(value_handle(handle, what))}"
                         " was set already")
    return 0


cdef class TransformRewriter(PatternRewriter):
    """The rewriter a Python transform gets in `apply`: changes to the
    payload made through it (replace_op, erase_op) keep the interpreter's
    handles up to date. Valid during the call only."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "TransformRewriter objects are handed to "
                              "TransformOpInterface.apply by the interpreter")


cdef class _TransformCall:
    """What one apply shares: the interpreter's objects, valid while it
    runs."""
    cdef Context ctx
    cdef void* ptr
    cdef bint active

    cdef int check(self) except -1:
        if not self.active:
            raise RuntimeError(f"the {type(self).__name__} was used after "
                               "its transform returned")
        return 0


cdef void _collect_ptr(void* item, void* out) noexcept with gil:
    (<list>out).append(<uintptr_t>item)


@cython.final
cdef class TransformState(_TransformCall):
    """The interpreter's state as a Python transform sees it in `apply`:
    what the transform's operands (handles) are mapped to. Valid during the
    call only."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "TransformState objects are handed to "
                              "TransformOpInterface.apply by the interpreter")

    cdef list _get(self, object operand, int kind):
        self.check()
        cdef MlirValue h = value_handle(operand, "operand")
        _check_same_context(operand, self.ctx, "operand")
        cdef list raw = []
        cdef MlirCyTransformState st
        st.ptr = self.ptr
        _handle_check(mlirCyTransformStateGet(st, h, kind, _collect_ptr,
                                              <void*>raw),
                      operand, kind, "operand")
        return raw

    def get_payload_ops(self, operand: Value) -> list[OpView]:
        """The payload operations (as OpViews) the handle `operand`, an
        operand of the transform, is mapped to."""
        cdef MlirOperation op
        out = []
        for p in self._get(operand, MLIR_CY_TRANSFORM_OPS):
            op.ptr = <void*><uintptr_t>p
            out.append(as_opview(op_primary(wrap_operation_any(self.ctx,
                                                               op))))
        return out

    def get_payload_values(self, operand: Value) -> list[Value]:
        """The payload values the value handle `operand` is mapped to."""
        cdef MlirValue v
        out = []
        for p in self._get(operand, MLIR_CY_TRANSFORM_VALUES):
            v.ptr = <void*><uintptr_t>p
            out.append(wrap_value_any(self.ctx, v))
        return out

    def get_params(self, operand: Value) -> list[Attribute]:
        """The parameters (Attributes) the parameter handle `operand` is
        mapped to."""
        cdef MlirAttribute a
        out = []
        for p in self._get(operand, MLIR_CY_TRANSFORM_PARAMS):
            a.ptr = <void*><uintptr_t>p
            out.append(wrap_attribute(self.ctx, a))
        return out


@cython.final
cdef class TransformResults(_TransformCall):
    """The results of a Python transform, set in `apply`: each result of
    the transform once, to payload operations, values or parameters as its
    type says. Valid during the call only."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "TransformResults objects are handed to "
                              "TransformOpInterface.apply by the interpreter")

    cdef int _set(self, object result, int kind, vector[void*]* items) except -1:
        self.check()
        cdef MlirValue h = value_handle(result, "result")
        _check_same_context(result, self.ctx, "result")
        cdef MlirCyTransformResults rs
        rs.ptr = self.ptr
        _handle_check(mlirCyTransformResultsSet(rs, h, kind, items.size(),
                                                items.data()),
                      result, kind, "result")
        return 0

    def set_ops(self, result: Value, ops: Sequence[Operation]) -> None:
        """Maps `result` to the payload operations `ops`."""
        cdef vector[void*] items
        for op in ops:
            items.push_back(<void*><uintptr_t>op_handle(
                as_operation(op, "ops")).ptr)
            if (<Operation>op).context is not self.ctx:
                raise ValueError("ops: an operation of another Context")
        self._set(result, MLIR_CY_TRANSFORM_OPS, &items)

    def set_values(self, result: Value, values: Sequence[Value]) -> None:
        """Maps `result` to the payload values `values`."""
        cdef vector[void*] items
        for v in values:
            items.push_back(<void*><uintptr_t>value_handle(v, "values").ptr)
            _check_same_context(v, self.ctx, "values")
        self._set(result, MLIR_CY_TRANSFORM_VALUES, &items)

    def set_params(self, result: Value, params: Sequence[Attribute]) -> None:
        """Maps `result` to the parameters (Attributes) `params`."""
        cdef vector[void*] items
        for a in params:
            items.push_back(<void*><uintptr_t>attribute_handle_in(
                a, self.ctx, "params").ptr)
        self._set(result, MLIR_CY_TRANSFORM_PARAMS, &items)


@cython.final
cdef class _ApplyCall:
    """target.apply(view, rewriter, results, state)."""
    cdef object target
    cdef TransformRewriter rewriter
    cdef TransformResults results
    cdef TransformState state

    def __call__(self, view):
        return self.target.apply(view, self.rewriter, self.results,
                                 self.state)


cdef int _transform_apply(MlirOperation op, MlirRewriterBase rw,
                          MlirCyTransformResults results,
                          MlirCyTransformState state,
                          void* user) noexcept with gil:
    cdef Context ctx
    cdef _Driver d
    cdef _ApplyCall call
    cdef size_t inserts
    cdef MlirOperation top
    try:
        ctx = context_for_handle(mlirOperationGetContext(op))
        top = mlirCyTransformStateGetTopLevel(state)
        # The payload is the run's root: direct changes that would free it
        # are refused meanwhile (the interpreter's handles would dangle).
        d = _new_driver(op_primary(<Operation>wrap_operation_any(ctx, top)),
                        False)
        inserts = ctx.live_ops.inserts
        call = _ApplyCall.__new__(_ApplyCall)
        call.target = <object>user
        call.rewriter = TransformRewriter.__new__(TransformRewriter)
        call.rewriter.c_rewriter = rw
        call.rewriter.driver = d
        call.rewriter.active = True
        call.results = TransformResults.__new__(TransformResults)
        call.state = TransformState.__new__(TransformState)
        for part, ptr in ((call.results, <uintptr_t>results.ptr),
                          (call.state, <uintptr_t>state.ptr)):
            (<_TransformCall>part).ctx = ctx
            (<_TransformCall>part).ptr = <void*><uintptr_t>ptr
            (<_TransformCall>part).active = True
        try:
            outcome = _call_on_op(ctx, op, call, True)
        finally:
            call.rewriter.active = False
            call.results.active = False
            call.state.active = False
            _finish_driver(d)
            # Later transforms may erase what objects made now stand for.
            _end_callback(d, inserts)
        if not isinstance(outcome, DiagnosedSilenceableFailure):
            raise TypeError(f"apply must return a DiagnosedSilenceableFailure, "
                            f"not {type(outcome).__name__}")
        return outcome.value
    except BaseException as e:
        _emit_callback_error(op, "TransformOpInterface.apply", e)
        return -1


cdef int _transform_allows_repeated(MlirOperation op,
                                    void* user) noexcept with gil:
    cdef Context ctx
    try:
        fn = getattr(<object>user, "allow_repeated_handle_operands", None)
        if fn is None:
            return 0
        ctx = context_for_handle(mlirOperationGetContext(op))
        answer = _call_on_op(ctx, op, fn, True)
        if answer is not True and answer is not False:
            raise TypeError(f"allow_repeated_handle_operands must return a "
                            f"bool, not {type(answer).__name__}")
        return 1 if answer else 0
    except BaseException as e:
        _iface_failure(getattr(<object>user,
                               "allow_repeated_handle_operands", None), e)
        return -1


cdef class TransformOpInterface(_OpInterface):
    """TransformOpInterface of an operation. A subclass defining a static
    `apply(op, rewriter, results, state)` returning a
    DiagnosedSilenceableFailure (and optionally
    `allow_repeated_handle_operands(op)`, False by default) implements it:
    `MyTransform.attach("my.op")` makes the operations of that name
    transforms the interpreter runs. (They also need memory effects, e.g.
    by a MemoryEffectsOpInterface using only_reads_handle and friends.) An
    apply that raises fails the transform definitely, with an error naming
    the exception."""

    cdef MlirTypeID interface_id(self):
        return mlirCyTransformOpInterfaceTypeID()

    @classmethod
    def attach(cls, op_name: str, *, target: type | None = None,
               context=None) -> None:
        """Makes the operations named `op_name` (registered in `context` or
        the current context) implement the interface by `target` (this
        class by default). ValueError if the name is not registered or
        implements the interface in C++."""
        ctx, name, target = _attach_target(TransformOpInterface, cls,
                                           op_name, target, context, "apply")
        cdef bytes b = name
        _attach_result(mlirCyTransformOpInterfaceAttach(
            (<Context>ctx).c_context, str_ref(b), _transform_apply,
            _transform_allows_repeated, _kept(ctx, target)), op_name,
            "TransformOpInterface")


def _transform_resources():
    """The transform dialect's resources: (the handles' mapping, the
    payload IR), as SideEffectResource objects."""
    return (_resource(mlirCyTransformMappingResource()),
            _resource(mlirCyTransformPayloadIRResource()))


# -- pattern descriptors ---------------------------------------------------------

@cython.final
cdef class _PopulateCall:
    """target.populate_patterns(view, patterns), the patterns then moved
    into MLIR's set."""
    cdef object target
    cdef Context ctx
    cdef MlirRewritePatternSet into

    def __call__(self, view):
        cdef RewritePatternSet patterns = RewritePatternSet(self.ctx)
        self.target.populate_patterns(view, patterns)
        patterns.check()
        if patterns.conversion:
            raise TypeError("populate_patterns added conversion patterns "
                            "(add_conversion): apply_patterns takes "
                            "rewrite patterns only")
        mlirCyRewritePatternSetMoveInto(patterns.c_set, self.into)


cdef bool _descriptor_populate(MlirOperation op, MlirRewritePatternSet into,
                               void* user) noexcept with gil:
    cdef _PopulateCall call = _PopulateCall.__new__(_PopulateCall)
    cdef _Driver d
    try:
        call.ctx = context_for_handle(mlirOperationGetContext(op))
        call.target = <object>user
        call.into = into
        _call_on_op(call.ctx, op, call, True)
        return True
    except BaseException as e:
        # Re-raised after the interpreter's run (apply_named_sequence),
        # which has no other way to hear of it; reported in any case.
        d = _current_driver()
        if d is not None and d.error is None:
            d.error = e
        _emit_callback_error(op, "PatternDescriptorOpInterface."
                             "populate_patterns", e)
        return False


cdef class PatternDescriptorOpInterface(_OpInterface):
    """PatternDescriptorOpInterface of an operation: operations placed in
    the region of `transform.apply_patterns` that add rewrite patterns. A
    subclass defining a static `populate_patterns(op, patterns)` (patterns:
    a RewritePatternSet to `add` to) implements it:
    `MyDescriptor.attach("my.op")`."""

    cdef MlirTypeID interface_id(self):
        return mlirCyPatternDescriptorOpInterfaceTypeID()

    @classmethod
    def attach(cls, op_name, *, target=None, context=None):
        """Makes the operations named `op_name` (registered in `context` or
        the current context) implement the interface by `target` (this
        class by default). ValueError if the name is not registered or
        implements the interface in C++."""
        ctx, name, target = _attach_target(
            PatternDescriptorOpInterface, cls, op_name, target, context,
            "populate_patterns")
        cdef bytes b = name
        _attach_result(mlirCyPatternDescriptorOpInterfaceAttach(
            (<Context>ctx).c_context, str_ref(b), _descriptor_populate,
            _kept(ctx, target)), op_name, "PatternDescriptorOpInterface")


# -- interpreter runs -----------------------------------------------------------

def _interpreter_begin(payload):
    """Registers a run of the transform interpreter over `payload` (an
    Operation) on this thread, so that Python patterns it applies (from
    pattern descriptors) have their driver; returns the run."""
    cdef Operation root = op_primary(as_operation(payload, "payload_root"))
    return _new_driver(root, False)


def _interpreter_end(run):
    """Ends a run of _interpreter_begin: re-raises the first exception of
    the Python code it called back, if any."""
    cdef _Driver d = <_Driver?>run
    _finish_driver(d)
    if d.error is not None:
        err = d.error
        d.error = None
        raise err
