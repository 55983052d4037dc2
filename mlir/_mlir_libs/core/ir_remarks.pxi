# Optimization remarks (upstream main's API on MLIR 22's remark engine):
# Context.enable_remarks / finalize_remarks / remarks_enabled,
# Location.emit_remark, and the Remark a callback is handed.
#
# A context's engine reports each remark to its sink: a Python callback, a
# YAML or bitstream file, or none (then the remark is printed as a remark
# diagnostic). The callback runs in the thread that emitted the remark,
# holding the GIL; the Remark it gets is valid only during the call.

from cpython.ref cimport Py_INCREF, Py_DECREF


class RemarkKind(enum.IntEnum):
    """The kind of a remark: UNKNOWN, PASSED (an optimization was applied),
    MISSED (one was possible but not applied), FAILURE (one was attempted
    and failed) or ANALYSIS (information)."""
    UNKNOWN = MLIR_CY_REMARK_UNKNOWN
    PASSED = MLIR_CY_REMARK_PASSED
    MISSED = MLIR_CY_REMARK_MISSED
    FAILURE = MLIR_CY_REMARK_FAILURE
    ANALYSIS = MLIR_CY_REMARK_ANALYSIS

    __str__ = enum.Enum.__str__
    __repr__ = _upstream_enum_repr


class RemarkPolicy(enum.IntEnum):
    """When a context's remark engine reports remarks: ALL as they are
    emitted, or FINAL, when the engine is finalized, only the last remark
    of each location, name and category."""
    ALL = MLIR_CY_REMARK_POLICY_ALL
    FINAL = MLIR_CY_REMARK_POLICY_FINAL

    __str__ = enum.Enum.__str__
    __repr__ = _upstream_enum_repr


class RemarkFormat(enum.IntEnum):
    """The format of a remark file: YAML or LLVM's BITSTREAM."""
    YAML = MLIR_CY_REMARK_FORMAT_YAML
    BITSTREAM = MLIR_CY_REMARK_FORMAT_BITSTREAM

    __str__ = enum.Enum.__str__
    __repr__ = _upstream_enum_repr


@cython.final
cdef class Remark:
    """An optimization remark, handed to the callback of
    Context.enable_remarks. Valid only during the callback: afterwards
    every accessor raises ValueError."""
    cdef MlirCyRemark c_remark
    cdef Context context
    cdef bint valid

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "Remarks are handed to the callback of "
                              "Context.enable_remarks")

    cdef int check(self) except -1:
        if not self.valid:
            raise ValueError("Remark is invalid (used outside of callback)")
        return 0

    @property
    def kind(self) -> RemarkKind:
        """The kind of the remark (a RemarkKind)."""
        self.check()
        return RemarkKind(mlirCyRemarkGetKind(self.c_remark))

    @property
    def remark_name(self) -> str:
        """The name identifying the remark."""
        self.check()
        return from_ref(mlirCyRemarkGetName(self.c_remark))

    @property
    def category_name(self) -> str:
        """The category of the remark (what the filters match)."""
        self.check()
        return from_ref(mlirCyRemarkGetCategory(self.c_remark))

    @property
    def full_category_name(self) -> str:
        """The category and subcategory, `category:subcategory`."""
        self.check()
        return from_ref(mlirCyRemarkGetFullCategory(self.c_remark))

    @property
    def function_name(self) -> str:
        """The name of the function the remark refers to."""
        self.check()
        return from_ref(mlirCyRemarkGetFunction(self.c_remark))

    @property
    def location(self) -> Location:
        """The location of the remark (as its kind's Location subclass)."""
        self.check()
        return wrap_location(self.context, mlirCyRemarkGetLocation(self.c_remark))

    @property
    def remark_id(self) -> int:
        """The number of the remark in its engine (1, 2, ...; 0 when it has
        none)."""
        self.check()
        return mlirCyRemarkGetId(self.c_remark)

    @property
    def args(self) -> list[tuple[str, str]]:
        """The key/value arguments of the remark, as a list of tuples, in
        the order they were added (the id first, then the message)."""
        self.check()
        cdef intptr_t i, n = mlirCyRemarkGetNumArgs(self.c_remark)
        return [(from_ref(mlirCyRemarkGetArgKey(self.c_remark, i)),
                 from_ref(mlirCyRemarkGetArgValue(self.c_remark, i)))
                for i in range(n)]

    @property
    def message(self) -> str:
        """The text of the remark, `[Kind] name | Category:... |
        Function=... | key=value, ...` (arguments sorted by key)."""
        self.check()
        cdef string buf
        mlirCyRemarkPrint(self.c_remark, append_to_string, &buf)
        return decode_string(buf)

    def __str__(self):
        if not self.valid:
            return "<Invalid Remark>"
        return self.message


@cython.final
cdef class _RemarkSink:
    """The user data of a context's remark callback: the callable and its
    context's handle (a remark reported while the context is being
    destroyed finds no live context, and is dropped, as upstream's)."""
    cdef object callback
    cdef MlirContext c_context


cdef void _remark_callback(MlirCyRemark r, void* user) noexcept with gil:
    cdef _RemarkSink sink = <_RemarkSink>user
    ctx = known_context(sink.c_context)
    if ctx is None:
        return
    cdef Remark remark = Remark.__new__(Remark)
    remark.c_remark = r
    remark.context = <Context>ctx
    remark.valid = True
    try:
        sink.callback(remark)
    except BaseException as e:
        # As upstream: reported on stderr, and dropped.
        try:
            import sys
            sys.stderr.write(
                f"MLIR Python remark callback raised exception: {e}\n")
        except BaseException:
            pass
    finally:
        remark.valid = False
        remark.context = None


cdef void _remark_sink_release(void* user) noexcept with gil:
    Py_DECREF(<object>user)


cdef int _enable_remarks(Context ctx, object policy, object output_file,
                         object format, object all_filter, object passed_filter,
                         object missed_filter, object analysis_filter,
                         object failed_filter, object callback,
                         object print_as_emit_remarks) except -1:
    if not isinstance(policy, RemarkPolicy):
        raise _argument_type_error(f"policy must be a RemarkPolicy, not "
                                   f"{type(policy).__name__}")
    if not isinstance(format, RemarkFormat):
        raise _argument_type_error(f"format must be a RemarkFormat, not "
                                   f"{type(format).__name__}")
    cdef list filters = [_str_param(f, n) for f, n in (
        (all_filter, "all_filter"), (passed_filter, "passed_filter"),
        (missed_filter, "missed_filter"), (analysis_filter, "analysis_filter"),
        (failed_filter, "failed_filter"))]
    if output_file is not None:
        output_file = _str_param(output_file, "output_file")
    if callback is not None and not callable(callback):
        raise _argument_type_error(f"callback must be callable or None, not "
                                   f"{type(callback).__name__}")
    cdef bint print_as_emit
    if print_as_emit_remarks is None:
        # Without a sink of its own, the engine prints remark diagnostics.
        print_as_emit = output_file is None and callback is None
    else:
        print_as_emit = _bool_arg(print_as_emit_remarks, "print_as_emit_remarks")
    if output_file is not None and callback is not None:
        raise ValueError("a remark callback cannot be combined with an output file")
    if mlirCyContextHasRemarkEngine(ctx.c_context):
        raise ValueError("remarks are already enabled on this context; call "
                         "finalize_remarks() first")
    # (Views of the strs' UTF-8 forms, alive with `filters`.)
    cdef MlirCyRemarkCategories cats
    cats.all = borrowed_ref(filters[0], "all_filter")
    cats.passed = borrowed_ref(filters[1], "passed_filter")
    cats.missed = borrowed_ref(filters[2], "missed_filter")
    cats.analysis = borrowed_ref(filters[3], "analysis_filter")
    cats.failed = borrowed_ref(filters[4], "failed_filter")
    cdef int c_policy = <int>policy
    cdef _RemarkSink sink
    cdef MlirLogicalResult ok
    if output_file is not None:
        ok = mlirCyContextEnableRemarksToFile(ctx.c_context, cats, c_policy,
                                              <int>format, borrowed_ref(output_file, "output_file"),
                                              print_as_emit)
        if mlirLogicalResultIsFailure(ok):
            raise ValueError(f"failed to enable remarks: cannot write "
                             f"'{output_file}'")
        return 0
    if callback is not None:
        sink = _RemarkSink.__new__(_RemarkSink)
        sink.callback = callback
        sink.c_context = ctx.c_context
        Py_INCREF(sink)      # released by the engine (_remark_sink_release)
        ok = mlirCyContextEnableRemarksWithCallback(
            ctx.c_context, cats, c_policy, _remark_callback, <void*>sink,
            _remark_sink_release, print_as_emit)
    else:
        ok = mlirCyContextEnableRemarks(ctx.c_context, cats, c_policy,
                                        print_as_emit)
    if mlirLogicalResultIsFailure(ok):
        raise ValueError("failed to enable remarks")
    return 0


cdef int _finalize_remarks(Context ctx) except -1:
    mlirCyContextFinalizeRemarks(ctx.c_context)
    # (Remarks printed as diagnostics reach the Python handlers now.)
    if deferred_pending():
        _deliver_deferred(ctx)
    return 0


cdef bint _emit_remark(Location loc, object kind, object name, object category,
                       object sub_category, object function_name,
                       object message, object args) except -1:
    if not isinstance(kind, RemarkKind):
        raise _argument_type_error(f"kind must be a RemarkKind, not "
                                   f"{type(kind).__name__}")
    cdef list texts = [_str_param(v, what) for v, what in (
        (name, "name"), (category, "category"), (sub_category, "sub_category"),
        (function_name, "function_name"), (message, "message"))]
    cdef list pairs = []
    if args is not None:
        if not is_sequence_arg(args):
            raise _argument_type_error(f"args must be a sequence of (str, str) "
                                       f"pairs, not {type(args).__name__}")
        for pair in args:
            if not isinstance(pair, tuple) or len(<tuple>pair) != 2:
                raise _argument_type_error(f"args must be a sequence of (str, "
                                           f"str) pairs, not one holding "
                                           f"{type(pair).__name__}")
            pairs.append((_str_param(pair[0], "args key"),
                          _str_param(pair[1], "args value")))
    cdef Py_ssize_t i, n = len(pairs)
    cdef vector[MlirStringRef] keys, values
    keys.reserve(n)
    values.reserve(n)
    for i in range(n):
        keys.push_back(borrowed_ref((<tuple>pairs[i])[0], "args key"))
        values.push_back(borrowed_ref((<tuple>pairs[i])[1], "args value"))
    cdef bint emitted = mlirCyEmitRemark(
        loc.c_location, <int>kind, borrowed_ref(texts[0], "name"),
        borrowed_ref(texts[1], "category"), borrowed_ref(texts[2], "sub_category"),
        borrowed_ref(texts[3], "function_name"), borrowed_ref(texts[4], "message"), n,
        keys.data(), values.data())
    # (A remark printed as a diagnostic reaches the Python handlers now.)
    if deferred_pending():
        _deliver_deferred(loc.context)
    return emitted
