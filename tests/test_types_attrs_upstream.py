"""Builtin types and attributes where upstream's behaviour is specific:
ComplexType element types, static_typeid of classes without a TypeID,
FlatSymbolRefAttr downcasting, parse error messages and
Context.emit_error_diagnostics."""

import pytest

from mlir.ir import (
    ArrayAttr, Attribute, BF16Type, BoolAttr, ComplexType, Context,
    DenseBoolArrayAttr, DenseElementsAttr, DenseF64ArrayAttr,
    DenseFPElementsAttr, DenseI8ArrayAttr, DenseIntElementsAttr,
    DenseResourceElementsAttr, F16Type, F32Type, F64Type, FlatSymbolRefAttr,
    Float8E5M2Type, FloatTF32Type, FloatType, IndexType, IntegerAttr,
    IntegerType, Location, MLIRError, RankedTensorType, ShapedType,
    SymbolRefAttr, Type, VectorType,
)


@pytest.fixture
def ctx():
    with Context() as c, Location.unknown():
        yield c


def test_complex_element_types(ctx):
    for t in (IntegerType.get_signless(3), F16Type.get(), BF16Type.get(),
              F32Type.get(), F64Type.get()):
        assert ComplexType.get(t).element_type == t
    for t in (IndexType.get(), FloatTF32Type.get(), Float8E5M2Type.get(),
              ComplexType.get(F32Type.get()),
              RankedTensorType.get([2], F32Type.get())):
        with pytest.raises(ValueError,
                           match=r"and expected floating point or integer type\.$") as info:
            ComplexType.get(t)
        assert str(info.value) == \
            f"invalid 'Type({t})' and expected floating point or integer type."


@pytest.mark.parametrize("cls", [
    ShapedType, FloatType, BoolAttr, FlatSymbolRefAttr, SymbolRefAttr,
    DenseI8ArrayAttr, DenseBoolArrayAttr, DenseF64ArrayAttr, DenseElementsAttr,
    DenseIntElementsAttr, DenseFPElementsAttr, DenseResourceElementsAttr,
])
def test_classes_without_a_typeid(cls):
    with pytest.raises(AttributeError, match=r" has no typeid\.$") as info:
        cls.static_typeid
    assert str(info.value) == f"{cls.__name__} has no typeid."
    assert not hasattr(cls, "static_typeid")


def test_classes_with_a_typeid_keep_it(ctx):
    for cls, t in ((F32Type, F32Type.get()), (IntegerType, IntegerType.get_signless(8)),
                   (VectorType, VectorType.get([2], F32Type.get()))):
        assert t.typeid == cls.static_typeid
    assert IntegerAttr.get(IntegerType.get_signless(8), 1).typeid == \
        IntegerAttr.static_typeid
    # Downcasting of the attributes whose classes have no TypeID works.
    assert type(Attribute.parse("dense<[1, 2]> : tensor<2xi32>")) is DenseIntElementsAttr
    assert type(Attribute.parse("dense<1.0> : tensor<2xf32>")) is DenseFPElementsAttr
    assert type(Attribute.parse("array<i8: 1>")) is DenseI8ArrayAttr


def test_flat_symbol_refs_come_back_flat(ctx):
    flat = Attribute.parse("@foo")
    assert type(flat) is FlatSymbolRefAttr and flat.value == "foo"
    assert repr(flat) == "FlatSymbolRefAttr(@foo)"
    nested = Attribute.parse("@foo::@bar")
    assert type(nested) is SymbolRefAttr and nested.value == ["foo", "bar"]
    assert type(SymbolRefAttr.get(["x"])) is SymbolRefAttr
    assert type(SymbolRefAttr.get(["x"]).maybe_downcast()) is FlatSymbolRefAttr
    assert [type(a) for a in ArrayAttr.get([FlatSymbolRefAttr.get("x"), nested])] == \
        [FlatSymbolRefAttr, SymbolRefAttr]
    assert SymbolRefAttr(flat).value == ["foo"]
    with pytest.raises(ValueError,
                       match=r"^Cannot cast attribute to FlatSymbolRefAttr \(from Attribute\(@foo::@bar\)\)$"):
        FlatSymbolRefAttr(nested)


def test_parse_error_messages(ctx):
    with pytest.raises(MLIRError,
                       match=r'^Unable to parse attribute:\nerror: "BAD_ATTR":1:1: expected attribute value$') as info:
        Attribute.parse("BAD_ATTR")
    assert info.value.message == "Unable to parse attribute"
    assert str(info.value) == ('Unable to parse attribute:\n'
                               'error: "BAD_ATTR":1:1: expected attribute value')
    with pytest.raises(MLIRError,
                       match=r'^Unable to parse type:\nerror: "BAD_TYPE":1:1: ') as info:
        Type.parse("BAD_TYPE")
    assert info.value.message == "Unable to parse type"
    assert str(info.value).startswith('Unable to parse type:\nerror: "BAD_TYPE":1:1: ')


def test_emit_error_diagnostics_sends_errors_to_handlers(ctx):
    seen = []
    ctx.attach_diagnostic_handler(lambda d: seen.append(str(d)) or True)
    with pytest.raises(MLIRError,
                       match=r'^Unable to parse attribute:\nerror: "not an attr":1:1: expected attribute value$') as info:
        Attribute.parse("not an attr")
    assert [str(d) for d in info.value.error_diagnostics] == ["expected attribute value"]
    assert seen == []
    ctx.emit_error_diagnostics = True
    with pytest.raises(MLIRError, match=r"^Unable to parse attribute$") as info:
        Attribute.parse("not an attr")
    assert info.value.error_diagnostics == []
    assert str(info.value) == "Unable to parse attribute"
    assert seen == ["expected attribute value"]


def test_emit_error_diagnostics_without_handlers_prints(capfd):
    ctx = Context()
    ctx.emit_error_diagnostics = True
    with pytest.raises(MLIRError, match=r"^Unable to parse type$") as info:
        Type.parse("BAD_TYPE", ctx)
    assert info.value.error_diagnostics == []
    assert "expected non-function type" in capfd.readouterr().err
