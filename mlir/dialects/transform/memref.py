"""transform.memref: the transform dialect extension's ops and enums, plus
upstream's builders for MemRefAllocaToGlobalOp and MemRefMultiBufferOp
(the result handle types may be left out: !transform.any_op)."""

from .._memref_transform_ops_gen import *  # noqa: F401,F403
from .._memref_transform_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ...ir import *  # noqa: F401,F403,E402
from typing import Optional, Union, overload  # noqa: F401,E402
from ...dialects import transform  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from .._memref_transform_ops_gen import _Dialect
from .. import _memref_transform_ops_gen as _gen
from .._ods_common import _cext
from . import _handle, _two_types_then_handles, _type_target_and


@_cext.register_operation(_Dialect, replace=True)
class MemRefAllocaToGlobalOp(_gen.MemRefAllocaToGlobalOp):
    """transform.memref.alloca_to_global: MemRefAllocaToGlobalOp(alloca)
    or MemRefAllocaToGlobalOp(get_global_type, global_type, alloca)."""
    __slots__ = ()

    def __init__(self, get_global_type_or_alloca, global_type_or_none=None,
                 alloca_or_none=None, *, loc=None, ip=None):
        opname = "transform.memref.alloca_to_global"
        (get_global_type, global_type), (alloca,) = _two_types_then_handles(
            opname, ("the first argument", "the second"),
            "the alloca handle",
            (get_global_type_or_alloca, global_type_or_none, alloca_or_none))
        super().__init__(get_global_type, global_type,
                         _handle(opname, "alloca", alloca), loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class MemRefMultiBufferOp(_gen.MemRefMultiBufferOp):
    """transform.memref.multibuffer: MemRefMultiBufferOp(target, factor)
    or MemRefMultiBufferOp(transformed_type, target, factor)."""
    __slots__ = ()

    def __init__(self, transformed_type_or_target, target_or_factor=None,
                 factor_or_none=None, *, skip_analysis=None, loc=None,
                 ip=None):
        transformed_type, target, factor = _type_target_and(
            "transform.memref.multibuffer", "the factor",
            transformed_type_or_target, target_or_factor, factor_or_none)
        super().__init__(transformed_type, target, factor,
                         skip_analysis=skip_analysis, loc=loc, ip=ip)
