"""mlir.execution_engine and mlir.runtime: JIT-run lowered modules on numpy
arrays."""

import ctypes
import textwrap

import numpy as np
import pytest

from mlir.execution_engine import ExecutionEngine, runtime_library_path
from mlir.ir import Context, MLIRError, Module
from mlir.passmanager import PassManager
from mlir.runtime import (get_ranked_memref_descriptor,
                          get_unranked_memref_descriptor,
                          make_nd_memref_descriptor, ranked_memref_to_numpy,
                          unranked_memref_to_numpy)

LOWER = ("builtin.module(convert-scf-to-cf,expand-strided-metadata,"
         "finalize-memref-to-llvm,convert-func-to-llvm,convert-arith-to-llvm,"
         "convert-cf-to-llvm,reconcile-unrealized-casts)")

SRC = textwrap.dedent("""\
    func.func @add(%a: f32, %b: f32) -> f32 attributes {llvm.emit_c_interface} {
      %r = arith.addf %a, %b : f32
      return %r : f32
    }
    func.func @scale(%x: memref<?x?xf64>, %s: f64) attributes {llvm.emit_c_interface} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = memref.dim %x, %c0 : memref<?x?xf64>
      %m = memref.dim %x, %c1 : memref<?x?xf64>
      scf.for %i = %c0 to %n step %c1 {
        scf.for %j = %c0 to %m step %c1 {
          %v = memref.load %x[%i, %j] : memref<?x?xf64>
          %w = arith.mulf %v, %s : f64
          memref.store %w, %x[%i, %j] : memref<?x?xf64>
        }
      }
      return
    }
    func.func @scale_strided(%x: memref<?x?xf64, strided<[?, ?], offset: ?>>, %s: f64) attributes {llvm.emit_c_interface} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = memref.dim %x, %c0 : memref<?x?xf64, strided<[?, ?], offset: ?>>
      %m = memref.dim %x, %c1 : memref<?x?xf64, strided<[?, ?], offset: ?>>
      scf.for %i = %c0 to %n step %c1 {
        scf.for %j = %c0 to %m step %c1 {
          %v = memref.load %x[%i, %j] : memref<?x?xf64, strided<[?, ?], offset: ?>>
          %w = arith.mulf %v, %s : f64
          memref.store %w, %x[%i, %j] : memref<?x?xf64, strided<[?, ?], offset: ?>>
        }
      }
      return
    }
    func.func @first(%x: memref<*xi32>) -> i32 attributes {llvm.emit_c_interface} {
      %c0 = arith.constant 0 : index
      %r = memref.cast %x : memref<*xi32> to memref<?xi32>
      %v = memref.load %r[%c0] : memref<?xi32>
      return %v : i32
    }
    """)


@pytest.fixture
def engine():
    with Context():
        m = Module.parse(SRC)
        PassManager.parse(LOWER).run(m)
        yield ExecutionEngine(m, opt_level=2)


def test_scalar_function(engine):
    res = ctypes.c_float(-1)
    engine.invoke("add", ctypes.pointer(ctypes.c_float(1.5)),
                  ctypes.pointer(ctypes.c_float(2.25)), ctypes.pointer(res))
    assert res.value == 3.75


def test_a_looked_up_function_keeps_its_engine_alive():
    # The engine is dropped right after lookup; calling the function must
    # still find its compiled code (it crashed).
    import gc
    with Context():
        m = Module.parse(SRC)
        PassManager.parse(LOWER).run(m)
        add = ExecutionEngine(m, opt_level=0).lookup("add")
    gc.collect()
    a, b, res = ctypes.c_float(1.5), ctypes.c_float(2.0), ctypes.c_float(0)
    args = (ctypes.c_void_p * 3)(*(ctypes.cast(ctypes.pointer(x),
                                               ctypes.c_void_p)
                                   for x in (a, b, res)))
    add(args)
    assert res.value == 3.5


def test_memref_in_place_on_numpy_without_copy(engine):
    x = np.arange(12, dtype=np.float64).reshape(3, 4)
    expected = x * 2.5
    desc = get_ranked_memref_descriptor(x)
    engine.invoke("scale", ctypes.pointer(ctypes.pointer(desc)),
                  ctypes.pointer(ctypes.c_double(2.5)))
    np.testing.assert_array_equal(x, expected)
    view = ranked_memref_to_numpy(desc)
    assert np.shares_memory(view, x)
    np.testing.assert_array_equal(view, x)


def test_strided_view_is_respected(engine):
    base = np.ones((4, 6), dtype=np.float64)
    sub = base[::2, 1::2]                     # non-contiguous view
    engine.invoke("scale_strided", ctypes.pointer(ctypes.pointer(
        get_ranked_memref_descriptor(sub))), ctypes.pointer(ctypes.c_double(3.0)))
    assert (sub == 3.0).all() and base.sum() == 24 + 6 * 2


def test_unranked_memref(engine):
    x = np.array([7, 8, 9], dtype=np.int32)
    res = ctypes.c_int32(0)
    engine.invoke("first", ctypes.pointer(ctypes.pointer(
        get_unranked_memref_descriptor(x))), ctypes.pointer(res))
    assert res.value == 7
    back = unranked_memref_to_numpy(get_unranked_memref_descriptor(x), np.int32)
    np.testing.assert_array_equal(back, x)


def test_invoke_errors(engine):
    with pytest.raises(RuntimeError, match="Unknown function nope"):
        engine.invoke("nope")
    with pytest.raises(TypeError, match="takes 3 arguments"):
        engine.invoke("add", ctypes.pointer(ctypes.c_float(1)))
    with pytest.raises(TypeError, match="ctypes pointer"):
        engine.invoke("add", 1, 2, 3)
    assert engine.raw_lookup("nope") == 0


def test_runtime_errors():
    with pytest.raises(TypeError, match="numpy.ndarray"):
        get_ranked_memref_descriptor([1, 2, 3])
    with pytest.raises(TypeError, match="no memref element type"):
        get_ranked_memref_descriptor(np.array(["a"]))
    with pytest.raises(ValueError, match="rank"):
        make_nd_memref_descriptor(-1, ctypes.c_float)
    with pytest.raises(TypeError):
        ranked_memref_to_numpy(ctypes.c_int(3))


def test_engine_on_unlowered_module_raises(capfd):
    with Context():
        m = Module.parse("func.func @f() { return }")
        # Upstream's type and text; the diagnostic goes to stderr first.
        with pytest.raises(RuntimeError,
                           match=r"^Failure while creating the ExecutionEngine\."):
            ExecutionEngine(m)
        assert "cannot be converted to LLVM IR" in capfd.readouterr().err
        with pytest.raises(FileNotFoundError):
            ExecutionEngine(m, shared_libs=["/no/such/lib.so"])
        with pytest.raises(ValueError, match=r"^opt_level must be 0, 1, 2 or 3$"):
            ExecutionEngine(m, opt_level=7)


def test_runtime_library_found():
    import os
    assert os.path.exists(runtime_library_path("libmlir_c_runner_utils.so"))


def test_callback_into_python():
    with Context():
        m = Module.parse(textwrap.dedent("""\
            func.func private @host(i64) -> i64 attributes {llvm.emit_c_interface}
            func.func @call(%a: i64) -> i64 attributes {llvm.emit_c_interface} {
              %r = func.call @host(%a) : (i64) -> i64
              return %r : i64
            }"""))
        PassManager.parse(LOWER).run(m)
        engine = ExecutionEngine(m)
        calls = []

        @ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64)
        def host(x):
            calls.append(x)
            return x * 10
        engine.register_runtime("host", host)
        res = ctypes.c_int64()
        engine.invoke("call", ctypes.pointer(ctypes.c_int64(4)), ctypes.pointer(res))
        assert res.value == 40 and calls == [4]


def test_signature_for_inspect():
    """The constructor's signature is visible to inspect (upstream's is not:
    a nanobind constructor)."""
    import inspect
    assert str(inspect.signature(ExecutionEngine)) == (
        "(module, opt_level=2, shared_libs=None, enable_object_dump=True, "
        "enable_pic=False)")
    assert "JIT-compiles a module" in ExecutionEngine.__doc__
