import pytest

from mlir.ir import *


def test_expr_classes_and_printing(ctx):
    d0, d1 = AffineDimExpr.get(0), AffineDimExpr.get(1)
    s0 = AffineSymbolExpr.get(0)
    c = AffineConstantExpr.get(3)
    assert repr(d0) == "AffineExpr(d0)" and d0.position == 0   # as upstream
    assert s0.position == 0 and str(s0) == "s0"
    assert c.value == 3 and str(c) == "3"
    e = d0 * 2 + s0
    assert type(e) is AffineAddExpr and str(e) == "d0 * 2 + s0"
    assert type(e.lhs) is AffineMulExpr and e.rhs == s0
    assert isinstance(e, AffineBinaryExpr)
    assert str(d0 - 1) == "d0 - 1"
    assert str(1 - d0) == "-d0 + 1"
    assert str(-d0) == "-d0"
    assert str(3 * d1) == "d1 * 3"
    assert str(2 + d1) == "d1 + 2"
    assert type(d0 % 4) is AffineModExpr and str(d0 % 4) == "d0 mod 4"
    assert type(d0 // 4) is AffineFloorDivExpr and str(d0.floor_div(4)) == "d0 floordiv 4"
    assert type(d0.ceil_div(s0)) is AffineCeilDivExpr
    assert str(d0.ceil_div(s0)) == "d0 ceildiv s0"
    assert str(AffineExpr.get_add(d0, 1)) == "d0 + 1"
    assert str(AffineExpr.get_mul(d0, 5)) == "d0 * 5"
    assert str(AffineExpr.get_mod(d0, 5)) == "d0 mod 5"
    assert str(AffineExpr.get_floor_div(d0, 5)) == "d0 floordiv 5"
    assert str(AffineExpr.get_ceil_div(d0, 5)) == "d0 ceildiv 5"
    assert AffineExpr.get_constant(4) == AffineConstantExpr.get(4)
    assert AffineExpr.get_dim(1) == d1 and AffineExpr.get_symbol(0) == s0
    assert str(AffineAddExpr.get(d0, d1)) == "d0 + d1"
    assert str(AffineExpr.get_mul(d0, 2)) == "d0 * 2"
    assert str(AffineExpr.get_mod(d0, 2)) == "d0 mod 2"
    assert str(AffineExpr.get_floor_div(d0, 2)) == "d0 floordiv 2"
    assert str(AffineExpr.get_ceil_div(d0, 2)) == "d0 ceildiv 2"
    two = AffineConstantExpr.get(2)
    assert str(AffineMulExpr.get(d0, two)) == "d0 * 2"
    assert str(AffineCeilDivExpr.get(d0, two)) == "d0 ceildiv 2"
    # The classes' own get takes two expressions, as upstream's.
    for cls in (AffineAddExpr, AffineMulExpr, AffineModExpr,
                AffineFloorDivExpr, AffineCeilDivExpr):
        with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
            cls.get(d0, 2)
    # folding of constants
    assert (AffineConstantExpr.get(7) // 2).value == 3
    assert (AffineConstantExpr.get(-7) // 2).value == -4
    assert AffineConstantExpr.get(-7).ceil_div(2).value == -3
    assert (AffineConstantExpr.get(-7) % 3).value == 2


def test_expr_equality_and_casts(ctx):
    d0 = AffineDimExpr.get(0)
    assert d0 == AffineDimExpr.get(0) and hash(d0) == hash(AffineDimExpr.get(0))
    assert d0 != AffineDimExpr.get(1)
    assert d0 != "d0"
    e = AffineExpr(d0 + 1)
    assert AffineAddExpr.isinstance(e) and not AffineMulExpr.isinstance(e)
    assert type(AffineAddExpr(e)) is AffineAddExpr
    with pytest.raises(ValueError, match="Cannot cast"):
        AffineMulExpr(e)
    with pytest.raises(TypeError, match=r"^__init__\(\): incompatible function arguments"):
        AffineExpr(3)


def test_expr_errors(ctx):
    d0, d1 = AffineDimExpr.get(0), AffineDimExpr.get(1)
    with pytest.raises(ZeroDivisionError, match="must not be zero"):
        d0 // 0
    with pytest.raises(ZeroDivisionError, match="must not be zero"):
        d0 % 0
    with pytest.raises(ZeroDivisionError, match="must not be zero"):
        d0.ceil_div(0)
    with pytest.raises(TypeError):
        d0 + "x"
    with pytest.raises(TypeError):
        d0 + 1.5
    # Negative positions: TypeError, as upstream's unsigned parameters
    # (upstream itself wraps these to d4294967295).
    with pytest.raises(TypeError, match=r"(?s)^get\(\): incompatible function arguments\. .*\n\ndimension position must be >= 0, got -1$"):
        AffineDimExpr.get(-1)
    with pytest.raises(TypeError, match=r"(?s)^get\(\): incompatible function arguments\. .*\n\nsymbol position must be >= 0, got -1$"):
        AffineSymbolExpr.get(-1)
    with Context():
        other = AffineDimExpr.get(0)
    with pytest.raises(ValueError, match="different contexts"):
        d0 + other


def test_expr_queries(ctx):
    d0, s0 = AffineDimExpr.get(0), AffineSymbolExpr.get(0)
    assert (s0 + 1).is_symbolic_or_constant and not (d0 + 1).is_symbolic_or_constant
    assert (d0 + 1).is_pure_affine and not (d0 % s0).is_pure_affine
    assert (d0 * 6).get_largest_known_divisor() == 6
    assert (d0 * 6).is_multiple_of(3) and not (d0 * 6).is_multiple_of(4)
    assert (d0 + s0).is_function_of_dim(0) and not (d0 + s0).is_function_of_dim(1)
    assert str((d0 + s0).shift_dims(1, 2)) == "d2 + s0"
    assert str((d0 + s0).shift_symbols(1, 1)) == "d0 + s1"
    simplified = AffineExpr.simplify_affine_expr(d0 * 2 + d0 * 3, 1, 0)
    assert str(simplified) == "d0 * 5"


def test_compose(ctx):
    d0, d1, s0 = AffineDimExpr.get(0), AffineDimExpr.get(1), AffineSymbolExpr.get(0)
    m = AffineMap.get(2, 1, [d0 + 1, d1 * 2, AffineConstantExpr.get(5)])
    composed = (d0 + d1 + s0).compose(m)
    assert str(composed) == "d0 + d1 * 2 + s0 + 1"
    assert str((d0 * 3).compose(AffineMap.get_constant(4))) == "12"
    with pytest.raises(ValueError, match="cannot compose"):
        (d0 + d1).compose(AffineMap.get_identity(1))


def test_affine_map_constructors(ctx):
    d0, d1, s0 = AffineDimExpr.get(0), AffineDimExpr.get(1), AffineSymbolExpr.get(0)
    m = AffineMap.get(2, 1, [d0 + s0, d1])
    assert repr(m) == "AffineMap((d0, d1)[s0] -> (d0 + s0, d1))"
    assert (m.n_dims, m.n_symbols, m.n_inputs) == (2, 1, 3)
    assert len(m.results) == 2 and m.results[1] == d1 and m.results[-1] == d1
    assert type(m.results[0]) is AffineAddExpr
    assert [str(e) for e in m.results] == ["d0 + s0", "d1"]
    assert m == AffineMap.get(2, 1, [d0 + s0, d1]) and hash(m) == hash(AffineMap.get(2, 1, [d0 + s0, d1]))
    assert str(AffineMap.get(1, 0, [AffineConstantExpr.get(3)])) == "(d0) -> (3)"
    assert str(AffineMap.get_constant(7)) == "() -> (7)"
    assert AffineMap.get_constant(7).is_single_constant
    assert AffineMap.get_constant(7).single_constant_result == 7
    assert str(AffineMap.get_empty()) == "() -> ()" and AffineMap.get_empty().is_empty
    assert str(AffineMap.get_zero_result(2, 1)) == "(d0, d1)[s0] -> ()"
    ident = AffineMap.get_identity(3)
    assert str(ident) == "(d0, d1, d2) -> (d0, d1, d2)" and ident.is_identity
    minor = AffineMap.get_minor_identity(3, 2)
    assert str(minor) == "(d0, d1, d2) -> (d1, d2)" and minor.is_minor_identity
    perm = AffineMap.get_permutation([2, 0, 1])
    assert str(perm) == "(d0, d1, d2) -> (d2, d0, d1)"
    assert perm.is_permutation and perm.is_projected_permutation
    assert not m.is_permutation
    assert AffineMap.get(3, 0, [AffineDimExpr.get(2)]).is_projected_permutation


def test_affine_map_derived(ctx):
    m = AffineMap.get_permutation([2, 0, 1])
    assert str(m.get_submap([0, 2])) == "(d0, d1, d2) -> (d2, d1)"
    assert str(m.get_major_submap(2)) == "(d0, d1, d2) -> (d2, d0)"
    assert str(m.get_minor_submap(1)) == "(d0, d1, d2) -> (d1)"
    d0, d1 = AffineDimExpr.get(0), AffineDimExpr.get(1)
    r = AffineMap.get(2, 0, [d0 + d1, d1]).replace(d1, AffineConstantExpr.get(4), 2, 0)
    assert str(r) == "(d0, d1) -> (d0 + 4, 4)"
    s1 = AffineSymbolExpr.get(1)
    maps = AffineMap.compress_unused_symbols(
        [AffineMap.get(1, 2, [d0 + s1]), AffineMap.get(1, 2, [d0])])
    assert [str(x) for x in maps] == ["(d0)[s0] -> (d0 + s0)", "(d0)[s0] -> (d0)"]


def test_affine_map_errors(ctx):
    d0, d1, s0 = AffineDimExpr.get(0), AffineDimExpr.get(1), AffineSymbolExpr.get(0)
    with pytest.raises(ValueError, match="uses a dimension"):
        AffineMap.get(1, 0, [d1])
    with pytest.raises(ValueError, match="uses a symbol"):
        AffineMap.get(1, 0, [s0])
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        AffineMap.get(-1, 0, [])
    with pytest.raises(RuntimeError, match="Invalid expression when"):
        AffineMap.get(1, 0, ["d0"])
    with pytest.raises(RuntimeError, match="Invalid permutation"):
        AffineMap.get_permutation([0, 0])
    with pytest.raises(ValueError, match="minor identity"):
        AffineMap.get_minor_identity(2, 3)
    m = AffineMap.get_identity(2)
    with pytest.raises(ValueError, match="out of bounds"):
        m.get_submap([2])
    with pytest.raises(ValueError, match=r"^number of results out of bounds$"):
        m.get_major_submap(3)
    with pytest.raises(ValueError):
        m.get_minor_submap(-1)
    with pytest.raises(IndexError, match=r"^index out of range$"):
        m.results[2]
    with pytest.raises(ValueError, match=r"^the map does not have a single constant result$"):
        AffineMap.get_identity(1).single_constant_result
    with pytest.raises(TypeError):
        AffineMap()


def test_capsules(ctx):
    d0 = AffineDimExpr.get(0)
    e = AffineExpr._CAPICreate((d0 + 1)._CAPIPtr)
    assert e == d0 + 1 and type(e) is AffineAddExpr
    m = AffineMap.get_identity(2)
    assert AffineMap._CAPICreate(m._CAPIPtr) == m
    s = IntegerSet.get_empty(1, 0)
    assert IntegerSet._CAPICreate(s._CAPIPtr) == s
    with pytest.raises(ValueError, match="^PyCapsule_GetPointer called with incorrect name"):
        AffineMap._CAPICreate(d0._CAPIPtr)
    with pytest.raises(ValueError, match="^PyCapsule_GetPointer called with invalid PyCapsule object"):
        AffineExpr._CAPICreate(3)


def test_integer_set(ctx):
    d0, d1, s0 = AffineDimExpr.get(0), AffineDimExpr.get(1), AffineSymbolExpr.get(0)
    s = IntegerSet.get(2, 1, [d0 - s0, d1, d0 + d1 - 10], [False, True, False])
    assert str(s) == "(d0, d1)[s0] : (d0 - s0 >= 0, d1 == 0, d0 + d1 - 10 >= 0)"
    assert repr(s).startswith("IntegerSet(")
    assert (s.n_dims, s.n_symbols, s.n_inputs) == (2, 1, 3)
    assert (s.n_equalities, s.n_inequalities) == (1, 2)
    assert len(s.constraints) == 3
    c = s.constraints[1]
    assert c.is_eq and c.expr == d1
    assert [x.is_eq for x in s.constraints] == [False, True, False]
    assert not s.is_canonical_empty
    empty = IntegerSet.get_empty(1, 0)
    assert empty.is_canonical_empty and str(empty) == "(d0) : (1 == 0)"
    r = s.get_replaced([d0 * 2, d0], [AffineConstantExpr.get(1)], 1, 0)
    assert str(r) == "(d0) : (d0 * 2 - 1 >= 0, d0 == 0, d0 * 3 - 10 >= 0)"
    assert s == IntegerSet.get(2, 1, [d0 - s0, d1, d0 + d1 - 10], [False, True, False])
    with pytest.raises(ValueError, match="equality flags"):
        IntegerSet.get(1, 0, [d0], [True, False])
    with pytest.raises(ValueError, match="non-empty"):
        IntegerSet.get(1, 0, [], [])
    with pytest.raises(ValueError, match="uses a dimension"):
        IntegerSet.get(1, 0, [d1], [True])
    with pytest.raises(ValueError, match="dimension replacement"):
        s.get_replaced([d0], [s0], 1, 1)
    with pytest.raises(IndexError, match=r"^index out of range$"):
        s.constraints[3]


def test_semi_affine_and_negative_divisors(ctx):
    # As upstream (and MLIR's parser for negative divisors): built as is.
    d0, d1, s0 = AffineDimExpr.get(0), AffineDimExpr.get(1), AffineSymbolExpr.get(0)
    assert str(d0 * d1) == "d0 * d1"
    assert isinstance(d0 * d1, AffineMulExpr)
    assert str(d0 % d1) == "d0 mod d1"
    assert str(d0 // d1) == "d0 floordiv d1"
    assert str(d0.ceil_div(d1)) == "d0 ceildiv d1"
    assert not (d0 * d1).is_pure_affine
    assert str(d0.floor_div(-1)) == "d0 floordiv -1"
    assert str(d0.ceil_div(-2)) == "d0 ceildiv -2"
    assert str(d0 % -3) == "d0 mod -3"
    assert str(AffineConstantExpr.get(7) // -2) == "-4"
    m = AffineMap.get(2, 1, [d0 * d1, d0 % -3, d1 // s0])
    assert str(m) == "(d0, d1)[s0] -> (d0 * d1, d0 mod -3, d1 floordiv s0)"
    assert str(AffineExpr.simplify_affine_expr(d0 * d1 + d1 * d0, 2, 0)) == \
        "(d0 * d1) * 2"
    assert str(AffineExpr.simplify_affine_expr(d0.floor_div(-2), 1, 0)) == \
        "d0 floordiv -2"
    assert str((d0 * d1).compose(AffineMap.get(1, 0, [d0 + 1, d0]))) == \
        "(d0 + 1) * d0"


def test_simplify_checks_positions(ctx):
    d1, s2 = AffineDimExpr.get(1), AffineSymbolExpr.get(2)
    with pytest.raises(ValueError, match=r"simplify_affine_expr: 'd1 \+ 1' "
                                         r"uses a dimension >= 1"):
        AffineExpr.simplify_affine_expr(d1 + 1, 1, 0)
    with pytest.raises(ValueError, match=r"simplify_affine_expr: 's2' uses a "
                                         r"symbol >= 2"):
        AffineExpr.simplify_affine_expr(s2, 0, 2)
    assert str(AffineExpr.simplify_affine_expr(d1 + s2, 2, 3)) == "d1 + s2"


def test_positions_and_counts_fit_32_bits(ctx):
    big = 2**32
    assert AffineDimExpr.get(big - 1).position == big - 1
    assert AffineSymbolExpr.get(big - 1).position == big - 1
    for fn in (lambda: AffineDimExpr.get(big),
               lambda: AffineSymbolExpr.get(big),
               lambda: AffineExpr.get_dim(big),
               lambda: AffineMap.get(big, 0, []),
               lambda: AffineMap.get(0, big, []),
               lambda: AffineMap.get_identity(big),
               lambda: AffineMap.get_minor_identity(big, 1),
               lambda: AffineMap.get_zero_result(big, 0),
               lambda: AffineMap.get_zero_result(0, big),
               lambda: IntegerSet.get_empty(big, 0),
               lambda: IntegerSet.get(0, big, [AffineConstantExpr.get(1)], [True]),
               lambda: AffineMap.get_identity(1).replace(
                   AffineDimExpr.get(0), AffineDimExpr.get(0), big, 0)):
        with pytest.raises(OverflowError, match=r"must be < 2\*\*32, got 4294967296"):
            fn()
    with pytest.raises(OverflowError, match=r"dim_count must be < 2\*\*32"):
        AffineMap.get(big, 0, [])
    with pytest.raises(TypeError, match="n_dims must be >= 0, got -1"):
        AffineMap.get_identity(-1)


def test_float_arguments_refused(ctx):
    with pytest.raises(TypeError, match="dimension position must be an int, not float"):
        AffineDimExpr.get(1.5)
    with pytest.raises(TypeError, match="value must be an int, not float"):
        AffineConstantExpr.get(2.5)
    with pytest.raises(TypeError, match="n_dims must be an int, not float"):
        AffineMap.get_identity(2.0)
    with pytest.raises(TypeError, match="index must be an int, not float"):
        AffineMap.get_identity(2).results[0.5]
    import numpy as np
    assert AffineDimExpr.get(np.int64(3)).position == 3


def test_replace_checks(ctx):
    d0 = AffineDimExpr.get(0)
    m = AffineMap.get(1, 0, [d0])
    # (d0) -> (d5) used to come out with no error.
    with pytest.raises(ValueError, match="replace: 'd5' uses a dimension >= 1"):
        m.replace(d0, AffineDimExpr.get(5), 1, 0)
    with pytest.raises(ValueError, match="replace: 's0' uses a symbol >= 0"):
        m.replace(d0, AffineSymbolExpr.get(0), 1, 0)
    # A result keeping a dimension the new count drops.
    m2 = AffineMap.get(2, 0, [d0 + AffineDimExpr.get(1)])
    with pytest.raises(ValueError, match="uses a dimension >= 1"):
        m2.replace(d0, d0, 1, 0)
    with Context():
        other = AffineDimExpr.get(0)
    with pytest.raises(ValueError, match="replace: expr is an expression of another Context"):
        m.replace(other, d0, 1, 0)
    with pytest.raises(ValueError, match="replace: replacement is an expression of another Context"):
        m.replace(d0, other, 1, 0)
    assert str(m.replace(d0, d0 + 1, 1, 0)) == "(d0) -> (d0 + 1)"


def test_compress_unused_symbols_context(ctx):
    d0, s1 = AffineDimExpr.get(0), AffineSymbolExpr.get(1)
    maps = [AffineMap.get(1, 2, [d0 + s1])]
    with Context() as other_ctx:
        out = AffineMap.compress_unused_symbols(maps)
        other = AffineMap.get_identity(1)
    # Labelled with the maps' context, not the innermost `with`.
    assert out[0].context is ctx
    assert str(out[0]) == "(d0)[s0] -> (d0 + s0)"
    with pytest.raises(ValueError, match="affine maps of different Contexts"):
        AffineMap.compress_unused_symbols(maps + [other])
    with pytest.raises(ValueError, match="the affine maps are not of `context`"):
        AffineMap.compress_unused_symbols(maps, context=other_ctx)
    assert AffineMap.compress_unused_symbols([]) == []


def test_maybe_downcast_and_list_add(ctx):
    d0 = AffineDimExpr.get(0)
    e = AffineExpr(d0 + 1)
    assert type(e) is AffineExpr
    assert type(e.maybe_downcast()) is AffineAddExpr
    m = AffineMap.get(1, 0, [d0, d0 + 2])
    both = m.results + AffineMap.get_identity(1).results
    assert type(both) is list
    assert [str(x) for x in both] == ["d0", "d0 + 2", "d0"]
    s = IntegerSet.get(1, 0, [d0, d0 - 1], [True, False])
    cs = s.constraints + s.constraints
    assert type(cs) is list and len(cs) == 4
    assert [(str(c.expr), c.is_eq) for c in cs[:2]] == [("d0", True), ("d0 - 1", False)]
    with pytest.raises(TypeError):
        m.results + [1]
