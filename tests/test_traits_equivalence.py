"""Operation traits (upstream main's has_trait and *Trait classes) and
structural equivalence and hashing (is_structurally_equivalent,
structural_hash, OperationEquivalenceFlags), on MLIR 22."""

import subprocess
import sys
import textwrap

import pytest

from mlir.dialects import arith, func, scf
from mlir.ir import (Context, DynamicOpTrait, IsIsolatedFromAboveTrait,
                     IsTerminatorTrait, Location, Module, NoTerminatorTrait,
                     Operation, OperationEquivalenceFlags as Flags, OpView,
                     RecursiveMemoryEffectsTrait, TypeID)

LOOP = """
func.func @f(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  return %r : f32
}
"""


@pytest.fixture
def loop(ctx):
    m = Module.parse(LOOP)
    f = m.body.operations[0]
    ops = list(f.regions[0].blocks[0].operations)
    return m, f, ops


# -- traits ------------------------------------------------------------------

def test_has_trait_on_operations(loop):
    m, f, (c0, c1, for_op, ret) = loop
    assert ret.has_trait(IsTerminatorTrait) is True
    assert ret.operation.has_trait(IsTerminatorTrait) is True
    assert ret.has_trait(NoTerminatorTrait) is False
    assert c0.has_trait(IsTerminatorTrait) is False
    assert m.operation.has_trait(NoTerminatorTrait) is True
    assert m.operation.has_trait(IsIsolatedFromAboveTrait) is True
    assert f.has_trait(IsIsolatedFromAboveTrait) is True
    assert for_op.has_trait(IsIsolatedFromAboveTrait) is False
    assert for_op.has_trait(RecursiveMemoryEffectsTrait) is True
    assert c0.has_trait(RecursiveMemoryEffectsTrait) is False
    yield_op = for_op.regions[0].blocks[0].operations[1]
    assert type(yield_op) is scf.YieldOp
    assert yield_op.has_trait(IsTerminatorTrait) is True


def test_has_trait_on_classes(ctx):
    assert func.ReturnOp.has_trait(IsTerminatorTrait) is True
    assert scf.YieldOp.has_trait(IsTerminatorTrait) is True
    assert arith.AddIOp.has_trait(IsTerminatorTrait) is False
    assert func.FuncOp.has_trait(IsIsolatedFromAboveTrait) is True
    assert scf.IfOp.has_trait(RecursiveMemoryEffectsTrait) is True
    assert arith.AddIOp.has_trait(RecursiveMemoryEffectsTrait) is False
    other = Context()
    assert func.ReturnOp.has_trait(IsTerminatorTrait, context=other) is True
    assert func.ReturnOp.has_trait(IsTerminatorTrait, other) is True


def test_has_trait_needs_a_context_and_a_name():
    with pytest.raises(RuntimeError, match="requires a Context"):
        func.ReturnOp.has_trait(IsTerminatorTrait)
    with Context():
        with pytest.raises(AttributeError, match="OPERATION_NAME"):
            OpView.has_trait(IsTerminatorTrait)


def test_has_trait_rejects_what_is_not_a_trait(loop):
    m, f, (c0, c1, for_op, ret) = loop
    with pytest.raises(TypeError, match="expects a trait class, not str"):
        ret.has_trait("IsTerminator")
    with pytest.raises(AttributeError, match="_trait_typeid"):
        ret.has_trait(DynamicOpTrait)

    class NotATypeID(DynamicOpTrait):
        _trait_typeid = 3
    with pytest.raises(TypeError, match="is a int, not a TypeID"):
        ret.has_trait(NotATypeID)
    assert isinstance(IsTerminatorTrait._trait_typeid, TypeID)
    assert IsTerminatorTrait._trait_typeid != NoTerminatorTrait._trait_typeid


def test_has_trait_of_unregistered_and_erased_operations(uctx):
    op = Operation.create("t.unknown")
    assert op.has_trait(IsTerminatorTrait) is False
    op.erase()
    with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
        op.has_trait(IsTerminatorTrait)


# -- structural equivalence ----------------------------------------------------

L = Flags.IGNORE_LOCATIONS


def test_flags_are_upstreams():
    assert [(f.name, f.value) for f in Flags.__members__.values()] == [
        ("NONE", 0), ("IGNORE_LOCATIONS", 1), ("IGNORE_DISCARDABLE_ATTRS", 2),
        ("IGNORE_PROPERTIES", 4), ("IGNORE_COMMUTATIVITY", 8)]


def test_functions_differing_in_name_and_locations(ctx):
    m = Module.parse(LOOP + LOOP.replace("@f", "@g"))
    f, g = m.body.operations
    # Parsed at other lines: other locations; other sym_name (a property).
    assert not f.is_structurally_equivalent(g)
    assert not f.is_structurally_equivalent(g, L)
    assert f.is_structurally_equivalent(g, L | Flags.IGNORE_PROPERTIES)
    assert g.is_structurally_equivalent(f, L | Flags.IGNORE_PROPERTIES)
    assert f.structural_hash(L | Flags.IGNORE_PROPERTIES) == \
        g.structural_hash(L | Flags.IGNORE_PROPERTIES)
    assert f.structural_hash(L) != g.structural_hash(L)
    assert f.is_structurally_equivalent(f)
    # A module and its parsed print (same text, hence same locations).
    again = Module.parse(str(m))
    assert not m.operation.is_structurally_equivalent(again.operation)
    assert m.operation.is_structurally_equivalent(again.operation, L)
    assert m.operation.structural_hash(L) == again.operation.structural_hash(L)
    assert isinstance(m.operation.structural_hash(), int)


def test_values_defined_inside_count_by_place(ctx):
    m = Module.parse("""
      func.func @a(%x: f32, %y: f32) -> f32 {
        %0 = arith.mulf %x, %y : f32
        %1 = arith.subf %0, %x : f32
        return %1 : f32
      }
      func.func @b(%x: f32, %y: f32) -> f32 {
        %0 = arith.mulf %x, %y : f32
        %1 = arith.subf %0, %y : f32
        return %1 : f32
      }
      func.func @c(%x: f32, %y: f32) -> f32 {
        %0 = arith.mulf %x, %y : f32
        %1 = arith.subf %x, %0 : f32
        return %1 : f32
      }""")
    a, b, c = m.body.operations
    flags = L | Flags.IGNORE_PROPERTIES
    assert not a.is_structurally_equivalent(b, flags)
    assert not a.is_structurally_equivalent(c, flags)
    assert a.structural_hash(flags) != b.structural_hash(flags)
    assert a.structural_hash(flags) != c.structural_hash(flags)


def test_commutative_operands_at_every_level(ctx):
    m = Module.parse("""
      func.func @a(%x: i32, %y: i32, %c: i1) -> i32 {
        %r = scf.if %c -> i32 {
          %s = arith.addi %x, %y : i32
          %t = arith.muli %s, %x : i32
          scf.yield %t : i32
        } else {
          scf.yield %x : i32
        }
        return %r : i32
      }
      func.func @b(%x: i32, %y: i32, %c: i1) -> i32 {
        %r = scf.if %c -> i32 {
          %s = arith.addi %y, %x : i32
          %t = arith.muli %x, %s : i32
          scf.yield %t : i32
        } else {
          scf.yield %x : i32
        }
        return %r : i32
      }""")
    a, b = m.body.operations
    flags = L | Flags.IGNORE_PROPERTIES
    assert a.is_structurally_equivalent(b, flags)
    assert a.structural_hash(flags) == b.structural_hash(flags)
    assert not a.is_structurally_equivalent(b, flags | Flags.IGNORE_COMMUTATIVITY)


def test_blocks_and_successors(ctx):
    text = """
      func.func @{name}(%c: i1, %x: i32) -> i32 {{
        {branch}
      ^bb1(%v: i32):
        return %v : i32
      ^bb2:
        %z = {value}
        cf.br ^bb1(%z : i32)
      }}"""
    to_1 = "cf.cond_br %c, ^bb1(%x : i32), ^bb2"
    to_2 = "cf.cond_br %c, ^bb2, ^bb1(%x : i32)"
    zero = "arith.constant 0 : i32"
    m = Module.parse(
        text.format(name="a", branch=to_1, value=zero)
        + text.format(name="b", branch=to_1, value=zero)
        + text.format(name="c", branch=to_2, value=zero)
        + text.format(name="d", branch=to_1, value="arith.addi %x, %x : i32"))
    a, b, c, d = m.body.operations
    flags = L | Flags.IGNORE_PROPERTIES
    assert a.is_structurally_equivalent(b, flags)
    assert a.structural_hash(flags) == b.structural_hash(flags)
    assert not a.is_structurally_equivalent(c, flags)
    assert a.structural_hash(flags) != c.structural_hash(flags)
    assert not a.is_structurally_equivalent(d, flags)
    assert a.structural_hash(flags) != d.structural_hash(flags)


def test_discardable_attributes(ctx):
    m = Module.parse("""
      %0 = arith.constant {tag = 1} 0 : i32
      %1 = arith.constant {tag = 2} 0 : i32""")
    x, y = m.body.operations
    assert not x.is_structurally_equivalent(y, L)
    assert x.is_structurally_equivalent(y, L | Flags.IGNORE_DISCARDABLE_ATTRS)
    assert x.structural_hash(L | Flags.IGNORE_DISCARDABLE_ATTRS) == \
        y.structural_hash(L | Flags.IGNORE_DISCARDABLE_ATTRS)


def test_equivalence_errors(loop, uctx):
    m, f, (c0, c1, for_op, ret) = loop
    with pytest.raises(TypeError, match="other must be an Operation or OpView, not Module"):
        f.is_structurally_equivalent(m)
    with pytest.raises(TypeError, match="flags must be OperationEquivalenceFlags, not str"):
        f.is_structurally_equivalent(f, "IGNORE_LOCATIONS")
    with pytest.raises(ValueError, match="are not OperationEquivalenceFlags"):
        f.structural_hash(99)
    # An operation of another context is not equivalent.
    with Location.unknown():
        other = Operation.create("t.x")
    assert not f.is_structurally_equivalent(other)
    ret.erase()
    with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
        ret.is_structurally_equivalent(c0)
    with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
        c0.is_structurally_equivalent(ret)
    with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
        ret.structural_hash()


def test_deep_ir_without_stack_overflow():
    # 3,000 levels of nesting overflow a 256 KiB thread stack in a recursive
    # comparison; a child process, so a crash fails this case only.
    code = textwrap.dedent("""
        import threading
        from mlir.ir import *
        depth = 3000
        text = ('"t.op"() ({ ' * depth + '"t.leaf"() : () -> ()'
                + ' }) : () -> ()' * depth)
        out = []
        def compare():
            with Context() as ctx:
                ctx.allow_unregistered_dialects = True
                a = Operation.parse(text)
                b = Operation.parse(text)
                c = Operation.parse(text.replace("t.leaf", "t.other"))
                f = OperationEquivalenceFlags.IGNORE_LOCATIONS
                out.extend([a.is_structurally_equivalent(b, f),
                            a.is_structurally_equivalent(c, f),
                            a.structural_hash(f) == b.structural_hash(f),
                            a.structural_hash(f) == c.structural_hash(f)])
        threading.stack_size(256 << 10)
        t = threading.Thread(target=compare)
        t.start()
        t.join()
        print(*out)
    """)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout.split() == ["True", "False", "True", "False"]
