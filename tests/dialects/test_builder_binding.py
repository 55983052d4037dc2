"""Generated builders bind their arguments as Python functions do.

The op classes' __init__ and the snake_case builder functions are
_ods_builder objects binding arguments from a table (_ods_call.h), not
Python functions. Each is compared here with a Python function of the
signature it shows: same outcome of binding for the same call, and on a
mistake the same TypeError, word for word (upstream's builders are Python
functions, so these are upstream's messages too)."""

import inspect
import pickle
import re

import pytest
from hypothesis import given, settings, strategies as st

from mlir.ir import Context, InsertionPoint, IntegerType, Location, Module
from mlir.dialects import arith, emitc, memref
from mlir.dialects import _llvm_ops_gen


class _Bound(Exception):
    """Raised by a twin whose arguments bound."""


def twin(builder):
    """A Python function of `builder`'s signature and qualified name whose
    body raises _Bound."""
    params = str(inspect.signature(builder)).split(" -> ")[0]
    ns = {"_Bound": _Bound}
    exec(f"def {builder.__name__}{params}:\n    raise _Bound", ns)
    f = ns[builder.__name__]
    f.__qualname__ = builder.__qualname__
    return f


def outcome(call, qualname):
    """The binding's outcome: "bound", or its TypeError's message (an error
    raised later, building, counts as bound)."""
    try:
        call()
    except _Bound:
        return "bound"
    except TypeError as e:
        if re.match(re.escape(qualname) + r"\(\) (takes|missing|got) ",
                    str(e)):
            return f"TypeError: {e}"
    except Exception:
        pass
    return "bound"


BUILDERS = [arith.addi, arith.AddIOp.__init__, emitc.include,
            emitc.IncludeOp.__init__, _llvm_ops_gen.getelementptr,
            memref.alloc, _llvm_ops_gen.GEPOp.__init__,
            # (more parameters than the binding keeps on the stack)
            _llvm_ops_gen.func, _llvm_ops_gen.LLVMFuncOp.__init__]


@pytest.fixture(scope="module")
def value():
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        m = Module.create()
        with InsertionPoint(m.body):
            yield arith.constant(IntegerType.get_signless(32), 1)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(data=st.data())
def test_binding_as_pythons(value, data):
    builder = data.draw(st.sampled_from(BUILDERS))
    names = list(inspect.signature(builder).parameters)
    nargs = data.draw(st.integers(0, len(names) + 2))
    keywords = data.draw(st.lists(
        st.sampled_from(names + ["bogus", "self", "_ods_a"]), unique=True))
    args = [value] * nargs
    kwargs = {k: value for k in keywords}
    q = builder.__qualname__
    ours = outcome(lambda: builder(*args, **kwargs), q)
    python = outcome(lambda: twin(builder)(*args, **kwargs), q)
    assert ours == python, (q, nargs, keywords)


def test_messages_are_pythons(value):
    c = value
    cases = [
        (lambda: arith.AddIOp(c, c, c),
         "AddIOp.__init__() takes 3 positional arguments but 4 were given"),
        (lambda: arith.AddIOp(c, c, c, loc=None),
         "AddIOp.__init__() takes 3 positional arguments but 4 positional "
         "arguments (and 1 keyword-only argument) were given"),
        (lambda: arith.AddIOp(),
         "AddIOp.__init__() missing 2 required positional arguments: 'lhs' "
         "and 'rhs'"),
        (lambda: arith.AddIOp(c, c, foo=1),
         "AddIOp.__init__() got an unexpected keyword argument 'foo'"),
        (lambda: arith.AddIOp(c, lhs=c),
         "AddIOp.__init__() got multiple values for argument 'lhs'"),
        (lambda: arith.AddIOp.__init__(),
         "AddIOp.__init__() missing 3 required positional arguments: "
         "'self', 'lhs', and 'rhs'"),
        (lambda: arith.addi(c, c, c, loc=None, ip=None),
         "addi() takes 2 positional arguments but 3 positional arguments "
         "(and 2 keyword-only arguments) were given"),
        (lambda: arith.addi(**{"lhs": c, "rhs": c, "zz": 1}),
         "addi() got an unexpected keyword argument 'zz'"),
        (lambda: emitc.IncludeOp(),
         "IncludeOp.__init__() missing 1 required positional argument: "
         "'include'"),
        (lambda: emitc.include("x", include="y"),
         "include() got multiple values for argument 'include'"),
        (lambda: _llvm_ops_gen.GEPOp(c, c, c, c, c, c, c),
         "GEPOp.__init__() takes from 6 to 7 positional arguments but 8 "
         "were given"),
    ]
    for call, message in cases:
        with pytest.raises(TypeError) as e:
            call()
        assert str(e.value) == message


def test_many_parameters(value):
    # More parameters than the binding keeps on the stack.
    f = _llvm_ops_gen.func
    sig = inspect.signature(f)
    assert len(sig.parameters) > 24
    last = list(sig.parameters)[-3]
    with pytest.raises(TypeError) as e:
        f(**{last: 1, "bogus": 2})
    assert str(e.value) == (f"{f.__name__}() got an unexpected keyword "
                            "argument 'bogus'")
    with pytest.raises(TypeError, match=r"missing \d+ required positional"):
        f(**{last: 1})


def test_function_like(value):
    f = arith.addi
    assert f.__name__ == f.__qualname__ == "addi"
    assert f.__module__ == "mlir.dialects._arith_ops_gen"
    assert f.__doc__ == "Builds arith.addi (AddIOp); returns its result."
    assert f.__defaults__ is None
    assert f.__kwdefaults__ == {"overflow_flags": None, "results": None,
                                "loc": None, "ip": None}
    assert f.__globals__ is vars(inspect.getmodule(arith.AddIOp))
    from mlir.ir import OpResult
    assert f.__annotations__ == {"return": OpResult}
    assert repr(f).startswith("<function addi at 0x")
    init = arith.AddIOp.__init__
    assert (init.__name__, init.__qualname__) == ("__init__",
                                                  "AddIOp.__init__")
    assert init.__doc__ is None and init.__annotations__ == {}
    assert str(inspect.signature(arith.AddIOp)) == (
        "(lhs, rhs, *, overflowFlags=None, results=None, loc=None, ip=None)")
    # Pickled by reference, as functions.
    assert pickle.loads(pickle.dumps(f)) is f
    assert pickle.loads(pickle.dumps(init)) is init
    # An attribute of one's own, as on a function, whose __dict__ starts
    # empty (upstream's are Python functions); writing __doc__ or
    # __module__ changes this builder's alone.
    assert vars(f) == {} and vars(init) == {}
    f.marker = 1
    assert f.marker == 1 and vars(f) == {"marker": 1}
    del f.marker
    sub = arith.subi
    sub.__doc__, sub.__module__ = "mine", "elsewhere"
    try:
        assert (sub.__doc__, sub.__module__) == ("mine", "elsewhere")
        assert f.__doc__.startswith("Builds arith.addi")
        assert f.__module__ == "mlir.dialects._arith_ops_gen"
    finally:
        del sub.__doc__, sub.__module__
    assert sub.__module__ == "mlir.dialects._arith_ops_gen"
    # The class's own, in both the version-specific and stable-ABI builds.
    builder_class = type(f)
    assert builder_class.__module__ == "mlir._mlir_libs._ods_runtime"
    assert builder_class.__doc__.startswith("A builder of a generated op")
    # Bound as a function: through an instance, and through super().
    c = value
    op = arith.addi(c, c).owner
    bound = init.__get__(op, arith.AddIOp)
    assert bound.__self__ is op and bound.__func__ is init

    class Sub(arith.AddIOp):
        def __init__(self, a, b, *, loc=None, ip=None):
            super().__init__(a, b, loc=loc, ip=ip)

    sub = Sub(c, c)
    assert type(sub) is Sub
    assert re.fullmatch(r"%\d+ = arith.addi %c1_i32, %c1_i32 : i32", str(sub))


def test_init_refuses_a_foreign_self(value):
    # Called unbound with an object that is no new op object: an error, not
    # a crash or an object bound twice.
    c = value
    for self in (5, None, object(), c):
        with pytest.raises(TypeError) as e:
            arith.AddIOp.__init__(self, c, c)
        assert str(e.value) == (
            "AddIOp.__init__() needs a new object of an op class as self, "
            f"not {type(self).__name__}")
    op = arith.AddIOp(c, c)
    with pytest.raises(TypeError) as e:
        op.__init__(c, c)
    assert str(e.value) == ("AddIOp.__init__() was called on a AddIOp "
                            "object already bound to an operation")
    assert re.fullmatch(r"%\d+ = arith.addi %c1_i32, %c1_i32 : i32", str(op))
