"""transform.tensor: the transform dialect extension's ops and enums, plus
upstream's builder for MakeLoopIndependentOp (the result handle type may
be left out: !transform.any_op)."""

from .._tensor_transform_ops_gen import *  # noqa: F401,F403
from .._tensor_transform_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ...ir import *  # noqa: F401,F403,E402
from typing import Optional, Union, overload  # noqa: F401,E402
from ...dialects import transform  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from .._tensor_transform_ops_gen import _Dialect
from .. import _tensor_transform_ops_gen as _gen
from .._ods_common import _cext
from . import _type_target_and


@_cext.register_operation(_Dialect, replace=True)
class MakeLoopIndependentOp(_gen.MakeLoopIndependentOp):
    """transform.tensor.make_loop_independent: MakeLoopIndependentOp(
    target, num_loops) or MakeLoopIndependentOp(transformed_type, target,
    num_loops)."""
    __slots__ = ()

    def __init__(self, transformed_type_or_target, target_or_num_loops=None,
                 num_loops_or_none=None, *, loc=None, ip=None):
        transformed_type, target, num_loops = _type_target_and(
            "transform.tensor.make_loop_independent", "num_loops",
            transformed_type_or_target, target_or_num_loops,
            num_loops_or_none)
        super().__init__(transformed_type, target, num_loops, loc=loc,
                         ip=ip)
