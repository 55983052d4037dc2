"""mlir.ir: the MLIR object model (contexts, locations, modules, ...)."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import contextmanager

from ._mlir_libs._ir import *  # noqa: F401,F403
from ._mlir_libs._ir import (  # noqa: F401  (underscored names used by tools)
    _BaseContext,
    _GlobalDebug,
)
from ._mlir_libs._mlir import (  # noqa: F401
    CurrentLocAction,
    OnExplicitAction,
    register_type_caster,
    register_value_caster,
    globals as _globals,
)
from ._mlir_libs import (  # noqa: F401
    get_dialect_registry,
    append_load_on_create_dialect,
    get_load_on_create_dialects,
)

# Upstream's ir.py defines the builtin attribute builders as module-level
# functions (`_i32Attr`, `_denseI64ArrayAttr`, ...) that some code calls
# directly; here they are the builders the core registered for each kind.
for _name, _kind in {
    "_affineMapAttr": "AffineMapAttr", "_integerSetAttr": "IntegerSetAttr",
    "_boolAttr": "BoolAttr", "_dictAttr": "DictionaryAttr",
    "_indexAttr": "IndexAttr",
    "_i1Attr": "I1Attr", "_i8Attr": "I8Attr", "_i16Attr": "I16Attr",
    "_i32Attr": "I32Attr", "_i64Attr": "I64Attr",
    "_si1Attr": "SI1Attr", "_si8Attr": "SI8Attr", "_si16Attr": "SI16Attr",
    "_si32Attr": "SI32Attr", "_si64Attr": "SI64Attr",
    "_ui1Attr": "UI1Attr", "_ui8Attr": "UI8Attr", "_ui16Attr": "UI16Attr",
    "_ui32Attr": "UI32Attr", "_ui64Attr": "UI64Attr",
    "_f32Attr": "F32Attr", "_f64Attr": "F64Attr",
    "_stringAttr": "StrAttr", "_symbolNameAttr": "SymbolNameAttr",
    "_symbolRefAttr": "SymbolRefAttr",
    "_flatSymbolRefAttr": "FlatSymbolRefAttr", "_unitAttr": "UnitAttr",
    "_arrayAttr": "ArrayAttr", "_affineMapArrayAttr": "AffineMapArrayAttr",
    "_boolArrayAttr": "BoolArrayAttr", "_dictArrayAttr": "DictArrayAttr",
    "_flatSymbolRefArrayAttr": "FlatSymbolRefArrayAttr",
    "_i32ArrayAttr": "I32ArrayAttr", "_i64ArrayAttr": "I64ArrayAttr",
    "_i64SmallVectorArrayAttr": "I64SmallVectorArrayAttr",
    "_indexListArrayAttr": "IndexListArrayAttr",
    "_f32ArrayAttr": "F32ArrayAttr", "_f64ArrayAttr": "F64ArrayAttr",
    "_strArrayAttr": "StrArrayAttr", "_symbolRefArrayAttr": "SymbolRefArrayAttr",
    "_denseF32ArrayAttr": "DenseF32ArrayAttr",
    "_denseF64ArrayAttr": "DenseF64ArrayAttr",
    "_denseI8ArrayAttr": "DenseI8ArrayAttr",
    "_denseI16ArrayAttr": "DenseI16ArrayAttr",
    "_denseI32ArrayAttr": "DenseI32ArrayAttr",
    "_denseI64ArrayAttr": "DenseI64ArrayAttr",
    "_denseBoolArrayAttr": "DenseBoolArrayAttr",
    "_typeAttr": "TypeAttr", "_typeArrayAttr": "TypeArrayAttr",
    "_memref_type_attr": "MemRefTypeAttr",
    "_f64ElementsAttr": "F64ElementsAttr", "_i32ElementsAttr": "I32ElementsAttr",
    "_i64ElementsAttr": "I64ElementsAttr",
    "_indexElementsAttr": "IndexElementsAttr",
}.items():
    if AttrBuilder.contains(_kind):
        globals()[_name] = AttrBuilder.get(_kind)
del _name, _kind


_ON_EXPLICIT = {"use_explicit": OnExplicitAction.USE_EXPLICIT,
                "use_traceback": OnExplicitAction.USE_TRACEBACK}
_CURRENT_LOC = {"fallback": CurrentLocAction.FALLBACK,
                "nameloc_wrap": CurrentLocAction.NAMELOC_WRAP}


def _action(value, kind, names, what):
    if isinstance(value, str):
        try:
            return names[value]
        except KeyError:
            raise ValueError(f"{what}: unknown action {value!r} (one of "
                             f"{', '.join(map(repr, names))})") from None
    if not isinstance(value, kind):
        raise TypeError(f"{what} must be a {kind.__name__} or one of "
                        f"{', '.join(map(repr, names))}, not "
                        f"{type(value).__name__}")
    return value


@contextmanager
def loc_tracebacks(*, max_depth: int | None = None,
                   on_explicit_actn: OnExplicitAction | str =
                   OnExplicitAction.USE_EXPLICIT,
                   current_loc_actn: CurrentLocAction | str =
                   CurrentLocAction.FALLBACK,
                   on_explicit: OnExplicitAction | str | None = None,
                   current_loc: CurrentLocAction | str | None = None,
                   ) -> Iterable[None]:
    """Within the block, operations and modules created without loc= are
    located at the Python call stack creating them (innermost frame first,
    at most `max_depth` frames; None keeps the current frame limit)
    instead of at the current Location.

    on_explicit_actn: what an explicit loc= does (USE_EXPLICIT: it is used;
    USE_TRACEBACK: the call stack's location replaces it).
    current_loc_actn: FALLBACK leaves the current Location out;
    NAMELOC_WRAP wraps the location in the NameLocs the current Location
    begins with (for scopes such as `with Location.name("task"):`).
    Both take the enum or its lower-case name; `on_explicit` and
    `current_loc` are the same, under the names of upstream's first
    release of them.

    Compiled code (the generated builders) has no Python frame, so the innermost
    frame is the Python code that called them. Files are kept or left out
    with globals.register_traceback_file_inclusion / _exclusion. Blocks
    nest; on exit the frame limit and actions are restored, and the
    setting is turned off again unless it was on before.
    """
    if on_explicit is not None:
        on_explicit_actn = on_explicit
    if current_loc is not None:
        current_loc_actn = current_loc
    on_explicit_actn = _action(on_explicit_actn, OnExplicitAction,
                               _ON_EXPLICIT, "on_explicit_actn")
    current_loc_actn = _action(current_loc_actn, CurrentLocAction,
                               _CURRENT_LOC, "current_loc_actn")
    was_enabled = _globals.loc_tracebacks_enabled()
    old_limit = _globals.loc_tracebacks_frame_limit()
    old_explicit = _globals.traceback_action_on_explicit_loc()
    old_current = _globals.traceback_action_on_current_loc()
    try:
        if max_depth is not None:
            _globals.set_loc_tracebacks_frame_limit(max_depth)
        _globals.set_traceback_action_on_explicit_loc(on_explicit_actn)
        _globals.set_traceback_action_on_current_loc(current_loc_actn)
        if not was_enabled:
            _globals.set_loc_tracebacks_enabled(True)
        yield
    finally:
        if not was_enabled:
            _globals.set_loc_tracebacks_enabled(False)
        _globals.set_loc_tracebacks_frame_limit(old_limit)
        _globals.set_traceback_action_on_explicit_loc(old_explicit)
        _globals.set_traceback_action_on_current_loc(old_current)


def get_parent_of_type(op: OpView | Operation, op_class: type) -> OpView | None:
    """The nearest ancestor of `op` whose view is an instance of `op_class`
    (an OpView subclass, e.g. func.FuncOp), as that view; None when no
    ancestor is one (or `op` has no parent)."""
    if not (isinstance(op_class, type) and issubclass(op_class, OpView)):
        raise TypeError(f"op_class must be an OpView subclass, got {op_class!r}")
    parent = op.operation.parent
    while parent is not None:
        view = parent.opview
        if isinstance(view, op_class):
            return view
        parent = parent.parent
    return None


def get_ops_of_type(root: OpView | Operation | Module,
                    op_class: type | None = None) -> list[OpView]:
    """The views of the operations in `root` (itself included) that are
    instances of `op_class` (every operation when None), in post-order
    (Operation.walk with op_class)."""
    op = root.operation if isinstance(root, Module) else root
    ops = []

    def collect(found):
        ops.append(found.opview)
        return WalkResult.ADVANCE

    op.walk(collect, op_class=op_class)
    return ops


try:
    import numpy as np  # noqa: F401  (upstream's mlir.ir exports it)
except ImportError:
    pass
