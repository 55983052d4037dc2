"""The transform interpreter: runs a transform script (a named sequence in
a module with the transform.with_named_sequence attribute) on payload IR,
as upstream's mlir.dialects.transform.interpreter."""

from ... import ir as _ir
from ...ir import Operation
from ..._mlir_libs import _mlirDialectsTransform as _native

TransformOptions = _native.TransformOptions
_cextTransformInterpreter = _native  # upstream's name of its native module

# No __all__: as upstream's, `import *` also gives Operation.


def _unpack_operation(op):
    """The Operation of an Operation, an OpView or a Module."""
    if isinstance(op, _ir.Operation):
        return op
    return op.operation


def apply_named_sequence(payload_root, transform_root, transform_module,
                         transform_options=None):
    """Applies the transform script starting at `transform_root` (an op
    implementing TransformOpInterface, in the ModuleOp `transform_module`)
    to `payload_root`, in place. Operations, OpViews and Modules are
    accepted; ValueError with MLIR's diagnostics if the script fails."""
    args = tuple(_unpack_operation(op) for op in
                 (payload_root, transform_root, transform_module))
    _native.apply_named_sequence(*args, transform_options)


def copy_symbols_and_merge_into(target, other):
    """Copies the symbols of `other` into `target`, renaming private
    symbols to avoid clashes; ValueError if public symbols clash."""
    _native.copy_symbols_and_merge_into(_unpack_operation(target),
                                        _unpack_operation(other))
