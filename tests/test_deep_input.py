"""Deeply nested input and IR never overflow the stack.

MLIR parses, prints, verifies and walks by recursion, one level per level of
nesting: a few thousand levels overflow an 8 MiB thread stack (SIGSEGV).
These calls run on a large stack of the thread's own when the input or IR
may need it (mlir-cython/Stack.h). Each case runs in a child process, so a
crash fails that case only."""

import subprocess
import sys
import textwrap

import pytest

PRELUDE = textwrap.dedent("""
    import faulthandler, io, sys
    faulthandler.enable()
    from mlir.ir import *
    from mlir.passmanager import PassManager

    def nested_regions(depth):
        # depth levels of "test.op" holding one region, one block, built
        # iteratively from Python.
        loc = Location.unknown()
        root = Operation.create("test.op", regions=1, loc=loc)
        block = Block.create_at_start(root.regions[0])
        for _ in range(depth - 1):
            with InsertionPoint(block):
                op = Operation.create("test.op", regions=1, loc=loc)
            block = Block.create_at_start(op.regions[0])
        with InsertionPoint(block):
            Operation.create("test.leaf", loc=loc)
        return root

    def unregistered():
        ctx = Context()
        ctx.allow_unregistered_dialects = True
        return ctx

    def in_thread(fn, stack=256 << 10):
        # Runs fn in a thread with a small stack: a few thousand levels of
        # IR then overflow it, where the main thread's 8 MiB would take
        # tens of thousands (whose printing and destruction are quadratic
        # in MLIR).
        import threading
        threading.stack_size(stack)
        failed = []
        def run():
            try:
                fn()
            except BaseException as e:
                failed.append(e)
        t = threading.Thread(target=run)
        t.start()
        t.join()
        if failed:
            raise failed[0]

    def nested_text(depth):
        return ('"test.op"() ({ ' * depth + '"test.leaf"() : () -> ()'
                + ' }) : () -> ()' * depth)
""")


def run(body, timeout=120):
    code = PRELUDE + textwrap.dedent(body)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, timeout=timeout)
    assert p.returncode == 0, (p.returncode, p.stdout[-2000:], p.stderr[-4000:])
    return p.stdout


def test_module_parse_nested_regions():
    out = run("""
        with unregistered():
            text = nested_text(3000)
            m = Module.parse(text)
            s = str(m)
            print(s.count("test.op"), s.count("test.leaf"))
            print(m.operation.verify())
            op = Operation.parse(text)
            print(op.name, len(str(op)) > len(text))
            # Bytecode of it parses back to the same module.
            buf = io.BytesIO()
            m.operation.write_bytecode(buf)
            again = Module.parse(buf.getvalue())
            buf2 = io.BytesIO()
            again.operation.write_bytecode(buf2)
            print(buf2.getvalue() == buf.getvalue())
    """)
    assert out.split("\n")[:4] == ["3000 1", "True", "test.op True", "True"]


def test_attribute_parse_nested():
    out = run("""
        with Context():
            a = Attribute.parse("[" * 10000 + "]" * 10000)
            print(str(a) == "[" * 10000 + "]" * 10000)
            d = Attribute.parse("{a = " * 10000 + "0" + "}" * 10000)
            print(str(d).count("{a = "))
    """)
    assert out.split("\n")[:2] == ["True", "10000"]


def test_type_parse_nested():
    out = run("""
        with Context():
            t = Type.parse("tuple<" * 40000 + "i32" + ">" * 40000)
            print(str(t).count("tuple"))
            f = Type.parse("(" * 20000 + "i32" + ") -> i32" * 20000)
            print(str(f).count("->"))
            try:
                Type.parse("(" * 20000 + "i32" + ")" * 20000)
            except MLIRError as e:
                print("MLIRError")
    """)
    assert out.split("\n")[:3] == ["40000", "20000", "MLIRError"]


def test_affine_map_and_integer_set_nested():
    out = run("""
        with Context():
            m = Attribute.parse("affine_map<(d0) -> (" + "(" * 10000 + "d0"
                                + ")" * 10000 + ")>")
            print(m)
            s = Attribute.parse("affine_set<(d0) : (" + "(" * 10000 + "d0"
                                + ")" * 10000 + " >= 0)>")
            print(s)
            n = Attribute.parse("affine_map<(d0) -> (" + "-" * 10001
                                + "d0)>")
            print(n)
    """)
    assert out.split("\n")[:3] == ["affine_map<(d0) -> (d0)>",
                                   "affine_set<(d0) : (d0 >= 0)>",
                                   "affine_map<(d0) -> (-d0)>"]


def test_built_ir_print_verify_walk_destroy():
    # Callbacks run Python with this thread's context stack (its `with`
    # frames) in place.
    out = run("""
        def work():
            with unregistered(), Location.unknown():
                root = nested_regions(3000)
                s = str(root)
                print(s.count("test.op"))
                f = io.StringIO()
                root.print(file=f)
                print(f.getvalue() == s, root.get_asm() == s)
                print(root.verify())
                seen = []
                def cb(op):
                    seen.append(Location.current is not None)
                    return WalkResult.ADVANCE
                root.walk(cb)
                print(len(seen), all(seen))
                tables = []
                SymbolTable.walk_symbol_tables(
                    root, True, lambda op, visible: tables.append(op.name))
                print(len(tables))
                buf = io.BytesIO()
                root.write_bytecode(buf)
                print(len(buf.getvalue()) > 0)
                copy = root.clone()
                print(copy.verify())
                leaf = root
                for _ in range(2999):
                    leaf = leaf.regions[0].blocks[0].operations[0]
                print(str(leaf.regions[0].blocks[0]).count("test.leaf"))
                del copy, root, leaf
                print("done")
        in_thread(work)
    """)
    assert out.split("\n")[:9] == ["3000", "True True", "True", "3001 True",
                                   "0", "True", "True", "1", "done"]


def test_pass_runs_and_diagnostics_on_deep_ir():
    out = run("""
        def work():
            ctx = unregistered()
            got = []
            def handler(d):
                got.append(str(d.location) + ": " + d.message)
                return True
            with ctx, Location.unknown():
                m = Module.create()
                m.body.append(nested_regions(3000))
                PassManager.parse("builtin.module(cse,canonicalize)").run(
                    m.operation)
                print(str(m).count("test.op"))
                ran = []
                def py_pass(op, pass_):
                    ran.append(Context.current is ctx)
                pm = PassManager("builtin.module")
                pm.add(py_pass)
                pm.run(m.operation)
                print(ran)
                # A verifier error deep inside reaches a Python handler.
                inner = m.body.operations[0]
                for _ in range(2500):
                    inner = inner.regions[0].blocks[0].operations[0]
                inner.regions[0].blocks[0].append(
                    Operation.create("builtin.module", regions=1))
                h = ctx.attach_diagnostic_handler(handler)
                ctx.emit_error_diagnostics = True   # errors go to handlers
                try:
                    m.operation.verify()
                except MLIRError as e:
                    print("MLIRError")
                h.detach()
                print(len(got) > 0)
        in_thread(work)
    """)
    assert out.split("\n")[:4] == ["3000", "[True]", "MLIRError", "True"]


def test_walk_callbacks_raise_and_reenter():
    out = run("""
        def work():
            with unregistered():
                root = nested_regions(3000)
                names = []
                def cb(op):
                    names.append(op.name)
                    if len(names) == 10:
                        raise KeyError("stop")
                    return WalkResult.ADVANCE
                try:
                    root.walk(cb, WalkOrder.PRE_ORDER)
                except RuntimeError as e:
                    # As upstream: the callback's exception, chained.
                    print(type(e.__cause__).__name__, len(names))
                # A callback that parses and prints deep input itself.
                def cb2(op):
                    if op.name == "test.leaf":
                        a = Attribute.parse("[" * 5000 + "]" * 5000)
                        print(len(str(a)))
                        print(str(op.parent.parent).count("test.op"))
                    return WalkResult.ADVANCE
                root.walk(cb2)
        in_thread(work)
    """)
    assert out.split("\n")[:3] == ["KeyError 10", "10000", "2"]


def test_threads_with_default_stacks():
    out = run("""
        import threading
        res = []
        def work():
            with unregistered():
                m = Module.parse(nested_text(3000))
                res.append(str(m).count("test.op"))
                a = Attribute.parse("[" * 10000 + "]" * 10000)
                res.append(len(str(a)))
        ts = [threading.Thread(target=work) for _ in range(2)]
        for t in ts: t.start()
        for t in ts: t.join()
        print(sorted(res))
    """)
    assert out.strip() == "[3000, 3000, 20000, 20000]"


def test_too_deep_for_the_stack_left_raises():
    # A call made from a callback of a call on the large stack continues on
    # it: what may not fit in what is left raises RecursionError.
    out = run("""
        def work():
            with unregistered():
                root = nested_regions(3000)
                def cb(op):
                    if op.name == "test.leaf":
                        try:
                            Attribute.parse("[" * 300000 + "]" * 300000)
                        except RecursionError as e:
                            print("RecursionError", "stack" in str(e))
                    return WalkResult.ADVANCE
                root.walk(cb)
        in_thread(work)
    """)
    assert out.strip() == "RecursionError True"
