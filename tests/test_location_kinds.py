"""Upstream main's Location subclasses on MLIR 22: every location comes
back as the class of its kind, with upstream main's constructors, casts
and TypeIDs. (repr stays release 22's: the printed location.)"""

import gc
import pickle

import pytest

from mlir.ir import (Attribute, CallSiteLoc, Context, FileLineColLoc, FusedLoc,
                     InsertionPoint, IntegerType, Location, Module, NameLoc,
                     Operation, UnknownLoc)

KINDS = (UnknownLoc, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc)


def kind_of(loc):
    """The one kind class `loc` is an instance of."""
    (k,) = [k for k in KINDS if isinstance(loc, k)]
    return k


def test_every_constructor_returns_the_class_of_its_kind():
    with Context():
        u = Location.unknown()
        f = Location.file("a.py", 3, 4)
        r = Location.file("a.py", 3, 4, 5, 6)
        n = Location.name("x", f)
        c = Location.callsite(f, [n])
        fu = Location.fused([f, n])
    assert [kind_of(x) for x in (u, f, r, n, c, fu)] == [
        UnknownLoc, FileLineColLoc, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc]
    assert all(isinstance(x, Location) for x in (u, f, r, n, c, fu))
    assert repr(f) == str(f) == 'loc("a.py":3:4)'


def test_the_kind_classes_get_and_read():
    with Context() as ctx:
        u = UnknownLoc.get()
        f = FileLineColLoc.get("m.py", 10, 2)
        r = FileLineColLoc.get("m.py", 10, 2, 12, 8)
        n = NameLoc.get("layer1", f)
        bare = NameLoc.get("alone")
        c = CallSiteLoc.get(f, [FileLineColLoc.get("caller.py", 1, 1),
                                FileLineColLoc.get("main.py", 2, 2)])
        fused = FusedLoc.get([n, bare], Attribute.parse('"meta"'))
    ctx = None
    gc.collect()
    assert str(u) == "loc(unknown)" and u.context is not None
    assert (f.filename, f.start_line, f.start_col, f.end_line, f.end_col) == \
        ("m.py", 10, 2, 10, 2)
    assert (r.start_line, r.start_col, r.end_line, r.end_col) == (10, 2, 12, 8)
    assert n.name_str == "layer1" and kind_of(n.child_loc) is FileLineColLoc
    assert kind_of(bare.child_loc) is UnknownLoc
    assert str(c) == ('loc(callsite("m.py":10:2 at callsite("caller.py":1:1 '
                      'at "main.py":2:2)))')
    assert kind_of(c.callee) is FileLineColLoc and kind_of(c.caller) is CallSiteLoc
    assert [kind_of(x) for x in fused.locations] == [NameLoc, NameLoc]
    assert str(fused.metadata) == '"meta"'


def test_fused_collapses_except_through_fused_loc_get():
    with Context():
        a = NameLoc.get("a")
        assert kind_of(Location.fused([a])) is NameLoc
        assert kind_of(Location.fused([])) is UnknownLoc
        with pytest.raises(ValueError, match="^FusedLoc.get would collapse"):
            FusedLoc.get([a])
        meta = Attribute.parse('"m"')
        # With metadata MLIR keeps a fused location, even of one or none.
        assert str(FusedLoc.get([a], meta)) == 'loc(fused<"m">["a"])'
        assert str(FusedLoc.get([], meta)) == 'loc(fused<"m">[unknown])'


def test_casts_typeids_attributes_and_pickles():
    with Context():
        u = UnknownLoc.get()
        assert kind_of(UnknownLoc(u)) is UnknownLoc and UnknownLoc(u) == u
        with pytest.raises(ValueError,
                           match=r"^Cannot cast location to FileLineColLoc \(from loc\(unknown\)\)$"):
            FileLineColLoc(u)
        with pytest.raises(TypeError, match=r"(?s)^__init__\(\): incompatible function arguments\. .*\n\nNameLoc\(\) takes a Location, not str$"):
            NameLoc("x")
        f = FileLineColLoc.get("t.py", 1, 2)
        assert f.typeid == FileLineColLoc.static_typeid != UnknownLoc.static_typeid
        assert u.typeid == UnknownLoc.static_typeid
        assert len({k.static_typeid for k in KINDS}) == 5
        back = Location.from_attr(NameLoc.get("n").attr)
        assert kind_of(back) is NameLoc
        assert kind_of(pickle.loads(pickle.dumps(f))) is FileLineColLoc


def test_ops_and_values_report_their_location_kind():
    with Context() as ctx:
        ctx.allow_unregistered_dialects = True
        with FileLineColLoc.get("k.py", 7, 1):
            m = Module.create()
            with InsertionPoint(m.body):
                op = Operation.create("t.op", results=[IntegerType.get_signless(32)])
        assert kind_of(op.location) is FileLineColLoc
        assert kind_of(op.result.location) is FileLineColLoc
        assert op.location.typeid == FileLineColLoc.static_typeid
