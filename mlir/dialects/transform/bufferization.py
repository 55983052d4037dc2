"""transform.bufferization: the transform dialect extension's ops and enums,
plus upstream's builders for EmptyTensorToAllocTensorOp and
OneShotBufferizeOp (the result handle type may be left out)."""

from .._bufferization_transform_ops_gen import *  # noqa: F401,F403
from .._bufferization_transform_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ...ir import *  # noqa: F401,F403,E402
from typing import Optional, Union, overload  # noqa: F401,E402
from ...dialects import transform  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from enum import Enum  # noqa: F401,E402
from .._bufferization_transform_ops_gen import _Dialect
from .. import _bufferization_transform_ops_gen as _gen
from .._ods_common import _cext
from . import AnyOpType as _AnyOpType, OperationType as _OperationType
from . import _type_and_target


@_cext.register_operation(_Dialect, replace=True)
class EmptyTensorToAllocTensorOp(_gen.EmptyTensorToAllocTensorOp):
    """transform.bufferization.empty_tensor_to_alloc_tensor:
    EmptyTensorToAllocTensorOp(target) gives a
    !transform.op<"bufferization.alloc_tensor"> handle;
    EmptyTensorToAllocTensorOp(transformed_type, target) another type."""
    __slots__ = ()

    def __init__(self, transformed_type_or_target, target_or_none=None, *,
                 loc=None, ip=None):
        result_type, target = _type_and_target(
            "transform.bufferization.empty_tensor_to_alloc_tensor",
            transformed_type_or_target, target_or_none,
            lambda target: _OperationType.get("bufferization.alloc_tensor"))
        super().__init__(result_type, target, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class OneShotBufferizeOp(_gen.OneShotBufferizeOp):
    """transform.bufferization.one_shot_bufferize of `target` (optionally
    preceded by the result handle type, else !transform.any_op) with the
    bufferization options as keywords."""
    __slots__ = ()

    def __init__(self, transformed_type_or_target, target_or_none=None, *,
                 allow_return_allocs_from_loops=None, allow_unknown_ops=None,
                 bufferize_function_boundaries=None,
                 function_boundary_type_conversion=None, memcpy_op=None,
                 print_conflicts=None, test_analysis_only=None, loc=None,
                 ip=None):
        result_type, target = _type_and_target(
            "transform.bufferization.one_shot_bufferize",
            transformed_type_or_target, target_or_none,
            lambda target: _AnyOpType.get())
        super().__init__(
            result_type, target,
            allow_return_allocs_from_loops=allow_return_allocs_from_loops,
            allow_unknown_ops=allow_unknown_ops,
            bufferize_function_boundaries=bufferize_function_boundaries,
            function_boundary_type_conversion=(
                function_boundary_type_conversion),
            memcpy_op=memcpy_op, print_conflicts=print_conflicts,
            test_analysis_only=test_analysis_only, loc=loc, ip=ip)
