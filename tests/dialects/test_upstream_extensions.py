"""Upstream's hand-written dialect extensions (func, arith, scf, affine,
linalg, transform): IR built from Python, verified, printed exactly and
parsed back."""

import array

import pytest

from mlir import ir
from mlir.ir import (Attribute, Context, InsertionPoint, Location, Type)
from mlir.dialects import arith, func

from .helpers import build, check


def T(s):
    return Type.parse(s)


def A(s):
    return Attribute.parse(s)


@pytest.fixture
def ctx():
    with Context() as c, Location.unknown():
        yield c


# -- func ---------------------------------------------------------------------

def test_func_is_the_decorator():
    assert func.func == func.FuncOp.from_py_func
    assert isinstance(func.FuncOp.__dict__["from_py_func"], classmethod)

    calls = {}

    def body():
        f32 = T("f32")

        @func.func(f32, results=[f32])
        def explicit(x):
            func.ReturnOp([x])

        @func.func(f32)
        def nothing(x):
            pass

        @func.func(f32, name="renamed")
        def twice(x, func_op):
            calls["func_op"] = func_op
            return arith.addf(x, x)

        @func.func(f32)
        def caller(x):
            calls["none"] = nothing(x)
            calls["one"] = twice(x)
            return explicit(calls["one"])

        assert explicit.__name__ == "explicit"
        assert explicit.__doc__ is None
        assert isinstance(twice.func_op, func.FuncOp)

    check(build(body), """
        module {
          func.func @explicit(%arg0: f32) -> f32 {
            return %arg0 : f32
          }
          func.func @nothing(%arg0: f32) {
            return
          }
          func.func @renamed(%arg0: f32) -> f32 {
            %0 = arith.addf %arg0, %arg0 : f32
            return %0 : f32
          }
          func.func @caller(%arg0: f32) -> f32 {
            call @nothing(%arg0) : (f32) -> ()
            %0 = call @renamed(%arg0) : (f32) -> f32
            %1 = call @explicit(%0) : (f32) -> f32
            return %1 : f32
          }
        }
    """)
    assert isinstance(calls["none"], ir.OpResultList)
    assert len(calls["none"]) == 0
    assert isinstance(calls["one"], ir.Value)
    assert isinstance(calls["func_op"], func.FuncOp)


def test_func_explicit_results_no_implicit_return(ctx):
    f32 = T("f32")
    module = ir.Module.create()
    with InsertionPoint(module.body):
        @func.func(f32, results=[f32])
        def open_body(x):
            pass

        with pytest.raises(AssertionError):
            @func.func(f32, results=[f32])
            def returns_value(x):
                return x
    block = open_body.func_op.entry_block
    assert len(block.operations) == 0
    assert str(open_body.func_op.type) == "(f32) -> f32"
    # The body is left for the caller to finish.
    with InsertionPoint(block):
        func.ReturnOp([block.arguments[0]])
    assert open_body.func_op.verify()


def test_func_constant_type():
    def body():
        i32 = T("i32")
        callee = func.FuncOp("callee", ([i32], [i32]), visibility="private")

        @func.func()
        def get():
            c = func.ConstantOp(callee.type, ir.FlatSymbolRefAttr.get("callee"))
            assert str(c.type) == "(i32) -> i32"
            return c

    check(build(body), """
        module {
          func.func private @callee(i32) -> i32
          func.func @get() -> ((i32) -> i32) {
            %f = constant @callee : (i32) -> i32
            return %f : (i32) -> i32
          }
        }
    """)


# -- arith --------------------------------------------------------------------

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
    assert len(module.body.operations) == 0
