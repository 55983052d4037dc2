"""Property tests of types, attributes, dense elements and affine maps,
driven by the strategies of mlir.testing.strategies."""

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from mlir.ir import (
    AffineConstantExpr, AffineDimExpr, AffineMap, AffineMapAttr,
    AffineSymbolExpr, Attribute, Context, DenseElementsAttr, Type,
)
from mlir.testing import strategies as mst

CTX = Context()
CTX.allow_unregistered_dialects = True
SETTINGS = settings(max_examples=75, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(mst.types(CTX))
def test_type_parse_round_trip(t):
    parsed = Type.parse(str(t), context=CTX)
    assert parsed == t
    assert type(parsed) is type(t)
    assert hash(parsed) == hash(t)
    assert repr(parsed) == repr(t)


@SETTINGS
@given(mst.attributes(CTX))
def test_attribute_parse_round_trip(a):
    parsed = Attribute.parse(str(a), context=CTX)
    assert parsed == a
    assert type(parsed) is type(a) or type(a).isinstance(parsed)
    assert hash(parsed) == hash(a)
    assert str(parsed) == str(a)


@SETTINGS
@given(mst.numpy_arrays(max_side=6))
def test_dense_numpy_round_trip(array):
    unsigned = array.dtype.kind == "u"
    attr = DenseElementsAttr.get(array, signless=not unsigned, context=CTX)
    back = np.array(attr)
    assert back.dtype == array.dtype
    assert back.shape == array.shape
    assert back.tobytes() == np.ascontiguousarray(array).tobytes()
    assert len(attr) == array.size


@SETTINGS
@given(st.data(), st.integers(0, 3), st.integers(0, 2))
def test_affine_arithmetic_matches_printed_map(data, n_dims, n_syms):
    trees = data.draw(st.lists(mst.affine_expr_trees(n_dims, n_syms), min_size=1, max_size=3))
    dims = data.draw(st.lists(st.integers(-50, 50), min_size=n_dims, max_size=n_dims))
    syms = data.draw(st.lists(st.integers(-50, 50), min_size=n_syms, max_size=n_syms))
    m = AffineMap.get(n_dims, n_syms, [mst.build_affine_expr(t, CTX) for t in trees],
                      context=CTX)
    expected = [mst.evaluate_affine_tree(t, dims, syms) for t in trees]
    reparsed = Attribute.parse(f"affine_map<{m}>", context=CTX).value
    assert reparsed.n_dims == n_dims and reparsed.n_symbols == n_syms
    assert evaluate_map(m, dims, syms) == expected
    assert evaluate_map(reparsed, dims, syms) == expected


def evaluate_map(m, dims, syms):
    """Results of m at the given inputs, by substituting constants."""
    n_dims, n_syms = m.n_dims, m.n_symbols
    for i, v in enumerate(dims):
        m = m.replace(AffineDimExpr.get(i, context=CTX),
                      AffineConstantExpr.get(v, context=CTX), n_dims, n_syms)
    for j, v in enumerate(syms):
        m = m.replace(AffineSymbolExpr.get(j, context=CTX),
                      AffineConstantExpr.get(v, context=CTX), n_dims, n_syms)
    return [AffineConstantExpr(e).value for e in m.results]


@SETTINGS
@given(mst.affine_maps(CTX))
def test_affine_map_round_trip(m):
    attr = AffineMapAttr.get(m)
    parsed = Attribute.parse(str(attr), context=CTX)
    assert parsed == attr and parsed.value == m
    assert hash(parsed.value) == hash(m)
