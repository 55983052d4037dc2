"""The irdl dialect (mlir.dialects.irdl): dialects defined in IRDL, parsed or
built with the Python builders, loaded into a context and then used, their
constraints acting as verifiers; the variadicity attributes; an invalid or
second definition of a dialect raises MLIRError."""

import pytest

from mlir.ir import (Attribute, Context, InsertionPoint, Location, MLIRError,
                     Module, Type)
from mlir.dialects import irdl


CMATH = """
irdl.dialect @cmath {
  irdl.type @complex {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    irdl.parameters(elem: %2)
  }
  irdl.operation @norm {
    %0 = irdl.any
    %1 = irdl.parametric @cmath::@complex<%0>
    irdl.operands(c: %1)
    irdl.results(r: %0)
  }
}
"""


CMATH_USE = """
func.func @f(%c: !cmath.complex<f32>) -> f32 {
  %r = "cmath.norm"(%c) : (!cmath.complex<f32>) -> f32
  return %r : f32
}
"""


def test_irdl_load_dialects_from_text(ctx):
    with pytest.raises(MLIRError,
                       match=r'^Unable to parse module assembly:\nerror: "-":2:25: `!"cmath"<"complex<f32>">` type created with unregistered dialect'):
        Module.parse(CMATH_USE)            # no cmath dialect yet
    irdl.load_dialects(Module.parse(CMATH))
    m = Module.parse(CMATH_USE)
    assert m.operation.verify()
    norm = m.body.operations[0].regions[0].blocks[0].operations[0]
    assert norm.operation.name == "cmath.norm"
    assert str(norm.operands[0].type) == "!cmath.complex<f32>"
    assert str(Type.parse("!cmath.complex<f64>")) == "!cmath.complex<f64>"
    # The IRDL constraints are the dialect's verifiers.
    with pytest.raises(MLIRError, match="expects exactly 1 operands"):
        Module.parse('%r = "cmath.norm"() : () -> f32')
    with pytest.raises(MLIRError,
                       match='^Unable to parse type:\\nerror: "!cmath.complex<i32>":1:8: \'i32\' does not satisfy the constraint'):
        Type.parse("!cmath.complex<i32>")
    # A second definition of a dialect the context has is refused (MLIR
    # itself would crash), as is a registered dialect's name.
    with pytest.raises(MLIRError, match="already has a dialect named 'cmath'"):
        irdl.load_dialects(Module.parse(CMATH))
    with pytest.raises(MLIRError, match="named 'arith'"):
        irdl.load_dialects(Module.parse("irdl.dialect @arith {}"))
    with pytest.raises(TypeError):
        irdl.load_dialects(Module.parse(CMATH).operation)


def test_irdl_load_dialects_verifies_first(ctx):
    # Built, not parsed (the parser verifies): two irdl.operands in one op.
    with Location.unknown():
        bad = Module.create()
        with InsertionPoint(bad.body):
            d = irdl.dialect("twice")
            with InsertionPoint(d.body):
                o = irdl.operation_("o")
                with InsertionPoint(o.body):
                    a = irdl.any()
                    irdl.operands_([a], ["x"], ["single"])
                    irdl.operands_([a], ["y"], ["single"])
    with pytest.raises(MLIRError, match="failed to load IRDL") as e:
        irdl.load_dialects(bad)
    assert "irdl.operands" in e.value.error_diagnostics[0].message
    with pytest.raises(MLIRError,
                       match=r'^Unable to parse module assembly:\nerror: "-":1:10: operation being parsed with an unregistered dialect'):
        Module.parse('"twice.o"() : () -> ()')


def test_irdl_builders_and_variadicity(ctx):
    with Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            d = irdl.dialect("pydl")
            assert type(d) is irdl.DialectOp
            with InsertionPoint(d.body):
                o = irdl.operation_("op")
                with InsertionPoint(o.body):
                    a = irdl.any()
                    irdl.operands_([a, a], ["x", "rest"],
                                   ["single", irdl.Variadicity.variadic])
                    irdl.results_([a], ["r"], [irdl.Variadicity.optional])
                t = irdl.type_("t")
                irdl.attribute("a")
    assert len(t.body.operations) == 0
    text = str(m)
    assert "irdl.operands(x: %0, rest: variadic %0)" in text
    assert "irdl.results(r: optional %0)" in text
    assert m.operation.verify()
    irdl.load_dialects(m)
    use = Module.parse('%a = arith.constant 1 : i32\n'
                       '%r = "pydl.op"(%a, %a, %a) : (i32, i32, i32) -> i32')
    assert use.body.operations[1].operation.name == "pydl.op"
    assert str(Type.parse("!pydl.t")) == "!pydl.t"

    v = irdl.variadicity_attr(irdl.Variadicity.optional)
    assert str(v) == "#irdl<variadicity optional>"
    assert v == Attribute.parse("#irdl<variadicity optional>")
    arr = irdl.variadicity_array_attr(["single", irdl.Variadicity.variadic, v])
    assert arr == Attribute.parse(
        "#irdl<variadicity_array[single, variadic, optional]>")
    assert irdl.variadicity_array_attr([]) == Attribute.parse(
        "#irdl<variadicity_array[]>")
    with pytest.raises(ValueError, match="one of single, optional, variadic"):
        irdl.variadicity_attr("many")
    with pytest.raises(TypeError, match=r"^variadicity must be a Variadicity or a str, not int$"):
        irdl.variadicity_attr(1)
    with pytest.raises(TypeError, match=r"^values must be a sequence, not str$"):
        irdl.variadicity_array_attr("single")
    with pytest.raises(ValueError, match="variadicity"):
        irdl.variadicity_array_attr([Attribute.parse("unit")])
    with pytest.raises(ValueError, match="context"):
        irdl.variadicity_array_attr([irdl.variadicity_attr("single",
                                                           Context())])
