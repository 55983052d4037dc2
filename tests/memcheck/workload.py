"""A workload for running under valgrind (see tests/test_memcheck.py): it
touches every part of the object model once or twice, including the
misuse paths that must raise instead of crashing, then drops everything."""

import gc

import numpy as np

from mlir.dialects import arith, func
from mlir.execution_engine import ExecutionEngine
from mlir.ir import (
    Context, DenseElementsAttr, F32Type, InsertionPoint, IntegerAttr,
    IntegerType, Location, MLIRError, Module, Operation, RankedTensorType,
    UnitAttr,
)
from mlir.passmanager import PassManager
from mlir.rewrite import RewritePatternSet, apply_patterns_and_fold_greedily


def build_and_run():
    with Context() as ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        m = Module.create()
        with InsertionPoint(m.body):
            @func.FuncOp.from_py_func(i32, i32)
            def add(a, b):
                c = arith.constant(i32, 3)
                return arith.addi(arith.muli(a, b), c)
        add.func_op.attributes["llvm.emit_c_interface"] = UnitAttr.get()
        m.operation.verify()
        ops = [op for op in add.func_op.regions[0].blocks[0].operations]
        text = str(m)
        Module.parse(text)
        # Detached trees, clone, erase, attribute edits.
        d = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)})
        d.clone()
        d.attributes["extra"] = IntegerAttr.get(i32, 2)
        del d.attributes["extra"]
        d.erase()
        try:
            d.name
        except RuntimeError:
            pass
        # Operation states past their inline arrays (4 of each), through
        # our creation and through the C API's (result type inference),
        # and one dropped part way by bad input.
        ctx.allow_unregistered_dialects = True
        src = Operation.create("t.src", results=[i32] * 6)
        attrs = {f"a{k}": IntegerAttr.get(i32, k) for k in range(6)}
        Operation.create("t.many", results=[i32] * 6,
                         operands=list(src.results), attributes=attrs)
        Operation.create("arith.addi", operands=[src.results[0]] * 2,
                         attributes=attrs, infer_type=True)
        try:
            Operation.create("t.bad", operands=list(src.results) + [None])
        except TypeError:
            pass
        del src
        # Dense attributes from numpy, and back.
        arr = np.arange(64, dtype=np.float32).reshape(8, 8)
        attr = DenseElementsAttr.get(arr)
        assert np.array_equal(np.array(attr), arr)
        RankedTensorType.get([8, 8], F32Type.get())
        # Rewrite patterns, then passes, then invalidated objects.
        patterns = RewritePatternSet()
        apply_patterns_and_fold_greedily(m, patterns.freeze())
        pm = PassManager.parse(
            "builtin.module(canonicalize,convert-arith-to-llvm,"
            "convert-func-to-llvm,reconcile-unrealized-casts)")
        pm.run(m.operation)
        for op in ops:
            try:
                op.name
            except RuntimeError:
                pass
        try:
            Module.parse("func.func @broken(")
        except MLIRError:
            pass
        engine = ExecutionEngine(m, opt_level=0)
        assert engine.lookup("add") is not None
        del engine, m, ops, attr
    gc.collect()
    return ctx


if __name__ == "__main__":
    for _ in range(2):
        ctx = build_and_run()
        gc.collect()
        assert ctx._get_live_operation_count() == 0
    print("memcheck workload done")
