# PassManager and Python-defined passes (mlir.passmanager).
#
# A run releases the GIL (so independent contexts compile in parallel and
# MLIR's worker threads can call Python passes). Objects of operations
# nested under the root are invalidated before the run, because the
# pipeline may erase or rewrite them; objects made during the run (by
# Python passes) are invalidated after it. The root stays valid.

from mlir._mlir_libs.capi.pass_ cimport *
from cpython.ref cimport Py_INCREF, Py_DECREF


class PassDisplayMode(enum.Enum):
    LIST = MLIR_PASS_DISPLAY_MODE_LIST
    PIPELINE = MLIR_PASS_DISPLAY_MODE_PIPELINE


cdef MlirTypeIDAllocator _pass_typeids = mlirTypeIDAllocatorCreate()


cdef class _Mutation:
    """Brackets a C call that may erase or rewrite IR under `root`."""
    cdef Context context
    cdef set before

    @staticmethod
    cdef _Mutation begin(Context ctx, MlirOperation root):
        # Everything nested is invalid from now on (checked while the
        # pointers are still good); remember who else is alive.
        ctx.invalidate_nested(root, False)
        cdef _Mutation m = _Mutation.__new__(_Mutation)
        m.context = ctx
        m.before = {id(o) for o in live_objects(ctx)}
        return m

    cdef int end(self) except -1:
        """Objects created during the call may point at freed operations:
        invalidate them without looking at their operations."""
        cdef Context ctx = self.context
        cdef Operation o
        for obj in live_objects(ctx):
            if id(obj) not in self.before:
                o = <Operation>obj
                with cython.critical_section(ctx):
                    live_erase(&ctx.live_ops, <PyObject*>o)
                    o.flags &= ~(OP_VALID | OP_OWNED | OP_INTERNED)
        ctx.epoch += 1
        return 0


@cython.final
cdef class ExternalPass:
    """The running instance of a Python-defined pass, handed to its run
    callable: call signal_pass_failure() to fail the pipeline."""
    cdef MlirExternalPass c_pass
    cdef bint active

    def __init__(self, *args, **kwargs):
        raise TypeError("ExternalPass objects are made by the PassManager")

    def signal_pass_failure(self):
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
    try:
        data.run(wrap_operation_any(data.context, op), ext)
    except BaseException as e:
        data.error = e
        mlirExternalPassSignalFailure(p)
    finally:
        ext.active = False


@cython.final
@cython.no_gc_clear
cdef class PassManager:
    """A pipeline of passes anchored on an operation name ("any" by
    default)."""
    cdef MlirPassManager c_pm
    cdef readonly Context context
    cdef list python_passes

    def __init__(self, anchor_op="any", context=None):
        cdef Context ctx = resolve_context(context)
        cdef bytes anchor = to_bytes(anchor_op, "anchor_op")
        self.context = ctx
        self.python_passes = []
        self.c_pm = mlirPassManagerCreateOnOperation(ctx.c_context, str_ref(anchor))

    def __dealloc__(self):
        if self.c_pm.ptr != NULL:
            mlirPassManagerDestroy(self.c_pm)

    @staticmethod
    def parse(pipeline, context=None):
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
        if mlirLogicalResultIsFailure(mlirParsePassPipeline(
                mlirPassManagerGetAsOpPassManager(pm.c_pm), str_ref(text),
                append_to_string, &err)):
            raise ValueError(decode_string(err).rstrip() or
                             f"invalid pass pipeline '{pipeline}'")
        return pm

    def add(self, pipeline, name=None, argument="", description="", op_name=""):
        """Adds textual pipeline elements ('canonicalize,cse'), or a
        Python-defined pass: run(op, pass_) called on each anchored op."""
        cdef string err
        cdef bytes text
        if isinstance(pipeline, (str, bytes)):
            text = to_bytes(pipeline, "pipeline")
            if mlirLogicalResultIsFailure(mlirOpPassManagerAddPipeline(
                    mlirPassManagerGetAsOpPassManager(self.c_pm), str_ref(text),
                    append_to_string, &err)):
                raise ValueError(decode_string(err).rstrip() or
                                 f"invalid pass pipeline '{pipeline}'")
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
        cdef MlirExternalPassCallbacks cbs
        cbs.construct = _pass_construct
        cbs.destruct = _pass_destruct
        cbs.initialize = _pass_initialize
        cbs.clone = _pass_clone
        cbs.run = _pass_run
        cdef MlirPass p = mlirCreateExternalPass(
            mlirTypeIDAllocatorAllocateTypeID(_pass_typeids), str_ref(bname),
            str_ref(barg), str_ref(bdesc), str_ref(bop), 0, NULL, cbs,
            <void*>data)
        mlirPassManagerAddOwnedPass(self.c_pm, p)
        self.python_passes.append(data)

    def run(self, operation):
        """Runs the pipeline on an operation (or a Module). Raises MLIRError
        with the diagnostics when a pass fails, or re-raises the exception
        of a Python pass. Objects of operations nested in it are invalid
        afterwards; the operation itself stays valid."""
        cdef Operation op
        if isinstance(operation, Module):
            op = <Operation>(<Module>operation).operation
        else:
            op = as_operation(operation, "operation")
        op = op_primary(op)
        if op.context is not self.context:
            raise ValueError("the operation belongs to another context")
        if walks_in_progress(self.context):
            raise RuntimeError("cannot run a pass manager during a walk")
        check_not_rewriting(self.context, op.c_op, "run a pass manager on IR")
        cdef MlirOperation c_op = op.c_op
        for d in self.python_passes:
            (<_PythonPassData>d).error = None
        cdef _Mutation mut = _Mutation.begin(self.context, c_op)
        cdef _ErrorCapture cap = _ErrorCapture.attach(self.context)
        cdef MlirLogicalResult res
        try:
            with nogil:
                res = mlirPassManagerRunOnOp(self.c_pm, c_op)
        finally:
            errors = cap.detach()
            mut.end()
        for d in self.python_passes:
            err = (<_PythonPassData>d).error
            if err is not None:
                (<_PythonPassData>d).error = None
                raise err
        if mlirLogicalResultIsFailure(res):
            raise MLIRError("Failure while executing pass pipeline", errors)

    def enable_ir_printing(self, print_before_all=False, print_after_all=True,
                           print_module_scope=False, print_after_change=False,
                           print_after_failure=False, large_elements_limit=None,
                           large_resource_limit=None, enable_debug_info=False,
                           print_generic_op_form=False, tree_printing_dir_path=None):
        """Prints the IR around passes (to stderr, or one file per pass
        under tree_printing_dir_path)."""
        cdef MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate()
        if large_elements_limit is not None:
            mlirOpPrintingFlagsElideLargeElementsAttrs(flags, large_elements_limit)
        if large_resource_limit is not None:
            mlirOpPrintingFlagsElideLargeResourceString(flags, large_resource_limit)
        if enable_debug_info:
            mlirOpPrintingFlagsEnableDebugInfo(flags, True, False)
        if print_generic_op_form:
            mlirOpPrintingFlagsPrintGenericOpForm(flags)
        cdef bytes tree = to_bytes(tree_printing_dir_path or "", "tree_printing_dir_path")
        mlirPassManagerEnableIRPrinting(
            self.c_pm, print_before_all, print_after_all, print_module_scope,
            print_after_change, print_after_failure, flags, str_ref(tree))
        # The pass manager copied the flags.
        mlirOpPrintingFlagsDestroy(flags)

    def enable_verifier(self, bint enable):
        mlirPassManagerEnableVerifier(self.c_pm, enable)

    def enable_timing(self):
        mlirPassManagerEnableTiming(self.c_pm)

    def enable_statistics(self, displayMode=PassDisplayMode.PIPELINE):
        mlirPassManagerEnableStatistics(
            self.c_pm, <MlirPassDisplayMode><int>PassDisplayMode(displayMode).value)

    def __str__(self):
        cdef string buf
        mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(self.c_pm),
                              append_to_string, &buf)
        return decode_string(buf)

    @property
    def _CAPIPtr(self):
        return mlirPythonPassManagerToCapsule(self.c_pm)

    def _testing_release(self):
        """Releases ownership of the C pass manager (tests of the capsule
        protocol)."""
        self.c_pm.ptr = NULL
