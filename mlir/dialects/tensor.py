"""The tensor dialect: generated ops and enums, plus upstream's
EmptyOp(sizes, element_type) with mixed static / dynamic sizes, the
`empty` function and the `generate` body decorator."""

from ._tensor_ops_gen import *  # noqa: F401,F403
from ._tensor_ops_gen import (_Dialect, EmptyOp as _EmptyOp, GenerateOp,
                              YieldOp)
from ._tensor_enum_gen import *  # noqa: F401,F403
from ._ods_common import _cext, _region_op, get_op_result_or_op_results
from .. import ir as _ir


def _mixed_sizes(opname, sizes):
    """(static shape, dynamic size Values) from a list of ints and index
    Values (or single-result ops)."""
    if isinstance(sizes, (str, bytes)) or not hasattr(sizes, "__iter__"):
        raise TypeError(f"{opname}: sizes must be a sequence of ints and "
                        f"index Values, not {type(sizes).__name__}")
    static, dynamic = [], []
    for i, s in enumerate(sizes):
        if isinstance(s, bool):
            raise TypeError(f"{opname}: sizes[{i}] must be an int or an "
                            "index Value, not bool")
        if isinstance(s, int):
            if s < 0:
                raise ValueError(f"{opname}: sizes[{i}] must be >= 0, "
                                 f"got {s}")
            static.append(s)
            continue
        if isinstance(s, _ir.Operation):
            if len(s.results) != 1:
                raise ValueError(f"{opname}: sizes[{i}] is an operation "
                                 f"with {len(s.results)} results")
            s = s.results[0]
        if not isinstance(s, _ir.Value):
            raise TypeError(f"{opname}: sizes[{i}] must be an int or an "
                            f"index Value, not {type(s).__name__}")
        if not isinstance(s.type, _ir.IndexType):
            raise TypeError(f"{opname}: sizes[{i}] must be of type index, "
                            f"not {s.type}")
        static.append(_ir.ShapedType.get_dynamic_size())
        dynamic.append(s)
    return static, dynamic


@_cext.register_operation(_Dialect, replace=True)
class EmptyOp(_EmptyOp):
    """tensor.empty from mixed sizes: ints are static dimensions, index
    Values dynamic ones (in order)."""

    def __init__(self, sizes, element_type, *, loc=None, ip=None):
        if not isinstance(element_type, _ir.Type):
            raise TypeError("tensor.empty: element_type must be a Type, not "
                            f"{type(element_type).__name__}")
        static, dynamic = _mixed_sizes("tensor.empty", sizes)
        result_type = _ir.RankedTensorType.get(static, element_type)
        super().__init__(result_type, dynamic, loc=loc, ip=ip)


def empty(sizes, element_type, *, loc=None, ip=None):
    """Builds tensor.empty (see EmptyOp) and returns its result."""
    return get_op_result_or_op_results(
        EmptyOp(sizes, element_type, loc=loc, ip=ip))


generate = _region_op(
    lambda result, dynamic_extents, **kw: GenerateOp(result, dynamic_extents,
                                                     **kw),
    terminator=lambda values: YieldOp(*values))
generate.__name__ = "generate"
generate.__doc__ = """tensor.generate as a decorator: `@tensor.generate(result_type,
dynamic_extents)` over a function of the element indices (parameters
annotated with the index type) returning the element; evaluates to the
generated tensor."""
