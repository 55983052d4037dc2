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
