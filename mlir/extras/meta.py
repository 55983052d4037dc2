"""Decorators that build an operation and fill its region from a Python
function::

    @region_op-made builder(args...)
    def body(x: T.index(), ...):   # block arguments, typed by annotation
        ...
        return values              # handed to the terminator, as a list

`region_op(op_constructor, terminator=None)` turns an op constructor into
such a decorator factory (usable bare when the constructor takes no
arguments); `op_region_builder(op, op_region, terminator=None)` is the
decorator for one region of an existing op. Both evaluate to the op's
single result, its results, or the op when it has none. An insertion point
and a location must be active, as for any op construction."""

from ..dialects._ods_common import _op_region_builder, _region_op

__all__ = ["op_region_builder", "region_op"]


def op_region_builder(op, op_region, terminator=None):
    """A decorator filling `op_region` of `op` from the decorated function
    (see the module docstring); it returns the op's result(s), or the op.
    A parameter without a Type annotation, when the block has to be
    created, is a ValueError."""
    return _op_region_builder(op, op_region, terminator)


def region_op(op_constructor, terminator=None):
    """A decorator factory: `f(*args, **kwargs)` builds the op with
    `op_constructor(*args, **kwargs)` and returns a decorator that fills
    its first region from the decorated function; `@f` alone builds the op
    without arguments. `terminator`, when given, is called with the list
    of values the function returned, inside the region's last block (a
    terminator taking one value is written `lambda vals: term(vals[0])`)."""
    return _region_op(op_constructor, terminator)
