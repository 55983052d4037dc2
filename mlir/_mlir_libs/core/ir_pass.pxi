# PassManager and Python-defined passes (mlir.passmanager).
#
# A run releases the GIL (so independent contexts compile in parallel and
# MLIR's worker threads can call Python passes). Objects of operations
# nested under the root are suspended for the run, because the pipeline
# may erase or rewrite them, and valid again afterwards if their operation
# survived (see _Mutation); objects made during the run (by Python passes)
# are invalidated after it. The root stays valid.

from mlir._mlir_libs.capi.pass_ cimport *
from cpython.ref cimport Py_INCREF, Py_DECREF


class PassDisplayMode(enum.Enum):
    """How pass statistics are printed: LIST or PIPELINE."""
    LIST = MLIR_PASS_DISPLAY_MODE_LIST
    PIPELINE = MLIR_PASS_DISPLAY_MODE_PIPELINE


cdef MlirTypeIDAllocator _pass_typeids = mlirTypeIDAllocatorCreate()


cdef struct _OpPrint:
    # What an operation looked like before a mutation: a handle whose
    # address is still in the IR afterwards stays valid only if the
    # operation there still looks the same (name, result and region counts,
    # first result type), so an address that MLIR reused for a different
    # operation never revives a stale handle.
    const void* name
    intptr_t num_results
    intptr_t num_regions
    const void* first_type


cdef _OpPrint _op_print(MlirOperation op) noexcept nogil:
    cdef _OpPrint p
    p.name = mlirOperationGetName(op).ptr
    p.num_results = mlirOperationGetNumResults(op)
    p.num_regions = mlirOperationGetNumRegions(op)
    p.first_type = NULL
    if p.num_results:
        p.first_type = mlirValueGetType(mlirOperationGetResult(op, 0)).ptr
    return p


cdef MlirWalkResult _collect_op(MlirOperation op, void* user) noexcept nogil:
    (<unordered_set[const void*]*>user).insert(op.ptr)
    return MlirWalkResultAdvance


cdef const void* _known_top(Operation o):
    """The top-level operation of o's tree as o's owners tell it (they keep
    it alive; nothing of o's own operation, which may be gone, is read), or
    NULL when they cannot tell."""
    cdef object cur = o
    cdef Operation p
    cdef int steps
    for steps in range(1 << 16):
        if isinstance(cur, Module):
            return mlirModuleGetOperation((<Module>cur).c_module).ptr
        if not isinstance(cur, Operation):
            return NULL
        p = <Operation>cur
        if p.flags & OP_ALIAS:
            cur = p.owner_ref
        elif p.flags & OP_OWNED:
            return p.c_op.ptr if p.flags & OP_VALID else NULL
        else:
            cur = p.owner_ref
    return NULL


cdef class _Mutation:
    """Brackets a C call that may erase or rewrite IR under `root` (a pass
    run, a rewrite driver).

    Objects of operations nested under root leave the live map for the
    call (so an address freed and reused during it is never answered by a
    stale object) and are invalid meanwhile. Afterwards the IR under root
    is walked: an object whose operation is still there, and still looks
    as it did (_OpPrint), is valid and interned again, as upstream keeps
    handles across pass runs; the others stay invalid. Objects created
    during the call (by Python passes or patterns) are invalidated without
    looking at their operations, unless their owners show them to be of
    another tree (other threads may work on other modules meanwhile)."""
    cdef Context context
    cdef MlirOperation root
    cdef list suspended             # nested objects, out of the map
    cdef vector[_OpPrint] prints    # their operations' prints, in order
    cdef set before

    @staticmethod
    cdef _Mutation begin(Context ctx, MlirOperation root):
        cdef _Mutation m = _Mutation.__new__(_Mutation)
        m.context = ctx
        m.root = root
        m.suspended = []
        cdef PyObject* found
        cdef vector[PyObject*] nested
        with cython.critical_section(ctx):
            ctx.epoch += 1
            _live_nested(ctx, root, nested)
            for found in nested:
                obj = mlircy_take_or_none(found)
                live_erase(&ctx.live_ops, found)
                _clear_flags(found, OP_VALID | OP_INTERNED)
                if obj is not None:
                    # A dying object (None) just leaves the map.
                    m.suspended.append(obj)
                    m.prints.push_back(_op_print(_op_of(found)))
        m.before = {id(o) for o in live_objects(ctx)}
        return m

    cdef int end(self) except -1:
        cdef Context ctx = self.context
        cdef Operation o
        cdef const void* top = _top_of(self.root).ptr
        cdef const void* known
        for obj in live_objects(ctx):
            if id(obj) not in self.before:
                o = <Operation>obj
                known = _known_top(o)
                if known != NULL and known != top:
                    continue        # another tree's (another thread made it)
                with cython.critical_section(ctx):
                    live_erase(&ctx.live_ops, <PyObject*>o)
                    o.flags &= ~(OP_VALID | OP_OWNED | OP_INTERNED)
        cdef unordered_set[const void*] present
        cdef _OpPrint now, then
        cdef Py_ssize_t i
        cdef bint ran
        if self.suspended:
            with nogil:
                ran = mlirCyDeepOperationWalk(self.root, _collect_op, &present,
                                              MlirWalkPreOrder)
            if not ran:
                raise_too_deep("the operation")
            with cython.critical_section(ctx):
                for i in range(len(self.suspended)):
                    o = <Operation>self.suspended[i]
                    if present.count(o.c_op.ptr) == 0:
                        continue
                    now = _op_print(o.c_op)
                    then = self.prints[i]
                    if (now.name != then.name or
                            now.num_results != then.num_results or
                            now.num_regions != then.num_regions or
                            now.first_type != then.first_type):
                        continue
                    if live_find(&ctx.live_ops, o.c_op.ptr) != NULL:
                        continue
                    live_insert(&ctx.live_ops, <PyObject*>o)
                    o.flags |= OP_VALID | OP_INTERNED
        self.suspended = None
        ctx.epoch += 1
        return 0


@cython.final
cdef class ExternalPass:
    """The running instance of a Python-defined pass, handed to its run
    callable: call signal_pass_failure() to fail the pipeline."""
    cdef MlirExternalPass c_pass
    cdef bint active

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "ExternalPass objects are made by the PassManager")

    def signal_pass_failure(self) -> None:
        """Marks the running pass as failed: the pass manager's run then
        raises. RuntimeError outside of the pass's run."""
        if not self.active:
            raise RuntimeError("signal_pass_failure() outside of the pass run")
        mlirExternalPassSignalFailure(self.c_pass)


@cython.final
cdef class _PythonPassData:
    """userData of an external pass: the callable and where its exception
    goes."""
    cdef object run
    cdef Context context
    cdef object error
    cdef bytes op_name


cdef void _pass_construct(void* user) noexcept with gil:
    Py_INCREF(<object>user)


cdef void _pass_destruct(void* user) noexcept with gil:
    Py_DECREF(<object>user)


cdef MlirLogicalResult _pass_initialize(MlirContext ctx, void* user) noexcept nogil:
    return mlirLogicalResultSuccess()


cdef void* _pass_clone(void* user) noexcept with gil:
    Py_INCREF(<object>user)
    return user


cdef void _pass_run(MlirOperation op, MlirExternalPass p, void* user) noexcept with gil:
    cdef _PythonPassData data = <_PythonPassData>user
    cdef ExternalPass ext = ExternalPass.__new__(ExternalPass)
    ext.c_pass = p
    ext.active = True
    if data.error is not None:
        mlirExternalPassSignalFailure(p)
        return
    # On a worker thread of a multithreaded run: part of the run's section.
    cdef int joined = ir_gate_join(data.context)
    try:
        # As upstream, the pass sees a plain Operation.
        data.run(as_plain(<Operation>wrap_operation_any(data.context, op)),
                 ext)
    except BaseException as e:
        data.error = e
        mlirExternalPassSignalFailure(p)
    finally:
        ext.active = False
        ir_gate_leave(data.context, joined)


@cython.final
# -- MLIR's reports to fd 2, forwarded to sys.stderr -------------------------

cdef object _stderr_forward_target():
    """sys.stderr when it is not the process's fd 2 (a notebook's stream,
    pytest's capture, a StringIO): where the IR printing, statistics and
    timing MLIR writes to fd 2 are forwarded; None when sys.stderr is fd 2
    itself (a terminal, a log file), which sees them already."""
    import sys
    target = sys.stderr
    if target is None:
        return None
    try:
        if target.fileno() == 2:
            return None
    except Exception:       # no file descriptor (io.UnsupportedOperation...)
        pass
    return target


# One capture of fd 2 at a time for the whole process, shared: the first
# run (or pass manager's destruction) to need it points fd 2 at a temporary
# file, later ones on other threads join it, and the last to finish
# restores fd 2 and forwards everything, so concurrent runs never swap fd 2
# under each other.
cdef object _fd2_lock = __import__("threading").Lock()
cdef Py_ssize_t _fd2_users = 0
cdef object _fd2_saved = None
cdef object _fd2_tmp = None


cdef _fd2_capture_begin():
    """Joins (or starts) the capture of fd 2; pair with _fd2_capture_end."""
    global _fd2_users, _fd2_saved, _fd2_tmp
    import tempfile
    with _fd2_lock:
        if _fd2_users == 0:
            fflush(stderr)
            tmp = tempfile.TemporaryFile()
            saved = os.dup(2)
            os.dup2(tmp.fileno(), 2)
            _fd2_saved, _fd2_tmp = saved, tmp
        _fd2_users += 1


cdef _fd2_capture_end(object target):
    """Leaves the capture; the last to leave restores fd 2 and writes what
    went to it meanwhile to `target`."""
    global _fd2_users, _fd2_saved, _fd2_tmp
    with _fd2_lock:
        _fd2_users -= 1
        if _fd2_users:
            return
        fflush(stderr)
        os.dup2(_fd2_saved, 2)
        os.close(_fd2_saved)
        tmp = _fd2_tmp
        _fd2_saved = _fd2_tmp = None
    tmp.seek(0)
    data = tmp.read()
    tmp.close()
    if data:
        target.write(data.decode("utf-8", "replace"))
        try:
            target.flush()
        except Exception:
            pass


cdef int _pipeline_parsed(bint done, MlirLogicalResult res, const string& err,
                          object pipeline) except -1:
    """Raises for a textual pipeline MLIR did not take: RecursionError when
    it nests too deep to parse (`done` false), else ValueError with MLIR's
    message when parsing failed."""
    if not done:
        raise_too_deep("the pass pipeline")
    if mlirLogicalResultIsFailure(res):
        raise ValueError(decode_string(err) or
                         f"invalid pass pipeline '{pipeline}'")
    return 0


@cython.no_gc_clear
cdef class PassManager:
    """A pipeline of passes anchored on an operation name ("any" by
    default)."""
    cdef MlirPassManager c_pm
    cdef readonly Context context
    """The Context this object belongs to."""
    cdef list python_passes
    # Set by enable_*(): settings a textual pipeline does not carry.
    cdef bint instrumented

    def __init__(self, anchor_op: str = "any", context=None):
        cdef Context ctx = resolve_context(context)
        cdef bytes anchor = to_bytes(anchor_op, "anchor_op")
        self.context = ctx
        self.python_passes = []
        self.c_pm = mlirPassManagerCreateOnOperation(ctx.c_context, str_ref(anchor))

    def __dealloc__(self):
        target = None
        if self.c_pm.ptr != NULL:
            # With timing on, MLIR prints its report as the pass manager
            # goes: forward it as run() forwards the rest.
            if self.instrumented:
                try:
                    target = _stderr_forward_target()
                    if target is not None:
                        _fd2_capture_begin()
                except Exception:
                    target = None
            mlirPassManagerDestroy(self.c_pm)
            if target is not None:
                try:
                    _fd2_capture_end(target)
                except Exception:
                    pass

    @staticmethod
    def parse(pipeline: str, context=None) -> PassManager:
        """A PassManager for a textual pipeline such as
        'builtin.module(canonicalize,cse)'; ValueError if it does not
        parse."""
        cdef bytes text = to_bytes(pipeline, "pipeline")
        cdef PassManager pm = PassManager.__new__(PassManager)
        cdef Context ctx = resolve_context(context)
        pm.context = ctx
        pm.python_passes = []
        pm.c_pm = mlirPassManagerCreate(ctx.c_context)
        cdef string err
        cdef MlirLogicalResult res
        _pipeline_parsed(mlirCyDeepParsePassPipeline(
            mlirPassManagerGetAsOpPassManager(pm.c_pm), str_ref(text),
            append_to_string, &err, &res), res, err, pipeline)
        return pm

    def add(self, pipeline: str | Callable[[OpView, ExternalPass], None] = None,
            name: str | None = None, argument: str = "", description: str = "",
            op_name: str = "", *, run: Callable | None = None) -> None:
        """Adds textual pipeline elements ('canonicalize,cse'), or a
        Python-defined pass: ``run(op, pass_)`` called on each anchored op
        (passed first, or as ``run=``, upstream's keyword)."""
        cdef string err
        cdef bytes text
        cdef MlirLogicalResult res
        if run is not None:
            if pipeline is not None:
                raise TypeError("add() got both a pipeline and run=")
            pipeline = run
        elif pipeline is None:
            raise TypeError("add() missing 1 required positional argument: "
                            "'pipeline'")
        self._pm()
        if isinstance(pipeline, (str, bytes)):
            text = to_bytes(pipeline, "pipeline")
            _pipeline_parsed(mlirCyDeepOpPassManagerAddPipeline(
                mlirPassManagerGetAsOpPassManager(self._pm()), str_ref(text),
                append_to_string, &err, &res), res, err, pipeline)
            return
        run = pipeline
        if not callable(run):
            raise TypeError("add() takes a pipeline string or a callable "
                            "run(op, pass_)")
        if name is None:
            name = getattr(run, "__name__", type(run).__name__)
        cdef _PythonPassData data = _PythonPassData.__new__(_PythonPassData)
        data.run = run
        data.context = self.context
        cdef bytes bname = to_bytes(name, "name")
        cdef bytes barg = to_bytes(argument or "", "argument")
        cdef bytes bdesc = to_bytes(description or "", "description")
        cdef bytes bop = to_bytes(op_name or "", "op_name")
        if bop:
            anchor = str(self).partition("(")[0]
            if anchor != "any" and anchor != op_name:
                # MLIR's fatal error (upstream aborts), as an exception.
                raise ValueError(
                    f"Can't add pass '{name}' restricted to '{op_name}' on a "
                    f"PassManager intended to run on '{anchor}', did you "
                    f"intend to nest?")
        # MLIR keeps the pass's operation name by reference: it lives as
        # long as the pass's data.
        data.op_name = bop
        cdef MlirExternalPassCallbacks cbs
        cbs.construct = _pass_construct
        cbs.destruct = _pass_destruct
        cbs.initialize = _pass_initialize
        cbs.clone = _pass_clone
        cbs.run = _pass_run
        cdef MlirPass p = mlirCyCreateExternalPassOnThreadStack(
            mlirTypeIDAllocatorAllocateTypeID(_pass_typeids), str_ref(bname),
            str_ref(barg), str_ref(bdesc), str_ref(bop), 0, NULL, cbs,
            <void*>data)
        mlirPassManagerAddOwnedPass(self._pm(), p)
        self.python_passes.append(data)

    def run(self, operation: Operation | Module) -> None:
        """Runs the pipeline on an operation (or a Module). Raises MLIRError
        with the diagnostics when a pass fails, or re-raises the exception
        of a Python pass. Objects of operations the pipeline erased or
        replaced are invalid afterwards; the others, and the operation
        itself, stay valid."""
        cdef Operation op
        if isinstance(operation, Module):
            op = <Operation>(<Module>operation).operation
        else:
            op = as_operation(operation, "operation")
        op = op_primary(op)
        if op.context is not self.context:
            return self._run_in_context_of(op, operation)
        # IR printing and statistics go to fd 2: where sys.stderr is not fd
        # 2 (a notebook), they are forwarded to it.
        cdef bint captured = False
        target = _stderr_forward_target() if self.instrumented else None
        # The run changes IR without the GIL: an exclusive section.
        cdef int t = ir_section_enter(self.context, True)
        try:
            op_check(op)
            if target is not None:
                _fd2_capture_begin()
                captured = True
            self._run_now(op)
        finally:
            if captured:
                _fd2_capture_end(target)
            ir_section_exit(self.context, t)

    cdef _run_now(self, Operation op):
        cdef PyThreadState* _ts
        if walks_in_progress(self.context):
            raise RuntimeError("cannot run a pass manager during a walk")
        check_not_rewriting(self.context, op.c_op, "run a pass manager on IR")
        cdef MlirOperation c_op = op.c_op
        cdef MlirPassManager c_pm = self._pm()
        for d in self.python_passes:
            (<_PythonPassData>d).error = None
        cdef _Mutation mut = _Mutation.begin(self.context, c_op)
        cdef MlirLogicalResult res
        cdef int ran
        cdef _ErrorCapture cap = _ErrorCapture.attach(self.context)
        # One walk over the IR both looks for operations MLIR's verifier
        # (and passes) cannot be run on and counts the stack the run needs;
        # for a large IR that walk's memory traffic is what it costs.
        _ts = gil_release_for(self.context)
        ran = mlirCyDeepPassManagerRunOnOpIfVerifiable(c_pm, c_op, &res)
        gil_restore(_ts)
        cap.detach()
        mut.end()
        if ran == 0:
            refuse_unverifiable(self.context, c_op,
                                "Failure while executing pass pipeline")
        if ran < 0:
            raise_too_deep("the operation")
        for d in self.python_passes:
            err = (<_PythonPassData>d).error
            if err is not None:
                (<_PythonPassData>d).error = None
                raise err
        cap.check(mlirLogicalResultIsSuccess(res),
                  "Failure while executing pass pipeline")

    cdef _run_in_context_of(self, Operation op, operation):
        """Runs on an operation of another context, as upstream allows:
        the same textual pipeline, built in the operation's context, so no
        pass ever mixes the two contexts' types and attributes."""
        self._pm()
        if self.python_passes or self.instrumented:
            raise ValueError(
                "the operation belongs to another context than the pass "
                "manager, whose Python passes or instrumentation cannot be "
                "carried over to it")
        cdef string buf
        mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(self.c_pm),
                              append_to_string, &buf)
        text = decode_string(buf)
        anchor, _, rest = text.partition("(")
        cdef PassManager other = PassManager(anchor, context=op.context)
        inner = rest[:-1] if rest.endswith(")") else rest
        if inner:
            other.add(inner)
        return other.run(operation)

    def enable_ir_printing(self, print_before_all: bool = False,
                           print_after_all: bool = True,
                           print_module_scope: bool = False,
                           print_after_change: bool = False,
                           print_after_failure: bool = False,
                           large_elements_limit: int | None = None,
                           large_resource_limit: int | None = None,
                           enable_debug_info: bool = False,
                           print_generic_op_form: bool = False,
                           tree_printing_dir_path: str | None = None) -> None:
        """Prints the IR around passes (to stderr, or one file per pass
        under tree_printing_dir_path)."""
        self._pm()
        for flag, what in ((print_before_all, "print_before_all"),
                           (print_after_all, "print_after_all"),
                           (print_module_scope, "print_module_scope"),
                           (print_after_change, "print_after_change"),
                           (print_after_failure, "print_after_failure"),
                           (enable_debug_info, "enable_debug_info"),
                           (print_generic_op_form, "print_generic_op_form")):
            _bool_arg(flag, what)
        if large_elements_limit is not None:
            large_elements_limit = _index_arg(large_elements_limit,
                                              "large_elements_limit")
        if large_resource_limit is not None:
            large_resource_limit = _index_arg(large_resource_limit,
                                              "large_resource_limit")
        self.instrumented = True
        cdef MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate()
        if large_elements_limit is not None:
            mlirOpPrintingFlagsElideLargeElementsAttrs(flags, large_elements_limit)
            # As upstream: the elements limit bounds resource strings too,
            # unless large_resource_limit sets their own.
            mlirOpPrintingFlagsElideLargeResourceString(flags, large_elements_limit)
        if large_resource_limit is not None:
            mlirOpPrintingFlagsElideLargeResourceString(flags, large_resource_limit)
        if enable_debug_info:
            mlirOpPrintingFlagsEnableDebugInfo(flags, True, False)
        if print_generic_op_form:
            mlirOpPrintingFlagsPrintGenericOpForm(flags)
        cdef bytes tree = to_bytes(tree_printing_dir_path or "", "tree_printing_dir_path")
        mlirPassManagerEnableIRPrinting(
            self._pm(), print_before_all, print_after_all, print_module_scope,
            print_after_change, print_after_failure, flags, str_ref(tree))
        # The pass manager copied the flags.
        mlirOpPrintingFlagsDestroy(flags)

    def enable_verifier(self, enable: bool) -> None:
        """Turns verification of the IR after each pass on or off."""
        cdef bint on = _bool_arg(enable, "enable")
        self.instrumented = True
        mlirPassManagerEnableVerifier(self._pm(), on)

    def enable_timing(self) -> None:
        """Reports the time each pass took, when the pass manager is
        destroyed (to sys.stderr when that is not fd 2)."""
        self.instrumented = True
        mlirPassManagerEnableTiming(self._pm())

    def enable_statistics(self,
                          displayMode: PassDisplayMode = PassDisplayMode.PIPELINE) -> None:
        """Reports the passes' statistics after each run, as a pipeline or
        as a list (a PassDisplayMode)."""
        self.instrumented = True
        mlirPassManagerEnableStatistics(
            self._pm(), <MlirPassDisplayMode><int>PassDisplayMode(displayMode).value)

    def __str__(self):
        cdef string buf
        mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(self._pm()),
                              append_to_string, &buf)
        return decode_string(buf)

    @property
    def _CAPIPtr(self):
        return mlirPythonPassManagerToCapsule(self._pm())

    def _testing_release(self) -> None:
        """Releases ownership of the C pass manager (tests of the capsule
        protocol): this object is unusable afterwards, and
        PassManager._CAPICreate adopts the pass manager again."""
        self.c_pm.ptr = NULL

    cdef MlirPassManager _pm(self) except *:
        if self.c_pm.ptr == NULL:
            raise RuntimeError("the PassManager has been released "
                               "(_testing_release)")
        return self.c_pm

    @staticmethod
    def _CAPICreate(capsule, context=None):
        """A PassManager adopting the pass manager of a capsule made by
        _CAPIPtr (after _testing_release): the result destroys it. Its
        context is `context` or the current one."""
        cdef MlirPassManager c_pm = mlirPythonCapsuleToPassManager(capsule)
        if c_pm.ptr == NULL:
            raise TypeError("expected a capsule of "
                            "mlir.passmanager.PassManager._CAPIPtr")
        cdef PassManager pm = PassManager.__new__(PassManager)
        pm.context = resolve_context(context)
        pm.python_passes = []
        pm.c_pm = c_pm
        return pm
