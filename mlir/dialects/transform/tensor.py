"""transform.tensor: the transform dialect extension's ops and enums, plus
upstream's builder for MakeLoopIndependentOp (the result handle type may
be left out: !transform.any_op)."""

from .._tensor_transform_ops_gen import *  # noqa: F401,F403
from .._tensor_transform_enum_gen import *  # noqa: F401,F403
from .._tensor_transform_ops_gen import _Dialect
from .. import _tensor_transform_ops_gen as _gen
from .._ods_common import _cext
from . import AnyOpType as _AnyOpType
from . import _handle
from ... import ir as _ir


@_cext.register_operation(_Dialect, replace=True)
class MakeLoopIndependentOp(_gen.MakeLoopIndependentOp):
    """transform.tensor.make_loop_independent: MakeLoopIndependentOp(
    target, num_loops) or MakeLoopIndependentOp(transformed_type, target,
    num_loops)."""
    __slots__ = ()

    def __init__(self, transformed_type_or_target, target_or_num_loops=None,
                 num_loops_or_none=None, *, loc=None, ip=None):
        opname = "transform.tensor.make_loop_independent"
        if isinstance(transformed_type_or_target, _ir.Type):
            transformed_type = transformed_type_or_target
            target, num_loops = target_or_num_loops, num_loops_or_none
        else:
            if num_loops_or_none is not None:
                raise TypeError(f"{opname}: the first argument must be a "
                                "Type when three are given")
            transformed_type = _AnyOpType.get()
            target, num_loops = transformed_type_or_target, \
                target_or_num_loops
        if num_loops is None:
            raise TypeError(f"{opname}: missing num_loops")
        super().__init__(transformed_type, _handle(opname, "target", target),
                         num_loops, loc=loc, ip=ip)
