"""Hypothesis strategies for random builtin types, attributes and affine
maps, for property tests of mlir.ir (and of code built on it).

Every strategy takes the Context to build in:

    from mlir.testing import strategies as mst
    @given(mst.types(ctx))
    def test_round_trip(t): assert Type.parse(str(t), ctx) == t

This is the only module of the package that imports hypothesis (and numpy
for the dense strategies); neither is needed to use mlir.ir.
"""

from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
import numpy as np

from mlir.ir import (
    AffineConstantExpr, AffineDimExpr, AffineMap, AffineMapAttr,
    AffineSymbolExpr, ArrayAttr, Attribute, BF16Type, BoolAttr, ComplexType,
    DenseBoolArrayAttr, DenseElementsAttr, DenseF32ArrayAttr,
    DenseF64ArrayAttr, DenseI16ArrayAttr, DenseI32ArrayAttr,
    DenseI64ArrayAttr, DenseI8ArrayAttr, DictAttr, F16Type, F32Type, F64Type,
    FloatAttr, FloatTF32Type, Float4E2M1FNType, Float6E2M3FNType,
    Float6E3M2FNType, Float8E3M4Type, Float8E4M3B11FNUZType, Float8E4M3FNType,
    Float8E4M3FNUZType, Float8E4M3Type, Float8E5M2FNUZType, Float8E5M2Type,
    Float8E8M0FNUType, FlatSymbolRefAttr, FunctionType, IndexType,
    IntegerAttr, IntegerSet, IntegerSetAttr, IntegerType, MemRefType,
    NoneType, OpaqueAttr, OpaqueType, RankedTensorType, ShapedType,
    StridedLayoutAttr, StringAttr, SymbolRefAttr, TupleType, TypeAttr,
    UnitAttr, UnrankedMemRefType, UnrankedTensorType, VectorType,
)

FLOAT_TYPES = (F16Type, BF16Type, F32Type, F64Type, FloatTF32Type,
               Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType,
               Float8E3M4Type, Float8E4M3Type, Float8E4M3FNType,
               Float8E4M3FNUZType, Float8E4M3B11FNUZType, Float8E5M2Type,
               Float8E5M2FNUZType, Float8E8M0FNUType)

# numpy dtypes DenseElementsAttr converts without an explicit type.
DENSE_DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                "uint32", "uint64", "float16", "float32", "float64",
                "complex64", "complex128")

_WIDTHS = st.sampled_from([1, 2, 4, 8, 16, 32, 64, 128]) | st.integers(1, 256)


# -- types -------------------------------------------------------------------

def integer_types(context):
    return st.tuples(_WIDTHS, st.sampled_from(["signless", "signed", "unsigned"])).map(
        lambda ws: getattr(IntegerType, f"get_{ws[1]}")(ws[0], context=context))


def float_types(context):
    return st.sampled_from(FLOAT_TYPES).map(lambda cls: cls.get(context=context))


def scalar_types(context):
    """Integer, index and floating-point types (valid element types)."""
    return st.one_of(integer_types(context), float_types(context),
                     st.just(None).map(lambda _: IndexType.get(context=context)))


def complex_types(context):
    """complex<T> of the element types ComplexType.get takes: integers and
    f16, bf16, f32, f64 (as upstream)."""
    floats = st.sampled_from((F16Type, BF16Type, F32Type, F64Type)).map(
        lambda cls: cls.get(context=context))
    return st.one_of(integer_types(context), floats).map(ComplexType.get)


def _shapes(min_dims=0, max_dims=3, dynamic=True):
    dim = st.integers(0, 5)
    if dynamic:
        dim = dim | st.just(ShapedType.get_dynamic_size())
    return st.lists(dim, min_size=min_dims, max_size=max_dims)


@st.composite
def vector_types(draw, context):
    shape = draw(st.lists(st.integers(1, 5), min_size=1, max_size=3))
    scalable = draw(st.lists(st.booleans(), min_size=len(shape), max_size=len(shape)))
    elt = draw(scalar_types(context))
    return VectorType.get(shape, elt, scalable=scalable)


def _memory_spaces(context):
    """None, an integer (i64) or a string memory space."""
    return st.one_of(
        st.none(),
        st.integers(0, 4).map(lambda s: IntegerAttr.get(
            IntegerType.get_signless(64, context=context), s)),
        _IDENTS.map(lambda s: StringAttr.get(s, context=context)))


@st.composite
def memref_types(draw, context):
    """Ranked memrefs, optionally with a strided or affine-map layout and a
    memory space."""
    shape = draw(_shapes())
    elt = draw(st.one_of(scalar_types(context), complex_types(context)))
    rank = len(shape)
    layout_kind = draw(st.sampled_from(["none", "strided", "map"]))
    layout = None
    if layout_kind == "strided":
        stride = st.integers(-4, 8) | st.just(ShapedType.get_dynamic_stride_or_offset())
        layout = StridedLayoutAttr.get(
            draw(st.integers(0, 8) | st.just(ShapedType.get_dynamic_stride_or_offset())),
            draw(st.lists(stride, min_size=rank, max_size=rank)), context=context)
    elif layout_kind == "map":
        # MLIR prints no layout for a map that is an identity but for its
        # symbols ((d0)[s0] -> (d0)), which then parses back without them.
        layout_map = draw(affine_maps(
            context, min_dims=rank, max_dims=rank, min_results=1))
        if layout_map.is_identity and layout_map.n_symbols:
            layout_map = AffineMap.get_identity(rank, context=context)
        layout = AffineMapAttr.get(layout_map)
    return MemRefType.get(shape, elt, layout=layout,
                          memory_space=draw(_memory_spaces(context)))


def tensor_encodings(context):
    """Attributes usable as a ranked tensor's encoding."""
    return st.one_of(
        _IDENTS.map(lambda s: StringAttr.get(s, context=context)),
        st.integers(-5, 5).map(lambda v: IntegerAttr.get(
            IntegerType.get_signless(32, context=context), v)),
        st.just(None).map(lambda _: UnitAttr.get(context=context)))


def opaque_types(context):
    """!ns.data types of an unregistered dialect (the context must allow
    unregistered dialects to parse them back)."""
    return st.tuples(_OPAQUE_NAMESPACES, _IDENTS).map(
        lambda nd: OpaqueType.get(nd[0], nd[1], context=context))


def shaped_types(context):
    elt = st.one_of(scalar_types(context), complex_types(context))
    return st.one_of(
        vector_types(context),
        st.builds(RankedTensorType.get, _shapes(), elt),
        st.builds(RankedTensorType.get, _shapes(), elt, tensor_encodings(context)),
        st.builds(UnrankedTensorType.get, elt),
        st.builds(MemRefType.get, _shapes(), elt),
        memref_types(context),
        st.builds(lambda e, s: UnrankedMemRefType.get(
            e, None if s is None else IntegerAttr.get(IntegerType.get_signless(64, context=context), s)),
            scalar_types(context), st.none() | st.integers(0, 4)),
    )


def types(context, max_leaves=8):
    """Any builtin type, nesting tuples and functions."""
    base = st.one_of(scalar_types(context), complex_types(context),
                     shaped_types(context), opaque_types(context),
                     st.just(None).map(lambda _: NoneType.get(context=context)))
    return st.recursive(
        base,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3).map(
                lambda ts: TupleType.get_tuple(ts, context=context)),
            st.tuples(st.lists(inner, max_size=3), st.lists(inner, max_size=2)).map(
                lambda io: FunctionType.get(io[0], io[1], context=context)),
        ),
        max_leaves=max_leaves)


# -- attributes --------------------------------------------------------------

@st.composite
def integer_attrs(draw, context):
    """Integer attributes of any width (wider than 64 bits included) and of
    index type; signless values from their whole accepted range."""
    t = draw(st.one_of(integer_types(context),
                       st.just(None).map(lambda _: IndexType.get(context=context))))
    if isinstance(t, IntegerType):
        w = t.width
        if t.is_signed:
            lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
        elif t.is_unsigned:
            lo, hi = 0, (1 << w) - 1
        else:
            lo, hi = -(1 << (w - 1)), (1 << w) - 1
    else:
        lo, hi = -(1 << 63), (1 << 63) - 1
    return IntegerAttr.get(t, draw(st.integers(lo, hi)))


@st.composite
def float_attrs(draw, context):
    """FloatAttrs of every float type: exact values of f16/f32/f64, and
    values in range (rounded by MLIR) of the other formats."""
    if draw(st.booleans()):
        cls, width = draw(st.sampled_from([(F16Type, 16), (F32Type, 32), (F64Type, 64)]))
        value = draw(st.floats(width=width, allow_nan=False))
        return FloatAttr.get(cls.get(context=context), value)
    t = draw(float_types(context))
    value = draw(st.floats(-4.0, 4.0) | st.sampled_from([0.5, 1.0, 2.0]))
    try:
        return FloatAttr.get(t, value)
    except ValueError:          # no zero / no negative values in the format
        return FloatAttr.get(t, 1.0)


def _dense_arrays(context):
    i = st.integers
    return st.one_of(
        st.lists(st.booleans(), max_size=4).map(lambda v: DenseBoolArrayAttr.get(v, context=context)),
        st.lists(i(-128, 127), max_size=4).map(lambda v: DenseI8ArrayAttr.get(v, context=context)),
        st.lists(i(-(1 << 15), (1 << 15) - 1), max_size=4).map(lambda v: DenseI16ArrayAttr.get(v, context=context)),
        st.lists(i(-(1 << 31), (1 << 31) - 1), max_size=4).map(lambda v: DenseI32ArrayAttr.get(v, context=context)),
        st.lists(i(-(1 << 63), (1 << 63) - 1), max_size=4).map(lambda v: DenseI64ArrayAttr.get(v, context=context)),
        st.lists(st.floats(width=32, allow_nan=False), max_size=4).map(lambda v: DenseF32ArrayAttr.get(v, context=context)),
        st.lists(st.floats(allow_nan=False), max_size=4).map(lambda v: DenseF64ArrayAttr.get(v, context=context)),
    )


_NAMES = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FFF,
                               exclude_categories=("Cs",)), max_size=8)
_IDENTS = st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True)
# Namespaces no dialect uses (a registered dialect would parse the data).
_OPAQUE_NAMESPACES = _IDENTS.map(lambda s: "xo_" + s)


def scalar_attrs(context):
    return st.one_of(
        integer_attrs(context),
        float_attrs(context),
        st.booleans().map(lambda b: BoolAttr.get(b, context=context)),
        _NAMES.map(lambda s: StringAttr.get(s, context=context)),
        st.just(None).map(lambda _: UnitAttr.get(context=context)),
        types(context, max_leaves=3).map(TypeAttr.get),
        st.lists(_IDENTS, min_size=1, max_size=3).map(
            lambda s: SymbolRefAttr.get(s, context=context)),
        _IDENTS.map(lambda s: FlatSymbolRefAttr.get(s, context=context)),
        st.tuples(_OPAQUE_NAMESPACES, _IDENTS, scalar_types(context)).map(
            lambda a: OpaqueAttr.get(a[0], a[1].encode(), a[2], context=context)),
        strided_layouts(context),
        _dense_arrays(context),
        affine_maps(context).map(AffineMapAttr.get),
        integer_sets(context).map(IntegerSetAttr.get),
        dense_elements(context, max_side=3),
        typed_dense_elements(context),
    )


def strided_layouts(context, max_rank=3):
    dyn = ShapedType.get_dynamic_stride_or_offset()
    value = st.integers(-8, 8) | st.just(dyn)
    return st.tuples(value, st.lists(value, max_size=max_rank)).map(
        lambda os: StridedLayoutAttr.get(os[0], os[1], context=context))


def attributes(context, max_leaves=10):
    """Any builtin attribute, nesting arrays and dictionaries."""
    return st.recursive(
        scalar_attrs(context),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4).map(lambda a: ArrayAttr.get(a, context=context)),
            st.dictionaries(_IDENTS, inner, max_size=4).map(
                lambda d: DictAttr.get(d, context=context)),
        ),
        max_leaves=max_leaves)


def numpy_arrays(dtype=None, max_side=4, max_dims=3):
    """numpy arrays of a supported dtype (any values, NaNs included)."""
    dt = st.sampled_from(DENSE_DTYPES) if dtype is None else st.just(dtype)
    return dt.flatmap(lambda d: hnp.arrays(
        np.dtype(d), hnp.array_shapes(min_dims=0, max_dims=max_dims,
                                      min_side=1, max_side=max_side)))


def dense_elements(context, max_side=4):
    return numpy_arrays(max_side=max_side).map(
        lambda a: DenseElementsAttr.get(a, context=context))


# (numpy dtype, element width, signedness) of the explicit-type= dense
# elements: integer types narrower than their storage, and other
# signedness than the buffer's.
_TYPED_DENSE = [("int8", 4, "signless"), ("int8", 4, "signed"),
                ("uint8", 4, "unsigned"), ("int8", 7, "signless"),
                ("int16", 12, "signed"), ("uint16", 12, "unsigned"),
                ("int32", 28, "signless"), ("uint32", 32, "signed"),
                ("int64", 64, "unsigned"), ("int16", 16, "signed")]


@st.composite
def typed_dense_elements(draw, context, max_side=3):
    """Dense integer elements built with an explicit type= (element type
    or complete tensor type), with values that fit the element type."""
    dtype, w, sign = draw(st.sampled_from(_TYPED_DENSE))
    elt = getattr(IntegerType, f"get_{sign}")(w, context=context)
    if sign == "signed":
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
    elif sign == "unsigned":
        lo, hi = 0, (1 << w) - 1
    else:
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
    info = np.iinfo(np.dtype(dtype))
    lo, hi = max(lo, int(info.min)), min(hi, int(info.max))
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=2, max_side=max_side))
    values = draw(hnp.arrays(np.dtype(dtype), shape, elements=st.integers(lo, hi)))
    if draw(st.booleans()):
        return DenseElementsAttr.get(values, type=elt)
    return DenseElementsAttr.get(values, type=RankedTensorType.get(list(shape), elt))


# -- affine --------------------------------------------------------------------

@st.composite
def affine_expr_trees(draw, n_dims, n_symbols, max_depth=4):
    """A pure affine expression as a nested tuple:
    ("dim", i) | ("sym", j) | ("const", c) | (op, lhs, rhs) with op in
    + * mod floordiv ceildiv (the right side of * and the divisions a
    positive constant)."""
    leaves = [st.tuples(st.just("const"), st.integers(-20, 20))]
    if n_dims:
        leaves.append(st.tuples(st.just("dim"), st.integers(0, n_dims - 1)))
    if n_symbols:
        leaves.append(st.tuples(st.just("sym"), st.integers(0, n_symbols - 1)))
    leaf = st.one_of(leaves)
    if max_depth == 0:
        return draw(leaf)
    if draw(st.integers(0, 2)) == 0:
        return draw(leaf)
    op = draw(st.sampled_from(["+", "-", "*", "mod", "floordiv", "ceildiv"]))
    lhs = draw(affine_expr_trees(n_dims, n_symbols, max_depth - 1))
    if op in ("+", "-"):
        rhs = draw(affine_expr_trees(n_dims, n_symbols, max_depth - 1))
    elif op == "*":
        rhs = ("const", draw(st.integers(-5, 5)))
    else:
        rhs = ("const", draw(st.integers(1, 7)))
    return (op, lhs, rhs)


def build_affine_expr(tree, context):
    kind = tree[0]
    if kind == "dim":
        return AffineDimExpr.get(tree[1], context=context)
    if kind == "sym":
        return AffineSymbolExpr.get(tree[1], context=context)
    if kind == "const":
        return AffineConstantExpr.get(tree[1], context=context)
    lhs, rhs = build_affine_expr(tree[1], context), build_affine_expr(tree[2], context)
    if kind == "+":
        return lhs + rhs
    if kind == "-":
        return lhs - rhs
    if kind == "*":
        return lhs * rhs
    if kind == "mod":
        return lhs % rhs
    if kind == "floordiv":
        return lhs // rhs
    return lhs.ceil_div(rhs)


def evaluate_affine_tree(tree, dims, symbols):
    """Python's reading of the tree (floor semantics, non-negative mod)."""
    kind = tree[0]
    if kind == "dim":
        return dims[tree[1]]
    if kind == "sym":
        return symbols[tree[1]]
    if kind == "const":
        return tree[1]
    a = evaluate_affine_tree(tree[1], dims, symbols)
    b = evaluate_affine_tree(tree[2], dims, symbols)
    if kind == "+":
        return a + b
    if kind == "-":
        return a - b
    if kind == "*":
        return a * b
    if kind == "mod":
        return a % b
    if kind == "floordiv":
        return a // b
    return -((-a) // b)


@st.composite
def affine_maps(draw, context, max_dims=3, max_symbols=2, max_results=3,
                min_dims=0, min_results=0):
    n_dims = draw(st.integers(min_dims, max_dims))
    n_syms = draw(st.integers(0, max_symbols))
    trees = draw(st.lists(affine_expr_trees(n_dims, n_syms),
                          min_size=min_results, max_size=max_results))
    built = AffineMap.get(n_dims, n_syms, [build_affine_expr(t, context) for t in trees],
                          context=context)
    # Expressions built operator by operator are not always in the form the
    # parser produces (s0 + (s0 + 1) prints as "s0 + s0 + 1", which parses
    # as s0 * 2 + 1): return the canonical, parsed form.
    return _parsed_fixed_point("affine_map", built, context)


def _parsed_fixed_point(kind, value, context):
    """`value` printed and parsed until printing it again gives the same
    text: one round is not always enough (d0 + -(d0 floordiv 2) parses
    from "d0 - d0 floordiv 2" as d0 + (d0 floordiv 2) * -1, which prints
    back as "d0 - d0 floordiv 2" only from then on)."""
    for _ in range(4):
        text = f"{kind}<{value}>"
        value = Attribute.parse(text, context=context).value
        if f"{kind}<{value}>" == text:
            break
    return value


@st.composite
def integer_sets(draw, context, max_dims=3, max_symbols=2, max_constraints=3):
    """IntegerSets of pure affine constraints (in their parsed form)."""
    n_dims = draw(st.integers(0, max_dims))
    n_syms = draw(st.integers(0, max_symbols))
    trees = draw(st.lists(affine_expr_trees(n_dims, n_syms), min_size=1,
                          max_size=max_constraints))
    eqs = draw(st.lists(st.booleans(), min_size=len(trees), max_size=len(trees)))
    built = IntegerSet.get(n_dims, n_syms,
                           [build_affine_expr(t, context) for t in trees], eqs,
                           context=context)
    return _parsed_fixed_point("affine_set", built, context)
