"""transform.vector: the transform dialect extension's ops and enums.

The lowering-strategy enums (VectorContractLowering,
VectorMultiReductionLowering, VectorTransferSplit,
VectorTransposeLowering) come from the Vector dialect's transform
definitions; they are defined here, with their attribute builders (i32
IntegerAttrs), when the generated enum module does not provide them."""

from enum import IntEnum as _IntEnum

from .._vector_transform_ops_gen import *  # noqa: F401,F403
from .._vector_transform_enum_gen import *  # noqa: F401,F403
from .. import _vector_transform_enum_gen as _enum_gen
from .._ods_common import _ods_enum_strings, _ods_register_enum_builder

# name: (doc, [(case, value, keyword)], attribute def name)
_LOWERING_ENUMS = {
    "VectorContractLowering": (
        "How vector.contract is lowered.",
        [("Dot", 0, "dot"), ("LLVMIntr", 1, "llvmintr"),
         ("OuterProduct", 2, "outerproduct"),
         ("ParallelArith", 3, "parallelarith")]),
    "VectorMultiReductionLowering": (
        "How vector.multi_reduction is lowered.",
        [("InnerParallel", 0, "innerparallel"),
         ("InnerReduction", 1, "innerreduction")]),
    "VectorTransferSplit": (
        "How vector transfers are split into in-bounds and out-of-bounds "
        "parts.",
        [("None_", 0, "none"), ("VectorTransfer", 1, "vector-transfer"),
         ("LinalgCopy", 2, "linalg-copy"),
         ("ForceInBounds", 3, "force-in-bounds")]),
    "VectorTransposeLowering": (
        "How vector.transpose is lowered.",
        [("EltWise", 0, "eltwise"), ("LLVMIntr", 1, "llvmintr"),
         ("Shuffle1D", 2, "shuffle_1d"),
         ("Shuffle16x16", 3, "shuffle_16x16")]),
}


def _define_lowering_enum(name, doc, cases):
    cls = _IntEnum(name, [(case, value) for case, value, _ in cases],
                   module=__name__)
    cls.__doc__ = doc
    _ods_enum_strings(cls, {case: keyword for case, _, keyword in cases},
                      None)
    _ods_register_enum_builder(f"{name}Attr", 32)
    return cls


for _name, (_doc, _cases) in _LOWERING_ENUMS.items():
    if not hasattr(_enum_gen, _name):
        globals()[_name] = _define_lowering_enum(_name, _doc, _cases)
del _name, _doc, _cases
