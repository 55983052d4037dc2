"""Op definitions resolved into what code generation needs.

``LinalgStructuredOpConfig`` takes an op's comprehension and computes, in
an MLIR context, the shape map of every tensor operand, the indexing map of
every tensor and scalar operand, the iterator types and the scalar body
(``ScalarAssign`` list). ``LinalgOpConfig`` pairs it with the op's metadata.
Both are written as the YAML op description.
"""

from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from ..... import ir as _ir
from .affine import AffineBuildState
from .comprehension import *
from .comprehension import DimDef
from .scalar_expr import ScalarAssign
from .types import TypeVar
from .yaml_helper import *

__all__ = ["LinalgStructuredOpConfig", "LinalgOpConfig", "OperandDefConfig"]


def _serialize_affine_map(affine_map: _ir.AffineMap) -> str:
    """The map's text as an attribute (``affine_map<...>``)."""
    with affine_map.context:
        return str(_ir.AffineMapAttr.get(affine_map))


class _OrderedSet(dict):
    """A set that iterates in insertion order (for the collect_* calls)."""

    def add(self, item):
        self[item] = None


class TensorUseConfig:
    """A tensor use with its indexing map."""

    def __init__(self, tensor_use: TensorUse, indexing_map: _ir.AffineMap):
        self.tensor_use = tensor_use
        self.indexing_map = indexing_map

    def __repr__(self):
        return f"Use({self.tensor_use}, indexing_map={self.indexing_map})"


class OperandDefConfig(YAMLObject):
    """An operand definition with the maps computed for it: `shape_map`
    (tensors), `index_attr_map` (index attributes) and `indexing_map`
    (tensors and scalars)."""

    yaml_tag = "!LinalgOperandDefConfig"

    def __init__(
        self,
        operand_def: OperandDef,
        shape_map: Optional[_ir.AffineMap] = None,
        index_attr_map: Optional[_ir.AffineMap] = None,
    ):
        self.operand_def = operand_def
        self.shape_map = shape_map
        self.index_attr_map = index_attr_map
        self.indexing_map: Optional[_ir.AffineMap] = None

    @property
    def name(self) -> str:
        """The operand's name."""
        return self.operand_def.name

    @property
    def kind(self) -> OperandKind:
        """The operand's kind."""
        return self.operand_def.kind

    @property
    def type_var(self) -> Optional[TypeVar]:
        """The operand's element type variable (None for attributes)."""
        return self.operand_def.type_var

    def to_yaml_custom_dict(self):
        """name, kind, then whichever of type_var, shape_map,
        index_attr_map, default_indices, default_fn apply."""
        out = {"name": self.name, "kind": self.kind.name.lower()}
        if self.type_var is not None:
            out["type_var"] = self.type_var.name
        if self.shape_map is not None:
            out["shape_map"] = _serialize_affine_map(self.shape_map)
        if self.index_attr_map is not None:
            out["index_attr_map"] = _serialize_affine_map(self.index_attr_map)
        if self.operand_def.default_indices:
            out["default_indices"] = list(self.operand_def.default_indices)
        if self.operand_def.default_fn:
            out["default_fn"] = self.operand_def.default_fn
        return out

    def __repr__(self):
        return (f"OperandDefConfig({self.operand_def}, "
                f"shape_map={self.shape_map}, "
                f"index_attr_map={self.index_attr_map}, "
                f"indexing_map={self.indexing_map})")


class LinalgIndexingMapsConfig(YAMLObject):
    """The indexing maps an op exports: fixed maps, one per operand with a
    map (``static_indexing_maps``)."""

    yaml_tag = "!LinalgIndexingMapsConfig"

    def __init__(self, static_indexing_maps: Optional[Sequence[_ir.AffineMap]] = None):
        self.static_indexing_maps = static_indexing_maps

    def to_yaml_custom_dict(self):
        """``static_indexing_maps``: the maps' texts."""
        if self.static_indexing_maps is None:
            raise ValueError("LinalgIndexingMapsConfig has no indexing maps")
        return {"static_indexing_maps":
                [_serialize_affine_map(m) for m in self.static_indexing_maps]}


class LinalgStructuredOpConfig(YAMLObject):
    """Everything needed to build a structured op from one comprehension:
    operand maps, iterator types and scalar assignments.

    Dimensions are numbered in `domain` order (the dimensions used, sorted
    by name, when `domain` is empty); symbols in the order the operands
    declare them. Maps are built in `context` (a new context by default).
    """

    yaml_tag = "!LinalgStructuredOpConfig"

    def __init__(
        self,
        comprehension: Comprehension,
        domain: Sequence[DimDef],
        registered_operands: Iterable[OperandDef],
        context: Optional[_ir.Context] = None,
    ):
        registered_operands = list(registered_operands)
        self.context = context if context is not None else _ir.Context()
        self.affine_state = AffineBuildState()
        self.writes: List[Tuple[TensorUse, TensorExpression]] = list(
            zip(comprehension.definitions, comprehension.values))
        self.operands: Dict[OperandDef, OperandDefConfig] = {}
        self.uses: Dict[TensorUse, TensorUseConfig] = {}

        tensor_uses, scalar_uses = _OrderedSet(), _OrderedSet()
        dim_uses, indices = _OrderedSet(), _OrderedSet()
        for target, value in self.writes:
            tensor_uses.add(target)
            target.collect_dim_uses(dim_uses)
            value.collect_tensor_uses(tensor_uses)
            value.collect_scalar_uses(scalar_uses)
            value.collect_dim_uses(dim_uses)
            value.collect_indices(indices)

        # The iteration domain: as annotated, or the dimensions used.
        if not domain:
            domain = sorted(dim_uses, key=lambda dim: dim.dimname)
        if len(domain) != len(dim_uses) or any(d not in dim_uses for d in domain):
            raise ValueError(
                f"Expected the annotated domain dimensions {list(domain)} to "
                "match the set of dimension used by the tensor comprehension "
                f"{set(dim_uses)}")
        with self.context:
            numbering = AffineBuildState(global_state=self.affine_state,
                                         allow_new_symbols=False)
            for dim in domain:
                dim.build(state=numbering)

        attribute_defs = [o for o in registered_operands if o.is_attribute()]
        # Operands given their indexing map by `index_dims`.
        index_dim_defs = []
        for operand in registered_operands:
            if operand.index_dims:
                if any(d not in dim_uses for d in operand.index_dims):
                    raise ValueError(
                        f"Expected all index dims {operand.index_dims} of "
                        f"operand {operand.name} to have uses.")
                index_dim_defs.append(operand)

        # Shape and index attribute maps, in declaration order so symbols
        # are numbered as the operands declare them.
        involved = {use.operand_def: None for use in tensor_uses}
        involved.update((use.operand_def, None) for use in scalar_uses)
        involved.update((o, None) for o in attribute_defs + index_dim_defs)
        for operand in sorted(involved, key=lambda o: o.registered_index):
            self.add_operand(operand)

        for operand in index_dim_defs:
            self.add_indexed_operand(operand)
        for use in tensor_uses:
            self.add_tensor_use(use)

        # All dimensions and symbols are known now: give every map all of
        # them.
        for use_config in self.uses.values():
            use_config.indexing_map = self._normalize_affine_map(
                use_config.indexing_map)
        for operand in index_dim_defs:
            config = self.operands[operand]
            config.indexing_map = self._normalize_affine_map(config.indexing_map)
        for config in self.operands.values():
            if config.shape_map is not None:
                config.shape_map = self._normalize_affine_map(
                    config.shape_map, with_dims=False)
            if config.index_attr_map is not None:
                config.index_attr_map = self._normalize_affine_map(
                    config.index_attr_map, with_dims=False)

        # Operands take the indexing map of their uses, which must agree.
        for target, _ in self.writes:
            config = self.operands[target.operand_def]
            if config.indexing_map is not None:
                raise ValueError(f"Unexpected multi-write to a single tensor: {config}")
            config.indexing_map = self.uses[target].indexing_map
        for _, value in self.writes:
            reads = _OrderedSet()
            value.collect_tensor_uses(reads)
            for use in reads:
                config = self.operands[use.operand_def]
                use_map = self.uses[use].indexing_map
                if config.indexing_map is not None and config.indexing_map != use_map:
                    raise ValueError(
                        "Unexpected multi-read of a tensor with different "
                        f"accesses:{config} vs {use}")
                config.indexing_map = use_map
        for config in self.operands.values():
            if config.kind == OperandKind.SCALAR:
                config.indexing_map = self._get_scalar_map()

        for operand in registered_operands:
            if operand.is_attribute():
                continue
            config = self.operands.get(operand)
            if config is None or config.indexing_map is None:
                raise ValueError(
                    f"Failed to compute an indexing map for operand {operand.name}")

        reduction_dims = comprehension.all_reduction_dims
        if len(reduction_dims) != 1:
            raise ValueError(
                "All writes within a generic must have the same reduction "
                f"dims. Got: {reduction_dims}")
        self.reduction_dims = next(iter(reduction_dims))

        for idx in indices:
            if idx.dim_def.dimname not in self.affine_state.all_dims:
                raise ValueError(
                    f"The dimension {idx.dim_def.dimname} is not part of the "
                    f"iteration domain {self.affine_state.all_dims}")
            idx.resolve_dimension_name(self.affine_state)

        self.assignments = [
            ScalarAssign(target.tensor_name, value.to_scalar_expression())
            for target, value in self.writes
        ]

    @property
    def ordered_operands(self) -> Sequence[OperandDefConfig]:
        """The operand configurations in declaration order."""
        return sorted(self.operands.values(),
                      key=lambda c: c.operand_def.registered_index)

    @property
    def ordered_dims(self) -> Sequence[Tuple[str, int]]:
        """(name, position) of the domain's dimensions, by position."""
        return list(self.affine_state.all_dims.items())

    @property
    def indexing_maps(self) -> Sequence[_ir.AffineMap]:
        """The indexing maps of the operands that have one, in order."""
        return [c.indexing_map for c in self.ordered_operands
                if c.indexing_map is not None]

    @property
    def iterator_types(self) -> Sequence[str]:
        """"reduction" or "parallel" per dimension, by position."""
        reduced = {dim.dimname for dim in self.reduction_dims}
        return ["reduction" if name in reduced else "parallel"
                for name, _ in self.ordered_dims]

    def _map(self, dim_count, symbol_count, exprs) -> _ir.AffineMap:
        with self.context:
            return _ir.AffineMap.get(dim_count=dim_count,
                                     symbol_count=symbol_count, exprs=exprs)

    def add_operand(self, operand_def: OperandDef):
        """Adds the configuration of `operand_def`, with the shape map of
        a tensor or the symbol map of an index attribute."""
        if operand_def in self.operands:
            return
        if not (operand_def.is_tensor()
                or operand_def.kind == OperandKind.INDEX_ATTR):
            self.operands[operand_def] = OperandDefConfig(operand_def)
            return
        with self.context:
            state = AffineBuildState(global_state=self.affine_state,
                                     allow_new_dims=False)
            exprs = [e.build(state=state) for e in operand_def.size_exprs]
        affine_map = self._map(0, state.symbol_count, exprs)
        if operand_def.kind == OperandKind.INDEX_ATTR:
            config = OperandDefConfig(operand_def, index_attr_map=affine_map)
        else:
            config = OperandDefConfig(operand_def, shape_map=affine_map)
        self.operands[operand_def] = config

    def add_indexed_operand(self, operand_def: OperandDef):
        """Sets the indexing map of `operand_def` from its index_dims."""
        with self.context:
            state = AffineBuildState(global_state=self.affine_state,
                                     allow_new_symbols=False)
            exprs = [d.build(state=state) for d in operand_def.index_dims]
        self.operands[operand_def].indexing_map = self._map(
            state.dim_count, state.symbol_count, exprs)

    def add_tensor_use(self, tensor_use: TensorUse):
        """Computes the indexing map of `tensor_use`."""
        if tensor_use in self.uses:
            return
        with self.context:
            state = AffineBuildState(global_state=self.affine_state,
                                     allow_new_symbols=False)
            exprs = [e.build(state=state) for e in tensor_use.indices]
        self.uses[tensor_use] = TensorUseConfig(
            tensor_use, self._map(state.dim_count, state.symbol_count, exprs))

    def _get_scalar_map(self) -> _ir.AffineMap:
        """The map with no results over all dimensions and symbols."""
        return self._map(self.affine_state.dim_count,
                         self.affine_state.symbol_count, [])

    def _normalize_affine_map(self, affine_map: _ir.AffineMap,
                              with_dims: bool = True) -> _ir.AffineMap:
        """`affine_map`'s results over all dimensions (or none) and all
        symbols."""
        return self._map(self.affine_state.dim_count if with_dims else 0,
                         self.affine_state.symbol_count,
                         list(affine_map.results))

    def to_yaml_custom_dict(self):
        """args, indexing_maps, iterator_types, assignments."""
        return {
            "args": self.ordered_operands,
            "indexing_maps": LinalgIndexingMapsConfig(
                static_indexing_maps=self.indexing_maps),
            "iterator_types": self.iterator_types,
            "assignments": self.assignments,
        }

    def __repr__(self):
        lines = [f"LinalgGenericOpConfig(reduction_dims={self.reduction_dims},",
                 "operands=["]
        lines += [f"  {c!r}" for c in self.ordered_operands]
        lines.append("], indexing_maps=[")
        lines += [f"  {m!r}" for m in self.indexing_maps]
        lines.append("], iterator_types=[")
        lines += [f"  {t}" for t in self.iterator_types]
        lines.append("])")
        return "\n".join(lines)


class LinalgOpConfig(YAMLObject):
    """An op's metadata and its configuration (``structured_op``)."""

    yaml_tag = "!LinalgOpConfig"

    def __init__(self, metadata: OpMetadataDef, *,
                 structured_op: Optional[LinalgStructuredOpConfig] = None):
        self.metadata = metadata
        self.structured_op = structured_op

    def to_yaml_custom_dict(self):
        """metadata, and structured_op when set."""
        out = {"metadata": self.metadata}
        if self.structured_op is not None:
            out["structured_op"] = self.structured_op
        return out

    @staticmethod
    def from_linalg_op_def(op_def: LinalgOpDef,
                           context: Optional[_ir.Context] = None
                           ) -> Sequence["LinalgOpConfig"]:
        """The configurations of `op_def` (one per op; a definition holds
        exactly one comprehension)."""
        if len(op_def.comprehensions) != 1:
            raise ValueError(
                f"Op {op_def.metadata.name} must state exactly one "
                f"comprehension, not {len(op_def.comprehensions)}")
        structured = LinalgStructuredOpConfig(
            op_def.comprehensions[0], op_def.domain,
            op_def.registered_operands.values(), context)
        return [LinalgOpConfig(op_def.metadata, structured_op=structured)]

    def __repr__(self):
        return (f"LinalgOpConfig(metadata={self.metadata},\n"
                f"structured_op={self.structured_op})")
