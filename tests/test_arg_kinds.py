"""Argument kinds as upstream's 22.1.8 bindings convert them (checked
against its wheel): what tests/test_arg_parity.py found differing, as
regression tests that run without the upstream venv. Upstream converts
every argument before the call: an int parameter takes anything with
__index__ (numpy integers, bools) but not a float, an unsigned one refuses
a negative int, a bool parameter takes True and False only, a str one takes
str subclasses (numpy.str_), a sequence one refuses a str; a wrong type is
a TypeError before any check of values. Where upstream crashes, we raise."""

import numpy as np
import pytest

from mlir.ir import (AffineAddExpr, AffineDimExpr, AffineExpr, AffineMap,
                     AttrBuilder, BoolAttr, Context, F32Type, IndexType,
                     IntegerType, Location, Module, SymbolRefAttr, Type,
                     TypeAttr)
from mlir.dialects import amdgpu, llvm, quant


@pytest.fixture
def c():
    with Context() as ctx, Location.unknown():
        yield ctx


def test_affine_constructors_take_index_ints_and_refuse_others(c):
    d0 = AffineDimExpr.get(0)
    assert str(AffineExpr.get_add(np.int64(2), d0)) == "d0 + 2"
    assert str(AffineExpr.get_mul(d0, True)) == "d0"
    for bad in (None, 1.5, "2", object()):
        with pytest.raises(TypeError, match=r"^get_add\(\): incompatible function arguments"):
            AffineExpr.get_add(bad, d0)
        with pytest.raises(
                TypeError, match=r"^get_floor_div\(\): incompatible function arguments"):
            AffineExpr.get_floor_div(d0, bad)
    # The classes' own get takes two expressions only.
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        AffineAddExpr.get(d0, 1)
    # Operators still give Python the other side's chance.
    assert str(d0 + np.int64(3)) == "d0 + 3"
    with pytest.raises(TypeError):
        d0 + "x"


def test_an_empty_permutation_raises_where_upstream_crashes(c):
    with pytest.raises(RuntimeError, match="Invalid permutation"):
        AffineMap.get_permutation([])


def test_bool_parameters_take_bools_only(c):
    assert str(BoolAttr.get(True)) == "true"
    for bad in (1, None, "True", np.bool_(True)):
        with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
            BoolAttr.get(bad)


def test_str_parameters_take_str_subclasses(c):
    assert str(Type.parse(np.str_("i32"))) == "i32"
    assert str(Location.file(np.str_("x.py"), 1, 2)) == 'loc("x.py":1:2)'
    with pytest.raises(TypeError, match=r"^contains\(\): incompatible function arguments"):
        AttrBuilder.contains(1)
    with pytest.raises(TypeError, match=r"^parseFile\(\): incompatible function arguments"):
        Module.parseFile(1)


def test_unsigned_parameters_refuse_negative_ints(c):
    with pytest.raises(TypeError, match=r"^get_signless\(\): incompatible function arguments"):
        IntegerType.get_signless(-1)
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        llvm.PointerType.get(-1)
    assert str(llvm.PointerType.get(np.int64(2))) == "!llvm.ptr<2>"


def test_a_str_is_not_a_sequence_of_symbols(c):
    assert str(SymbolRefAttr.get(["a", "b"])) == "@a::@b"
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        SymbolRefAttr.get("ab")


def test_an_unused_context_argument_is_still_checked(c):
    i32 = IntegerType.get_signless(32)
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        TypeAttr.get(i32, context=1)
    with pytest.raises(TypeError, match=r"^callsite\(\): incompatible function arguments"):
        Location.callsite(Location.unknown(), [Location.unknown()], context=1)


def test_dialect_type_arguments_convert_as_upstream(c):
    i32, f32 = IntegerType.get_signless(32), F32Type.get()
    # Flags other than FLAG_SIGNED are ignored, as by MLIR and upstream.
    assert str(quant.AnyQuantizedType.get(2, i32, f32, 2, 8)) == \
        "!quant.any<u32<2:8>:f32>"
    # A zero point is an int: a float is a TypeError, never truncated.
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments"):
        quant.UniformQuantizedPerAxisType.get(0, i32, f32, [1.5, 2.5],
                                              [2.5, 3.0], 0, 2, 8)
    assert "{1.500000e+00:2,2.500000e+00:3}" in str(
        quant.UniformQuantizedPerAxisType.get(0, i32, f32, np.array([1.5, 2.5]),
                                              np.array([2, 3]), 0, 2, 8))


def test_tdm_gather_base_refuses_element_types_without_a_width(c):
    # Upstream aborts in MLIR's verifier; here a ValueError.
    with pytest.raises(ValueError, match="integer or float"):
        amdgpu.TDMGatherBaseType.get(IndexType.get(), IntegerType.get_signless(32))
    assert str(amdgpu.TDMGatherBaseType.get(F32Type.get(), IntegerType.get_signless(32))) \
        == "!amdgpu.tdm_gather_base<f32, i32>"


def test_a_result_list_stands_for_its_first_result():
    # Upstream's builders take an operand through get_op_result_or_value,
    # which maps an OpResultList to its first result: code writes
    # `op.results` (or `linalg.transpose(...).result` on an op with one
    # result list) where one Value is expected.
    from mlir.ir import Context, InsertionPoint, IntegerType, Location, Module
    from mlir.dialects import arith
    with Context(), Location.unknown():
        m = Module.create()
        i32 = IntegerType.get_signless(32)
        with InsertionPoint(m.body):
            a = arith.ConstantOp(i32, 1)
            s = arith.AddIOp(a.results, a.operation.results, results=[i32])
            assert s.lhs == a.result and s.rhs == a.result
        assert str(s) == "%0 = arith.addi %c1_i32, %c1_i32 : i32"
        with InsertionPoint(m.body):
            from mlir.dialects import func
            f = func.FuncOp("f", ([], []))
            ret = func.ReturnOp([], ip=InsertionPoint(f.add_entry_block()))
            with pytest.raises(IndexError):
                arith.AddIOp(ret.results, a, results=[i32])
