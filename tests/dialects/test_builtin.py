"""The builtin dialect's BoolAttr: true and false, and i1 integer attributes,
come back as BoolAttr when parsed or read from arrays and dictionaries,
while an explicitly built IntegerAttr keeps its class, as upstream."""

from mlir.ir import (ArrayAttr, Attribute, BoolAttr, DictAttr, IntegerAttr,
                     IntegerType)


def test_bool_attr_downcasting(ctx):
    i1 = IntegerType.get_signless(1)
    assert type(Attribute.parse("true")) is BoolAttr
    assert type(Attribute.parse("false").maybe_downcast()) is BoolAttr
    assert type(ArrayAttr.get([BoolAttr.get(True)])[0]) is BoolAttr
    assert type(DictAttr.get({"x": BoolAttr.get(False)})["x"]) is BoolAttr
    # An explicit IntegerAttr.get keeps its class, as upstream.
    explicit = IntegerAttr.get(i1, 1)
    assert type(explicit) is IntegerAttr
    assert type(IntegerAttr(BoolAttr.get(True))) is IntegerAttr
    assert IntegerAttr(BoolAttr.get(True)).value == 1
    assert explicit == BoolAttr.get(True)
    assert type(Attribute.parse("1 : i2")) is IntegerAttr
    assert type(Attribute.parse("-1 : si1")) is IntegerAttr
