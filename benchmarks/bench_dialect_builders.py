"""Builds a chain of N arith.constant + arith.addi through the generated
builders (classes and snake_case functions) and reports ns per op.

    python benchmarks/bench_dialect_builders.py [N]
"""

import sys
import time

from mlir.ir import Context, InsertionPoint, Location, Module, Type
from mlir.dialects import arith


def chain_functions(n, i32):
    acc = arith.constant(i32, 0)
    for k in range(n):
        acc = arith.addi(acc, arith.constant(i32, k))
    return acc


def chain_classes(n, i32):
    acc = arith.ConstantOp(i32, 0).result
    for k in range(n):
        acc = arith.AddIOp(acc, arith.ConstantOp(i32, k)).result
    return acc


def run(n, builder):
    with Context(), Location.unknown():
        i32 = Type.parse("i32")
        module = Module.create()
        with InsertionPoint(module.body):
            t0 = time.perf_counter()
            builder(n, i32)
            dt = time.perf_counter() - t0
        n_ops = len(module.body.operations)
        assert n_ops == 2 * n + 1
    return dt * 1e9 / n_ops


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    for name, fn in (("snake_case functions", chain_functions),
                     ("op classes", chain_classes)):
        run(1000, fn)     # warm up
        best = min(run(n, fn) for _ in range(3))
        print(f"{name:22s} {n} x (constant + addi): {best:7.1f} ns/op")


if __name__ == "__main__":
    main()
