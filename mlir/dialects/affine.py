"""The affine dialect: generated ops and enums, plus upstream's AffineForOp
/ AffineIfOp extensions and the `for_` range generator."""

from ._affine_ops_gen import *  # noqa: F401,F403
from ._affine_ops_gen import (_Dialect, AffineForOp as _AffineForOp,
                              AffineIfOp as _AffineIfOp)
from ._affine_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ..ir import *  # noqa: F401,F403,E402
from typing import Optional, Sequence, Union  # noqa: F401,E402
from ._ods_common import (  # noqa: F401,E402
    _cext as _ods_cext,
    get_op_result_or_value as _get_op_result_or_value,
    get_op_results_or_values as _get_op_results_or_values,
    ResultValueTypeTuple as _ResultValueTypeTuple,
    ResultValueT as _ResultValueT,
    VariadicResultValueT as _VariadicResultValueT,
)
from ._ods_common import (_IfBlockAccessors, _LoopBodyAccessors, _cext,
                          get_op_result_or_value,
                          get_op_results_or_values, ResultValueTypeTuple)
from .. import ir as _ir
from .._mlir_libs import _ods_runtime as _rt


def _bound_map(name, bound, operands):
    """(AffineMap, operand Values) of a loop bound given as an int, a
    Value / single-result op (identity map on it) or an AffineMap applied
    to `operands`."""
    operands = [] if operands is None else list(
        _rt._op_values(operands))
    if isinstance(bound, bool):
        raise ValueError(f"{name} bound must be int | ResultValueT | "
                         "AffineMap.")
    if isinstance(bound, int):
        bound = _ir.AffineMap.get_constant(bound)
    elif isinstance(bound, ResultValueTypeTuple):
        if operands:
            raise ValueError(
                f"Either a concrete {name} bound or an AffineMap in "
                f"combination with {name} bound operands, but not both, is "
                "supported.")
        if (isinstance(bound, _ir.Operation)
                and len(bound.results) > 1):
            raise ValueError(f"Only a single concrete value is supported "
                             f"for {name} bound.")
        operands.append(get_op_result_or_value(bound))
        bound = _ir.AffineMap.get_identity(1)
    if not isinstance(bound, _ir.AffineMap):
        raise ValueError(f"{name} bound must be int | ResultValueT | "
                         "AffineMap.")
    if len(operands) != bound.n_inputs:
        raise ValueError(
            f"Wrong number of {name} bound operands passed to AffineForOp; "
            f"Expected {bound.n_inputs}, got {len(operands)}.")
    return bound, operands


@_cext.register_operation(_Dialect, replace=True)
class AffineForOp(_LoopBodyAccessors, _AffineForOp):
    """affine.for from bounds given as ints, Values or AffineMaps (with
    their operands), with its body block (induction variable, then one
    argument per iter_arg) created."""
    __slots__ = ()

    def __init__(self, lower_bound, upper_bound, step=None, iter_args=None,
                 *, lower_bound_operands=None, upper_bound_operands=None,
                 loc=None, ip=None):
        if step is None:
            step = 1
        lb_map, lb_operands = _bound_map("lower", lower_bound,
                                         lower_bound_operands)
        ub_map, ub_operands = _bound_map("upper", upper_bound,
                                         upper_bound_operands)
        if iter_args is None:
            iter_args = []
        elif isinstance(iter_args, _ir.Value):
            iter_args = [iter_args]
        iter_args = list(_rt._op_values(iter_args))
        results = [a.type for a in iter_args]
        super().__init__(results, lb_operands, ub_operands, iter_args,
                         _ir.AffineMapAttr.get(lb_map),
                         _ir.AffineMapAttr.get(ub_map), step, loc=loc, ip=ip)
        index = _ir.IndexType.get(context=self.context)
        self.regions[0].blocks.append(index, *results)


def for_(start, stop, step=None, iter_args=None, *, loc=None, ip=None):
    """Range-style affine.for: `for iv in affine.for_(0, n):`, ... The body
    is the insertion point inside the loop; end it with affine.yield_.
    Yields the induction variable, plus the inner iter_args (a single
    value when there is one) when iter_args are given."""
    for_op = AffineForOp(start, stop, step, iter_args=iter_args, loc=loc,
                         ip=ip)
    iv = for_op.induction_variable
    inner = tuple(for_op.inner_iter_args)
    with _ir.InsertionPoint(for_op.body):
        if len(inner) > 1:
            yield iv, inner
        elif len(inner) == 1:
            yield iv, inner[0]
        else:
            yield iv


@_cext.register_operation(_Dialect, replace=True)
class AffineIfOp(_IfBlockAccessors, _AffineIfOp):
    """affine.if on an IntegerSet applied to `cond_operands`, with its then
    block (and else block if has_else) created."""
    __slots__ = ()

    def __init__(self, cond, results_=None, *, cond_operands=None,
                 has_else=False, loc=None, ip=None):
        if results_ is None:
            results_ = []
        cond_operands = [] if cond_operands is None else list(
            _rt._op_values(cond_operands))
        if cond.n_inputs != len(cond_operands):
            raise ValueError(f"expected {cond.n_inputs} condition operands, "
                             f"got {len(cond_operands)}")
        super().__init__(list(results_), cond_operands, cond, loc=loc,
                         ip=ip)
        self.regions[0].blocks.append()
        if has_else:
            self.regions[1].blocks.append()
