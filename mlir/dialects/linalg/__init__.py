"""The linalg dialect: generated ops and enums, plus builder functions for
the named structured ops (`linalg.matmul(a, b, outs=[c])`, `linalg.fill`,
...) that create the op and fill its region with the op's builtin body,
as upstream's OpDSL-backed functions do."""

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
