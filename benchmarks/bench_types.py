"""Speed of type/attribute creation, downcasting and numpy <-> dense
conversion. Prints a table; not a test.

    .venv/bin/python benchmarks/bench_types.py [--mb 100]
"""

import argparse
import time
import timeit

import numpy as np
from _harness import best_of, run_c

from mlir.ir import (
    Context, DenseElementsAttr, F32Type, IntegerAttr, IntegerType, Location,
    Module,
)


def per_call_ns(stmt, number=200_000, repeat=5, globals=None):
    times = timeit.repeat(stmt, number=number, repeat=repeat, globals=globals)
    return min(times) / number * 1e9


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=100)
    args = parser.parse_args()
    rows = []

    ctx = Context()
    ctx.allow_unregistered_dialects = True
    with ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        module = Module.parse('"t.op"() {value = 42 : i32} : () -> ()')
        op = module.body.operations[0]
        g = dict(IntegerType=IntegerType, IntegerAttr=IntegerAttr,
                 F32Type=F32Type, i32=i32, op=op, ctx=ctx)
        rows.append(("IntegerType.get_signless(32)", per_call_ns(
            "IntegerType.get_signless(32)", globals=g), "ns/call"))
        rows.append(("IntegerType.get_signless(32, context=ctx)", per_call_ns(
            "IntegerType.get_signless(32, context=ctx)", globals=g), "ns/call"))
        rows.append(("F32Type.get()", per_call_ns("F32Type.get()", globals=g),
                     "ns/call"))
        rows.append(("IntegerAttr.get(i32, 7)", per_call_ns(
            "IntegerAttr.get(i32, 7)", globals=g), "ns/call"))
        rows.append(('op.attributes["value"] (downcast)', per_call_ns(
            'op.attributes["value"]', globals=g), "ns/call"))
        rows.append(("i32 attribute .type (downcast)", per_call_ns(
            "a.type", globals=dict(a=IntegerAttr.get(i32, 7))), "ns/call"))

    nbytes = args.mb * 1024 * 1024
    data = np.random.default_rng(0).integers(
        -2**31, 2**31, size=nbytes // 4, dtype=np.int32)
    mb = data.nbytes / 1e6
    t_copy = best_of(lambda: data.copy())
    rows.append((f"numpy copy of {args.mb} MiB (memcpy baseline)", mb / t_copy, "MB/s"))
    # numpy madvises huge pages for big arrays; a copy into plain fresh
    # malloc memory (what MLIR's allocator gets) pays a page fault per 4 KiB.
    t_fresh = best_of(lambda: bytes(memoryview(data)))
    rows.append(("copy into fresh malloc memory (bytes)", mb / t_fresh, "MB/s"))

    # Each repetition changes one element first (outside the timing), so
    # MLIR's uniquer never finds an existing attribute with the same data.
    t_in = float("inf")
    with Context() as dctx:
        for i in range(3):
            data[0] = i
            t0 = time.perf_counter()
            DenseElementsAttr.get(data)
            t_in = min(t_in, time.perf_counter() - t0)
    del dctx
    rows.append((f"numpy -> DenseElementsAttr ({args.mb} MiB)", mb / t_in, "MB/s"))
    # The same conversion in C through the C API: MLIR scans the buffer for a
    # splat, hashes it for uniquing and copies it, so this is the floor.
    t_c = run_c("dense_floor", data.size)
    rows.append((f"C API -> DenseElementsAttr ({args.mb} MiB, floor)", mb / t_c, "MB/s"))

    with Context():
        attr = DenseElementsAttr.get(data)
        t_out = best_of(lambda: np.array(attr))
        t_view = best_of(lambda: np.asarray(memoryview(attr)), repeat=20)
        assert np.array_equal(np.array(attr), data)
    rows.append((f"DenseElementsAttr -> numpy copy ({args.mb} MiB)", mb / t_out, "MB/s"))
    rows.append(("DenseElementsAttr -> numpy view (zero-copy)", t_view * 1e6, "us/call"))

    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':<{width}}  {'value':>12}  unit")
    print("-" * (width + 22))
    for name, value, unit in rows:
        print(f"{name:<{width}}  {value:>12.1f}  {unit}")
    print()
    print(f"dense in  / memcpy: {t_copy / t_in:.2f}  "
          f"(/ fresh-memory copy: {t_fresh / t_in:.2f})")
    print(f"dense in  / C API: {t_c / t_in:.2f}  (1.00 = as fast as C)")
    print(f"dense out / memcpy: {t_copy / t_out:.2f}")


if __name__ == "__main__":
    main()
