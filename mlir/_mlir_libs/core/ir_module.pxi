# Module: a top-level builtin.module, owned by its Python object.

# Live modules by handle (borrowed; erased in __dealloc__), so a handle that
# comes back through a capsule finds its one owner instead of a second one.
cdef unordered_map[uintptr_t, PyObject*] _live_modules


# What each live Module keeps alive for its operations: the objects owning
# values of other trees that they use (their trees must outlive the uses).
# Dropped once the module is destroyed. Modules using each other's values
# keep each other alive for good: freeing either first would leave the
# other's uses dangling.
cdef dict _module_keepalive = {}


cdef int keep_for_module(MlirOperation top, object owner) except -1:
    """Module `top` (a live Module's operation) uses a value of `owner`'s
    tree: keep that alive while the module lives."""
    cdef Operation o = <Operation>owner
    if _top_of(o.c_op).ptr == top.ptr:
        return 0
    key = <uintptr_t>top.ptr
    with cython.critical_section(_registry_lock):
        kept = _module_keepalive.get(key)
        if kept is None:
            _module_keepalive[key] = [o]
        elif not _holds(<list>kept, o):
            (<list>kept).append(o)
    return 0


cdef inline bint _holds(list xs, object o) noexcept:
    """Whether `o` itself is an item of xs (a loop, not a generator: the
    generator's closure was allocated on every call of keep_for_module,
    before its early return)."""
    cdef Py_ssize_t i
    for i in range(len(xs)):
        if xs[i] is o:
            return True
    return False


cdef bint is_module_op(const void* op) noexcept:
    """True if `op` is the operation of a live Module."""
    with cython.critical_section(_registry_lock):
        return _live_modules.find(_key(op)) != _live_modules.end()


cdef object live_module(const void* op):
    """The live Module whose operation is `op` (a new reference), or None."""
    cdef PyObject* found = NULL
    with cython.critical_section(_registry_lock):
        it = _live_modules.find(_key(op))
        if it != _live_modules.end():
            found = deref(it).second
        return mlircy_take_or_none(found)

@cython.no_gc_clear
@cython.final
cdef class Module:
    """A builtin.module operation, owned by this object."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "Modules are made by Module.create() or "
                              "Module.parse()")

    def __dealloc__(self):
        if self.c_module.ptr != NULL:
            with cython.critical_section(_registry_lock):
                _live_modules.erase(_key(self.c_module.ptr))
            # No object of an operation in it can be alive (each would hold
            # this module), but a detached-and-reinserted one may linger in
            # the map: forget everything nested.
            self.context.invalidate_nested(
                mlirModuleGetOperation(self.c_module), True)
            if not mlirCyDeepModuleDestroy(self.c_module):
                # Too deep to destroy safely: leak it rather than crash.
                _leaked_ops[0] += 1
            # Only now: destroying the module dropped its uses of values of
            # the trees kept alive for it.
            with cython.critical_section(_registry_lock):
                kept = _module_keepalive.pop(_key(self.c_module.ptr), None)
            self.c_module.ptr = NULL
            del kept

    @staticmethod
    def create(loc=None) -> Module:
        """An empty module at `loc` (default: the current location, or
        the Python call stack's while traceback locations are on)."""
        cdef Location l
        if _tb_enabled:
            l = _traceback_operation_location(loc)
        elif loc is None:
            # The current location, else unknown in the current context.
            cur = current_location()
            l = <Location>cur if cur is not None else Location.unknown()
        elif isinstance(loc, Location):
            l = <Location>loc
        else:
            raise _argument_type_error("loc must be a Location")
        return module_for_handle(l.context, mlirModuleCreateEmpty(l.c_location))

    @staticmethod
    def parse(asm: str | bytes, context=None) -> Module:
        """Parses a module from its textual (str) or bytecode/textual
        (bytes) form. Raises MLIRError with MLIR's diagnostics on failure."""
        cdef PyThreadState* _ts
        cdef Context ctx = resolve_context(context)
        cdef bytes data = to_bytes(asm, "asm")
        cdef MlirStringRef ref = str_ref(data)
        cdef MlirModule m
        cdef bint ran
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        cdef int t = ir_parse_enter(ctx)
        _ts = gil_release_for(ctx)
        ran = mlirCyDeepModuleCreateParse(ctx.c_context, ref, &m)
        gil_restore(_ts)
        ir_write_done(ctx, t)
        cap.check(not ran or m.ptr != NULL, "Unable to parse module assembly")
        if not ran:
            raise_too_deep("the module")
        return module_for_handle(ctx, m)

    @staticmethod
    def parseFile(path: str, context=None) -> Module:
        """Parses a module from a file (text or bytecode)."""
        cdef PyThreadState* _ts
        if not isinstance(path, (str, os.PathLike)):
            raise _argument_type_error(f"path must be a str or os.PathLike, not "
                            f"{type(path).__name__}")
        cdef Context ctx = resolve_context(context)
        cdef bytes p = to_bytes(os.fspath(path), "path")
        cdef MlirStringRef ref = str_ref(p)
        cdef MlirModule m
        cdef bint ran
        cdef size_t length = 0
        try:
            length = os.stat(p).st_size
        except OSError:
            pass    # MLIR reports it
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        cdef int t = ir_parse_enter(ctx)
        _ts = gil_release_for(ctx)
        ran = mlirCyDeepModuleCreateParseFromFile(ctx.c_context, ref,
                                                  length, &m)
        gil_restore(_ts)
        ir_write_done(ctx, t)
        cap.check(not ran or m.ptr != NULL, "Unable to parse module assembly")
        if not ran:
            raise_too_deep("the module")
        return module_for_handle(ctx, m)

    @property
    def operation(self) -> Operation:
        """The module as a plain Operation (kept alive by this Module): a
        new object each time, equal to the others, as upstream's."""
        return fresh_plain(<Operation>wrap_operation(
            self.context, mlirModuleGetOperation(self.c_module), self))

    @property
    def body(self) -> Block:
        """The module's one block."""
        op = wrap_operation(self.context, mlirModuleGetOperation(self.c_module),
                            self)
        return wrap_block(<Operation>op, mlirModuleGetBody(self.c_module))

    def _repr_html_(self):
        """What a notebook shows: the IR, highlighted when Pygments is
        installed, cut after mlir._notebook.MAX_LINES lines."""
        from mlir._notebook import ir_html
        return ir_html(self)

    def __str__(self):
        cdef string buf
        cdef MlirOperation op = mlirModuleGetOperation(self.c_module)
        cdef bint ran
        cdef MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate()
        cdef int t = ir_section_enter(self.context, False)
        cdef PyThreadState* _ts
        try:
            # The generic form for IR MLIR's verifier cannot take (one walk
            # looks for it and counts the stack the printer needs).
            _ts = gil_release_for(self.context)
            ran = mlirCyDeepOperationPrintWithFlagsGenericIfUnverifiable(
                op, flags, append_to_string, &buf)
            gil_restore(_ts)
        finally:
            ir_section_exit(self.context, t)
            mlirOpPrintingFlagsDestroy(flags)
        if not ran:
            raise_too_deep("the module")
        return decode_string(buf)

    def dump(self):
        """Prints the module to stderr, for debugging."""
        dump_operation(mlirModuleGetOperation(self.c_module))

    def __eq__(self, other):
        if not isinstance(other, Module):
            return NotImplemented
        return self.c_module.ptr == (<Module>other).c_module.ptr

    def __hash__(self):
        return hash(<uintptr_t>self.c_module.ptr)

    def __reduce__(self):
        return (_unpickle_module,
                (_bytecode_of(self.context, self),))

    @property
    def _CAPIPtr(self):
        return mlirPythonModuleToCapsule(self.c_module)

    @staticmethod
    def _CAPICreate(capsule):
        """Adopts the module of a capsule made by _CAPIPtr: the returned
        object owns it."""
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_MODULE)
        cdef MlirModule m = mlirPythonCapsuleToModule(capsule)
        return module_for_handle(context_for_handle(mlirModuleGetContext(m)), m)


cdef Module module_for_handle(Context context, MlirModule m):
    """The one Python Module of a handle; a new handle becomes owned."""
    found = live_module(m.ptr)
    if found is not None:
        return <Module>found
    cdef Module mod = Module.__new__(Module)
    with cython.critical_section(_registry_lock):
        _live_modules[_key(m.ptr)] = <PyObject*>mod
        mlircy_enable_try_incref(<PyObject*>mod)
    mod.c_module = m
    mod.context = context
    return mod
