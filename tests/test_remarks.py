"""Upstream main's optimization remarks on MLIR 22's remark engine:
Context.enable_remarks / finalize_remarks / remarks_enabled,
Location.emit_remark and the Remark a callback gets, as upstream main's
mlir/test/python/ir/remarks.py exercises them."""

import gc
import os
import re

import pytest

from mlir.ir import (Context, DiagnosticSeverity, FileLineColLoc, Location,
                     Remark, RemarkFormat, RemarkKind, RemarkPolicy)
from mlir.passmanager import PassManager


def emit(loc, kind=RemarkKind.PASSED, name="Fuse", category="Tile", **kw):
    return loc.emit_remark(kind, name, category=category, **kw)


def names_into(out):
    return lambda remark: out.append(remark.remark_name)


def test_without_an_engine_nothing_is_emitted():
    ctx = Context()
    loc = Location.file("k.py", 1, 1, context=ctx)
    assert ctx.remarks_enabled is False
    assert emit(loc) is False
    ctx.finalize_remarks()              # no engine: nothing to do
    assert ctx.remarks_enabled is False


def test_enable_and_finalize_toggle_the_engine():
    ctx = Context()
    seen = [ctx.remarks_enabled]
    ctx.enable_remarks(all_filter=".*", print_as_emit_remarks=False)
    seen.append(ctx.remarks_enabled)
    ctx.finalize_remarks()
    seen.append(ctx.remarks_enabled)
    ctx.enable_remarks(policy=RemarkPolicy.FINAL, print_as_emit_remarks=False)
    seen.append(ctx.remarks_enabled)
    ctx.finalize_remarks()
    seen.append(ctx.remarks_enabled)
    assert seen == [False, True, False, True, False]


def test_a_callback_reads_every_field_of_the_remark():
    ctx = Context()
    got = []

    def callback(r):
        got.append((r.kind, r.remark_name, r.category_name,
                    r.full_category_name, r.function_name, r.remark_id,
                    r.args, r.message, str(r), r.location,
                    type(r.location), r.location.context is ctx))

    ctx.enable_remarks(all_filter=".*", callback=callback)
    loc = Location.file("k.py", 7, 9, context=ctx)
    assert emit(loc, sub_category="Outer", function_name="kernel",
                message="tiled by 8", args=[("tile", "8")]) is True
    text = ('[Passed] Fuse | Category:Tile:Outer | Function=kernel | '
            'Remark="tiled by 8", RemarkId=1, tile=8')
    assert got == [(RemarkKind.PASSED, "Fuse", "Tile", "Tile:Outer", "kernel",
                    1, [("RemarkId", "1"), ("Remark", "tiled by 8"),
                        ("tile", "8")],
                    text, text, loc, FileLineColLoc, True)]
    # Names left unset read as upstream's placeholders; the id is the only
    # argument; the numbering goes on.
    got.clear()
    assert Location.unknown(context=ctx).emit_remark(RemarkKind.MISSED, "")
    (r,) = got
    assert r[:7] == (RemarkKind.MISSED, "<unknown remark name>", "", "",
                     "<unknown function>", 2, [("RemarkId", "2")])
    assert r[7] == "[Missed]  | RemarkId=2"
    ctx.finalize_remarks()
    assert ctx.remarks_enabled is False


def test_a_remark_kept_past_its_callback_is_invalid():
    ctx = Context()
    kept = []
    ctx.enable_remarks(all_filter=".*", callback=kept.append)
    emit(Location.unknown(context=ctx))
    ctx.finalize_remarks()
    (r,) = kept
    for field in ("kind", "remark_name", "category_name", "full_category_name",
                  "function_name", "location", "remark_id", "args", "message"):
        with pytest.raises(ValueError,
                           match=r"^Remark is invalid \(used outside of callback\)$"):
            getattr(r, field)
    assert str(r) == "<Invalid Remark>"


def test_filters_select_kinds_by_category():
    ctx = Context()
    names = []
    ctx.enable_remarks(all_filter="Tile", passed_filter="Vec",
                       callback=names_into(names))
    loc = Location.unknown(context=ctx)
    assert [emit(loc, RemarkKind.PASSED, "a", "Tile"),
            emit(loc, RemarkKind.FAILURE, "b", "Tile"),
            emit(loc, RemarkKind.PASSED, "c", "Vec"),
            emit(loc, RemarkKind.MISSED, "d", "Vec"),
            emit(loc, RemarkKind.ANALYSIS, "e", "Mem"),
            emit(loc, RemarkKind.UNKNOWN, "f", "Tile"),
            # Filters match whole category names.
            emit(loc, RemarkKind.PASSED, "g", "Tiles")] == [
        True, True, True, False, False, False, False]
    ctx.finalize_remarks()
    assert names == ["a", "b", "c"]


def test_the_final_policy_reports_at_finalize_the_last_of_each():
    ctx = Context()
    got = []
    ctx.enable_remarks(policy=RemarkPolicy.FINAL, all_filter=".*",
                       callback=lambda r: got.append((r.remark_name, r.remark_id)))
    loc = Location.unknown(context=ctx)
    other = Location.file("k.py", 1, 2, context=ctx)
    emit(loc, RemarkKind.PASSED, "A")
    emit(loc, RemarkKind.MISSED, "B")
    emit(loc, RemarkKind.MISSED, "B")       # replaces the one before
    emit(other, RemarkKind.MISSED, "B")     # another location: kept too
    assert got == []
    ctx.finalize_remarks()
    assert sorted(got) == [("A", 1), ("B", 3), ("B", 4)]


def test_remarks_stream_to_a_yaml_file(tmp_path):
    ctx = Context()
    path = str(tmp_path / "r.yaml")
    ctx.enable_remarks(output_file=path, all_filter=".*")
    loc = Location.file("k.py", 5, 6, context=ctx)
    assert emit(loc, RemarkKind.MISSED, "NotFused", sub_category="Outer",
                function_name="g", message="shapes differ",
                args=[("lhs", "4x4")])
    ctx.finalize_remarks()
    text = " ".join(open(path).read().split())
    for fragment in ("--- !Missed", "Pass: 'Tile:Outer'", "Name: NotFused",
                     "DebugLoc: { File: k.py, Line: 5, Column: 6 }",
                     "Function: g", "- RemarkId: '1'",
                     "- Remark: shapes differ", "- lhs: 4x4"):
        assert fragment in text, (fragment, text)


def test_remarks_stream_to_a_bitstream_file(tmp_path):
    ctx = Context()
    path = str(tmp_path / "r.bitstream")
    ctx.enable_remarks(policy=RemarkPolicy.FINAL, output_file=path,
                       format=RemarkFormat.BITSTREAM, all_filter=".*")
    assert emit(Location.unknown(context=ctx))
    ctx.finalize_remarks()
    with open(path, "rb") as f:
        assert f.read(4) == b"RMRK"


def test_without_a_sink_remarks_are_remark_diagnostics():
    ctx = Context()
    seen = []

    def handler(d):
        seen.append((d.severity, str(d.message)))
        return True

    handle = ctx.attach_diagnostic_handler(handler)
    loc = Location.unknown(context=ctx)
    ctx.enable_remarks(all_filter=".*")
    emit(loc, RemarkKind.ANALYSIS, "Trip", message="trip count is 4")
    ctx.finalize_remarks()
    assert seen == [(DiagnosticSeverity.REMARK,
                     '[Analysis] Trip | Category:Tile | '
                     'Remark="trip count is 4", RemarkId=1')]
    seen.clear()
    ctx.enable_remarks(all_filter=".*", print_as_emit_remarks=False)
    assert emit(loc) is True and seen == []
    ctx.finalize_remarks()
    # A callback is silent unless asked; both: the callback first.
    ctx.enable_remarks(all_filter=".*", callback=lambda r: seen.append("cb"),
                       print_as_emit_remarks=True)
    emit(loc)
    ctx.finalize_remarks()
    # ... and the final policy prints when finalized.
    ctx.enable_remarks(all_filter=".*", policy=RemarkPolicy.FINAL)
    emit(loc, name="Late")
    assert len(seen) == 2
    ctx.finalize_remarks()
    handle.detach()
    assert seen == ["cb", (DiagnosticSeverity.REMARK,
                           "[Passed] Fuse | Category:Tile | RemarkId=1"),
                    (DiagnosticSeverity.REMARK,
                     "[Passed] Late | Category:Tile | RemarkId=1")]


def test_errors_read_as_upstream():
    ctx = Context()
    with pytest.raises(ValueError, match="^a remark callback cannot be "
                       "combined with an output file$"):
        ctx.enable_remarks(output_file="r.yaml", callback=lambda r: None)
    with pytest.raises(ValueError, match=re.escape(
            "failed to enable remarks: cannot write "
            "'/nonexistent-dir/r.yaml'")):
        ctx.enable_remarks(output_file="/nonexistent-dir/r.yaml")
    assert ctx.remarks_enabled is False
    for kwargs in (dict(policy="final"), dict(format="yaml"), dict(policy=1),
                   dict(all_filter=3), dict(callback=5),
                   dict(print_as_emit_remarks="yes")):
        with pytest.raises(TypeError, match=r"^enable_remarks\(\): "
                           "incompatible function arguments"):
            ctx.enable_remarks(**kwargs)
    with pytest.raises(TypeError, match=r"^enable_remarks\(\): incompatible"):
        ctx.enable_remarks(RemarkPolicy.ALL)        # keyword-only
    ctx.enable_remarks(all_filter=".*", print_as_emit_remarks=False)
    with pytest.raises(ValueError, match=r"^remarks are already enabled on "
                       r"this context; call finalize_remarks\(\) first$"):
        ctx.enable_remarks(all_filter=".*")
    assert ctx.remarks_enabled is True
    loc = Location.unknown(context=ctx)
    for args, kwargs in ((("passed", "N"), {}), ((RemarkKind.PASSED, 3), {}),
                         ((RemarkKind.PASSED, "N"), dict(args=[("k",)])),
                         ((RemarkKind.PASSED, "N"), dict(args="kv")),
                         ((RemarkKind.PASSED, "N"), dict(args=[("k", 1)])),
                         ((RemarkKind.PASSED, "N", "Cat"), {})):
        with pytest.raises(TypeError, match=r"^emit_remark\(\): incompatible "
                           "function arguments"):
            loc.emit_remark(*args, **kwargs)
    with pytest.raises(TypeError, match=r"Remark: no constructor defined!"):
        Remark()
    ctx.finalize_remarks()


def test_a_raising_callback_is_reported_and_the_engine_goes_on(capsys):
    ctx = Context()
    names = []

    def callback(r):
        names.append(r.remark_name)
        if r.remark_name == "Boom":
            raise RuntimeError("boom")

    ctx.enable_remarks(all_filter=".*", callback=callback)
    loc = Location.unknown(context=ctx)
    assert emit(loc, name="Boom") is True and ctx.remarks_enabled
    assert emit(loc, name="After") is True
    assert names == ["Boom", "After"]
    assert capsys.readouterr().err == (
        "MLIR Python remark callback raised exception: boom\n")
    ctx.finalize_remarks()


def test_engines_are_per_context():
    a, b = Context(), Context()
    seen_a, seen_b = [], []
    a.enable_remarks(all_filter=".*", callback=names_into(seen_a))
    b.enable_remarks(passed_filter="Tile", callback=names_into(seen_b))
    emit(Location.unknown(context=a), RemarkKind.PASSED, "A")
    emit(Location.unknown(context=b), RemarkKind.PASSED, "B")
    emit(Location.unknown(context=b), RemarkKind.MISSED, "C")
    a.finalize_remarks()
    assert (a.remarks_enabled, b.remarks_enabled) == (False, True)
    emit(Location.unknown(context=b), RemarkKind.PASSED, "D")
    b.finalize_remarks()
    assert (seen_a, seen_b) == (["A"], ["B", "D"])


def test_a_context_going_drops_postponed_remarks_and_its_callback():
    names = []
    ctx = Context()

    class Callback:
        def __call__(self, r):
            names.append(r.remark_name)

    cb = Callback()
    ctx.enable_remarks(policy=RemarkPolicy.FINAL, all_filter=".*", callback=cb)
    emit(Location.unknown(context=ctx), name="Pending")
    import weakref
    gone, ctx_gone = weakref.ref(cb), weakref.ref(ctx)
    del cb, ctx
    gc.collect()
    assert names == [] and gone() is None and ctx_gone() is None


def test_a_context_going_writes_its_file(tmp_path):
    path = str(tmp_path / "late.yaml")
    ctx = Context()
    ctx.enable_remarks(policy=RemarkPolicy.FINAL, output_file=path,
                       all_filter=".*")
    emit(Location.unknown(context=ctx), name="Kept")
    del ctx
    gc.collect()
    assert "Name: Kept" in " ".join(open(path).read().split())


def test_the_callback_outlives_finalize_only_as_needed():
    import weakref
    ctx = Context()

    def cb(r):
        pass

    ctx.enable_remarks(all_filter=".*", callback=cb)
    gone = weakref.ref(cb)
    del cb
    gc.collect()
    assert gone() is not None           # the engine holds it
    ctx.finalize_remarks()
    gc.collect()
    assert gone() is None


def test_remarks_of_a_pass_pipeline_reach_the_callback():
    # MLIR 22's passes emit no remarks of their own; a Python pass does.
    ctx = Context()
    got = []
    ctx.enable_remarks(all_filter="MyPass", callback=lambda r: got.append(
        (r.remark_name, r.kind, str(r.location))))

    def run(op, pass_):
        op.location.emit_remark(RemarkKind.ANALYSIS, "Visited",
                                category="MyPass")

    with ctx:
        from mlir.ir import Module
        m = Module.parse("module {}")
        pm = PassManager("builtin.module")
        pm.add(run)
        pm.run(m.operation)
    ctx.finalize_remarks()
    assert got == [("Visited", RemarkKind.ANALYSIS, 'loc("-":1:1)')]


def test_any_text_and_filter_is_taken_or_refused_cleanly():
    """Fuzzed: filters that are no regular expression (an engine that
    reports nothing of that kind), names with NULs and non-ASCII text, many
    arguments; the remark reads back what was emitted."""
    from hypothesis import given, settings, strategies as st

    text = st.text(max_size=12)

    @settings(max_examples=150, deadline=None, derandomize=True)
    @given(filt=st.sampled_from(["", ".*", "(", "[a-", "a|b", "^x$", "T.*"]),
           kind=st.sampled_from(list(RemarkKind)), name=text, category=text,
           sub=text, function=text, message=text,
           args=st.lists(st.tuples(text, text), max_size=4))
    def run(filt, kind, name, category, sub, function, message, args):
        ctx = Context()
        got = []
        ctx.enable_remarks(all_filter=filt, callback=lambda r: got.append(
            (r.kind, r.category_name, r.args, r.message)))
        emitted = Location.unknown(context=ctx).emit_remark(
            kind, name, category=category, sub_category=sub,
            function_name=function, message=message, args=args)
        ctx.finalize_remarks()
        assert emitted == bool(got)
        if got:
            (k, cat, rargs, text_) = got[0]
            expected = [("RemarkId", "1")] + (
                [("Remark", message)] if message else []) + list(args)
            assert (k, cat, rargs) == (kind, category, expected)
            assert text_.startswith(f"[{kind.name.capitalize()}] {name} | ")

    run()


def test_text_utf8_cannot_encode_is_a_type_error():
    """As every str argument of the package: a lone surrogate is refused
    with TypeError (upstream's conversion to std::string refuses it)."""
    ctx = Context()
    with pytest.raises(TypeError, match="all_filter must be a str UTF-8 can encode"):
        ctx.enable_remarks(all_filter="\ud800")
    ctx.enable_remarks(all_filter=".*", print_as_emit_remarks=False)
    loc = Location.unknown(context=ctx)
    with pytest.raises(TypeError, match="category must be a str UTF-8 can encode"):
        loc.emit_remark(RemarkKind.PASSED, "N", category="\udfff")
    with pytest.raises(TypeError, match="args value must be a str UTF-8 can encode"):
        loc.emit_remark(RemarkKind.PASSED, "N", args=[("k", "\ud800")])
    ctx.finalize_remarks()
