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


# Not tracked by the garbage collector (nothing refers to a capture but the
# C frame using it), and kept on a free list: most checked calls capture.
@cython.no_gc
@cython.freelist(8)
cdef class _ErrorCapture:
    """Collects error diagnostics of one context while attached, and turns
    them into the exception of a failed C call:

        cap = _ErrorCapture.attach(ctx)
        h = mlirXGetChecked(...)
        cap.check(h.ptr != NULL, "Invalid X")

    Between attach() and check() (or detach()) run only C calls, which
    cannot raise: a site that must run Python code there detaches in a
    `finally`, then checks. Warnings, notes and remarks pass on to the
    other handlers."""

    @staticmethod
    cdef _ErrorCapture attach(Context context):
        cdef _ErrorCapture cap = _ErrorCapture.__new__(_ErrorCapture)
        cap.context = context
        cap.state.owner = context.captures
        if not context.diagnostic_handlers:
            # No user handler can get in the way: the context's own handler
            # (attached once, at creation) serves the capture, which then
            # costs a push and a pop instead of two MLIR calls. Captures
            # are per thread: MLIR reports a diagnostic on the thread whose
            # call emitted it, and threads may share a context.
            cap.ambient = True
            mlircy_captures_push(context.captures, &cap.state)
        else:
            # Attached last, MLIR asks this handler first.
            cap.handler_id = mlirContextAttachDiagnosticHandler(
                context.c_context, mlircy_capture_handler, &cap.state, NULL)
        cap.attached = True
        return cap

    cdef list detach(self):
        """Ends the capture; returns the errors it collected (the same list
        on later calls)."""
        if self.attached:
            self._release()
            if self.state.errors.size():
                self.errors = _captured_infos(self.context, self.state.errors)
                self.state.errors.clear()
            else:
                self.errors = []
        return self.errors

    cdef int check(self, bint ok, str message,
                   ErrorMaker make_error=NULL) except -1:
        """Ends the capture (detach() if still attached); unless `ok`,
        raises MLIRError(message, <the errors captured>), or the exception
        make_error(message, errors) returns."""
        cdef list errors = self.detach()
        if ok:
            return 0
        if make_error == NULL:
            raise MLIRError(message, errors)
        raise make_error(message, errors)

    cdef void _release(self) noexcept:
        self.attached = False
        if self.ambient:
            mlircy_captures_remove(self.context.captures, &self.state)
        else:
            mlirContextDetachDiagnosticHandler(self.context.c_context,
                                               self.handler_id)

    def __dealloc__(self):
        # (The context's handler must not keep a pointer to self.state.)
        if self.attached:
            self._release()


cdef extern from *:
    """
    static void mlircy_append_message(MlirStringRef s, void *out) {
      static_cast<std::string *>(out)->append(s.data, s.length);
    }

    /* Copies a diagnostic and its notes: no Python, no GIL. */
    static void mlircy_copy_diag(MlirDiagnostic d, MlirCyDiag *out) {
      out->severity = (int)mlirDiagnosticGetSeverity(d);
      out->location = mlirDiagnosticGetLocation(d);
      mlirDiagnosticPrint(d, mlircy_append_message, &out->message);
      intptr_t n = mlirDiagnosticGetNumNotes(d);
      out->notes.resize((size_t)n);
      for (intptr_t i = 0; i < n; ++i)
        mlircy_copy_diag(mlirDiagnosticGetNote(d, i), &out->notes[(size_t)i]);
    }

    static void mlircy_captures_push(MlirCyCaptures *c, MlirCyCapture *cap) {
      cap->thread = PyThread_get_thread_ident();
      std::lock_guard<std::mutex> guard(c->lock);
      c->stack.push_back(cap);
    }

    static void mlircy_captures_remove(MlirCyCaptures *c, MlirCyCapture *cap) {
      std::lock_guard<std::mutex> guard(c->lock);
      for (size_t i = c->stack.size(); i-- > 0;)
        if (c->stack[i] == cap) {
          c->stack.erase(c->stack.begin() + (std::ptrdiff_t)i);
          return;
        }
    }

    /* The handler of a capture attached in front of the user's handlers,
       and the ambient handler's once it has found the capture: takes an
       error. With emit_error_diagnostics, errors go to the other handlers
       (or MLIR's default printing) instead of the raised MLIRError, as
       upstream. */
    static MlirLogicalResult mlircy_capture_handler(MlirDiagnostic d,
                                                    void *user) {
      MlirCyCapture *cap = static_cast<MlirCyCapture *>(user);
      if (mlirDiagnosticGetSeverity(d) != MlirDiagnosticError ||
          cap->owner->emit_errors.load(std::memory_order_relaxed))
        return mlirLogicalResultFailure();
      cap->errors.emplace_back();
      mlircy_copy_diag(d, &cap->errors.back());
      return mlirLogicalResultSuccess();
    }

    /* The handler every context carries: feeds the calling thread's
       innermost capture, else lets the diagnostic pass on. */
    static MlirLogicalResult mlircy_ambient_handler(MlirDiagnostic d,
                                                    void *user) {
      MlirCyCaptures *c = static_cast<MlirCyCaptures *>(user);
      if (mlirDiagnosticGetSeverity(d) != MlirDiagnosticError)
        return mlirLogicalResultFailure();     /* (without taking the lock) */
      MlirCyCapture *cap = nullptr;
      {
        std::lock_guard<std::mutex> guard(c->lock);
        unsigned long me = PyThread_get_thread_ident();
        for (size_t i = c->stack.size(); i-- > 0;)
          if (c->stack[i]->thread == me) {
            cap = c->stack[i];
            break;
          }
      }
      /* Only this thread adds to or removes its own capture. */
      return cap ? mlircy_capture_handler(d, cap) : mlirLogicalResultFailure();
    }

    static MlirCyCaptures *mlircy_captures_new(void) {
      return new MlirCyCaptures();
    }
    static void mlircy_captures_delete(MlirCyCaptures *c) { delete c; }
    static void mlircy_captures_set_emit_errors(MlirCyCaptures *c, bool v) {
      c->emit_errors.store(v, std::memory_order_relaxed);
    }
    """
    void mlircy_captures_push(MlirCyCaptures* c, MlirCyCapture* cap) noexcept nogil
    void mlircy_captures_remove(MlirCyCaptures* c, MlirCyCapture* cap) noexcept nogil
    MlirLogicalResult mlircy_ambient_handler(MlirDiagnostic d, void* user) noexcept nogil
    MlirLogicalResult mlircy_capture_handler(MlirDiagnostic d, void* user) noexcept nogil
    MlirCyCaptures* mlircy_captures_new() except +
    void mlircy_captures_delete(MlirCyCaptures* c) noexcept nogil
    void mlircy_captures_set_emit_errors(MlirCyCaptures* c, bint v) noexcept nogil


cdef list _captured_infos(Context ctx, vector[MlirCyDiag]& diags):
    """DiagnosticInfo objects of diagnostics a capture copied."""
    cdef size_t i
    return [_captured_info(ctx, diags[i]) for i in range(diags.size())]


cdef DiagnosticInfo _captured_info(Context ctx, MlirCyDiag& d):
    cdef DiagnosticInfo info = DiagnosticInfo.__new__(DiagnosticInfo)
    info.message = decode_string(d.message)
    info.severity = DiagnosticSeverity(d.severity)
    info.location = wrap_location(ctx, d.location)
    info.notes = _captured_infos(ctx, d.notes)
    return info


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
