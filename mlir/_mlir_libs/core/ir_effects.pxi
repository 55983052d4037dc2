# Memory effects and speculatability, with upstream main's names
# (MemoryEffectsOpInterface, ConditionallySpeculatable, MemoryEffect,
# SideEffectResource, MemoryEffectInstance, Speculatability) on MLIR 22,
# through the shims of mlir-cython/Effects.h. Both interfaces can be queried
# on any operation and implemented by a Python class attached to a
# registered operation name (`attach`), as mlir.dialects.ext's `traits=`
# does for operations defined in Python.

from cpython.exc cimport PyErr_SetObject, PyErr_WriteUnraisable
from libc.string cimport memset
from mlir._mlir_libs.capi.mlir_cython.effects cimport *
from mlir._mlir_libs.capi.mlir_cython.attach cimport *


class Speculatability(enum.Enum):
    """Whether an operation may be executed speculatively
    (ConditionallySpeculatable)."""
    NotSpeculatable = MLIR_CY_NOT_SPECULATABLE
    Speculatable = MLIR_CY_SPECULATABLE
    RecursivelySpeculatable = MLIR_CY_RECURSIVELY_SPECULATABLE


_EFFECT_NAMES = ("Allocate", "Free", "Read", "Write")


class MemoryEffect:
    """A memory effect: MemoryEffect.Allocate, Free, Read or Write."""
    __slots__ = ("_kind",)

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "memory effects are MemoryEffect.Allocate, Free, "
                              "Read and Write")

    def __eq__(self, other):
        """Whether both are the same effect."""
        if not isinstance(other, MemoryEffect):
            return NotImplemented
        return self._kind == other._kind

    def __hash__(self):
        return hash(("MemoryEffect", self._kind))

    def __repr__(self):
        return f"MemoryEffect.{_EFFECT_NAMES[self._kind]}"


cdef object _memory_effect(int kind):
    e = object.__new__(MemoryEffect)
    e._kind = kind
    return e


MemoryEffect.Allocate = _memory_effect(MLIR_CY_MEMORY_EFFECT_ALLOCATE)
MemoryEffect.Free = _memory_effect(MLIR_CY_MEMORY_EFFECT_FREE)
MemoryEffect.Read = _memory_effect(MLIR_CY_MEMORY_EFFECT_READ)
MemoryEffect.Write = _memory_effect(MLIR_CY_MEMORY_EFFECT_WRITE)


class SideEffectResource:
    """What a memory effect acts on: SideEffectResource.Default, or a
    resource an operation's effects name."""
    __slots__ = ("_ptr",)

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "resources are SideEffectResource.Default or those "
                              "of queried effects")

    def __eq__(self, other):
        """Whether both are the same resource."""
        if not isinstance(other, SideEffectResource):
            return NotImplemented
        return self._ptr == other._ptr

    def __hash__(self):
        return hash(("SideEffectResource", self._ptr))

    def __repr__(self):
        cdef MlirStringRef name = mlirCySideEffectsResourceGetName(
            <const void*><uintptr_t>self._ptr)
        return f"SideEffectResource({from_ref(name)})"


cdef object _resource(const void* ptr):
    r = object.__new__(SideEffectResource)
    r._ptr = <uintptr_t>ptr
    return r


SideEffectResource.Default = _resource(mlirCySideEffectsDefaultResource())


class MemoryEffectInstancesList(list):
    """The list a get_effects(op, effects) implementation (upstream's first
    form) appends its MemoryEffectInstance objects to."""


class MemoryEffectInstance:
    """One memory effect of an operation: the effect, what it acts on (an
    OpOperand, OpResult, BlockArgument, SymbolRefAttr or nothing), optional
    parameters, the stage, whether it acts on the whole resource, and the
    resource."""
    __slots__ = ("_effect", "_target", "_parameters", "_stage", "_full",
                 "_resource")

    def __init__(self, effect: MemoryEffect,
                 target: OpOperand | Value | Attribute | None = None, *,
                 parameters: Attribute | None = None, stage: int = 0,
                 effect_on_full_region: bool = False,
                 resource: SideEffectResource | None = None):
        if not isinstance(effect, MemoryEffect):
            raise TypeError(f"effect must be a MemoryEffect, not "
                            f"{type(effect).__name__}")
        if target is not None and not isinstance(target, (OpOperand, Value)):
            if not isinstance(target, Attribute):
                raise TypeError("target must be an OpOperand, OpResult, "
                                "BlockArgument, SymbolRefAttr, or None")
            if not mlirAttributeIsASymbolRef((<Attribute>target).c_attr):
                raise TypeError("target Attribute must be a SymbolRefAttr")
        if parameters is not None and not isinstance(parameters, Attribute):
            raise TypeError("parameters must be an Attribute or None")
        if resource is None:
            resource = SideEffectResource.Default
        elif not isinstance(resource, SideEffectResource):
            raise TypeError(f"resource must be a SideEffectResource, not "
                            f"{type(resource).__name__}")
        self._effect = effect
        self._target = target
        self._parameters = parameters
        self._stage = int(stage)
        self._full = True if effect_on_full_region else False
        self._resource = resource

    @property
    def effect(self) -> MemoryEffect:
        """The memory effect (a MemoryEffect)."""
        return self._effect

    @property
    def resource(self) -> SideEffectResource:
        """The resource the effect acts on."""
        return self._resource

    @property
    def stage(self) -> int:
        """When the effect happens: lower stages first."""
        return self._stage

    @property
    def effect_on_full_region(self) -> bool:
        """Whether the effect acts on the whole resource."""
        return self._full

    @property
    def parameters(self) -> Attribute | None:
        """The effect's parameters (an Attribute), or None."""
        return self._parameters

    @property
    def value(self) -> Value | None:
        """The value the effect acts on (an operand's current value), or
        None."""
        t = self._target
        if isinstance(t, OpOperand):
            return t.value
        return t if isinstance(t, Value) else None

    @property
    def symbol_ref(self) -> Attribute | None:
        """The symbol the effect acts on (a SymbolRefAttr), or None."""
        return self._target if isinstance(self._target, Attribute) else None

    def __repr__(self):
        return f"MemoryEffectInstance({self._effect!r}, {self._target!r})"


# -- Python implementations, called from MLIR ------------------------------

# Per thread: the exceptions of implementations called by a query from
# Python (re-raised by it). Elsewhere (in a pass) an implementation that
# raises goes to sys.unraisablehook, as exceptions in other callbacks that
# cannot propagate do, and MLIR gets the most conservative answer.
cdef object _iface_tls = threading.local()


cdef void _iface_failure(object where, object e) noexcept:
    try:
        pending = getattr(_iface_tls, "pending", None)
        if pending is not None:
            pending.append(e)
            return
        PyErr_SetObject(type(e), e)
        PyErr_WriteUnraisable(where)
    except BaseException:
        pass


cdef tuple _query_begin():
    """Starts a query from Python: the implementations it calls append
    their exceptions to a list; returns (that list, the outer one)."""
    saved = getattr(_iface_tls, "pending", None)
    pending = []
    _iface_tls.pending = pending
    return pending, saved


cdef int _query_end(tuple state) except -1:
    """Ends a query: re-raises the first exception of an implementation."""
    pending, saved = state
    _iface_tls.pending = saved
    if pending:
        raise pending[0]
    return 0


cdef int _effect_struct(object inst, Context ctx, MlirOperation op,
                        MlirCyMemoryEffect* e) except -1:
    """The C form of a MemoryEffectInstance returned for `op`, its handles
    checked live and of `ctx`."""
    memset(e, 0, sizeof(MlirCyMemoryEffect))
    e.effect = inst._effect._kind
    e.stage = inst._stage
    e.effectOnFullRegion = inst._full
    e.resource = <const void*><uintptr_t>inst._resource._ptr
    if inst._parameters is not None:
        e.parameters = attribute_handle_in(inst._parameters, ctx,
                                           "the effect's parameters")
    t = inst._target
    cdef OpOperand operand
    if isinstance(t, OpOperand):
        operand = <OpOperand>t
        e.owner = op_handle(operand.op)
        if operand.op.context is not ctx:
            raise ValueError("the effect's target: an OpOperand of another "
                             "Context")
        if operand.number >= <unsigned int>mlirOperationGetNumOperands(e.owner):
            raise ValueError("the effect's target: an OpOperand its "
                             "operation no longer has")
        e.operandIndex = operand.number
    elif isinstance(t, Value):
        e.value = value_handle(t, "the effect's target")
        _check_same_context(t, ctx, "the effect's target")
    elif t is not None:
        e.symbol = attribute_handle_in(t, ctx, "the effect's target")
    return 0


@cython.final
cdef class _EffectsCall:
    """target.get_effects(view), its effects appended to MLIR's list (while
    the objects it returns are valid: see _call_on_op)."""
    cdef object target
    cdef Context ctx
    cdef MlirOperation op
    cdef void* sink

    def __call__(self, view):
        cdef MlirCyMemoryEffect e
        target, appends = self.target
        if not _knows_effects(target, view):
            return False
        if appends:             # upstream's first form: get_effects(op, effects)
            effects = MemoryEffectInstancesList()
            result = target.get_effects(view, effects)
            if result is None:
                result = effects
        else:
            result = target.get_effects(view)
        try:
            items = list(result)
        except TypeError:
            raise TypeError("get_effects must return an iterable") from None
        for inst in items:
            if not isinstance(inst, MemoryEffectInstance):
                raise TypeError("get_effects must return MemoryEffectInstance "
                                "objects")
            _effect_struct(inst, self.ctx, self.op, &e)
            mlirCyMemoryEffectsAppend(self.sink, &e)
        return True


cdef bint _knows_effects(object target, object view) except -1:
    """Whether the implementation `target` knows the effects of `view`
    (upstream main's optional has_known_memory_effects(op); MLIR 22 has no
    such query, so an operation whose effects are unknown reports every
    effect, as one without the interface counts)."""
    known = getattr(target, "has_known_memory_effects", None)
    if known is None:
        return True
    answer = known(view)
    if answer is not True and answer is not False:
        raise TypeError("has_known_memory_effects must return a bool, not "
                        f"{type(answer).__name__}")
    return answer


cdef bool _effects_callback(MlirOperation op, void* user,
                            void* sink) noexcept with gil:
    cdef _EffectsCall call = _EffectsCall.__new__(_EffectsCall)
    try:
        call.ctx = context_for_handle(mlirOperationGetContext(op))
        call.target = <object>user
        call.op = op
        call.sink = sink
        return _call_on_op(call.ctx, op, call, True)
    except BaseException as exc:
        _iface_failure(getattr((<tuple>user)[0], "get_effects", None), exc)
        return False


cdef int _speculatability_callback(MlirOperation op,
                                   void* user) noexcept with gil:
    cdef Context ctx
    try:
        ctx = context_for_handle(mlirOperationGetContext(op))
        get = (<object>user).get_speculatability
        answer = _call_on_op(ctx, op, get, True)
        if not isinstance(answer, Speculatability):
            raise TypeError(f"get_speculatability must return a "
                            f"Speculatability, not {type(answer).__name__}")
        return answer.value
    except BaseException as exc:
        _iface_failure(getattr(<object>user, "get_speculatability", None),
                       exc)
        return -1


# Classes attached, kept alive as long as their context: MLIR's models of
# a context hold them borrowed and go with it.
cdef object _attached = weakref.WeakKeyDictionary()
cdef object _attached_lock = threading.Lock()


cdef object _attach_target(object base, object cls, object op_name,
                           object target, object context, str method):
    """The checked arguments of an attach: (Context, name bytes, target
    (`cls` by default))."""
    if target is None:
        target = cls
    if not isinstance(op_name, str):
        raise TypeError(f"op_name must be a str, not {type(op_name).__name__}")
    impl = getattr(target, method, None)
    if impl is None or impl is getattr(base, method, None):
        raise TypeError(f"{getattr(target, '__name__', target)!r} does not "
                        f"define {method}")
    return resolve_context(context), op_name.encode("utf-8"), target


cdef void* _kept(Context ctx, object user):
    """`user`, kept alive as long as `ctx`, as the userData of MLIR's
    models (which hold it borrowed and go with the context)."""
    with _attached_lock:
        _attached.setdefault(ctx, []).append(user)
    return <void*>user


cdef bint _takes_two(object fn):
    """Whether `fn` takes two positional arguments (upstream's first form
    of get_effects: (op, effects))."""
    import inspect               # only here: it costs an import 8 ms
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
               for p in params) >= 2


cdef int _attach_result(int result, str op_name, str iface) except -1:
    if result == MLIR_CY_ATTACH_UNREGISTERED:
        raise ValueError(f"operation '{op_name}' is not registered in this "
                         "context")
    if result == MLIR_CY_ATTACH_IMPLEMENTED:
        raise ValueError(f"operation '{op_name}' implements {iface} in C++ "
                         "already")
    return 0


cdef class MemoryEffectsOpInterface(_OpInterface):
    """MemoryEffectsOpInterface of an operation: `get_effects()` lists its
    memory effects. A subclass defining a static `get_effects(op)` that
    returns MemoryEffectInstance objects implements it:
    `MyModel.attach("my.op")` makes the operations of that name use it."""

    cdef MlirTypeID interface_id(self):
        return mlirCyMemoryEffectsOpInterfaceTypeID()

    def __init__(self, *args, context=None, **kwargs):
        _OpInterface.__init__(self, *args, context=context, **kwargs)
        # An implementation that does not know this operation's effects
        # makes it one without the interface (upstream main's
        # has_known_memory_effects).
        if self.op is None:
            return
        cdef Operation op = <Operation>self.op
        cdef void* user = mlirCyMemoryEffectsGetUserData(op_handle(op))
        if user != NULL and not _knows_effects(
                (<tuple>user)[0], as_opview(op_primary(op))):
            raise ValueError("the operation does not implement "
                             + type(self).__name__)

    def get_effects(self) -> list[MemoryEffectInstance]:
        """The memory effects of the operation (a list of
        MemoryEffectInstance)."""
        if self.op is None:
            raise TypeError("Cannot query effects on a static interface")
        cdef Operation op = <Operation>self.op
        cdef MlirOperation h = op_handle(op)
        cdef list out = []
        state = _query_begin()
        try:
            mlirCyMemoryEffectsGet(h, _collect_effect, <void*>out)
        finally:
            _query_end(state)
        return [_queried_effect(op.context, item) for item in out]

    @classmethod
    def attach(cls, op_name: str, *, target: type | None = None,
               context=None) -> None:
        """Makes the operations named `op_name` (registered in `context` or
        the current context) implement the interface by `target` (this
        class by default): MLIR calls `target.get_effects(op)`. ValueError
        if the name is not registered or implements the interface in C++."""
        ctx, name, target = _attach_target(MemoryEffectsOpInterface, cls,
                                           op_name, target, context,
                                           "get_effects")
        cdef bytes b = name
        _attach_result(mlirCyMemoryEffectsAttach(
            (<Context>ctx).c_context, str_ref(b), _effects_callback,
            _kept(ctx, (target, _takes_two(target.get_effects)))),
            op_name, "MemoryEffectsOpInterface")


cdef void _collect_effect(const MlirCyMemoryEffect* e,
                          void* out) noexcept with gil:
    (<list>out).append((e.effect, e.stage, e.effectOnFullRegion,
                        <uintptr_t>e.resource, <uintptr_t>e.parameters.ptr,
                        <uintptr_t>e.value.ptr, <uintptr_t>e.symbol.ptr))


cdef object _queried_effect(Context ctx, tuple item):
    cdef MlirAttribute a
    cdef MlirValue v
    kind, stage, full, resource, params, value, symbol = item
    target = None
    if value:
        v.ptr = <void*><uintptr_t>value
        target = wrap_value_any(ctx, v)
    elif symbol:
        a.ptr = <void*><uintptr_t>symbol
        target = wrap_attribute(ctx, a)
    parameters = None
    if params:
        a.ptr = <void*><uintptr_t>params
        parameters = wrap_attribute(ctx, a)
    inst = object.__new__(MemoryEffectInstance)
    inst._effect = _memory_effect(kind)
    inst._target = target
    inst._parameters = parameters
    inst._stage = stage
    inst._full = full
    inst._resource = _resource(<const void*><uintptr_t>resource)
    return inst


cdef class ConditionallySpeculatable(_OpInterface):
    """ConditionallySpeculatable of an operation: `getSpeculatability()`
    says whether it may run speculatively. A subclass defining a static
    `get_speculatability(op)` that returns a Speculatability implements it:
    `MyModel.attach("my.op")` makes the operations of that name use it."""

    cdef MlirTypeID interface_id(self):
        return mlirCyConditionallySpeculatableTypeID()

    def getSpeculatability(self) -> Speculatability:
        """The speculatability of the operation (a Speculatability)."""
        if self.op is None:
            raise TypeError(
                "Cannot query speculatability on a static interface")
        cdef MlirOperation h = op_handle(<Operation>self.op)
        cdef int answer
        state = _query_begin()
        try:
            answer = mlirCySpeculatabilityGet(h)
        finally:
            _query_end(state)
        return Speculatability(answer)

    @classmethod
    def attach(cls, op_name: str, *, target: type | None = None,
               context=None) -> None:
        """Makes the operations named `op_name` (registered in `context` or
        the current context) implement the interface by `target` (this
        class by default): MLIR calls `target.get_speculatability(op)`.
        ValueError if the name is not registered or implements the
        interface in C++."""
        ctx, name, target = _attach_target(ConditionallySpeculatable, cls,
                                           op_name, target, context,
                                           "get_speculatability")
        cdef bytes b = name
        _attach_result(mlirCySpeculatabilityAttach(
            (<Context>ctx).c_context, str_ref(b), _speculatability_callback,
            _kept(ctx, target), 0), op_name, "ConditionallySpeculatable")


def _attach_fixed_effects(str op_name not None, context=None):
    """Makes the operations named `op_name` have no memory effects, answered
    without calling Python (mlir.dialects.ext's NoMemoryEffect)."""
    cdef Context ctx = resolve_context(context)
    cdef bytes b = op_name.encode("utf-8")
    _attach_result(mlirCyMemoryEffectsAttach(ctx.c_context, str_ref(b), NULL,
                                             NULL),
                   op_name, "MemoryEffectsOpInterface")


def _attach_fixed_speculatability(str op_name not None, answer, context=None):
    """Makes the operations named `op_name` answer `answer` (a
    Speculatability) without calling Python (mlir.dialects.ext's
    AlwaysSpeculatable and RecursivelySpeculatable)."""
    cdef Context ctx = resolve_context(context)
    cdef bytes b = op_name.encode("utf-8")
    _attach_result(mlirCySpeculatabilityAttach(
        ctx.c_context, str_ref(b), NULL, NULL,
        Speculatability(answer).value), op_name, "ConditionallySpeculatable")
