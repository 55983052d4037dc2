# Hand-written parts of _mlirDialectsTransform (gen/dialect_types/
# transform.toml): the transform interpreter.

from mlir._mlir_libs.capi.support cimport (
    MlirLogicalResult, mlirLogicalResultIsSuccess)
from mlir._mlir_libs.capi.ir cimport MlirOperation

# -- the transform interpreter ---------------------------------------------

cdef class TransformOptions:
    """Options of the transform interpreter: expensive_checks (default
    True) and enforce_single_top_level_transform_op (default True)."""
    cdef MlirTransformOptions c_options

    def __cinit__(self):
        self.c_options = mlirTransformOptionsCreate()

    def __dealloc__(self):
        if self.c_options.ptr != NULL:
            mlirTransformOptionsDestroy(self.c_options)
            self.c_options.ptr = NULL

    @property
    def expensive_checks(self):
        return mlirTransformOptionsGetExpensiveChecksEnabled(self.c_options)

    @expensive_checks.setter
    def expensive_checks(self, bint value):
        mlirTransformOptionsEnableExpensiveChecks(self.c_options, value)

    @property
    def enforce_single_top_level_transform_op(self):
        return mlirTransformOptionsGetEnforceSingleTopLevelTransformOp(
            self.c_options)

    @enforce_single_top_level_transform_op.setter
    def enforce_single_top_level_transform_op(self, bint value):
        mlirTransformOptionsEnforceSingleTopLevelTransformOp(self.c_options,
                                                             value)


cdef Operation _as_op(object op, str what):
    if not isinstance(op, Operation):
        raise TypeError(f"{what} must be an Operation, not "
                        f"{type(op).__name__}")
    return <Operation>op


import sys as _sys
from mlir._mlir_libs._ir import DiagnosticInfo as _DiagnosticInfo
from mlir._mlir_libs._ir import DiagnosticSeverity as _DiagnosticSeverity


cdef str _failure_text(str message, list errors):
    """Upstream's wording: the message, then each error diagnostic with
    its location and its notes."""
    lines = [message]
    for d in errors:
        lines.append(f"Diagnostic message at {d.location}: {d.message}")
        for n in d.notes:
            lines.append(f"at {n.location}: {n.message}")
    return "\n".join(lines)


cdef object _failure_error(str message, list errors):
    """For _ErrorCapture.check: ValueError in upstream's wording."""
    return ValueError(_failure_text(message, errors))


def apply_named_sequence(payload_root, transform_root, transform_module,
                         TransformOptions transform_options=None):
    """Applies the transform script starting at `transform_root` (an op
    implementing TransformOpInterface, in the ModuleOp
    `transform_module`) to `payload_root`. ValueError with MLIR's
    diagnostics on failure. The payload is rewritten in place: objects of
    operations nested in it are invalidated."""
    cdef Operation payload = _as_op(payload_root, "payload_root")
    cdef Operation root = _as_op(transform_root, "transform_root")
    cdef Operation module = _as_op(transform_module, "transform_module")
    cdef MlirOperation c_payload = op_handle(payload)
    cdef MlirOperation c_root = op_handle(root)
    cdef MlirOperation c_module = op_handle(module)
    if payload.context is not root.context or \
            payload.context is not module.context:
        raise ValueError("apply_named_sequence: the payload and the "
                         "transform script must be in the same Context")
    if transform_options is None:
        transform_options = TransformOptions()
    cdef Context ctx = payload.context
    cdef MlirLogicalResult res
    # The interpreter may erase or replace any payload operation.
    ctx.invalidate_nested(c_payload, False)
    # Every diagnostic of the run is collected (attached last, this handler
    # is asked first): errors make the ValueError; on success the others
    # (remarks of debug ops, warnings) go to sys.stderr, as upstream does.
    diags = []

    def collect(d):
        diags.append(_DiagnosticInfo(d))
        return True
    handler = ctx.attach_diagnostic_handler(collect)
    # Python patterns the run applies (pattern descriptors) find their
    # driver; their exceptions come back here.
    run = _ir_module._interpreter_begin(payload)
    try:
        try:
            res = mlirTransformApplyNamedSequence(
                c_payload, c_root, c_module, transform_options.c_options)
        finally:
            handler.detach()
    finally:
        _ir_module._interpreter_end(run)
    if not mlirLogicalResultIsSuccess(res):
        raise ValueError(_failure_text(
            "Failed to apply named transform sequence.",
            [d for d in diags if d.severity == _DiagnosticSeverity.ERROR]))
    if diags:
        lines = ["Diagnostic generated while applying "
                 "transform.named_sequence:"]
        for d in diags:
            lines.append(f"at {d.location}: {d.message}")
            lines.extend(f"at {n.location}: {n.message}" for n in d.notes)
        _sys.stderr.write("\n".join(lines))


def copy_symbols_and_merge_into(target, other):
    """Copies the symbols of `other` into `target` (both symbol tables),
    renaming private symbols to avoid clashes. ValueError with MLIR's
    diagnostics if two public symbols clash."""
    cdef Operation t = _as_op(target, "target")
    cdef Operation o = _as_op(other, "other")
    cdef MlirOperation c_t = op_handle(t)
    cdef MlirOperation c_o = op_handle(o)
    if t.context is not o.context:
        raise ValueError("copy_symbols_and_merge_into: target and other "
                         "must be in the same Context")
    cdef MlirLogicalResult res
    cdef _ErrorCapture cap = _ErrorCapture.attach(t.context)
    res = mlirMergeSymbolsIntoFromClone(c_t, c_o)
    cap.check(mlirLogicalResultIsSuccess(res), "Failed to merge symbols.",
              _failure_error)
