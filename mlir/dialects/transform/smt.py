"""transform.smt: the transform dialect extension's ops and enums, plus
upstream's ConstrainParamsOp builder (its body block created with one
argument per param) and constrain_params."""

from .._transform_smt_extension_ops_gen import *  # noqa: F401,F403
from .._transform_smt_extension_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from typing import Sequence  # noqa: F401,E402
from ...dialects import transform  # noqa: F401,E402
from .._ods_common import _cext as _ods_cext  # noqa: F401,E402
from ...ir import Block, Type  # noqa: F401,E402
from .._transform_smt_extension_ops_gen import _Dialect
from .. import _transform_smt_extension_ops_gen as _gen
from .._ods_common import _cext
from . import _handle, _type_list


@_cext.register_operation(_Dialect, replace=True)
class ConstrainParamsOp(_gen.ConstrainParamsOp):
    """transform.smt.constrain_params of the param handles `params`; the
    body block takes one argument per param, of the matching type in
    `arg_types` (SMT types)."""
    __slots__ = ()

    def __init__(self, results, params, arg_types, loc=None, ip=None):
        opname = "transform.smt.constrain_params"
        results = _type_list(opname, "results", results)
        arg_types = _type_list(opname, "arg_types", arg_types)
        if isinstance(params, (str, bytes)) or not hasattr(params,
                                                           "__iter__"):
            raise TypeError(f"{opname}: params must be a sequence of "
                            f"handles, not {type(params).__name__}")
        params = [_handle(opname, "params", p) for p in params]
        if len(params) != len(arg_types):
            raise ValueError(f"{opname}: {len(params)} params but "
                             f"{len(arg_types)} arg_types; they must pair "
                             "up")
        super().__init__(results, params, loc=loc, ip=ip)
        self.regions[0].blocks.append(*arg_types)

    @property
    def body(self):
        """The body block (one argument per param)."""
        return self.regions[0].blocks[0]


def constrain_params(results, params, arg_types, loc=None, ip=None):
    """Builds transform.smt.constrain_params; returns the op."""
    return ConstrainParamsOp(results, params, arg_types, loc=loc, ip=ip)
