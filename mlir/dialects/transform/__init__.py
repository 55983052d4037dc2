"""The transform dialect: generated ops and enums, plus upstream's
extensions (SequenceOp, NamedSequenceOp, YieldOp, ApplyPatternsOp, ...) and
its types (AnyOpType, OperationType, ...); dialect extensions are
submodules."""

from .._transform_ops_gen import *  # noqa: F401,F403
from .._transform_ops_gen import (
    _Dialect, ApplyPatternsOp as _ApplyPatternsOp,
    ApplyRegisteredPassOp as _ApplyRegisteredPassOp, CastOp as _CastOp,
    ForeachOp as _ForeachOp,
    GetParentOp as _GetParentOp, MergeHandlesOp as _MergeHandlesOp,
    NamedSequenceOp as _NamedSequenceOp, ReplicateOp as _ReplicateOp,
    SequenceOp as _SequenceOp, YieldOp as _YieldOp)
from .._transform_enum_gen import *  # noqa: F401,F403
from .._transform_enum_gen import FailurePropagationMode  # noqa: F401
from ..._mlir_libs._mlirDialectsTransform import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ...ir import *  # noqa: F401,F403,E402
from typing import Dict, NewType, Optional, Sequence, Union  # noqa: F401,E402
from .._ods_common import (  # noqa: F401,E402
    _cext as _ods_cext,
    get_op_result_or_value as _get_op_result_or_value,
    get_op_results_or_values as _get_op_results_or_values,
)
from .._ods_common import (_cext, get_op_result_or_value,
                           get_op_results_or_values,
                           register_attribute_builder)
from ..._mlir_libs import _ods_runtime as _rt
from ... import ir as _ir
from typing import NewType as _NewType
from . import interpreter  # noqa: F401
from ..._mlir_libs._ir import (  # noqa: F401,E402  (upstream main's names)
    DiagnosedSilenceableFailure, PatternDescriptorOpInterface,
    TransformOpInterface, TransformResults, TransformRewriter, TransformState,
)


# -- memory effects of transforms (upstream main's helpers) -------------------

from ..._mlir_libs._ir import _transform_resources  # noqa: E402
_MAPPING, _PAYLOAD = _transform_resources()


def _effects(made, effects):
    """`made`, appended to `effects` too when given (upstream's first form
    of these helpers fills a list; its later form returns one)."""
    if effects is not None:
        effects.extend(made)
    return made


def _on(effect_kinds, targets, resource):
    return [_ir.MemoryEffectInstance(e, t, resource=resource)
            for t in targets for e in effect_kinds]


def only_reads_handle(operands, effects=None):
    """The effects of a transform that reads the handles `operands`
    (OpOperands, e.g. op.op_operands) without consuming them."""
    return _effects(_on([_ir.MemoryEffect.Read], operands, _MAPPING),
                    effects)


def consumes_handle(operands, effects=None):
    """The effects of a transform that consumes the handles `operands`
    (they are invalid after it)."""
    return _effects(_on([_ir.MemoryEffect.Read, _ir.MemoryEffect.Free],
                        operands, _MAPPING), effects)


def produces_handle(results, effects=None):
    """The effects of a transform that produces the handles `results`."""
    return _effects(_on([_ir.MemoryEffect.Allocate, _ir.MemoryEffect.Write],
                        results, _MAPPING), effects)


def only_reads_payload(effects=None):
    """The effects of a transform that reads the payload IR only."""
    return _effects([_ir.MemoryEffectInstance(_ir.MemoryEffect.Read,
                                              resource=_PAYLOAD)], effects)


def modifies_payload(effects=None):
    """The effects of a transform that changes the payload IR."""
    return _effects(_on([_ir.MemoryEffect.Read, _ir.MemoryEffect.Write],
                        [None], _PAYLOAD), effects)


# -- types ------------------------------------------------------------------

AnyOpTypeT = _NewType("AnyOpType", AnyOpType)


def any_op_t():
    """!transform.any_op."""
    return AnyOpTypeT(AnyOpType.get())


# -- ops ----------------------------------------------------------------------

def _type_list(opname, what, types):
    if types is None:
        return []
    if isinstance(types, _ir.Type) or not hasattr(types, "__iter__"):
        raise TypeError(f"{opname}: {what} must be a list of Types, not "
                        f"{type(types).__name__}")
    types = list(types)
    for i, t in enumerate(types):
        if not isinstance(t, _ir.Type):
            raise TypeError(f"{opname}: {what}[{i}] must be a Type, not "
                            f"{type(t).__name__}")
    return types


def _handle(opname, what, v):
    return _rt._value_of(v, opname, what)


def _type_and_target(opname, type_or_target, target_or_none, default):
    """(result type, target Value) of upstream's `(type_or_target,
    target_or_none=None)` argument pair: a Type first means the target
    follows; otherwise the first argument is the target and
    default(target) gives the type."""
    if isinstance(type_or_target, _ir.Type):
        return type_or_target, _handle(opname, "target", target_or_none)
    if target_or_none is not None:
        raise TypeError(f"{opname}: the first argument must be a Type when "
                        "a target follows it")
    target = _handle(opname, "target", type_or_target)
    return default(target), target


def _string_attr(opname, what, value):
    """A str as a StringAttr (a StringAttr as it is); TypeError naming
    the op and the argument otherwise."""
    if isinstance(value, _ir.StringAttr):
        return value
    if isinstance(value, str):
        return _ir.StringAttr.get(value)
    raise TypeError(f"{opname}: {what} must be a str or a StringAttr, not "
                    f"{type(value).__name__}")


def _two_types_then_handles(opname, names, handles_only, args):
    """(types, handles) of upstream's overload `(type, type, *handles)` or
    `(*handles)` with the trailing parameters left None (the two result
    handles then !transform.any_op). `names` name the first two
    parameters and `handles_only` says what the second form takes, for
    errors."""
    num_handles = len(args) - 2
    if isinstance(args[0], _ir.Type):
        if not isinstance(args[1], _ir.Type):
            raise TypeError(f"{opname}: when {names[0]} is a Type, "
                            f"{names[1]} must be a Type too")
        return args[:2], args[2:]
    if any(a is not None for a in args[num_handles:]):
        raise TypeError(f"{opname}: without result Types, give just "
                        f"{handles_only}")
    return (AnyOpType.get(), AnyOpType.get()), args[:num_handles]


def _type_target_and(opname, what, type_or_target, target_or_value,
                     value_or_none):
    """(result type, target Value, value) of upstream's `(transformed_type,
    target, value)` / `(target, value)` overload, the type then
    !transform.any_op; `what` names the value in errors."""
    if isinstance(type_or_target, _ir.Type):
        result_type, target, value = (type_or_target, target_or_value,
                                      value_or_none)
    else:
        if value_or_none is not None:
            raise TypeError(f"{opname}: the first argument must be a "
                            "Type when three are given")
        result_type = AnyOpType.get()
        target, value = type_or_target, target_or_value
    if value is None:
        raise TypeError(f"{opname}: missing {what}")
    return result_type, _handle(opname, "target", target), value


@_cext.register_operation(_Dialect, replace=True)
class CastOp(_CastOp):
    __slots__ = ()

    def __init__(self, result_type, target, *, loc=None, ip=None):
        super().__init__(result_type, _handle("transform.cast", "target",
                                              target), loc=loc, ip=ip)


def cast(result_type, target, *, loc=None, ip=None):
    """Builds transform.cast; returns its result handle."""
    return CastOp(result_type, target, loc=loc, ip=ip).result


@_cext.register_operation(_Dialect, replace=True)
class ApplyPatternsOp(_ApplyPatternsOp):
    """transform.apply_patterns with its (empty) patterns block created."""
    __slots__ = ()

    def __init__(self, target, apply_cse=False, max_iterations=None,
                 max_num_rewrites=None, *, loc=None, ip=None):
        super().__init__(_handle("transform.apply_patterns", "target",
                                 target),
                         apply_cse=apply_cse, max_iterations=max_iterations,
                         max_num_rewrites=max_num_rewrites, loc=loc, ip=ip)
        self.regions[0].blocks.append()

    @property
    def patterns(self):
        return self.regions[0].blocks[0]


def apply_patterns(target, apply_cse=False, max_iterations=None,
                   max_num_rewrites=None, *, loc=None, ip=None):
    """Builds transform.apply_patterns; returns the op (fill its
    `patterns` block)."""
    return ApplyPatternsOp(target, apply_cse=apply_cse,
                           max_iterations=max_iterations,
                           max_num_rewrites=max_num_rewrites, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class GetParentOp(_GetParentOp):
    __slots__ = ()

    def __init__(self, result_type, target, *, isolated_from_above=False,
                 allow_empty_results=False, op_name=None, deduplicate=False,
                 nth_parent=1, loc=None, ip=None):
        super().__init__(
            result_type, _handle("transform.get_parent_op", "target", target),
            isolated_from_above=isolated_from_above,
            allow_empty_results=allow_empty_results, op_name=op_name,
            deduplicate=deduplicate, nth_parent=nth_parent, loc=loc, ip=ip)


def get_parent_op(result_type, target, *, isolated_from_above=False,
                  allow_empty_results=False, op_name=None, deduplicate=False,
                  nth_parent=1, loc=None, ip=None):
    """Builds transform.get_parent_op; returns its result handle."""
    return GetParentOp(result_type, target,
                       isolated_from_above=isolated_from_above,
                       allow_empty_results=allow_empty_results,
                       op_name=op_name, deduplicate=deduplicate,
                       nth_parent=nth_parent, loc=loc, ip=ip).result


@_cext.register_operation(_Dialect, replace=True)
class MergeHandlesOp(_MergeHandlesOp):
    """transform.merge_handles; its result type is the handles' unless
    `results` (a list of one Type) says otherwise."""
    __slots__ = ()

    def __init__(self, handles, *, deduplicate=False, results=None,
                 loc=None, ip=None):
        handles = [_handle("transform.merge_handles", "handles", h)
                   for h in handles]
        if results is None:
            super().__init__(handles, deduplicate=deduplicate, loc=loc,
                             ip=ip)
            return
        results = _type_list("transform.merge_handles", "results", results)
        attributes = {}
        if deduplicate:
            context = loc.context if loc is not None else None
            attributes["deduplicate"] = _ir.UnitAttr.get(context=context)
        self.build_generic(results=results, operands=handles,
                           attributes=attributes, loc=loc, ip=ip)


def merge_handles(handles, *, deduplicate=False, results=None, loc=None,
                  ip=None):
    """Builds transform.merge_handles; returns its result handle."""
    return MergeHandlesOp(handles, deduplicate=deduplicate, results=results,
                          loc=loc, ip=ip).result


@_cext.register_operation(_Dialect, replace=True)
class ReplicateOp(_ReplicateOp):
    __slots__ = ()

    def __init__(self, pattern, handles, *, loc=None, ip=None):
        handles = [_handle("transform.replicate", "handles", h)
                   for h in handles]
        super().__init__([h.type for h in handles],
                         _handle("transform.replicate", "pattern", pattern),
                         handles, loc=loc, ip=ip)


def _result_or_results(op):
    results = op.results
    if len(results) > 1:
        return results
    return results[0] if len(results) == 1 else op


def replicate(pattern, handles, *, loc=None, ip=None):
    """Builds transform.replicate; returns its result(s), or the op when
    it has none."""
    return _result_or_results(ReplicateOp(pattern, handles, loc=loc, ip=ip))


class _BodyAndTarget:
    """The body block of an op whose single region holds one block, and
    that block's first argument: the target handle inside
    (transform.sequence, named_sequence, with_pdl_patterns)."""

    __slots__ = ()

    @property
    def body(self):
        """The body block."""
        return self.regions[0].blocks[0]

    @property
    def bodyTarget(self):
        """The body block's first argument: the target handle inside."""
        return self.body.arguments[0]


class _SequenceBody(_BodyAndTarget):
    """A sequence op's body accessors, plus its extra bindings."""

    __slots__ = ()

    @property
    def bodyExtraArgs(self):
        return self.body.arguments[1:]


@_cext.register_operation(_Dialect, replace=True)
class SequenceOp(_SequenceBody, _SequenceOp):
    """transform.sequence with its body block created: one argument for
    the root (`target`: a handle Value, or just its Type for a top-level
    sequence) and one per extra binding (Values, or their Types)."""
    __slots__ = ()

    def __init__(self, failure_propagation_mode, results, target,
                 extra_bindings=None, *, loc=None, ip=None):
        opname = "transform.sequence"
        if isinstance(target, _ir.Type):
            root, root_type = None, target
        elif isinstance(target, (_ir.Value, _ir.Operation)):
            root = _handle(opname, "target", target)
            root_type = root.type
        else:
            raise TypeError(f"{opname}: target must be a Value, an "
                            "operation or a Type, not "
                            f"{type(target).__name__}")
        if extra_bindings is None:
            extra_bindings = []
        elif isinstance(extra_bindings, _ir.Operation):
            extra_bindings = list(_rt._op_values(extra_bindings))
        else:
            extra_bindings = list(extra_bindings)
        if extra_bindings and all(isinstance(b, _ir.Type)
                                  for b in extra_bindings):
            extra_types, extra_bindings = extra_bindings, []
        else:
            extra_bindings = [_handle(opname, "extra_bindings", b)
                              for b in extra_bindings]
            extra_types = [b.type for b in extra_bindings]
        results = _type_list(opname, "results", results)
        super().__init__(results, failure_propagation_mode, extra_bindings,
                         root=root, loc=loc, ip=ip)
        self.regions[0].blocks.append(root_type, *extra_types)


def sequence(failure_propagation_mode, results, target, extra_bindings=None,
             *, loc=None, ip=None):
    """Builds transform.sequence (see SequenceOp); returns its result(s),
    or the op when it has none."""
    return _result_or_results(SequenceOp(
        failure_propagation_mode, results, target, extra_bindings, loc=loc,
        ip=ip))


@_cext.register_operation(_Dialect, replace=True)
class NamedSequenceOp(_SequenceBody, _NamedSequenceOp):
    """transform.named_sequence from its name and input / result types,
    with its body block (one argument per input) created."""
    __slots__ = ()

    def __init__(self, sym_name, input_types, result_types, *,
                 sym_visibility=None, arg_attrs=None, res_attrs=None,
                 loc=None, ip=None):
        opname = "transform.named_sequence"
        if not isinstance(sym_name, (str, _ir.StringAttr)):
            raise TypeError(f"{opname}: sym_name must be a str, not "
                            f"{type(sym_name).__name__}")
        input_types = _type_list(opname, "input_types", input_types)
        result_types = _type_list(opname, "result_types", result_types)
        if loc is not None:
            context = loc.context
        else:
            context = None
        function_type = _ir.FunctionType.get(input_types, result_types,
                                             context=context)
        super().__init__(sym_name, _ir.TypeAttr.get(function_type),
                         sym_visibility=sym_visibility, arg_attrs=arg_attrs,
                         res_attrs=res_attrs, loc=loc, ip=ip)
        self.regions[0].blocks.append(*input_types)

    def apply(self, payload, transform_options=None):
        """Runs this named sequence (it must sit in a module with the
        transform.with_named_sequence attribute) on `payload`, in place;
        returns `payload`."""
        parent = self.parent
        if parent is None:
            raise ValueError("transform.named_sequence: apply() needs the "
                             "sequence to be in a module")
        attrs = parent.attributes
        if "transform.with_named_sequence" not in attrs or not isinstance(
                attrs["transform.with_named_sequence"], _ir.UnitAttr):
            raise ValueError("transform.named_sequence: apply() needs the "
                             "enclosing module to have the "
                             "transform.with_named_sequence attribute")
        interpreter.apply_named_sequence(
            payload_root=payload, transform_root=self,
            transform_module=parent, transform_options=transform_options)
        return payload


def named_sequence(sym_name, input_types, result_types, *,
                   sym_visibility=None, arg_attrs=None, res_attrs=None,
                   loc=None, ip=None):
    """Builds transform.named_sequence (see NamedSequenceOp); returns the
    op."""
    return NamedSequenceOp(sym_name, input_types, result_types,
                           sym_visibility=sym_visibility,
                           arg_attrs=arg_attrs, res_attrs=res_attrs,
                           loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class YieldOp(_YieldOp):
    """transform.yield of no operands, Values, or an operation's results."""
    __slots__ = ()

    def __init__(self, operands=None, *, loc=None, ip=None):
        if operands is None:
            operands = []
        elif isinstance(operands, _ir.Value):
            operands = [operands]
        try:
            operands = list(_rt._op_values(operands))
        except (TypeError, ValueError) as e:
            raise type(e)(f"transform.yield: operands: {e}") from None
        super().__init__(operands, loc=loc, ip=ip)


def yield_(operands=None, *, loc=None, ip=None):
    """Builds transform.yield; returns the op."""
    return YieldOp(operands, loc=loc, ip=ip)


@_cext.register_operation(_Dialect, replace=True)
class ForeachOp(_ForeachOp):
    """transform.foreach with its body block (one argument per target,
    of the target's type) created."""
    __slots__ = ()

    def __init__(self, results, targets, *, with_zip_shortest=False,
                 loc=None, ip=None):
        targets = [_handle("transform.foreach", "targets", t)
                   for t in targets]
        results = _type_list("transform.foreach", "results", results)
        super().__init__(results, targets,
                         with_zip_shortest=with_zip_shortest, loc=loc, ip=ip)
        self.regions[0].blocks.append(*[t.type for t in targets])

    @property
    def body(self):
        return self.regions[0].blocks[0]

    @property
    def bodyTargets(self):
        return self.regions[0].blocks[0].arguments


def foreach(results, targets, *, with_zip_shortest=False, loc=None,
            ip=None):
    """Builds transform.foreach (see ForeachOp); returns its result(s), or
    the op when it has none."""
    return _result_or_results(ForeachOp(
        results, targets, with_zip_shortest=with_zip_shortest, loc=loc,
        ip=ip))


@register_attribute_builder("ParamOperandAttr")
def _param_operand_attr(x, context):
    if isinstance(x, bool) or not isinstance(x, int):
        raise TypeError(f"expected an int, got {type(x).__name__}")
    return _ir.Attribute.parse(f"#transform.param_operand<index={x}>",
                               context=context)


_paramOperandAttr = _param_operand_attr  # upstream's name of the builder

# What apply_registered_pass takes as an option value, as upstream spells it.
OptionValueTypes = Union[Sequence["OptionValueTypes"], Attribute, Value,
                         Operation, OpView, str, int, bool]


@_cext.register_operation(_Dialect, replace=True)
class ApplyRegisteredPassOp(_ApplyRegisteredPassOp):
    """transform.apply_registered_pass of a pass by name to `target`, with
    options: a mapping of option names to Attributes, Python bools, ints,
    strs, sequences of them, or Values (handles to params, passed as
    dynamic options)."""
    __slots__ = ()

    def __init__(self, result, target, pass_name, *, options=None, loc=None,
                 ip=None):
        opname = "transform.apply_registered_pass"
        if not isinstance(pass_name, (str, _ir.StringAttr)):
            raise TypeError(f"{opname}: pass_name must be a str, not "
                            f"{type(pass_name).__name__}")
        if loc is not None:
            context = loc.context
        else:
            context = _ir.Context.current
        dynamic = []

        def to_attr(key, value):
            if isinstance(value, (_ir.Value, _ir.Operation)):
                dynamic.append(_handle(opname, f"options[{key!r}]", value))
                return _param_operand_attr(len(dynamic) - 1, context)
            if isinstance(value, _ir.Attribute):
                return value
            if isinstance(value, bool):
                return _ir.BoolAttr.get(value, context=context)
            if isinstance(value, int):
                return _ir.IntegerAttr.get(
                    _ir.IntegerType.get_signless(64, context=context), value)
            if isinstance(value, str):
                return _ir.StringAttr.get(value, context=context)
            if isinstance(value, (list, tuple)):
                return _ir.ArrayAttr.get([to_attr(key, v) for v in value],
                                         context=context)
            raise TypeError(f"{opname}: options[{key!r}]: unsupported option "
                            f"value of type {type(value).__name__}")

        options_dict = {}
        if options is not None:
            if not hasattr(options, "items"):
                raise TypeError(f"{opname}: options must be a mapping, not "
                                f"{type(options).__name__}")
            for key, value in options.items():
                if isinstance(key, _ir.StringAttr):
                    key = key.value
                if not isinstance(key, str):
                    raise TypeError(f"{opname}: option names must be str, "
                                    f"not {type(key).__name__}")
                options_dict[key] = to_attr(key, value)
        super().__init__(result, _handle(opname, "target", target),
                         pass_name, dynamic,
                         options=_ir.DictAttr.get(options_dict,
                                                  context=context),
                         loc=loc, ip=ip)


def apply_registered_pass(result, target, pass_name, *, options=None,
                          loc=None, ip=None):
    """Builds transform.apply_registered_pass; returns its result handle."""
    return ApplyRegisteredPassOp(result, target, pass_name, options=options,
                                 loc=loc, ip=ip).result
