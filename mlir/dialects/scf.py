"""The scf dialect: generated ops plus upstream's ForOp / IfOp extensions
and the `for_` range generator."""

from ._scf_ops_gen import *  # noqa: F401,F403
from ._scf_ops_gen import _Dialect, ForOp as _ForOp, IfOp as _IfOp
from ._scf_ops_gen import yield_  # noqa: F401
from ._scf_enum_gen import *  # noqa: F401,F403
from ._ods_common import _cext, get_op_result_or_value
from .._mlir_libs import _ods_runtime as _rt
from .. import ir as _ir


@_cext.register_operation(_Dialect, replace=True)
class ForOp(_ForOp):
    """scf.for with its body block (induction variable, then one argument
    per iter_arg) created."""
    __slots__ = ()

    def __init__(self, lower_bound, upper_bound, step, iter_args=None, *,
                 loc=None, ip=None):
        if iter_args is None:
            iter_args = []
        elif isinstance(iter_args, (_ir.Value, _ir.Operation)):
            raise TypeError("scf.for: iter_args must be a list of Values")
        iter_args = [get_op_result_or_value(a) for a in iter_args]
        results = [a.type for a in iter_args]
        super().__init__(results, lower_bound, upper_bound, step, iter_args,
                         loc=loc, ip=ip)
        iv_type = get_op_result_or_value(lower_bound).type
        self.regions[0].blocks.append(iv_type, *results)

    @property
    def body(self):
        """The body block."""
        return self.regions[0].blocks[0]

    @property
    def induction_variable(self):
        return self.body.arguments[0]

    @property
    def inner_iter_args(self):
        """The body's block arguments standing for the iter_args."""
        return self.body.arguments[1:]


@_cext.register_operation(_Dialect, replace=True)
class IfOp(_IfOp):
    """scf.if with its then block (and else block if has_else) created."""
    __slots__ = ()

    def __init__(self, cond, results_=None, *, has_else=False, loc=None,
                 ip=None):
        if results_ is None:
            results_ = []
        super().__init__(list(results_), cond, loc=loc, ip=ip)
        self.regions[0].blocks.append()
        if has_else:
            self.regions[1].blocks.append()

    @property
    def then_block(self):
        return self.regions[0].blocks[0]

    @property
    def else_block(self):
        return self.regions[1].blocks[0]


def _index_value(p, what, loc, ip):
    if isinstance(p, bool):
        raise TypeError(f"scf.for_: {what} must be an int or an index Value")
    if isinstance(p, int):
        from .arith import ConstantOp
        return ConstantOp(_rt._index_type(), p, loc=loc, ip=ip).result
    if isinstance(p, float):
        raise ValueError(f"scf.for_: {what} must be an int or an index "
                         f"Value, not a float")
    return p


def for_(start, stop=None, step=None, iter_args=None, *, loc=None, ip=None):
    """Range-style scf.for: `for iv in scf.for_(n):`, ... The body is the
    insertion point inside the loop; end it with scf.yield_. Yields the
    induction variable, plus (inner iter_args, results) when iter_args are
    given (single values when there is one)."""
    if step is None:
        step = 1
    if stop is None:
        start, stop = 0, start
    start = _index_value(start, "start", loc, ip)
    stop = _index_value(stop, "stop", loc, ip)
    step = _index_value(step, "step", loc, ip)
    for_op = ForOp(start, stop, step, iter_args, loc=loc, ip=ip)
    iv = for_op.induction_variable
    inner = tuple(for_op.inner_iter_args)
    with _ir.InsertionPoint(for_op.body):
        if len(inner) > 1:
            yield iv, inner, for_op.results
        elif len(inner) == 1:
            yield iv, inner[0], for_op.results[0]
        else:
            yield iv
