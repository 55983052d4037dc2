"""A module whose operations use values of another tree keeps that tree
alive: setting an operand, replace_all_uses_with / _except,
replace_uses_of_with and building with such a value (each of which crashed
once the other module was collected)."""

import gc
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent('''
    import gc, sys
    from mlir.ir import *
    from mlir.dialects import arith
    mode = sys.argv[1]
    with Context() as ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        m = Module.create(); m2 = Module.create()
        with InsertionPoint(m.body):
            c = arith.ConstantOp(i32, 1)
            add = arith.AddIOp(c, c)
        with InsertionPoint(m2.body):
            c2 = arith.ConstantOp(i32, 2)
        if mode == "operand":
            add.operation.operands[0] = c2.result
        elif mode == "rauw":
            c.result.replace_all_uses_with(c2.result)
        elif mode == "except":
            c.result.replace_all_uses_except(c2.result, [])
        elif mode == "uses_of":
            add.operation.replace_uses_of_with(c.result, c2.result)
        elif mode == "build":
            with InsertionPoint(m.body):
                arith.AddIOp(c2, c2)
        del m2, c2
        for _ in range(3):
            junk = [Module.parse("%x = arith.constant 7 : i32") for _ in range(50)]
            del junk
            gc.collect()
        assert ctx._get_live_module_count() == 2, "the other module was collected"
        text = str(m)
        assert text.count("arith.constant 2") == 0   # printed in the other module
        assert "arith.addi" in text
        del m, add, c
        gc.collect()
        assert ctx._get_live_module_count() == 0, "the other module outlived its user"
    print("ok")
''')


@pytest.mark.parametrize("mode", ["operand", "rauw", "except", "uses_of",
                                  "build"])
def test_the_used_module_stays_alive(mode):
    proc = subprocess.run([sys.executable, "-c", SCRIPT, mode],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == "ok"
