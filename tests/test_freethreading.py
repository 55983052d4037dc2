"""Threads hammering the shared parts of the bindings at once.

With the GIL these check that nothing is lost when threads interleave at
GIL switches and while C calls run without the GIL. On a free-threaded
interpreter (python3.13t; `tools/cpython.sh 3.13t` builds one and
`MLIR_CYTHON_FT=1 make test-ft` runs this file with it) the same code runs
truly in parallel: every extension module declares itself
freethreading_compatible, the registries every thread shares are locked,
and each context guards its own tables, so this is where a missing lock
would show as a crash or a wrong result.
"""

import gc
import subprocess
import sys
import sysconfig
import textwrap

import pytest

from mlir.ir import (Context, F32Type, InsertionPoint, IntegerAttr,
                     IntegerType, Location, Module, Operation, Type,
                     UnitAttr, WalkResult)
from mlir.passmanager import PassManager

from .conftest import run_on_threads

FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))
N_THREADS = 8


@pytest.mark.skipif(not FREE_THREADED, reason="needs a free-threaded Python")
def test_importing_everything_keeps_the_gil_off():
    # A module that does not declare free-threading support turns the GIL
    # back on when imported (with a RuntimeWarning): every one must declare.
    code = textwrap.dedent("""
        import importlib, pkgutil, sys, warnings
        warnings.simplefilter("error")
        import mlir.ir, mlir.passmanager, mlir.rewrite, mlir.execution_engine
        import mlir.runtime, mlir.dialects
        for m in pkgutil.iter_modules(mlir.dialects.__path__):
            importlib.import_module("mlir.dialects." + m.name)
        assert not sys._is_gil_enabled(), "the GIL was re-enabled"
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip() == "ok"


def test_spec_example_independent_contexts():
    # The example of the upstream guide's free-threading section.
    from mlir.dialects import arith

    results = {}

    def build(i):
        with Context():
            module = Module.create(loc=Location.file("foo.txt", 0, 0))
            dtype = IntegerType.get_signless(64)
            with InsertionPoint(module.body), Location.name("a"):
                arith.constant(dtype, i)
            results[i] = str(module)

    run_on_threads(build, N_THREADS)
    for i in range(N_THREADS):
        assert f"arith.constant {i} : i64" in results[i]


def _pipeline_text(i):
    return (f"func.func @f(%a: i32) -> i32 {{\n"
            f"  %c = arith.constant {i + 1} : i32\n"
            f"  %z = arith.constant 0 : i32\n"
            f"  %0 = arith.addi %a, %c : i32\n"
            f"  %1 = arith.addi %0, %z : i32\n"
            f"  %2 = arith.muli %1, %1 : i32\n"
            f"  return %2 : i32\n}}")


def test_own_contexts_build_parse_transform_and_jit():
    from mlir.dialects import arith, func
    from mlir.execution_engine import ExecutionEngine
    import ctypes

    def work(i):
        for rep in range(3):
            with Context() as ctx, Location.unknown():
                # Parse, walk, transform, print.
                m = Module.parse(_pipeline_text(i + rep))
                names = []
                m.operation.walk(
                    lambda op: names.append(op.name) or WalkResult.ADVANCE)
                assert names.count("arith.addi") == 2
                PassManager.parse("builtin.module(canonicalize,cse)").run(
                    m.operation)
                assert "arith.addi" in str(m)
                # Build with generated builders and the generic path.
                i32 = IntegerType.get_signless(32)
                with InsertionPoint(m.body):
                    f = func.FuncOp("g", ([i32], [i32]))
                    f.attributes["llvm.emit_c_interface"] = UnitAttr.get()
                    with InsertionPoint(f.add_entry_block()):
                        acc = f.arguments[0]
                        for k in range(50):
                            acc = arith.addi(acc, arith.constant(i32, k))
                        func.ReturnOp([acc])
                    ctx.allow_unregistered_dialects = True
                    Operation.create("t.op", results=[i32], attributes={
                        "v": IntegerAttr.get(i32, i)})
                assert "\"t.op\"() {v = %d : i32} : () -> i32" % i in str(m)
                # The generic op is not lowerable: drop it, then JIT g.
                m.body.operations[-1].erase()
                assert m.operation.verify()
                PassManager.parse(
                    "builtin.module(convert-to-llvm)").run(m.operation)
                ee = ExecutionEngine(m, opt_level=0)
                res = ctypes.c_int32(-1)
                arg = ctypes.c_int32(i)
                ee.invoke("g", ctypes.pointer(arg), ctypes.pointer(res))
                assert res.value == i + sum(range(50))
                del ee, m, f, acc
                gc.collect()
                assert ctx._get_live_operation_count() == 0

    run_on_threads(work, N_THREADS)


def test_shared_context_concurrent_readers_keep_interning():
    # Many threads reach the same operations of one module at once: each
    # operation still has one live object, and counts come back to zero.
    ctx = Context()
    n_ops = 300
    m = Module.parse("func.func @f(%a: i32) -> i32 {\n" + "".join(
        f"  %v{k} = arith.addi %a, %a : i32\n" for k in range(n_ops)) +
        "  return %a : i32\n}", context=ctx)
    seen = [None] * N_THREADS

    def read(i):
        for rep in range(20):
            block = m.body.operations[0].regions[0].blocks[0]
            ops = list(block.operations)
            assert len(ops) == n_ops + 1
            assert all(o.name == "arith.addi" for o in ops[:-1])
            assert [str(r.type) for r in ops[0].results] == ["i32"]
            if rep % 2:
                seen[i] = [id(o) for o in ops]
                held = ops                     # keep one generation alive
            del ops
        # Held objects must be the very objects every thread reaches now.
        again = list(m.body.operations[0].regions[0].blocks[0].operations)
        assert [id(o) for o in again] == [id(o) for o in held]

    run_on_threads(read, N_THREADS)
    gc.collect()
    assert ctx._get_live_operation_count() == 0


def test_shared_context_errors_go_to_their_own_thread():
    # Each thread's failing parse raises its own diagnostic, never another
    # thread's, although all of them share one context.
    from mlir.ir import MLIRError
    ctx = Context()

    def parse_bad(i):
        # Thread i's text fails at column i + 1.
        for _ in range(30):
            with pytest.raises(MLIRError,
                               match=r'^Unable to parse module assembly:\nerror: "-":1:\d+: expected operation name in quotes$') as e:
                Module.parse(" " * i + "}", context=ctx)
            errors = e.value.error_diagnostics
            assert len(errors) == 1, [str(d) for d in errors]
            assert str(errors[0].location) == f'loc("-":1:{i + 1})'


    run_on_threads(parse_bad, N_THREADS)


def test_type_casters_registered_while_other_threads_downcast():
    # The caster maps are shared by all threads: some register casters for
    # fresh classes while others look builtin ones up.
    from mlir.ir import register_type_caster, IntegerType as IT

    def run(i):
        with Context():
            if i % 2:
                for _ in range(200):
                    class Mine(IT):
                        pass
                    register_type_caster(IT.static_typeid, replace=True)(Mine)
                    register_type_caster(IT.static_typeid,
                                         replace=True)(lambda t: IT(t))
            else:
                for k in range(2000):
                    t = Type.parse(f"i{k % 60 + 1}")
                    assert isinstance(t, IT), type(t)
                    assert isinstance(F32Type.get(), F32Type)

    try:
        run_on_threads(run, N_THREADS)
    finally:
        register_type_caster(IT.static_typeid, replace=True)(IT)
    with Context():
        assert type(Type.parse("i7")) is IT


def test_first_sight_of_a_dialect_type_from_many_threads():
    # A type whose class lives in a dialect module not yet imported makes
    # each thread import it on first sight, at the same time (in a fresh
    # interpreter, so the module is not imported yet).
    code = textwrap.dedent(f"""
        import threading
        from mlir.ir import Context, Type
        out, errs = [], []
        barrier = threading.Barrier({N_THREADS})
        def run():
            try:
                barrier.wait()
                with Context():
                    out.append(type(Type.parse("!llvm.ptr")).__name__)
                    out.append(type(Type.parse("!transform.any_op")).__name__)
            except BaseException as e:
                errs.append(repr(e))
        ts = [threading.Thread(target=run) for _ in range({N_THREADS})]
        [t.start() for t in ts]; [t.join() for t in ts]
        assert not errs, errs
        print(sorted(set(out)))
    """)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    assert res.stdout.strip() == "['AnyOpType', 'PointerType']"
