"""A Handle-based way of writing transform scripts, as upstream's
mlir.dialects.transform.extras: the results and block arguments of
transform handle types come out as Handle subclasses (OpHandle for
!transform.any_op / !transform.op<...>, ValueHandle for
!transform.any_value, ParamHandle for !transform.any_param /
!transform.param<...>) whose methods emit further transform ops.

Importing this module registers those value casters for the whole
process. Handles built from one another record the nesting: a handle made
by OpHandle.match_ops has the matching handle as `parent` and is listed
in its `children`."""

from typing import Callable, Optional, Sequence, Union  # noqa: F401

from .... import ir
from ... import transform
from .. import (AnyOpType, AnyParamType, AnyValueType, OperationType,
                ParamType, NamedSequenceOp, YieldOp, SequenceOp,
                ApplyPatternsOp)
from .. import structured
from ..._transform_ops_gen import SequenceOp as _GeneratedSequenceOp
from ..._ods_common import _region_op as region_op

# No __all__: as upstream's, `from ...extras import *` gives every public
# name here, the imported ones included.


class Handle(ir.Value):
    """A transform handle Value that remembers where it came from:
    `parent` is the handle whose payload encloses this one's (or None) and
    `children` the handles derived from this one."""

    def __init__(self, v, *, parent=None, children=None):
        super().__init__(v)
        self.parent = parent
        self.children = children if children is not None else []


@ir.register_value_caster(AnyOpType.static_typeid)
@ir.register_value_caster(OperationType.static_typeid)
class OpHandle(Handle):
    """A handle to payload operations, with methods emitting transforms
    on them."""

    def __init__(self, v, *, parent=None, children=None):
        super().__init__(v, parent=parent, children=children)

    def get_result(self, indices=[0]):  # noqa: B006 (never mutated)
        """Emits transform.get_result for the payload ops' results at
        `indices`; returns the !transform.any_value handle."""
        return transform.GetResultOp(AnyValueType.get(), self,
                                     list(indices)).result

    def match_ops(self, ops):
        """Emits transform.structured.match under this handle and returns
        the new OpHandle (recorded as a child). `ops` is a
        MatchInterfaceEnum (or the name of one of its cases) to match by
        interface, or an op name / op class (OpView subclass), or a
        sequence of them. A single name or class gives a handle typed
        !transform.op<name>, anything else !transform.any_op."""
        interfaces = structured.MatchInterfaceEnum
        if isinstance(ops, str) and ops in interfaces.__members__:
            ops = interfaces[ops]
        if isinstance(ops, interfaces):
            match = structured.MatchOp(AnyOpType.get(), self, interface=ops)
        else:
            if isinstance(ops, (str, type)):
                name = _op_name(ops)
                result_type = OperationType.get(name)
                names = [name]
            elif isinstance(ops, Sequence):
                result_type = AnyOpType.get()
                names = [_op_name(op) for op in ops]
            else:
                raise TypeError("match_ops: expected an op name, an op "
                                "class, a MatchInterfaceEnum or a sequence "
                                f"of names / classes, not "
                                f"{type(ops).__name__}")
            match = structured.MatchOp.match_op_names(result_type, self,
                                                      names)
        handle = OpHandle(match.results_, parent=self)
        self.children.append(handle)
        return handle

    def print(self, name=None):
        """Emits transform.print of this handle (with `name` as message,
        if given); returns this handle for chaining."""
        transform.PrintOp(target=self, name=name)
        return self


def _op_name(op):
    """The operation name of a str or an op class."""
    if isinstance(op, str):
        return op
    name = getattr(op, "OPERATION_NAME", None)
    if not isinstance(name, str):
        raise TypeError("match_ops: expected an op name (str) or an op "
                        f"class with OPERATION_NAME, not {op!r}")
    return name


@ir.register_value_caster(AnyParamType.static_typeid)
@ir.register_value_caster(ParamType.static_typeid)
class ParamHandle(Handle):
    """A handle to transform parameters (attributes)."""

    def __init__(self, v, *, parent=None, children=None):
        super().__init__(v, parent=parent, children=children)


@ir.register_value_caster(AnyValueType.static_typeid)
class ValueHandle(Handle):
    """A handle to payload values, with methods emitting transforms on
    them."""

    def __init__(self, v, *, parent=None, children=None):
        super().__init__(v, parent=parent, children=children)

    def get_defining_op(self):
        """Emits transform.get_defining_op; returns the OpHandle to the
        ops defining the payload values."""
        return transform.GetDefiningOp(AnyOpType.get(), self).result


def constant_param(value):
    """Emits transform.param.constant of `value` (an Attribute, or an int
    made an i64 IntegerAttr) and returns its ParamHandle: typed
    !transform.param<iN> for integer attributes, else
    !transform.any_param."""
    if isinstance(value, bool) or not isinstance(value,
                                                 (int, ir.Attribute)):
        raise TypeError("constant_param: expected an int or an Attribute, "
                        f"not {type(value).__name__}")
    if isinstance(value, int):
        value = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), value)
    value_type = getattr(value, "type", None)
    if isinstance(value_type, ir.IntegerType):
        param_type = ParamType.get(value_type)
    else:
        param_type = AnyParamType.get()
    return transform.ParamConstantOp(param_type, value).param


def insert_transform_script(block_or_insertion_point, script,
                            dump_script=False):
    """Builds a transform.named_sequence @__transform_main taking one
    !transform.any_op at the start of `block_or_insertion_point` (a Block,
    or an InsertionPoint used as is) and fills it by calling
    script(root_op_handle), then a transform.yield. The Context and an
    unknown Location come from the block. With dump_script, the sequence
    is printed."""
    if isinstance(block_or_insertion_point, ir.Block):
        block = block_or_insertion_point
        insertion_point = ir.InsertionPoint.at_block_begin(block)
    elif isinstance(block_or_insertion_point, ir.InsertionPoint):
        insertion_point = block_or_insertion_point
        block = insertion_point.block
    else:
        raise TypeError("insert_transform_script: expected a Block or an "
                        "InsertionPoint, not "
                        f"{type(block_or_insertion_point).__name__}")
    if not callable(script):
        raise TypeError("insert_transform_script: script must be callable, "
                        f"not {type(script).__name__}")
    context = block.owner.context
    with context, ir.Location.unknown(context):
        with insertion_point:
            named_sequence_op = NamedSequenceOp("__transform_main",
                                                [AnyOpType.get()], [])
        with ir.InsertionPoint(named_sequence_op.body):
            script(named_sequence_op.bodyTarget)
            YieldOp([])
    if dump_script:
        print(named_sequence_op)


# Region-filling decorators: `@sequence(results, mode, extra_bindings)`
# builds a transform.sequence whose body block is made from the decorated
# function's annotated parameters; `@named_sequence(name, inputs, results)`
# fills a named sequence; both end the body with transform.yield of what
# the function returns. `@apply_patterns(target)` fills the patterns
# block of transform.apply_patterns.
sequence = region_op(_GeneratedSequenceOp, terminator=YieldOp)
named_sequence = region_op(NamedSequenceOp, terminator=YieldOp)
apply_patterns = region_op(ApplyPatternsOp)
