import array

import numpy as np
import pytest

from mlir.ir import *

DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
          "uint64", "float16", "float32", "float64", "complex64",
          "complex128", "bool"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_numpy_round_trip(ctx, dtype):
    a = (np.arange(24).reshape(2, 3, 4) % 7).astype(dtype)
    # Unsigned data needs unsigned types to come back as unsigned dtypes
    # (signless integers export as signed, as upstream).
    attr = DenseElementsAttr.get(a, signless=not dtype.startswith("uint"))
    assert isinstance(attr, DenseElementsAttr)
    back = np.array(attr)
    assert back.dtype == a.dtype
    assert back.shape == (2, 3, 4)
    np.testing.assert_array_equal(back, a)
    assert len(attr) == 24


def test_signless_export_is_signed(ctx):
    attr = DenseElementsAttr.get(np.array([255], np.uint8), shape=[2])
    assert str(attr) == "dense<-1> : tensor<2xi8>"
    assert np.array(attr).tolist() == [-1, -1]


def test_inferred_types(ctx):
    assert str(DenseElementsAttr.get(np.array([1, 2], np.int32))) == \
        "dense<[1, 2]> : tensor<2xi32>"
    assert str(DenseElementsAttr.get(np.array([1, 2], np.int32), signless=False)) == \
        "dense<[1, 2]> : tensor<2xsi32>"
    assert str(DenseElementsAttr.get(np.array([1, 2], np.uint8), signless=False)) == \
        "dense<[1, 2]> : tensor<2xui8>"
    assert str(DenseElementsAttr.get(np.array([1.5], np.float16))) == \
        "dense<1.500000e+00> : tensor<1xf16>"
    assert str(DenseElementsAttr.get(np.array([True, False, True]))) == \
        "dense<[true, false, true]> : tensor<3xi1>"
    assert str(DenseElementsAttr.get(np.array([1 + 2j], np.complex64))) == \
        "dense<(1.000000e+00,2.000000e+00)> : tensor<1xcomplex<f32>>"
    assert str(DenseElementsAttr.get(array.array("i", [4, 5]))) == \
        "dense<[4, 5]> : tensor<2xi32>"
    assert str(DenseElementsAttr.get(b"\x01\x02")) == "dense<[1, 2]> : tensor<2xui8>" \
        or str(DenseElementsAttr.get(b"\x01\x02")) == "dense<[1, 2]> : tensor<2xi8>"


def test_get_returns_the_class_itself_as_upstream(ctx):
    # As upstream's: get and get_splat (also called through a subclass)
    # return a DenseElementsAttr, which is neither indexed nor iterated;
    # the attribute read back, parsed or cast is the concrete subclass.
    i = DenseElementsAttr.get(np.array([[1, -2], [3, 4]], np.int64))
    assert type(i) is DenseElementsAttr
    assert repr(i) == "DenseElementsAttr(dense<[[1, -2], [3, 4]]> : tensor<2x2xi64>)"
    with pytest.raises(TypeError, match="^'DenseElementsAttr' object is not subscriptable$"):
        i[0]
    with pytest.raises(TypeError, match="^'DenseElementsAttr' object is not iterable$"):
        list(i)
    assert len(i) == 4 and np.array(i).tolist() == [[1, -2], [3, 4]]
    assert type(i.maybe_downcast()) is DenseIntElementsAttr
    assert type(DenseIntElementsAttr.get(np.array([1], np.int32))) is DenseElementsAttr
    f = DenseFPElementsAttr.get(np.array([0.5], np.float32))
    assert type(f) is DenseElementsAttr
    t = RankedTensorType.get([2], IntegerType.get_signless(32))
    splat = DenseElementsAttr.get_splat(t, IntegerAttr.get(t.element_type, 7))
    assert type(splat) is DenseElementsAttr and str(splat) == "dense<7> : tensor<2xi32>"
    listed = DenseElementsAttr.get([IntegerAttr.get(t.element_type, 1)])
    assert type(listed) is DenseElementsAttr
    assert type(Attribute.parse("dense<1> : tensor<2xi32>")) is DenseIntElementsAttr


def test_concrete_classes_and_indexing(ctx):
    i = DenseIntElementsAttr(
        DenseElementsAttr.get(np.array([[1, -2], [3, 4]], np.int64)))
    assert [i[k] for k in range(4)] == [1, -2, 3, 4] and list(i) == [1, -2, 3, 4]
    # As upstream: no negative indices.
    for k in (4, -1):
        with pytest.raises(IndexError, match="^attempt to access out of bounds element$"):
            i[k]
    f = DenseElementsAttr.get(np.array([0.5, 1.5], np.float32)).maybe_downcast()
    assert type(f) is DenseFPElementsAttr and f[1] == 1.5
    with pytest.raises(IndexError, match="^attempt to access out of bounds element$"):
        f[-1]
    # As upstream, only f32 and f64 elements are read by index (the buffer
    # protocol exports f16).
    h = DenseElementsAttr.get(np.array([0.5, 2.0], np.float16)).maybe_downcast()
    with pytest.raises(TypeError, match="^Unsupported floating-point type$"):
        h[1]
    assert np.array(h).tolist() == [0.5, 2.0]
    u = DenseElementsAttr.get(np.array([255], np.uint8), signless=False)
    assert DenseIntElementsAttr(u)[0] == 255
    # i1 elements read as the ints 0 and 1, as upstream.
    b = DenseElementsAttr.get(np.array([True, False])).maybe_downcast()
    assert type(b[0]) is int and (b[0], b[1]) == (1, 0) and list(b) == [1, 0]
    idx = Attribute.parse("dense<[7, 8]> : tensor<2xindex>")
    assert idx[1] == 8 and np.array(idx).tolist() == [7, 8]
    odd = Attribute.parse("dense<[3, -1]> : tensor<2xi4>")
    with pytest.raises(TypeError, match="^Unsupported integer type$"):
        odd[0]
    bf = Attribute.parse("dense<[1.0, 2.0]> : tensor<2xbf16>")
    assert type(bf) is DenseFPElementsAttr
    with pytest.raises(TypeError, match="^Unsupported floating-point type$"):
        bf[1]


def test_explicit_type_and_shape(ctx):
    a = np.arange(6, dtype=np.int32)
    attr = DenseElementsAttr.get(a, shape=[2, 3])
    assert str(attr.type) == "tensor<2x3xi32>"
    attr = DenseElementsAttr.get(a, type=IntegerType.get_signed(32))
    assert str(attr.type) == "tensor<6xsi32>"
    shaped = RankedTensorType.get([3, 2], IntegerType.get_signless(32))
    attr = DenseElementsAttr.get(a, type=shaped)
    assert attr.type == shaped
    vec = DenseElementsAttr.get(a, type=VectorType.get([6], IntegerType.get_signless(32)))
    assert str(vec.type) == "vector<6xi32>"
    bf16 = DenseElementsAttr.get(np.array([0x3F80], np.uint16), type=BF16Type.get())
    assert str(bf16) == "dense<1.000000e+00> : tensor<1xbf16>"
    with pytest.raises(ValueError, match="Shape can only be specified"):
        DenseElementsAttr.get(a, type=shaped, shape=[6])


def test_short_and_general_bindings_agree(ctx):
    # get(buffer) and get(buffer, type=T) take a short path past the
    # general binder; the same calls spelled otherwise take the binder.
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    shaped = RankedTensorType.get([3, 2], F32Type.get())
    assert DenseElementsAttr.get(a) == DenseElementsAttr.get(
        a, True, None, None, None)
    assert DenseElementsAttr.get(a, type=shaped) == DenseElementsAttr.get(
        array=a, signless=True, type=shaped)
    assert str(DenseElementsAttr.get(a, type=shaped).type) == \
        "tensor<3x2xf32>"
    # An explicit type=None is the default; a type that is not a Type and
    # a non-buffer are refused by the general binder, as before.
    assert DenseElementsAttr.get(a, type=None) == DenseElementsAttr.get(a)
    with pytest.raises(TypeError, match="incompatible function arguments"):
        DenseElementsAttr.get(a, type="f32")
    with pytest.raises(TypeError, match="incompatible function arguments"):
        DenseElementsAttr.get(object(), type=shaped)


def test_bit_packed_i1(ctx):
    i1 = IntegerType.get_signless(1)
    packed = np.packbits(np.array([1, 0, 1, 1, 0, 0, 0, 0, 1], bool), bitorder="little")
    attr = DenseElementsAttr.get(packed, type=i1, shape=[9])
    assert np.array(attr).tolist() == [True, False, True, True, False, False,
                                      False, False, True]
    splat = DenseElementsAttr.get(np.array([255], np.uint8), type=i1, shape=[5])
    assert splat.is_splat and str(splat) == "dense<true> : tensor<5xi1>"
    with pytest.raises(ValueError, match="bit-packed"):
        DenseElementsAttr.get(np.zeros(3, np.uint8), type=i1, shape=[9])


def test_splats(ctx):
    t = RankedTensorType.get([2, 3], F32Type.get())
    s = DenseElementsAttr.get_splat(t, FloatAttr.get_f32(1.5))
    assert str(s) == "dense<1.500000e+00> : tensor<2x3xf32>"
    assert s.is_splat and len(s) == 6
    assert s.get_splat_value() == FloatAttr.get_f32(1.5)
    arr = np.array(s)
    assert arr.shape == (2, 3) and (arr == 1.5).all()
    one = DenseElementsAttr.get(np.array([7], np.int32), shape=[4])
    assert one.is_splat and np.array(one).tolist() == [7, 7, 7, 7]
    bsplat = DenseElementsAttr.get(np.array([True]), shape=[3])
    assert np.array(bsplat).tolist() == [True, True, True]
    with pytest.raises(ValueError, match="non-splat"):
        DenseElementsAttr.get(np.arange(3, dtype=np.int32)).get_splat_value()
    with pytest.raises(ValueError, match="must be equal"):
        DenseElementsAttr.get_splat(t, FloatAttr.get_f64(1.5))
    with pytest.raises(ValueError, match=r"^Expected a static ShapedType for the "
                                         r"shaped_type parameter: Type\(f32\)$"):
        DenseElementsAttr.get_splat(F32Type.get(), FloatAttr.get_f32(1.5))


def test_from_attribute_list(ctx):
    i32 = IntegerType.get_signless(32)
    attr = DenseElementsAttr.get([IntegerAttr.get(i32, 1), IntegerAttr.get(i32, 2)])
    assert str(attr) == "dense<[1, 2]> : tensor<2xi32>"
    t = RankedTensorType.get([1, 2], i32)
    attr = DenseElementsAttr.get([IntegerAttr.get(i32, 1), IntegerAttr.get(i32, 2)], type=t)
    assert attr.type == t
    with pytest.raises(ValueError, match="same type"):
        DenseElementsAttr.get([IntegerAttr.get(i32, 1), FloatAttr.get_f32(1.0)])
    with pytest.raises(ValueError, match="do not match"):
        DenseElementsAttr.get([IntegerAttr.get(i32, 1)], type=t)


def test_non_contiguous_is_copied(ctx):
    a = np.arange(12, dtype=np.int64).reshape(3, 4)
    view = a[:, ::2]
    assert not view.flags.c_contiguous
    attr = DenseElementsAttr.get(view)
    np.testing.assert_array_equal(np.array(attr), view)
    attr_t = DenseElementsAttr.get(a.T)
    np.testing.assert_array_equal(np.array(attr_t), a.T)


def test_bad_buffers(ctx):
    with pytest.raises(ValueError, match="^unimplemented array format conversion "
                                         "from format: 1w$"):
        DenseElementsAttr.get(np.array(["a", "b"]))
    with pytest.raises(ValueError, match="^unimplemented array format conversion "
                                         "from format: >i$"):
        DenseElementsAttr.get(np.array([1], dtype=">i4"))
    with pytest.raises(ValueError, match="does not match shape"):
        DenseElementsAttr.get(np.arange(6, dtype=np.int32), shape=[4])
    with pytest.raises(ValueError, match="does not match element type"):
        DenseElementsAttr.get(np.arange(6, dtype=np.int32), type=F64Type.get())
    with pytest.raises(ValueError, match="static"):
        DenseElementsAttr.get(np.arange(6, dtype=np.int32), shape=[-1])
    with pytest.raises(TypeError, match="^get\\(\\): incompatible function arguments"):
        DenseElementsAttr.get(3)
    # Keywords bind as upstream's overloads do: an unknown one, one also
    # given positionally or a missing array match no form.
    a = np.arange(4, dtype=np.int32)
    for args, kwargs in [((a,), {"typ": None}), ((a, True), {"signless": True}),
                         ((), {"type": None}), ((a, True, None, None, None, 1), {})]:
        with pytest.raises(TypeError, match="^get\\(\\): incompatible function arguments"):
            DenseElementsAttr.get(*args, **kwargs)
    assert str(DenseElementsAttr.get(array=a, shape=[2, 2], signless=False)) == \
        "dense<[[0, 1], [2, 3]]> : tensor<2x2xsi32>"
    with pytest.raises(ValueError, match="unsupported element type"):
        DenseElementsAttr.get(np.arange(2, dtype=np.int32), type=NoneType.get())


def test_buffer_export_errors(ctx):
    attr = Attribute.parse("dense<[1, 2]> : tensor<2xi4>")
    with pytest.raises(ValueError, match="unsupported data type"):
        memoryview(attr)
    ok = DenseElementsAttr.get(np.arange(3, dtype=np.int32))
    mv = memoryview(ok)
    assert mv.readonly and mv.tolist() == [0, 1, 2]
    view = np.frombuffer(ok, dtype=np.int32)
    assert not view.flags.writeable
    with pytest.raises(ValueError, match=r"^cannot set WRITEABLE flag to True of this array$"):
        view.setflags(write=True)


def test_export_keeps_attribute_alive(ctx):
    arr = np.array(memoryview(DenseElementsAttr.get(np.arange(4, dtype=np.float64))))
    assert arr.tolist() == [0.0, 1.0, 2.0, 3.0]


def test_dense_resource(ctx):
    data = np.arange(4, dtype=np.int32)
    t = RankedTensorType.get([4], IntegerType.get_signless(32))
    r = DenseResourceElementsAttr.get_from_buffer(data, "blob", t)
    assert str(r) == "dense_resource<blob> : tensor<4xi32>"
    assert type(r) is DenseResourceElementsAttr
    assert DenseResourceElementsAttr.isinstance(r)
    with pytest.raises(ValueError, match=r"^buffer of 16 bytes is smaller than "
                                         r"tensor<5xi32> needs \(20 bytes\)$"):
        DenseResourceElementsAttr.get_from_buffer(data, "b2", RankedTensorType.get([5], IntegerType.get_signless(32)))
    with pytest.raises(ValueError, match="C-contiguous"):
        DenseResourceElementsAttr.get_from_buffer(np.arange(8, dtype=np.int32)[::2], "b3", t)
    with pytest.raises(ValueError, match="power of two"):
        DenseResourceElementsAttr.get_from_buffer(data, "b4", t, alignment=3)


@pytest.mark.parametrize("cls,values,asm", [
    (DenseBoolArrayAttr, [True, False], "array<i1: true, false>"),
    (DenseI8ArrayAttr, [1, -2], "array<i8: 1, -2>"),
    (DenseI16ArrayAttr, [300], "array<i16: 300>"),
    (DenseI32ArrayAttr, [1, 2, 3], "array<i32: 1, 2, 3>"),
    (DenseI64ArrayAttr, [2**40], "array<i64: 1099511627776>"),
    (DenseF32ArrayAttr, [1.5], "array<f32: 1.500000e+00>"),
    (DenseF64ArrayAttr, [0.25, 2.0], "array<f64: 2.500000e-01, 2.000000e+00>"),
])
def test_dense_arrays(ctx, cls, values, asm):
    a = cls.get(values)
    assert str(a) == asm
    assert repr(a) == f"{cls.__name__}({asm})"
    assert len(a) == len(values)
    assert list(a) == values and a[0] == values[0] and a[-1] == values[-1]
    with pytest.raises(IndexError, match=r"^DenseArray index out of range$"):
        a[len(values)]
    b = a + values
    assert type(b) is cls and list(b) == values + values
    parsed = Attribute.parse(asm)
    assert type(parsed) is cls and parsed == a


def test_dense_array_overflow(ctx):
    # Out-of-range and non-int elements: upstream's TypeError.
    with pytest.raises(TypeError, match="incompatible function arguments"):
        DenseI8ArrayAttr.get([200])
    with pytest.raises(TypeError, match="incompatible function arguments"):
        DenseI32ArrayAttr.get(["x"])


def test_dense_values_must_fit_narrow_element_type(ctx):
    i4 = IntegerType.get_signless(4)
    # Used to store 100 and -100 in i4 elements.
    with pytest.raises(ValueError, match=r"value 100 \(element 0\) does not fit "
                                         r"in element type i4 \(range \[-8, 15\]\)"):
        DenseElementsAttr.get(np.int8([100, -100]), type=i4)
    with pytest.raises(ValueError, match=r"value -100 \(element 1\) does not fit"):
        DenseElementsAttr.get(np.int8([1, -100]), type=i4)
    with pytest.raises(ValueError, match=r"value -1 \(element 0\) does not fit in "
                                         r"element type ui4 \(range \[0, 15\]\)"):
        DenseElementsAttr.get(np.int8([-1]), type=IntegerType.get_unsigned(4))
    with pytest.raises(ValueError, match=r"value 8 \(element 2\) does not fit in "
                                         r"element type si4 \(range \[-8, 7\]\)"):
        DenseElementsAttr.get(np.int8([0, 7, 8]), type=IntegerType.get_signed(4))
    with pytest.raises(ValueError, match=r"value 200 \(element 0\) does not fit in "
                                         r"element type si4"):
        DenseElementsAttr.get(np.uint8([200]), type=IntegerType.get_signed(4))
    with pytest.raises(ValueError, match=r"value 4096 \(element 0\) does not fit in "
                                         r"element type i12"):
        DenseElementsAttr.get(np.int16([4096]), type=IntegerType.get_signless(12))
    with pytest.raises(ValueError, match=r"value 18446744073709551615 \(element 0\)"):
        DenseElementsAttr.get(np.uint64([2**64 - 1]),
                              type=IntegerType.get_signless(63))
    # Values in range are stored as MLIR stores them (low bits), so the
    # result equals the parsed attribute.
    a = DenseElementsAttr.get(np.int8([7, -8, -1, 15]), type=i4)
    assert str(a) == "dense<[7, -8, -1, -1]> : tensor<4xi4>"
    assert a == Attribute.parse("dense<[7, -8, -1, -1]> : tensor<4xi4>")
    with pytest.raises(TypeError, match="^Unsupported integer type$"):
        DenseIntElementsAttr(a)[0]
    u = DenseElementsAttr.get(np.uint8([15, 0]), type=IntegerType.get_unsigned(4))
    assert u == Attribute.parse("dense<[15, 0]> : tensor<2xui4>")
    s = DenseElementsAttr.get(np.int16([-2048, 2047]),
                              type=RankedTensorType.get([2], IntegerType.get_signed(12)))
    assert str(s) == "dense<[-2048, 2047]> : tensor<2xsi12>"
    splat = DenseElementsAttr.get(np.int8([-3]), type=i4, shape=[3])
    assert splat == Attribute.parse("dense<-3> : tensor<3xi4>")


def test_dense_float_indices_refused(ctx):
    a = DenseIntElementsAttr(DenseElementsAttr.get(np.int32([1, 2])))
    with pytest.raises(TypeError, match="index must be an int, not float"):
        a[1.9]
    assert a[np.int64(1)] == 2
    arr = DenseI32ArrayAttr.get([1, 2])
    with pytest.raises(TypeError, match="index must be an int, not float"):
        arr[0.0]
    for cls in (DenseI8ArrayAttr, DenseI16ArrayAttr, DenseI32ArrayAttr,
                DenseI64ArrayAttr):
        with pytest.raises(TypeError, match=f"-> mlir._mlir_libs._mlir.ir."
                                            f"{cls.__name__}\n\nInvoked with "
                                            f"types: list$"):
            cls.get([1.5])
    assert list(DenseI64ArrayAttr.get([np.int64(3), True])) == [3, 1]
    with pytest.raises(TypeError, match="incompatible function arguments"):
        DenseI8ArrayAttr.get([300])


def test_resource_alignment_must_be_an_int(ctx):
    t = RankedTensorType.get([2], IntegerType.get_signless(32))
    # As upstream: a float or a negative alignment is refused by the
    # binding layer (its alignment is unsigned); then our detail.
    with pytest.raises(TypeError, match="alignment must be an int or None, not float$"):
        DenseResourceElementsAttr.get_from_buffer(np.int32([1, 2]), "r", t,
                                                  alignment=4.0)
    with pytest.raises(TypeError, match="alignment must be unsigned, got -4$"):
        DenseResourceElementsAttr.get_from_buffer(np.int32([1, 2]), "r", t,
                                                  alignment=-4)
    with pytest.raises(ValueError, match="alignment must be a power of two, got 3"):
        DenseResourceElementsAttr.get_from_buffer(np.int32([1, 2]), "r", t,
                                                  alignment=3)
