"""transform.xegpu: the transform dialect extension's ops and enums, plus
upstream's builders for GetDescOp, SetDescLayoutOp, SetOpLayoutAttrOp,
SetGPULaunchThreadsOp, InsertPrefetchOp and ConvertLayoutOp (layouts and
counts as mixed lists of ints / IntegerAttrs and param or handle Values,
result handle types filled in) and their functions (get_desc_op,
set_desc_layout, ...)."""

from .._xegpu_transform_ops_gen import *  # noqa: F401,F403
from .._xegpu_transform_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ...ir import *  # noqa: F401,F403,E402
from typing import Optional, Union  # noqa: F401,E402
from ...dialects import transform  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from .._ods_common import (  # noqa: F401,E402
    MixedInt,
    MixedValues,
    _dispatch_dynamic_index_list,
    get_op_result_or_value as _get_op_result_or_value,
)
from .._xegpu_transform_ops_gen import _Dialect
from .. import _xegpu_transform_ops_gen as _gen
from .._ods_common import _cext
from . import AnyOpType as _AnyOpType
from . import _handle
from ... import ir as _ir


def _static_int(x):
    """The int of a static entry (an int or an IntegerAttr), else None."""
    if isinstance(x, _ir.IntegerAttr):
        return x.value
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    return None


def _mixed(opname, what, values, *, optional=False):
    """(dynamic Values, static ints) of a mixed list, as the ops'
    DynamicIndexList wants them: ints and IntegerAttrs are static, params
    and handles (Values, or ops with one result) dynamic, with the dynamic
    marker in their place among the static ints. An ArrayAttr or a
    DenseI64ArrayAttr is a list of static entries; None is empty when the
    list is `optional`."""
    if values is None and optional:
        return [], []
    if isinstance(values, (str, bytes, _ir.Value, _ir.Operation)) \
            or not hasattr(values, "__iter__"):
        raise TypeError(f"{opname}: {what} must be a list of ints, "
                        "IntegerAttrs and param / handle Values, not "
                        f"{type(values).__name__}")
    dynamic, static = [], []
    marker = _ir.ShapedType.get_dynamic_size()
    for i, x in enumerate(values):
        value = _static_int(x)
        if value is not None:
            static.append(value)
        elif isinstance(x, (_ir.Value, _ir.Operation)):
            dynamic.append(_handle(opname, f"{what}[{i}]", x))
            static.append(marker)
        else:
            raise TypeError(f"{opname}: {what}[{i}] must be an int, an "
                            "IntegerAttr or a param / handle Value, not "
                            f"{type(x).__name__}")
    return dynamic, static


def _layout(opname, prefix, sg_layout, sg_data, inst_data):
    """The dynamic Values of the layout lists sg_layout, sg_data and
    (optional) inst_data, then their static ints: two lists of three.
    Errors name them `prefix` + name."""
    parts = [_mixed(opname, prefix + "sg_layout", sg_layout),
             _mixed(opname, prefix + "sg_data", sg_data),
             _mixed(opname, prefix + "inst_data", inst_data, optional=True)]
    return [dynamic for dynamic, _ in parts], [static for _, static in parts]


def _unit_flag(opname, what, value):
    """A bool for a unit attribute given as None, a bool, a UnitAttr
    (set) or a BoolAttr."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, _ir.UnitAttr):
        return True
    if isinstance(value, _ir.BoolAttr):
        return value.value
    raise TypeError(f"{opname}: {what} must be a bool, a UnitAttr or a "
                    f"BoolAttr, not {type(value).__name__}")


@_cext.register_operation(_Dialect, replace=True)
class GetDescOp(_gen.GetDescOp):
    """transform.xegpu.get_desc_op of the value handle `target`, giving an
    !transform.any_op handle to its descriptor op."""
    __slots__ = ()

    def __init__(self, target, *, loc=None, ip=None):
        super().__init__(_AnyOpType.get(),
                         _handle("transform.xegpu.get_desc_op", "target",
                                 target), loc=loc, ip=ip)


def get_desc_op(target, *, loc=None, ip=None):
    """Builds transform.xegpu.get_desc_op; returns its result handle."""
    return GetDescOp(target, loc=loc, ip=ip).result


@_cext.register_operation(_Dialect, replace=True)
class SetDescLayoutOp(_gen.SetDescLayoutOp):
    """transform.xegpu.set_desc_layout of `target` with mixed sg_layout,
    sg_data and (optional) inst_data and the optional slice_dims; the
    result handle has the target's type."""
    __slots__ = ()

    def __init__(self, target, sg_layout, sg_data, *, inst_data=None,
                 slice_dims=None, loc=None, ip=None):
        opname = "transform.xegpu.set_desc_layout"
        target = _handle(opname, "target", target)
        dynamic, (layout, data, inst) = _layout(opname, "", sg_layout,
                                                sg_data, inst_data)
        super().__init__(target.type, target, *dynamic,
                         static_sg_layout=layout, static_sg_data=data,
                         static_inst_data=inst, slice_dims=slice_dims,
                         loc=loc, ip=ip)


def set_desc_layout(target, sg_layout, sg_data, *, inst_data=None,
                    slice_dims=None, loc=None, ip=None):
    """Builds transform.xegpu.set_desc_layout; returns its result
    handle."""
    return SetDescLayoutOp(target, sg_layout, sg_data, inst_data=inst_data,
                           slice_dims=slice_dims, loc=loc, ip=ip).result


@_cext.register_operation(_Dialect, replace=True)
class SetOpLayoutAttrOp(_gen.SetOpLayoutAttrOp):
    """transform.xegpu.set_op_layout_attr of `target` with mixed
    sg_layout, sg_data and (optional) inst_data, the optional slice_dims,
    the operand / result `index` and `result` (the layout is that of a
    result, not of an operand)."""
    __slots__ = ()

    def __init__(self, target, sg_layout, sg_data, *, inst_data=None,
                 slice_dims=None, index=None, result=None, loc=None,
                 ip=None):
        opname = "transform.xegpu.set_op_layout_attr"
        target = _handle(opname, "target", target)
        dynamic, (layout, data, inst) = _layout(opname, "", sg_layout,
                                                sg_data, inst_data)
        super().__init__(target, *dynamic,
                         static_sg_layout=layout, static_sg_data=data,
                         static_inst_data=inst, slice_dims=slice_dims,
                         index=index,
                         result=_unit_flag(opname, "result", result),
                         loc=loc, ip=ip)


def set_op_layout_attr(target, sg_layout, sg_data, *, inst_data=None,
                       slice_dims=None, index=None, result=None, loc=None,
                       ip=None):
    """Builds transform.xegpu.set_op_layout_attr; returns the op (it has
    no results)."""
    return SetOpLayoutAttrOp(target, sg_layout, sg_data, inst_data=inst_data,
                             slice_dims=slice_dims, index=index,
                             result=result, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class SetGPULaunchThreadsOp(_gen.SetGPULaunchThreadsOp):
    """transform.xegpu.set_gpu_launch_threads of the gpu.launch handle
    `launch_op` with mixed `threads`."""
    __slots__ = ()

    def __init__(self, launch_op, threads, *, loc=None, ip=None):
        opname = "transform.xegpu.set_gpu_launch_threads"
        dynamic, static = _mixed(opname, "threads", threads)
        super().__init__(_handle(opname, "launch_op", launch_op), dynamic,
                         static_threads=static, loc=loc, ip=ip)


def set_gpu_launch_threads(launch_op, threads, *, loc=None, ip=None):
    """Builds transform.xegpu.set_gpu_launch_threads; returns the op (it
    has no results)."""
    return SetGPULaunchThreadsOp(launch_op, threads, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class InsertPrefetchOp(_gen.InsertPrefetchOp):
    """transform.xegpu.insert_prefetch of the value handle `target`;
    `nb_prefetch` is an int / IntegerAttr (static; None is the default,
    1) or a param / handle Value (dynamic). The result is an
    !transform.any_op handle."""
    __slots__ = ()

    def __init__(self, target, *, nb_prefetch=1, loc=None, ip=None):
        opname = "transform.xegpu.insert_prefetch"
        # As upstream, the static count is set with a dynamic one too.
        static, dynamic = 1, None
        if isinstance(nb_prefetch, (_ir.Value, _ir.Operation)):
            dynamic = _handle(opname, "nb_prefetch", nb_prefetch)
        elif nb_prefetch is not None:
            static = _static_int(nb_prefetch)
            if static is None:
                raise TypeError(f"{opname}: nb_prefetch must be an int, an "
                                "IntegerAttr or a param / handle Value, not "
                                f"{type(nb_prefetch).__name__}")
        super().__init__(_AnyOpType.get(), _handle(opname, "target", target),
                         dynamic_nb_prefetch=dynamic,
                         static_nb_prefetch=static, loc=loc, ip=ip)


def insert_prefetch(target, *, nb_prefetch=1, loc=None, ip=None):
    """Builds transform.xegpu.insert_prefetch; returns its result
    handle."""
    return InsertPrefetchOp(target, nb_prefetch=nb_prefetch, loc=loc,
                            ip=ip).result


@_cext.register_operation(_Dialect, replace=True)
class ConvertLayoutOp(_gen.ConvertLayoutOp):
    """transform.xegpu.convert_layout of the value handle `target` from
    the input layout (input_sg_layout, input_sg_data, optional
    input_inst_data) to the target one (target_*), all mixed lists; the
    result is an !transform.any_op handle."""
    __slots__ = ()

    def __init__(self, target, input_sg_layout, input_sg_data,
                 target_sg_layout, target_sg_data, *, input_inst_data=None,
                 target_inst_data=None, loc=None, ip=None):
        opname = "transform.xegpu.convert_layout"
        target = _handle(opname, "target", target)
        dyn_in, (in_layout, in_data, in_inst) = _layout(
            opname, "input_", input_sg_layout, input_sg_data,
            input_inst_data)
        dyn_out, (out_layout, out_data, out_inst) = _layout(
            opname, "target_", target_sg_layout, target_sg_data,
            target_inst_data)
        super().__init__(_AnyOpType.get(), target, *dyn_in, *dyn_out,
                         static_input_sg_layout=in_layout,
                         static_input_sg_data=in_data,
                         static_input_inst_data=in_inst,
                         static_target_sg_layout=out_layout,
                         static_target_sg_data=out_data,
                         static_target_inst_data=out_inst, loc=loc, ip=ip)


def convert_layout(target, input_sg_layout, input_sg_data, target_sg_layout,
                   target_sg_data, *, input_inst_data=None,
                   target_inst_data=None, loc=None, ip=None):
    """Builds transform.xegpu.convert_layout; returns its result handle."""
    return ConvertLayoutOp(target, input_sg_layout, input_sg_data,
                           target_sg_layout, target_sg_data,
                           input_inst_data=input_inst_data,
                           target_inst_data=target_inst_data, loc=loc,
                           ip=ip).result
