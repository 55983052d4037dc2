"""The quant dialect's types (mlir.dialects.quant): uniform, per-axis,
sub-channel, any and calibrated quantized types built from Python, their
properties and casts, printed and parsed back as their classes; invalid
parameters raise ValueError."""

import pytest

from mlir.ir import F32Type, IntegerType, RankedTensorType, Type
from mlir.dialects import quant

from .helpers import same


SIGNED = quant.QuantizedType.FLAG_SIGNED


def test_quant_uniform(ctx):
    i8, f32 = IntegerType.get_signless(8), F32Type.get()
    u = quant.UniformQuantizedType.get(SIGNED, i8, f32, 0.5, 3, -128, 127)
    assert str(u) == "!quant.uniform<i8:f32, 5.000000e-01:3>"
    assert (u.scale, u.zero_point, u.is_fixed_point) == (0.5, 3, False)
    assert u.storage_type == i8 and type(u.expressed_type) is F32Type
    assert u.is_signed and u.flags == SIGNED == 1
    assert (u.storage_type_min, u.storage_type_max) == (-128, 127)
    assert u.storage_type_integral_width == 8
    assert same(Type.parse("!quant.uniform<i8:f32, 0.5:3>"), u)
    assert quant.QuantizedType.isinstance(u)
    assert type(quant.QuantizedType(u)) is quant.QuantizedType
    assert u.is_compatible_expressed_type(f32)
    assert same(u.quantized_element_type, u)

    t = RankedTensorType.get([4], u)
    assert str(quant.QuantizedType.cast_to_storage_type(t)) == "tensor<4xi8>"
    assert str(quant.QuantizedType.cast_to_expressed_type(t)) == "tensor<4xf32>"
    assert same(u.cast_from_storage_type(i8), u)
    assert u.cast_from_expressed_type(RankedTensorType.get([4], f32)) == t
    assert str(u.cast_expressed_to_storage_type(f32)) == "i8"
    with pytest.raises(TypeError, match="Invalid cast"):
        quant.QuantizedType.cast_to_storage_type(f32)
    with pytest.raises(TypeError, match="Invalid cast"):
        u.cast_from_storage_type(IntegerType.get_signless(16))

    assert quant.QuantizedType.default_minimum_for_integer(True, 8) == -128
    assert quant.QuantizedType.default_maximum_for_integer(False, 8) == 255
    with pytest.raises(ValueError):
        quant.QuantizedType.default_minimum_for_integer(True, 0)


def test_quant_other_kinds(ctx):
    i8, f32 = IntegerType.get_signless(8), F32Type.get()
    a = quant.AnyQuantizedType.get(SIGNED, i8, f32, -8, 7)
    assert str(a) == "!quant.any<i8<-8:7>:f32>"
    assert same(Type.parse(str(a)), a)
    n = quant.AnyQuantizedType.get(0, i8, None, 0, 255)
    assert str(n) == "!quant.any<u8>" and n.expressed_type is None
    assert not n.is_signed

    p = quant.UniformQuantizedPerAxisType.get(SIGNED, i8, f32, [2.0, 3.5],
                                              [1, 2], 1, -128, 127)
    assert str(p) == ("!quant.uniform<i8:f32:1, "
                      "{2.000000e+00:1,3.500000e+00:2}>")
    assert p.scales == [2.0, 3.5] and p.zero_points == [1, 2]
    assert p.quantized_dimension == 1 and isinstance(p.is_fixed_point, bool)
    assert same(Type.parse(str(p)), p)

    c = quant.CalibratedQuantizedType.get(f32, -1.5, 2.25)
    assert str(c) == "!quant.calibrated<f32<-1.500000e+00:2.250000e+00>>"
    assert (c.min, c.max) == (-1.5, 2.25)
    assert same(Type.parse(str(c)), c)

    s = Type.parse("!quant.uniform<i8:f32:{0:1, 1:2}, "
                   "{{2.0:10, 3.0:20}, {4.0:30, 5.0:40}}>")
    assert type(s) is quant.UniformQuantizedSubChannelType
    assert s.quantized_dimensions == [0, 1] and s.block_sizes == [1, 2]
    again = quant.UniformQuantizedSubChannelType.get(
        SIGNED, i8, f32, s.scales, s.zero_points, [0, 1], [1, 2], -128, 127)
    assert same(again, s)
    with pytest.raises(ValueError, match="same length"):
        quant.UniformQuantizedSubChannelType.get(
            SIGNED, i8, f32, s.scales, s.zero_points, [0], [1, 2], -128, 127)
    with pytest.raises(TypeError, match="scales"):
        quant.UniformQuantizedSubChannelType.get(
            SIGNED, i8, f32, s.zero_points, s.zero_points, [0], [1], -128, 127)


def test_quant_invalid_parameters(ctx):
    i8, f32 = IntegerType.get_signless(8), F32Type.get()
    U = quant.UniformQuantizedType
    with pytest.raises(ValueError, match="illegal storage min and storage max"):
        U.get(SIGNED, i8, f32, 0.5, 3, 10, 5)
    with pytest.raises(ValueError, match="out of expressed type range"):
        U.get(SIGNED, i8, f32, -0.5, 3, -128, 127)
    with pytest.raises(ValueError, match="integer type"):
        U.get(SIGNED, f32, f32, 0.5, 3, -128, 127)
    with pytest.raises(ValueError, match="floating-point"):
        U.get(SIGNED, i8, i8, 0.5, 3, -128, 127)
    with pytest.raises(ValueError, match="storage type size"):
        U.get(SIGNED, IntegerType.get_signless(64), f32, 0.5, 3, -128, 127)
    # Flags other than FLAG_SIGNED are ignored, as by MLIR and upstream;
    # a negative one is a TypeError (unsigned upstream).
    assert not U.get(6, i8, f32, 0.5, 3, 0, 255).is_signed
    with pytest.raises(TypeError, match="flags"):
        U.get(-1, i8, f32, 0.5, 3, -128, 127)
    with pytest.raises(ValueError, match="illegal min and max"):
        quant.CalibratedQuantizedType.get(f32, 3.0, 1.0)
    with pytest.raises(ValueError, match="Mismatching"):
        quant.UniformQuantizedPerAxisType.get(SIGNED, i8, f32, [2.0], [1, 2],
                                              1, -128, 127)
    with pytest.raises(ValueError,
                       match=r"^Cannot cast type to UniformQuantizedType \(from Type\(!quant.any<i8<-8:7>:f32>\)\)$"):
        quant.UniformQuantizedType(quant.AnyQuantizedType.get(SIGNED, i8, f32,
                                                              -8, 7))
