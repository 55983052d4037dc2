"""Every misuse gets a clear Python exception and the process survives.

The cases run in a child process (with glibc's MALLOC_PERTURB_ so a use of
freed memory shows), which prints one line per case; a crash would end the
child early with a signal, and the test names the last case reached."""

import os
import subprocess
import sys
import textwrap

CASES = textwrap.dedent(r'''
    import faulthandler, gc
    faulthandler.enable()
    from mlir.ir import *

    FUNC = """func.func @f(%a: i32) -> i32 {
      %0 = arith.addi %a, %a : i32
      return %0 : i32
    }"""

    def case(name, fn):
        try:
            fn()
        except Exception as e:
            print(f"{name}: {type(e).__name__}", flush=True)
        else:
            print(f"{name}: no error", flush=True)

    ctx = Context()
    with ctx, Location.unknown():
        case("malformed_ir", lambda: Module.parse("func.func @f( {"))
        case("malformed_bytes", lambda: Module.parse(b"\x00\xffML\xefR garbage"))
        case("unknown_op", lambda: Operation.create("nosuch.op"))
        case("attr_value_type", lambda: Operation.create(
            "arith.constant", attributes={"value": 3}))
        case("attr_name_type", lambda: Operation.create(
            "arith.constant", attributes={3: Attribute.parse("unit")}))
        case("operand_type", lambda: Operation.create("func.return", operands=["x"]))
        case("successor_type", lambda: Operation.create("cf.br", successors=[3]))
        case("result_type", lambda: Operation.create("func.return", results=[3]))
        case("regions_negative", lambda: Operation.create("func.return", regions=-1))
        m = Module.parse(FUNC)
        f = m.body.operations[0]
        blk = f.regions[0].blocks[0]
        add = blk.operations[0]
        case("operand_index", lambda: add.operands[5])
        case("result_index", lambda: add.results[-2])
        case("region_index", lambda: f.regions[1])
        case("block_index", lambda: f.regions[0].blocks[3])
        case("op_index", lambda: blk.operations[7])
        case("arg_index", lambda: blk.arguments[1])
        case("attr_index", lambda: f.attributes[99])
        case("insert_attached", lambda: InsertionPoint(blk).insert(add))
        ctx.allow_unregistered_dialects = True
        outer = Operation.create("t.outer", regions=1)
        ob = Block.create_at_start(outer.regions[0])
        inner = Operation.create("t.inner")
        ob.append(inner)
        case("move_into_own_region", lambda: outer.move_before(inner))
        case("insert_into_own_region", lambda: InsertionPoint(ob).insert(outer))
        def bad_walk(op):
            raise ZeroDivisionError()
        case("walk_raises", lambda: m.operation.walk(bad_walk))
        value = add.result
        region = f.regions[0]
        add.replace_uses_of_with(blk.arguments[0], blk.arguments[0])
        ret = blk.operations[1]
        ret.operands[0] = blk.arguments[0]
        add.erase()
        case("erased_op", lambda: add.name)
        case("erased_op_attrs", lambda: add.attributes["x"])
        case("erased_op_value", lambda: value.type)
        case("erased_op_erase_again", lambda: add.erase())
        f.erase()
        case("region_of_erased", lambda: region.blocks[0])
        case("block_of_erased", lambda: blk.operations[0])
        case("block_arg_of_erased", lambda: blk.arguments[0])
        case("ip_in_erased_block", lambda: InsertionPoint(blk))
        case("erased_as_operand_owner", lambda: Operation.create("t.x", operands=[value]))
        case("module_op_erase", lambda: m.operation.erase())
        case("verify_bad", lambda: Operation.create("func.return").verify())
        case("type_parse", lambda: Type.parse("i32<"))
        case("attr_parse", lambda: Attribute.parse("{a = "))
        case("no_context", lambda: Context.current.__exit__(None, None, None))
    case("no_current_context", lambda: Module.parse("module {}"))
    case("no_current_location", lambda: Operation.create("x.y"))

    # Lifetimes: a detached op using values of a module that is dropped first.
    for i in range(50):
        c = Context()
        with c, Location.unknown():
            mod = Module.parse(FUNC)
            arg = mod.body.operations[0].regions[0].blocks[0].arguments[0]
            user = Operation.create("arith.addi", operands=[arg, arg],
                                    results=[Type.parse("i32")])
        del mod, arg, c
        gc.collect()
        del user
        gc.collect()
    print("lifetimes: ok", flush=True)
    print("survived", flush=True)
''')

EXPECTED = {
    "malformed_ir": "MLIRError", "malformed_bytes": "MLIRError",
    "unknown_op": "ValueError", "attr_value_type": "TypeError",
    "attr_name_type": "TypeError", "operand_type": "TypeError",
    "successor_type": "TypeError", "result_type": "TypeError",
    "regions_negative": "ValueError",
    "operand_index": "IndexError", "result_index": "IndexError",
    "region_index": "IndexError", "block_index": "IndexError",
    "op_index": "IndexError", "arg_index": "IndexError",
    "attr_index": "IndexError", "insert_attached": "ValueError",
    "move_into_own_region": "ValueError", "insert_into_own_region": "ValueError",
    "walk_raises": "RuntimeError",
    "erased_op": "RuntimeError", "erased_op_attrs": "RuntimeError",
    "erased_op_value": "RuntimeError", "erased_op_erase_again": "RuntimeError",
    "region_of_erased": "RuntimeError", "block_of_erased": "RuntimeError",
    "block_arg_of_erased": "RuntimeError", "ip_in_erased_block": "RuntimeError",
    "erased_as_operand_owner": "RuntimeError", "module_op_erase": "ValueError",
    "verify_bad": "MLIRError", "type_parse": "MLIRError",
    "attr_parse": "MLIRError", "no_context": "RuntimeError",
    "no_current_context": "RuntimeError", "no_current_location": "RuntimeError",
    "lifetimes": "ok",
}


def test_every_misuse_raises_and_the_process_survives():
    env = dict(os.environ, MALLOC_PERTURB_="165", MALLOC_CHECK_="3")
    proc = subprocess.run([sys.executable, "-c", CASES], capture_output=True,
                          text=True, timeout=300, env=env)
    lines = proc.stdout.strip().splitlines()
    got = dict(line.split(": ", 1) for line in lines if ": " in line)
    last = lines[-1] if lines else "(nothing)"
    assert proc.returncode == 0, (
        f"child died (code {proc.returncode}) after '{last}':\n{proc.stderr[-3000:]}")
    assert lines[-1] == "survived"
    assert got == EXPECTED
