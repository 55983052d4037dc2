"""The tosa dialect: ops and enums generated from its ODS."""

from ._tosa_ops_gen import *  # noqa: F401,F403
from ._tosa_ops_gen import _Dialect  # noqa: F401
from ._tosa_ops_gen import ConcatOp as _ConcatOp, concat as _concat
from ._tosa_enum_gen import *  # noqa: F401,F403
from ._ods_common import _cext
from .. import ir as _ir


def _check_concat_axis(input1, axis, results):
    """tosa.concat infers its result type by indexing the inputs' shapes
    with `axis` unchecked (a crash, in upstream's bindings too): when it
    will infer, a ranked input must have a dimension `axis`."""
    if results is not None:
        return
    if isinstance(axis, _ir.IntegerAttr):
        # (MLIR reads the attribute as an i32; of another width, its bits
        # would be read as another number)
        if str(axis.type) != "i32":
            raise TypeError(f"tosa.concat: axis must be an i32 attribute, "
                            f"not {axis}")
        axis = axis.value
    if not isinstance(axis, int) or isinstance(input1, _ir.Value):
        return              # the generated builder reports these
    for v in input1:
        t = getattr(v, "type", None)
        if isinstance(t, _ir.ShapedType) and t.has_rank and \
                not 0 <= axis < t.rank:
            raise ValueError(
                f"tosa.concat: axis {axis} is not a dimension of input "
                f"type {t} (the result type is inferred from it)")


@_cext.register_operation(_Dialect, replace=True)
class ConcatOp(_ConcatOp):
    """tosa.concat, with the axis checked before its result type is
    inferred."""
    __slots__ = ()

    def __init__(self, input1, axis, *, results=None, loc=None, ip=None):
        _check_concat_axis(input1, axis, results)
        super().__init__(input1, axis, results=results, loc=loc, ip=ip)


def concat(input1, axis, *, results=None, loc=None, ip=None):
    """Builds tosa.concat (ConcatOp); returns its result. The axis is
    checked before the result type is inferred."""
    _check_concat_axis(input1, axis, results)
    return _concat(input1, axis, results=results, loc=loc, ip=ip)
