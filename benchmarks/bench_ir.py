"""Object-model speed and memory, side by side with the C API floor.

    python benchmarks/bench_ir.py [--n-iterate N] [--n-create N]

Workloads (the same in C, benchmarks/c/ir_floor.c):
- iterate a block of N generic ops reading op.name and one attribute;
- Operation.create of N generic ops with one attribute and one result;
- bytes per live Operation object, including its live-map entry;
- bytes per live Value, Type and Attribute object (`--objects` prints only
  these, and runs under the upstream bindings too, for comparison).
"""

import argparse
import gc
import sys
import tracemalloc

from _harness import best_of, run_c, table

from mlir.ir import Attribute, Context, InsertionPoint, Location, Module, Operation, Type


def module_text(n):
    return "module {\n" + "".join(
        f'"t.op"() {{v = {i} : i64}} : () -> ()\n' for i in range(n)) + "}"


def bench_iterate(n):
    ctx = Context()
    ctx.allow_unregistered_dialects = True
    m = Module.parse(module_text(n), context=ctx)
    body = m.body

    def loop():
        for op in body.operations:
            op.name
            op.attributes["v"]
    return best_of(loop, 3) / n * 1e9


def bench_create(n):
    ctx = Context()
    ctx.allow_unregistered_dialects = True
    with ctx, Location.unknown():
        i64 = Type.parse("i64")
        seven = Attribute.parse("7 : i64")

        def loop():
            m = Module.create()
            ip = InsertionPoint(m.body)
            for _ in range(n):
                Operation.create("t.op", results=[i64], attributes={"v": seven},
                                 ip=ip)
        return best_of(loop, 3) / n * 1e9


def bytes_per_op(n):
    ctx = Context()
    ctx.allow_unregistered_dialects = True
    m = Module.parse(module_text(n), context=ctx)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    ops = list(m.body.operations)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    python_bytes = (after - before) / n - 8      # minus the list's slot
    map_bytes = ctx._get_live_operation_map_bytes() / n
    assert len(ops) == n
    return python_bytes, map_bytes


def bytes_per_object(n):
    """Bytes (tracemalloc) per live Value, Type and Attribute object: each
    of n parsed ops gives one new object of each (its result, the result's
    type, its attribute), held in a list whose own size is subtracted."""
    ctx = Context()
    ctx.allow_unregistered_dialects = True
    m = Module.parse("module {\n" + "".join(
        f'%{i} = "t.op"() {{v = {i} : i64}} : () -> i64\n'
        for i in range(n)) + "}", context=ctx)
    ops = list(m.body.operations)
    getters = (("Value", lambda op: op.results[0]),
               ("Type", lambda op: op.results[0].type),
               ("Attribute", lambda op: op.attributes["v"]))
    out = {}
    for name, get in getters:
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        held = [get(op) for op in ops]
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        out[name] = (after - before - sys.getsizeof(held)) / n
        del held
    return out


def object_sizes_table():
    sizes = bytes_per_object(100_000)
    table("Memory per live object (tracemalloc)",
          [[k, f"{v:.0f}"] for k, v in sizes.items()], ["object", "bytes"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-iterate", type=int, default=1_000_000)
    ap.add_argument("--n-create", type=int, default=100_000)
    ap.add_argument("--objects", action="store_true",
                    help="only the bytes per Value, Type and Attribute")
    args = ap.parse_args()
    if args.objects:
        object_sizes_table()
        return
    it_py = bench_iterate(args.n_iterate)
    it_c = run_c("ir_floor", "iterate", args.n_iterate)
    cr_py = bench_create(args.n_create)
    cr_c = run_c("ir_floor", "create", args.n_create)
    obj, mp = bytes_per_op(min(args.n_iterate, 200_000))
    table("Object model: ns per op (best of repeats)", [
        [f"iterate {args.n_iterate:,} ops: name + attribute", f"{it_py:.0f}",
         f"{it_c:.0f}", f"{it_py / it_c:.1f}x", "<= 150 ns"],
        [f"Operation.create x {args.n_create:,}", f"{cr_py:.0f}", f"{cr_c:.0f}",
         f"{cr_py / cr_c:.2f}x", "<= 2x C"],
    ], ["workload", "mlir (ns)", "C API (ns)", "ratio", "target"])
    table("Memory per live Operation object", [
        ["object", f"{obj:.0f}"], ["live-map entry", f"{mp:.1f}"],
        ["total", f"{obj + mp:.0f}"], ["target", "<= 96"]],
        ["part", "bytes"])
    object_sizes_table()


if __name__ == "__main__":
    main()
