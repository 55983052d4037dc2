# Context and DialectRegistry.

# Live contexts by handle: borrowed pointers, entries removed in __dealloc__.
# Lets a handle coming back from C (a location's or a capsule's context)
# find its one Python object.
cdef unordered_map[uintptr_t, PyObject*] _live_contexts


# Set by mlir._mlir_libs at import: called as hook(context, **init_kwargs)
# by Context.__init__ (dialect registration, hooks, dialect loading).
cdef object _context_init_hook = None


def _set_context_init_hook(hook):
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



cdef class Context:
    """An MLIR context: owns types, attributes, locations and loaded
    dialects. A context manager: `with Context() as ctx:` makes it the
    current context of this thread."""

    def __cinit__(self, *args, _adopt=None, **kwargs):
        cdef MlirContext ctx
        if _adopt is not None:
            ctx.ptr = <void*><uintptr_t>_adopt
        else:
            # Threading is enabled (or not) by the init hook, as upstream.
            ctx = mlirContextCreateWithThreading(False)
        self.c_context = ctx
        _live_contexts[_key(ctx.ptr)] = <PyObject*>self

    def __init__(self, load_on_create_dialects=None, thread_pool=None, *,
                 _adopt=None, **kwargs):
        if _adopt is None and _context_init_hook is not None:
            _context_init_hook(self, load_on_create_dialects=load_on_create_dialects,
                               thread_pool=thread_pool, **kwargs)

    def __dealloc__(self):
        if self.c_context.ptr != NULL:
            _live_contexts.erase(_key(self.c_context.ptr))
            mlirContextDestroy(self.c_context)
            self.c_context.ptr = NULL

    # -- the thread's current context ------------------------------------

    def __enter__(self):
        _push_frame(self, self, None, None)
        return self

    def __exit__(self, exc_type, exc, tb):
        _pop_frame(self)

    @staticmethod
    def _get_live_count():
        """Number of live Context objects."""
        return _live_contexts.size()

    # -- dialects -----------------------------------------------------------

    def append_dialect_registry(self, DialectRegistry registry not None):
        mlirContextAppendDialectRegistry(self.c_context, registry.c_registry)

    def load_all_available_dialects(self):
        with nogil:
            mlirContextLoadAllAvailableDialects(self.c_context)

    @property
    def allow_unregistered_dialects(self):
        return mlirContextGetAllowUnregisteredDialects(self.c_context)

    @allow_unregistered_dialects.setter
    def allow_unregistered_dialects(self, bint value):
        mlirContextSetAllowUnregisteredDialects(self.c_context, value)

    def enable_multithreading(self, bint enable):
        mlirContextEnableMultithreading(self.c_context, enable)

    def is_registered_operation(self, str name not None):
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

    current = _CurrentContext()


cdef Context context_for_handle(MlirContext ctx):
    """The one Python Context of a handle (adopting it if it is new)."""
    it = _live_contexts.find(_key(ctx.ptr))
    if it != _live_contexts.end():
        return <Context>deref(it).second
    return Context(_adopt=<uintptr_t>ctx.ptr)


_BaseContext = Context
