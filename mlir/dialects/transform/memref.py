"""transform.memref: the transform dialect extension's ops and enums, plus
upstream's builders for MemRefAllocaToGlobalOp and MemRefMultiBufferOp
(the result handle types may be left out: !transform.any_op)."""

from .._memref_transform_ops_gen import *  # noqa: F401,F403
from .._memref_transform_enum_gen import *  # noqa: F401,F403
from .._memref_transform_ops_gen import _Dialect
from .. import _memref_transform_ops_gen as _gen
from .._ods_common import _cext
from . import AnyOpType as _AnyOpType
from . import _handle
from ... import ir as _ir


@_cext.register_operation(_Dialect, replace=True)
class MemRefAllocaToGlobalOp(_gen.MemRefAllocaToGlobalOp):
    """transform.memref.alloca_to_global: MemRefAllocaToGlobalOp(alloca)
    or MemRefAllocaToGlobalOp(get_global_type, global_type, alloca)."""
    __slots__ = ()

    def __init__(self, get_global_type_or_alloca, global_type_or_none=None,
                 alloca_or_none=None, *, loc=None, ip=None):
        opname = "transform.memref.alloca_to_global"
        if isinstance(get_global_type_or_alloca, _ir.Type):
            if not isinstance(global_type_or_none, _ir.Type):
                raise TypeError(f"{opname}: when the first argument is a "
                                "Type, the second must be a Type too")
            get_global_type = get_global_type_or_alloca
            global_type = global_type_or_none
            alloca = alloca_or_none
        else:
            if global_type_or_none is not None or alloca_or_none is not None:
                raise TypeError(f"{opname}: without result Types, give just "
                                "the alloca handle")
            get_global_type, global_type = _AnyOpType.get(), _AnyOpType.get()
            alloca = get_global_type_or_alloca
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
        opname = "transform.memref.multibuffer"
        if isinstance(transformed_type_or_target, _ir.Type):
            transformed_type = transformed_type_or_target
            target, factor = target_or_factor, factor_or_none
        else:
            if factor_or_none is not None:
                raise TypeError(f"{opname}: the first argument must be a "
                                "Type when three are given")
            transformed_type = _AnyOpType.get()
            target, factor = transformed_type_or_target, target_or_factor
        if factor is None:
            raise TypeError(f"{opname}: missing the factor")
        super().__init__(transformed_type, _handle(opname, "target", target),
                         factor, skip_analysis=skip_analysis, loc=loc, ip=ip)
