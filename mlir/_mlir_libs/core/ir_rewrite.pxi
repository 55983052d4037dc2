# Pattern rewriting (mlir.rewrite): pattern sets with Python patterns, the
# greedy and the walk drivers. PDL pattern modules (ir_pdl.pxi) and the
# dialect conversion driver (ir_conversion.pxi) run through the drivers
# here.
#
# Validity. A driver run is bracketed like a pass run (_Mutation): objects
# of operations nested under the root are suspended from its start and
# valid again after it if their operation survived; objects made during
# the run are invalid after it; the root stays valid.
# Between two callbacks the C++ driver may fold or erase any nested
# operation without telling us, so objects of nested operations made inside
# a callback are invalidated when that callback returns: an object handed
# to a pattern is good for the duration of that call only. Erasure through
# the PatternRewriter invalidates at once. Direct erasure (Operation.erase,
# detach_from_parent, SymbolTable.erase, a pass run, a nested driver) of IR
# under a running driver is refused: the driver would keep freed operations
# on its worklist.
#
# Results of Python functions follow upstream: None or False means success
# (the pattern matched and rewrote), True means failure (no match). Any
# other result is a TypeError, raised from the apply call.
#
# Exceptions raised by a Python pattern or PDL function are stored; every
# later Python callback of that run fails at once without calling Python,
# the driver finishes, and the exception is re-raised (with its traceback)
# from the apply call.
#
# PDL native rewrite functions cannot fail: MLIR's greedy driver aborts the
# process when one does. When a Python rewrite function raises, returns
# True or appends the wrong results, the error is stored as above and the
# function "succeeds" with placeholders of the declared kinds (a unit
# attribute, the none type, builtin.unrealized_conversion_cast operations
# shaped like the matched operation's results), so the PDL rewrite can
# finish; the apply call then raises the error.

from cpython.pythread cimport PyThread_get_thread_ident
from mlir._mlir_libs.capi.rewrite cimport *
from mlir._mlir_libs.capi.mlir_cython.conversion cimport *
from mlir._mlir_libs.capi.builtin_attributes cimport (
    mlirAttributeIsAString, mlirStringAttrGetValue, mlirUnitAttrGet,
)
from mlir._mlir_libs.capi.builtin_types cimport mlirNoneTypeGet
from mlir._mlir_libs.capi.bindings.python.interop cimport (
    mlirPythonFrozenRewritePatternSetToCapsule,
    mlirPythonCapsuleToFrozenRewritePatternSet,
    MLIR_PYTHON_CAPSULE_PASS_MANAGER,
)
import builtins
import weakref

_PyBool = type(True)     # `bool` is C++'s bool in this module


class GreedyRewriteStrictness(enum.Enum):
    """Which operations the greedy driver applies patterns to: ANY_OP,
    EXISTING_AND_NEW_OPS or EXISTING_OPS."""
    ANY_OP = MLIR_GREEDY_REWRITE_STRICTNESS_ANY_OP
    EXISTING_AND_NEW_OPS = MLIR_GREEDY_REWRITE_STRICTNESS_EXISTING_AND_NEW_OPS
    EXISTING_OPS = MLIR_GREEDY_REWRITE_STRICTNESS_EXISTING_OPS


class GreedySimplifyRegionLevel(enum.Enum):
    """How much the greedy driver simplifies regions: DISABLED, NORMAL or
    AGGRESSIVE."""
    DISABLED = MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_DISABLED
    NORMAL = MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_NORMAL
    AGGRESSIVE = MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_AGGRESSIVE


# -- driver runs in progress -----------------------------------------------

@cython.final
cdef class _Driver:
    """One driver run: its root, the thread running it, the first error."""
    cdef Context context
    cdef Operation root_obj         # keeps the root (and its tree) alive
    cdef MlirOperation root
    cdef unsigned long thread
    cdef object error
    # A dialect conversion run: the operations its patterns replaced or
    # erased (pointers), which MLIR keeps in place, ignored, until the end.
    cdef bint conversion
    cdef set gone
    # The rewriter of the conversion pattern running now, if any: what
    # Python code changes in the IR meanwhile is reported through it.
    cdef ConversionPatternRewriter rw


# Runs in progress, innermost last (all threads; a callback finds its run
# by thread, as drivers call back on the thread that started them).  Every
# access holds a critical section on _drivers_lock, never on the list itself:
# the list's own operations lock the list again, and on python3.13t a
# nested section on the same object suspends the outer one, so an index
# found under it could be stale by the time `del` runs.
cdef list _drivers = []
cdef object _drivers_lock = object()


cdef _Driver _current_driver():
    cdef unsigned long me = PyThread_get_thread_ident()
    cdef _Driver d
    with cython.critical_section(_drivers_lock):  # other threads' runs end
        for i in range(len(_drivers) - 1, -1, -1):
            d = <_Driver>_drivers[i]
            if d.thread == me:
                return d
    return None


cdef int check_not_rewriting(Context ctx, MlirOperation op,
                             str what) except -1:
    """Refuses a direct mutation that would free `op` (or IR in it) while a
    driver runs over IR containing it, or over IR it contains."""
    cdef _Driver d
    cdef list runs
    if not _drivers:                # the common case, without the lock
        return 0
    with cython.critical_section(_drivers_lock):
        runs = _drivers[:]
    for obj in runs:
        d = <_Driver>obj
        if d.context is ctx and (_is_ancestor(d.root, op) or
                                 _is_ancestor(op, d.root)):
            raise RuntimeError(
                f"cannot {what} while patterns are being applied to the IR "
                "containing it; use the PatternRewriter's methods")
    return 0


cdef int _end_callback(_Driver d, size_t inserts_before) except -1:
    """After a Python callback: objects of nested operations made during it
    become invalid (the driver may erase those operations next)."""
    if d.context.live_ops.inserts != inserts_before:
        d.context.invalidate_nested(d.root, False)
    return 0


cdef int _end_pattern(_Driver d, PatternRewriter r,
                      ConversionPatternRewriter outer,
                      size_t inserts) except -1:
    """After a Python pattern: its rewriter is done, the conversion pattern
    running around it (if any) is current again, objects made during it go
    (see _end_callback), and in a conversion, blocks are checked again
    (the driver may roll the pattern back)."""
    r.active = False
    d.rw = outer
    _end_callback(d, inserts)
    if d.conversion:
        d.context.epoch += 1
    return 0


cdef MlirLogicalResult _logical_result(object res, object fn) except *:
    if res is None or res is False:
        return mlirLogicalResultSuccess()
    if res is True:
        return mlirLogicalResultFailure()
    raise TypeError(
        f"{getattr(fn, '__name__', 'the pattern function')} returned "
        f"{type(res).__name__}; a pattern or PDL function returns None or "
        "False when it matched (and rewrote), True when it did not match")


cdef Operation _operation_arg(Context ctx, object op, str what):
    cdef Operation o
    if isinstance(op, Module):
        o = <Operation>(<Module>op).operation
    elif isinstance(op, Operation):
        o = op_primary(as_operation(op, what))
    else:
        raise TypeError(f"{what} must be a Module, Operation or OpView, not "
                        f"{type(op).__name__}")
    if ctx is not None and o.context is not ctx:
        raise ValueError(f"{what} belongs to another context than the "
                         "patterns")
    return o


# -- PatternRewriter --------------------------------------------------------

cdef class PatternRewriter:
    """The rewriter handed to a Python pattern (or PDL function) for the
    duration of the call: use `ip` to build new operations, and
    replace_op / erase_op to change the IR, so the driver is notified."""
    cdef MlirRewriterBase c_rewriter
    cdef _Driver driver
    cdef bint active

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "PatternRewriter objects are handed to patterns by "
                              "the rewrite drivers")

    @staticmethod
    cdef PatternRewriter new(_Driver d, MlirPatternRewriter rw):
        cdef PatternRewriter r = PatternRewriter.__new__(PatternRewriter)
        r.c_rewriter = mlirPatternRewriterAsBase(rw)
        r.driver = d
        r.active = True
        return r

    cdef int check(self) except -1:
        if not self.active:
            raise RuntimeError("the PatternRewriter was used after its "
                               "pattern returned")
        return 0

    cdef Operation in_scope(self, object op, str what):
        """`op` as a valid Operation strictly nested in the driver's root."""
        cdef Operation o = op_primary(as_operation(op, what))
        cdef _Driver d = self.driver
        if o.context is not d.context or o.c_op.ptr == d.root.ptr or \
                not _is_ancestor(d.root, o.c_op):
            raise ValueError(f"{what} is not nested in the operation the "
                             "patterns are applied to")
        if d.conversion:
            _check_not_gone(d, o.c_op, what)
        return o

    cdef int check_changeable(self, Operation o) except -1:
        """In a conversion, refuses to replace or erase the casts the driver
        makes (it keeps them in its own tables until the end)."""
        if self.driver.conversion and \
                _name_info(o.context, o.c_op).name == \
                "builtin.unrealized_conversion_cast":
            raise ValueError(
                "cannot replace or erase a builtin.unrealized_conversion_cast "
                "during a dialect conversion: the driver owns its casts")
        return 0

    cdef int record_gone(self, Operation o) except -1:
        if self.driver.conversion:
            self.driver.gone.add(<uintptr_t>o.c_op.ptr)
        return 0

    @property
    def ip(self) -> InsertionPoint:
        """The rewriter's insertion point (before the matched operation
        unless the pattern moved it), as an InsertionPoint usable with
        `with`."""
        self.check()
        cdef Context ctx = self.driver.context
        cdef MlirBlock b = mlirRewriterBaseGetInsertionBlock(self.c_rewriter)
        if b.ptr == NULL:
            raise RuntimeError("the rewriter has no insertion point")
        cdef MlirOperation nxt = mlirRewriterBaseGetOperationAfterInsertion(
            self.c_rewriter)
        if nxt.ptr != NULL:
            return InsertionPoint(wrap_operation_any(ctx, nxt))
        cdef MlirOperation parent = mlirBlockGetParentOperation(b)
        if parent.ptr == NULL:
            raise RuntimeError("the rewriter inserts into a detached block")
        return InsertionPoint(wrap_block(
            <Operation>wrap_operation_any(ctx, parent), b))

    def replace_op(self, op: Operation,
                   new_op: Operation | Sequence[Value] = None, *,
                   values: Sequence[Value] | None = None) -> None:
        """Replaces the results of `op` with the results of an operation or
        with a list of values (one per result; positional, or as
        ``values=``), then erases `op`. Objects of op and of everything
        nested in it become invalid."""
        if values is not None:
            if new_op is not None:
                raise TypeError("replace_op() got both new_op and values")
            new_op = values
        elif new_op is None:
            raise TypeError("replace_op() missing 1 required positional "
                            "argument: 'new_op'")
        new_op_or_values = new_op
        self.check()
        cdef Operation o = self.in_scope(op, "op")
        self.check_changeable(o)
        cdef Operation n
        cdef vector[MlirValue] vs
        cdef MlirValue v
        cdef MlirOperation owner
        cdef MlirOperation top = _top_of(self.driver.root)
        cdef intptr_t nres = mlirOperationGetNumResults(o.c_op)
        if isinstance(new_op_or_values, Operation):
            n = self.in_scope(new_op_or_values, "new_op")
            if _is_ancestor(o.c_op, n.c_op):
                raise ValueError("cannot replace an operation with itself or "
                                 "an operation nested in it")
            if mlirOperationGetNumResults(n.c_op) != nres:
                raise ValueError(
                    f"cannot replace '{o.name}' ({nres} results) with "
                    f"'{n.name}' ({mlirOperationGetNumResults(n.c_op)} "
                    "results)")
            _check_walk_allows_erase(o.context, o.c_op)
            o.context.invalidate_nested(o.c_op, True)
            self.record_gone(o)
            mlirRewriterBaseReplaceOpWithOperation(self.c_rewriter, o.c_op,
                                                   n.c_op)
            return
        if isinstance(new_op_or_values, (str, bytes)) or \
                not _is_sequence(new_op_or_values):
            raise TypeError("replace_op() takes an Operation or a list of "
                            "Values, not "
                            f"{type(new_op_or_values).__name__}")
        for x in new_op_or_values:
            v = operand_handle(x, "replace_op")
            owner = mlirOpResultGetOwner(v) if mlirValueIsAOpResult(v) else \
                mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v))
            if owner.ptr == NULL or _top_of(owner).ptr != top.ptr:
                raise ValueError("replacement values must belong to the IR "
                                 "the patterns are applied to")
            if _is_ancestor(o.c_op, owner):
                raise ValueError("cannot replace an operation with its own "
                                 "results or values nested in it")
            vs.push_back(v)
        if <intptr_t>vs.size() != nres:
            raise ValueError(f"'{o.name}' has {nres} results but "
                             f"{vs.size()} replacement values were given")
        _check_walk_allows_erase(o.context, o.c_op)
        o.context.invalidate_nested(o.c_op, True)
        self.record_gone(o)
        mlirRewriterBaseReplaceOpWithValues(self.c_rewriter, o.c_op,
                                            vs.size(), vs.data())

    def erase_op(self, op: Operation) -> None:
        """Erases `op` (its results must be unused). Objects of op and of
        everything nested in it become invalid."""
        self.check()
        cdef Operation o = self.in_scope(op, "op")
        self.check_changeable(o)
        if _results_in_use(o.c_op):
            raise RuntimeError(
                f"cannot erase '{o.name}': its results still have uses")
        _check_walk_allows_erase(o.context, o.c_op)
        o.context.invalidate_nested(o.c_op, True)
        self.record_gone(o)
        mlirRewriterBaseEraseOp(self.c_rewriter, o.c_op)




# -- Python patterns -----------------------------------------------------------

@cython.final
cdef class _PatternData:
    """userData of a Python pattern: the match-and-rewrite callable."""
    cdef object fn


cdef void _incref_user(void* user) noexcept with gil:
    Py_INCREF(<object>user)


cdef void _decref_user(void* user) noexcept with gil:
    Py_DECREF(<object>user)


cdef MlirLogicalResult _pattern_callback(
        MlirRewritePattern pattern, MlirOperation op,
        MlirPatternRewriter rewriter, void* user) noexcept with gil:
    cdef _PatternData data = <_PatternData>user
    cdef _Driver d = _current_driver()
    if d is None or d.error is not None:
        return mlirLogicalResultFailure()
    cdef PatternRewriter r
    cdef ConversionPatternRewriter outer = d.rw
    if d.conversion:
        # A conversion driver's rewriter: Python's changes go through it,
        # as in conversion patterns.
        r = ConversionPatternRewriter.new_conv(
            d, mlirCyConversionPatternRewriterFromPatternRewriter(rewriter))
        d.rw = <ConversionPatternRewriter>r
    else:
        r = PatternRewriter.new(d, rewriter)
    cdef size_t inserts = d.context.live_ops.inserts
    cdef MlirLogicalResult res = mlirLogicalResultFailure()
    try:
        try:
            res = _logical_result(
                data.fn(wrap_operation_any(d.context, op), r), data.fn)
        finally:
            _end_pattern(d, r, outer, inserts)
    except BaseException as e:
        if d.error is None:
            d.error = e
        res = mlirLogicalResultFailure()
    return res


cdef str _class_or_name(object x, str attr, str thing, str how):
    """The `thing` `x` gives: itself (a str) or its class attribute `attr`;
    `how` says what to pass instead."""
    if isinstance(x, str):
        name = x
    elif isinstance(x, type):
        name = getattr(x, attr)         # AttributeError as upstream
        if not isinstance(name, str):
            raise TypeError(f"{x.__name__}.{attr} is not a str: pass {how}")
    else:
        raise TypeError("the root argument must be a type or a string, not "
                        f"{type(x).__name__}")
    if not name:
        raise ValueError(f"the {thing} is empty")
    return name


cdef str _root_name(object root):
    """The operation name of a pattern root or a target's operation: an
    OpView subclass (its OPERATION_NAME) or a name."""
    return _class_or_name(root, "OPERATION_NAME", "root operation name",
                          "an OpView subclass or an operation name")


cdef str _dialect_name(object dialect):
    """The namespace of a dialect given as a Dialect class (its
    DIALECT_NAMESPACE) or a namespace."""
    return _class_or_name(dialect, "DIALECT_NAMESPACE", "dialect namespace",
                          "a Dialect class or a namespace")


cdef unsigned int _benefit(object benefit) except? 0xFFFFFFFF:
    if isinstance(benefit, _PyBool) or not isinstance(benefit, int):
        raise TypeError(f"benefit must be an int, not "
                        f"{type(benefit).__name__}")
    if benefit < 0:
        # An unsigned parameter upstream: nanobind refuses a negative int.
        raise TypeError(f"benefit must be in [0, 65534], not {benefit}")
    if benefit > 65534:
        raise ValueError(f"benefit must be in [0, 65534], not {benefit}")
    return <unsigned int>benefit


@cython.final
@cython.no_gc_clear
cdef class RewritePatternSet:
    """Patterns being collected; freeze() turns them into a
    FrozenRewritePatternSet (this set is consumed)."""
    cdef MlirRewritePatternSet c_set
    cdef readonly Context context
    """The Context this object belongs to."""
    cdef list keepalive
    cdef bint conversion            # holds conversion patterns

    def __init__(self, context=None):
        cdef Context ctx = resolve_context(context)
        self.context = ctx
        self.keepalive = []
        self.c_set = mlirRewritePatternSetCreate(ctx.c_context)

    def __dealloc__(self):
        if self.c_set.ptr != NULL:
            mlirRewritePatternSetDestroy(self.c_set)
            self.c_set.ptr = NULL

    cdef int check(self) except -1:
        if self.c_set.ptr == NULL:
            raise RuntimeError("the RewritePatternSet was frozen; create a "
                               "new one")
        return 0

    def add(self, root: type[OpView] | str,
            fn: Callable[[Any, PatternRewriter], Any],
            benefit: int = 1) -> None:
        """Adds a pattern on operations named `root` (an OpView subclass or
        an operation name): fn(op, rewriter) is called with the operation
        as its OpView class and a PatternRewriter. fn returns None or False
        when it matched and rewrote the IR, True when it did not match.
        Patterns with a higher benefit are tried first."""
        self.check()
        cdef str name = _root_name(root)
        if not callable(fn):
            raise TypeError(f"fn must be callable, not {type(fn).__name__}")
        cdef unsigned int b = _benefit(benefit)
        cdef _PatternData data = _PatternData.__new__(_PatternData)
        data.fn = fn
        cdef bytes bname = name.encode("utf-8")
        cdef MlirRewritePatternCallbacks cbs
        cbs.construct = _incref_user
        cbs.destruct = _decref_user
        cbs.matchAndRewrite = _pattern_callback
        cdef MlirRewritePattern p = mlirCyOpRewritePatternCreateOnThreadStack(
            str_ref(bname), b, self.context.c_context, cbs, <void*>data, 0,
            NULL)
        mlirRewritePatternSetAdd(self.c_set, p)
        self.keepalive.append(data)

    def add_conversion(self, root: type[OpView] | str,
                       fn: Callable[[Any, OpAdaptor, TypeConverter, ConversionPatternRewriter], Any],
                       type_converter: TypeConverter,
                       benefit: int = 1) -> None:
        """Adds a conversion pattern on operations named `root` (an OpView
        subclass or an operation name), for apply_partial_conversion and
        apply_full_conversion: fn(op, adaptor, type_converter, rewriter) is
        called with the operation as its OpView class, an OpAdaptor (the
        op's generated `<Op>Adaptor` class when it has one) holding its
        operands as converted so far, `type_converter` and a
        ConversionPatternRewriter. fn returns None or False when it matched
        and rewrote the IR, True when it did not match. Patterns with a
        higher benefit are tried first."""
        self.check()
        cdef str name = _root_name(root)
        if not callable(fn):
            raise TypeError(f"fn must be callable, not {type(fn).__name__}")
        if not isinstance(type_converter, TypeConverter):
            raise TypeError("type_converter must be a TypeConverter, not "
                            f"{type(type_converter).__name__}")
        cdef unsigned int b = _benefit(benefit)
        cdef _ConversionPatternData data = \
            _ConversionPatternData.__new__(_ConversionPatternData)
        data.fn = fn
        data.converter = type_converter
        cdef bytes bname = name.encode("utf-8")
        cdef MlirCyConversionPatternCallbacks cbs
        cbs.construct = _incref_user
        cbs.destruct = _decref_user
        cbs.matchAndRewrite = _conversion_callback
        cdef MlirRewritePattern p = mlirCyOpConversionPatternCreate(
            str_ref(bname), b, self.context.c_context,
            (<TypeConverter>type_converter).c_conv, cbs, <void*>data)
        mlirRewritePatternSetAdd(self.c_set, p)
        self.keepalive.append(data)
        self.conversion = True

    def freeze(self) -> FrozenRewritePatternSet:
        """The patterns, frozen for application. The set is consumed: add()
        and freeze() raise RuntimeError afterwards."""
        self.check()
        cdef MlirRewritePatternSet s = self.c_set
        self.c_set.ptr = NULL
        cdef MlirFrozenRewritePatternSet fs = mlirFreezeRewritePattern(s)
        # MLIR moves the patterns out but never frees the emptied set.
        mlirRewritePatternSetDestroy(s)
        cdef FrozenRewritePatternSet f = FrozenRewritePatternSet.new(
            self.context, fs, self.keepalive)
        f.conversion = self.conversion
        return f


# Live frozen sets by handle (borrowed), so a handle coming back through a
# capsule finds its owner instead of a second owner.
cdef dict _live_frozen = {}


@cython.final
@cython.no_gc_clear
cdef class FrozenRewritePatternSet:
    """Patterns ready to apply, any number of times."""
    cdef MlirFrozenRewritePatternSet c_set
    cdef readonly Context context
    """The Context this object belongs to."""
    cdef list keepalive
    cdef bint conversion            # holds conversion patterns
    cdef object __weakref__

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "FrozenRewritePatternSet objects are made by "
                              "RewritePatternSet.freeze() or PDLModule.freeze()")

    @staticmethod
    cdef FrozenRewritePatternSet new(Context ctx,
                                     MlirFrozenRewritePatternSet s,
                                     list keepalive):
        cdef FrozenRewritePatternSet f = \
            FrozenRewritePatternSet.__new__(FrozenRewritePatternSet)
        f.c_set = s
        f.context = ctx
        f.keepalive = keepalive
        _live_frozen[<uintptr_t>s.ptr] = weakref.ref(f)
        return f

    def __dealloc__(self):
        if self.c_set.ptr != NULL:
            _live_frozen.pop(<uintptr_t>self.c_set.ptr, None)
            mlirFrozenRewritePatternSetDestroy(self.c_set)
            self.c_set.ptr = NULL

    @property
    def _CAPIPtr(self):
        return mlirPythonFrozenRewritePatternSetToCapsule(self.c_set)

    @staticmethod
    def _CAPICreate(capsule):
        """The FrozenRewritePatternSet of a capsule from _CAPIPtr: the
        existing object when it is alive (ownership is never duplicated)."""
        # Upstream's Interop.h names these capsules like PassManager's.
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_PASS_MANAGER)
        cdef MlirFrozenRewritePatternSet s = \
            mlirPythonCapsuleToFrozenRewritePatternSet(capsule)
        ref = _live_frozen.get(<uintptr_t>s.ptr)
        obj = ref() if ref is not None else None
        if obj is None:
            raise ValueError("the capsule does not refer to a live "
                             "FrozenRewritePatternSet of this process")
        return obj


# -- GreedyRewriteConfig -------------------------------------------------------

@cython.final
cdef class GreedyRewriteConfig:
    """Settings of apply_patterns_and_fold_greedily (MLIR's defaults until
    changed). -1 means no limit for max_iterations / max_num_rewrites."""
    cdef MlirGreedyRewriteDriverConfig c_config

    def __cinit__(self):
        self.c_config = mlirGreedyRewriteDriverConfigCreate()

    def __init__(self):
        pass

    def __dealloc__(self):
        if self.c_config.ptr != NULL:
            mlirGreedyRewriteDriverConfigDestroy(self.c_config)

    @property
    def max_iterations(self) -> int:
        """The most iterations over the IR before giving up (settable; -1: no
        limit)."""
        return mlirGreedyRewriteDriverConfigGetMaxIterations(self.c_config)

    @max_iterations.setter
    def max_iterations(self, value):
        mlirGreedyRewriteDriverConfigSetMaxIterations(
            self.c_config, _limit(value, "max_iterations"))

    @property
    def max_num_rewrites(self) -> int:
        """The most rewrites before giving up (settable; -1: no limit)."""
        return mlirGreedyRewriteDriverConfigGetMaxNumRewrites(self.c_config)

    @max_num_rewrites.setter
    def max_num_rewrites(self, value):
        mlirGreedyRewriteDriverConfigSetMaxNumRewrites(
            self.c_config, _limit(value, "max_num_rewrites"))

    @property
    def use_top_down_traversal(self) -> bool:
        """Whether operations are visited top-down instead of bottom-up
        (settable)."""
        return mlirGreedyRewriteDriverConfigGetUseTopDownTraversal(self.c_config)

    @use_top_down_traversal.setter
    def use_top_down_traversal(self, value):
        mlirGreedyRewriteDriverConfigSetUseTopDownTraversal(
            self.c_config, _flag(value, "use_top_down_traversal"))

    @property
    def enable_folding(self) -> bool:
        """Whether operations are folded during the rewrite (settable)."""
        return mlirGreedyRewriteDriverConfigIsFoldingEnabled(self.c_config)

    @enable_folding.setter
    def enable_folding(self, value):
        mlirGreedyRewriteDriverConfigEnableFolding(
            self.c_config, _flag(value, "enable_folding"))

    @property
    def strictness(self) -> GreedyRewriteStrictness:
        """Which operations patterns may apply to (a GreedyRewriteStrictness;
        settable)."""
        return GreedyRewriteStrictness(
            <int>mlirGreedyRewriteDriverConfigGetStrictness(self.c_config))

    @strictness.setter
    def strictness(self, value):
        if not isinstance(value, GreedyRewriteStrictness):
            raise TypeError("strictness must be a GreedyRewriteStrictness, "
                            f"not {type(value).__name__}")
        mlirGreedyRewriteDriverConfigSetStrictness(
            self.c_config, <MlirGreedyRewriteStrictness><int>value.value)

    @property
    def region_simplification_level(self) -> GreedySimplifyRegionLevel:
        """How much regions are simplified (a GreedySimplifyRegionLevel;
        settable)."""
        return GreedySimplifyRegionLevel(<int>
            mlirGreedyRewriteDriverConfigGetRegionSimplificationLevel(
                self.c_config))

    @region_simplification_level.setter
    def region_simplification_level(self, value):
        if not isinstance(value, GreedySimplifyRegionLevel):
            raise TypeError("region_simplification_level must be a "
                            "GreedySimplifyRegionLevel, not "
                            f"{type(value).__name__}")
        mlirGreedyRewriteDriverConfigSetRegionSimplificationLevel(
            self.c_config, <MlirGreedySimplifyRegionLevel><int>value.value)

    @property
    def enable_constant_cse(self) -> bool:
        """Whether constants are deduplicated during the rewrite (settable)."""
        return mlirGreedyRewriteDriverConfigIsConstantCSEEnabled(self.c_config)

    @enable_constant_cse.setter
    def enable_constant_cse(self, value):
        mlirGreedyRewriteDriverConfigEnableConstantCSE(
            self.c_config, _flag(value, "enable_constant_cse"))

    def __repr__(self):
        return (f"GreedyRewriteConfig(max_iterations={self.max_iterations}, "
                f"max_num_rewrites={self.max_num_rewrites}, "
                f"use_top_down_traversal={self.use_top_down_traversal}, "
                f"enable_folding={self.enable_folding}, "
                f"strictness={self.strictness}, "
                f"region_simplification_level="
                f"{self.region_simplification_level}, "
                f"enable_constant_cse={self.enable_constant_cse})")


cdef int64_t _limit(object value, str what) except? -2:
    if isinstance(value, _PyBool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    if value < -1 or value > 0x7FFFFFFFFFFFFFFF:
        raise ValueError(f"{what} must be -1 (no limit) or non-negative, "
                         f"not {value}")
    return <int64_t>value


cdef bint _flag(object value, str what) except -1:
    if not isinstance(value, _PyBool):
        raise TypeError(f"{what} must be a bool, not {type(value).__name__}")
    return value is True


# -- drivers -------------------------------------------------------------------

cdef _Driver _start_driver(Operation root, FrozenRewritePatternSet fs,
                           bint conversion=False):
    cdef Context ctx = root.context
    if fs.conversion and not conversion:
        # A conversion pattern needs the conversion driver's rewriter.
        raise ValueError("the pattern set holds conversion patterns "
                         "(add_conversion): apply it with "
                         "apply_partial_conversion or apply_full_conversion")
    if fs.context is not ctx:
        raise ValueError("the operation belongs to another context than the "
                         "patterns")
    if walks_in_progress(ctx):
        raise RuntimeError("cannot apply patterns during a walk")
    check_not_rewriting(ctx, root.c_op, "apply patterns to an operation")
    return _new_driver(root, conversion)


cdef _Driver _new_driver(Operation root, bint conversion):
    """A run over `root` by this thread, registered (see _Driver)."""
    cdef Context ctx = root.context
    cdef _Driver d = _Driver.__new__(_Driver)
    d.context = ctx
    d.root_obj = root
    d.root = root.c_op
    d.thread = PyThread_get_thread_ident()
    d.conversion = conversion
    if conversion:
        d.gone = set()
    with cython.critical_section(_drivers_lock):
        _drivers.append(d)
    return d


cdef int _finish_driver(_Driver d) except -1:
    with cython.critical_section(_drivers_lock):
        for i in range(len(_drivers) - 1, -1, -1):
            if _drivers[i] is d:
                del _drivers[i]
                break
    return 0


def _driver_args(str fname, tuple args, dict kwargs, tuple names,
                 int required=2, tuple first=("module", "op")):
    """Binds a driver's arguments: the first may be passed under any name in
    `first` (upstream's two overloads: `module` or `op`), the first
    `required` ones are required, and `set` must be frozen."""
    vals = list(args)
    if len(vals) > len(names):
        raise TypeError(f"{fname}() takes at most {len(names)} arguments "
                        f"({len(vals)} given)")
    vals += [None] * (len(names) - len(vals))
    bound = [False] * len(names)
    for i in range(len(args)):
        bound[i] = True
    for k, v in kwargs.items():
        idx = 0 if k in first else (
            names.index(k) if k in names[1:] else -1)
        if idx < 0:
            raise TypeError(f"{fname}() got an unexpected keyword argument "
                            f"'{k}'")
        if bound[idx]:
            raise TypeError(f"{fname}() got multiple values for argument "
                            f"'{names[idx]}'")
        vals[idx] = v
        bound[idx] = True
    for i in range(required):
        if not bound[i]:
            raise TypeError(f"{fname}() missing required argument "
                            f"'{names[i]}'")
    fs = vals[names.index("set")]
    if not isinstance(fs, FrozenRewritePatternSet):
        raise TypeError("set must be a FrozenRewritePatternSet (call "
                        f"freeze()), not {type(fs).__name__}")
    return vals


cdef enum _DriverKind:
    _GREEDY, _WALK, _PARTIAL_CONVERSION, _FULL_CONVERSION


cdef int _drive(Operation root, FrozenRewritePatternSet fs, int kind,
                    MlirGreedyRewriteDriverConfig greedy,
                    MlirCyConversionTarget target,
                    MlirCyConversionConfig conversion,
                    MlirLogicalResult* res, list errors) except -1:
    """Runs a driver of `kind` over `root`: in an exclusive section (it
    changes IR without the GIL), registered as a run (see _Driver),
    bracketed by a _Mutation. A conversion's error diagnostics go to
    `errors`. Re-raises the first exception of a Python callback."""
    cdef bint converts = kind == _PARTIAL_CONVERSION or \
        kind == _FULL_CONVERSION
    cdef _Driver d
    cdef MlirOperation c_op
    cdef _Mutation mut
    cdef _ErrorCapture cap = None
    cdef bint ran = True
    cdef int t = op_section_enter(root, True)
    cdef PyThreadState* _ts
    try:
        op_check(root)
        d = _start_driver(root, fs, converts)
        c_op = root.c_op
        try:
            mut = _Mutation.begin(d.context, c_op)
            if converts:
                cap = _ErrorCapture.attach(d.context)
            try:
                _ts = gil_release_for(d.context)
                if kind == _GREEDY:
                    ran = mlirCyDeepApplyPatternsAndFoldGreedilyWithOp(
                        c_op, fs.c_set, greedy, res)
                elif kind == _WALK:
                    ran = mlirCyDeepWalkAndApplyPatterns(c_op, fs.c_set)
                else:
                    ran = mlirCyDeepApplyConversion(
                        c_op, target, fs.c_set, conversion,
                        kind == _FULL_CONVERSION, res)
                gil_restore(_ts)
            finally:
                if cap is not None:
                    errors.extend(cap.detach())
                mut.end()
        finally:
            _finish_driver(d)
    finally:
        op_section_exit(root, t)
    if not ran:
        raise_too_deep("the operation")
    if d.error is not None:
        err = d.error
        d.error = None
        raise err
    return 0


def apply_patterns_and_fold_greedily(*args: Any, **kwargs: Any) -> None:
    """apply_patterns_and_fold_greedily(module_or_op, set, config=None):
    applies the frozen patterns to the operations nested in a Module or an
    operation, repeatedly, folding as it goes, until nothing changes.
    Raises RuntimeError if that does not happen within the configured
    limits, or re-raises the exception of a Python pattern. Objects of
    operations the driver erased or replaced are invalid afterwards; the
    others, and the root, stay valid."""
    target, fs_obj, config = _driver_args(
        "apply_patterns_and_fold_greedily", args, kwargs,
        ("module", "set", "config"))
    if config is not None and not isinstance(config, GreedyRewriteConfig):
        raise TypeError("config must be a GreedyRewriteConfig or None, not "
                        f"{type(config).__name__}")
    cdef Operation root = _operation_arg(None, target, "module")
    cdef GreedyRewriteConfig cfg = config if config is not None \
        else GreedyRewriteConfig()
    cdef MlirCyConversionTarget no_target
    cdef MlirCyConversionConfig no_config
    no_target.ptr = no_config.ptr = NULL
    cdef MlirLogicalResult res
    _drive(root, <FrozenRewritePatternSet>fs_obj, _GREEDY, cfg.c_config,
           no_target, no_config, &res, None)
    if mlirLogicalResultIsFailure(res):
        raise RuntimeError("pattern application failed to converge")


def walk_and_apply_patterns(*args: Any, **kwargs: Any) -> None:
    """walk_and_apply_patterns(op, set): applies the frozen patterns once,
    in a single post-order walk over the operations nested in `op` (no
    folding, no iteration). Re-raises the exception of a Python pattern.
    Objects of operations it erased or replaced are invalid afterwards; the
    others, and the root, stay valid."""
    target, fs_obj = _driver_args("walk_and_apply_patterns", args, kwargs,
                                  ("op", "set"))
    cdef Operation root = _operation_arg(None, target, "op")
    cdef MlirGreedyRewriteDriverConfig no_greedy
    cdef MlirCyConversionTarget no_target
    cdef MlirCyConversionConfig no_config
    no_greedy.ptr = no_target.ptr = no_config.ptr = NULL
    _drive(root, <FrozenRewritePatternSet>fs_obj, _WALK, no_greedy,
           no_target, no_config, NULL, None)
