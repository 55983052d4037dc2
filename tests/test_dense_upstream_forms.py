"""DenseElementsAttr.get's two forms, get_splat, element access and the
Dense*ArrayAttr constructors: upstream's exception types and texts."""

import re

import numpy as np
import pytest

from mlir.ir import (
    Attribute, Context, DenseBoolArrayAttr, DenseElementsAttr,
    DenseF32ArrayAttr, DenseF64ArrayAttr, DenseFPElementsAttr,
    DenseI16ArrayAttr, DenseI32ArrayAttr, DenseI64ArrayAttr, DenseI8ArrayAttr,
    DenseIntElementsAttr, DenseResourceElementsAttr, F32Type, F64Type,
    FloatAttr, IntegerAttr, IntegerType, Location, RankedTensorType,
    ShapedType, StringAttr, Type,
)

GET_SIGNATURES = (
    "get(): incompatible function arguments. The following argument types "
    "are supported:\n"
    "    1. get(array: typing_extensions.Buffer, signless: bool = True, type: "
    "Type | None = None, shape: Sequence[int] | None = None, context: Context "
    "| None = None) -> DenseElementsAttr\n"
    "    2. get(attrs: list, type: mlir._mlir_libs._mlir.ir.Type | None = None, "
    "context: Context | None = None) -> mlir._mlir_libs._mlir.ir."
    "DenseElementsAttr\n\n")


@pytest.fixture
def ctx():
    with Context() as c, Location.unknown():
        yield c


def _f64(v):
    return FloatAttr.get(F64Type.get(), v)


def test_list_form(ctx):
    attrs = [_f64(1.0), _f64(2.0)]
    assert str(DenseElementsAttr.get(attrs)) == \
        "dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>"
    # The second positional argument of the list form is the type.
    t = Type.parse("tensor<2xf64>")
    assert DenseElementsAttr.get(attrs, ShapedType(t)).type == t
    assert DenseElementsAttr.get(attrs=attrs, type=t).type == t
    assert DenseElementsAttr.get(attrs, context=ctx).type == t


@pytest.mark.parametrize("make,exc,text", [
    (lambda: DenseElementsAttr.get([]), ValueError,
     "Attributes list must be non-empty."),
    # Emptiness is checked before the type.
    (lambda: DenseElementsAttr.get([], type=F32Type.get()), ValueError,
     "Attributes list must be non-empty."),
    (lambda: DenseElementsAttr.get([1.0]), RuntimeError,
     "Invalid attribute when attempting to create an ArrayAttribute "
     "(std::bad_cast)"),
    (lambda: DenseElementsAttr.get([1, 2]), RuntimeError,
     "Invalid attribute when attempting to create an ArrayAttribute "
     "(std::bad_cast)"),
    (lambda: DenseElementsAttr.get([None]), RuntimeError,
     "Invalid attribute (None?) when attempting to create an ArrayAttribute"),
    (lambda: DenseElementsAttr.get([_f64(1.0), None]), RuntimeError,
     "Invalid attribute (None?) when attempting to create an ArrayAttribute"),
    (lambda: DenseElementsAttr.get([_f64(1.0)], F64Type.get()), ValueError,
     "Expected a static ShapedType for the shaped_type parameter: Type(f64)"),
    (lambda: DenseElementsAttr.get(
        [_f64(1.0)], RankedTensorType.get([ShapedType.get_dynamic_size()],
                                          F64Type.get())), ValueError,
     "Expected a static ShapedType for the shaped_type parameter: "
     "Type(tensor<?xf64>)"),
    (lambda: DenseElementsAttr.get(
        [_f64(1.0), _f64(2.0)], Type.parse("tensor<2xf32>")), ValueError,
     "All attributes must be of the same type and match the type parameter: "
     "expected=RankedTensorType(tensor<2xf32>), but got=F64Type(f64)"),
    (lambda: DenseElementsAttr.get([_f64(1.0), FloatAttr.get(F32Type.get(), 2.0)]),
     ValueError,
     "All attributes must be of the same type and match the type parameter: "
     "expected=RankedTensorType(tensor<2xf64>), but got=F32Type(f32)"),
    # Beyond upstream (which aborts): the element count and kind.
    (lambda: DenseElementsAttr.get([_f64(1.0)], Type.parse("tensor<3xf64>")),
     ValueError, "1 attributes do not match type tensor<3xf64>"),
    (lambda: DenseElementsAttr.get([StringAttr.get("a")]), ValueError,
     "unsupported element type for DenseElementsAttr: none"),
])
def test_list_form_errors(ctx, make, exc, text):
    with pytest.raises(exc) as info:
        make()
    assert type(info.value) is exc and str(info.value) == text


@pytest.mark.parametrize("args,kwargs,invoked", [
    ((5,), {}, "int"),
    (((1, 2),), {}, "tuple"),
    ((5,), {"type": "F32"}, "int, kwargs = { type: mlir._mlir_libs._mlir.ir.F32Type }"),
    ((np.zeros(2),), {"type": 3}, "ndarray, kwargs = { type: int }"),
    (([],), {"signless": True}, "list, kwargs = { signless: bool }"),
])
def test_neither_form_is_upstreams_type_error(ctx, args, kwargs, invoked):
    if kwargs.get("type") == "F32":
        kwargs["type"] = F32Type.get()
    with pytest.raises(TypeError, match="^" + re.escape(GET_SIGNATURES)) as info:
        DenseElementsAttr.get(*args, **kwargs)
    assert str(info.value) == GET_SIGNATURES + "Invoked with types: " + invoked


def test_buffer_formats(ctx):
    with pytest.raises(ValueError,
                       match=r"^unimplemented array format conversion from format: 7w$") as info:
        DenseElementsAttr.get(np.array([["hello", "goodbye"]]))
    assert str(info.value) == "unimplemented array format conversion from format: 7w"
    with pytest.raises(ValueError,
                       match=r"^unimplemented array format conversion from format: >i$") as info:
        DenseElementsAttr.get(np.array([1, 2], dtype=">i4"))
    assert str(info.value) == "unimplemented array format conversion from format: >i"
    # With a type, a buffer numpy exports without a format (datetime64) is
    # taken as raw elements of that type.
    a = DenseElementsAttr.get(
        np.array([[1, 2, 3], [4, 5, 6]], np.int64).view(np.datetime64),
        type=IntegerType.get_signless(64))
    assert str(a) == "dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>"
    assert np.array(a).tolist() == [[1, 2, 3], [4, 5, 6]]
    # Without one, numpy's refusal stands.
    with pytest.raises(ValueError, match="cannot include dtype 'M' in a buffer"):
        DenseElementsAttr.get(np.array([1, 2], np.int64).view(np.datetime64))


def test_splat_errors(ctx):
    f32 = F32Type.get()
    t = RankedTensorType.get([2], f32)
    cases = [
        (lambda: DenseElementsAttr.get_splat(t, StringAttr.get("x")),
         'Illegal element type for DenseElementsAttr: Attribute("x")'),
        (lambda: DenseElementsAttr.get_splat(f32, FloatAttr.get(f32, 1.0)),
         "Expected a static ShapedType for the shaped_type parameter: Type(f32)"),
        (lambda: DenseElementsAttr.get_splat(
            RankedTensorType.get([ShapedType.get_dynamic_size()], f32),
            FloatAttr.get(f32, 1.0)),
         "Expected a static ShapedType for the shaped_type parameter: "
         "Type(tensor<?xf32>)"),
        (lambda: DenseElementsAttr.get_splat(t, _f64(1.0)),
         "Shaped element type and attribute type must be equal: "
         "shaped=Type(tensor<2xf32>), element=Attribute(1.000000e+00 : f64)"),
    ]
    for make, text in cases:
        with pytest.raises(ValueError, match="^" + re.escape(text)) as info:
            make()
        assert str(info.value) == text
    assert str(DenseElementsAttr.get_splat(t, FloatAttr.get(f32, 2.0))) == \
        "dense<2.000000e+00> : tensor<2xf32>"


@pytest.mark.parametrize("asm,expected", [
    ("dense<[true, false]> : tensor<2xi1>", [1, 0]),
    ("dense<[255, 2]> : tensor<2xui8>", [255, 2]),
    ("dense<[-1, 2]> : tensor<2xi16>", [-1, 2]),
    ("dense<[1, 2]> : tensor<2xindex>", [1, 2]),
    ("dense<5> : tensor<3xi32>", [5, 5, 5]),
    ("dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>", [1, 2, 3, 4]),
])
def test_int_elements(ctx, asm, expected):
    a = DenseIntElementsAttr(Attribute.parse(asm))
    values = [a[i] for i in range(len(a))]
    assert values == expected and all(type(v) is int for v in values)
    assert list(a) == expected
    for bad in (len(a), -1):
        with pytest.raises(IndexError, match=r"^attempt to access out of bounds element$") as info:
            a[bad]
        assert str(info.value) == "attempt to access out of bounds element"


@pytest.mark.parametrize("width", [2, 7, 24, 128])
def test_int_elements_of_unsupported_width(ctx, width):
    a = DenseIntElementsAttr(Attribute.parse(f"dense<[1, 0]> : tensor<2xi{width}>"))
    with pytest.raises(TypeError, match=r"^Unsupported integer type$") as info:
        a[0]
    assert str(info.value) == "Unsupported integer type"


def test_fp_elements(ctx):
    a = DenseFPElementsAttr(Attribute.parse("dense<[1.5, 2.0]> : tensor<2xf32>"))
    assert [a[0], a[1]] == [1.5, 2.0] and list(a) == [1.5, 2.0]
    with pytest.raises(IndexError, match="^attempt to access out of bounds element$"):
        a[-1]
    for elt in ("f16", "bf16", "f8E5M2"):
        b = DenseFPElementsAttr(Attribute.parse(f"dense<[1.0, 2.0]> : tensor<2x{elt}>"))
        with pytest.raises(TypeError, match=r"^Unsupported floating-point type$") as info:
            b[0]
        assert str(info.value) == "Unsupported floating-point type"


def test_resource_buffer_larger_than_type(ctx):
    data = memoryview(np.array([1, 2, 3]))          # 24 bytes of int64
    t = RankedTensorType.get((3,), IntegerType.get_signed(32))
    r = DenseResourceElementsAttr.get_from_buffer(data, "larger", t)
    assert str(r) == "dense_resource<larger> : tensor<3xsi32>"
    with pytest.raises(ValueError,
                       match=r"^buffer of 8 bytes is smaller than tensor<3xsi32> needs \(12 bytes\)$") as info:
        DenseResourceElementsAttr.get_from_buffer(
            memoryview(np.array([1, 2], np.int32)), "smaller", t)
    assert str(info.value) == \
        "buffer of 8 bytes is smaller than tensor<3xsi32> needs (12 bytes)"


def _array_error(cls, element, invoked):
    return ("get(): incompatible function arguments. The following argument "
            "types are supported:\n"
            f"    1. get(values: collections.abc.Sequence{element}, context: "
            f"Context | None = None) -> mlir._mlir_libs._mlir.ir.{cls.__name__}"
            f"\n\nInvoked with types: {invoked}")


@pytest.mark.parametrize("cls,bits", [
    (DenseI8ArrayAttr, 8), (DenseI16ArrayAttr, 16), (DenseI32ArrayAttr, 32),
    (DenseI64ArrayAttr, 64),
])
def test_int_arrays(ctx, cls, bits):
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    assert list(cls.get([lo, hi])) == [lo, hi]
    assert list(cls.get(range(3))) == [0, 1, 2]
    assert list(cls.get((True, False))) == [1, 0]
    assert list(cls.get(np.array([4, 2], np.int32))) == [4, 2]

    class HasInt:
        def __int__(self):
            return 3

    # Objects converting to int (IntegerAttr too) are taken, range-checked.
    assert list(cls.get([HasInt(), Attribute.parse("2 : ui16")])) == [3, 2]
    for bad in ([lo - 1], [hi + 1], [4, 2.0], [None], ["a"],
                [Attribute.parse("2.0")]):
        with pytest.raises(TypeError,
                           match=r"^get\(\): incompatible function arguments\.") as info:
            cls.get(bad)
        assert str(info.value) == _array_error(cls, "[int]", "list")
    for bad, name in ((5, "int"), (None, "NoneType"), ("ab", "str"),
                      (b"ab", "bytes"), ((x for x in [1]), "generator")):
        with pytest.raises(TypeError,
                           match=r"^get\(\): incompatible function arguments\.") as info:
            cls.get(bad)
        assert str(info.value) == _array_error(cls, "[int]", name)
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments\.") as info:
        cls.get([1.5], context=ctx)
    assert str(info.value) == _array_error(
        cls, "[int]", "list, kwargs = { context: mlir._mlir_libs.Context }")


@pytest.mark.parametrize("cls", [DenseF32ArrayAttr, DenseF64ArrayAttr])
def test_float_arrays(ctx, cls):
    assert list(cls.get([1, 2.5, np.float32(0.5)])) == [1.0, 2.5, 0.5]
    assert list(cls.get([Attribute.parse("4.0 : f64")])) == [4.0]
    for bad in ([None], ["a"]):
        with pytest.raises(TypeError,
                           match=r"^get\(\): incompatible function arguments\.") as info:
            cls.get(bad)
        assert str(info.value) == _array_error(cls, "[float]", "list")
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments\.") as info:
        cls.get(2.0)
    assert str(info.value) == _array_error(cls, "[float]", "float")


def test_bool_arrays(ctx):
    class Truthy:
        def __bool__(self):
            return True

    assert str(DenseBoolArrayAttr.get([Truthy(), 0, None, "x"])) == \
        "array<i1: true, false, false, true>"
    assert str(DenseBoolArrayAttr.get(
        [Attribute.parse("true"), Attribute.parse("false")])) == \
        "array<i1: true, false>"
    with pytest.raises(TypeError, match=r"^get\(\): incompatible function arguments\.") as info:
        DenseBoolArrayAttr.get(5)
    assert str(info.value) == _array_error(DenseBoolArrayAttr, "", "int")
