"""The linalg dialect: generated ops and enums; the named structured ops
(`linalg.fill`, `linalg.conv_2d_nhwc_hwcf`, ...), which the OpDSL defines
(mlir.dialects.linalg.opdsl.ops.core_named_ops) and builds as the named op
or, with emit_generic=True, as the equivalent linalg.generic; the OpDSL's
names (TensorDef, TypeFn, linalg_structured_op, ...); builders written by
hand for the ops the OpDSL does not define (matmul, contract, elementwise,
transpose, pack, ...); and the structural queries of _mlirDialectsLinalg
(isa_contraction_op, infer_contraction_dimensions, isa_convolution_op,
infer_convolution_dimensions, get_indexing_maps, fill_builtin_region).

As in upstream's module, TypeFn, BinaryFn, UnaryFn and TernaryFn are the
OpDSL's function namespaces (their members name the functions), not the
generated enums; the attribute builders of the ops' `cast`/`fn` attributes
take either."""

from typing import TYPE_CHECKING

from ..._mlir_libs._mlirDialectsLinalg import *  # noqa: F401,F403
from .._linalg_ops_gen import *  # noqa: F401,F403
from .._linalg_ops_gen import _Dialect  # noqa: F401
from .._linalg_ops_gen import (GenericOp as _GenericOp,
                               ElementwiseOp as _ElementwiseOp)
from .._linalg_enum_gen import *  # noqa: F401,F403
from .._linalg_enum_gen import (BinaryFn as _BinaryFnEnum,
                                IteratorType,
                                TernaryFn as _TernaryFnEnum,
                                TypeFn as _TypeFnEnum,
                                UnaryFn as _UnaryFnEnum)
from .._ods_common import (get_op_result_or_value as _get_op_result_or_value,
                           get_op_result_or_op_results as
                           _get_op_result_or_op_results,
                           register_attribute_builder as
                           _register_attribute_builder,
                           _region_op, _dispatch_mixed_values)
from ... import ir as _ir
from ..._mlir_libs import _ods_runtime as _rt
from ...extras.meta import region_op  # noqa: F401

# The OpDSL's names, then the ops it defines (DefinedOpCallable objects:
# their types for type checkers are declared at the end of this file).
from .opdsl.lang import *  # noqa: F401,F403
from .opdsl.lang.comprehension import (BinaryFnType as _BinaryFnType,
                                       TernaryFnType as _TernaryFnType,
                                       TypeFnType as _TypeFnType,
                                       UnaryFnType as _UnaryFnType)
if not TYPE_CHECKING:
    from .opdsl.ops.core_named_ops import *  # noqa: F401,F403
from ...ir import *  # noqa: F401,F403


def _register_fn_attr_builder(kind, mnemonic, dsl_type, enum_type):
    """The attribute builder of `kind` (#linalg.<mnemonic><...>) from an
    OpDSL function (TypeFn.cast_unsigned), a case of the generated enum or
    the function's name."""
    def build(x, context):
        if isinstance(x, dsl_type):
            name = x.fn_name
        elif isinstance(x, (enum_type, str)):
            name = str(x)
        else:
            raise TypeError(
                f"expected a {dsl_type.__name__[:-4]} member or its name, "
                f"not {x!r}")
        return _ir.Attribute.parse(f"#linalg.{mnemonic}<{name}>",
                                   context=context)
    _register_attribute_builder(kind, replace=True)(build)


_register_fn_attr_builder("UnaryFnAttr", "unary_fn", _UnaryFnType,
                          _UnaryFnEnum)
_register_fn_attr_builder("BinaryFnAttr", "binary_fn", _BinaryFnType,
                          _BinaryFnEnum)
_register_fn_attr_builder("TernaryFnAttr", "ternary_fn", _TernaryFnType,
                          _TernaryFnEnum)
_register_fn_attr_builder("TypeFnAttr", "type_fn", _TypeFnType, _TypeFnEnum)


_ITERATOR_TYPE_NAMES = frozenset(str(t) for t in IteratorType)


def _iteratortypeenum(x, context):
    """#linalg.iterator_type<...> from an IteratorType (generated from
    Dialect/Utils/StructuredOpsUtils.td into _linalg_enum_gen) or its
    name. Each context parses a name once (the attributes are uniqued,
    immutable values)."""
    if isinstance(x, _ir.Attribute):
        return x
    if isinstance(x, IteratorType):
        x = str(x)
    if not isinstance(x, str) or x not in _ITERATOR_TYPE_NAMES:
        raise TypeError(f"expected an IteratorType, not {x!r}")
    ctx = _ir.Context.current if context is None else context
    cache = ctx._cache("linalg.iterator_type")
    attr = cache.get(x)
    if attr is None:
        attr = cache[x] = _ir.Attribute.parse(
            f"#linalg.iterator_type<{x}>", context=ctx)
    return attr


def _iterator_type_array(x, context):
    return _ir.ArrayAttr.get([_iteratortypeenum(v, context) for v in x],
                             context=context)


# A list of IteratorType members is built once per context (_EnumArrayBuilder).
_IteratorTypeArrayAttr = _register_attribute_builder(
    "IteratorTypeArrayAttr", replace=True)(_rt._EnumArrayBuilder(
        IteratorType, _iterator_type_array, "linalg.iterator_types"))


_single_init = _rt._linalg_single_init


def transpose(input, *, outs, permutation):
    """linalg.transpose of `input` into outs[0] with its body; returns the
    op."""
    return _rt._linalg_unary_op(TransposeOp, input, outs, permutation)


def broadcast(input, *, outs, dimensions):
    """linalg.broadcast of `input` into outs[0] with its body; returns the
    op."""
    return _rt._linalg_unary_op(BroadcastOp, input, outs, dimensions)


class GenericOp_(_GenericOp):
    """linalg.generic with its block (one argument per input and output
    element type) created; results are the outputs' types when they are
    tensors."""
    __slots__ = ()

    # Compiled: no Python frame per op built.
    __init__ = _rt._linalg_generic_op_init


def _generic_init(self, inputs, outputs, indexing_maps, iterator_types, *,
                  doc=None, library_call=None, loc=None, ip=None):
    pass


_rt._set_linalg_bases(_GenericOp.__init__, fill_builtin_region)
_rt._take_signature(GenericOp_.__init__, _generic_init, "GenericOp_.__init__")
del _generic_init


generic = _region_op(GenericOp_, terminator=YieldOp)
reduce = _region_op(ReduceOp, terminator=YieldOp)
map = _region_op(MapOp, terminator=YieldOp)


def _create_matmul_like_op(op_type, *ins, outs, indexing_maps=None,
                           cast=None):
    return _rt._linalg_matmul_like_op(op_type, ins, outs, indexing_maps, cast)


def matmul(*ins, outs, indexing_maps=None, cast=None):
    """linalg.matmul with its body; returns its result (or the op)."""
    return _get_op_result_or_op_results(_rt._linalg_matmul_like_op(
        MatmulOp, ins, outs, indexing_maps, cast))


def batch_matmul(*ins, outs, indexing_maps=None, cast=None):
    """linalg.batch_matmul with its body; returns its result (or the
    op)."""
    return _get_op_result_or_op_results(_rt._linalg_matmul_like_op(
        BatchMatmulOp, ins, outs, indexing_maps, cast))


def batch_reduce_matmul(*ins, outs, indexing_maps=None, cast=None):
    """linalg.batch_reduce_matmul with its body; returns its result (or
    the op)."""
    return _get_op_result_or_op_results(_rt._linalg_matmul_like_op(
        BatchReduceMatmulOp, ins, outs, indexing_maps, cast))


def contract(*ins, outs, indexing_maps, cast=None):
    """linalg.contract with its body; returns its result (or the op)."""
    return _get_op_result_or_op_results(_rt._linalg_matmul_like_op(
        ContractOp, ins, outs, indexing_maps, cast))


class ElementwiseOp_(_ElementwiseOp):
    """linalg.elementwise whose indexing maps default to identities (all
    operands of the output's type)."""
    __slots__ = ()

    def __init__(self, result_tensors, inputs, outputs, kind, *,
                 indexing_maps=None, loc=None, ip=None):
        if indexing_maps is None:
            inputs = [_get_op_result_or_value(i) for i in inputs]
            output = _get_op_result_or_value(outputs[0])
            for x in inputs:
                if x.type != output.type:
                    raise ValueError(
                        "linalg.elementwise: without indexing_maps, every "
                        f"operand must be of the output's type {output.type}"
                        f", not {x.type}")
            indexing_maps = [_ir.AffineMap.get_identity(output.type.rank)] \
                * (len(inputs) + 1)
        super().__init__(result_tensors, inputs, outputs, kind,
                         indexing_maps=indexing_maps, loc=loc, ip=ip)


ElementwiseOp = ElementwiseOp_


def elementwise(*ins, outs, kind, indexing_maps=None):
    """linalg.elementwise of kind `kind` with its body; returns its result
    (or the op)."""
    ins = [_get_op_result_or_value(i) for i in ins]
    if len(outs) != 1:
        raise ValueError(f"{outs=} must have length 1.")
    init, result_types = _single_init(outs)
    op = ElementwiseOp(result_types, ins, [init], kind,
                       indexing_maps=indexing_maps)
    fill_builtin_region(op)
    return _get_op_result_or_op_results(op)


def pack(source, dest, inner_dims_pos, inner_tiles, *, padding_value=None,
         outer_dims_perm=None, loc=None, ip=None):
    """linalg.pack with mixed static / dynamic inner tiles; returns its
    result."""
    dynamic, _, static = _dispatch_mixed_values(inner_tiles)
    return _get_op_result_or_op_results(PackOp(
        source, dest, inner_dims_pos, dynamic, static,
        padding_value=padding_value, outer_dims_perm=outer_dims_perm,
        loc=loc, ip=ip))


def unpack(source, dest, inner_dims_pos, inner_tiles, *,
           outer_dims_perm=None, loc=None, ip=None):
    """linalg.unpack with mixed static / dynamic inner tiles; returns its
    result."""
    dynamic, _, static = _dispatch_mixed_values(inner_tiles)
    return _get_op_result_or_op_results(UnPackOp(
        source, dest, inner_dims_pos, dynamic, static,
        outer_dims_perm=outer_dims_perm, loc=loc, ip=ip))


if TYPE_CHECKING:
    # The ops of opdsl.ops.core_named_ops, as type checkers see them (at
    # run time they are DefinedOpCallable objects, star-imported above; the
    # build leaves the generated builders of these ops out of `import *` in
    # their stub: mlir.tblgen.restrict_stub_exports). tests/test_typing.py
    # checks that this list names exactly those ops.
    from typing import Any, Protocol, Sequence

    class _NamedBuilder(Protocol):
        def __call__(self, *ins: _ir.Value | _ir.Operation | _ir.OpView,
                     outs: Sequence[_ir.Value | _ir.Operation | _ir.OpView]
                     | _ir.OpResultList | _ir.Operation | _ir.OpView,
                     emit_generic: bool = False,
                     loc: _ir.Location | None = None,
                     ip: _ir.InsertionPoint | None = None,
                     **attrs: Any) -> _ir.Value | _ir.OpResultList: ...

    copy: _NamedBuilder
    exp: _NamedBuilder
    log: _NamedBuilder
    abs: _NamedBuilder
    ceil: _NamedBuilder
    floor: _NamedBuilder
    negf: _NamedBuilder
    reciprocal: _NamedBuilder
    round: _NamedBuilder
    sqrt: _NamedBuilder
    rsqrt: _NamedBuilder
    square: _NamedBuilder
    tanh: _NamedBuilder
    erf: _NamedBuilder
    add: _NamedBuilder
    sub: _NamedBuilder
    mul: _NamedBuilder
    div: _NamedBuilder
    div_unsigned: _NamedBuilder
    max: _NamedBuilder
    min: _NamedBuilder
    powf: _NamedBuilder
    select: _NamedBuilder
    quantized_matmul: _NamedBuilder
    mmt4d: _NamedBuilder
    batch_mmt4d: _NamedBuilder
    quantized_batch_matmul: _NamedBuilder
    matvec: _NamedBuilder
    vecmat: _NamedBuilder
    batch_matvec: _NamedBuilder
    batch_vecmat: _NamedBuilder
    dot: _NamedBuilder
    conv_1d: _NamedBuilder
    conv_2d: _NamedBuilder
    conv_3d: _NamedBuilder
    conv_1d_nwc_wcf: _NamedBuilder
    conv_1d_ncw_fcw: _NamedBuilder
    conv_2d_nhwc_hwcf: _NamedBuilder
    conv_2d_nhwc_fhwc: _NamedBuilder
    conv_2d_nhwc_hwcf_q: _NamedBuilder
    conv_2d_nhwc_fhwc_q: _NamedBuilder
    conv_2d_nchw_fchw_q: _NamedBuilder
    conv_2d_nchw_fchw: _NamedBuilder
    conv_2d_ngchw_fgchw: _NamedBuilder
    conv_2d_ngchw_gfchw: _NamedBuilder
    conv_2d_nhwgc_gfhwc: _NamedBuilder
    conv_2d_nhwgc_gfhwc_q: _NamedBuilder
    conv_2d_ngchw_gfchw_q: _NamedBuilder
    conv_3d_ndhwc_dhwcf: _NamedBuilder
    conv_3d_ndhwc_dhwcf_q: _NamedBuilder
    conv_3d_ncdhw_fcdhw: _NamedBuilder
    depthwise_conv_1d_nwc_wc: _NamedBuilder
    depthwise_conv_1d_ncw_cw: _NamedBuilder
    depthwise_conv_1d_nwc_wcm: _NamedBuilder
    depthwise_conv_2d_nhwc_hwc: _NamedBuilder
    depthwise_conv_2d_nchw_chw: _NamedBuilder
    depthwise_conv_2d_nhwc_hwc_q: _NamedBuilder
    depthwise_conv_2d_nhwc_hwcm: _NamedBuilder
    depthwise_conv_2d_nhwc_hwcm_q: _NamedBuilder
    depthwise_conv_3d_ndhwc_dhwc: _NamedBuilder
    depthwise_conv_3d_ncdhw_cdhw: _NamedBuilder
    depthwise_conv_3d_ndhwc_dhwcm: _NamedBuilder
    pooling_nhwc_sum: _NamedBuilder
    pooling_nchw_sum: _NamedBuilder
    pooling_nhwc_max: _NamedBuilder
    pooling_nhwc_max_unsigned: _NamedBuilder
    pooling_nchw_max: _NamedBuilder
    pooling_nhwc_min: _NamedBuilder
    pooling_nhwc_min_unsigned: _NamedBuilder
    pooling_nwc_sum: _NamedBuilder
    pooling_ncw_sum: _NamedBuilder
    pooling_nwc_max: _NamedBuilder
    pooling_nwc_max_unsigned: _NamedBuilder
    pooling_ncw_max: _NamedBuilder
    pooling_nwc_min: _NamedBuilder
    pooling_nwc_min_unsigned: _NamedBuilder
    pooling_ndhwc_sum: _NamedBuilder
    pooling_ndhwc_max: _NamedBuilder
    pooling_ndhwc_min: _NamedBuilder
    fill: _NamedBuilder
    fill_rng_2d: _NamedBuilder
