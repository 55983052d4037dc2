"""transform.vector: the transform dialect extension's ops and enums.

The lowering-strategy enums (VectorContractLowering,
VectorMultiReductionLowering, VectorTransferSplit,
VectorTransposeLowering), defined in the Vector dialect's
Transforms/VectorTransformsBase.td, are generated into
_vector_transform_enum_gen with their attribute builders (i32
IntegerAttrs), as upstream's."""

from .._vector_transform_ops_gen import *  # noqa: F401,F403
from .._vector_transform_enum_gen import *  # noqa: F401,F403
