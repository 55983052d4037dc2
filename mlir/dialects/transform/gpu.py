"""transform.gpu: the transform dialect extension's ops and enums, plus
upstream's builders for MapForallToBlocks and MapNestedForallToThreads
(the result handle type may be left out)."""

from .._gpu_transform_ops_gen import *  # noqa: F401,F403
from .._gpu_transform_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ...ir import *  # noqa: F401,F403,E402
from typing import Optional, Sequence, Union, overload  # noqa: F401,E402
from ...dialects import transform  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from .._gpu_transform_ops_gen import _Dialect
from .. import _gpu_transform_ops_gen as _gen
from .._ods_common import _cext
from . import AnyOpType as _AnyOpType
from . import _type_and_target


@_cext.register_operation(_Dialect, replace=True)
class MapForallToBlocks(_gen.MapForallToBlocks):
    """transform.gpu.map_forall_to_blocks of `target` (optionally preceded
    by the result handle type, else !transform.any_op)."""
    __slots__ = ()

    def __init__(self, result_type_or_target, target_or_none=None, *,
                 grid_dims=None, generate_gpu_launch=None, loc=None,
                 ip=None):
        result_type, target = _type_and_target(
            "transform.gpu.map_forall_to_blocks", result_type_or_target,
            target_or_none, lambda target: _AnyOpType.get())
        super().__init__(result_type, target, grid_dims=grid_dims,
                         generate_gpu_launch=generate_gpu_launch, loc=loc,
                         ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class MapNestedForallToThreads(_gen.MapNestedForallToThreads):
    """transform.gpu.map_nested_forall_to_threads of `target` (optionally
    preceded by the result handle type, else the target's type)."""
    __slots__ = ()

    def __init__(self, result_type_or_target, target_or_none=None, *,
                 block_dims=None, warp_size=None, sync_after_distribute=None,
                 loc=None, ip=None):
        result_type, target = _type_and_target(
            "transform.gpu.map_nested_forall_to_threads",
            result_type_or_target, target_or_none,
            lambda target: target.type)
        super().__init__(result_type, target, block_dims=block_dims,
                         warp_size=warp_size,
                         sync_after_distribute=sync_after_distribute,
                         loc=loc, ip=ip)
