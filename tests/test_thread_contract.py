"""What one context shared by threads guarantees (docs/guide/guarantees.md, "Threads").

Threads that share a context may read and change its IR at once: a thread
printing or verifying a module (which releases the GIL) while another
creates and erases operations in it, or runs a pass pipeline on it, never
crashes; the C calls that change IR wait for the other threads' calls that
read it without the GIL, and pass runs have the context's IR to
themselves. Each case runs in a child process (a crash is an exit code, not
a lost test run), for a fixed time, and reports how often each thread got
through, so that a thread starved by the others shows too.
"""

import subprocess
import sys
import sysconfig
import textwrap

import pytest

FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))
SECONDS = 0.6

PRELUDE = textwrap.dedent("""
    import sys, threading, time
    from mlir.ir import (Context, InsertionPoint, IntegerAttr, IntegerType,
                         Location, Module, Operation, WalkResult)
    from mlir.dialects import arith, func
    from mlir.passmanager import PassManager

    SECONDS = float(sys.argv[1])
    ctx = Context()
    # Big enough that printing and verifying take a while without the GIL;
    # every operation is used and none folds, so that pass runs keep them.
    N = 4000
    body = "\\n".join(f"  %s{i} = arith.{('addi', 'muli')[i % 2]} "
                      f"{'%s' + str(i - 1) if i else '%a'}, %a : i32"
                      for i in range(N))
    m = Module.parse("func.func @f(%a: i32) -> i32 {\\n" + body +
                     f"\\n  return %s{N - 1} : i32\\n}}", context=ctx)
    ret = m.body.operations[0].regions[0].blocks[0].operations[-1]
    mid = m.body.operations[0].regions[0].blocks[0].operations[N // 2]
    arg = m.body.operations[0].regions[0].blocks[0].arguments[0]
    counts = {}
    errors = []
    stop = time.monotonic() + SECONDS

    def forever(name, step):
        def run():
            n = 0
            try:
                while time.monotonic() < stop:
                    step()
                    n += 1
            except BaseException as e:
                errors.append(f"{name}: {type(e).__name__}: {e}")
            counts[name] = n
        return threading.Thread(target=run, name=name)

    def create_and_erase():
        # Operations in the middle of the function, then erased.
        try:
            made = []
            with Location.unknown(ctx), InsertionPoint(mid):
                i32 = IntegerType.get_signless(32)
                for k in range(10):
                    c = arith.ConstantOp(i32, IntegerAttr.get(i32, 7))
                    s = arith.AddIOp(arg, c.result)
                    s.operation.attributes["tag"] = IntegerAttr.get(i32, k)
                    made += [s, c]
            for op in made:
                op.operation.erase()
        except RuntimeError as e:
            # A pass run of another thread may have erased them already
            # (they are unused): their objects say so.
            if "invalidated" not in str(e):
                raise

    def create_and_erase_top():
        # The same in the module's body: a pass run keeps the module's
        # objects valid (the function's are invalid during a run).
        try:
            with Location.unknown(ctx), \\
                    InsertionPoint.at_block_begin(m.body):
                i32 = IntegerType.get_signless(32)
                c = arith.ConstantOp(i32, IntegerAttr.get(i32, 7))
                d = arith.ConstantOp(i32, IntegerAttr.get(i32, 8))
                d.operation.attributes["tag"] = IntegerAttr.get(i32, 1)
            d.operation.erase()
            c.operation.erase()
        except RuntimeError as e:
            if "invalidated" not in str(e):
                raise

    def run_all(*threads):
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
        assert all(counts[t.name] > 0 for t in threads), counts
        m.operation.verify()
        print("ok", sorted(counts.items()))
""")


def _run(case):
    code = PRELUDE + textwrap.dedent(case)
    r = subprocess.run([sys.executable, "-c", code, str(SECONDS)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr[-3000:])
    assert r.stdout.startswith("ok "), r.stdout
    return r.stdout


def test_printing_while_another_thread_creates_and_erases():
    _run("""
        run_all(forever("print", lambda: str(m)),
                forever("write", create_and_erase))
    """)


def test_verifying_while_another_thread_creates_and_erases():
    _run("""
        run_all(forever("verify", lambda: m.operation.verify()),
                forever("write", create_and_erase))
    """)


def test_many_readers_and_writers_on_one_module():
    _run("""
        def get_asm():
            m.operation.get_asm(print_generic_op_form=True)
        def bytecode():
            import io
            m.operation.write_bytecode(io.BytesIO())
        run_all(forever("print", lambda: str(m)),
                forever("asm", get_asm),
                forever("bytecode", bytecode),
                forever("verify", lambda: m.operation.verify()),
                forever("write1", create_and_erase),
                forever("write2", create_and_erase))
    """)


def test_pass_runs_while_another_thread_creates_and_erases():
    # Two writers: the pipeline changes IR without the GIL, the other thread
    # with it.
    _run("""
        pm = PassManager.parse("builtin.module(canonicalize)", context=ctx)
        run_all(forever("passes", lambda: pm.run(m.operation)),
                forever("write", create_and_erase),
                forever("write_top", create_and_erase_top))
    """)


def test_pass_runs_and_walks_while_other_threads_print_and_verify():
    _run("""
        pm = PassManager.parse("builtin.module(cse)", context=ctx)
        def walk():
            m.operation.walk(lambda op: WalkResult.ADVANCE)
        run_all(forever("passes", lambda: pm.run(m.operation)),
                forever("walk", walk),
                forever("print", lambda: str(m)),
                forever("verify", lambda: m.operation.verify()))
    """)


def test_python_pass_changes_ir_while_another_thread_prints():
    # The Python pass runs inside the pipeline's run, which holds the
    # context's IR: it changes IR while the printer waits.
    _run("""
        def churn(op, pass_):
            # Objects made during the run: the function's are invalid then.
            blk = op.regions[0].blocks[0].operations[0].regions[0].blocks[0]
            i32 = IntegerType.get_signless(32, context=ctx)
            for _ in range(20):
                made = []
                with Location.unknown(ctx), \\
                        InsertionPoint(blk.operations[N // 2]):
                    for k in range(10):
                        c = arith.ConstantOp(i32, IntegerAttr.get(i32, 7))
                        made += [arith.AddIOp(blk.arguments[0], c.result), c]
                for o in made:
                    o.operation.erase()
        pm = PassManager("builtin.module", context=ctx)
        pm.add(churn)
        run_all(forever("passes", lambda: pm.run(m.operation)),
                forever("print", lambda: str(m)))
    """)


# A Python diagnostic handler on the shared context: MLIR calls handlers
# holding its diagnostic engine's lock, so the handler's Python code must
# not run there (its thread can lose the GIL to one that then waits for
# that lock). Each case also counts what the handler saw.
HANDLER_PRELUDE = """
    from mlir.ir import FunctionType, MLIRError, Type, TypeAttr
    bad = Module.parse("func.func @g() -> i32 {\\n"
                       "  %c = arith.constant 1 : i32\\n"
                       "  return %c : i32\\n}", context=ctx)
    g = bad.body.operations[0]
    g.attributes["function_type"] = TypeAttr.get(FunctionType.get(
        [], [IntegerType.get_signless(64, context=ctx)], context=ctx))
    seen = []
    ctx.attach_diagnostic_handler(lambda d: seen.append(str(d)) or True)
    emitted = [0]
    verify_errors = [0]

    def emit():
        Location.unknown(ctx).emit_error("from the emitter")
        emitted[0] += 1

    def verify_bad():
        try:
            bad.operation.verify()
        except MLIRError as e:
            verify_errors[0] += len(e.error_diagnostics)
            assert all("doesn't match function result type" in d.message
                       for d in e.error_diagnostics), e
"""


def test_handler_gets_other_threads_diagnostics_while_one_verifies():
    # A verification's error capture takes its own thread's errors only:
    # the emitter's go to the handler, none into the MLIRError.
    out = _run(textwrap.dedent(HANDLER_PRELUDE) + textwrap.dedent("""
        run_all(forever("verify", verify_bad), forever("emit", emit))
        assert seen == ["from the emitter"] * emitted[0], (
            len(seen), emitted[0])
        assert verify_errors[0] == counts["verify"]
    """))
    assert "verify" in out


def test_handler_does_not_deadlock_threads_emitting_and_verifying():
    # Errors of the verifying thread go to the handler too (with
    # emit_error_diagnostics), from inside its call without the GIL, while
    # the other threads hold the GIL and emit, parse and capture.
    _run(textwrap.dedent(HANDLER_PRELUDE) + textwrap.dedent("""
        ctx.emit_error_diagnostics = True
        def verify_to_handler():
            try:
                bad.operation.verify()
            except MLIRError as e:
                assert e.error_diagnostics == []
        def parse_bad():
            try:
                Type.parse("tensor<?xq>", ctx)
            except MLIRError:
                pass
        run_all(forever("verify", verify_to_handler), forever("emit", emit),
                forever("parse", parse_bad))
        n_verify = sum(1 for s in seen if "doesn't match" in s)
        assert n_verify == counts["verify"], (n_verify, counts)
        assert seen.count("from the emitter") == emitted[0]
        assert sum(1 for s in seen if "expected non-function type" in s) \\
            == counts["parse"]
    """))
