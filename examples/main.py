"""The main job: write a kernel in Python, lower it to LLVM, JIT it and run
it on numpy arrays.

The kernel is a tiled matrix multiplication C += A @ B over memrefs,
built op by op with the dialect builders (func, scf, arith, memref): the
loops over tiles, then over the elements of a tile, then the reduction.
A second kernel does the same with one `linalg.matmul`, lowered to loops by
MLIR itself. Both are lowered with one pass pipeline, compiled by the
ExecutionEngine, run on numpy arrays in place (no copies), and checked
against numpy.

    python examples/main.py [--size N] [--tile T]
"""

import argparse
import ctypes
import time

import numpy as np

from mlir.dialects import arith, func, linalg, memref, scf
from mlir.execution_engine import ExecutionEngine
from mlir.ir import (Context, F32Type, IndexType, InsertionPoint, Location,
                     MemRefType, Module, UnitAttr)
from mlir.passmanager import PassManager
from mlir.runtime import get_ranked_memref_descriptor

LOWER_TO_LLVM = ",".join([
    "func.func(convert-linalg-to-loops)",
    "convert-scf-to-cf",
    "expand-strided-metadata",
    "finalize-memref-to-llvm",
    "convert-func-to-llvm",
    "convert-arith-to-llvm",
    "convert-cf-to-llvm",
    "reconcile-unrealized-casts",
])


def build_tiled_matmul(n, tile):
    """func.func @matmul_tiled(%A, %B, %C: memref<n x n x f32>): C += A @ B,
    with the i and j loops tiled by `tile`."""
    f32, index = F32Type.get(), IndexType.get()
    mat = MemRefType.get([n, n], f32)
    fn = func.FuncOp("matmul_tiled", ([mat, mat, mat], []))
    fn.attributes["llvm.emit_c_interface"] = UnitAttr.get()
    A, B, C = fn.add_entry_block().arguments
    with InsertionPoint(fn.entry_block):
        step = arith.constant(index, tile)
        one = arith.constant(index, 1)
        for ii in scf.for_(0, n, step):
            for jj in scf.for_(0, n, step):
                i_end = arith.addi(ii, step)
                j_end = arith.addi(jj, step)
                for i in scf.for_(ii, i_end, one):
                    for j in scf.for_(jj, j_end, one):
                        # The reduction over k carries the running sum.
                        acc0 = memref.load(C, [i, j])
                        for k, acc, result in scf.for_(0, n, 1, iter_args=[acc0]):
                            prod = arith.mulf(memref.load(A, [i, k]),
                                              memref.load(B, [k, j]))
                            scf.yield_([arith.addf(acc, prod)])
                        memref.store(result, C, [i, j])
                        scf.yield_([])
                    scf.yield_([])
                scf.yield_([])
            scf.yield_([])
        func.ReturnOp([])
    return fn


def build_linalg_matmul(n):
    """func.func @matmul_linalg(%A, %B, %C): one linalg.matmul."""
    f32 = F32Type.get()
    mat = MemRefType.get([n, n], f32)
    fn = func.FuncOp("matmul_linalg", ([mat, mat, mat], []))
    fn.attributes["llvm.emit_c_interface"] = UnitAttr.get()
    A, B, C = fn.add_entry_block().arguments
    with InsertionPoint(fn.entry_block):
        linalg.matmul(A, B, outs=[C])
        func.ReturnOp([])
    return fn


def run(engine, name, a, b, c):
    args = [ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(x)))
            for x in (a, b, c)]
    t0 = time.perf_counter()
    engine.invoke(name, *args)
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--tile", type=int, default=32)
    args = ap.parse_args()
    n, tile = args.size, args.tile
    if n % tile:
        ap.error("--size must be a multiple of --tile")

    t_start = time.perf_counter()
    with Context(), Location.unknown():
        module = Module.create()
        with InsertionPoint(module.body):
            build_tiled_matmul(n, tile)
            build_linalg_matmul(n)
        module.operation.verify()
        t_built = time.perf_counter()
        print(module)

        PassManager.parse(f"builtin.module({LOWER_TO_LLVM})").run(module)
        t_lowered = time.perf_counter()
        engine = ExecutionEngine(module, opt_level=3)
        engine.initialize()
        # The JIT compiles the module when a symbol is first looked up: do
        # it here, so that the runs below time the kernels alone.
        for name in ("matmul_tiled", "matmul_linalg"):
            engine.lookup(name)
        t_jitted = time.perf_counter()

        rng = np.random.default_rng(0)
        a = rng.standard_normal((n, n), dtype=np.float32)
        b = rng.standard_normal((n, n), dtype=np.float32)
        expected = a @ b
        results = {}
        for name in ("matmul_tiled", "matmul_linalg"):
            c = np.zeros((n, n), dtype=np.float32)
            seconds = run(engine, name, a, b, c)
            np.testing.assert_allclose(c, expected, rtol=1e-3, atol=1e-3)
            results[name] = seconds

    flops = 2.0 * n ** 3
    timings = ", ".join(f"{k} {v * 1e3:.1f} ms ({flops / v / 1e9:.2f} GFLOP/s)"
                        for k, v in results.items())
    print(f"OK: {n}x{n} f32 matmul matches numpy; built {(t_built - t_start) * 1e3:.0f} ms, "
          f"lowered {(t_lowered - t_built) * 1e3:.0f} ms, JIT {(t_jitted - t_lowered) * 1e3:.0f} ms; "
          f"{timings}")


if __name__ == "__main__":
    main()
