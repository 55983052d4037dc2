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
    __repr__ = _upstream_enum_repr


cdef class DiagnosticInfo:
    """A diagnostic copied out of MLIR: it outlives the emitting call.
    DiagnosticInfo(diagnostic) copies a Diagnostic inside a handler."""
    cdef readonly object severity
    """The severity (a DiagnosticSeverity)."""
    cdef readonly Location location
    """Where the diagnostic was emitted (a Location)."""
    cdef readonly str message
    """The diagnostic's text."""
    # A list, as upstream's (a Diagnostic's notes are a tuple).
    cdef readonly list notes
    """The notes attached to it (a list of DiagnosticInfo)."""

    def __init__(self, diagnostic: Diagnostic):
        if not isinstance(diagnostic, Diagnostic):
            raise TypeError("DiagnosticInfo needs a Diagnostic")
        cdef Diagnostic d = <Diagnostic>diagnostic
        d.check()
        cdef DiagnosticInfo info = d.info if d.info is not None else \
            diagnostic_info(d.context, d.c_diag)
        self.severity = info.severity
        self.location = info.location
        self.message = info.message
        self.notes = list(info.notes)

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

    def __init__(self, message: str,
                 error_diagnostics: Sequence[DiagnosticInfo]):
        self.message = message
        self.error_diagnostics = error_diagnostics
        super().__init__(message, error_diagnostics)

    def __str__(self):
        lines = [self.message + (":" if self.error_diagnostics else "")]
        for diag in self.error_diagnostics:
            lines.append(_format_diag("error", diag))
            lines.extend(_format_diag(" note", n) for n in diag.notes)
        return "\n".join(lines)


def _format_diag(str kind, DiagnosticInfo diag) -> str:
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
            # Attached last, MLIR asks this handler first. It takes only
            # this thread's errors: another thread's diagnostic on the same
            # context goes on to the handlers, as without the capture.
            if deferred_pending():
                _deliver_deferred(context)
            cap.state.thread = PyThread_get_thread_ident()
            cap.handler_id = mlirContextAttachDiagnosticHandler(
                context.c_context, mlircy_thread_capture_handler, &cap.state,
                NULL)
        cap.attached = True
        return cap

    cdef list detach(self):
        """Ends the capture; returns the errors it collected (the same list
        on later calls)."""
        if self.attached:
            self._release()
            if deferred_pending() and not self.ambient:
                # Diagnostics the handlers were given during the call (this
                # thread's warnings, errors with emit_error_diagnostics) or
                # by other threads, not delivered yet.
                _deliver_deferred(self.context)
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

    /* The handler of a capture attached in front of the user's handlers:
       takes the errors its own thread's calls emit. */
    static MlirLogicalResult mlircy_thread_capture_handler(MlirDiagnostic d,
                                                           void *user) {
      MlirCyCapture *cap = static_cast<MlirCyCapture *>(user);
      if (cap->thread != PyThread_get_thread_ident())
        return mlirLogicalResultFailure();
      return mlircy_capture_handler(d, cap);
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
    MlirLogicalResult mlircy_thread_capture_handler(MlirDiagnostic d, void* user) noexcept nogil
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
    # Set instead of c_diag for a diagnostic delivered after its emission
    # (a copy: see "Python diagnostic handlers" below).
    cdef DiagnosticInfo info
    cdef Context context
    cdef bint valid
    cdef list children

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "Diagnostics are delivered to diagnostic handlers")

    cdef int check(self) except -1:
        if not self.valid:
            raise ValueError("Diagnostic is invalid (used outside of callback)")
        return 0

    @property
    def severity(self) -> DiagnosticSeverity:
        """The severity (a DiagnosticSeverity)."""
        self.check()
        if self.info is not None:
            return self.info.severity
        return DiagnosticSeverity(<int>mlirDiagnosticGetSeverity(self.c_diag))

    @property
    def location(self) -> Location:
        """Where the diagnostic was emitted (a Location)."""
        self.check()
        if self.info is not None:
            return self.info.location
        return wrap_location(self.context, mlirDiagnosticGetLocation(self.c_diag))

    @property
    def message(self) -> str:
        """The diagnostic's text."""
        self.check()
        if self.info is not None:
            return self.info.message
        cdef string buf
        mlirDiagnosticPrint(self.c_diag, append_to_string, &buf)
        return decode_string(buf)

    @property
    def notes(self) -> tuple[Diagnostic, ...]:
        """The notes attached to the diagnostic (Diagnostics)."""
        self.check()
        cdef intptr_t i, n
        out = []
        if self.info is not None:
            for note in self.info.notes:
                out.append(_info_diagnostic(self.context, note, self))
            return tuple(out)
        n = mlirDiagnosticGetNumNotes(self.c_diag)
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


cdef Diagnostic _info_diagnostic(Context ctx, DiagnosticInfo info,
                                 Diagnostic parent):
    """A Diagnostic answering from a copy (`info`) of the emitted one."""
    cdef Diagnostic diag = _new_diagnostic(ctx, MlirDiagnostic(NULL), parent)
    diag.info = info
    return diag


cdef void _invalidate_diagnostic(Diagnostic d):
    d.valid = False
    # (Its copy holds Locations, which the garbage collector does not see:
    # kept by an escaped Diagnostic, they would keep the context alive.)
    d.info = None
    for c in d.children:
        _invalidate_diagnostic(<Diagnostic>c)


# -- Python diagnostic handlers --------------------------------------------
#
# MLIR calls handlers holding its diagnostic engine's lock. Python code
# run there can lose the GIL to another thread, which may then wait for
# that lock (to emit a diagnostic, or to attach or detach a handler, as
# error captures do) while holding the GIL: a deadlock. So a Python
# handler's MLIR half only copies the diagnostic and marks it handled; the
# copy is delivered, out of MLIR's lock, as soon as the call that emitted
# it returns to us (its error capture ends, or Location.emit_error
# returns), or when any thread next uses the context's diagnostics (a
# checked call starts, a handler is detached). Each goes to the handler
# MLIR gave it to, then to the older ones until one takes it, as MLIR would
# have; an error none takes is printed to stderr as MLIR's default does.

cdef extern from *:
    """
    #include <atomic>
    #include <mutex>
    #include <string>
    #include <vector>
    /* The diagnostics MLIR gave a Python handler, until delivered. */
    struct MlirCyDeferred {
      MlirContext context;
      std::mutex lock;
      std::vector<MlirCyDiag> diags;
    };
    /* How many are waiting, in all contexts: the fast test. */
    static std::atomic<long> mlircy_deferred_count{0};

    static MlirCyDeferred *mlircy_deferred_new(MlirContext context) {
      MlirCyDeferred *q = new MlirCyDeferred();
      q->context = context;
      return q;
    }
    static void mlircy_deferred_add(MlirCyDeferred *q, MlirDiagnostic d) {
      std::lock_guard<std::mutex> guard(q->lock);
      q->diags.emplace_back();
      mlircy_copy_diag(d, &q->diags.back());
      ++mlircy_deferred_count;
    }
    /* Moves the waiting diagnostics to `out` (empty before). */
    static void mlircy_deferred_take(MlirCyDeferred *q,
                                     std::vector<MlirCyDiag> *out) {
      std::lock_guard<std::mutex> guard(q->lock);
      out->swap(q->diags);
      mlircy_deferred_count -= (long)out->size();
    }
    static long mlircy_deferred_pending(void) {
      return mlircy_deferred_count.load(std::memory_order_relaxed);
    }
    /* What MLIR prints of an error no handler took. */
    static void mlircy_print_unhandled(MlirContext ctx, const MlirCyDiag &d) {
      if (d.severity != (int)MlirDiagnosticError)
        return;
      std::string out;
      if (!mlirLocationEqual(d.location, mlirLocationUnknownGet(ctx))) {
        mlirLocationPrint(d.location, mlircy_append_message, &out);
        out += ": ";
      }
      out += "error: ";
      out += d.message;
      out += "\\n";
      fwrite(out.data(), 1, out.size(), stderr);
      fflush(stderr);
    }
    /* Prints the waiting diagnostics nobody will be given (the context is
       going) and empties the queue. */
    static void mlircy_deferred_drop(MlirCyDeferred *q) {
      std::vector<MlirCyDiag> diags;
      mlircy_deferred_take(q, &diags);
      for (const MlirCyDiag &d : diags)
        mlircy_print_unhandled(q->context, d);
    }
    static void mlircy_deferred_delete(MlirCyDeferred *q) { delete q; }
    """
    cdef cppclass MlirCyDeferred
    MlirCyDeferred* mlircy_deferred_new(MlirContext context) except +
    void mlircy_deferred_add(MlirCyDeferred* q, MlirDiagnostic d) noexcept nogil
    void mlircy_deferred_take(MlirCyDeferred* q, vector[MlirCyDiag]* out) noexcept nogil
    long mlircy_deferred_pending() noexcept nogil
    void mlircy_print_unhandled(MlirContext ctx, const MlirCyDiag& d) noexcept nogil
    void mlircy_deferred_drop(MlirCyDeferred* q) noexcept nogil
    void mlircy_deferred_delete(MlirCyDeferred* q) noexcept nogil


cdef inline bint deferred_pending() noexcept nogil:
    """Whether any Python handler has diagnostics waiting for delivery."""
    return mlircy_deferred_pending() != 0


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
    # MLIR's user data for the handler: its diagnostics waiting for
    # delivery.
    cdef MlirCyDeferred* deferred
    cdef readonly bint attached
    """Whether the handler is attached (False after detach(), or once its
    context is gone)."""
    cdef readonly bint had_error
    """Whether the callback has raised an exception (each goes to
    sys.unraisablehook)."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "use Context.attach_diagnostic_handler()")

    def __dealloc__(self):
        if self.deferred != NULL:
            mlircy_deferred_delete(self.deferred)
            self.deferred = NULL

    def detach(self) -> None:
        """Detaches the handler from its context (no-op when detached)."""
        if self.attached and self.context_ptr != NULL:
            if deferred_pending():
                _deliver_deferred(<Context>self.context_ptr)
            self._detach()
        self.attached = False

    cdef void _detach(self) noexcept:
        """Detaches without delivering what waits (printed instead, as no
        handler takes it)."""
        cdef Context ctx
        if self.attached and self.context_ptr != NULL:
            ctx = <Context>self.context_ptr
            mlirContextDetachDiagnosticHandler(ctx.c_context, self.handler_id)
            mlircy_deferred_drop(self.deferred)
            self.attached = False
            self.context_ptr = NULL
            try:
                ctx.diagnostic_handlers.remove(self)
            except ValueError:
                pass
        self.attached = False

    def __enter__(self):
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any):
        self.detach()


cdef DiagnosticHandler _attach_handler(Context ctx, object callback):
    if not callable(callback):
        raise TypeError("diagnostic handler must be callable")
    cdef DiagnosticHandler h = DiagnosticHandler.__new__(DiagnosticHandler)
    h.context_ptr = <PyObject*>ctx
    h.callback = callback
    h.deferred = mlircy_deferred_new(ctx.c_context)
    if ctx.diagnostic_handlers is None:
        ctx.diagnostic_handlers = []
    ctx.diagnostic_handlers.append(h)     # keeps h alive while attached
    h.handler_id = mlirContextAttachDiagnosticHandler(
        ctx.c_context, _user_handler, <void*>h.deferred, NULL)
    h.attached = True
    return h


cdef int _detach_all_handlers(Context ctx) except -1:
    """Detaches every handler of a context that is going."""
    if ctx.diagnostic_handlers:
        for h in list(ctx.diagnostic_handlers):
            (<DiagnosticHandler>h)._detach()
    return 0


cdef MlirLogicalResult _user_handler(MlirDiagnostic d, void* user) noexcept nogil:
    # MLIR holds its lock here: copy, and deliver once out of it.
    mlircy_deferred_add(<MlirCyDeferred*>user, d)
    return mlirLogicalResultSuccess()


cdef bint _call_handler(DiagnosticHandler h, Diagnostic diag):
    """h's callback on diag: whether it handled it. An exception it raises
    goes to sys.unraisablehook."""
    cdef bint handled = False
    try:
        handled = True if h.callback(diag) else False
    except BaseException as e:
        h.had_error = True
        _report_unraisable(e, h.callback)
    finally:
        _invalidate_diagnostic(diag)
    return handled


cdef int _deliver_deferred(Context ctx) except -1:
    """Gives ctx's Python handlers the diagnostics MLIR gave them, in
    order: each to the handler MLIR gave it to, then to the older ones
    until one takes it; an error none takes is printed as MLIR's default
    does."""
    if not ctx.diagnostic_handlers:
        return 0
    cdef list handlers = list(ctx.diagnostic_handlers)
    cdef Py_ssize_t i, j
    cdef size_t k
    cdef vector[MlirCyDiag] diags
    cdef DiagnosticHandler h
    for i in range(len(handlers) - 1, -1, -1):
        h = <DiagnosticHandler>handlers[i]
        if h.deferred == NULL:
            continue
        diags.clear()
        mlircy_deferred_take(h.deferred, &diags)
        for k in range(diags.size()):
            info = _captured_info(ctx, diags[k])
            for j in range(i, -1, -1):
                h = <DiagnosticHandler>handlers[j]
                if h.attached and h.callback is not None and _call_handler(
                        h, _info_diagnostic(ctx, info, None)):
                    break
            else:
                mlircy_print_unhandled(ctx.c_context, diags[k])
    return 0


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
        _no_constructor(self, "_GlobalDebug is used through the class")

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
#
# The stable-ABI build has neither a function's closure and defaults at the
# C level nor a way to replace a type's tp_traverse: there such a handler
# keeps its context alive until it is detached (docs/install.md).

ctypedef int (*_visitproc)(PyObject*, void*) noexcept
ctypedef int (*_traverseproc)(PyObject*, _visitproc, void*) noexcept

cdef extern from *:
    """
    #include "_pyapi.h"
    #if !MLIRCY_LIMITED_API
    /* The closure and defaults tuples of a plain Python function (borrowed,
       either may be NULL); 0 for any other callable. */
    static int mlircy_function_parts(PyObject *fn, PyObject **closure,
                                     PyObject **defaults) {
      if (!PyFunction_Check(fn))
        return 0;
      *closure = PyFunction_GET_CLOSURE(fn);
      *defaults = PyFunction_GET_DEFAULTS(fn);
      return 1;
    }
    /* The contents of a cell (borrowed), or `o` itself when it is none. */
    static PyObject *mlircy_uncell(PyObject *o, int *was_cell) {
      *was_cell = PyCell_Check(o);
      return *was_cell ? PyCell_GET(o) : o;
    }
    /* Puts `traverse` in `type`'s tp_traverse slot; the old one in *old. */
    static int mlircy_replace_traverse(PyObject *type, traverseproc traverse,
                                       traverseproc *old) {
      *old = ((PyTypeObject *)type)->tp_traverse;
      ((PyTypeObject *)type)->tp_traverse = traverse;
      return 1;
    }
    #else
    static int mlircy_function_parts(PyObject *fn, PyObject **closure,
                                     PyObject **defaults) { return 0; }
    static PyObject *mlircy_uncell(PyObject *o, int *was_cell) {
      *was_cell = 0;
      return o;
    }
    static int mlircy_replace_traverse(PyObject *type, traverseproc traverse,
                                       traverseproc *old) { return 0; }
    #endif
    """
    ctypedef int (*traverseproc)(PyObject*, _visitproc, void*) noexcept
    bint mlircy_function_parts(PyObject* fn, PyObject** closure,
                               PyObject** defaults)
    PyObject* mlircy_uncell(PyObject* o, int* was_cell)
    bint mlircy_replace_traverse(object type, traverseproc traverse,
                                 traverseproc* old)

cdef extern from "Python.h":
    bint PyTuple_Check(PyObject*)
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
    cdef PyObject* cell
    cdef PyObject* item
    cdef int r, was_cell
    if t == NULL or not PyTuple_Check(t) or Py_REFCNT(t) != 1:
        return 0
    for i in range(mlircy_tuple_size(t)):
        cell = mlircy_tuple_item(t, i)
        if cell == NULL:
            continue
        item = mlircy_uncell(cell, &was_cell)
        if was_cell and Py_REFCNT(cell) != 1:
            continue
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
    cdef PyObject* closure = NULL
    cdef PyObject* defaults = NULL
    if fn == NULL or Py_REFCNT(fn) != 1 or not mlircy_function_parts(
            fn, &closure, &defaults):
        return 0
    r = _visit_private_items(closure, visit, arg)
    if r:
        return r
    return _visit_private_items(defaults, visit, arg)


cdef traverseproc _base_traverse = NULL
if mlircy_replace_traverse(DiagnosticHandler,
                           <traverseproc><void*>_handler_traverse,
                           &_base_traverse):
    _handler_traverse_base = <_traverseproc><void*>_base_traverse
