"""The memref dialect: generated ops and enums, plus upstream's `subview`
with mixed static / dynamic offsets, sizes and strides and result type
inference."""

from ._memref_ops_gen import *  # noqa: F401,F403
from ._memref_ops_gen import _Dialect  # noqa: F401
from ._memref_ops_gen import subview as _generated_subview
from ._memref_enum_gen import *  # noqa: F401,F403

# As upstream's module: these mlir.ir, typing and helper names re-exported.
import operator  # noqa: F401,E402
from itertools import accumulate  # noqa: F401,E402
from typing import Optional  # noqa: F401,E402
from ._ods_common import _dispatch_mixed_values, MixedValues  # noqa: F401,E402
from ..ir import (  # noqa: F401,E402
    IndexType, IntegerType, MemRefType, ShapedType, StridedLayoutAttr, Value)
from . import arith  # noqa: F401,E402
from ._ods_common import _mixed_list, _split_mixed
from .. import ir as _ir


def _is_constant_int_like(v):
    """An index / integer Value produced by arith.constant."""
    if not isinstance(v, _ir.Value):
        return False
    owner = v.owner
    if not isinstance(owner, _ir.Operation):
        return False
    if owner.name != "arith.constant":
        return False
    return isinstance(v.type, (_ir.IndexType, _ir.IntegerType))


def _constant_value(v):
    return _ir.IntegerAttr(v.owner.attributes["value"]).value


def _is_static_int_like(i):
    return (isinstance(i, int) and not isinstance(i, bool)
            and not _ir.ShapedType.is_dynamic_size(i)) \
        or _is_constant_int_like(i)


def _infer_memref_subview_result_type(source_memref_type, offsets,
                                      static_sizes, static_strides):
    """(offsets, sizes, strides, result MemRefType) of a subview whose sizes
    and strides are static (ints or arith.constant results, which become
    ints); offsets may be dynamic."""
    source_strides, source_offset = \
        source_memref_type.get_strides_and_offset()
    offsets, static_sizes, static_strides = (
        list(offsets), list(static_sizes), list(static_strides))
    if not all(_is_static_int_like(i)
               for s in (static_sizes, static_strides, source_strides)
               for i in s):
        # Upstream's message.
        raise ValueError("Only inferring from python or mlir integer "
                         "constant is supported.")
    for s in (offsets, static_sizes, static_strides):
        for k, i in enumerate(s):
            if _is_constant_int_like(i):
                s[k] = _constant_value(i)
    rank = source_memref_type.rank
    for what, s in (("offsets", offsets), ("sizes", static_sizes),
                    ("strides", static_strides)):
        if len(s) != rank:
            raise ValueError(f"memref.subview: expected {rank} {what} for "
                             f"a source of rank {rank}, got {len(s)}")
    target_strides = [a * b for a, b in zip(source_strides, static_strides)]
    dynamic = _ir.ShapedType.get_dynamic_stride_or_offset()
    if (_ir.ShapedType.is_dynamic_stride_or_offset(source_offset)
            or not all(isinstance(o, int) for o in offsets)):
        target_offset = dynamic
    else:
        target_offset = source_offset + sum(
            o * s for o, s in zip(offsets, source_strides))
    contiguous = []
    running = 1
    for size in reversed(static_sizes):
        contiguous.append(running)
        running *= size
    contiguous.reverse()
    if target_offset == 0 and target_strides == contiguous:
        layout = None
    else:
        layout = _ir.StridedLayoutAttr.get(target_offset, target_strides)
    result_type = _ir.MemRefType.get(
        static_sizes, source_memref_type.element_type, layout,
        source_memref_type.memory_space)
    return offsets, static_sizes, static_strides, result_type


def subview(source, offsets, sizes, strides, *, result_type=None, loc=None,
            ip=None):
    """memref.subview from mixed offsets / sizes / strides (ints or index
    Values). Without `result_type`, the result type is inferred; that needs
    static sizes and strides."""
    if isinstance(source, _ir.Operation):
        source = source.results[0]
    if not isinstance(source, _ir.Value):
        raise TypeError("memref.subview: source must be a memref Value, not "
                        f"{type(source).__name__}")
    if not isinstance(source.type, _ir.MemRefType):
        raise TypeError("memref.subview: source must be a memref Value, not "
                        f"a Value of type {source.type}")
    opname = "memref.subview"
    offsets = _mixed_list(opname, "offsets", offsets, optional=True)
    sizes = _mixed_list(opname, "sizes", sizes, optional=True)
    strides = _mixed_list(opname, "strides", strides, optional=True)
    if result_type is None:
        source_strides, _ = source.type.get_strides_and_offset()
        if not all(_is_static_int_like(i)
                   for s in (sizes, strides, source_strides) for i in s):
            raise ValueError("mixed static/dynamic offset/sizes/strides "
                             "requires explicit result type.")
        offsets, sizes, strides, result_type = \
            _infer_memref_subview_result_type(source.type, offsets, sizes,
                                              strides)
    elif not isinstance(result_type, _ir.MemRefType):
        raise TypeError("memref.subview: result_type must be a MemRefType, "
                        f"not {type(result_type).__name__}")
    dynamic_stride = _ir.ShapedType.get_dynamic_stride_or_offset()
    static_offsets, dyn_offsets = _split_mixed(opname, "offsets", offsets,
                                               dynamic_stride)
    static_sizes, dyn_sizes = _split_mixed(
        opname, "sizes", sizes, _ir.ShapedType.get_dynamic_size())
    static_strides, dyn_strides = _split_mixed(opname, "strides", strides,
                                               dynamic_stride)
    return _generated_subview(
        result_type, source, dyn_offsets, dyn_sizes, dyn_strides,
        static_offsets, static_sizes, static_strides, loc=loc, ip=ip)
