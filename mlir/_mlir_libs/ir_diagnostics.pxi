# Diagnostics: DiagnosticSeverity, DiagnosticInfo, MLIRError, and capturing
# the errors MLIR emits during one C call.

import enum


class DiagnosticSeverity(enum.IntEnum):
    ERROR = MlirDiagnosticError
    WARNING = MlirDiagnosticWarning
    NOTE = MlirDiagnosticNote
    REMARK = MlirDiagnosticRemark

    __str__ = enum.Enum.__str__


cdef class DiagnosticInfo:
    """A diagnostic copied out of MLIR: it outlives the emitting call."""
    cdef readonly object severity
    cdef readonly Location location
    cdef readonly str message
    cdef readonly tuple notes

    def __init__(self, *args, **kwargs):
        raise TypeError("DiagnosticInfo objects are made by MLIR diagnostics")

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
    info.notes = tuple(diagnostic_info(context, mlirDiagnosticGetNote(diag, i))
                       for i in range(n))
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


cdef class _ErrorCapture:
    """Collects error diagnostics of one context while attached.

        cap = _ErrorCapture.attach(ctx)
        try: ...C call...
        finally: errors = cap.detach()

    Warnings, notes and remarks pass on to the other handlers."""
    cdef Context context
    cdef list errors
    cdef MlirDiagnosticHandlerID handler_id
    cdef bint attached

    @staticmethod
    cdef _ErrorCapture attach(Context context):
        cdef _ErrorCapture cap = _ErrorCapture.__new__(_ErrorCapture)
        cap.context = context
        cap.errors = []
        cap.handler_id = mlirContextAttachDiagnosticHandler(
            context.c_context, _capture_handler, <void*>cap, NULL)
        cap.attached = True
        return cap

    cdef list detach(self):
        if self.attached:
            mlirContextDetachDiagnosticHandler(self.context.c_context,
                                               self.handler_id)
            self.attached = False
        return self.errors

    def __dealloc__(self):
        if self.attached:
            mlirContextDetachDiagnosticHandler(self.context.c_context,
                                               self.handler_id)


cdef MlirLogicalResult _capture_handler(MlirDiagnostic diag,
                                        void* user) noexcept with gil:
    cdef _ErrorCapture cap = <_ErrorCapture>user
    if mlirDiagnosticGetSeverity(diag) != MlirDiagnosticError:
        return mlirLogicalResultFailure()
    # An exception here (memory) is reported as unraisable by Cython; it
    # never unwinds into C, and the caller still raises MLIRError.
    cap.errors.append(diagnostic_info(cap.context, diag))
    return mlirLogicalResultSuccess()
