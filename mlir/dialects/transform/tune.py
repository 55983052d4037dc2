"""transform.tune: the transform dialect extension's ops and enums, plus
upstream's KnobOp / AlternativesOp builders (plain Python option values,
alternatives' region blocks created) and the knob / alternatives
functions."""

from collections.abc import Sequence as _Sequence

from .._transform_tune_extension_ops_gen import *  # noqa: F401,F403
from .._transform_tune_extension_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from typing import Optional, Sequence, Union  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from ...ir import (  # noqa: F401,E402
    ArrayAttr, Attribute, BoolAttr, F64Type, FloatAttr, IntegerAttr,
    IntegerType, OpView, Operation, StringAttr, Type, Value,
)
from .._ods_common import get_op_result_or_value as _get_op_result_or_value  # noqa: F401,E402,E501
from .._transform_tune_extension_ops_gen import _Dialect
from .. import _transform_tune_extension_ops_gen as _gen
from .._ods_common import _cext
from . import _handle, _string_attr
from ... import ir as _ir


def _option_attr(opname, what, value):
    """An option value as an attribute: bool -> BoolAttr, int -> i64,
    float -> f64, str -> StringAttr; Attributes as they are."""
    if isinstance(value, _ir.Attribute):
        return value
    if isinstance(value, bool):
        return _ir.BoolAttr.get(value)
    if isinstance(value, int):
        return _ir.IntegerAttr.get(_ir.IntegerType.get_signless(64), value)
    if isinstance(value, float):
        return _ir.FloatAttr.get(_ir.F64Type.get(), value)
    if isinstance(value, str):
        return _ir.StringAttr.get(value)
    raise TypeError(f"{opname}: {what} must be an Attribute, bool, int, "
                    f"float or str, not {type(value).__name__}")


@_cext.register_operation(_Dialect, replace=True)
class KnobOp(_gen.KnobOp):
    """transform.tune.knob named `name` choosing among `options` (an
    attribute, or a sequence of attributes / bools / ints / floats /
    strs), optionally with the `selected` one."""
    __slots__ = ()

    def __init__(self, result, name, options, *, selected=None, loc=None,
                 ip=None):
        opname = "transform.tune.knob"
        if not isinstance(result, _ir.Type):
            raise TypeError(f"{opname}: result must be a Type, not "
                            f"{type(result).__name__}")
        if not isinstance(options, _ir.Attribute):
            if isinstance(options, (str, bytes)) or not isinstance(
                    options, _Sequence):
                raise TypeError(f"{opname}: options must be an Attribute "
                                "or a sequence of option values, not "
                                f"{type(options).__name__}")
            options = _ir.ArrayAttr.get(
                [_option_attr(opname, "options[]", o) for o in options])
        if selected is not None:
            selected = _option_attr(opname, "selected", selected)
        super().__init__(result, _string_attr(opname, "name", name), options,
                         selected=selected, loc=loc, ip=ip)


def knob(result, name, options, *, selected=None, loc=None, ip=None):
    """Builds transform.tune.knob; returns the op."""
    return KnobOp(result, name, options, selected=selected, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class AlternativesOp(_gen.AlternativesOp):
    """transform.tune.alternatives named `name` with `num_alternatives`
    regions, each with an empty block; `selected_region` is an int /
    IntegerAttr (static choice) or a param handle (dynamic)."""
    __slots__ = ()

    def __init__(self, results, name, num_alternatives, *,
                 selected_region=None, loc=None, ip=None):
        opname = "transform.tune.alternatives"
        selected_attr = selected_param = None
        if isinstance(selected_region, _ir.IntegerAttr):
            selected_attr = selected_region
        elif isinstance(selected_region, bool):
            raise TypeError(f"{opname}: selected_region must be an int, an "
                            "IntegerAttr or a param handle, not bool")
        elif isinstance(selected_region, int):
            selected_attr = _ir.IntegerAttr.get(
                _ir.IntegerType.get_signless(32), selected_region)
        elif selected_region is not None:
            selected_param = _handle(opname, "selected_region",
                                     selected_region)
        super().__init__(results, _string_attr(opname, "name", name),
                         num_alternatives,
                         selected_region_attr=selected_attr,
                         selected_region_param=selected_param, loc=loc,
                         ip=ip)
        for region in self.regions:
            region.blocks.append()


def alternatives(results, name, num_alternatives, *, selected_region=None,
                 loc=None, ip=None):
    """Builds transform.tune.alternatives; returns the op."""
    return AlternativesOp(results, name, num_alternatives,
                          selected_region=selected_region, loc=loc, ip=ip)
