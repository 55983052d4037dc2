"""Traceback-based locations: mlir.ir.loc_tracebacks() and the settings of
_cext.globals behind it (upstream's names, defaults and TypeErrors).

Expected locations are written out in full: every frame is a function of
this file (the frame limit keeps pytest's frames out), its line and
columns found in this file's source with inspect."""

import inspect
import pathlib
import threading

import pytest

from mlir.ir import (Context, CurrentLocAction, IndexType, IntegerAttr,
                     IntegerType, Location, Module, OnExplicitAction,
                     Operation, loc_tracebacks)
from mlir.dialects import arith
from mlir.dialects._ods_common import _cext

G = _cext.globals


def _make(name):
    return Operation.create(name)


def _outer(name):
    return _make(name)


def _file():
    """This file as its frames name it."""
    return _make.__code__.co_filename


HERE = _file()


@pytest.fixture(autouse=True)
def restore_globals():
    enabled, limit = G.loc_tracebacks_enabled(), G.loc_tracebacks_frame_limit()
    yield
    G.set_loc_tracebacks_enabled(enabled)
    G.set_loc_tracebacks_frame_limit(limit)
    G.set_traceback_action_on_explicit_loc(OnExplicitAction.USE_EXPLICIT)
    G.set_traceback_action_on_current_loc(CurrentLocAction.FALLBACK)
    # Tests that exclude this file include it again (its default).
    G.register_traceback_file_inclusion(HERE)


@pytest.fixture
def ctx():
    with Context() as c, Location.name("ambient"):
        c.allow_unregistered_dialects = True
        yield c


def _frame(func, call, qualname=None):
    """The printed NameLoc of a frame of `func` executing the expression
    `call`, found on one line of func's source."""
    lines, first = inspect.getsourcelines(func)
    for i, text in enumerate(lines):
        col = text.find(call)
        if col >= 0:
            return (f'"{qualname or func.__qualname__}"'
                    f'("{inspect.getsourcefile(func)}":{first + i}:{col} '
                    f'to :{col + len(call)})')
    raise AssertionError(f"{call!r} is not in {func.__qualname__}")


def _stack(*frames):
    """The printed location of frames, innermost first."""
    text = frames[-1]
    for f in reversed(frames[:-1]):
        text = f"callsite({f} at {text})"
    return f"loc({text})"


MAKE = _frame(_make, 'Operation.create(name)')
OUTER = _frame(_outer, '_make(name)')


# -- settings --------------------------------------------------------------

def test_defaults():
    assert G.loc_tracebacks_enabled() is False
    assert G.loc_tracebacks_frame_limit() == 10


def test_frame_limit_values():
    class Index:
        def __index__(self):
            return 7

    for value, stored in ((3, 3), (0, 0), (True, 1), (512, 512), (513, 512),
                          (1000, 512), (-1, 512), (-2**31, 512), (None, 512),
                          (2**31 - 1, 512), (Index(), 7)):
        G.set_loc_tracebacks_frame_limit(value)
        assert G.loc_tracebacks_frame_limit() == stored, value


def _incompatible(method, signature, arg_type):
    return (f"{method}(): incompatible function arguments. The following "
            f"argument types are supported:\n    1. {signature}\n\n"
            f"Invoked with types: mlir._mlir_libs._mlir._Globals, {arg_type}")


@pytest.mark.parametrize("value, type_name", [
    (1.5, "float"), ("3", "str"), (2**31, "int"), (-2**31 - 1, "int")])
def test_frame_limit_type_errors(value, type_name):
    G.set_loc_tracebacks_frame_limit(4)
    with pytest.raises(TypeError,
                       match=r"^set_loc_tracebacks_frame_limit\(\): incompatible function arguments\.") as info:
        G.set_loc_tracebacks_frame_limit(value)
    assert str(info.value) == _incompatible(
        "set_loc_tracebacks_frame_limit",
        "set_loc_tracebacks_frame_limit(self, arg: int | None) -> None",
        type_name)
    assert G.loc_tracebacks_frame_limit() == 4


@pytest.mark.parametrize("value, type_name", [
    (1, "int"), (None, "NoneType"), ("yes", "str")])
def test_enabled_type_errors(value, type_name):
    with pytest.raises(TypeError,
                       match=r"^set_loc_tracebacks_enabled\(\): incompatible function arguments\.") as info:
        G.set_loc_tracebacks_enabled(value)
    assert str(info.value) == _incompatible(
        "set_loc_tracebacks_enabled",
        "set_loc_tracebacks_enabled(self, arg: bool, /) -> None", type_name)
    assert G.loc_tracebacks_enabled() is False


@pytest.mark.parametrize("method", ["register_traceback_file_inclusion",
                                    "register_traceback_file_exclusion"])
@pytest.mark.parametrize("value, type_name", [
    (None, "NoneType"), (3, "int"), (b"/x", "bytes"),
    # (the class's own module: pathlib._local from CPython 3.13 on)
    (pathlib.PurePosixPath("/x"),
     f"{pathlib.PurePosixPath.__module__}.PurePosixPath"),
    ("a\udcff", "str")])
def test_register_type_errors(method, value, type_name):
    with pytest.raises(TypeError, match=rf"^{method}\(\): incompatible "
                       r"function arguments\.") as info:
        getattr(G, method)(value)
    assert str(info.value) == _incompatible(
        method, f"{method}(self, arg: str, /) -> None", type_name)


def test_settings_are_positional():
    with pytest.raises(TypeError):
        G.set_loc_tracebacks_enabled(enabled=True)
    with pytest.raises(TypeError):
        G.loc_tracebacks_enabled(True)
    assert G.loc_tracebacks_enabled() is False


# -- the context manager ---------------------------------------------------

def test_context_manager_signature():
    params = inspect.signature(loc_tracebacks).parameters
    assert list(params) == ["max_depth", "on_explicit_actn",
                            "current_loc_actn", "on_explicit", "current_loc"]
    assert all(p.kind is p.KEYWORD_ONLY for p in params.values())
    assert params["max_depth"].default is None
    assert params["on_explicit_actn"].default is OnExplicitAction.USE_EXPLICIT
    assert params["current_loc_actn"].default is CurrentLocAction.FALLBACK
    assert loc_tracebacks.__doc__


def test_context_manager_nests_and_restores():
    with loc_tracebacks():
        assert G.loc_tracebacks_enabled()
        assert G.loc_tracebacks_frame_limit() == 10
        with loc_tracebacks(max_depth=2):
            assert G.loc_tracebacks_enabled()
            assert G.loc_tracebacks_frame_limit() == 2
            with loc_tracebacks():
                assert G.loc_tracebacks_frame_limit() == 2
            assert G.loc_tracebacks_frame_limit() == 2
        assert G.loc_tracebacks_enabled()
        assert G.loc_tracebacks_frame_limit() == 10
    assert G.loc_tracebacks_enabled() is False
    assert G.loc_tracebacks_frame_limit() == 10


def test_context_manager_restores_on_errors():
    with pytest.raises(KeyError):
        with loc_tracebacks(max_depth=1):
            raise KeyError
    assert G.loc_tracebacks_enabled() is False
    assert G.loc_tracebacks_frame_limit() == 10
    with pytest.raises(TypeError, match="set_loc_tracebacks_frame_limit"):
        with loc_tracebacks(max_depth=1.5):
            pass
    assert G.loc_tracebacks_enabled() is False
    assert G.loc_tracebacks_frame_limit() == 10


def test_context_manager_keeps_an_enabled_setting():
    G.set_loc_tracebacks_enabled(True)
    with loc_tracebacks(max_depth=3):
        assert G.loc_tracebacks_frame_limit() == 3
    assert G.loc_tracebacks_enabled() is True
    assert G.loc_tracebacks_frame_limit() == 10


# -- locations -------------------------------------------------------------

def test_off_is_the_current_location(ctx):
    assert str(_make("t.a").location) == 'loc("ambient")'
    assert str(Module.create().operation.location) == 'loc("ambient")'


def test_frames_innermost_first(ctx):
    def call():
        return _outer("t.a")

    with loc_tracebacks(max_depth=3):
        op = call()
    assert str(op.location) == _stack(
        MAKE, OUTER,
        _frame(call, '_outer("t.a")',
               "test_frames_innermost_first.<locals>.call"))


def test_frame_limits(ctx):
    with loc_tracebacks(max_depth=2):
        assert str(_outer("t.a").location) == _stack(MAKE, OUTER)
        G.set_loc_tracebacks_frame_limit(1)
        assert str(_outer("t.a").location) == _stack(MAKE)
        G.set_loc_tracebacks_frame_limit(0)
        assert str(_outer("t.a").location) == "loc(unknown)"
        G.set_loc_tracebacks_frame_limit(None)
        # 512 frames: all of them, down to pytest's entry point.
        loc = str(_outer("t.a").location)
        assert loc.startswith(f"loc(callsite({MAKE} at callsite({OUTER} at ")
        assert loc.count(" at ") >= 5


def test_whole_stack_within_the_limit(ctx):
    with loc_tracebacks():
        loc = str(_outer("t.a").location)
    here = _frame(test_whole_stack_within_the_limit, '_outer("t.a")')
    assert loc.startswith(
        f"loc(callsite({MAKE} at callsite({OUTER} at callsite({here} at ")
    assert loc.count(" at ") == 9     # 10 frames, the default limit


def test_explicit_loc_wins(ctx):
    with loc_tracebacks():
        op = Operation.create("t.a", loc=Location.unknown())
        assert str(op.location) == "loc(unknown)"
        m = Module.create(loc=Location.name("m"))
        assert str(m.operation.location) == 'loc("m")'


def test_module_create(ctx):
    def make_module():
        return Module.create()

    with loc_tracebacks(max_depth=1):
        m = make_module()
    assert str(m.operation.location) == _stack(_frame(
        make_module, "Module.create()",
        "test_module_create.<locals>.make_module"))


def test_exclusion_and_inclusion(ctx):
    with loc_tracebacks(max_depth=2):
        G.register_traceback_file_exclusion(HERE)
        loc = str(_outer("t.a").location)
        assert HERE not in loc and loc.startswith("loc(callsite(")
        # An inclusion takes the file out of the exclusions.
        G.register_traceback_file_inclusion(HERE)
        assert str(_outer("t.a").location) == _stack(MAKE, OUTER)
        # A set emptied that way matches no file (upstream's then matches
        # every file): excluded again, the file is left out.
        G.register_traceback_file_exclusion(HERE)
        assert HERE not in str(_outer("t.a").location)
        G.register_traceback_file_inclusion(HERE)


def test_file_names_are_prefixes(ctx):
    # Code compiled under made-up file names, so the registrations left
    # behind cover no real file.
    src = "def make(): return Operation.create('t.a')\n"
    ns = {"Operation": Operation}
    exec(compile(src, "<tb-prefix>/a.py", "exec"), ns)
    make = ns["make"]
    col = src.index("Operation.create")
    at = f'"make"("<tb-prefix>/a.py":1:{col} to :{src.rindex(")") + 1})'

    def call():
        return make()

    caller = _frame(call, "make()",
                    "test_file_names_are_prefixes.<locals>.call")
    with loc_tracebacks(max_depth=2):
        assert str(call().location) == _stack(at, caller)
        G.register_traceback_file_exclusion("<tb-prefix>/")
        assert str(call().location).startswith(f"loc(callsite({caller} at ")
        # An inclusion wins over a matching exclusion.
        G.register_traceback_file_inclusion("<tb-prefix>/a")
        assert str(call().location) == _stack(at, caller)


def test_no_frame_kept_is_unknown():
    # In a thread whose every frame is in an excluded file (threading.py
    # and the code below, compiled under a name of its own).
    results = {}
    code = compile("def run(results):\n"
                   "    with Context() as c:\n"
                   "        c.allow_unregistered_dialects = True\n"
                   "        results['loc'] = str(Operation.create('t.a').location)\n",
                   "<loc-tracebacks-test>", "exec")
    ns = {"Context": Context, "Operation": Operation}
    exec(code, ns)
    G.register_traceback_file_exclusion("<loc-tracebacks-test>")
    G.register_traceback_file_exclusion(threading.__file__)
    try:
        with loc_tracebacks():
            t = threading.Thread(target=ns["run"], args=(results,))
            t.start()
            t.join()
    finally:
        G.register_traceback_file_inclusion(threading.__file__)
        G.register_traceback_file_inclusion("<loc-tracebacks-test>")
    assert results["loc"] == "loc(unknown)"


def test_needs_a_context():
    message = ("^An MLIR function requires a Context but none was provided "
               "in the call or from the surrounding environment")
    with loc_tracebacks():
        with pytest.raises(RuntimeError, match=message):
            Operation.create("t.a")
        with pytest.raises(RuntimeError, match=message):
            Module.create()


def test_compiled_builders_add_no_frame(ctx):
    # Generated builders and arith.constant are compiled: the innermost
    # frame is the Python code calling them.
    def build():
        idx = IndexType.get()
        one = arith.constant(idx, 1)
        two = arith.ConstantOp(idx, 2)
        three = arith.AddIOp(one, two.result)
        return one.owner, two, three

    with loc_tracebacks(max_depth=1):
        ops = build()
    qualname = "test_compiled_builders_add_no_frame.<locals>.build"
    for op, call in zip(ops, ("arith.constant(idx, 1)",
                              "arith.ConstantOp(idx, 2)",
                              "arith.AddIOp(one, two.result)")):
        assert str(op.location) == _stack(_frame(build, call, qualname))


def test_python_builders_add_their_frames(ctx):
    # A constant of an Attribute alone (ConstantOp(attribute, None)) is
    # built by arith.py's Python ConstantOp._init_other, whose frame comes
    # first.
    def build():
        attr = IntegerAttr.get(IntegerType.get_signless(8), 5)
        return arith.ConstantOp(attr, None)

    with loc_tracebacks(max_depth=2):
        op = build()
    assert str(op.location) == _stack(
        _frame(arith.ConstantOp._init_other,
               "_ConstantOp.__init__(self, result, loc=loc, ip=ip)",
               "ConstantOp._init_other"),
        _frame(build, "arith.ConstantOp(attr, None)",
               "test_python_builders_add_their_frames.<locals>.build"))


def test_off_after_the_block(ctx):
    with loc_tracebacks():
        pass
    assert str(arith.constant(IndexType.get(), 3).owner.location) == \
        'loc("ambient")'


# -- composing explicit, traceback and current locations (upstream main) ---

def test_action_enums_and_settings():
    assert [(m.name, m.value) for m in OnExplicitAction] == [
        ("USE_EXPLICIT", 0), ("USE_TRACEBACK", 1)]
    assert [(m.name, m.value) for m in CurrentLocAction] == [
        ("FALLBACK", 0), ("NAMELOC_WRAP", 1)]
    assert _cext.OnExplicitAction is OnExplicitAction
    assert G.traceback_action_on_explicit_loc() is OnExplicitAction.USE_EXPLICIT
    assert G.traceback_action_on_current_loc() is CurrentLocAction.FALLBACK
    G.set_traceback_action_on_current_loc(1)
    assert G.traceback_action_on_current_loc() is CurrentLocAction.NAMELOC_WRAP
    for bad in ("fallback", 2, CurrentLocAction.FALLBACK):
        method = (G.set_traceback_action_on_explicit_loc
                  if bad is CurrentLocAction.FALLBACK
                  else G.set_traceback_action_on_current_loc)
        with pytest.raises(TypeError, match="incompatible function arguments"):
            method(bad)


def test_nameloc_wrap(ctx):
    inner = Location.name("ResourceB", childLoc=Location.unknown())
    with loc_tracebacks(max_depth=1, current_loc="nameloc_wrap"):
        with Location.name("TaskA", childLoc=inner):
            op = _make("t.op")
        # The fixture's current Location is a NameLoc too.
        outside = _make("t.op")
    assert str(op.location) == f'loc("TaskA"("ResourceB"({MAKE})))'
    assert str(outside.location) == f'loc("ambient"({MAKE}))'
    with loc_tracebacks(max_depth=1, current_loc_actn=CurrentLocAction.NAMELOC_WRAP):
        with Location.file("f.py", 1, 2):          # not a NameLoc: no wrap
            op = _make("t.op")
    assert str(op.location) == _stack(MAKE)


def test_explicit_locations_and_actions(ctx):
    explicit = Location.file("explicit.py", 1, 1)
    with loc_tracebacks(max_depth=1):
        assert str(Operation.create("t.a", loc=explicit).location) == \
            'loc("explicit.py":1:1)'
    with loc_tracebacks(max_depth=1, on_explicit="use_traceback"):
        op = _make_at("t.a", explicit)
    assert str(op.location) == _stack(MAKE_AT)
    with loc_tracebacks(max_depth=1,
                        on_explicit_actn=OnExplicitAction.USE_TRACEBACK,
                        current_loc_actn=CurrentLocAction.NAMELOC_WRAP):
        with Location.name("Task", childLoc=Location.unknown()):
            op = _make_at("t.a", explicit)
            m = Module.create(loc=explicit)
    assert str(op.location) == f'loc("Task"({MAKE_AT}))'
    assert str(m.operation.location).startswith('loc("Task"(')
    with loc_tracebacks(on_explicit="use_explicit", current_loc="nameloc_wrap"):
        with Location.name("Task", childLoc=Location.unknown()):
            op = Operation.create("t.a", loc=Location.file("framework.py", 10, 1))
    assert str(op.location) == 'loc("Task"("framework.py":10:1))'
    # The actions act only while traceback locations are on.
    G.set_traceback_action_on_explicit_loc(1)
    assert str(Operation.create("t.a", loc=explicit).location) == \
        'loc("explicit.py":1:1)'


def test_actions_are_restored_and_checked():
    with loc_tracebacks(on_explicit="use_traceback", current_loc="nameloc_wrap"):
        assert G.traceback_action_on_explicit_loc() is OnExplicitAction.USE_TRACEBACK
        with loc_tracebacks():
            assert G.traceback_action_on_current_loc() is CurrentLocAction.FALLBACK
        assert G.traceback_action_on_current_loc() is CurrentLocAction.NAMELOC_WRAP
    assert G.traceback_action_on_explicit_loc() is OnExplicitAction.USE_EXPLICIT
    with pytest.raises(ValueError, match="unknown action 'bogus'"):
        with loc_tracebacks(current_loc="bogus"):
            pass
    with pytest.raises(TypeError, match="on_explicit_actn must be a "
                       "OnExplicitAction"):
        with loc_tracebacks(on_explicit_actn=CurrentLocAction.FALLBACK):
            pass
    assert not G.loc_tracebacks_enabled()


def _make_at(name, loc):
    return Operation.create(name, loc=loc)


MAKE_AT = _frame(_make_at, "Operation.create(name, loc=loc)")
