"""The linalg dialect: generated ops and enums, plus builder functions for
the named structured ops (`linalg.matmul(a, b, outs=[c])`, `linalg.fill`,
...) that create the op and fill its region with the op's builtin body,
as upstream's OpDSL-backed functions do."""

from typing import TYPE_CHECKING

from .._linalg_ops_gen import *  # noqa: F401,F403
from .._linalg_ops_gen import _Dialect  # noqa: F401
from .._linalg_enum_gen import *  # noqa: F401,F403
from .. import _linalg_ops_gen as _gen
from ..._mlir_libs import _ods_runtime as _rt
from ... import ir as _ir

# Named ops whose region MLIR builds itself (LinalgNamedStructuredOps
# .yamlgen.td, plus the hand-written named ops with a region builder).
_NAMED_OPS = """
CopyOp ExpOp LogOp AbsOp CeilOp FloorOp NegFOp ReciprocalOp RoundOp SqrtOp
RsqrtOp SquareOp TanhOp ErfOp AddOp SubOp MulOp DivOp DivUnsignedOp MaxOp
MinOp PowFOp SelectOp QuantizedMatmulOp Mmt4DOp BatchMmt4DOp
QuantizedBatchMatmulOp MatvecOp VecmatOp BatchMatvecOp BatchVecmatOp DotOp
Conv1DOp Conv2DOp Conv3DOp Conv1DNwcWcfOp Conv1DNcwFcwOp Conv2DNhwcHwcfOp
Conv2DNhwcFhwcOp Conv2DNhwcHwcfQOp Conv2DNhwcFhwcQOp Conv2DNchwFchwQOp
Conv2DNchwFchwOp Conv2DNgchwFgchwOp Conv2DNgchwGfchwOp Conv2DNhwgcGfhwcOp
Conv2DNhwgcGfhwcQOp Conv2DNgchwGfchwQOp Conv3DNdhwcDhwcfOp
Conv3DNdhwcDhwcfQOp Conv3DNcdhwFcdhwOp DepthwiseConv1DNwcWcOp
DepthwiseConv1DNcwCwOp DepthwiseConv1DNwcWcmOp DepthwiseConv2DNhwcHwcOp
DepthwiseConv2DNchwChwOp DepthwiseConv2DNhwcHwcQOp DepthwiseConv2DNhwcHwcmOp
DepthwiseConv2DNhwcHwcmQOp DepthwiseConv3DNdhwcDhwcOp
DepthwiseConv3DNcdhwCdhwOp DepthwiseConv3DNdhwcDhwcmOp PoolingNhwcSumOp
PoolingNchwSumOp PoolingNhwcMaxOp PoolingNhwcMaxUnsignedOp PoolingNchwMaxOp
PoolingNhwcMinOp PoolingNhwcMinUnsignedOp PoolingNwcSumOp PoolingNcwSumOp
PoolingNwcMaxOp PoolingNwcMaxUnsignedOp PoolingNcwMaxOp PoolingNwcMinOp
PoolingNwcMinUnsignedOp PoolingNdhwcSumOp PoolingNdhwcMaxOp PoolingNdhwcMinOp
FillOp FillRng2DOp MatmulOp BatchMatmulOp BatchReduceMatmulOp
""".split()


def _is_tensor(v):
    return str(v.type).startswith("tensor<")


def _named_builder(op_class, name):
    def build(*ins, outs, loc=None, ip=None, **attrs):
        if not isinstance(outs, (list, tuple)):
            raise TypeError(f"linalg.{name}: outs must be a list of Values")
        result_types = [o.type for o in outs if _is_tensor(o)]
        op = op_class(result_types, list(ins), list(outs), loc=loc, ip=ip,
                      **attrs)
        _rt._linalg_fill_builtin_region(op)
        results = op.results
        if len(results) == 0:
            return op
        return results[0] if len(results) == 1 else results
    build.__name__ = build.__qualname__ = name
    build.__doc__ = (f"Builds {op_class.OPERATION_NAME} from inputs and "
                     "outs=[...], with its body; returns its result(s), or "
                     "the op when it has none.")
    return build


for _cls_name in _NAMED_OPS:
    _cls = getattr(_gen, _cls_name, None)
    if _cls is not None:
        _fn = _cls.OPERATION_NAME.split(".", 1)[1]
        globals()[_fn] = _named_builder(_cls, _fn)
del _cls_name, _cls


if TYPE_CHECKING:
    # The builders made above, as type checkers see them (the build leaves
    # the generated builders of these ops out of `import *` in their stub:
    # mlir.tblgen.restrict_stub_exports). tests/test_typing.py checks that
    # this list names exactly the builders made above.
    from typing import Any, Protocol, Sequence

    class _NamedBuilder(Protocol):
        def __call__(self, *ins: _ir.Value, outs: Sequence[_ir.Value],
                     loc: _ir.Location | None = None,
                     ip: _ir.InsertionPoint | None = None,
                     **attrs: Any) -> _ir.Value | _ir.OpResultList | _ir.OpView: ...

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
    matmul: _NamedBuilder
    batch_matmul: _NamedBuilder
    batch_reduce_matmul: _NamedBuilder
