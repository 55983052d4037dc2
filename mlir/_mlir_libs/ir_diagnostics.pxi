# Diagnostics: DiagnosticSeverity, DiagnosticInfo, MLIRError, and capturing
# the errors MLIR emits during one C call.

import enum


class DiagnosticSeverity(enum.IntEnum):
    """The severity of a diagnostic: ERROR, WARNING, NOTE or REMARK."""
    ERROR = MlirDiagnosticError
    WARNING = MlirDiagnosticWarning
    NOTE = MlirDiagnosticNote
    REMARK = MlirDiagnosticRemark

    __str__ = enum.Enum.__str__


cdef class DiagnosticInfo:
    """A diagnostic copied out of MLIR: it outlives the emitting call.
    DiagnosticInfo(diagnostic) copies a Diagnostic inside a handler."""
    cdef readonly object severity
    cdef readonly Location location
    cdef readonly str message
    # A list, as upstream's (a Diagnostic's notes are a tuple).
    cdef readonly list notes

    def __init__(self, diagnostic):
        if not isinstance(diagnostic, Diagnostic):
            raise TypeError("DiagnosticInfo needs a Diagnostic")
        cdef Diagnostic d = <Diagnostic>diagnostic
        d.check()
        cdef DiagnosticInfo info = diagnostic_info(d.context, d.c_diag)
        self.severity = info.severity
        self.location = info.location
        self.message = info.message
        self.notes = info.notes

    def __str__(self):
        return self.message

    def __repr__(self):
        return (f"DiagnosticInfo({self.severity!s}, {self.location}, "
                f"{self.message!r})")


cdef DiagnosticInfo diagnostic_info(Context context, MlirDiagnostic diag):
    cdef DiagnosticInfo info = DiagnosticInfo.__new__(DiagnosticInfo)
    cdef string buf
    mlirDiagnosticPrint(diag, append_to_string, &buf)
    info.message = decode_string(buf)
    info.severity = DiagnosticSeverity(<int>mlirDiagnosticGetSeverity(diag))
    info.location = wrap_location(context, mlirDiagnosticGetLocation(diag))
    cdef intptr_t n = mlirDiagnosticGetNumNotes(diag)
    info.notes = [diagnostic_info(context, mlirDiagnosticGetNote(diag, i))
                  for i in range(n)]
    return info


class MLIRError(Exception):
    """An MLIR operation failed; `error_diagnostics` holds what MLIR said.

    str() gives the message followed by each error diagnostic and its notes,
    one per line, with their source locations."""

    def __init__(self, message, error_diagnostics):
        self.message = message
        self.error_diagnostics = error_diagnostics
        super().__init__(message, error_diagnostics)

    def __str__(self):
        lines = [self.message + (":" if self.error_diagnostics else "")]
        for diag in self.error_diagnostics:
            lines.append(_format_diag("error", diag))
            lines.extend(_format_diag(" note", n) for n in diag.notes)
        return "\n".join(lines)


def _format_diag(str kind, DiagnosticInfo diag):
    # str(location) is 'loc(<inner>)'; show the inner part.
    loc = str(diag.location)[4:-1]
    return f"{kind}: {loc}: " + diag.message.replace("\n", "\n  ")


@cython.no_gc_clear
cdef class _ErrorCapture:
    """Collects error diagnostics of one context while attached.

        cap = _ErrorCapture.attach(ctx)
        try: ...C call...
        finally: errors = cap.detach()

    Warnings, notes and remarks pass on to the other handlers."""

    @staticmethod
    cdef _ErrorCapture attach(Context context):
        cdef _ErrorCapture cap = _ErrorCapture.__new__(_ErrorCapture)
        cap.context = context
        cap.errors = []
        if not context.diagnostic_handlers:
            # No user handler can get in the way: the context's own handler
            # (attached once, at creation) serves the capture, which then
            # costs a list push and pop instead of two MLIR calls.
            # Captures are per thread: MLIR reports a diagnostic on the thread
            # whose call emitted it, and threads may share a context.
            cap.ambient = True
            cap.thread = PyThread_get_thread_ident()
            with cython.critical_section(context):
                context.captures.append(cap)
        else:
            # Attached last, MLIR asks this handler first.
            cap.handler_id = mlirCyContextAttachDiagnosticHandlerOnThreadStack(
                context.c_context, _capture_handler, <void*>cap, NULL)
        cap.attached = True
        return cap

    cdef list detach(self):
        if self.attached:
            self.attached = False
            if self.ambient:
                caps = self.context.captures
                with cython.critical_section(self.context):
                    if caps and caps[-1] is self:
                        caps.pop()
                    else:
                        caps.remove(self)
            else:
                mlirContextDetachDiagnosticHandler(self.context.c_context,
                                                   self.handler_id)
        return self.errors

    def __dealloc__(self):
        if self.attached and not self.ambient:
            mlirContextDetachDiagnosticHandler(self.context.c_context,
                                               self.handler_id)


from cpython.pythread cimport PyThread_get_thread_ident


cdef _ErrorCapture _thread_capture(Context ctx):
    """The innermost ambient capture of the calling thread, or None."""
    cdef unsigned long me = PyThread_get_thread_ident()
    cdef list caps = ctx.captures
    cdef Py_ssize_t i
    with cython.critical_section(ctx):
        for i in range(len(caps) - 1, -1, -1):
            if (<_ErrorCapture>caps[i]).thread == me:
                return <_ErrorCapture>caps[i]
    return None


cdef MlirLogicalResult _ambient_handler(MlirDiagnostic diag,
                                        void* user) noexcept with gil:
    """The handler every context carries: feeds the innermost ambient
    capture, else lets the diagnostic pass on."""
    cdef Context ctx = <Context>user
    if not ctx.captures or ctx.emit_error_diagnostics or \
            mlirDiagnosticGetSeverity(diag) != MlirDiagnosticError:
        return mlirLogicalResultFailure()
    cdef _ErrorCapture cap = _thread_capture(ctx)
    if cap is None:
        return mlirLogicalResultFailure()
    try:
        cap.errors.append(diagnostic_info(ctx, diag))
    except BaseException as e:
        _report_unraisable(e, cap)
    return mlirLogicalResultSuccess()


cdef MlirLogicalResult _capture_handler(MlirDiagnostic diag,
                                        void* user) noexcept with gil:
    cdef _ErrorCapture cap = <_ErrorCapture>user
    if mlirDiagnosticGetSeverity(diag) != MlirDiagnosticError or \
            cap.context.emit_error_diagnostics:
        # With emit_error_diagnostics, errors go to the other handlers (or
        # MLIR's default printing) instead of the raised MLIRError, as
        # upstream.
        return mlirLogicalResultFailure()
    try:
        cap.errors.append(diagnostic_info(cap.context, diag))
    except BaseException as e:
        _report_unraisable(e, cap)
    return mlirLogicalResultSuccess()


cdef extern from "Python.h":
    void PyErr_WriteUnraisable(object obj)
    void PyErr_SetObject(object type, object value)


cdef void _report_unraisable(BaseException e, object where) noexcept:
    """Reports an exception that cannot propagate (we are inside a C
    callback) through sys.unraisablehook, as Python does for __del__."""
    PyErr_SetObject(type(e), e)
    PyErr_WriteUnraisable(where)


@cython.final
cdef class Diagnostic:
    """A diagnostic being delivered to a handler. Valid only during the
    handler call; use DiagnosticInfo(diag) to keep it."""
    cdef MlirDiagnostic c_diag
    cdef Context context
    cdef bint valid
    cdef list children

    def __init__(self, *args, **kwargs):
        raise TypeError("Diagnostics are delivered to diagnostic handlers")

    cdef int check(self) except -1:
        if not self.valid:
            raise ValueError("Diagnostic is invalid (used outside of callback)")
        return 0

    @property
    def severity(self):
        """The severity (a DiagnosticSeverity)."""
        self.check()
        return DiagnosticSeverity(<int>mlirDiagnosticGetSeverity(self.c_diag))

    @property
    def location(self):
        """Where the diagnostic was emitted (a Location)."""
        self.check()
        return wrap_location(self.context, mlirDiagnosticGetLocation(self.c_diag))

    @property
    def message(self):
        """The diagnostic's text."""
        self.check()
        cdef string buf
        mlirDiagnosticPrint(self.c_diag, append_to_string, &buf)
        return decode_string(buf)

    @property
    def notes(self):
        """The notes attached to the diagnostic (Diagnostics)."""
        self.check()
        cdef intptr_t i, n = mlirDiagnosticGetNumNotes(self.c_diag)
        out = []
        for i in range(n):
            out.append(_new_diagnostic(self.context,
                                       mlirDiagnosticGetNote(self.c_diag, i), self))
        return tuple(out)

    def __str__(self):
        if not self.valid:
            return "<Invalid Diagnostic>"       # as upstream
        return self.message

    def __repr__(self):
        if not self.valid:
            return "<Diagnostic: invalid>"
        return f"<Diagnostic {self.severity!s}: {self.message}>"


cdef Diagnostic _new_diagnostic(Context ctx, MlirDiagnostic d, Diagnostic parent):
    cdef Diagnostic diag = Diagnostic.__new__(Diagnostic)
    diag.c_diag = d
    diag.context = ctx
    diag.valid = True
    diag.children = []
    if parent is not None:
        parent.children.append(diag)
    return diag


cdef void _invalidate_diagnostic(Diagnostic d):
    d.valid = False
    for c in d.children:
        _invalidate_diagnostic(<Diagnostic>c)


@cython.final
cdef class DiagnosticHandler:
    """A Python callable attached to a context's diagnostics. It does not
    keep the context alive: when the context goes, the handler is detached
    (`attached` becomes False), as upstream's."""
    # Borrowed: the context holds this handler (diagnostic_handlers) while
    # it is attached, and detaches it (clearing this) when it dies.
    cdef PyObject* context_ptr
    cdef object callback
    cdef MlirDiagnosticHandlerID handler_id
    cdef readonly bint attached
    cdef readonly bint had_error

    def __init__(self, *args, **kwargs):
        raise TypeError("use Context.attach_diagnostic_handler()")

    def detach(self):
        """Detaches the handler from its context (no-op when detached)."""
        cdef Context ctx
        if self.attached and self.context_ptr != NULL:
            ctx = <Context>self.context_ptr
            mlirContextDetachDiagnosticHandler(ctx.c_context, self.handler_id)
            self.attached = False
            self.context_ptr = NULL
            try:
                ctx.diagnostic_handlers.remove(self)
            except ValueError:
                pass
        self.attached = False

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.detach()


cdef DiagnosticHandler _attach_handler(Context ctx, object callback):
    if not callable(callback):
        raise TypeError("diagnostic handler must be callable")
    cdef DiagnosticHandler h = DiagnosticHandler.__new__(DiagnosticHandler)
    h.context_ptr = <PyObject*>ctx
    h.callback = callback
    if ctx.diagnostic_handlers is None:
        ctx.diagnostic_handlers = []
    ctx.diagnostic_handlers.append(h)     # keeps h alive while attached
    h.handler_id = mlirCyContextAttachDiagnosticHandlerOnThreadStack(
        ctx.c_context, _user_handler, <void*>h, NULL)
    h.attached = True
    return h


cdef int _detach_all_handlers(Context ctx) except -1:
    if ctx.diagnostic_handlers:
        for h in list(ctx.diagnostic_handlers):
            (<DiagnosticHandler>h).detach()
    return 0


cdef MlirLogicalResult _user_handler(MlirDiagnostic d, void* user) noexcept with gil:
    cdef DiagnosticHandler h = <DiagnosticHandler>user
    if h.context_ptr == NULL or h.callback is None:
        return mlirLogicalResultFailure()
    cdef Diagnostic diag = _new_diagnostic(<Context>h.context_ptr, d, None)
    cdef bint handled = False
    try:
        handled = True if h.callback(diag) else False
    except BaseException as e:
        h.had_error = True
        _report_unraisable(e, h.callback)
    finally:
        _invalidate_diagnostic(diag)
    return mlirLogicalResultSuccess() if handled else mlirLogicalResultFailure()


# -- LLVM's global debug output (-debug, -debug-only) ---------------------

class _GlobalDebugMeta(type):
    """Gives _GlobalDebug its class-level `flag` property."""

    @property
    def flag(cls):
        """Whether LLVM's debug output (-debug) is on, process-wide."""
        return True if mlirIsGlobalDebugEnabled() else False

    @flag.setter
    def flag(cls, value):
        mlirEnableGlobalDebug(True if value else False)


class _GlobalDebug(metaclass=_GlobalDebugMeta):
    """LLVM's process-wide debug output: `_GlobalDebug.flag = True` is
    -debug, `_GlobalDebug.set_types("pass-a")` (or a list) -debug-only.
    Private, as upstream: import it by name from mlir.ir."""

    def __init__(self, *args, **kwargs):
        raise TypeError("_GlobalDebug is used through the class")

    @staticmethod
    def set_types(types):
        """Limits debug output to one debug type (a str) or several."""
        cdef bytes one
        cdef list encoded
        cdef vector[const char*] ptrs
        if isinstance(types, str):
            one = types.encode("utf-8")
            mlirSetGlobalDebugType(one)
            return
        encoded = [to_bytes(t, "types") for t in types]
        for b in encoded:
            ptrs.push_back(<const char*>(<bytes>b))
        mlirSetGlobalDebugTypes(ptrs.data(), <intptr_t>ptrs.size())


# -- the garbage collector and handlers holding operations ---------------------
#
# Operation and Value objects carry no GC header (millions of them are
# made), so the collector cannot see their references to their Context and
# owners. A handler whose callback holds one of its context's operations
# (in a closure cell or a default argument) would then keep the context
# alive forever, through a cycle the collector cannot follow. The handler's
# traversal reports, as its own, the references of such objects that only
# the callback holds (each reference count is 1 along the way: the object
# is garbage exactly when the handler is), as if they were tracked.

from cpython.object cimport traverseproc

ctypedef int (*_visitproc)(PyObject*, void*) noexcept
ctypedef int (*_traverseproc)(PyObject*, _visitproc, void*) noexcept

cdef extern from "Python.h":
    bint PyFunction_Check(PyObject*)
    PyObject* PyFunction_GET_CLOSURE(PyObject*)
    PyObject* PyFunction_GET_DEFAULTS(PyObject*)
    bint PyCell_Check(PyObject*)
    PyObject* PyCell_GET(PyObject*)
    bint PyTuple_Check(PyObject*)
    Py_ssize_t PyTuple_GET_SIZE(PyObject*)
    PyObject* PyTuple_GET_ITEM(PyObject*, Py_ssize_t)
    Py_ssize_t Py_REFCNT(PyObject*)
    bint PyObject_TypeCheck(PyObject*, PyTypeObject*)

cdef _traverseproc _handler_traverse_base = NULL


cdef int _visit_held(PyObject* o, _visitproc visit, void* arg,
                     int depth) noexcept:
    """Reports the references of `o`, an Operation or Value that its one
    holder alone references (then along its owners, the same way)."""
    cdef PyObject* ref
    cdef int r
    while o != NULL and depth < 64 and Py_REFCNT(o) == 1:
        if PyObject_TypeCheck(o, <PyTypeObject*>Operation):
            ref = <PyObject*>(<Operation>o).context
            if ref != NULL:
                r = visit(ref, arg)
                if r:
                    return r
            o = <PyObject*>(<Operation>o).owner_ref
        elif PyObject_TypeCheck(o, <PyTypeObject*>Value):
            o = <PyObject*>(<Value>o).parent
        else:
            return 0
        if o != NULL:
            r = visit(o, arg)           # a no-op for untracked objects
            if r:
                return r
        depth += 1
    return 0


cdef int _visit_private_items(PyObject* t, _visitproc visit,
                              void* arg) noexcept:
    """_visit_held on the items of tuple `t` that only it holds."""
    cdef Py_ssize_t i
    cdef PyObject* item
    cdef int r
    if t == NULL or not PyTuple_Check(t) or Py_REFCNT(t) != 1:
        return 0
    for i in range(PyTuple_GET_SIZE(t)):
        item = PyTuple_GET_ITEM(t, i)
        if item != NULL and PyCell_Check(item):
            if Py_REFCNT(item) != 1:
                continue
            item = PyCell_GET(item)
        r = _visit_held(item, visit, arg, 0)
        if r:
            return r
    return 0


cdef int _handler_traverse(PyObject* o, _visitproc visit,
                           void* arg) noexcept:
    cdef int r = _handler_traverse_base(o, visit, arg)
    if r:
        return r
    cdef PyObject* fn = <PyObject*>(<DiagnosticHandler>o).callback
    if fn == NULL or not PyFunction_Check(fn) or Py_REFCNT(fn) != 1:
        return 0
    r = _visit_private_items(PyFunction_GET_CLOSURE(fn), visit, arg)
    if r:
        return r
    return _visit_private_items(PyFunction_GET_DEFAULTS(fn), visit, arg)


_handler_traverse_base = <_traverseproc><void*>(
    <PyTypeObject*>DiagnosticHandler).tp_traverse
(<PyTypeObject*>DiagnosticHandler).tp_traverse = \
    <traverseproc><void*>_handler_traverse
