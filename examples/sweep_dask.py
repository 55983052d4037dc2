"""A compile sweep on Dask's distributed scheduler: one kernel in several
variants (here the step of its loop, as a tile size would be), each lowered,
JIT-compiled and run by a worker process, the timings coming back.

    python examples/sweep_dask.py [--workers N] [--scheduler ADDRESS]

The IR goes to the workers pickled (a Module pickles as MLIR bytecode, with
its context's dialects loaded again on the other side), so the scheduler
may be a LocalCluster, as here, or a cluster of many machines
(--scheduler tcp://host:8786). Needs the optional `distributed` package
(`pip install mlir-cython[dask]`). Prints one JSON line per variant.
"""

import argparse
import ctypes
import json
import os
import time

import numpy as np

from mlir.ir import Context, Module

N = 4096
KERNEL = """
func.func @scale(%a: memref<{n}xf32>, %s: f32) attributes {{llvm.emit_c_interface}} {{
  %c0 = arith.constant 0 : index
  %cn = arith.constant {n} : index
  %step = arith.constant {step} : index
  scf.for %i = %c0 to %cn step %step {{
    %x = memref.load %a[%i] : memref<{n}xf32>
    %y = arith.mulf %x, %s : f32
    memref.store %y, %a[%i] : memref<{n}xf32>
  }}
  return
}}
"""
PIPELINE = ("builtin.module(convert-scf-to-cf,finalize-memref-to-llvm,"
            "convert-to-llvm,reconcile-unrealized-casts)")


def build(step: int) -> Module:
    """The variant of the kernel whose loop takes `step`, in a context of
    its own (each task's IR travels alone)."""
    with Context():
        return Module.parse(KERNEL.format(n=N, step=step))


def lower_and_run(module: Module, step: int, repeat: int = 20) -> dict:
    """On a worker: lowers the variant, JIT-compiles it and times it on
    an array of ones scaled by 2 (the best of `repeat` runs)."""
    from mlir.execution_engine import ExecutionEngine
    from mlir.passmanager import PassManager
    from mlir.runtime import get_ranked_memref_descriptor

    with module.context:
        t0 = time.perf_counter()
        PassManager.parse(PIPELINE).run(module.operation)
        engine = ExecutionEngine(module, opt_level=2)
        compile_s = time.perf_counter() - t0
        best = float("inf")
        for _ in range(repeat):
            a = np.ones(N, np.float32)
            arg = ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(a)))
            t = time.perf_counter()
            engine.invoke("scale", arg, ctypes.pointer(ctypes.c_float(2.0)))
            best = min(best, time.perf_counter() - t)
        return {"step": step, "pid": os.getpid(), "compile_s": compile_s,
                "run_s": best, "sum": float(a.sum())}


def sweep(client, steps):
    """The variants of `steps`, each on a worker; their results in order."""
    futures = [client.submit(lower_and_run, build(s), s, pure=False)
               for s in steps]
    return client.gather(futures)


def main(argv=None):
    from dask.distributed import Client, LocalCluster

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--scheduler", help="a running scheduler's address "
                    "(default: a LocalCluster of --workers processes)")
    args = ap.parse_args(argv)
    steps = [1, 2, 4, 8]
    if args.scheduler:
        with Client(args.scheduler) as client:
            results = sweep(client, steps)
    else:
        with LocalCluster(n_workers=args.workers, threads_per_worker=1,
                          processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            results = sweep(client, steps)
    for r in results:
        print(json.dumps(r))


if __name__ == "__main__":
    main()
