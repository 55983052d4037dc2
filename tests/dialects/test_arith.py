"""The arith dialect (mlir.dialects.arith): the generated op classes, their
accessors and snake_case builders, enums and attribute builders, and the
hand-written arith.constant / ConstantOp (ints, floats, attributes, arrays),
built, verified and printed exactly; i1 constants read back as BoolAttr; bad
input raises TypeError or ValueError naming the op and the argument."""

import array

import pytest

from mlir import ir
from mlir.ir import (Attribute, BoolAttr, Context, FloatAttr, InsertionPoint,
                     IntegerAttr, IntegerType, Location, Module)
from mlir.dialects import arith, func, _arith_ops_gen

from .helpers import A, T, build, check


# -- generated classes and builders -------------------------------------------

def test_generated_class_and_accessors():
    def body():
        f32 = T("f32")
        a = arith.ConstantOp(f32, 1.5)
        b = arith.constant(f32, 2.0)
        add = arith.AddFOp(a, b, fastmath=Attribute.parse("#arith.fastmath<fast>"))
        assert add.OPERATION_NAME == "arith.addf"
        assert add.lhs == a.result and add.rhs == b
        assert str(add.fastmath) == "#arith.fastmath<fast>"
        assert add.result.owner == add
        assert a.literal_value == 1.5
        # the generic Operation comes back as the registered class
        assert isinstance(add.operation.opview, arith.AddFOp)
        assert type(a.operation.opview) is arith.ConstantOp
        # value builder returns the Value
        v = arith.subf(add, b)
        assert v.owner.name == "arith.subf"
        # default-valued attributes are mandatory: settable, not deletable
        with pytest.raises(AttributeError, match="cannot be deleted"):
            del add.fastmath
        with pytest.raises(ValueError, match="not allowed"):
            add.fastmath = None
        addi = arith.AddIOp(arith.constant(T("i8"), 1), arith.constant(T("i8"), 2))
        assert str(addi.overflowFlags) == "#arith.overflow<none>"
        addi.overflowFlags = Attribute.parse("#arith.overflow<nsw>")
        assert "overflow<nsw>" in str(addi)

    m = build(body)
    check(m, """
        module {
          %cst = arith.constant 1.500000e+00 : f32
          %cst_0 = arith.constant 2.000000e+00 : f32
          %0 = arith.addf %cst, %cst_0 fastmath<fast> : f32
          %1 = arith.subf %0, %cst_0 : f32
          %c1_i8 = arith.constant 1 : i8
          %c2_i8 = arith.constant 2 : i8
          %2 = arith.addi %c1_i8, %c2_i8 overflow<nsw> : i8
        }
    """)


def test_enum_and_attribute_builders():
    assert str(arith.CmpIPredicate.ult) == "ult"
    assert int(arith.CmpFPredicate.OEQ) == 1
    flags = arith.FastMathFlags.nnan | arith.FastMathFlags.ninf
    assert str(flags) == "nnan,ninf"

    def body():
        f = T("f64")
        x = arith.constant(f, 1.0)
        # a Python enum value goes through the registered attribute builder
        arith.cmpf(arith.CmpFPredicate.OLT, x, x)
        arith.addf(x, x, fastmath=arith.FastMathFlags.fast)
        arith.constant(T("index"), 4)

    m = build(body)
    check(m, """
        module {
          %cst = arith.constant 1.000000e+00 : f64
          %0 = arith.cmpf olt, %cst, %cst : f64
          %1 = arith.addf %cst, %cst fastmath<fast> : f64
          %c4 = arith.constant 4 : index
        }
    """)


def test_bad_input_is_a_python_error():
    with Context(), Location.unknown():
        i32 = T("i32")
        c = arith.constant(i32, 1)
        # Upstream's words, then the argument.
        with pytest.raises(ValueError, match=r'^Operand 1 of operation "arith\.addi" must be a Value \(is not a Value\); argument \'rhs\' got int$'):
            arith.AddIOp(c, 5)
        # An operand whose type the result takes is read first: upstream's
        # AttributeError when it has none (unless the result type is given).
        with pytest.raises(AttributeError, match=r"^'NoneType' object has no attribute 'type'$"):
            arith.addi(None, c)
        with pytest.raises(AttributeError, match=r"^'int' object has no attribute 'type'$"):
            arith.AddIOp(3, c)
        with pytest.raises(ValueError, match=r'^Operand 0 of operation "arith\.addi" must be a Value \(contained a None item\)'):
            arith.AddIOp(None, c, results=[i32])
        with pytest.raises(ValueError, match=r'^Operand 1 of operation "arith\.addi" must be a Value \(contained a None item\)'):
            arith.addi(c, None)
        assert str(arith.addi(c.owner, c).type) == "i32"     # an op: its result
        # Missing and extra positional arguments: Python's words.
        with pytest.raises(TypeError, match=r"^AddIOp\.__init__\(\) missing 1 required positional argument: 'rhs'$"):
            arith.AddIOp(c)
        with pytest.raises(TypeError, match=r"^addi\(\) missing 1 required positional argument: 'lhs'$"):
            arith.addi(rhs=c)
        with pytest.raises(TypeError, match=r"^addi\(\) missing 2 required positional arguments: 'lhs' and 'rhs'$"):
            arith.addi()
        with pytest.raises(TypeError, match=r"^AddIOp\.__init__\(\) takes 3 positional arguments but 4 were given$"):
            arith.AddIOp(c, c, c)
        with pytest.raises(TypeError, match=r"^addi\(\) takes 2 positional arguments but 3 were given$"):
            arith.addi(c, c, c)
        with pytest.raises(ValueError, match=r'^Result 0 of operation "arith\.extsi" must be a Type \(std::bad_cast\)'):
            arith.ExtSIOp(None, c)
        with pytest.raises(TypeError, match=r"^ReturnOp\.__init__\(\) missing 1 required positional argument: 'operands_'$"):
            func.ReturnOp()
        with pytest.raises(TypeError, match=r"arith\.constant: missing required attribute 'value'"):
            _arith_ops_gen.ConstantOp(None)
        # int()'s error, as upstream's, then where it came from.
        with pytest.raises(ValueError, match=r"^invalid literal for int\(\) with base 10: 'slt' \(arith\.cmpi: argument 'predicate'"):
            arith.cmpi("slt", c, c)
        with pytest.raises(TypeError, match=r"^'OpResult' object is not iterable"):
            func.ReturnOp(c)
        with pytest.raises(TypeError, match=r'^Invalid attribute value for the key "value" when attempting to create the operation "arith\.constant" \(value must be'):
            arith.ConstantOp(i32, "1")
        with pytest.raises(ValueError, match="does not fit"):
            arith.ConstantOp(T("i8"), 1000)
        with pytest.raises(ValueError, match=r'^Result 0 of operation "func\.call" must be a Type \(std::bad_cast\)'):
            func.CallOp([c], "f", [])
        with pytest.raises(ValueError, match=r'^Result 1 of operation "arith\.addui_extended" must be a Type \(std::bad_cast\); argument \'overflow\' got list$'):
            arith.AddUIExtendedOp(i32, [i32], c, c)
        # the context survives
        assert str(arith.addi(c, c).type) == "i32"


def test_snake_case_builders_are_plain_functions():
    """The snake_case builders are functions with the builder's signature in
    snake_case (introspectable), build through the same C builder as the
    class and return the result Value bound to an object of the registered
    op class."""
    import inspect
    sig = inspect.signature(arith.addi)
    # (upstream's: the .pyx collects extra positionals, reported in
    # Python's words, which the signature does not show)
    assert list(sig.parameters) == ["lhs", "rhs", "overflow_flags", "results",
                                    "loc", "ip"]
    assert sig.parameters["lhs"].default is inspect.Parameter.empty
    assert sig.parameters["overflow_flags"].kind is inspect.Parameter.KEYWORD_ONLY
    assert arith.addi.__name__ == "addi"
    assert arith.addi.__doc__ == "Builds arith.addi (AddIOp); returns its result."
    with Context(), Location.unknown():
        m = Module.create()
        i32 = T("i32")
        with InsertionPoint(m.body):
            c = arith.constant(i32, 2)
            s = arith.addi(c, c, overflow_flags=arith.IntegerOverflowFlags.nsw)
            with pytest.raises(TypeError, match="overflowFlags"):
                arith.addi(c, c, overflowFlags=None)
            hi, lo = arith.mului_extended(c, c)
            cmp = arith.cmpi(arith.CmpIPredicate.slt, c, s)
        assert isinstance(s.owner, arith.AddIOp) and s.owner.lhs == c
        assert str(hi.type) == "i32" and str(cmp.type) == "i1"
        assert str(m.body.operations[1]) == \
            "%0 = arith.addi %c2_i32, %c2_i32 overflow<nsw> : i32"


# -- arith.constant -----------------------------------------------------------

def test_constant_paths_print_and_check():
    """arith.constant / ConstantOp: ints (bool included), floats and
    Attributes with a result type are built from that type; an Attribute
    alone gives its own type; every refusal is a Python exception."""
    with Context(), Location.unknown():
        m = Module.create()
        i1, i8, i64, f16 = T("i1"), T("i8"), T("i64"), T("f16")
        with InsertionPoint(m.body):
            assert arith.constant(i1, True).owner.literal_value == 1
            big = arith.ConstantOp(i64, (1 << 63) - 1)
            assert big.literal_value == (1 << 63) - 1
            assert isinstance(big, arith.ConstantOp)
            half = arith.constant(f16, 0.5)
            typed = arith.ConstantOp(i8, IntegerAttr.get(i8, -3))
            inferred = arith.ConstantOp(None, IntegerAttr.get(i64, 9))
            v = arith.constant(None, FloatAttr.get_f64(2.5))
            idx = arith.ConstantOp.create_index(4)
        assert isinstance(half.owner, arith.ConstantOp)
        assert str(typed.type) == "i8" and str(inferred.type) == "i64"
        assert str(v.type) == "f64" and str(idx.type) == "index"
        assert m.operation.verify()
        assert str(m) == (
            "module {\n"
            "  %true = arith.constant true\n"
            "  %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64\n"
            "  %cst = arith.constant 5.000000e-01 : f16\n"
            "  %c-3_i8 = arith.constant -3 : i8\n"
            "  %c9_i64 = arith.constant 9 : i64\n"
            "  %cst_0 = arith.constant 2.500000e+00 : f64\n"
            "  %c4 = arith.constant 4 : index\n"
            "}\n")
        with pytest.raises(TypeError, match="must be a Type, not int"):
            arith.constant(3, 4)
        with pytest.raises(TypeError, match="needs a float type"):
            arith.constant(i8, 1.5)
        with pytest.raises(TypeError, match="needs an integer or index type"):
            arith.constant(f16, 1)
        with pytest.raises(ValueError, match="does not fit"):
            arith.constant(i1, 2)
        with pytest.raises(TypeError, match="value must be"):
            arith.constant(i8, None)
        with Context() as other:
            foreign = IntegerType.get_signless(32, context=other)
        with pytest.raises(ValueError, match="another Context"):
            arith.constant(foreign, 1)
        # nothing was inserted by the refused calls
        assert len(m.body.operations) == 7


def test_arith_constant_from_arrays_and_attributes():
    seen = {}

    def body():
        vi = T("vector<3xi32>")

        @func.func()
        def consts():
            a = arith.constant(vi, array.array("i", [1, 2, 3]))
            b = arith.ConstantOp(T("tensor<2x2xi32>"),
                                 array.array("i", [1, 2, 3, 4]))
            c = arith.constant(T("tensor<2xf32>"), array.array("f", [1, 2]))
            d = arith.constant(T("tensor<2xf64>"), array.array("d", [.5, 2]))
            e = arith.constant(T("tensor<2xi64>"), array.array("q", [7, 8]))
            # An attribute alone, or an attribute whose type wins over the
            # given result type.
            f = arith.ConstantOp(A("5 : i16"), None)
            g = arith.ConstantOp(T("f32"), A("6 : i8"))
            h = arith.constant(A("dense<1> : vector<2xi8>"), None)
            seen["types"] = [str(x.type) for x in (f, g)]
            return a, b, c, d, e, f, g, h

    check(build(body), """
        module {
          func.func @consts() -> (vector<3xi32>, tensor<2x2xi32>, tensor<2xf32>, tensor<2xf64>, tensor<2xi64>, i16, i8, vector<2xi8>) {
            %cst = arith.constant dense<[1, 2, 3]> : vector<3xi32>
            %cst_0 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
            %cst_1 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
            %cst_2 = arith.constant dense<[5.000000e-01, 2.000000e+00]> : tensor<2xf64>
            %cst_3 = arith.constant dense<[7, 8]> : tensor<2xi64>
            %c5_i16 = arith.constant 5 : i16
            %c6_i8 = arith.constant 6 : i8
            %cst_4 = arith.constant dense<1> : vector<2xi8>
            return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %c5_i16, %c6_i8, %cst_4 : vector<3xi32>, tensor<2x2xi32>, tensor<2xf32>, tensor<2xf64>, tensor<2xi64>, i16, i8, vector<2xi8>
          }
        }
    """)
    assert seen["types"] == ["i16", "i8"]


def test_arith_constant_bad_input(ctx):
    module = ir.Module.create()
    with InsertionPoint(module.body):
        vi = T("vector<3xi32>")
        with pytest.raises(ValueError, match=r"Mismatching array element "
                           r"\(64\) and type \(32\) width"):
            arith.constant(vi, array.array("d", [1, 2, 3]))
        with pytest.raises(ValueError, match='Unsupported typecode: "b"'):
            arith.constant(T("vector<2xi8>"), array.array("b", [1, 2]))
        with pytest.raises(ValueError):
            arith.constant(vi, array.array("i", [1, 2]))
        with pytest.raises(TypeError, match="shaped result type"):
            arith.constant(T("i32"), array.array("i", [1]))
        with pytest.raises(TypeError, match="element type"):
            arith.constant(T("vector<2xindex>"), array.array("q", [1, 2]))
        with pytest.raises(TypeError, match="None only when the first argument is an Attribute"):
            arith.ConstantOp(T("i32"), None)
        with pytest.raises(TypeError, match=r"ConstantOp\.__init__\(\)"):
            arith.ConstantOp(T("i32"))
        with pytest.raises(TypeError, match=r"ConstantOp\.__init__\(\)"):
            arith.ConstantOp(T("i32"), 1, 2)
        with pytest.raises(TypeError):
            arith.ConstantOp(T("i32"), [1, 2])
        # arith.constant is compiled; it reports its arguments as Python
        # would for upstream's `def constant(result, value, *, loc, ip)`.
        with pytest.raises(TypeError, match=r"^constant\(\) missing 1 "
                           r"required positional argument: 'value'$"):
            arith.constant(T("i32"))
        with pytest.raises(TypeError, match=r"^constant\(\) takes 2 "
                           r"positional arguments but 3 were given$"):
            arith.constant(T("i32"), 1, 2)
        with pytest.raises(TypeError, match="not str"):
            arith.constant(T("i32"), "1")
        with pytest.raises(TypeError, match="unexpected keyword"):
            arith.constant(T("i32"), 1, where=None)
        # A typed attribute is built in C: one of another context is
        # refused, whatever the first argument is.
        with ir.Context():
            foreign = ir.IntegerAttr.get(ir.IntegerType.get_signless(8), 1)
        for result in (T("i8"), None):
            with pytest.raises(ValueError, match=r"^arith\.constant: "
                               r"attribute 'value' belongs to another "
                               r"Context$"):
                arith.ConstantOp(result, foreign)
            with pytest.raises(ValueError, match="another Context"):
                arith.constant(result, foreign)
    assert len(module.body.operations) == 0
    assert (arith.constant.__name__, arith.constant.__module__) == (
        "constant", "mlir.dialects.arith")
    import inspect
    assert str(inspect.signature(arith.constant)) == \
        "(result, value, *, loc=None, ip=None)"
    assert str(inspect.signature(arith.ConstantOp.__init__)) == \
        "(self, result, value, *, loc=None, ip=None)"
    assert arith.ConstantOp(T("i32"), value=3).literal_value == 3
    # Defaults as upstream's Python functions show them.
    for f in (arith.constant, arith.ConstantOp.__init__):
        assert f.__defaults__ is None
        assert f.__kwdefaults__ == {"loc": None, "ip": None}


def test_constant_argument_errors_are_cpythons():
    """Upstream's arith.constant and ConstantOp.__init__ are Python
    functions: too many positionals are counted as CPython counts them,
    keyword-only arguments given included (upstream's 22.1.8 wheel gives
    these messages)."""
    with ir.Context(), ir.Location.unknown():
        i32 = IntegerType.get_signless(32)
        cases = [
            (lambda: arith.constant(i32, 1, 2),
             "constant() takes 2 positional arguments but 3 were given"),
            (lambda: arith.ConstantOp(i32, 1, 2),
             "ConstantOp.__init__() takes 3 positional arguments but 4 were "
             "given"),
            (lambda: arith.constant(i32, 1, 2, loc=None),
             "constant() takes 2 positional arguments but 3 positional "
             "arguments (and 1 keyword-only argument) were given"),
            (lambda: arith.ConstantOp(i32, 1, 2, loc=None, ip=None),
             "ConstantOp.__init__() takes 3 positional arguments but 4 "
             "positional arguments (and 2 keyword-only arguments) were "
             "given"),
            (lambda: arith.constant(i32, loc=None),
             "constant() missing 1 required positional argument: 'value'"),
        ]
        for call, message in cases:
            with pytest.raises(TypeError) as e:
                call()
            assert str(e.value) == message


def test_i1_integer_attributes_come_back_as_bool_attr():
    seen = {}

    def body():
        i1, i8 = IntegerType.get_signless(1), IntegerType.get_signless(8)
        seen["true"] = arith.ConstantOp(i1, True).value
        seen["one"] = arith.ConstantOp(i1, 1).value
        seen["false"] = arith.constant(i1, False).owner.opview.value
        seen["i8"] = arith.ConstantOp(i8, 1).value

    check(build(body), """
        module {
          %true = arith.constant true
          %true_0 = arith.constant true
          %false = arith.constant false
          %c1_i8 = arith.constant 1 : i8
        }
    """)
    for key, value in (("true", True), ("one", True), ("false", False)):
        attr = seen[key]
        assert type(attr) is BoolAttr, key
        assert attr.value is value
    assert type(seen["i8"]) is IntegerAttr and seen["i8"].value == 1


def test_constant_unknown_keyword_names_the_class(ctx):
    """Cython's own error about a keyword names the compiled __init__ as
    the class's, as upstream's Python __init__ is named."""
    with pytest.raises(TypeError) as e:
        arith.ConstantOp(bogus=1)
    assert str(e.value) == ("ConstantOp.__init__() got an unexpected keyword "
                            "argument 'bogus'")
