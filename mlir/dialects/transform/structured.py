"""transform.structured: the transform dialect extension's ops and enums,
plus upstream's extensions: MatchOp.match_op_names, TileUsingForOp,
TileUsingForallOp, FuseOp, FuseIntoContainingOp, VectorizeOp,
VectorizeChildrenAndApplyPatternsOp, GeneralizeOp, InterchangeOp,
DecomposeOp, ScalarizeOp, BufferizeToAllocationOp, MapCopyToThreadsOp,
MultiTileSizesOp, PadOp, SplitOp (builders taking mixed sizes and
defaulting the handle types to !transform.any_op)."""

from .._structured_transform_ops_gen import *  # noqa: F401,F403
from .._structured_transform_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ...ir import *  # noqa: F401,F403,E402
from typing import List, Optional, Sequence, Union, overload  # noqa: F401,E402
from ...dialects import transform  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from .._ods_common import (  # noqa: F401,E402
    DynamicIndexList,
    IntOrAttrList,
    MixedValues,
    OptionalBoolList,
    OptionalIntList,
    _get_int_array_array_attr,
    _get_int_array_attr,
    _get_value_list,
    _get_value_or_attribute_value,
)
from .._structured_transform_ops_gen import _Dialect, MatchOp as _MatchOp
from .. import _structured_transform_ops_gen as _gen
from .._ods_common import (_cext, get_op_result_or_value,
                           _dispatch_dynamic_index_list,
                           _dispatch_mixed_values)
from ..._mlir_libs._mlirDialectsTransform import AnyOpType as _AnyOpType
from . import _two_types_then_handles
from ... import ir as _ir
from ..._mlir_libs import _ods_runtime as _rt



def _loop_types_and_target(op, loop_types_or_target, target_or_none,
                           num_loops):
    """The (loop handle types, target value) of upstream's
    `(loop_types_or_target, target_or_none=None)` argument pair: a handle
    alone is the target (loops typed !transform.any_op); otherwise a type
    (for every loop) or a list of types, then the target."""
    if _is_handle(loop_types_or_target):
        if target_or_none is not None:
            raise ValueError(f"Cannot construct {op} with two targets.")
        loop_types = [_any_op()] * num_loops
        target = loop_types_or_target
    else:
        loop_types = ([loop_types_or_target] * num_loops
                      if isinstance(loop_types_or_target, _ir.Type)
                      else list(loop_types_or_target))
        target = target_or_none
    return loop_types, get_op_result_or_value(target)

@_cext.register_operation(_Dialect, replace=True)
class MatchOp(_MatchOp):
    """transform.structured.match, plus upstream's match_op_names."""
    __slots__ = ()

    @classmethod
    def match_op_names(cls, result_type_or_target, target_or_names,
                       names_or_none=None, *, loc=None, ip=None):
        """Matches ops by name under `target`: called as
        (target, names) with a !transform.any_op result, or as
        (result_type, target, names). `names` is a str or a list of str."""
        opname = "transform.structured.match"
        if isinstance(result_type_or_target, _ir.Type):
            result_type = result_type_or_target
            target, names = target_or_names, names_or_none
        else:
            if names_or_none is not None:
                raise TypeError(f"{opname}: match_op_names takes (target, "
                                "names) or (result_type, target, names)")
            from . import AnyOpType
            result_type = AnyOpType.get()
            target, names = result_type_or_target, target_or_names
        if isinstance(names, str):
            names = [names]
        if names is None or not all(isinstance(n, str) for n in names):
            raise TypeError(f"{opname}: names must be a str or a list of "
                            "str")
        target = _rt._value_of(target, opname, "target")
        return cls(result_type, target, ops=list(names), loc=loc, ip=ip)


def _any_op():
    return _AnyOpType.get()


def _is_handle(x):
    return isinstance(x, (_ir.Operation, _ir.Value))


@_cext.register_operation(_Dialect, replace=True)
class TileUsingForOp(_gen.TileUsingForOp):
    """transform.structured.tile_using_for: TileUsingForOp(target, *,
    sizes, interchange) or TileUsingForOp(loop_types, target, ...) with a
    Type (repeated per loop) or a list of Types for the loop handles."""
    __slots__ = ()

    def __init__(self, loop_types_or_target, target_or_none=None, *,
                 sizes=None, interchange=None, loc=None, ip=None):
        dynamic, static, scalable = _dispatch_dynamic_index_list(sizes)
        num_loops = sum(v if v == 0 else 1 for v in static)
        loop_types, target = _loop_types_and_target(
            "TileUsingForOp", loop_types_or_target, target_or_none, num_loops)
        super().__init__(target.type, loop_types, target, dynamic,
                         static_sizes=static, interchange=interchange,
                         scalable_sizes=scalable, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class TileUsingForallOp(_gen.TileUsingForallOp):
    """transform.structured.tile_using_forall: TileUsingForallOp(target, *,
    num_threads, tile_sizes, mapping) or with the two result handle types
    first; sizes are mixed ints / Values, or one packed Value."""
    __slots__ = ()

    def __init__(self, loops_type_or_target, tiled_op_type_or_none=None,
                 target_or_none=None, *, num_threads=None, tile_sizes=None,
                 mapping=None, loc=None, ip=None):
        if isinstance(loops_type_or_target, _ir.Type):
            if not isinstance(tiled_op_type_or_none, _ir.Type):
                raise TypeError(
                    "If 'loops_type_or_target' is a type, then "
                    "'tiled_op_type_or_none' is expected to be one as well.")
            first, second = loops_type_or_target, tiled_op_type_or_none
            target = target_or_none
        else:
            first, second = _any_op(), _any_op()
            target = loops_type_or_target
        dyn_threads, packed_threads, static_threads = \
            _dispatch_mixed_values(num_threads)
        dyn_sizes, packed_sizes, static_sizes = \
            _dispatch_mixed_values(tile_sizes)
        super().__init__(first, second, get_op_result_or_value(target),
                         dyn_threads, dyn_sizes,
                         packed_num_threads=packed_threads,
                         packed_tile_sizes=packed_sizes,
                         static_num_threads=static_threads,
                         static_tile_sizes=static_sizes, mapping=mapping,
                         loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class FuseOp(_gen.FuseOp):
    """transform.structured.fuse: FuseOp(target, *, tile_sizes,
    tile_interchange, apply_cleanup, use_forall) or with the loop handle
    type(s) first."""
    __slots__ = ()

    def __init__(self, loop_types_or_target, target_or_none=None, *,
                 tile_sizes=None, tile_interchange=None, apply_cleanup=False,
                 use_forall=False, loc=None, ip=None):
        dyn_sizes, static_sizes, _ = _dispatch_dynamic_index_list(
            tile_sizes or [])
        dyn_inter, static_inter, _ = _dispatch_dynamic_index_list(
            tile_interchange or [])
        num_loops = 1 if use_forall else sum(
            1 for v in static_sizes if v != 0)
        loop_types, target = _loop_types_and_target(
            "FuseOp", loop_types_or_target, target_or_none, num_loops)
        super().__init__(target.type, loop_types, target, dyn_sizes,
                         dyn_inter, static_tile_sizes=static_sizes,
                         static_tile_interchange=static_inter,
                         apply_cleanup=apply_cleanup, use_forall=use_forall,
                         loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class VectorizeOp(_gen.VectorizeOp):
    """transform.structured.vectorize with mixed (and scalable: [n])
    vector sizes, or explicit static_vector_sizes + scalable_sizes."""
    __slots__ = ()

    def __init__(self, target, vector_sizes=None, *,
                 vectorize_nd_extract=None, scalable_sizes=None,
                 static_vector_sizes=None, loc=None, ip=None):
        if scalable_sizes is None and static_vector_sizes is None:
            if vector_sizes is None:
                dynamic = []
            else:
                dynamic, static_vector_sizes, scalable_sizes = \
                    _dispatch_dynamic_index_list(vector_sizes)
        elif scalable_sizes is None or static_vector_sizes is None:
            raise TypeError(
                "'scalable_sizes' and 'static_vector_sizes' must either both "
                "be given explicitly or both be given as part of "
                "'vector_sizes'.")
        else:
            dynamic = list(vector_sizes or [])
        super().__init__(get_op_result_or_value(target), dynamic,
                         static_vector_sizes=static_vector_sizes,
                         scalable_sizes=scalable_sizes,
                         vectorize_nd_extract=vectorize_nd_extract,
                         loc=loc, ip=ip)


def _transformed_any(gen_cls, doc):
    class Op(gen_cls):
        __slots__ = ()

        def __init__(self, target, *, loc=None, ip=None):
            super().__init__(_any_op(), get_op_result_or_value(target),
                             loc=loc, ip=ip)

    Op.__name__ = Op.__qualname__ = gen_cls.__name__
    Op.__init__.__qualname__ = f"{gen_cls.__name__}.__init__"
    Op.__module__ = __name__
    Op.__doc__ = doc
    return _cext.register_operation(_Dialect, replace=True)(Op)


GeneralizeOp = _transformed_any(
    _gen.GeneralizeOp, "transform.structured.generalize of `target`, "
    "giving an !transform.any_op handle.")
DecomposeOp = _transformed_any(
    _gen.DecomposeOp, "transform.structured.decompose of `target`, giving "
    "an !transform.any_op handle.")
ScalarizeOp = _transformed_any(
    _gen.ScalarizeOp, "transform.structured.scalarize of `target`, giving "
    "an !transform.any_op handle.")


@_cext.register_operation(_Dialect, replace=True)
class InterchangeOp(_gen.InterchangeOp):
    """transform.structured.interchange of `target` by
    iterator_interchange, giving an !transform.any_op handle."""
    __slots__ = ()

    def __init__(self, target, *, iterator_interchange=None, loc=None,
                 ip=None):
        super().__init__(_any_op(), get_op_result_or_value(target),
                         iterator_interchange=iterator_interchange, loc=loc,
                         ip=ip)


def _handle_or_error(opname, what, v):
    """The Value of a handle argument (a Value or a one-result op), with
    the op and argument named in the error otherwise."""
    return _rt._value_of(v, opname, what)


def _i64_array(opname, what, values):
    """An ArrayAttr of i64 IntegerAttrs from an ArrayAttr or a sequence of
    ints / IntegerAttrs; None stays None."""
    if values is None or isinstance(values, _ir.ArrayAttr):
        return values
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{opname}: {what} must be a sequence of ints, not "
                        f"{type(values).__name__}")
    i64 = _ir.IntegerType.get_signless(64)
    items = []
    for v in values:
        if isinstance(v, _ir.IntegerAttr):
            items.append(v)
        elif isinstance(v, int) and not isinstance(v, bool):
            items.append(_ir.IntegerAttr.get(i64, v))
        else:
            raise TypeError(f"{opname}: {what} must hold ints or "
                            f"IntegerAttrs, not {type(v).__name__}")
    return _ir.ArrayAttr.get(items)


def _i64_array_array(opname, what, values):
    """An ArrayAttr of ArrayAttrs of i64 IntegerAttrs from nested sequences
    (or ArrayAttrs) of ints; None stays None."""
    if values is None:
        return None
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{opname}: {what} must be a sequence of sequences "
                        f"of ints, not {type(values).__name__}")
    inner = []
    for v in values:
        if v is None:
            raise TypeError(f"{opname}: {what} must hold sequences of ints, "
                            "not None")
        inner.append(_i64_array(opname, what, v))
    return _ir.ArrayAttr.get(inner)


@_cext.register_operation(_Dialect, replace=True)
class BufferizeToAllocationOp(_gen.BufferizeToAllocationOp):
    """transform.structured.bufferize_to_allocation of `target`; an int or
    str `memory_space` is parsed as an attribute (3 -> `3 : i64`)."""
    __slots__ = ()

    def __init__(self, target, *, memory_space=None, memcpy_op=None,
                 alloc_op=None, bufferize_destination_only=None, loc=None,
                 ip=None):
        opname = "transform.structured.bufferize_to_allocation"
        if isinstance(memory_space, int) and not isinstance(memory_space,
                                                            bool):
            memory_space = str(memory_space)
        if isinstance(memory_space, str):
            memory_space = _ir.Attribute.parse(memory_space)
        elif memory_space is not None and not isinstance(memory_space,
                                                         _ir.Attribute):
            raise TypeError(f"{opname}: memory_space must be an int, a str "
                            "or an Attribute, not "
                            f"{type(memory_space).__name__}")
        super().__init__(_handle_or_error(opname, "target", target),
                         memory_space=memory_space, memcpy_op=memcpy_op,
                         alloc_op=alloc_op,
                         bufferize_destination_only=bufferize_destination_only,
                         loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class FuseIntoContainingOp(_gen.FuseIntoContainingOp):
    """transform.structured.fuse_into_containing_op:
    FuseIntoContainingOp(producer_op, containing_op) with both result
    handles !transform.any_op, or FuseIntoContainingOp(fused_op_type,
    new_containing_op_type, producer_op, containing_op)."""
    __slots__ = ()

    def __init__(self, fused_op_type_or_producer_op,
                 new_containing_op_type_or_containing_op,
                 producer_op_or_none=None, containing_op_or_none=None, *,
                 loc=None, ip=None):
        opname = "transform.structured.fuse_into_containing_op"
        (fused_type, containing_type), (producer, containing) = \
            _two_types_then_handles(
                opname, ("'fused_op_type_or_producer_op'",
                         "'new_containing_op_type_or_containing_op'"),
                "(producer_op, containing_op)",
                (fused_op_type_or_producer_op,
                 new_containing_op_type_or_containing_op,
                 producer_op_or_none, containing_op_or_none))
        super().__init__(fused_type, containing_type,
                         _handle_or_error(opname, "producer_op", producer),
                         _handle_or_error(opname, "containing_op",
                                          containing),
                         loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class MapCopyToThreadsOp(_gen.MapCopyToThreadsOp):
    """transform.structured.gpu.map_copy_to_threads: MapCopyToThreadsOp(
    target, *, total_num_threads, desired_bit_alignment), optionally with
    the forall and tiled op handle types first (else !transform.any_op)."""
    __slots__ = ()

    def __init__(self, forall_op_type_or_target, tiled_op_type_or_none=None,
                 target_or_none=None, *, total_num_threads,
                 desired_bit_alignment, loc=None, ip=None):
        opname = "transform.structured.gpu.map_copy_to_threads"
        (forall_type, tiled_type), (target,) = _two_types_then_handles(
            opname, ("'forall_op_type_or_target'", "'tiled_op_type_or_none'"),
            "the target",
            (forall_op_type_or_target, tiled_op_type_or_none, target_or_none))
        super().__init__(forall_type, tiled_type,
                         _handle_or_error(opname, "target", target),
                         total_num_threads, desired_bit_alignment, loc=loc,
                         ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class MultiTileSizesOp(_gen.MultiTileSizesOp):
    """transform.structured.multitile_sizes: its three results (low size,
    high size, split point) all of `result_type`."""
    __slots__ = ()

    def __init__(self, result_type, target, *, dimension, target_size,
                 divisor=None, loc=None, ip=None):
        opname = "transform.structured.multitile_sizes"
        if not isinstance(result_type, _ir.Type):
            raise TypeError(f"{opname}: result_type must be a Type, not "
                            f"{type(result_type).__name__}")
        super().__init__(result_type, result_type, result_type,
                         _handle_or_error(opname, "target", target),
                         dimension, target_size, divisor=divisor, loc=loc,
                         ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class PadOp(_gen.PadOp):
    """transform.structured.pad of `target`, its three result handles
    !transform.any_op. `pad_to_multiple_of` takes mixed ints and param
    handles; `transpose_paddings` a list of lists of ints."""
    __slots__ = ()

    def __init__(self, target, *, pad_to_multiple_of=None,
                 padding_values=None, padding_dimensions=None,
                 nofold_flags=None, transpose_paddings=None,
                 copy_back_op=None, loc=None, ip=None):
        opname = "transform.structured.pad"
        if pad_to_multiple_of is None:
            dynamic, static = [], None
        else:
            dynamic, static, _ = _dispatch_dynamic_index_list(
                pad_to_multiple_of)
        transpose_paddings = _i64_array_array(opname, "transpose_paddings",
                                              transpose_paddings)
        super().__init__(_any_op(), _any_op(), _any_op(),
                         _handle_or_error(opname, "target", target), dynamic,
                         padding_values=padding_values,
                         padding_dimensions=padding_dimensions,
                         static_pad_to_multiple_of=static,
                         nofold_flags=nofold_flags,
                         transpose_paddings=transpose_paddings,
                         copy_back_op=copy_back_op, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class SplitOp(_gen.SplitOp):
    """transform.structured.split of `target` along `dimension` at
    `chunk_sizes`: an int (static) or a handle (dynamic); the result
    handle has the target's type."""
    __slots__ = ()

    def __init__(self, target, dimension, chunk_sizes, *, loc=None, ip=None):
        opname = "transform.structured.split"
        target = _handle_or_error(opname, "target", target)
        if isinstance(chunk_sizes, _ir.IntegerAttr):
            chunk_sizes = chunk_sizes.value
        if isinstance(chunk_sizes, bool):
            raise TypeError(f"{opname}: chunk_sizes must be an int or a "
                            "handle, not bool")
        if isinstance(chunk_sizes, int):
            static, dynamic = chunk_sizes, None
        else:
            static = _ir.ShapedType.get_dynamic_size()
            dynamic = _handle_or_error(opname, "chunk_sizes", chunk_sizes)
        super().__init__(target.type, target, dimension, static,
                         dynamic_chunk_sizes=dynamic, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class VectorizeChildrenAndApplyPatternsOp(
        _gen.VectorizeChildrenAndApplyPatternsOp):
    """transform.structured.vectorize_children_and_apply_patterns of
    `target`, giving an !transform.any_op handle; the flags default off."""
    __slots__ = ()

    def __init__(self, target, *,
                 disable_multi_reduction_to_contract_patterns=False,
                 disable_transfer_permutation_map_lowering_patterns=False,
                 vectorize_nd_extract=False, vectorize_padding=False,
                 flatten_1d_depthwise_conv=False,
                 fold_type_extensions_into_contract=False, loc=None,
                 ip=None):
        opname = "transform.structured.vectorize_children_and_apply_patterns"
        super().__init__(
            _any_op(), _handle_or_error(opname, "target", target),
            disable_multi_reduction_to_contract_patterns=(
                disable_multi_reduction_to_contract_patterns),
            disable_transfer_permutation_map_lowering_patterns=(
                disable_transfer_permutation_map_lowering_patterns),
            vectorize_nd_extract=vectorize_nd_extract,
            vectorize_padding=vectorize_padding,
            flatten_1d_depthwise_conv=flatten_1d_depthwise_conv,
            fold_type_extensions_into_contract=(
                fold_type_extensions_into_contract),
            loc=loc, ip=ip)
