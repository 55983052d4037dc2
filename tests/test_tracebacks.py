"""Tracebacks of errors raised inside the package show the caller's code,
as upstream's do: the user's frames, the package's Python modules with
their source, at most one frame of the compiled modules (the entry point
called, and none when a Python frame lies deeper), and the message; every
compiled frame shows with MLIR_CYTHON_INTERNAL_FRAMES=1."""

import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""\
    import traceback
    from mlir.ir import Context, InsertionPoint, IntegerType, Location, Module
    from mlir.dialects import arith, func

    def frames(fn):
        try:
            fn()
        except Exception as e:
            return [(f.filename.rsplit("/", 1)[-1], f.name, f.line)
                    for f in traceback.extract_tb(e.__traceback__)], e
        raise AssertionError("no exception")

    with Context():
        i32 = IntegerType.get_signless(32)
        m = Module.create(Location.unknown())
        with InsertionPoint(m.body):
            def no_location():
                arith.ConstantOp(i32, 1)
            print(frames(no_location))

        def bad_callback(op):
            raise KeyError("from the callback")
        with Location.unknown(), InsertionPoint(m.body):
            f = func.FuncOp("f", ([], []))
        walked, err = frames(lambda: m.operation.walk(bad_callback))
        cause = [(f.filename.rsplit("/", 1)[-1], f.name, f.line) for f in
                 traceback.extract_tb(err.__cause__.__traceback__)]
        print((walked, type(err).__name__, repr(err.__cause__), cause))
""")


def run(tmp_path, **env):
    script = tmp_path / "script.py"
    script.write_text(SCRIPT)
    full = {k: v for k, v in os.environ.items()
            if k != "MLIR_CYTHON_INTERNAL_FRAMES"}
    full.update(env)
    proc = subprocess.run([sys.executable, str(script)], env=full,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return [eval(line) for line in proc.stdout.splitlines()]


def test_a_traceback_shows_the_callers_lines_and_no_compiled_frames(tmp_path):
    (located, e1), walked = run(tmp_path)
    # The builder of ConstantOp raises five calls deep; one frame stays,
    # the op class's __init__ the user called.
    assert located[:2] == [
        ("script.py", "frames", "fn()"),
        ("script.py", "no_location", "arith.ConstantOp(i32, 1)"),
    ]
    assert [(f[0], f[1]) for f in located[2:]] == [
        ("_ods_runtime.pyx", "mlir._mlir_libs._ods_runtime._arith_constant_op_init")]
    assert str(e1).startswith("An MLIR function requires a Location")
    # A callback's exception: upstream's RuntimeError at the walk call,
    # caused by the callback's own exception at its own line.
    frames, kind, cause, cause_frames = walked
    assert frames[:2] == [
        ("script.py", "frames", "fn()"),
        ("script.py", "<lambda>",
         "walked, err = frames(lambda: m.operation.walk(bad_callback))"),
    ]
    assert [(f[0], f[1]) for f in frames[2:]] == [
        ("ir_operation.pxi", "mlir._mlir_libs._ir.Operation.walk")]
    assert kind == "RuntimeError"
    assert cause == "KeyError('from the callback')"
    assert cause_frames == [
        ("script.py", "bad_callback", 'raise KeyError("from the callback")')]


def test_internal_frames_come_back_on_request(tmp_path):
    (located, _), (walked, _, _, cause) = run(
        tmp_path, MLIR_CYTHON_INTERNAL_FRAMES="1")
    assert [f[0] for f in located[:2]] == ["script.py", "script.py"]
    assert len(located) >= 5, located
    assert all(f[0].endswith((".pyx", ".pxi")) for f in located[2:]), located
    assert any(f[0].endswith((".pyx", ".pxi")) for f in walked), walked
    assert cause[0][0] == "ir_walk.pxi", cause
