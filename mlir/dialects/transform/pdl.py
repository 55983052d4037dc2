"""transform.pdl: the transform dialect extension's ops and enums, plus
upstream's builders for PDLMatchOp and WithPDLPatternsOp (the latter with
its body block created)."""

from .._transform_pdl_extension_ops_gen import *  # noqa: F401,F403
from .._transform_pdl_extension_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ...ir import *  # noqa: F401,F403,E402
from typing import Union  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from .._ods_common import (  # noqa: F401,E402
    get_op_result_or_value as _get_op_result_or_value,
    get_op_results_or_values as _get_op_results_or_values,
)
from .._transform_pdl_extension_ops_gen import _Dialect
from .. import _transform_pdl_extension_ops_gen as _gen
from .._ods_common import _cext
from . import _BodyAndTarget, _handle
from ... import ir as _ir


@_cext.register_operation(_Dialect, replace=True)
class PDLMatchOp(_gen.PDLMatchOp):
    """transform.pdl_match of the PDL pattern `pattern_name` (a str or a
    symbol reference attribute) under `target`."""
    __slots__ = ()

    def __init__(self, result_type, target, pattern_name, *, loc=None,
                 ip=None):
        opname = "transform.pdl_match"
        if not isinstance(result_type, _ir.Type):
            raise TypeError(f"{opname}: result_type must be a Type, not "
                            f"{type(result_type).__name__}")
        super().__init__(result_type, _handle(opname, "target", target),
                         pattern_name, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class WithPDLPatternsOp(_BodyAndTarget, _gen.WithPDLPatternsOp):
    """transform.with_pdl_patterns with its body block created: `target`
    is the root handle (a Value or one-result op), or just its Type for a
    top-level op without operand; the block takes one argument of that
    type."""
    __slots__ = ()

    def __init__(self, target, *, loc=None, ip=None):
        if isinstance(target, _ir.Type):
            root, root_type = None, target
        else:
            root = _handle("transform.with_pdl_patterns", "target", target)
            root_type = root.type
        super().__init__(root=root, loc=loc, ip=ip)
        self.regions[0].blocks.append(root_type)
