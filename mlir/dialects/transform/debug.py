"""transform.debug: the transform dialect extension's ops and enums, plus
upstream's EmitRemarkAtOp / EmitParamAsRemarkOp builders (messages as
plain str) and their emit_remark_at / emit_param_as_remark functions."""

from .._transform_debug_extension_ops_gen import *  # noqa: F401,F403
from .._transform_debug_extension_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from typing import Optional, Union  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from ...ir import Attribute, Operation, StringAttr, Value  # noqa: F401,E402
from .._transform_debug_extension_ops_gen import _Dialect
from .. import _transform_debug_extension_ops_gen as _gen
from .._ods_common import _cext
from . import _handle, _string_attr


def _message(opname, message):
    return None if message is None else _string_attr(opname, "message",
                                                     message)


@_cext.register_operation(_Dialect, replace=True)
class EmitParamAsRemarkOp(_gen.EmitParamAsRemarkOp):
    """transform.debug.emit_param_as_remark of the param handle `param`,
    optionally at the ops of `anchor` and prefixed by `message`."""
    __slots__ = ()

    def __init__(self, param, *, anchor=None, message=None, loc=None,
                 ip=None):
        opname = "transform.debug.emit_param_as_remark"
        if anchor is not None:
            anchor = _handle(opname, "anchor", anchor)
        super().__init__(_handle(opname, "param", param), anchor=anchor,
                         message=_message(opname, message), loc=loc, ip=ip)


def emit_param_as_remark(param, *, anchor=None, message=None, loc=None,
                         ip=None):
    """Builds transform.debug.emit_param_as_remark; returns the op."""
    return EmitParamAsRemarkOp(param, anchor=anchor, message=message,
                               loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class EmitRemarkAtOp(_gen.EmitRemarkAtOp):
    """transform.debug.emit_remark_at: emits `message` as a remark at each
    payload op of the handle `at`."""
    __slots__ = ()

    def __init__(self, at, message=None, *, loc=None, ip=None):
        opname = "transform.debug.emit_remark_at"
        super().__init__(_handle(opname, "at", at),
                         _message(opname, message), loc=loc, ip=ip)


def emit_remark_at(at, message=None, *, loc=None, ip=None):
    """Builds transform.debug.emit_remark_at; returns the op."""
    return EmitRemarkAtOp(at, message, loc=loc, ip=ip)
