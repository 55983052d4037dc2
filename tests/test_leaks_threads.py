"""Resident memory stays flat over repeated build/print/transform/drop
cycles, live counts return to zero, and threads with their own contexts
run side by side."""

import gc
import resource
import threading

from mlir.ir import Context, InsertionPoint, Location, Module, Operation, Type
from mlir.passmanager import PassManager


def _rss_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _cycle():
    ctx = Context()
    with ctx, Location.unknown():
        text = "func.func @f(%a: i32) -> i32 {\n" + "".join(
            f"  %v{i} = arith.addi %a, %a : i32\n" for i in range(300)) + \
            "  return %a : i32\n}"
        m = Module.parse(text)
        ops = list(m.body.operations[0].regions[0].blocks[0])
        str(m)
        with InsertionPoint(m.body):
            for _ in range(50):
                Operation.create("func.func", attributes={}, regions=1,
                                 ip=False)
        PassManager.parse("builtin.module(canonicalize,cse)").run(m)
        # The dead additions are gone; the surviving return keeps its object.
        assert all(repr(o).endswith("invalidated>") for o in ops[:-1])
        assert ops[-1].name == "func.return"
        del ops, m
    gc.collect()
    assert ctx._get_live_operation_count() == 0
    return ctx


def test_memory_stays_flat():
    for _ in range(5):          # warm up caches and allocator pools
        _cycle()
    gc.collect()
    before = _rss_kb()
    base_contexts = Context._get_live_count()
    for _ in range(40):
        _cycle()
    gc.collect()
    grown = _rss_kb() - before
    assert Context._get_live_count() == base_contexts
    assert grown < 20_000, f"resident memory grew by {grown} kB over 40 cycles"


def test_threads_with_own_contexts_and_a_shared_read_only_one():
    shared = Context()
    shared_mod = Module.parse("func.func @g() {\n  return\n}", context=shared)
    errors, results = [], []

    def own_context(i):
        try:
            with Context(), Location.unknown():
                m = Module.parse(f"func.func @f(%a: i32) -> i32 {{\n"
                                 f"  %c = arith.constant {i + 1} : i32\n"
                                 f"  %0 = arith.addi %a, %c : i32\n"
                                 f"  return %0 : i32\n}}")
                PassManager.parse("builtin.module(canonicalize)").run(m)
                results.append((i, f"arith.constant {i + 1} : i32" in str(m)))
        except Exception as e:        # pragma: no cover - reported below
            errors.append(e)

    def reader():
        try:
            for _ in range(200):
                assert shared_mod.body.operations[0].operation.name == "func.func"
                assert Context.current is None
        except Exception as e:        # pragma: no cover
            errors.append(e)

    threads = [threading.Thread(target=own_context, args=(i,)) for i in range(6)]
    threads += [threading.Thread(target=reader) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(results) == [(i, True) for i in range(6)]


def test_freezing_pattern_sets_does_not_leak():
    # MLIR's mlirFreezeRewritePattern moves the patterns out of the set but
    # never frees the set itself (176 bytes each); we free it.
    from mlir.rewrite import RewritePatternSet
    with Context():
        for _ in range(2000):
            RewritePatternSet().freeze()
        gc.collect()
        before = _rss_kb()
        for _ in range(60_000):
            RewritePatternSet().freeze()
        gc.collect()
        grown = _rss_kb() - before
    # Leaking would cost 60,000 x 176 B = 10 MB.
    assert grown < 4_000, f"resident memory grew by {grown} kB"


def test_builders_failing_on_bad_input_do_not_leak():
    # A builder that raises part way (here on the second operand) drops an
    # operation state whose operand array MLIR allocated; the state frees it.
    from mlir.dialects import arith
    with Context(), Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            a = arith.constant(Type.parse("i32"), 1)

            def fail(n):
                for _ in range(n):
                    try:
                        arith.AddIOp(a, 5)
                    except ValueError:
                        pass
            fail(5_000)
            gc.collect()
            before = _rss_kb()
            fail(300_000)
            gc.collect()
            grown = _rss_kb() - before
    # Leaking would cost about 300,000 x 32 B = 9 MB.
    assert grown < 3_000, f"resident memory grew by {grown} kB"


def test_threads_that_come_and_go_free_their_gate_tables():
    """Each thread that reads IR of a shared context gets a table of the
    gate sections it holds (528 bytes), freed when the thread exits: 6,000
    short-lived readers would leave 3 MB behind otherwise."""
    ctx = Context()
    with ctx:
        m = Module.parse("func.func @f(%a: i32) -> i32 {\n"
                         "  %0 = arith.addi %a, %a : i32\n"
                         "  return %0 : i32\n}")
    block = m.body.operations[0].regions[0].blocks[0]
    seen = [0, None]            # calls, the last one's reading (no growth)

    def read():
        # Printing is a shared section on every build; the names and
        # types are read scopes on free-threaded ones.
        seen[1] = (str(m).count("arith.addi"),
                   [op.name for op in block.operations],
                   str(block.arguments[0].type))
        seen[0] += 1

    def churn(n):
        for _ in range(n):
            t = threading.Thread(target=read)
            t.start()
            t.join()

    churn(300)
    before = _rss_kb()
    churn(6000)
    grown = _rss_kb() - before
    assert seen == [6300, (1, ["arith.addi", "func.return"], "i32")]
    assert grown < 1500, f"{grown} kB more after 6,000 threads"
