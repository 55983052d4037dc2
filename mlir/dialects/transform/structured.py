"""transform.structured: the transform dialect extension's ops and enums,
plus upstream's MatchOp.match_op_names."""

from .._structured_transform_ops_gen import *  # noqa: F401,F403
from .._structured_transform_enum_gen import *  # noqa: F401,F403
from .._structured_transform_ops_gen import _Dialect, MatchOp as _MatchOp
from .._ods_common import _cext, get_op_result_or_value
from ... import ir as _ir


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
