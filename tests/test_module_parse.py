"""The first chain end to end: Context -> Module.parse -> str(module)."""

import gc
import subprocess
import sys
import textwrap

import pytest

from mlir.ir import Context, DiagnosticSeverity, Location, MLIRError, Module


def test_parse_and_print_round_trip(ctx):
    m = Module.parse("func.func @f(%a: i32) -> i32 {\n"
                     "  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}")
    assert str(m) == textwrap.dedent("""\
        module {
          func.func @f(%arg0: i32) -> i32 {
            %0 = arith.addi %arg0, %arg0 : i32
            return %0 : i32
          }
        }
        """)
    assert str(Module.parse(str(m))) == str(m)
    assert m.context is ctx


def test_parse_bytes_and_explicit_context():
    other = Context()
    with Context():
        m = Module.parse(b"module {}", context=other)
    assert m.context is other
    assert str(m) == "module {\n}\n"


def test_parse_error_carries_diagnostics(ctx):
    with pytest.raises(MLIRError,
                       match='^Unable to parse module assembly:\\nerror: "-":2:8: Dialect `foo\' not found for custom op \'foo.bar\'') as info:
        Module.parse("func.func @f() {\n  %0 = foo.bar\n}")
    err = info.value
    assert err.message == "Unable to parse module assembly"
    [diag] = err.error_diagnostics
    assert diag.severity == DiagnosticSeverity.ERROR
    assert str(diag.location) == 'loc("-":2:8)'
    assert "foo.bar" in diag.message
    assert str(err).startswith(
        'Unable to parse module assembly:\nerror: "-":2:8: ')


def test_parse_verifies(ctx):
    # Parses fine, but fails the verifier: the return type does not match.
    with pytest.raises(MLIRError,
                       match='^Unable to parse module assembly:\\nerror: "-":2:3: \'func.return\' op has 0 operands, but enclosing function \\(@f\\) returns 1') as info:
        Module.parse("func.func @f() -> i32 {\n  return\n}")
    assert str(info.value) == (
        'Unable to parse module assembly:\n'
        'error: "-":2:3: \'func.return\' op has 0 operands, but enclosing '
        'function (@f) returns 1\n'
        ' note: "-":2:3: see current operation: "func.return"() : () -> ()')


def test_parse_rejects_wrong_argument_types(ctx):
    with pytest.raises(TypeError, match="asm must be str or bytes"):
        Module.parse(42)
    with pytest.raises(TypeError, match="context must be a Context"):
        Module.parse("module {}", context="nope")


def test_parse_without_context_names_what_is_missing():
    assert Context.current is None
    with pytest.raises(RuntimeError, match="^An MLIR function requires a Context but none was provided"):
        Module.parse("module {}")


def test_unregistered_dialects(ctx):
    with pytest.raises(MLIRError,
                       match=r'^Unable to parse module assembly:\nerror: "-":1:9: operation being parsed with an unregistered dialect'):
        Module.parse('"foo.op"() : () -> ()')
    ctx.allow_unregistered_dialects = True
    assert ctx.allow_unregistered_dialects
    assert 'foo.op' in str(Module.parse('"foo.op"() : () -> ()'))


def test_context_stack_and_live_count():
    gc.collect()
    base = Context._get_live_count()
    c1, c2 = Context(), Context()
    assert Context._get_live_count() == base + 2
    with c1:
        assert Context.current is c1
        with c2:
            assert Context.current is c2
        assert Context.current is c1
    assert Context.current is None
    del c1, c2
    gc.collect()
    assert Context._get_live_count() == base


def test_module_keeps_context_alive():
    m = Module.parse("module {}", context=Context())
    gc.collect()
    assert isinstance(m.context, Context)
    assert str(m) == "module {\n}\n"


def test_unbalanced_exit_is_an_error():
    c1, c2 = Context(), Context()
    c1.__enter__()
    with pytest.raises(RuntimeError, match="unbalanced exit"):
        c2.__exit__(None, None, None)
    c1.__exit__(None, None, None)


def test_context_capsule_round_trip(ctx):
    assert Context._CAPICreate(ctx._CAPIPtr) is ctx
    m = Module.parse("module {}")
    assert Module._CAPICreate(m._CAPIPtr) is m
    with pytest.raises(ValueError, match="^PyCapsule_GetPointer called with incorrect name"):
        Context._CAPICreate(m._CAPIPtr)


def test_locations(ctx):
    assert str(Location.unknown()) == "loc(unknown)"
    assert str(Location.file("a.py", 3, 4)) == 'loc("a.py":3:4)'
    assert Location.file("a.py", 3, 4) == Location.file("a.py", 3, 4)
    assert str(Location.name("x")) == 'loc("x")'


def test_malformed_input_never_kills_the_process():
    # Run the bad inputs in a child: a crash would show as a signal exit.
    code = textwrap.dedent("""
        from mlir.ir import Context, Module, MLIRError
        bad = ["", "module {", "}", "func.func", "\\x00\\xff", "%0 = ",
               "module { module { } ", "\\"x\\"() : () -> (i32, i32", "#map = ",
               "func.func @f(%a: i32) { %0 = arith.addi %a : i32 }"]
        with Context():
            for text in bad:
                try:
                    Module.parse(text)
                except MLIRError:
                    pass
        print("survived")
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "survived"
