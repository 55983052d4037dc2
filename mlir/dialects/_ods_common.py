"""Support code shared by the dialect modules (generated and hand-written),
under the names upstream's dialect extensions use."""

import types as _types
from typing import Sequence as _Sequence, TypeVar as _TypeVar, Union as _Union

from .. import ir as _ir
from .._mlir_libs import _ir as _ir_ext

__all__ = [
    "_cext", "get_default_loc_context", "get_op_result_or_value",
    "get_op_results_or_values", "get_op_result_or_op_results",
    "segmented_accessor", "equally_sized_accessor", "SubClassValueT",
    "register_attribute_builder",
]

# Upstream's `_cext` is the native module with `ir` as a submodule and the
# registration entry points at top level; code written against it
# (`_cext.register_operation(_Dialect, replace=True)`,
# `_cext.globals.append_dialect_search_prefix(...)`) works unchanged.
_cext = _types.SimpleNamespace(
    ir=_ir,
    globals=_ir_ext.globals,
    register_operation=_ir_ext.register_operation,
    register_op_adaptor=_ir_ext.register_op_adaptor,
    register_dialect=_ir_ext.register_dialect,
    register_type_caster=getattr(_ir_ext, "register_type_caster", None),
    register_value_caster=getattr(_ir_ext, "register_value_caster", None),
    OnExplicitAction=_ir_ext.OnExplicitAction,
    CurrentLocAction=_ir_ext.CurrentLocAction,
)

SubClassValueT = _TypeVar("SubClassValueT", bound=_ir.Value)

# What stands for a Value in the hand-written builders: a Value or an
# operation with one result (and sequences of them).
ResultValueTypeTuple = (_ir.Operation, _ir.OpView, _ir.Value)
ResultValueT = _Union[_ir.Operation, _ir.OpView, _ir.Value]
VariadicResultValueT = _Union[ResultValueT, _Sequence[ResultValueT]]


def get_default_loc_context(location=None):
    """The context of `location`, else of the current Location."""
    if location is None:
        loc = _ir.Location.current
        if loc is None:
            raise ValueError("no Location given and none in the current "
                             "context (use `with Location...:`)")
        return loc.context
    return location.context


# Compiled (mlir/_mlir_libs/_ods_runtime.pyx), under upstream's names and
# signatures.
from .._mlir_libs._ods_runtime import (  # noqa: E402
    get_op_result_or_value, get_op_results_or_values,
    get_op_result_or_op_results, _take_signature)


def _get_op_result_or_value(
        arg: _Union[_ir.OpView, _ir.Operation, _ir.Value, _ir.OpResultList]
) -> _ir.Value:
    pass


def _get_op_results_or_values(
        arg: _Union[_ir.OpView, _ir.Operation,
                    _Sequence[_Union[_ir.OpView, _ir.Operation, _ir.Value]]]
) -> _Union[_Sequence[_Union[_ir.OpView, _ir.Operation, _ir.Value]],
            _ir.OpResultList]:
    pass


def _get_op_result_or_op_results(
        op: _Union[_ir.OpView, _ir.Operation]
) -> _Union[_ir.Operation, _ir.OpResult, _Sequence[_ir.OpResult]]:
    pass


for _f, _t in ((get_op_result_or_value, _get_op_result_or_value),
               (get_op_results_or_values, _get_op_results_or_values),
               (get_op_result_or_op_results, _get_op_result_or_op_results)):
    _take_signature(_f, _t, _f.__name__)
del _f, _t, _get_op_result_or_value, _get_op_results_or_values
del _get_op_result_or_op_results, _take_signature


def _dispatch_mixed_values(values):
    """(dynamic Values, packed Value or None, static sizes) of mixed sizes:
    ints are static, Values dynamic (the static list holds the dynamic
    marker in their place, as a DenseI64ArrayAttr); an ArrayAttr is the
    static sizes as is; a single Value or op is the packed form."""
    dynamic, packed, static = [], None, None
    if isinstance(values, _ir.ArrayAttr):
        static = values
    elif isinstance(values, (_ir.Operation, _ir.Value)):
        packed = values
    else:
        static = []
        for size in values or []:
            if isinstance(size, int):
                static.append(size)
            else:
                static.append(_ir.ShapedType.get_dynamic_size())
                dynamic.append(size)
        static = _ir.DenseI64ArrayAttr.get(static)
    return dynamic, packed, static


def _dispatch_dynamic_index_list(indices):
    """(dynamic Values, static ints, scalable flags) of a list of indices:
    ints / IntegerAttrs are static, Values / ops dynamic, and a one-element
    list around either marks the index scalable."""
    if indices is None:
        indices = []
    if isinstance(indices, _ir.ArrayAttr):
        indices = list(indices)
    dynamic = []
    static = [_ir.ShapedType.get_dynamic_size()] * len(indices)
    scalable = [False] * len(indices)

    def one(i, index):
        if isinstance(index, bool):
            return False
        if isinstance(index, int):
            static[i] = index
        elif isinstance(index, _ir.IntegerAttr):
            static[i] = index.value
        elif isinstance(index, (_ir.Operation, _ir.Value)):
            dynamic.append(index)
        else:
            return False
        return True

    for i, index in enumerate(indices):
        if one(i, index):
            continue
        if isinstance(index, (list, tuple)) and len(index) == 1 \
                and one(i, index[0]):
            scalable[i] = True
            continue
        raise TypeError(f"expected an int, an IntegerAttr, a Value or a "
                        f"one-element list of them (scalable), not {index!r}")
    return dynamic, static, scalable


def segmented_accessor(elements, raw_segments, idx):
    """Slice of `elements` for segment `idx` of a DenseI32ArrayAttr of
    segment sizes."""
    sizes = _segment_sizes(raw_segments)
    start = sum(sizes[:idx])
    return elements[start:start + sizes[idx]]


def _segment_sizes(attr):
    try:
        return [int(x) for x in attr]
    except TypeError:
        text = str(attr)     # array<i32: 1, 2, 0>
        body = text[text.index(":") + 1:text.rindex(">")]
        return [int(x) for x in body.split(",") if x.strip()]


def equally_sized_accessor(elements, n_simple, n_variadic, n_preceding_simple,
                           n_preceding_variadic):
    """(start, group length) of a group when all variadic groups have the
    same size."""
    total_variadic_length = len(elements) - n_simple
    if total_variadic_length % n_variadic != 0:
        raise ValueError("variadic groups are not of equal size")
    group_len = total_variadic_length // n_variadic
    start = n_preceding_simple + n_preceding_variadic * group_len
    return start, group_len


# -- region ops ---------------------------------------------------------------

# The mixed static / dynamic lists of shaped ops' builders (offsets, sizes,
# strides), in C.
from .._mlir_libs._ods_runtime import _mixed_list, _split_mixed  # noqa: E402,F401
from .._mlir_libs import _ods_runtime as _rt  # noqa: E402


# The region decorators of mlir.extras.meta (upstream's op_region_builder
# and region_op), compiled.
from .._mlir_libs._ods_runtime import _op_region_builder, _region_op  # noqa: E402,F401


class _LoopBodyAccessors:
    """Accessors of a loop op whose single-block body takes the induction
    variable, then one argument per iter_arg (scf.for, affine.for)."""
    __slots__ = ()

    # Compiled: no Python frame per access.
    body = property(_rt._loop_body)
    induction_variable = property(_rt._loop_induction_variable)

    @property
    def inner_iter_args(self):
        """The body's block arguments standing for the iter_args."""
        return self.body.arguments[1:]


class _IfBlockAccessors:
    """The then / else blocks of an if op whose regions 0 and 1 hold one
    block each, the else region possibly none (scf.if, affine.if)."""
    __slots__ = ()

    @property
    def then_block(self):
        return self.regions[0].blocks[0]

    @property
    def else_block(self):
        """The else block, or None when the op has no else region body."""
        blocks = self.regions[1].blocks
        if len(blocks) == 0:
            return None
        return blocks[0]


# -- attribute builders -------------------------------------------------
#
# The generated builders convert non-Attribute values of an attribute
# argument with the builder registered for its ODS attribute def name in
# the core's registry (mlir.ir.AttrBuilder); the builders below and the
# enum modules register there.

def register_attribute_builder(kind, replace=False):
    """Decorator registering fn(value, context) -> Attribute for an ODS
    attribute def name (mlir.ir.register_attribute_builder)."""
    return _ir.register_attribute_builder(kind, replace=replace)


def _mlir_str(s):
    """An MLIR string literal."""
    out = ['"']
    for ch in s.encode("utf-8"):
        c = chr(ch)
        if c in '"\\' or ch < 0x20 or ch >= 0x7f:
            out.append(f"\\{ch:02X}")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _parse(asm, context):
    return _ir.Attribute.parse(asm, context=context)


# -- enums (used by the generated _<ns>_enum_gen.py modules) ---------------

def _ods_enum_strings(cls, strings, separator):
    """Gives an enum class its ODS case strings: str(case) is the keyword
    MLIR prints; bit enums print their set flags joined by `separator`."""
    by_value = {int(getattr(cls, name)): text for name, text in strings.items()}

    if separator is None:
        def __str__(self):
            try:
                return by_value[int(self)]
            except KeyError:
                raise ValueError(f"Unknown {cls.__name__} enum entry.") \
                    from None
    else:
        def __iter__(self):
            return iter([c for c in type(self) if int(c) and
                         (self & c) == c and self is not c])

        def __len__(self):
            return bin(int(self)).count("1")

        def __str__(self):
            if int(self) in by_value:
                return by_value[int(self)]
            parts = [by_value[int(c)] for c in type(self)
                     if int(c) and (int(self) & int(c)) == int(c)
                     and bin(int(c)).count("1") == 1 and int(c) in by_value]
            if not parts:
                raise ValueError(f"Unknown {cls.__name__} enum entry.")
            return separator.join(parts)
        cls.__iter__ = __iter__
        cls.__len__ = __len__
    cls.__str__ = __str__
    cls.__format__ = lambda self, spec: format(str(self), spec)
    return cls


def _ods_register_enum_builder(kind, bitwidth):
    """Builder of an integer enum attribute: IntegerAttr of i<bitwidth> of
    int(x), as upstream's (so "slt" is int()'s ValueError)."""
    def build(x, context):
        return _ir.IntegerAttr.get(
            _ir.IntegerType.get_signless(bitwidth, context=context), int(x))
    register_attribute_builder(kind, replace=True)(build)
    _bind_builder_name(kind, build)


def _ods_register_dialect_enum_builder(kind, pattern):
    """Builder of a dialect enum attribute, parsed from `pattern` with the
    case's string in place of {}: str(x) of an enum value, or x itself
    when it is the keyword string (e.g. "slt"), as upstream accepts
    (anything else fails to parse, as upstream's)."""
    def build(x, context):
        return _parse(pattern.replace("{}", str(x)), context)
    register_attribute_builder(kind, replace=True)(build)
    _bind_builder_name(kind, build)


def _bind_builder_name(kind, build):
    """Binds `build` in the module calling the _ods_register_*_builder
    function (a generated _<ns>_enum_gen module) under the name upstream's
    generated code gives the builder of `kind`: "_" + kind.lower(), e.g.
    _arith_cmpipredicateattr for Arith_CmpIPredicateAttr."""
    import sys
    name = "_" + kind.lower()
    build.__name__ = build.__qualname__ = name
    # Frame 0: here; 1: _ods_register_*_builder; 2: the generated module.
    sys._getframe(2).f_globals.setdefault(name, build)


# -- upstream's typing aliases and integer-array helpers --------------------

from typing import (  # noqa: E402,F401  (upstream's names, private)
    List as _List,
    Optional as _Optional,
    Tuple as _Tuple,
    Type as _Type,
)

from ..ir import (  # noqa: E402,F401  (upstream's _ods_common imports them)
    ArrayAttr,
    Attribute,
    BoolAttr,
    DenseI64ArrayAttr,
    IntegerAttr,
    IntegerType,
    OpView,
    Operation,
    ShapedType,
    Value,
)

# What the hand-written builders accept, as upstream spells the types.
StaticIntLike = _Union[int, IntegerAttr]
ValueLike = _Union[Operation, OpView, Value]
MixedInt = _Union[StaticIntLike, ValueLike]
IntOrAttrList = _Sequence[_Union[IntegerAttr, int]]
OptionalIntList = _Optional[_Union[ArrayAttr, IntOrAttrList]]
BoolOrAttrList = _Sequence[_Union[BoolAttr, bool]]
OptionalBoolList = _Optional[_Union[ArrayAttr, BoolOrAttrList]]
MixedValues = _Union[_Sequence[_Union[StaticIntLike, ValueLike]], ArrayAttr,
                     ValueLike]
DynamicIndexList = _Sequence[_Union[MixedInt, _Sequence[MixedInt]]]


def _get_value_or_attribute_value(value_or_attr):
    """The Python value of an attribute that has one (IntegerAttr.value,
    ...), a list of them for an ArrayAttr; anything else as is."""
    if isinstance(value_or_attr, ArrayAttr):
        return _get_value_list(value_or_attr)
    if isinstance(value_or_attr, Attribute) and hasattr(value_or_attr, "value"):
        return value_or_attr.value
    return value_or_attr


def _get_value_list(sequence_or_array_attr):
    """[_get_value_or_attribute_value(v)] of a sequence or an ArrayAttr."""
    return [_get_value_or_attribute_value(v) for v in sequence_or_array_attr]


def _get_int_array_attr(values):
    """An ArrayAttr of i64 IntegerAttrs from ints / IntegerAttrs (a
    sequence or an ArrayAttr); None for None."""
    if values is None:
        return None
    i64 = IntegerType.get_signless(64)
    return ArrayAttr.get([IntegerAttr.get(i64, v) for v in _get_value_list(values)])


def _get_int_array_array_attr(values):
    """An ArrayAttr of _get_int_array_attr's of a sequence (or ArrayAttr) of
    integer sequences (or ArrayAttrs); None for None."""
    if values is None:
        return None
    return ArrayAttr.get([_get_int_array_attr(_get_value_list(inner))
                          for inner in _get_value_list(values)])
