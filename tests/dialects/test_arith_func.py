"""func and arith through the generated builders and their extensions."""

import pytest

from mlir.ir import (Attribute, FloatAttr, IntegerAttr, IntegerType, Context, InsertionPoint, Location, Module,
                     OpView, Type)
from mlir.dialects import arith, func, _arith_ops_gen

from .helpers import build, check


def t(s):
    return Type.parse(s)


def test_function_from_python():
    def body():
        i32 = t("i32")

        @func.FuncOp.from_py_func(i32, i32)
        def add_mul(a, b):
            s = arith.addi(a, b)
            c = arith.constant(i32, 3)
            return arith.muli(s, c)

        f = func.FuncOp("neg", ([t("f32")], [t("f32")]), visibility="private")
        with InsertionPoint(f.add_entry_block()):
            x = f.arguments[0]
            func.ReturnOp([arith.negf(x)])

    m = build(body)
    check(m, """
        module {
          func.func @add_mul(%arg0: i32, %arg1: i32) -> i32 {
            %0 = arith.addi %arg0, %arg1 : i32
            %c3_i32 = arith.constant 3 : i32
            %1 = arith.muli %0, %c3_i32 : i32
            return %1 : i32
          }
          func.func private @neg(%arg0: f32) -> f32 {
            %0 = arith.negf %arg0 : f32
            return %0 : f32
          }
        }
    """)


def test_body_builder_call_and_cmp():
    def body():
        i64 = t("i64")

        def callee_body(f):
            a, b = f.arguments
            lt = arith.cmpi(arith.CmpIPredicate.slt, a, b)
            func.ReturnOp([arith.select(lt, a, b)])

        callee = func.FuncOp("min", ([i64, i64], [i64]),
                             body_builder=callee_body)
        caller = func.FuncOp("caller", ([i64], [i64]))
        with InsertionPoint(caller.add_entry_block()):
            c = arith.ConstantOp(i64, -7)
            call = func.CallOp(callee, [caller.arguments[0], c])
            func.ReturnOp(call.results)
        assert isinstance(call, func.CallOp)
        assert c.literal_value == -7
        assert callee.type == t("(i64, i64) -> i64")
        assert not callee.is_external and callee.entry_block is callee.body.blocks[0] or True

    m = build(body)
    check(m, """
        module {
          func.func @min(%arg0: i64, %arg1: i64) -> i64 {
            %0 = arith.cmpi slt, %arg0, %arg1 : i64
            %1 = arith.select %0, %arg0, %arg1 : i64
            return %1 : i64
          }
          func.func @caller(%arg0: i64) -> i64 {
            %c-7_i64 = arith.constant -7 : i64
            %0 = call @min(%arg0, %c-7_i64) : (i64, i64) -> i64
            return %0 : i64
          }
        }
    """)


def test_generated_class_and_accessors():
    def body():
        f32 = t("f32")
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
        addi = arith.AddIOp(arith.constant(t("i8"), 1), arith.constant(t("i8"), 2))
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
        f = t("f64")
        x = arith.constant(f, 1.0)
        # a Python enum value goes through the registered attribute builder
        arith.cmpf(arith.CmpFPredicate.OLT, x, x)
        arith.addf(x, x, fastmath=arith.FastMathFlags.fast)
        arith.constant(t("index"), 4)

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
        i32 = t("i32")
        c = arith.constant(i32, 1)
        with pytest.raises(TypeError, match=r"arith\.addi: operand 'rhs' must be a Value, not int"):
            arith.AddIOp(c, 5)
        # Missing and extra positional arguments name the op (or builder)
        # and the argument.
        with pytest.raises(TypeError, match=r"arith\.addi: missing operand 'rhs'"):
            arith.AddIOp(c)
        with pytest.raises(TypeError, match=r"arith\.addi: missing operand 'lhs'"):
            arith.addi(rhs=c)
        with pytest.raises(TypeError, match=r"^AddIOp\.__init__\(\) takes 3 positional arguments but 4 were given$"):
            arith.AddIOp(c, c, c)
        with pytest.raises(TypeError, match=r"^addi\(\) takes 2 positional arguments but 3 were given$"):
            arith.addi(c, c, c)
        with pytest.raises(TypeError, match=r"arith\.extsi: missing result type 'out'"):
            arith.ExtSIOp(None, c)
        with pytest.raises(TypeError, match=r"func\.return: missing operands"):
            func.ReturnOp()
        with pytest.raises(TypeError, match=r"arith\.constant: missing required attribute 'value'"):
            _arith_ops_gen.ConstantOp(None)
        with pytest.raises(TypeError, match=r"arith\.cmpi: argument 'predicate'"):
            arith.cmpi("slt", c, c)
        with pytest.raises(TypeError, match=r"func\.return: operands_ must be a list of Values, not OpResult"):
            func.ReturnOp(c)
        with pytest.raises(TypeError, match=r"arith\.constant: value must be"):
            arith.ConstantOp(i32, "1")
        with pytest.raises(ValueError, match="does not fit"):
            arith.ConstantOp(t("i8"), 1000)
        with pytest.raises(TypeError, match=r"func\.call: result type|must be a list of Types"):
            func.CallOp([c], "f", [])
        with pytest.raises(TypeError, match=r"arith\.addui_extended: result type 'overflow' must be a Type, not list"):
            arith.AddUIExtendedOp(i32, [i32], c, c)
        # the context survives
        assert str(arith.addi(c, c).type) == "i32"


def test_constant_paths_print_and_check():
    """arith.constant / ConstantOp: ints (bool included), floats and
    Attributes with a result type are built from that type; an Attribute
    alone gives its own type; every refusal is a Python exception."""
    with Context(), Location.unknown():
        m = Module.create()
        i1, i8, i64, f16 = t("i1"), t("i8"), t("i64"), t("f16")
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


def test_snake_case_builders_are_plain_functions():
    """The snake_case builders are functions with the builder's signature in
    snake_case (introspectable), build through the same C builder as the
    class and return the result Value bound to an object of the registered
    op class."""
    import inspect
    sig = inspect.signature(arith.addi)
    # (`_ods_extra` collects extra positionals, reported naming the builder)
    assert list(sig.parameters) == ["lhs", "rhs", "_ods_extra",
                                     "overflow_flags", "results", "loc", "ip"]
    assert sig.parameters["overflow_flags"].kind is inspect.Parameter.KEYWORD_ONLY
    assert arith.addi.__name__ == "addi"
    assert arith.addi.__doc__ == "Builds arith.addi (AddIOp); returns its result."
    with Context(), Location.unknown():
        m = Module.create()
        i32 = t("i32")
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
