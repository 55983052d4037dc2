"""Location kinds, accessors, equality, the context-manager protocol."""

import pytest

from mlir.ir import Attribute, Context, Location, Operation, UnitAttr


def test_file_point_and_range(ctx):
    p = Location.file("a.py", 3, 4)
    assert str(p) == 'loc("a.py":3:4)'
    assert p.is_a_file() and not p.is_a_name()
    assert (p.filename, p.start_line, p.start_col) == ("a.py", 3, 4)
    r = Location.file("a.py", 3, 4, 5, 6)
    assert str(r) == 'loc("a.py":3:4 to 5:6)'
    assert (r.end_line, r.end_col) == (5, 6)
    # Line and column are C ints that MLIR keeps unsigned, as upstream.
    assert str(Location.file("a.py", -1, 0)) == 'loc("a.py":4294967295:0)'


def test_file_binds_as_upstream_overloads(ctx):
    other = Context()
    # file(filename, line, col, context=None): the context positionally too.
    assert Location.file("f", 1, 2, other).context is other
    assert Location.file("f", line=1, col=2, context=other).context is other
    # file(filename, start_line, start_col, end_line, end_col, context=None)
    r = Location.file("f", 1, 2, 3, 4, other)
    assert str(r) == 'loc("f":1:2 to 3:4)' and r.context is other
    assert str(Location.file("f", start_line=1, start_col=2, end_line=3,
                             end_col=4)) == 'loc("f":1:2 to 3:4)'
    assert str(Location.file("f", True, 2)) == 'loc("f":1:2)'
    for args, kwargs in [(("f", 1, 2, 3), {}),
                         (("f", 1, 2), {"end_line": 3}),
                         (("f",), {"start_line": 1, "start_col": 2}),
                         (("f", 1.0, 2), {}),
                         ((b"f", 1, 2), {}),
                         (("f", 2**31, 2), {}),
                         (("f", 1, 2, "ctx"), {})]:
        with pytest.raises(TypeError,
                           match=r"^file\(\): incompatible function arguments\. The following argument types are supported:\n") as e:
            Location.file(*args, **kwargs)
        assert str(e.value).startswith(
            "file(): incompatible function arguments. The following argument "
            "types are supported:\n    1. file(filename: str, line: int, "
            "col: int, context: Context | None = None) -> "
            "mlir._mlir_libs._mlir.ir.Location\n    2. file(filename: str, "
            "start_line: int, start_col: int, end_line: int, end_col: int, "
            "context: Context | None = None) -> "
            "mlir._mlir_libs._mlir.ir.Location\n\nInvoked with types: ")
    with pytest.raises(TypeError, match="Invoked with types: str, int, int, "
                       "int, kwargs = { context: mlir._mlir_libs.Context }"):
        Location.file("f", 1, 2, 3, context=other)


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
    with pytest.raises(ValueError, match=r"^No caller frames provided\.$"):
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
    with pytest.raises(ValueError, match="^PyCapsule_GetPointer called with incorrect name"):
        Location._CAPICreate(ctx._CAPIPtr)


def test_wrong_arguments():
    with pytest.raises(RuntimeError, match="^An MLIR function requires a Context but none was provided"):
        Location.unknown()
    with Context():
        with pytest.raises(TypeError, match=r"^name\(\): incompatible function arguments"):
            Location.name("x", childLoc="nope")
        with pytest.raises(TypeError, match=r"^fused\(\): incompatible function arguments"):
            Location.fused(["nope"])


def test_file_names_are_cached_per_context_without_changing_results():
    """Location.file uniques a file's name once per context (its
    identifiers); the locations are those MLIR makes from the string."""
    with Context() as a:
        first = Location.file("model.py", 3, 4)
        again = Location.file("model.py", 3, 4)
        assert first == again and hash(first) == hash(again)
        assert str(again) == 'loc("model.py":3:4)'
        assert again == Location.from_attr(
            Attribute.parse('loc("model.py":3:4)'))
        # an equal str that is another object, and a str subclass
        assert Location.file("".join(["model", ".py"]), 3, 4) == first
        class Name(str):
            pass
        assert Location.file(Name("model.py"), 3, 4) == first
        # the empty name makes a location, and stays refused as an
        # attribute name
        assert str(Location.file("", 1, 2)) == 'loc("":1:2)'
        op = Operation.create("builtin.module", loc=first)
        with pytest.raises(ValueError, match="must not be empty"):
            op.attributes[""] = UnitAttr.get()
        # names that do not encode stay refused, cached or not
        with pytest.raises(
                TypeError, match=r"^file\(\): incompatible function arguments") as refused:
            Location.file("a\udcff", 1, 2)
        # upstream's first line and overloads, then the detail
        assert str(refused.value).split("\n")[:3] == [
            "file(): incompatible function arguments. The following argument "
            "types are supported:",
            "    1. file(filename, line, col, context=None) -> Location",
            "    2. file(filename, start_line, start_col, end_line, end_col, "
            "context=None) -> Location"]
        assert str(refused.value).split("\n")[-1].startswith(
            "filename must be a str UTF-8")
        # Location.name caches its names the same way
        named = Location.name("conv1", childLoc=first)
        assert named == Location.name("conv1", childLoc=first)
        assert str(named) == 'loc("conv1"("model.py":3:4))'
        assert type(named).__name__ == "NameLoc" and named.name_str == "conv1"
        assert Location.name(Name("conv1"), childLoc=first) == named
        assert str(Location.name("")) == 'loc("")'
        with pytest.raises(TypeError, match="(?s)^name\\(\\): incompatible function "
                           "arguments\\. .*\n\nname must be a str UTF-8"):
            Location.name("a\udcff")
    with Context() as b:
        other = Location.file("model.py", 3, 4)
        assert other.context is b and str(other) == 'loc("model.py":3:4)'
        assert other != first
