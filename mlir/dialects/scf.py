"""The scf dialect: generated ops plus upstream's ForOp / ForallOp /
InParallelOp / IfOp / IndexSwitchOp extensions, the `for_` range generator
and `index_switch`."""

from ._scf_ops_gen import *  # noqa: F401,F403
from ._scf_ops_gen import (_Dialect, ForOp as _ForOp, IfOp as _IfOp,
                           ForallOp as _ForallOp, InParallelOp as _InParallelOp,
                           IndexSwitchOp as _IndexSwitchOp)
from ._scf_ops_gen import yield_  # noqa: F401
from ._scf_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ..ir import *  # noqa: F401,F403,E402
from typing import List, Optional, Sequence, Tuple, Union  # noqa: F401,E402
from ._ods_common import (  # noqa: F401,E402
    _cext as _ods_cext,
    get_op_result_or_value as _get_op_result_or_value,
    get_op_results_or_values as _get_op_results_or_values,
    get_op_result_or_op_results as _get_op_result_or_op_results,
)
from .arith import constant  # noqa: F401  (upstream re-exports it)
from ._ods_common import (_IfBlockAccessors, _LoopBodyAccessors, _cext,
                          get_op_result_or_value,
                          get_op_results_or_values,
                          get_op_result_or_op_results)
from .._mlir_libs import _ods_runtime as _rt
from .. import ir as _ir


@_cext.register_operation(_Dialect, replace=True)
class ForOp(_LoopBodyAccessors, _ForOp):
    """scf.for with its body block (induction variable, then one argument
    per iter_arg) created."""
    __slots__ = ()

    # Compiled: no Python frame per loop built.
    __init__ = _rt._scf_for_op_init


def _for_signature(self, lower_bound, upper_bound, step,
                   iter_args: Optional[Union[_ir.Operation, _ir.OpView,
                                             Sequence[_ir.Value]]] = None, *,
                   loc=None, ip=None):
    """The signature ForOp.__init__ behaves as."""


_rt._set_scf_for_base(_ForOp.__init__)
_rt._take_signature(ForOp.__init__, _for_signature, "ForOp.__init__")
del _for_signature


@_cext.register_operation(_Dialect, replace=True)
class IfOp(_IfBlockAccessors, _IfOp):
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


def _dispatch_index_op_fold_results(what, ofrs):
    """Splits ints / index Values into (dynamic Values, static sizes with
    the dynamic marker standing for each Value)."""
    dynamic, static = [], []
    for ofr in ofrs:
        if isinstance(ofr, (_ir.Value, _ir.Operation)):
            dynamic.append(get_op_result_or_value(ofr))
            static.append(_ir.ShapedType.get_dynamic_size())
        elif isinstance(ofr, int) and not isinstance(ofr, bool):
            static.append(ofr)
        else:
            raise TypeError(f"scf.forall: {what} must be ints or index "
                            f"Values, not {ofr.__class__.__name__}")
    return dynamic, static


@_cext.register_operation(_Dialect, replace=True)
class ForallOp(_ForallOp):
    """scf.forall from mixed static / dynamic bounds, with its body block
    (one index induction variable per dimension, then one argument per
    shared output) created."""
    __slots__ = ()

    def __init__(self, lower_bounds, upper_bounds, steps, shared_outs=None,
                 *, mapping=None, loc=None, ip=None):
        lower_bounds, upper_bounds, steps = (
            list(lower_bounds), list(upper_bounds), list(steps))
        if not len(lower_bounds) == len(upper_bounds) == len(steps):
            raise ValueError("Mismatch in length of lower bounds, upper "
                             "bounds, and steps")
        if shared_outs is None:
            shared_outs = []
        elif isinstance(shared_outs, _ir.Value):
            raise TypeError("scf.forall: shared_outs must be a list of "
                            "Values or an operation producing them")
        shared_outs = list(_rt._op_values(shared_outs))
        dyn_lbs, static_lbs = _dispatch_index_op_fold_results(
            "lower bounds", lower_bounds)
        dyn_ubs, static_ubs = _dispatch_index_op_fold_results(
            "upper bounds", upper_bounds)
        dyn_steps, static_steps = _dispatch_index_op_fold_results(
            "steps", steps)
        results = [v.type for v in shared_outs]
        super().__init__(results, dyn_lbs, dyn_ubs, dyn_steps, static_lbs,
                         static_ubs, static_steps, shared_outs,
                         mapping=mapping, loc=loc, ip=ip)
        index = _ir.IndexType.get(context=self.context)
        self.regions[0].blocks.append(*([index] * len(static_lbs)),
                                      *results)

    @property
    def body(self):
        """The body block."""
        return self.regions[0].blocks[0]

    @property
    def rank(self):
        """The number of induction variables."""
        return len(self.staticLowerBound)

    @property
    def induction_variables(self):
        return self.body.arguments[:self.rank]

    @property
    def inner_iter_args(self):
        """The body's block arguments standing for the shared outputs."""
        return self.body.arguments[self.rank:]

    def terminator(self):
        """The body's scf.forall.in_parallel terminator, created at the end
        of the body when the body does not end with one."""
        ops = self.body.operations
        with _ir.InsertionPoint(self.body):
            if len(ops) == 0:
                return InParallelOp()
            last = ops[len(ops) - 1]
            return last if isinstance(last, InParallelOp) else InParallelOp()


@_cext.register_operation(_Dialect, replace=True)
class InParallelOp(_InParallelOp):
    """scf.forall.in_parallel with its block created."""
    __slots__ = ()

    def __init__(self, loc=None, ip=None):
        super().__init__(loc=loc, ip=ip)
        self.regions[0].blocks.append()

    @property
    def block(self):
        """The block of the op's region."""
        return self.regions[0].blocks[0]


@_cext.register_operation(_Dialect, replace=True)
class IndexSwitchOp(_IndexSwitchOp):
    """scf.index_switch with one block per region (default first, then one
    per case), filled by the optional body builders:
    default_body_builder(op) and case_body_builder(op, i, case)."""
    __slots__ = ()

    def __init__(self, results, arg, cases, case_body_builder=None,
                 default_body_builder=None, loc=None, ip=None):
        cases = list(cases)
        super().__init__(list(results), arg, cases, len(cases), loc=loc,
                         ip=ip)
        for region in self.regions:
            region.blocks.append()
        if default_body_builder is not None:
            with _ir.InsertionPoint(self.default_block):
                default_body_builder(self)
        if case_body_builder is not None:
            values = self.cases
            for i in range(len(cases)):
                with _ir.InsertionPoint(self.case_block(i)):
                    case_body_builder(self, i, values[i])

    @property
    def default_region(self):
        return self.regions[0]

    @property
    def default_block(self):
        return self.default_region.blocks[0]

    @property
    def case_regions(self):
        return self.regions[1:]

    def case_region(self, i):
        return self.case_regions[i]

    @property
    def case_blocks(self):
        return [region.blocks[0] for region in self.case_regions]

    def case_block(self, i):
        return self.case_regions[i].blocks[0]


def index_switch(results, arg, cases, case_body_builder=None,
                 default_body_builder=None, loc=None, ip=None):
    """Builds scf.index_switch (see IndexSwitchOp); returns its result,
    its results when several, or the op when it has none."""
    op = IndexSwitchOp(results=results, arg=arg, cases=cases,
                       case_body_builder=case_body_builder,
                       default_body_builder=default_body_builder,
                       loc=loc, ip=ip)
    return get_op_result_or_op_results(op)


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
