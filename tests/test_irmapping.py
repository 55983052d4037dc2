"""IRMapping and Operation.clone(mapping=...), and what a detached clone
keeps alive of the tree it was copied from."""

import gc
import subprocess
import sys
import textwrap

import pytest

from mlir.ir import (Context, InsertionPoint, IRMapping, Module,
                     StringAttr)

FUNC = """
func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
"""


@pytest.fixture
def fn(ctx):
    m = Module.parse(FUNC)
    f = m.body.operations[0]
    entry = f.regions[0].blocks[0]
    return m, f, entry


def test_map_and_look_up(fn):
    m, f, entry = fn
    a, b = entry.arguments
    add, mul, ret = entry.operations
    mp = IRMapping()
    assert len(mp) == 0 and not mp.contains(a) and a not in mp
    mp.map(a, b)
    mp.map(entry, entry)
    mp.map(add, mul)
    assert mp.lookup(a) == b
    assert mp.lookup(entry) == entry
    assert mp.lookup(add) is mul
    assert mp.lookup_or_default(b) == b and mp.lookup_or_null(b) is None
    assert mp.contains(a) and a in mp and 3 not in mp
    with pytest.raises(KeyError):
        mp.lookup(b)
    assert len(mp) == 3
    mp.erase(a)
    assert a not in mp and len(mp) == 2
    mp.clear()
    assert len(mp) == 0


def test_map_refuses_mismatched_kinds_and_contexts(fn):
    m, f, entry = fn
    a, b = entry.arguments
    mp = IRMapping()
    with pytest.raises(TypeError, match="cannot map a Value to a Block"):
        mp.map(a, entry)
    with pytest.raises(TypeError, match="IRMapping maps Values, Blocks and "
                       "Operations, not int"):
        mp.map(1, a)
    with pytest.raises(TypeError, match="not str"):
        mp.lookup("a")
    with Context():
        other = Module.parse(FUNC).body.operations[0]
        with pytest.raises(ValueError, match="different contexts"):
            mp.map(f, other)


def test_clone_with_mapping_substitutes_operands(fn):
    m, f, entry = fn
    a, b = entry.arguments
    add, mul, ret = entry.operations
    mp = IRMapping()
    mp.map(a, b)
    with InsertionPoint(ret):
        copy = add.clone(mapping=mp)
    assert str(copy) == "%2 = arith.addi %arg1, %arg1 : i32"
    assert repr(mp) == "<IRMapping with 3 entries>"
    # The mapping gained the cloned operation and its result.
    assert mp.lookup(add) == copy
    assert mp.lookup(add.result) == copy.result
    # A chain: the second clone uses the first clone's result.
    with InsertionPoint(ret):
        copy2 = mul.clone(mapping=mp)
    assert list(copy2.operands) == [copy.result, b]
    m.operation.verify()


def test_clone_of_regions_maps_blocks_and_arguments(fn):
    m, f, entry = fn
    mp = IRMapping()
    with InsertionPoint(m.body):
        g = f.clone(mapping=mp)
    g.attributes["sym_name"] = StringAttr.get("g")
    new_entry = g.regions[0].blocks[0]
    assert mp.lookup(entry) == new_entry
    assert [mp.lookup(x) for x in entry.arguments] == list(new_entry.arguments)
    assert [mp.lookup(o) for o in entry.operations] == list(new_entry.operations)
    m.operation.verify()


def test_stale_entries_are_gone(fn):
    m, f, entry = fn
    add, mul, ret = entry.operations
    mp = IRMapping()
    with InsertionPoint(ret):
        copy = mul.clone(mapping=mp)
    assert mp.contains(mul)
    copy.erase()
    # The mapped-to operation was erased: using it raises, and a clone
    # ignores the entry whose target is gone.
    with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
        mp.lookup(mul).name
    with InsertionPoint(ret):
        again = mul.clone(mapping=mp)
    assert mp.lookup(mul.result) == again.result


def test_clone_rejects_other_mappings(fn):
    m, f, entry = fn
    with pytest.raises(TypeError, match="mapping must be an IRMapping, not dict"):
        entry.operations[0].clone(mapping={})


def test_detached_clone_keeps_the_original_tree_alive(ctx):
    # The copy uses %a and %b, values of the module: dropping the module
    # first must not free them under the copy (this crashed).
    m = Module.parse(FUNC)
    add = m.body.operations[0].regions[0].blocks[0].operations[0]
    copy = add.clone()
    del add, m
    gc.collect()
    assert str(copy.operands[0].type) == "i32"
    assert "arith.addi" in str(copy)
    del copy
    gc.collect()


def test_detached_clone_keeps_mapped_values_alive():
    code = textwrap.dedent("""
        import gc
        from mlir.ir import *
        FUNC = %r
        with Context(), Location.unknown():
            m1 = Module.parse(FUNC)
            m2 = Module.parse(FUNC)
            add = m1.body.operations[0].regions[0].blocks[0].operations[0]
            x = m2.body.operations[0].regions[0].blocks[0].arguments[0]
            mp = IRMapping()
            mp.map(add.operands[0], x)
            copy = add.clone(mapping=mp)
            del add, x, mp, m1, m2
            gc.collect()
            print(copy.operands[0].type, copy.operands[1].type)
            del copy
            gc.collect()
            print("ok")
    """) % FUNC
    p = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout.split() == ["i32", "i32", "ok"]
