"""transform.loop: the transform dialect extension's ops and enums, plus
upstream's builders for LoopOutlineOp, LoopPeelOp, LoopPipelineOp and
LoopUnrollOp (keyword attributes taking plain Python values)."""

from .._loop_transform_ops_gen import *  # noqa: F401,F403
from .._loop_transform_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ...ir import *  # noqa: F401,F403,E402
from typing import Optional, Union  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from .._ods_common import get_op_result_or_value as _get_op_result_or_value  # noqa: F401,E402,E501
from .._loop_transform_ops_gen import _Dialect
from .. import _loop_transform_ops_gen as _gen
from .._ods_common import _cext
from . import _handle
from ... import ir as _ir


def _bool_attr(opname, what, value):
    if isinstance(value, _ir.BoolAttr):
        return value
    if not isinstance(value, bool):
        raise TypeError(f"{opname}: {what} must be a bool or a BoolAttr, "
                        f"not {type(value).__name__}")
    return _ir.BoolAttr.get(value)


def _check_types(opname, **types):
    for what, t in types.items():
        if not isinstance(t, _ir.Type):
            raise TypeError(f"{opname}: {what} must be a Type, not "
                            f"{type(t).__name__}")


@_cext.register_operation(_Dialect, replace=True)
class LoopOutlineOp(_gen.LoopOutlineOp):
    """transform.loop.outline of `target` into a function named
    `func_name`; handles to the new function and call of the given
    types."""
    __slots__ = ()

    def __init__(self, function_type, call_type, target, *, func_name,
                 ip=None, loc=None):
        opname = "transform.loop.outline"
        _check_types(opname, function_type=function_type,
                     call_type=call_type)
        if isinstance(func_name, str):
            func_name = _ir.StringAttr.get(func_name)
        elif not isinstance(func_name, _ir.StringAttr):
            raise TypeError(f"{opname}: func_name must be a str or a "
                            f"StringAttr, not {type(func_name).__name__}")
        super().__init__(function_type, call_type,
                         _handle(opname, "target", target), func_name,
                         loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class LoopPeelOp(_gen.LoopPeelOp):
    """transform.loop.peel of `target`: handles to the main and remainder
    loops of the given types; both flags are always set (default
    false)."""
    __slots__ = ()

    def __init__(self, main_loop_type, remainder_loop_type, target, *,
                 peel_front=False, fail_if_already_divisible=False, ip=None,
                 loc=None):
        opname = "transform.loop.peel"
        _check_types(opname, main_loop_type=main_loop_type,
                     remainder_loop_type=remainder_loop_type)
        super().__init__(
            main_loop_type, remainder_loop_type,
            _handle(opname, "target", target),
            peel_front=_bool_attr(opname, "peel_front", peel_front),
            fail_if_already_divisible=_bool_attr(
                opname, "fail_if_already_divisible",
                fail_if_already_divisible),
            loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class LoopPipelineOp(_gen.LoopPipelineOp):
    """transform.loop.pipeline of `target`; iteration_interval defaults to
    1 and read_latency to 10, and both are always set."""
    __slots__ = ()

    def __init__(self, result_type, target, *, iteration_interval=None,
                 read_latency=None, ip=None, loc=None):
        opname = "transform.loop.pipeline"
        _check_types(opname, result_type=result_type)
        super().__init__(
            result_type, _handle(opname, "target", target),
            iteration_interval=(1 if iteration_interval is None
                                else iteration_interval),
            read_latency=10 if read_latency is None else read_latency,
            loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class LoopUnrollOp(_gen.LoopUnrollOp):
    """transform.loop.unroll of `target` by `factor`."""
    __slots__ = ()

    def __init__(self, target, *, factor, ip=None, loc=None):
        super().__init__(_handle("transform.loop.unroll", "target", target),
                         factor, loc=loc, ip=ip)

