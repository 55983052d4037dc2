"""Location kinds, accessors, equality, the context-manager protocol."""

import pytest

from mlir.ir import Attribute, Context, Location


def test_file_point_and_range(ctx):
    p = Location.file("a.py", 3, 4)
    assert str(p) == 'loc("a.py":3:4)'
    assert p.is_a_file() and not p.is_a_name()
    assert (p.filename, p.start_line, p.start_col) == ("a.py", 3, 4)
    r = Location.file("a.py", 3, 4, 5, 6)
    assert str(r) == 'loc("a.py":3:4 to 5:6)'
    assert (r.end_line, r.end_col) == (5, 6)
    with pytest.raises(ValueError):
        Location.file("a.py", -1, 0)


def test_name_callsite_fused(ctx):
    n = Location.name("x", childLoc=Location.file("a", 1, 2))
    assert str(n) == 'loc("x"("a":1:2))'
    assert n.name_str == "x" and n.child_loc == Location.file("a", 1, 2)
    c = Location.callsite(Location.file("callee", 1, 1),
                          [Location.file("f1", 2, 2), Location.file("f2", 3, 3)])
    assert str(c) == ('loc(callsite("callee":1:1 at callsite("f1":2:2 '
                      'at "f2":3:3)))')
    assert c.callee == Location.file("callee", 1, 1)
    assert c.caller.is_a_callsite()
    f = Location.fused([Location.file("a", 1, 1), Location.file("b", 2, 2)],
                       metadata=Attribute.parse('"meta"'))
    assert str(f) == 'loc(fused<"meta">["a":1:1, "b":2:2])'
    assert [str(l) for l in f.locations] == ['loc("a":1:1)', 'loc("b":2:2)']
    assert str(f.metadata) == '"meta"'
    with pytest.raises(ValueError, match="not a file location"):
        f.filename
    with pytest.raises(ValueError, match="No caller frames"):
        Location.callsite(Location.unknown(), [])


def test_attr_round_trip_and_unknown(ctx):
    loc = Location.file("a", 1, 2)
    assert Location.from_attr(loc.attr) == loc
    assert Location.unknown().is_a_unknown()
    assert str(Location.unknown()) == "loc(unknown)"


def test_equality_hash_and_context(ctx):
    a = Location.file("a", 1, 2)
    assert a == Location.file("a", 1, 2) and hash(a) == hash(Location.file("a", 1, 2))
    assert a != Location.file("a", 1, 3)
    assert a.context is ctx


def test_capsule_round_trip(ctx):
    a = Location.file("a", 1, 2)
    assert Location._CAPICreate(a._CAPIPtr) == a
    with pytest.raises(TypeError):
        Location._CAPICreate(ctx._CAPIPtr)


def test_wrong_arguments():
    with pytest.raises(RuntimeError, match="^An MLIR function requires a Context but none was provided"):
        Location.unknown()
    with Context():
        with pytest.raises(TypeError):
            Location.name("x", childLoc="nope")
        with pytest.raises(TypeError):
            Location.fused(["nope"])
