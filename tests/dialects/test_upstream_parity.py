"""Behaviour of the hand-written dialect modules that upstream's own tests
rely on: builtin.module as a region-op decorator, FuncOp.arg_attrs /
result_attrs, arith.ConstantOp.literal_value's error, GPUFuncOp's entry
block errors and dialect enum attributes built from their keyword."""

import pytest

from mlir.ir import (ArrayAttr, AttrBuilder, Context, DictAttr, F32Type,
                     FunctionType, InsertionPoint, IntegerType, Location,
                     MLIRError, Module, Operation, StringAttr, TypeAttr, UnitAttr,
                     VectorType, DenseElementsAttr)
from mlir.dialects import arith, builtin, func, gpu, index

from .helpers import build, check


# -- builtin.module ----------------------------------------------------------

def test_builtin_module_decorator_with_keywords():
    seen = {}

    def body():
        @builtin.module(sym_name="inner",
                        attrs={"transform.with_named_sequence":
                               UnitAttr.get()})
        def inner():
            arith.constant(IntegerType.get_signless(32), 7)

        seen["inner"] = inner

        @builtin.module
        def bare():
            pass

        seen["bare"] = bare

    check(build(body), """
        module {
          module @inner attributes {transform.with_named_sequence} {
            %c7_i32 = arith.constant 7 : i32
          }
          module {
          }
        }
    """)
    # The decorated names are the ops as Operations (builtin.module has no
    # results), as upstream's get_op_result_or_op_results gives them.
    assert type(seen["inner"]) is Operation
    assert str(seen["inner"].attributes["sym_name"]) == '"inner"'
    assert len(seen["bare"].regions[0].blocks[0].operations) == 0
    assert builtin.module.__name__ == "module"


def test_builtin_module_op_class_still_builds_its_block():
    def body():
        m = builtin.ModuleOp()
        with InsertionPoint(m.body):
            arith.constant(IntegerType.get_signless(8), 1)

    check(build(body), """
        module {
          module {
            %c1_i8 = arith.constant 1 : i8
          }
        }
    """)


def test_builtin_module_decorator_refuses_untyped_block_parameters():
    with Context(), Location.unknown():
        outer = Module.create()
        with InsertionPoint(outer.body):
            with pytest.raises(ValueError, match=(
                    r"^for body_builder=<function .*m at 0x[0-9a-f]+> either "
                    r"missing a type annotation or type annotation isn't a "
                    r"mlir type: \(x\) \(builtin.module: parameter 'x'")):
                @builtin.module
                def m(x):
                    pass
        # The module op was built before the body was refused, as upstream.
        assert len(outer.body.operations) == 1


# -- func.FuncOp arg_attrs / result_attrs ------------------------------------

def test_func_arg_attrs_default_and_setters():
    seen = {}

    def body():
        f32 = F32Type.get()
        f = func.FuncOp("f", ([f32, f32], [f32]))
        with InsertionPoint(f.add_entry_block()):
            func.ReturnOp([f.arguments[0]])
        # Without the attribute: one empty dictionary per input.
        seen["default"] = f.arg_attrs
        with pytest.raises(KeyError, match=r"^'attempt to access a non-existent attribute"):
            f.result_attrs
        f.arg_attrs = ArrayAttr.get(
            [DictAttr.get({"x.a": UnitAttr.get()}), DictAttr.get({})])
        f.result_attrs = ArrayAttr.get(
            [DictAttr.get({"x.r": StringAttr.get("s")})])
        seen["set"] = (str(f.arg_attrs), str(f.result_attrs))
        # A list of DictAttrs is accepted too.
        g = func.FuncOp("g", ([f32], []))
        with InsertionPoint(g.add_entry_block()):
            func.ReturnOp([])
        g.arg_attrs = [DictAttr.get({"x.b": UnitAttr.get()})]

    check(build(body), """
        module {
          func.func @f(%arg0: f32 {x.a}, %arg1: f32) -> (f32 {x.r = "s"}) {
            return %arg0 : f32
          }
          func.func @g(%arg0: f32 {x.b}) {
            return
          }
        }
    """)
    assert type(seen["default"]) is ArrayAttr
    assert str(seen["default"]) == "[{}, {}]"
    assert seen["set"] == ('[{x.a}, {}]', '[{x.r = "s"}]')


# -- arith.ConstantOp.literal_value ------------------------------------------

def test_literal_value_of_a_dense_constant_is_upstreams_value_error():
    def body():
        i32 = IntegerType.get_signless(32)
        vec = VectorType.get([2, 2], i32)
        c = arith.ConstantOp(vec, DenseElementsAttr.get_splat(
            vec, arith.ConstantOp(i32, 42).value))
        with pytest.raises(ValueError,
                           match=r"^only integer and float constants have literal values") as e:
            c.literal_value
        assert str(e.value).startswith(
            "only integer and float constants have literal values")
        assert "dense<42> : vector<2x2xi32>" in str(e.value)
        assert arith.ConstantOp(i32, -3).literal_value == -3
        assert arith.ConstantOp(F32Type.get(), 1.5).literal_value == 1.5

    build(body)


# -- gpu.GPUFuncOp entry block errors ----------------------------------------

def test_gpu_func_entry_block_errors_are_upstreams():
    def body():
        ft = TypeAttr.get(FunctionType.get([], []))
        f = gpu.GPUFuncOp(ft, StringAttr.get("k0"))
        with pytest.raises(RuntimeError,
                           match=r"^Entry block does not exist for k0\. Do you need to call the add_entry_block\(\) method") as e:
            f.entry_block
        assert str(e.value) == (
            "Entry block does not exist for k0. Do you need to call the "
            "add_entry_block() method on this GPUFuncOp?")
        f.add_entry_block()
        with pytest.raises(RuntimeError, match=r"^Entry block already exists for k0$") as e:
            f.add_entry_block()
        assert str(e.value) == "Entry block already exists for k0"
        f.operation.erase()

    build(body)


# -- dialect enum attributes from their keyword ------------------------------

def test_dialect_enum_attribute_builders_take_the_keyword_string():
    with Context() as ctx, Location.unknown():
        slt = AttrBuilder.get("IndexCmpPredicateAttr")("slt", context=ctx)
        assert str(slt) == "#index<cmp_predicate slt>"
        enum = AttrBuilder.get("IndexCmpPredicateAttr")(
            index.IndexCmpPredicate.SLT, context=ctx)
        assert enum == slt
        assert str(AttrBuilder.get("GPU_DimensionAttr")("x", context=ctx)) \
            == "#gpu<dim x>"
        # An unknown keyword is MLIR's parse error, as upstream's.
        with pytest.raises(MLIRError,
                           match=r'^Unable to parse attribute:\nerror: "#index<cmp_predicate bogus>":1:22: expected ::mlir::index::IndexCmpPredicate to be one of') as e:
            AttrBuilder.get("IndexCmpPredicateAttr")("bogus", context=ctx)
        assert "expected ::mlir::index::IndexCmpPredicate to be one of" \
            in str(e.value)
        # Other values go into the text as str() makes them, and fail to
        # parse there, as upstream's.
        for bad in (2.5, True, None):
            with pytest.raises(MLIRError, match="Unable to parse attribute"):
                AttrBuilder.get("IndexCmpPredicateAttr")(bad, context=ctx)


def test_index_cmp_and_gpu_ops_built_with_keywords():
    def body():
        a = index.constant(1)
        b = index.constant(2)
        index.cmp("slt", a, b)
        gpu.thread_id("y")

    check(build(body), """
        module {
          %idx1 = index.constant 1
          %idx2 = index.constant 2
          %0 = index.cmp slt(%idx1, %idx2)
          %thread_id_y = gpu.thread_id  y
        }
    """)
