"""The smt dialect: ops and enums generated from its ODS, its types,
upstream's `bool_t` / `bv_t` shorthands and the `solver` body decorator."""

from ._smt_ops_gen import *  # noqa: F401,F403
from ._smt_ops_gen import _Dialect  # noqa: F401
from ._smt_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._mlirDialectsSMT import *  # noqa: F401,F403
from ..extras.meta import region_op  # noqa: F401  (as upstream's module)


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


def _solver(inputs=None, results=None, loc=None, ip=None):
    """An smt.solver op taking `inputs` (Values) and producing results of
    the types `results`, with an empty body region."""
    return SolverOp([] if results is None else list(results),
                    [] if inputs is None else list(inputs), loc=loc, ip=ip)


def _block_types(fn, inputs):
    """The body block's argument types: the parameters' annotations when
    they are all Types (as upstream), else the types of `inputs`."""
    import inspect
    from .. import ir as _ir
    params = list(inspect.signature(fn).parameters.values())
    annotations = [p.annotation for p in params]
    if all(isinstance(t, _ir.Type) for t in annotations):
        return annotations
    if len(params) == len(inputs):
        return [v.type for v in inputs]
    raise ValueError(
        f"smt.solver: the body takes {len(params)} arguments for "
        f"{len(inputs)} inputs; annotate each parameter with its Type")


def solver(*args, **kwargs):
    """smt.solver with its body built by a Python function, as upstream:
    `@smt.solver`, or `@smt.solver(inputs, results, loc=None, ip=None)`
    (also by keyword). The function receives one block argument per
    parameter, typed by the parameter's Type annotation (or, without
    annotations, by the type of the matching input); what it returns
    (Values, or ops with one result) is yielded. IndexError if the body
    already ends in a terminator. Gives the result Value, the results when
    there are several, or the op when there are none."""
    from .. import ir as _ir

    def decorator(inputs=None, results=None, loc=None, ip=None):
        def build(fn):
            if not callable(fn):
                raise TypeError(f"smt.solver: expected a function, not "
                                f"{type(fn).__name__}")
            vals = [] if inputs is None else list(inputs)
            types = _block_types(fn, vals)
            op = _solver(vals, results, loc=loc, ip=ip)
            try:
                block = op.regions[0].blocks.append(*types)
                with _ir.InsertionPoint(block):
                    ret = fn(*block.arguments)
                    YieldOp(_yielded(ret), loc=loc)
            except BaseException:
                op.erase()          # no half-built solver left in the IR
                raise
            n = len(op.results)
            return op if n == 0 else (op.results[0] if n == 1 else op.results)
        return build

    if len(args) == 1 and not kwargs and callable(args[0]) and not isinstance(
            args[0], (_ir.Value, _ir.Operation, _ir.Type, _ir.Attribute)):
        return decorator()(args[0])
    if len(args) == 1 and not kwargs and not isinstance(
            args[0], (list, tuple)) and not hasattr(args[0], "__iter__"):
        raise TypeError(f"smt.solver: expected a function, not "
                        f"{type(args[0]).__name__}")
    return decorator(*args, **kwargs)
