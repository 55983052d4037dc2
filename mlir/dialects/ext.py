"""mlir.dialects.ext: dialects, types, attributes and operations defined by
Python classes, with the names of upstream's later `mlir.dialects.ext`:

    from mlir.dialects.ext import Dialect, Operand, Result, Region

    class Toy(Dialect, name="toy"):
        pass

    class PtrType(Toy.Type, name="ptr"):
        pass

    class NextOp(Toy.Operation, name="next"):
        in_: Operand[PtrType]
        out: Result[PtrType[()]]        # a fixed type: the builder infers it

    with Context(), Location.unknown():
        Toy.load()
        ...

An operation class gets a builder (`NextOp(value, loc=None, ip=None)`,
with the signature its fields give), accessors of its operands, results,
attributes and regions, an `Adaptor` class for conversion patterns, and a
verifier checking what its fields say. Fields are annotated as
`Operand[C]`, `Result[C]`, `Region`, or an attribute constraint; `C` | None
(or Optional[C]) makes a field optional, `Sequence[C]` variadic. A
constraint is a type or attribute class (`IntegerType`, `PtrType`), an
instance built from a subscript (`IntegerType[32]`, `ArrayType[IntegerType]`
for a type defined here with parameters), a union of them (`A | B`),
`Any`, or a TypeVar (every field of one TypeVar has the same type).
Field specifiers: `result(default_factory=, kw_only=)`, `infer_result()`,
`operand(kw_only=)`, `attribute(default_factory=, kw_only=)`; a field
assigned None defaults to None. Operation classes take `traits=[...]`:
trait classes (IsTerminatorTrait, NoTerminatorTrait,
IsIsolatedFromAboveTrait, RecursiveMemoryEffectsTrait), interface
implementations (subclasses of ir.MemoryEffectsOpInterface or
ir.ConditionallySpeculatable) and the specifiers NoMemoryEffect,
AlwaysSpeculatable, RecursivelySpeculatable and Pure (both of the first
two); they may define `verify_invariants(self)` (raise or return False when
invalid).

On MLIR 22 these are MLIR dynamic dialects: a dialect's types and
attributes are dynamic types and attributes, printed as
`!toy.array<i32>`; operations print and parse in the generic form only.
Load a dialect before the context holds operations of its namespace
parsed as unregistered ones.
"""

import builtins
import inspect
import types as _types
import typing
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Callable, Optional, TypeVar, Union, get_args, get_origin

from .. import ir
from .._mlir_libs import _ir as _core
from .._mlir_libs._ods_runtime import (
    _ods_attribute, _ods_operand, _ods_region, _ods_result,
)

__all__ = [
    "Dialect", "Operation", "Operand", "Result", "Region", "Type",
    "Attribute", "result", "infer_result", "operand", "attribute",
    "NoMemoryEffect", "AlwaysSpeculatable", "RecursivelySpeculatable",
    "Pure",
]

Operand = ir.Value
Result = ir.OpResult
Region = ir.Region

_SINGLE, _OPTIONAL, _VARIADIC = 1, 0, -1


# -- field specifiers -----------------------------------------------------------

@dataclass
class _Specifier:
    """What a field's default value says about it."""
    kind: Optional[str] = None      # "result", "operand" or "attribute"
    infer: bool = False
    default_none: bool = False
    default_factory: Optional[Callable[[], Any]] = None
    kw_only: bool = False


def result(*, default_factory: Optional[Callable[[], Any]] = None,
           kw_only: bool = False) -> Any:
    """A result field: `default_factory()` gives its type when the builder
    is not given one; `kw_only` makes it a keyword-only builder argument."""
    return _Specifier("result", default_factory=default_factory,
                      kw_only=kw_only)


def infer_result() -> Any:
    """A result field whose type the builder infers from its constraint (a
    single fixed type)."""
    return _Specifier("result", infer=True)


def operand(*, kw_only: bool = False) -> Any:
    """An operand field; `kw_only` makes it a keyword-only argument."""
    return _Specifier("operand", kw_only=kw_only)


def attribute(*, default_factory: Optional[Callable[[], Any]] = None,
              kw_only: bool = False) -> Any:
    """An attribute field: `default_factory()` gives its value when the
    builder is not given one."""
    return _Specifier("attribute", default_factory=default_factory,
                      kw_only=kw_only)


# -- constraints ----------------------------------------------------------------

def _instance(origin, args):
    """An instance of a builtin type or attribute class from a subscript:
    IntegerType[32] is i32."""
    built = [_instance(get_origin(a), get_args(a)) if get_origin(a) else a
             for a in args]
    if origin is ir.IntegerType:
        return ir.IntegerType.get_signless(*built)
    return origin.get(*built)


def _unwrap_param(p):
    return p.value if isinstance(p, ir.TypeAttr) else p


def _is_instance(cls, obj):
    check = getattr(cls, "isinstance", None)
    if callable(check) and not isinstance(check, type):
        try:
            return bool(check(obj))
        except TypeError:
            return False
    return builtins.isinstance(obj, cls)


def _matches(constraint, obj, bound):
    """Whether `obj` (a Type or Attribute) satisfies `constraint`; `bound`
    holds what TypeVars were bound to so far."""
    if constraint is Any:
        return True
    if isinstance(constraint, TypeVar):
        if constraint.__name__ in bound:
            return bound[constraint.__name__] == obj
        if constraint.__bound__ is not None and \
                not _matches(constraint.__bound__, obj, bound):
            return False
        bound[constraint.__name__] = obj
        return True
    origin = get_origin(constraint)
    if origin is Union or origin is _types.UnionType:
        return any(_matches(c, obj, dict(bound)) for c in get_args(constraint))
    if origin is not None:
        args = get_args(constraint)
        if isinstance(origin, type) and issubclass(origin, (Type, Attribute)):
            if not _is_instance(origin, obj):
                return False
            params = origin(obj).params
            return len(params) == len(args) and all(
                _matches(a, _unwrap_param(p), bound)
                for a, p in zip(args, params))
        if isinstance(origin, type) and issubclass(origin,
                                                   (ir.Type, ir.Attribute)):
            with obj.context:
                return obj == _instance(origin, args)
    if isinstance(constraint, type) and issubclass(constraint,
                                                   (ir.Type, ir.Attribute)):
        return _is_instance(constraint, obj)
    raise TypeError(f"unsupported type in constraints: {constraint}")


def _describe(constraint):
    if constraint is Any:
        return "anything"
    if isinstance(constraint, type):
        return constraint.__name__
    return str(constraint).replace("mlir.dialects.ext.", "").replace(
        "mlir._mlir_libs._mlir.ir.", "")


def _inferrer(constraint):
    """A function giving the one type `constraint` allows."""
    if isinstance(constraint, TypeVar):
        return _inferrer(constraint.__bound__)
    origin = get_origin(constraint)
    if origin is not None and isinstance(origin, type) and \
            issubclass(origin, (ir.Type, ir.Attribute)):
        args = get_args(constraint)
        if issubclass(origin, (Type, Attribute)):
            return lambda: origin.get(*[
                _inferrer(a)() if (get_origin(a) or isinstance(a, TypeVar))
                else a for a in args])
        return lambda: _instance(origin, args)
    raise TypeError(f"unsupported type for inferring: {constraint}")


# -- operation fields -------------------------------------------------------------

_POSITIONAL, _KW_REQUIRED, _KW_DEFAULT = 1, 2, 3


@dataclass
class _Field:
    name: str
    kind: str                       # operand, result, attribute, region
    arity: int
    constraint: Any
    param: int = _POSITIONAL
    default_factory: Optional[Callable[[], Any]] = None
    infer: Optional[Callable[[], Any]] = None

    @staticmethod
    def parse(name, hint, spec):
        arity = _SINGLE
        origin, args = get_origin(hint), get_args(hint)
        if (origin is Union or origin is _types.UnionType) and \
                len(args) == 2 and type(None) in args:
            arity = _OPTIONAL
            hint = args[0] if args[1] is type(None) else args[1]
        elif origin is Sequence or origin is typing.Sequence:
            arity = _VARIADIC
            hint = args[0]
        origin = get_origin(hint)
        if spec.default_none or spec.default_factory or spec.infer:
            param = _KW_DEFAULT
        elif spec.kw_only:
            param = _KW_REQUIRED
        else:
            param = _POSITIONAL
        if origin is ir.OpResult:
            if spec.kind not in (None, "result"):
                raise TypeError("only `result` field specifier can be used "
                                "for result fields")
            constraint = get_args(hint)[0]
            if spec.infer and arity != _SINGLE:
                raise ValueError(f"type of variadic or optional result "
                                 f"'{name}' cannot be inferred")
            if spec.default_none and arity != _OPTIONAL:
                raise ValueError("only optional result can be set to None")
            return _Field(name, "result", arity, constraint, param,
                          spec.default_factory,
                          _inferrer(constraint) if spec.infer else None)
        if origin is ir.Value:
            if spec.kind not in (None, "operand"):
                raise TypeError("only `operand` field specifier can be used "
                                "for operand fields")
            if spec.default_none and arity != _OPTIONAL:
                raise ValueError("only optional operand can be set to None")
            return _Field(name, "operand", arity, get_args(hint)[0], param)
        if hint is ir.Region:
            if spec.kind is not None:
                raise TypeError("this field specifier can not be used for "
                                "region fields")
            if arity != _SINGLE:
                raise ValueError("optional region is not currently supported")
            return _Field(name, "region", arity, Any)
        if spec.kind not in (None, "attribute"):
            raise TypeError("only `attribute` field specifier can be used "
                            "for attribute fields")
        if arity != _SINGLE:
            raise ValueError("optional attribute is not currently supported")
        if param == _KW_DEFAULT and not spec.default_factory:
            raise ValueError("only optional attribute can be set to None")
        return _Field(name, "attribute", arity, hint, param,
                      spec.default_factory)


def _groups(fields, kind):
    return [f for f in fields if f.kind == kind]


def _segments(group):
    """The ODS segment spec of an operand or result group, None when every
    member is single."""
    if all(f.arity == _SINGLE for f in group):
        return None
    return [f.arity for f in group]


def _layout(group):
    """_ods_operand's layout mode: 0 with at most one variable-length
    member, 2 with sizes in a segment attribute."""
    return 0 if sum(f.arity != _SINGLE for f in group) <= 1 else 2


def _ranges(group, n, sizes):
    """(start, length) of each member among `n` values, or an error."""
    variable = [f for f in group if f.arity != _SINGLE]
    if len(variable) > 1:
        if sizes is None or len(sizes) != len(group):
            return None, "its segment sizes attribute is missing or malformed"
        lengths = list(sizes)
    else:
        rest = n - (len(group) - len(variable))
        if rest < 0 or (variable and variable[0].arity == _OPTIONAL
                        and rest > 1) or (not variable and rest != 0):
            return None, None
        lengths = [rest if f.arity != _SINGLE else 1 for f in group]
    out, start = [], 0
    for f, length in zip(group, lengths):
        if length < 0 or (f.arity == _SINGLE and length != 1) or \
                (f.arity == _OPTIONAL and length > 1):
            return None, f"'{f.name}' has {length} values"
        out.append((start, length))
        start += length
    if start != n:
        return None, None
    return out, None


class Operation(ir.OpView):
    """Base of the operation classes of a dialect defined in Python:

        class MyOp(MyDialect.Operation, name="my_op"): ...
        class MyOp(Operation, dialect=MyDialect, name="my_op"): ...
    """

    def __init__(*args, **kwargs):
        raise TypeError(
            "This class is a template and cannot be instantiated directly. "
            "Please use a subclass that defines the operation.")

    @classmethod
    def __init_subclass__(cls, *, name: str | None = None,
                          traits: list[type] | None = None,
                          dialect: type | None = None, **kwargs):
        super().__init_subclass__(**kwargs)
        fields = []
        for base in cls.__bases__:
            fields.extend(getattr(base, "_fields", []))
        for key, hint in cls.__dict__.get("__annotations__", {}).items():
            spec = cls.__dict__.get(key, _Specifier())
            if spec is None:
                spec = _Specifier(default_none=True)
            if not isinstance(spec, _Specifier):
                raise TypeError(f"the field specifier of field '{key}' is "
                                "not supported")
            fields.append(_Field.parse(key, hint, spec))
        cls._fields = fields
        inherited = []
        for base in cls.__bases__:
            inherited += getattr(base, "_traits", [])
        cls._traits = inherited + list(traits or [])
        if dialect is not None:
            if "_dialect_obj" in cls.__dict__ or hasattr(cls, "_dialect_obj"):
                raise RuntimeError(
                    "This operation has already been attached to dialect "
                    f"'{cls._dialect_obj.DIALECT_NAMESPACE}'.")
            cls._dialect_obj = dialect
        if not name:
            return
        if not hasattr(cls, "_dialect_obj"):
            raise RuntimeError(
                "Operation subclasses must either inherit from a Dialect's "
                "Operation subclass or provide the dialect as a class "
                "keyword argument.")
        ns = cls._dialect_obj.DIALECT_NAMESPACE
        cls._op_name = name
        cls.OPERATION_NAME = f"{ns}.{name}"
        operands = _groups(fields, "operand")
        results = _groups(fields, "result")
        regions = _groups(fields, "region")
        cls._ODS_REGIONS = (len(regions), True)
        cls._ODS_OPERAND_SEGMENTS = _segments(operands)
        cls._ODS_RESULT_SEGMENTS = _segments(results)
        cls._make_builder(fields)
        cls._make_accessors(cls, fields, with_results=True)
        cls.Adaptor = type("Adaptor", (ir.OpAdaptor,),
                           {"OPERATION_NAME": cls.OPERATION_NAME,
                            "_operation_cls": cls,
                            "__module__": cls.__module__,
                            "__qualname__": f"{cls.__qualname__}.Adaptor"})
        cls._make_accessors(cls.Adaptor, fields, with_results=False)
        cls._dialect_obj.operations.append(cls)

    @staticmethod
    def _make_accessors(target, fields, with_results):
        for kind, make in (("operand", _ods_operand), ("result", _ods_result)):
            if kind == "result" and not with_results:
                continue
            group = _groups(fields, kind)
            spec = tuple(f.arity for f in group)
            for i, f in enumerate(group):
                d = make(i, _layout(group), spec, None)
                setattr(target, f.name, d)
                d.__set_name__(target, f.name)
        for f in _groups(fields, "attribute"):
            d = _ods_attribute(f.name, 0, None)
            setattr(target, f.name, d)
            d.__set_name__(target, f.name)
        if with_results:
            for i, f in enumerate(_groups(fields, "region")):
                d = _ods_region(i, False)
                setattr(target, f.name, d)
                d.__set_name__(target, f.name)

    @classmethod
    def _make_builder(cls, fields):
        params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)]
        args = [f for f in fields if f.kind != "region"]
        for kind in (_POSITIONAL, _KW_REQUIRED, _KW_DEFAULT):
            for f in args:
                if f.param != kind:
                    continue
                if kind == _POSITIONAL:
                    params.append(inspect.Parameter(
                        f.name, inspect.Parameter.POSITIONAL_OR_KEYWORD))
                elif kind == _KW_REQUIRED:
                    params.append(inspect.Parameter(
                        f.name, inspect.Parameter.KEYWORD_ONLY))
                else:
                    params.append(inspect.Parameter(
                        f.name, inspect.Parameter.KEYWORD_ONLY, default=None))
        for extra in ("loc", "ip"):
            params.append(inspect.Parameter(
                extra, inspect.Parameter.KEYWORD_ONLY, default=None))
        signature = inspect.Signature(params)
        operands = _groups(fields, "operand")
        results = _groups(fields, "result")
        attrs = _groups(fields, "attribute")
        nregions = len(_groups(fields, "region"))

        def __init__(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            a = bound.arguments
            self = a["self"]
            result_types = []
            for f in results:
                t = a[f.name]
                if t is None and f.infer is not None:
                    t = f.infer()
                elif t is None and f.default_factory is not None:
                    t = f.default_factory()
                result_types.append(t)
            attributes = {}
            for f in attrs:
                v = a[f.name]
                if v is None and f.default_factory is not None:
                    v = f.default_factory()
                if v is not None:
                    attributes[f.name] = v
            self.build_generic(
                results=result_types, operands=[a[f.name] for f in operands],
                attributes=attributes, regions=nregions, loc=a["loc"],
                ip=a["ip"])

        __init__.__signature__ = signature
        __init__.__qualname__ = f"{cls.__qualname__}.__init__"
        cls.__init__ = __init__

    @classmethod
    def _verify_op(cls, op):
        """None when `op` is as its fields say, else what is wrong."""
        fields = cls._fields
        bound = {}
        for kind, values, key in (
                ("operand", list(op.operands), "operandSegmentSizes"),
                ("result", list(op.results), "resultSegmentSizes")):
            group = _groups(fields, kind)
            sizes = None
            if key in op.attributes:
                try:
                    sizes = list(ir.DenseI32ArrayAttr(op.attributes[key]))
                except (TypeError, ValueError):
                    sizes = None
            ranges, why = _ranges(group, len(values), sizes)
            if ranges is None:
                return (why or f"expects {len(group)} {kind} groups "
                        f"({', '.join(f.name for f in group) or 'none'}), "
                        f"got {len(values)} {kind}s")
            for f, (start, length) in zip(group, ranges):
                for v in values[start:start + length]:
                    if not _matches(f.constraint, v.type, bound):
                        return (f"{kind} '{f.name}' must be "
                                f"{_describe(f.constraint)}, got {v.type}")
        regions = _groups(fields, "region")
        if len(op.regions) != len(regions):
            return (f"expects {len(regions)} regions, got "
                    f"{len(op.regions)}")
        for f in _groups(fields, "attribute"):
            if f.name not in op.attributes:
                return f"attribute '{f.name}' is missing"
            if not _matches(f.constraint, op.attributes[f.name], bound):
                return (f"attribute '{f.name}' must be "
                        f"{_describe(f.constraint)}, got "
                        f"{op.attributes[f.name]}")
        # The Python-defined traits' checks, then the op class's own.
        for t in cls._traits:
            check = (getattr(t, "verify_invariants", None)
                     if isinstance(t, type) and issubclass(t, ir.DynamicOpTrait)
                     else None)
            if check is not None and check(op) is False:
                return f"trait {t.__name__}: verify_invariants failed"
        check = getattr(cls, "verify_invariants", None)
        if check is not None:
            if check(op) is False:
                return "verify_invariants failed"
        return None


# -- types and attributes ----------------------------------------------------------

def _params_of(cls, args, context):
    if len(args) != len(cls._fields):
        raise TypeError(f"{cls.__name__}.get() takes {len(cls._fields)} "
                        f"parameters ({len(args)} given)")
    return [ir.TypeAttr.get(a, context) if isinstance(a, ir.Type) else a
            for a in args]


class _Defined:
    """What types and attributes defined in Python share."""

    @classmethod
    def _define(cls, name, dialect, what):
        fields = []
        for base in cls.__bases__:
            fields.extend(getattr(base, "_fields", []))
        fields += list(cls.__dict__.get("__annotations__", {}).items())
        cls._fields = fields
        if dialect is not None:
            if hasattr(cls, "_dialect_obj"):
                raise RuntimeError(
                    f"This {what} has already been attached to dialect "
                    f"'{cls._dialect_obj.DIALECT_NAMESPACE}'.")
            cls._dialect_obj = dialect
        if not name:
            return False
        if not hasattr(cls, "_dialect_obj"):
            raise RuntimeError(
                f"{what.capitalize()} subclasses must either inherit from a "
                f"Dialect's {what.capitalize()} subclass or provide the "
                "dialect as a class keyword argument.")
        cls._name = name
        cls._dialect_name = cls._dialect_obj.DIALECT_NAMESPACE
        # TypeID -> the context it was defined in (weakly): TypeIDs of a
        # destroyed context may be allocated again for other definitions.
        cls._typeids = {}
        for i, (field, _) in enumerate(fields):
            setattr(cls, field, property(lambda self, i=i: self.params[i]))
        return True

    @classmethod
    def __init_subclass__(cls, *, name: str | None = None,
                          dialect: type | None = None, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls._define(name, dialect, cls._what):
            setattr(cls, cls._name_attr, f"{cls._dialect_name}.{name}")
            getattr(cls._dialect_obj, cls._list).append(cls)

    @classmethod
    def _get(cls, getter, args, context):
        obj = getter(cls._dialect_name, cls._name,
                     _params_of(cls, args, context), context)
        return obj if builtins.isinstance(obj, cls) else cls(obj)

    @classmethod
    def isinstance(cls, other):
        """Whether `other` is of this class's kind (in any context where
        its dialect is loaded)."""
        try:
            ctx = cls._typeids.get(other.typeid)
        except (AttributeError, TypeError, ValueError):
            return False
        return ctx is not None and ctx() is other.context

    @classmethod
    def _cast(cls, other):
        """The type caster: this class when `other` is of its kind."""
        return cls(other) if cls.isinstance(other) else other


class Type(_Defined, ir.DynamicType):
    """Base of the type classes of a dialect defined in Python:

        class MyType(MyDialect.Type, name="my_type"):
            elem: IntegerType            # parameters, optional
    """
    _what, _list, _name_attr = "type", "types", "type_name"

    @classmethod
    def get(cls, *args, context=None):
        """The type with these parameters (Types are wrapped in TypeAttrs)."""
        return cls._get(_core._ext_get_type, args, context)


class Attribute(_Defined, ir.DynamicAttr):
    """Base of the attribute classes of a dialect defined in Python."""
    _what, _list, _name_attr = "attribute", "attributes", "attr_name"

    @classmethod
    def get(cls, *args, context=None):
        """The attribute with these parameters (Types are wrapped in
        TypeAttrs)."""
        return cls._get(_core._ext_get_attr, args, context)


# -- effect and speculatability specifiers ---------------------------------------

class NoMemoryEffect(ir.MemoryEffectsOpInterface):
    """Specifier of `traits=`: the operation has no memory effects (ODS's
    NoMemoryEffect), answered without calling Python."""

    @staticmethod
    def get_effects(op):
        """No effects."""
        return []

    @classmethod
    def attach(cls, op_name, *, target=None, context=None):
        """Makes the operations named `op_name` have no memory effects."""
        target = cls if target is None else target
        if target.get_effects is not NoMemoryEffect.get_effects:
            return super().attach(op_name, target=target, context=context)
        _core._attach_fixed_effects(op_name, context)


class _FixedSpeculatability(ir.ConditionallySpeculatable):
    """A specifier answering one Speculatability without calling Python."""
    _answer = ir.Speculatability.NotSpeculatable

    @classmethod
    def get_speculatability(cls, op):
        """The fixed answer."""
        return cls._answer

    @classmethod
    def attach(cls, op_name, *, target=None, context=None):
        """Makes the operations named `op_name` answer the fixed
        speculatability."""
        target = cls if target is None else target
        if getattr(target.get_speculatability, "__func__", None) is not \
                _FixedSpeculatability.get_speculatability.__func__:
            return super().attach(op_name, target=target, context=context)
        _core._attach_fixed_speculatability(op_name, target._answer, context)


class AlwaysSpeculatable(_FixedSpeculatability):
    """Specifier of `traits=`: the operation may always run speculatively
    (ODS's AlwaysSpeculatable)."""
    _answer = ir.Speculatability.Speculatable


class RecursivelySpeculatable(_FixedSpeculatability):
    """Specifier of `traits=`: the operation may run speculatively when the
    operations in its regions may (ODS's RecursivelySpeculatable)."""
    _answer = ir.Speculatability.RecursivelySpeculatable


class Pure:
    """Specifier of `traits=`: NoMemoryEffect and AlwaysSpeculatable (ODS's
    Pure)."""
    _specifiers = (NoMemoryEffect, AlwaysSpeculatable)

    @classmethod
    def attach(cls, op_name, *, context=None):
        """Attaches NoMemoryEffect and AlwaysSpeculatable to `op_name`."""
        for s in cls._specifiers:
            s.attach(op_name, context=context)


def _split_traits(op_cls):
    """An operation class's traits: (trait classes, classes to attach)."""
    traits, attached = [], []
    for t in op_cls._traits:
        if isinstance(t, type) and issubclass(t, ir.DynamicOpTrait):
            traits.append(t)
        elif isinstance(t, type) and callable(getattr(t, "attach", None)):
            attached.append(t)
        else:
            raise TypeError(
                f"{op_cls.__name__}: traits must be trait classes, interface "
                f"implementations or specifiers, not {t!r}")
    return traits, attached


# -- dialects ---------------------------------------------------------------------

class Dialect(ir.Dialect):
    """Base of a dialect defined in Python: `class MyDialect(Dialect,
    name="my")` gets the bases `MyDialect.Operation`, `MyDialect.Type` and
    `MyDialect.Attribute` of its classes; `MyDialect.load()` loads it into
    the current context."""

    @classmethod
    def __init_subclass__(cls, name: str, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.name = name
        cls.DIALECT_NAMESPACE = name
        cls.operations = []
        cls.types = []
        cls.attributes = []
        cls.Operation = type("Operation", (Operation,), {}, dialect=cls)
        cls.Type = type("Type", (Type,), {}, dialect=cls)
        cls.Attribute = type("Attribute", (Attribute,), {}, dialect=cls)

    @classmethod
    def load(cls, *, reload: bool = False) -> None:
        """Loads the dialect, its types, attributes and operations into the
        current context, which may be any context (as upstream main since
        it made loading context-aware). RuntimeError if this context has
        the dialect loaded already, unless reload=True (upstream's earlier
        flag), which loads the classes again."""
        ctx = ir.Context.current
        ns = cls.DIALECT_NAMESPACE
        loaded = ctx.is_dialect_loaded(ns)
        _core._ext_load_dialect(ns, ctx)    # a C++ dialect's name: an error
        if loaded and not reload:
            raise RuntimeError(
                f"Dialect '{ns}' is already loaded in the current context.")
        for kinds, attribute in ((cls.types, False), (cls.attributes, True)):
            for c in kinds:
                tid = _core._ext_define_type(ns, c._name, ctx, attribute)
                c._typeids[tid] = weakref.ref(ctx)
                ir.register_type_caster(tid, replace=True)(c._cast)
        for op in cls.operations:
            traits, attached = _split_traits(op)
            try:
                _core._ext_define_op(ns, op._op_name, traits, op._verify_op,
                                     ctx)
            except RuntimeError:
                pass                        # registered before here
            for t in attached:
                t.attach(op.OPERATION_NAME, context=ctx)
        ir.register_dialect(cls)
        for op in cls.operations:
            ir.register_operation(cls, replace=True)(op)
            ir.register_op_adaptor(op, replace=True)(op.Adaptor)
