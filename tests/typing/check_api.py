"""Typical use of the API, checked by mypy against the package's stubs
(tests/test_typing.py) and also run, so what the stubs claim is what the
objects are. Every function is annotated: mypy checks the bodies."""

import ctypes
import sys
from collections.abc import Sequence

import numpy as np

from mlir.dialects import arith, func, scf
from mlir.execution_engine import ExecutionEngine
from mlir.ir import (
    AffineMap, ArrayAttr, Attribute, Block, BlockArgument, Context,
    DenseElementsAttr, DictAttr, F32Type, FunctionType, IndexType,
    InsertionPoint, IntegerAttr, IntegerType, Location, MemRefType, Module,
    OpResult, OpResultList, OpView, Operation, RankedTensorType, Region,
    StringAttr, Type, TypeAttr, UnitAttr, Value, WalkResult,
)
from mlir.passmanager import PassManager
from mlir.runtime import get_ranked_memref_descriptor

if sys.version_info >= (3, 11):
    from typing import assert_type
else:                                   # only checked by mypy, never run
    from typing_extensions import assert_type

LOWER = ("builtin.module(convert-scf-to-cf,convert-func-to-llvm,"
         "convert-arith-to-llvm,convert-cf-to-llvm,"
         "reconcile-unrealized-casts)")


def contexts() -> None:
    assert_type(Context.current, Context | None)
    with Context() as ctx, Location.unknown() as loc:
        assert_type(ctx, Context)
        assert_type(loc, Location)
        assert Context.current is ctx
        assert_type(Location.current, Location)
        ctx.allow_unregistered_dialects = True
        flag: bool = ctx.allow_unregistered_dialects
        assert flag
        named = Location.name("here", childLoc=Location.file("a.py", 1, 2))
        assert_type(named.context, Context)


def types_and_attributes() -> list[Attribute]:
    with Context():
        i32 = IntegerType.get_signless(32)
        assert_type(i32, IntegerType)
        width: int = i32.width
        f32 = F32Type.get()
        tensor = RankedTensorType.get([2, 3], f32)
        shape: list[int] = tensor.shape
        assert_type(tensor.element_type, Type)
        memref = MemRefType.get([4], f32)
        fn = FunctionType.get([i32, f32], [memref])
        inputs: list[Type] = fn.inputs
        seven = IntegerAttr.get(i32, 7)
        value: int = seven.value
        name = StringAttr.get("x")
        text: str = name.value
        array = ArrayAttr.get([seven, name, UnitAttr.get(), TypeAttr.get(f32)])
        first: Attribute = array[0]
        dense = DenseElementsAttr.get(np.arange(6, dtype=np.int32).reshape(2, 3))
        d = DictAttr.get({"a": seven})
        identity = AffineMap.get_identity(2)
        assert identity.n_dims == 2 and width == 32 and shape == [2, 3]
        assert value == 7 and text == "x" and len(inputs) == 2
        parsed = Type.parse("index")
        assert IndexType.isinstance(parsed)
        return [first, dense, d, Attribute.parse("unit")]


def build_module() -> Module:
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        module = Module.create()
        i32 = IntegerType.get_signless(32)
        body: Block = module.body
        with InsertionPoint(body):
            @func.FuncOp.from_py_func(i32, i32)
            def add(a: Value, b: Value) -> Value:
                return arith.addi(a, b)

            f = func.FuncOp("twice", ([i32], [i32]))
            entry: Block = f.add_entry_block()
            with InsertionPoint(entry):
                arg: BlockArgument = entry.arguments[0]
                doubled = arith.addi(arg, arg)
                assert_type(doubled, OpResult)
                func.ReturnOp([doubled])
        op = Operation.create("test.op", results=[i32], attributes={"n": IntegerAttr.get(i32, 1)},
                              ip=InsertionPoint(module.body))
        assert_type(op, OpView)
        results: OpResultList = op.results
        r: OpResult = results[0]
        assert_type(op.result.type, Type)
        region_count: int = len(op.regions)
        assert region_count == 0 and r.result_number == 0
        op.erase()
        module.operation.verify()
        return module


def walk_and_inspect(module: Module) -> list[str]:
    names: list[str] = []

    def visit(op: Operation) -> WalkResult:
        names.append(op.name)
        return WalkResult.ADVANCE

    module.operation.walk(visit)
    for op in module.body.operations:
        region: Region
        for region in op.regions:
            for block in region.blocks:
                args: Sequence[Value] = block.arguments
                assert len(args) >= 0
        assert op.parent is not None
    return names


def lower_and_run() -> float:
    with Context():
        module = Module.parse("""
            func.func @add(%a: f32, %b: f32) -> f32 attributes {llvm.emit_c_interface} {
              %r = arith.addf %a, %b : f32
              return %r : f32
            }""")
        pm = PassManager.parse(LOWER)
        assert_type(pm, PassManager)
        pm.run(module.operation)
        engine = ExecutionEngine(module, opt_level=2)
        a, b, res = ctypes.c_float(1.5), ctypes.c_float(2.0), ctypes.c_float()
        engine.invoke("add", ctypes.pointer(a), ctypes.pointer(b), ctypes.pointer(res))
        x = np.zeros(4, dtype=np.float32)
        get_ranked_memref_descriptor(x)
        return res.value


def loops() -> str:
    with Context(), Location.unknown():
        module = Module.create()
        index = IndexType.get()
        with InsertionPoint(module.body):
            f = func.FuncOp("loop", ([], []))
            with InsertionPoint(f.add_entry_block()):
                for i in scf.for_(0, 10, 1):
                    arith.addi(i, i)
                    scf.yield_([])
                func.ReturnOp([])
        assert index.context is module.context
        return str(module)


if __name__ == "__main__":
    contexts()
    assert len(types_and_attributes()) == 4
    m = build_module()
    assert "func.func @add" in str(m)
    assert "func.return" in walk_and_inspect(m)
    assert lower_and_run() == 3.5
    assert "scf.for" in loops()
    print("check_api: ok")
