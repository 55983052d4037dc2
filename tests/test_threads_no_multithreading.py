"""Threads sharing one context whose MLIR multithreading is off.

With multithreading off, MLIR's type and attribute uniquers take no locks:
two threads inside them at once corrupt them. The bindings keep such a
context to one thread inside MLIR at a time (the long calls that release
the GIL on other contexts keep it on these), so a thread pool sharing the
context is safe, as on upstream's bindings. Each scenario runs in a child
process, with a time bound: a crash there is a failed test, not a dead
test run.
"""

import signal
import subprocess
import sys
import sysconfig
import textwrap

import pytest

FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))

PRELUDE = textwrap.dedent("""
    import sys, threading
    from mlir.ir import (Context, InsertionPoint, IntegerAttr, IntegerType,
                         Location, Module, StringAttr, Operation)

    ROUNDS = int(sys.argv[1])
    ctx = Context()
    ctx.enable_multithreading(False)
    errors = []

    def guarded(fn):
        def run(i):
            try:
                fn(i)
            except BaseException as e:       # reported by the parent
                errors.append(repr(e))
        return run

    def start(fns):
        ts = [threading.Thread(target=guarded(f), args=(i,))
              for i, f in enumerate(fns)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        if errors:
            print("\\n".join(errors[:5]))
            sys.exit(3)
        print("ok")

    def constants(i, r, n=200):
        body = "".join(f"  %c{k} = arith.constant {(i * 31 + r * 7 + k) % 100}"
                       f" : i{8 + (i * 997 + r * 131 + k) % 2000}\\n" for k in range(n))
        return "func.func @f() {\\n" + body + "  return\\n}\\n"

    def creator(i):
        with ctx, Location.unknown():
            for r in range(ROUNDS * 40):
                t = IntegerType.get_signless(8 + (i * 7919 + r) % 4000)
                IntegerAttr.get(t, r % 100)
                StringAttr.get(f"s{i}_{r}")
""")

SCENARIOS = {
    # Half the threads parse modules full of new constants and print them,
    # the other half create types and attributes (the first script).
    "parse_against_create": """
        def parser(i):
            for r in range(ROUNDS):
                m = Module.parse(constants(i, r), context=ctx)
                assert "arith.constant" in str(m)
        start([parser, creator, parser, creator])
    """,
    # One thread changes a module while others print and verify it.
    "printers_against_mutator": """
        with ctx:
            m = Module.parse(constants(0, 0, 50))
        def mutator(i):
            with ctx, Location.unknown():
                block = m.body.operations[0].regions[0].blocks[0]
                for r in range(ROUNDS * 20):
                    t = IntegerType.get_signless(8 + (r * 31) % 3000)
                    with InsertionPoint.at_block_begin(block):
                        op = Operation.create(
                            "arith.constant", results=[t],
                            attributes={"value": IntegerAttr.get(t, r % 100)})
                    if r % 2:
                        op.erase()
        def printer(i):
            for r in range(ROUNDS):
                assert "func.func" in str(m)
                m.operation.verify()
        start([mutator, printer, printer, creator])
    """,
    # Pass runs on separate modules while others create attributes.
    "pipelines_against_create": """
        from mlir.passmanager import PassManager
        def runner(i):
            for r in range(ROUNDS):
                m = Module.parse(constants(i, r, 100), context=ctx)
                PassManager.parse("builtin.module(canonicalize,cse)",
                                  context=ctx).run(m.operation)
        start([runner, creator, runner, creator])
    """,
}


def run_scenario(name, rounds=20, timeout=240):
    code = PRELUDE + textwrap.dedent(SCENARIOS[name])
    return subprocess.run([sys.executable, "-c", code, str(rounds)],
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.skipif(FREE_THREADED, reason="free-threaded builds release no "
                    "GIL; see docs/guide/threads.md")
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_threads_share_a_context_without_multithreading(name):
    """Each scenario three times: none may die of a signal, and every
    thread's calls succeed."""
    for _ in range(3):
        proc = run_scenario(name)
        if proc.returncode < 0:
            pytest.fail(f"{name}: killed by "
                        f"{signal.Signals(-proc.returncode).name}\n"
                        f"{proc.stderr[-2000:]}")
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
        assert proc.stdout.strip() == "ok"

