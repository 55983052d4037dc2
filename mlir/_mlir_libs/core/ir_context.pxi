# Context and DialectRegistry.

# Live contexts by handle: borrowed pointers, entries removed in __dealloc__.
# Lets a handle coming back from C (a location's or a capsule's context)
# find its one Python object.
cdef unordered_map[uintptr_t, PyObject*] _live_contexts
# Context pointer -> the ThreadPool it runs on (kept alive until the C
# context is destroyed: MLIR holds only a plain pointer to the pool).
cdef dict _context_thread_pools = {}


# Set by mlir._mlir_libs at import: called as hook(context, **init_kwargs)
# by Context.__init__ (dialect registration, hooks, dialect loading).
cdef object _context_init_hook = None


def _set_context_init_hook(hook: Callable[..., None] | None) -> None:
    global _context_init_hook
    _context_init_hook = hook


cdef inline uintptr_t _key(const void* p) noexcept nogil:
    return <uintptr_t>p


@cython.final
cdef class DialectRegistry:
    """A set of dialects (and their extensions) to make available to
    contexts with Context.append_dialect_registry."""

    def __cinit__(self):
        self.c_registry = mlirDialectRegistryCreate()

    def __dealloc__(self):
        if self.c_registry.ptr != NULL:
            mlirDialectRegistryDestroy(self.c_registry)

    @property
    def _CAPIPtr(self):
        return mlirPythonDialectRegistryToCapsule(self.c_registry)


class _CurrentContext:
    """Context.current: the innermost `with Context()` of this thread, or
    None."""
    def __get__(self, obj, objtype=None):
        return current_context()



cdef void _live_nested(Context ctx, MlirOperation root,
                       vector[PyObject*]& out) noexcept:
    """Appends the live-map entries (borrowed) of operations strictly nested
    in `root`. Call inside the context's critical section."""
    cdef PyObject* found
    cdef size_t i
    if mlirOperationGetNumRegions(root) == 0 or ctx.live_ops.n == 0:
        return
    for i in range(ctx.live_ops.cap):
        found = ctx.live_ops.slots[i]
        if found == NULL or found == _TOMBSTONE:
            continue
        if _key_of(found) != root.ptr and _is_ancestor(root, _op_of(found)):
            out.push_back(found)


@cython.no_gc_clear
cdef class Context:
    """An MLIR context: owns types, attributes, locations and loaded
    dialects. A context manager: `with Context() as ctx:` makes it the
    current context of this thread."""

    def __cinit__(self, *args, _adopt=None, **kwargs):
        self.op_name_keepalive = []
        self.registered_names = {}
        self.unregistered_names = set()
        self.identifiers = {}
        self.caches = {}
        self.epoch = 1
        cdef MlirContext ctx
        if _adopt is not None:
            ctx.ptr = <void*><uintptr_t>_adopt
        else:
            # Threading is enabled (or not) by the init hook, as upstream.
            ctx = mlirContextCreateWithThreading(False)
        self.c_context = ctx
        self.captures = mlircy_captures_new()
        self.diagnostic_handlers = []
        # Detached in __dealloc__, before the captures and the context go.
        self.ambient_handler = mlirContextAttachDiagnosticHandler(
            ctx, mlircy_ambient_handler, self.captures, NULL)
        with cython.critical_section(_registry_lock):
            _live_contexts[_key(ctx.ptr)] = <PyObject*>self
            mlircy_enable_try_incref(<PyObject*>self)

    def __init__(self, load_on_create_dialects: Sequence[str] | None = None,
                 thread_pool: ThreadPool | None = None, *, _adopt=None,
                 **kwargs: Any):
        if _adopt is None and _context_init_hook is not None:
            _context_init_hook(self, load_on_create_dialects=load_on_create_dialects,
                               thread_pool=thread_pool, **kwargs)
        ctx_threading_changed(self)

    def __dealloc__(self):
        if self.c_context.ptr != NULL:
            _detach_all_handlers(self)
            mlirContextDetachDiagnosticHandler(self.c_context, self.ambient_handler)
            live_clear(&self.live_ops)
            with cython.critical_section(_registry_lock):
                _live_contexts.erase(_key(self.c_context.ptr))
            # While the context is whole: what the remark engine postponed
            # is reported (to a file; a callback drops it, its context
            # being gone, as upstream's).
            mlirCyContextFinalizeRemarks(self.c_context)
            mlirContextDestroy(self.c_context)
            mlirCyContextReleaseNames(self.c_context)   # its operations are gone
            _context_thread_pools.pop(_key(self.c_context.ptr), None)
            self.c_context.ptr = NULL
        mlircy_captures_delete(self.captures)
        self.captures = NULL

    # -- the thread's current context ------------------------------------

    def __enter__(self):
        _push_frame(self, self, None, None)
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any):
        _pop_frame(self)

    @staticmethod
    def _get_live_count() -> int:
        """Number of live Context objects."""
        with cython.critical_section(_registry_lock):
            return _live_contexts.size()

    def _get_context_again(self):
        """This context's object, reached again from its C handle (one
        object per context, as upstream's test of interning expects)."""
        return context_for_handle(self.c_context)

    def _get_live_module_count(self):
        """Number of live Module objects of this context."""
        cdef size_t n = 0
        with cython.critical_section(_registry_lock):
            for entry in _live_modules:
                if (<Module>entry.second).context is self:
                    n += 1
        return n

    # -- dialects -----------------------------------------------------------

    def append_dialect_registry(self,
                                DialectRegistry registry not None) -> None:
        """Adds what `registry` holds (dialects, extensions) to the
        context's dialect registry."""
        mlirContextAppendDialectRegistry(self.c_context, registry.c_registry)
        self.unregistered_names.clear()     # their dialects may exist now

    def load_all_available_dialects(self) -> None:
        """Loads every dialect of the context's registry."""
        cdef PyThreadState* _ts
        _ts = gil_release_for(self)
        mlirContextLoadAllAvailableDialects(self.c_context)
        gil_restore(_ts)

    @property
    def allow_unregistered_dialects(self) -> bool:
        """Whether operations of unregistered dialects may be created and
        parsed (settable)."""
        return mlirContextGetAllowUnregisteredDialects(self.c_context)

    @allow_unregistered_dialects.setter
    def allow_unregistered_dialects(self, bint value):
        mlirContextSetAllowUnregisteredDialects(self.c_context, value)

    def enable_multithreading(self, bint enable) -> None:
        """Turns MLIR's multithreading for this context on or off (see
        docs/guide/threads.md for what off means for Python threads)."""
        mlirContextEnableMultithreading(self.c_context, enable)
        ctx_threading_changed(self)

    def enable_remarks(self, *, policy: RemarkPolicy = RemarkPolicy.ALL,
                       output_file: str | None = None,
                       format: RemarkFormat = RemarkFormat.YAML,
                       all_filter: str = "", passed_filter: str = "",
                       missed_filter: str = "", analysis_filter: str = "",
                       failed_filter: str = "",
                       callback: Callable[[Remark], None] | None = None,
                       print_as_emit_remarks: bool | None = None) -> None:
        """Enables MLIR's optimization remark engine on this context.

        A remark of a kind is reported when its category matches
        `all_filter` or the kind's own filter (regular expressions; empty:
        none). Reported remarks go to `callback` (called with a Remark,
        valid during the call), or to `output_file` in `format`, and are
        printed as remark diagnostics when `print_as_emit_remarks` (by
        default: when there is neither). With RemarkPolicy.FINAL they are
        reported when finalize_remarks() is called. Raises ValueError when
        remarks are already enabled, the file cannot be written, or both a
        callback and a file are given."""
        _enable_remarks(self, policy, output_file, format, all_filter,
                        passed_filter, missed_filter, analysis_filter,
                        failed_filter, callback, print_as_emit_remarks)

    def finalize_remarks(self) -> None:
        """Finalizes and removes the context's remark engine (no-op without
        one): remarks it postponed are reported, its file is written."""
        _finalize_remarks(self)

    @property
    def remarks_enabled(self) -> bool:
        """Whether the context has a remark engine (enable_remarks() was
        called and finalize_remarks() not since)."""
        return mlirCyContextHasRemarkEngine(self.c_context)

    def is_registered_operation(self, name) -> bool:
        """Whether the operation `name` ('dialect.op') is registered in this
        context (its dialect must be loaded)."""
        name = _str_param(name, "name")
        cdef bytes b = name.encode("utf-8")
        return mlirContextIsRegisteredOperation(self.c_context, str_ref(b))

    # -- interop ------------------------------------------------------------

    @property
    def _CAPIPtr(self):
        return mlirPythonContextToCapsule(self.c_context)

    @staticmethod
    def _CAPICreate(capsule):
        """The Context of a capsule made by _CAPIPtr (ours or another
        binding's). A context we do not know yet is adopted: the returned
        object owns it and destroys it when collected."""
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_CONTEXT)
        cdef MlirContext ctx = mlirPythonCapsuleToContext(capsule)
        return context_for_handle(ctx)

    # -- operations ---------------------------------------------------------

    cdef object lookup_op(self, MlirOperation op):
        return live_get(self, op.ptr)

    cdef int invalidate_nested(self, MlirOperation root,
                               bint include_root) except -1:
        """Marks the live objects of operations nested in `root` (and root
        itself if include_root) invalid and forgets them. Call before MLIR
        erases or may rewrite them."""
        # Entries are only read through borrowed pointers here (no reference
        # is taken: an entry's object may be dying on another thread, waiting
        # in live_forget for this critical section).
        cdef vector[PyObject*] doomed
        cdef PyObject* found
        with cython.critical_section(self):
            self.epoch += 1
            if include_root:
                found = live_find(&self.live_ops, root.ptr)
                if found != NULL:
                    doomed.push_back(found)
            _live_nested(self, root, doomed)
            for found in doomed:
                live_erase(&self.live_ops, found)
                _clear_flags(found, OP_VALID | OP_OWNED | OP_INTERNED)
        return 0

    cdef MlirIdentifier identifier(self, str name) except *:
        """The uniqued identifier of an attribute name, cached per
        context."""
        if not name:
            # MLIR accepts it, and prints IR that does not parse back.
            raise ValueError("attribute names must not be empty")
        return _cached_identifier(self, name, "name")

    def _get_live_operation_count(self) -> int:
        """Number of live Operation objects of this context."""
        return self.live_ops.n

    def _get_live_operation_map_bytes(self) -> int:
        """Bytes used by the live-operation table (for benchmarks)."""
        return self.live_ops.cap * sizeof(PyObject*)

    def _get_live_operation_objects(self) -> list[Operation]:
        return live_objects(self)

    def _clear_live_operations(self) -> int:
        """Invalidates every live Operation object; returns how many."""
        cdef size_t n, i
        with cython.critical_section(self):
            n = self.live_ops.n
            for i in range(self.live_ops.cap):
                if self.live_ops.slots[i] != NULL and \
                        self.live_ops.slots[i] != _TOMBSTONE:
                    _clear_flags(self.live_ops.slots[i],
                                 OP_VALID | OP_OWNED | OP_INTERNED)
            live_clear(&self.live_ops)
            self.epoch += 1
        return n

    def _clear_live_operations_inside(self, operation: Operation) -> int:
        """Invalidates the live objects nested in `operation` (not itself),
        as after a pass run on it."""
        cdef Operation op = as_operation(operation, "operation")
        self.invalidate_nested(op.c_op, False)

    # -- dialects (continued) ---------------------------------------------

    @property
    def dialects(self) -> Dialects:
        """Loaded dialects by namespace: ctx.dialects["func"] or
        ctx.dialects.func (loads a registered dialect on first access)."""
        return Dialects.new(self)

    @property
    def d(self) -> Dialects:
        """Alias of `dialects`."""
        return Dialects.new(self)

    def get_dialect_descriptor(self,
                               dialect_name) -> DialectDescriptor:
        """The DialectDescriptor of `dialect_name`, loading the dialect if
        it is registered but not loaded; ValueError when it is not found."""
        dialect_name = _str_param(dialect_name, "dialect_name")
        cdef bytes b = dialect_name.encode("utf-8")
        cdef MlirDialect d = mlirContextGetOrLoadDialect(self.c_context, str_ref(b))
        if d.ptr == NULL:
            raise ValueError(f"Dialect '{dialect_name}' not found")
        return _wrap_dialect_descriptor(self, d)

    def _cache(self, key):
        """The dict this context keeps for `key` (made empty on first use):
        storage for caches of values bound to this context, which live and
        go with it (holding the context from them does not leak it)."""
        d = self.caches.get(key)
        if d is None:
            d = self.caches[key] = {}
        return d

    def is_dialect_loaded(self, dialect_name):
        """Whether the dialect `dialect_name` is loaded in this context
        (without loading it)."""
        dialect_name = _str_param(dialect_name, "dialect_name")
        cdef bytes b = dialect_name.encode("utf-8")
        return mlirCyContextIsDialectLoaded(self.c_context, str_ref(b))

    def set_thread_pool(self, ThreadPool pool not None):
        """Runs this context's multithreaded work on `pool` (shared by any
        number of contexts; it stays alive as long as a context uses it)."""
        # MLIR requires multithreading off while the pool is swapped; setting
        # the pool turns it back on.
        mlirContextEnableMultithreading(self.c_context, False)
        mlirContextSetThreadPool(self.c_context, pool.c_pool)
        _context_thread_pools[_key(self.c_context.ptr)] = pool

    def get_num_threads(self) -> int:
        """Threads of the context's pool; 1 when multithreading is off."""
        return mlirContextGetNumThreads(self.c_context)

    def _mlir_thread_pool_ptr(self) -> str:
        """Address of the context's llvm::ThreadPoolInterface (hex string),
        for comparing pools; raises when multithreading is off."""
        if not mlirCyContextIsMultithreadingEnabled(self.c_context):
            raise RuntimeError("multithreading is disabled on this context")
        return hex(<uintptr_t>mlirContextGetThreadPool(self.c_context).ptr)

    @property
    def emit_error_diagnostics(self) -> bool:
        """When True, errors of failing calls go to the attached
        diagnostic handlers (or MLIR's default printing to stderr) instead
        of being collected: the MLIRError then has no error_diagnostics,
        as upstream."""
        return self.emit_error_diagnostics

    @emit_error_diagnostics.setter
    def emit_error_diagnostics(self, bint value):
        self.emit_error_diagnostics = value
        mlircy_captures_set_emit_errors(self.captures, value)

    def attach_diagnostic_handler(self,
                                  callback: Callable[[Diagnostic], bool | None]) -> DiagnosticHandler:
        """Calls callback(Diagnostic) for each diagnostic; returning True
        marks it handled. Returns a DiagnosticHandler (detach() it, or use
        it as a context manager)."""
        return _attach_handler(self, callback)

    current = _CurrentContext()


cdef object known_context(MlirContext ctx):
    """The Python Context of a handle, or None when the package has none
    (then no object of its IR exists)."""
    cdef PyObject* found = NULL
    with cython.critical_section(_registry_lock):
        it = _live_contexts.find(_key(ctx.ptr))
        if it != _live_contexts.end():
            found = deref(it).second
        return mlircy_take_or_none(found)


cdef Context context_for_handle(MlirContext ctx):
    """The one Python Context of a handle (adopting it if it is new)."""
    obj = known_context(ctx)
    if obj is not None:
        return <Context>obj
    return Context(_adopt=<uintptr_t>ctx.ptr)


_BaseContext = Context


@cython.final
cdef class DialectDescriptor:
    """A loaded dialect of a context."""
    cdef MlirDialect c_dialect
    cdef readonly Context context
    """The Context the dialect is loaded in."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "DialectDescriptor objects come from Context.get_dialect_descriptor()")

    @property
    def namespace(self) -> str:
        """The dialect's namespace (e.g. 'arith')."""
        return from_ref(mlirDialectGetNamespace(self.c_dialect))

    def __repr__(self):
        return f"<DialectDescriptor {self.namespace}>"


cdef DialectDescriptor _wrap_dialect_descriptor(Context ctx, MlirDialect d):
    cdef DialectDescriptor r = DialectDescriptor.__new__(DialectDescriptor)
    r.c_dialect = d
    r.context = ctx
    return r


@cython.final
cdef class Dialects:
    """Context.dialects: ctx.dialects['ns'] and ctx.dialects.ns give the
    registered Dialect class of the namespace (or Dialect) over its
    descriptor."""
    cdef Context context

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "Dialects objects come from Context.dialects")

    @staticmethod
    cdef Dialects new(Context ctx):
        cdef Dialects d = Dialects.__new__(Dialects)
        d.context = ctx
        return d

    cdef object get(self, str name, type exc):
        cdef bytes b = name.encode("utf-8")
        cdef MlirDialect d = mlirContextGetOrLoadDialect(self.context.c_context,
                                                         str_ref(b))
        if d.ptr == NULL:
            raise exc(f"Dialect '{name}' not found")
        desc = _wrap_dialect_descriptor(self.context, d)
        _import_dialect_module(name)
        cls = _dialect_classes.get(name, Dialect)
        return cls(desc)

    def __getitem__(self, name):
        name = _str_param(name, "name")
        return self.get(name, IndexError)

    def __getattr__(self, name):
        name = _str_param(name, "name")
        if name.startswith("__"):
            raise AttributeError(name)
        return self.get(name, AttributeError)


@cython.final
cdef class ThreadPool:
    """An LLVM thread pool that contexts can share
    (`Context.set_thread_pool`), so long-running programs that create many
    contexts do not start fresh threads for each."""
    cdef MlirLlvmThreadPool c_pool

    def __cinit__(self):
        self.c_pool = mlirLlvmThreadPoolCreate()

    def __dealloc__(self):
        if self.c_pool.ptr != NULL:
            mlirLlvmThreadPoolDestroy(self.c_pool)
            self.c_pool.ptr = NULL

    def get_max_concurrency(self) -> int:
        """How many tasks the pool runs at once."""
        return mlirCyLlvmThreadPoolGetMaxConcurrency(self.c_pool)

    def _mlir_thread_pool_ptr(self) -> str:
        return hex(<uintptr_t>self.c_pool.ptr)


# Names beyond this many in a context's identifiers are uniqued by MLIR each
# time instead (a front-end naming a new file or scope per op would
# otherwise grow the cache without bound).
cdef Py_ssize_t _MAX_CACHED_IDENTIFIERS = 65536


cdef MlirIdentifier _cached_identifier(Context ctx, str s, str what) except *:
    """The identifier of `s` (an attribute, file or location name) from the
    context's identifiers cache, or uniqued and added to it."""
    cdef MlirIdentifier ident
    cached = ctx.identifiers.get(s)
    if cached is not None:
        ident.ptr = <const void*><uintptr_t>cached
        return ident
    # The str's cached UTF-8 form, not a copy.
    ident = mlirIdentifierGet(ctx.c_context, borrowed_ref(s, what))
    if len(ctx.identifiers) < _MAX_CACHED_IDENTIFIERS:
        ctx.identifiers[s] = <uintptr_t>ident.ptr
    return ident
