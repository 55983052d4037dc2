"""The tensor dialect: generated ops and enums, plus upstream's
EmptyOp(sizes, element_type, encoding=) with mixed static / dynamic
sizes, the `empty` function and the `generate` body decorator."""

from ._tensor_ops_gen import *  # noqa: F401,F403
from ._tensor_ops_gen import (_Dialect, EmptyOp as _EmptyOp, GenerateOp,
                              YieldOp)
from ._tensor_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ..ir import *  # noqa: F401,F403,E402
from ..extras.meta import region_op  # noqa: F401,E402
from typing import Optional, Sequence, Union  # noqa: F401,E402
from ._ods_common import (  # noqa: F401,E402
    _cext as _ods_cext,
    get_op_result_or_op_results as _get_op_result_or_op_results,
)
from ._ods_common import _cext, _region_op
from .._mlir_libs import _ods_runtime as _rt
from .. import ir as _ir


@_cext.register_operation(_Dialect, replace=True)
class EmptyOp(_EmptyOp):
    """tensor.empty from mixed sizes: ints are static dimensions, index
    Values dynamic ones (in order); `encoding` (an Attribute) is the
    encoding of the result tensor type."""
    __slots__ = ()

    def __init__(self, sizes, element_type, *, encoding=None, loc=None,
                 ip=None):
        _rt._tensor_empty(self, sizes, element_type, encoding, loc, ip)


# Compiled: no Python frame per call.
empty = _rt._tensor_empty_value


def _empty(sizes: Sequence[Union[int, _ir.Value]], element_type: _ir.Type,
           *, encoding: Optional[_ir.Attribute] = None, loc=None,
           ip=None) -> _ir.Value:
    pass


_rt._take_signature(empty, _empty, "empty")
del _empty


generate = _region_op(
    lambda result, dynamic_extents, **kw: GenerateOp(result, dynamic_extents,
                                                     **kw),
    terminator=lambda values: YieldOp(*values))
generate.__name__ = "generate"
generate.__doc__ = """tensor.generate as a decorator: `@tensor.generate(result_type,
dynamic_extents)` over a function of the element indices (parameters
annotated with the index type) returning the element; evaluates to the
generated tensor."""
