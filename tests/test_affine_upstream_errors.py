"""AffineMap and IntegerSet constructors: upstream's exception types and
texts for bad expression lists, permutations and submap sizes."""

import pytest

from mlir.ir import (
    AffineConstantExpr, AffineDimExpr, AffineMap, AffineSymbolExpr, Context,
    IntegerSet,
)


@pytest.fixture
def ctx():
    with Context() as c:
        yield c


def _raises(exc, text, fn, *args):
    with pytest.raises(exc) as info:
        fn(*args)
    assert type(info.value) is exc and str(info.value) == text


def test_affine_map_get_takes_expressions_only(ctx):
    d0 = AffineDimExpr.get(0)
    make = "attempting to create an AffineMap"
    for bad in ([2], ["d0"], [d0, 1.5]):
        _raises(RuntimeError, f"Invalid expression when {make} (std::bad_cast)",
                AffineMap.get, 1, 0, bad)
    for bad in ([None], [d0, None]):
        _raises(RuntimeError, f"Invalid expression (None?) when {make}",
                AffineMap.get, 1, 1, bad)
    # Every item is checked before positions: the bad item wins over an
    # out-of-range dimension before it.
    _raises(RuntimeError, f"Invalid expression (None?) when {make}",
            AffineMap.get, 1, 0, [AffineDimExpr.get(5), None])
    assert str(AffineMap.get(1, 0, [AffineConstantExpr.get(2)])) == "(d0) -> (2)"
    # Arithmetic still promotes ints.
    assert str(AffineMap.get(1, 0, [d0 + 2, 3 * d0])) == "(d0) -> (d0 + 2, d0 * 3)"


def test_affine_map_permutation(ctx):
    _raises(RuntimeError, "Invalid permutation when attempting to create an AffineMap",
            AffineMap.get_permutation, [1, 0, 1])
    _raises(RuntimeError, "Invalid permutation when attempting to create an AffineMap",
            AffineMap.get_permutation, [0, 2])
    signature = ("get_permutation(): incompatible function arguments. The "
                 "following argument types are supported:\n    1. "
                 "get_permutation(permutation: collections.abc.Sequence[int], "
                 "context: Context | None = None) -> mlir._mlir_libs._mlir.ir."
                 "AffineMap\n\nInvoked with types: ")
    _raises(TypeError, signature + "list", AffineMap.get_permutation, [-1, 0])
    _raises(TypeError, signature + "list", AffineMap.get_permutation, [1.0, 0])
    _raises(TypeError, signature + "NoneType", AffineMap.get_permutation, None)
    assert str(AffineMap.get_permutation((1, 0))) == "(d0, d1) -> (d1, d0)"


def test_affine_map_submaps(ctx):
    m = AffineMap.get_permutation([2, 0, 1])
    for n in (3, 42, 0, -1):
        _raises(ValueError, "number of results out of bounds", m.get_major_submap, n)
        _raises(ValueError, "number of results out of bounds", m.get_minor_submap, n)
    assert str(m.get_major_submap(2)) == "(d0, d1, d2) -> (d2, d0)"
    assert str(m.get_minor_submap(2)) == "(d0, d1, d2) -> (d0, d1)"
    _raises(ValueError, "result position out of bounds", m.get_submap, [42])


def test_integer_set_get(ctx):
    d0, d1 = AffineDimExpr.get(0), AffineDimExpr.get(1)
    make = "attempting to create an IntegerSet"
    _raises(ValueError, "Expected the number of constraints to match that of "
            "equality flags", IntegerSet.get, 2, 0, [d0], [True, False])
    _raises(ValueError, "Expected non-empty list of constraints",
            IntegerSet.get, 2, 0, [], [])
    _raises(RuntimeError, f"Invalid expression when {make} (std::bad_cast)",
            IntegerSet.get, 2, 0, [d0, 42], [True, False])
    _raises(RuntimeError, f"Invalid expression (None?) when {make}",
            IntegerSet.get, 2, 1, [None], [True])
    assert str(IntegerSet.get(2, 0, [d0 - d1], [True])) == "(d0, d1) : (d0 - d1 == 0)"


def test_integer_set_get_replaced(ctx):
    d0, d1, s0 = AffineDimExpr.get(0), AffineDimExpr.get(1), AffineSymbolExpr.get(0)
    s = IntegerSet.get(2, 1, [d0 - d1, s0 - 42], [True, False])
    dims = "attempting to create an IntegerSet by replacing dimensions"
    syms = "attempting to create an IntegerSet by replacing symbols"
    _raises(ValueError, "Expected the number of dimension replacement "
            "expressions to match that of dimensions", s.get_replaced, [d0], [s0], 1, 1)
    _raises(ValueError, "Expected the number of symbol replacement expressions "
            "to match that of symbols", s.get_replaced, [d0, d1], [], 1, 1)
    _raises(RuntimeError, f"Invalid expression when {dims} (std::bad_cast)",
            s.get_replaced, [1, d1], [s0], 2, 1)
    _raises(RuntimeError, f"Invalid expression (None?) when {syms}",
            s.get_replaced, [d0, d1], [None], 1, 1)
    # All dimensions, then all symbols, before any position check.
    _raises(RuntimeError, f"Invalid expression when {syms} (std::bad_cast)",
            s.get_replaced, [AffineDimExpr.get(5), d1], [1], 2, 1)
    r = s.get_replaced([d0, d0 + 1], [s0], 1, 1)
    assert str(r) == "(d0)[s0] : (d0 - (d0 + 1) == 0, s0 - 42 >= 0)"
