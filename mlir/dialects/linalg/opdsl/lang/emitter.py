"""Building IR from an op configuration.

``emit_generic_structured_op`` builds a ``linalg.generic`` with the
configuration's indexing maps and iterator types and a body evaluated from
its scalar assignments; ``emit_named_structured_op`` builds the named op
MLIR registers under the op's name and lets MLIR fill its body. Both take
the input values positionally and the outputs as ``outs=``; keyword
arguments named like the op's attribute operands set them (a list of ints
for an index attribute, a ``UnaryFn``/``BinaryFn``/``TernaryFn``/``TypeFn``
member for a function attribute), ``loc=`` and ``ip=`` place the op, and
other keywords are ignored.
"""

from array import array as _array
from collections.abc import Sequence as _SequenceABC
from typing import Callable, Dict, List, Sequence, Tuple, Union

from ..... import ir as _ir
from .comprehension import *
from .config import *
from .scalar_expr import *

__all__ = [
    "emit_generic_structured_op",
    "emit_named_structured_op",
    "ValueList",
]

ValueList = Union[Sequence[_ir.Value], _ir.OpResultList]

_FN_ATTR_TYPES = {
    OperandKind.UNARY_FN_ATTR: UnaryFnType,
    OperandKind.BINARY_FN_ATTR: BinaryFnType,
    OperandKind.TERNARY_FN_ATTR: TernaryFnType,
    OperandKind.TYPE_FN_ATTR: TypeFnType,
}


_DIALECTS = None


def _dialects():
    # Imported when first building: mlir.dialects.linalg imports this
    # package, so it cannot be imported at module level.
    global _DIALECTS
    if _DIALECTS is None:
        from .... import _linalg_ops_gen, arith, complex, linalg, math
        _DIALECTS = (arith, complex, linalg, math, _linalg_ops_gen)
    return _DIALECTS


class _Plan:
    """What emission needs of a configuration whatever the call: its
    operands by kind, its compressed maps by index attribute values, the
    named op's class and the element types its body was checked with.
    Made once per configuration (a configuration is complete once
    constructed, and belongs to one context)."""

    def __init__(self, op_config: LinalgStructuredOpConfig):
        operands = op_config.ordered_operands
        self.all_defs = operands
        self.in_defs = [d for d in operands
                        if d.kind in (OperandKind.SCALAR, OperandKind.INPUT_TENSOR)]
        self.out_defs = [d for d in operands if d.kind == OperandKind.OUTPUT_TENSOR]
        self.index_defs = [d for d in operands if d.kind == OperandKind.INDEX_ATTR]
        self.fn_defs = [d for d in operands if d.kind in _FN_ATTR_TYPES]
        # (operand config, type variable name, has a shape map) of the
        # inputs then outputs, in block argument order.
        self.arg_defs = [(d, d.type_var.name, d.shape_map is not None)
                         for d in self.in_defs + self.out_defs]
        self.base_maps = list(op_config.indexing_maps)
        self.iterator_types = list(op_config.iterator_types)
        # Compressed maps by the replacement values ((): none).
        self.maps: Dict[Tuple[int, ...], List[_ir.AffineMap]] = {}
        # The OpView class of each named op (by op and class name) found
        # registered in the context.
        self.named_classes: Dict[Tuple[str, str], type] = {}
        # The element types (by their hash, the type's address, unique in
        # the context; Type objects here would keep the context alive) and
        # function attributes a named op's body was checked with
        # (_NamedBodyCheck).
        self.named_body_ok = set()


# The type variables every op may use.
_PREDEFINED_TYPES = {
    "F32": lambda: _ir.F32Type.get(),
    "F64": lambda: _ir.F64Type.get(),
    "I32": lambda: _ir.IntegerType.get_signless(32),
    "I64": lambda: _ir.IntegerType.get_signless(64),
}


def _plan(op_config: LinalgStructuredOpConfig) -> _Plan:
    plan = op_config.__dict__.get("_emit_plan")
    if plan is None:
        plan = op_config._emit_plan = _Plan(op_config)
    return plan


class _Prepared:
    """What both forms of an op need, computed from the configuration and
    the call's arguments."""

    def __init__(self, op_config: LinalgStructuredOpConfig, ins, outs, attrs,
                 with_maps=True):
        plan = self.plan = _plan(op_config)
        self.all_defs = plan.all_defs
        self.in_defs = plan.in_defs
        self.out_defs = plan.out_defs

        if not isinstance(outs, (list, tuple, _ir.OpResultList)) and \
                not isinstance(outs, _SequenceABC):
            raise ValueError(
                "Expected named argument outs to have type Sequence or "
                f"OpResultList but got {type(outs)}")
        if len(ins) != len(self.in_defs):
            raise ValueError(
                f"Expected {len(self.in_defs)} inputs but got {len(ins)} for "
                f"{op_config}")
        if len(outs) and len(outs) != len(self.out_defs):
            raise ValueError(
                f"Expected {len(self.out_defs)} outputs but got {len(outs)} for "
                f"{op_config}")
        if not len(outs):
            raise NotImplementedError(
                "Output tensor inference not yet supported for structured ops")
        self.ins = list(ins)
        self.outs = outs

        # Index attributes: their values replace their symbols in the maps.
        self.index_attrs: Dict[str, _ir.Attribute] = {}
        replacements: List[Tuple[_ir.AffineExpr, int]] = []
        for d in plan.index_defs:
            given = attrs.get(d.name)
            values = _int_list(d.name, d.operand_def.default_indices
                               if given is None else given)
            symbols = list(d.index_attr_map.results)
            if len(values) != len(symbols):
                raise ValueError(
                    f"Attribute {d.name} has length {len(symbols)} but got "
                    f"{len(values)} values")
            replacements.extend(zip(symbols, values))
            if given is not None and len(values):
                # The named form carries only the values given explicitly.
                self.index_attrs[d.name] = _i64_tensor(values)
        key = tuple(value for _, value in replacements)
        maps = plan.maps.get(key) if with_maps else ()
        if maps is None:
            maps = []
            for m in plan.base_maps:
                for symbol, value in replacements:
                    m = m.replace(symbol, _ir.AffineConstantExpr.get(value),
                                  m.n_dims, m.n_symbols)
                maps.append(m)
            maps = _ir.AffineMap.compress_unused_symbols(
                maps, _ir.Context.current)
            if any(m.n_symbols for m in maps):
                raise ValueError(
                    "Expected indexing_maps to use no symbols after "
                    f"replacement and compression but got {maps}")
            plan.maps[key] = maps
        self.indexing_maps = list(maps)
        self.iterator_types = list(plan.iterator_types)

        out_types = [v.type for v in outs]
        self.result_types = [t for t in out_types
                             if isinstance(t, _ir.RankedTensorType)]

        # Type variables bound by the operands' element types (or the
        # scalars' own types); type_mapping adds the predefined ones.
        self.bound_types: Dict[str, _ir.Type] = {}
        self.block_arg_types: List[_ir.Type] = []
        for (d, name, shaped), value in zip(plan.arg_defs, self.ins + list(outs)):
            element_type = value.type
            if shaped:
                if not isinstance(element_type, _ir.ShapedType):
                    raise ValueError(f"Expected ShapedType but got {element_type}")
                element_type = _ir.ShapedType(element_type).element_type
            bound = self.bound_types.get(name)
            if bound is None and name in _PREDEFINED_TYPES:
                bound = _PREDEFINED_TYPES[name]()
            if bound is not None and bound != element_type:
                raise ValueError(
                    f"Cannot overwrite type mapping {name} = {bound} by type "
                    f"{element_type}")
            self.bound_types[name] = element_type
            self.block_arg_types.append(element_type)

        # Function attributes: (function name, operand kind) by attribute.
        self.fn_attrs: Dict[str, Tuple[str, OperandKind]] = {}
        for d in plan.fn_defs:
            fn_name = d.operand_def.default_fn
            given = attrs.get(d.name)
            if given is not None:
                expected = _FN_ATTR_TYPES[d.kind]
                if not isinstance(given, expected):
                    raise ValueError(
                        f"Attribute {d.name} needs to be of type "
                        f"{expected.__name__} but got {type(given)}")
                fn_name = given.fn_name
            self.fn_attrs[d.name] = (fn_name, d.kind)

    @property
    def type_mapping(self) -> Dict[str, _ir.Type]:
        """Every type variable's type: the predefined ones, then those the
        operands bound."""
        mapping = {name: make() for name, make in _PREDEFINED_TYPES.items()}
        mapping.update(self.bound_types)
        return mapping


def prepare_common_structured_op(op_config: LinalgStructuredOpConfig,
                                 *ins: _ir.Value, outs: ValueList, **attrs):
    """What building either form of the op from these arguments needs, as
    a tuple: all operand configurations, the input and output ones, the
    outputs, the result types, the type variable bindings, the indexing
    maps and iterator types (array attributes), the index attributes and
    function attributes set, and the block argument types."""
    p = _Prepared(op_config, ins, outs, attrs)
    maps = _ir.ArrayAttr.get([_ir.AffineMapAttr.get(m) for m in p.indexing_maps])
    iterators = _ir.ArrayAttr.get([
        _ir.Attribute.parse(f"#linalg.iterator_type<{t}>")
        for t in p.iterator_types])
    return (p.all_defs, p.in_defs, p.out_defs, p.outs, p.result_types,
            p.type_mapping, maps, iterators, p.index_attrs, p.fn_attrs,
            p.block_arg_types)


def _int_list(name, values) -> List[int]:
    given = type(values)
    values = list(values)
    if not all(isinstance(v, int) for v in values):
        raise ValueError(
            f"Attribute {name} needs to be of type Sequence[int] but got {given}")
    return [int(v) for v in values]


def _i64_tensor(values: Sequence[int]) -> _ir.Attribute:
    i64 = _ir.IntegerType.get_signless(64)
    return _ir.DenseIntElementsAttr.get(
        _array("q", values), type=_ir.RankedTensorType.get([len(values)], i64))


def _results(op, result_types):
    return op.result if len(result_types) == 1 else op.results


def _split_placement(attrs):
    attrs = dict(attrs)
    return attrs.pop("loc", None), attrs.pop("ip", None), attrs


def emit_generic_structured_op(op_config: LinalgStructuredOpConfig, *ins: _ir.Value,
                               outs: ValueList, **attrs):
    """Builds the op as a ``linalg.generic``; returns its result, its
    results when it has several or none."""
    loc, ip, attrs = _split_placement(attrs)
    p = _Prepared(op_config, ins, outs, attrs)
    arith, complex, linalg, math, gen = _dialects()

    maps, iterator_types = p.indexing_maps, p.iterator_types
    if not iterator_types:
        # Only scalars and rank-0 accesses: the op takes the rank of its
        # first output, reading scalars and rank-0 inputs whole.
        rank = _ir.ShapedType(p.outs[0].type).rank
        iterator_types = ["parallel"] * rank
        scalar_map = _ir.AffineMap.get(rank, 0, [])
        identity = _ir.AffineMap.get_identity(rank)
        maps = []
        for d in p.all_defs:
            if d.kind == OperandKind.SCALAR:
                maps.append(scalar_map)
            elif d.operand_def.is_tensor():
                i = d.operand_def.registered_index
                if i < len(p.ins) and _ir.ShapedType(p.ins[i].type).rank == 0:
                    maps.append(scalar_map)
                else:
                    maps.append(identity)

    maps_attr = _ir.ArrayAttr.get([_ir.AffineMapAttr.get(m) for m in maps])
    iterators_attr = _ir.ArrayAttr.get([
        _ir.Attribute.parse(f"#linalg.iterator_type<{t}>") for t in iterator_types])
    op = gen.GenericOp(p.result_types, p.ins, list(p.outs), maps_attr,
                       iterators_attr, loc=loc, ip=ip)

    block = op.regions[0].blocks.append(*p.block_arg_types)
    names = [d.name for d in p.in_defs + p.out_defs]
    body = _BodyBuilder(p.type_mapping, dict(zip(names, block.arguments)),
                        p.fn_attrs)
    try:
        with _ir.InsertionPoint(block), (loc if loc is not None else op.location):
            for assignment in op_config.assignments:
                body.assign(assignment)
            body.yield_outputs(*[d.name for d in p.out_defs])
    except BaseException:
        # Leave no half-built op behind.
        op.operation.erase()
        raise
    return _results(op, p.result_types)


def emit_named_structured_op(op_config: LinalgStructuredOpConfig, op_name: str,
                             op_class_name: str, *ins: _ir.Value,
                             outs: ValueList, **attrs):
    """Builds the named op ``linalg.<op_name>`` (OpView class
    `op_class_name`) and its body; returns its result, its results when it
    has several or none. NotImplementedError if MLIR has no such op."""
    loc, ip, attrs = _split_placement(attrs)
    # (The named form needs no indexing maps: MLIR derives them.)
    p = _Prepared(op_config, ins, outs, attrs, with_maps=False)
    plan = p.plan
    linalg = _dialects()[2]
    op_class = plan.named_classes.get((op_name, op_class_name))
    if op_class is None:
        op_class = getattr(linalg, op_class_name, None)
        if (not _ir.Context.current.is_registered_operation("linalg." + op_name)
                or not isinstance(op_class, type)):
            raise NotImplementedError(
                f"Unknown named op_name / op_class_name: {op_name} / "
                f"{op_class_name}")
        plan.named_classes[(op_name, op_class_name)] = op_class

    # MLIR's region builders stop the process on element types they do not
    # support: refuse those here, as the generic form does.
    checked = (tuple(hash(t) for t in p.block_arg_types),
               tuple(p.fn_attrs.items()))
    if checked not in plan.named_body_ok:
        _NamedBodyCheck(p.type_mapping, p.block_arg_types,
                        [d.name for d in p.in_defs + p.out_defs],
                        p.fn_attrs).check(op_config.assignments)
        plan.named_body_ok.add(checked)
    op = op_class(p.result_types, p.ins, list(p.outs), loc=loc, ip=ip)
    if p.index_attrs or p.fn_attrs:
        attributes = op.operation.attributes
        for name, value in p.index_attrs.items():
            attributes[name] = value
        for name, (fn_name, kind) in p.fn_attrs.items():
            mnemonic = kind.name.lower()[:-len("_attr")]
            attributes[name] = _ir.Attribute.parse(
                f"#linalg.{mnemonic}<{fn_name}>")
    linalg.fill_builtin_region(op.operation)
    return _results(op, p.result_types)


class _NamedFastPath:
    """The named form of an op without index or function attributes, for
    calls whose inputs and outputs are lists of Values with consistent,
    already checked element types: the same op, built with less Python.
    `emit` answers None for any other call, which then takes the general
    path (and gets its errors). Made once the general path has built the op
    in a context (see DefinedOpCallable)."""

    def __init__(self, op_config: LinalgStructuredOpConfig, op_name: str,
                 op_class_name: str):
        plan = _plan(op_config)
        self.op_class = plan.named_classes[(op_name, op_class_name)]
        self.checked = plan.named_body_ok
        self.n_in = len(plan.in_defs)
        self.n_out = len(plan.out_defs)
        self.arg_defs = [(name, shaped) for _, name, shaped in plan.arg_defs]
        self.fill_builtin_region = _dialects()[2].fill_builtin_region

    @staticmethod
    def applies(op_config: LinalgStructuredOpConfig) -> bool:
        plan = _plan(op_config)
        return not plan.index_defs and not plan.fn_defs and not any(
            name in _PREDEFINED_TYPES for _, name, _ in plan.arg_defs)

    def emit(self, ins, outs, loc, ip):
        if type(outs) is not list or len(ins) != self.n_in or \
                len(outs) != self.n_out:
            return None
        values = [*ins, *outs]
        bound = {}
        element_types = []
        result_types = []
        n_in = self.n_in
        for i, ((name, shaped), v) in enumerate(zip(self.arg_defs, values)):
            if not isinstance(v, _ir.Value):
                return None
            t = v.type
            if i >= n_in and isinstance(t, _ir.RankedTensorType):
                result_types.append(t)
            if shaped:
                if not isinstance(t, _ir.ShapedType):
                    return None
                t = t.element_type
            previous = bound.get(name)
            if previous is not None and previous != t:
                return None
            bound[name] = t
            element_types.append(t)
        if (tuple(hash(t) for t in element_types), ()) not in self.checked:
            return None
        op = self.op_class(result_types, values[:n_in], values[n_in:],
                           loc=loc, ip=ip)
        self.fill_builtin_region(op.operation)
        # (_results, inline: calling it costs about 700 instructions here)
        return op.result if len(result_types) == 1 else op.results


def _is_float(t) -> bool:
    return isinstance(t, _ir.FloatType)


def _is_int_or_index(t) -> bool:
    return isinstance(t, (_ir.IntegerType, _ir.IndexType))


def _is_bool(t) -> bool:
    return isinstance(t, _ir.IntegerType) and t.width == 1


# Names the unsupported-operand errors give the binary functions.
_BINARY_ERROR_NAMES = {"max_signed": "max", "min_signed": "min"}


class _NamedBodyCheck:
    """Follows the element types through an op's scalar assignments and
    raises NotImplementedError where MLIR's region builder of the named op
    would meet operands it does not handle (for it, a fatal error)."""

    def __init__(self, type_mapping, arg_types, arg_names, fn_attr_mapping):
        self.type_mapping = type_mapping
        self.arg_types = dict(zip(arg_names, arg_types))
        self.fn_attr_mapping = fn_attr_mapping

    def check(self, assignments: Sequence[ScalarAssign]):
        """Checks every assignment's value."""
        for assignment in assignments:
            self._type(assignment.value)

    def _type(self, expr: ScalarExpression) -> _ir.Type:
        if expr.scalar_arg is not None:
            name = expr.scalar_arg.arg
            if name not in self.arg_types:
                raise ValueError(
                    f"Argument {name} is not bound for this structured op.")
            return self.arg_types[name]
        if expr.scalar_const is not None:
            return _ir.Attribute.parse(expr.scalar_const.value).type
        if expr.scalar_index is not None:
            return _ir.IndexType.get()
        fn = expr.scalar_fn
        fn_name = fn.fn_name
        if fn.attr_name:
            fn_name, _ = self.fn_attr_mapping[fn.attr_name]
        types = [self._type(o) for o in fn.operands]
        if fn.kind == FunctionKind.TYPE:
            target = self.type_mapping.get(fn.type_var.name)
            if target is None:
                raise ValueError(
                    f"Unbound type variable '{fn.type_var.name}' (expected one "
                    f"of {list(self.type_mapping)})")
            return target
        if fn.kind == FunctionKind.UNARY:
            if not _is_float(types[0]):
                raise NotImplementedError(
                    f"Unsupported '{fn_name}' operand: {types[0]}")
            return types[0]
        if fn.kind == FunctionKind.TERNARY:
            return types[1]
        lhs, rhs = types
        floats = _is_float(lhs) and _is_float(rhs)
        complexes = (isinstance(lhs, _ir.ComplexType)
                     and isinstance(rhs, _ir.ComplexType))
        ints = (isinstance(lhs, _ir.IntegerType)
                and isinstance(rhs, _ir.IntegerType))
        bools = ints and lhs.width == 1 and rhs.width == 1
        unsupported = not (floats or complexes or ints)
        if fn_name in ("sub", "div"):
            unsupported |= bools
        elif fn_name in ("div_unsigned", "max_unsigned", "min_unsigned"):
            unsupported |= not ints or bools
        elif fn_name in ("max_signed", "min_signed"):
            unsupported |= complexes
        elif fn_name == "powf":
            unsupported |= not floats
        if unsupported:
            shown = _BINARY_ERROR_NAMES.get(fn_name, fn_name)
            raise NotImplementedError(
                f"Unsupported '{shown}' operands: {lhs}, {rhs}")
        return lhs


class _BodyBuilder:
    """Builds the body of a generic op at the current insertion point by
    evaluating scalar expressions; block arguments are found by operand
    name."""

    def __init__(self, type_mapping: Dict[str, _ir.Type],
                 block_arg_mapping: Dict[str, _ir.Value],
                 fn_attr_mapping: Dict[str, Tuple[str, OperandKind]]):
        self.type_mapping = type_mapping
        self.block_arg_mapping = block_arg_mapping
        self.fn_attr_mapping = fn_attr_mapping
        self.yield_mapping: Dict[str, _ir.Value] = {}
        self.arith, self.complex, self.linalg, self.math, self.gen = _dialects()

    def assign(self, assignment: ScalarAssign):
        """Evaluates the value of `assignment` for its output."""
        if assignment.arg in self.yield_mapping:
            raise ValueError(
                "Multiple assignments to the same argument are forbidden: "
                f"{assignment}")
        self.yield_mapping[assignment.arg] = self.expression(assignment.value)

    def expression(self, expr: ScalarExpression) -> _ir.Value:
        """Builds the ops computing `expr`; returns its value."""
        if expr.scalar_arg is not None:
            name = expr.scalar_arg.arg
            try:
                return self.block_arg_mapping[name]
            except KeyError:
                raise ValueError(
                    f"Argument {name} is not bound for this structured op.") from None
        if expr.scalar_const is not None:
            attr = _ir.Attribute.parse(expr.scalar_const.value)
            return self.arith.ConstantOp(attr.type, attr).result
        if expr.scalar_index is not None:
            dim = _ir.IntegerAttr.get(_ir.IntegerType.get_signless(64),
                                      expr.scalar_index.dim)
            return self.gen.IndexOp(dim).result
        if expr.scalar_fn is not None:
            fn = expr.scalar_fn
            fn_name = fn.fn_name
            if fn.attr_name:
                fn_name, _ = self.fn_attr_mapping[fn.attr_name]
            impl = self._function(f"_{fn.kind.name.lower()}_{fn_name}")
            operands = [self.expression(o) for o in fn.operands]
            if fn.kind == FunctionKind.TYPE:
                return impl(fn.type_var.name, *operands)
            return impl(*operands)
        raise NotImplementedError(f"Unimplemented scalar body expression: {expr}")

    def yield_outputs(self, *output_names: str):
        """Builds the ``linalg.yield`` of the named outputs' values."""
        values = []
        for name in output_names:
            if name not in self.yield_mapping:
                raise ValueError(
                    f"Body assignments do not assign all outputs: missing '{name}'")
            values.append(self.yield_mapping[name])
        self.gen.YieldOp(values)

    def _function(self, name: str) -> Callable:
        impl = getattr(self, name, None)
        if impl is None:
            raise ValueError(f"Function '{name}' is not a known function")
        return impl

    # -- Type conversions ---------------------------------------------------

    def _cast(self, type_var_name: str, operand: _ir.Value,
              is_unsigned_cast: bool = False) -> _ir.Value:
        try:
            to_type = self.type_mapping[type_var_name]
        except KeyError:
            raise ValueError(
                f"Unbound type variable '{type_var_name}' (expected one of "
                f"{list(self.type_mapping)})") from None
        from_type = operand.type
        if from_type == to_type:
            return operand
        arith = self.arith
        if isinstance(to_type, _ir.IntegerType):
            if _is_float(from_type):
                op = arith.FPToUIOp if is_unsigned_cast else arith.FPToSIOp
                return op(to_type, operand).result
            if isinstance(from_type, _ir.IndexType):
                return arith.IndexCastOp(to_type, operand).result
            if isinstance(from_type, _ir.IntegerType):
                if to_type.width > from_type.width:
                    op = arith.ExtUIOp if is_unsigned_cast else arith.ExtSIOp
                    return op(to_type, operand).result
                if to_type.width < from_type.width:
                    return arith.TruncIOp(to_type, operand).result
        elif _is_float(to_type):
            if isinstance(from_type, _ir.IntegerType):
                op = arith.UIToFPOp if is_unsigned_cast else arith.SIToFPOp
                return op(to_type, operand).result
            if _is_float(from_type):
                if to_type.width > from_type.width:
                    return arith.ExtFOp(to_type, operand).result
                if to_type.width < from_type.width:
                    return arith.TruncFOp(to_type, operand).result
        raise ValueError(
            f"Unable to cast body expression from {from_type} to {to_type}")

    def _type_cast_signed(self, type_var_name: str, operand: _ir.Value) -> _ir.Value:
        return self._cast(type_var_name, operand, False)

    def _type_cast_unsigned(self, type_var_name: str, operand: _ir.Value) -> _ir.Value:
        return self._cast(type_var_name, operand, True)

    # -- Unary functions ----------------------------------------------------

    def _float_unary(self, fn_name, x, build):
        if _is_float(x.type):
            return build(x)
        raise NotImplementedError(f"Unsupported '{fn_name}' operand: {x.type}")

    def _unary_exp(self, x):
        return self._float_unary("exp", x, lambda v: self.math.ExpOp(v).result)

    def _unary_log(self, x):
        return self._float_unary("log", x, lambda v: self.math.LogOp(v).result)

    def _unary_abs(self, x):
        return self._float_unary("abs", x, lambda v: self.math.AbsFOp(v).result)

    def _unary_ceil(self, x):
        return self._float_unary("ceil", x, lambda v: self.math.CeilOp(v).result)

    def _unary_floor(self, x):
        return self._float_unary("floor", x, lambda v: self.math.FloorOp(v).result)

    def _unary_negf(self, x):
        if isinstance(x.type, _ir.ComplexType):
            return self.complex.NegOp(x).result
        return self._float_unary("negf", x, lambda v: self.arith.NegFOp(v).result)

    def _unary_reciprocal(self, x):
        def build(v):
            one = _ir.FloatAttr.get(v.type, 1.0)
            return self.arith.DivFOp(self.arith.ConstantOp(v.type, one).result,
                                     v).result
        return self._float_unary("reciprocal", x, build)

    def _unary_round(self, x):
        return self._float_unary("round", x, lambda v: self.math.RoundOp(v).result)

    def _unary_sqrt(self, x):
        return self._float_unary("sqrt", x, lambda v: self.math.SqrtOp(v).result)

    def _unary_rsqrt(self, x):
        return self._float_unary("rsqrt", x, lambda v: self.math.RsqrtOp(v).result)

    def _unary_square(self, x):
        return self._float_unary("square", x,
                                 lambda v: self.arith.MulFOp(v, v).result)

    def _unary_tanh(self, x):
        return self._float_unary("tanh", x, lambda v: self.math.TanhOp(v).result)

    def _unary_erf(self, x):
        return self._float_unary("erf", x, lambda v: self.math.ErfOp(v).result)

    # -- Binary functions ---------------------------------------------------

    def _arith_binary(self, fn_name, lhs, rhs, float_op, int_op, complex_op=None):
        t = lhs.type
        if float_op is not None and _is_float(t):
            return float_op(lhs, rhs).result
        if int_op is not None and _is_int_or_index(t):
            return int_op(lhs, rhs).result
        if complex_op is not None and isinstance(t, _ir.ComplexType):
            return complex_op(lhs, rhs).result
        raise NotImplementedError(
            f"Unsupported '{fn_name}' operands: {lhs.type}, {rhs.type}")

    def _binary_add(self, lhs, rhs):
        a = self.arith
        return self._arith_binary("add", lhs, rhs, a.AddFOp, a.AddIOp,
                                  self.complex.AddOp)

    def _binary_sub(self, lhs, rhs):
        a = self.arith
        return self._arith_binary("sub", lhs, rhs, a.SubFOp, a.SubIOp,
                                  self.complex.SubOp)

    def _binary_mul(self, lhs, rhs):
        a = self.arith
        return self._arith_binary("mul", lhs, rhs, a.MulFOp, a.MulIOp,
                                  self.complex.MulOp)

    def _binary_div(self, lhs, rhs):
        if _is_bool(lhs.type):
            raise NotImplementedError(
                f"Unsupported 'div' operands: {lhs.type}, {rhs.type}")
        a = self.arith
        return self._arith_binary("div", lhs, rhs, a.DivFOp, a.DivSIOp,
                                  self.complex.DivOp)

    def _binary_div_unsigned(self, lhs, rhs):
        if _is_bool(lhs.type):
            raise NotImplementedError(
                f"Unsupported 'div_unsigned' operands: {lhs.type}, {rhs.type}")
        return self._arith_binary("div_unsigned", lhs, rhs, None,
                                  self.arith.DivUIOp)

    def _binary_max_signed(self, lhs, rhs):
        a = self.arith
        return self._arith_binary("max", lhs, rhs, a.MaximumFOp, a.MaxSIOp)

    def _binary_min_signed(self, lhs, rhs):
        a = self.arith
        return self._arith_binary("min", lhs, rhs, a.MinimumFOp, a.MinSIOp)

    def _binary_max_unsigned(self, lhs, rhs):
        if _is_bool(lhs.type):
            raise NotImplementedError(
                f"Unsupported 'max_unsigned' operands: {lhs.type}, {rhs.type}")
        return self._arith_binary("max_unsigned", lhs, rhs, None,
                                  self.arith.MaxUIOp)

    def _binary_min_unsigned(self, lhs, rhs):
        if _is_bool(lhs.type):
            raise NotImplementedError(
                f"Unsupported 'min_unsigned' operands: {lhs.type}, {rhs.type}")
        return self._arith_binary("min_unsigned", lhs, rhs, None,
                                  self.arith.MinUIOp)

    def _binary_powf(self, lhs, rhs):
        return self._arith_binary("powf", lhs, rhs, self.math.PowFOp, None)

    # -- Ternary functions --------------------------------------------------

    def _ternary_select(self, cond, lhs, rhs):
        return self.arith.SelectOp(cond, lhs, rhs).result
