"""The smt dialect: ops and enums generated from its ODS, its types,
upstream's `bool_t` / `bv_t` shorthands and the `solver` body decorator."""

from ._smt_ops_gen import *  # noqa: F401,F403
from ._smt_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsSMT import *  # noqa: F401,F403


def bool_t():
    """!smt.bool in the current context."""
    return BoolType.get()


def bv_t(width):
    """!smt.bv<width> in the current context."""
    return BitVectorType.get(width)


def _yielded(ret):
    """A body's return value as the list of values to yield."""
    from .. import ir as _ir
    if ret is None:
        return []
    if isinstance(ret, (_ir.Value, _ir.Operation)) or not isinstance(
            ret, (list, tuple)):
        ret = [ret]
    out = []
    for v in ret:
        if isinstance(v, _ir.Operation):   # an op with one result
            v = v.result
        if not isinstance(v, _ir.Value):
            raise TypeError(f"smt.solver: the body must return Values (or "
                            f"ops with one result), not {type(v).__name__}")
        out.append(v)
    return out



def solver(body=None, *, inputs=(), results=(), loc=None, ip=None):
    """smt.solver with its body built by a Python function, as upstream:
    `@smt.solver` or `@smt.solver(inputs=[...], results=[...])`. The
    function receives one block argument per input (of the input's type);
    what it returns (Values, or ops with one result) is yielded. Gives the
    result Value, the results when there are several, or the op when there
    are none."""
    from .. import ir as _ir

    def build(fn):
        vals = list(inputs)
        op = SolverOp(list(results), vals, loc=loc, ip=ip)
        block = op.regions[0].blocks.append(*[v.type for v in vals])
        try:
            with _ir.InsertionPoint(block):
                YieldOp(_yielded(fn(*block.arguments)), loc=loc)
        except BaseException:
            op.erase()          # no half-built solver left in the IR
            raise
        n = len(op.results)
        return op if n == 0 else (op.results[0] if n == 1 else op.results)

    if body is not None:
        if not callable(body):
            raise TypeError(f"smt.solver: expected a function, not "
                            f"{type(body).__name__}")
        return build(body)
    return build
