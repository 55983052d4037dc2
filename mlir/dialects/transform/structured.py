"""transform.structured: the transform dialect extension's ops and enums,
plus upstream's extensions: MatchOp.match_op_names, TileUsingForOp,
TileUsingForallOp, FuseOp, VectorizeOp, GeneralizeOp, InterchangeOp,
DecomposeOp, ScalarizeOp (builders taking mixed sizes and defaulting the
handle types to !transform.any_op)."""

from .._structured_transform_ops_gen import *  # noqa: F401,F403
from .._structured_transform_enum_gen import *  # noqa: F401,F403
from .._structured_transform_ops_gen import _Dialect, MatchOp as _MatchOp
from .. import _structured_transform_ops_gen as _gen
from .._ods_common import (_cext, get_op_result_or_value,
                           _dispatch_dynamic_index_list,
                           _dispatch_mixed_values)
from ..._mlir_libs._mlirDialectsTransform import AnyOpType as _AnyOpType
from ... import ir as _ir



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
        try:
            target = get_op_result_or_value(target)
        except (TypeError, ValueError) as e:
            raise type(e)(f"{opname}: target: {e}") from None
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
