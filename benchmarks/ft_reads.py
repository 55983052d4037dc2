"""What reading IR costs, for comparing builds of the package with each
other (free-threaded builds count each read on the context's gate).

    python benchmarks/ft_reads.py [--n N] [--repeat R]

Three workloads over one block of 2N operations, best of R, in ms:
- iterate: `for op in block.operations`;
- navigate: each operation's name, parent, operands and results with their
  types, and the number of its attributes;
- walk: `Operation.walk` with a callback that counts.

Run it with the interpreter of each build, e.g. `.venv-3.13t/bin/python
benchmarks/ft_reads.py`. To see what the read counting alone costs,
compile the free-threaded build's `_ir` with `-DMLIRCY_NO_READ_SCOPES`
added to MLIR_CYTHON_OPT and compare.
"""

import argparse
import time

from mlir.ir import Context, Module, WalkResult


def make_block(n):
    """A func.func body of 2n arith operations (constants and additions)."""
    body = "".join(f"  %c{k} = arith.constant {k} : i32\n"
                   f"  %a{k} = arith.addi %c{k}, %c{k} : i32\n"
                   for k in range(n))
    m = Module.parse("func.func @f() {\n" + body + "  return\n}",
                     context=Context())
    return m, m.body.operations[0].regions[0].blocks[0]


def iterate(m, block):
    """Iterates the block's operations."""
    n = 0
    for _ in block.operations:
        n += 1
    return n


def navigate(m, block):
    """Reads each operation's name, parent, values, types, attributes."""
    n = 0
    for op in block.operations:
        op.name
        op.parent
        for v in op.operands:
            v.type
        for r in op.results:
            r.type
        n += len(op.attributes)
    return n


def walk(m, block):
    """Walks the module with a counting callback."""
    count = [0]

    def cb(op):
        count[0] += 1
        return WalkResult.ADVANCE
    m.operation.walk(cb)
    return count[0]


def best_ms(fn, args, repeat):
    """Best wall time of `repeat` calls of fn(*args), in ms."""
    fn(*args)
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t0)
    return best * 1e3


def main():
    """Prints one line per workload."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    m, block = make_block(args.n)
    for fn in (iterate, navigate, walk):
        print(f"{fn.__name__}: {best_ms(fn, (m, block), args.repeat):.1f} ms")


if __name__ == "__main__":
    main()
