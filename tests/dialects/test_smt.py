"""The smt dialect (mlir.dialects.smt): its types (bool, bit-vector, int,
array, sort, function) built, printed and parsed back as their classes, the
smt.solver decorator, and export of solver scopes to SMT-LIB; invalid types
raise ValueError."""

import pytest

from mlir.ir import (Context, InsertionPoint, IntegerType, Location, Module,
                     Type)
from mlir.dialects import arith, smt

from .helpers import check, same


SOLVER = """
smt.solver () : () -> () {
  %c = smt.constant true
  smt.assert %c
}
"""


def test_smt_types_and_export(ctx):
    b, bv = smt.BoolType.get(), smt.BitVectorType.get(8)
    assert (str(b), str(bv)) == ("!smt.bool", "!smt.bv<8>")
    assert same(Type.parse("!smt.bool"), b)
    assert same(Type.parse("!smt.bv<8>"), bv)
    assert smt.BitVectorType.get(4, context=ctx) == Type.parse("!smt.bv<4>")
    with pytest.raises(ValueError, match="positive"):
        smt.BitVectorType.get(0)
    with pytest.raises(ValueError,
                       match=r"^Cannot cast type to BoolType \(from Type\(!smt.bv<8>\)\)$"):
        smt.BoolType(bv)
    m = Module.parse(SOLVER)
    assert smt.export_smtlib(m) == "; solver scope 0\n(assert true)\n(reset)\n"
    assert smt.export_smtlib(m.operation) == smt.export_smtlib(m)
    with pytest.raises(TypeError):
        smt.export_smtlib("module")


def test_smt_int_array_sort_func_types(ctx):
    i, b = smt.IntType.get(), smt.BoolType.get()
    assert str(i) == "!smt.int" and repr(i) == "IntType(!smt.int)"
    assert smt.IntType.get(context=ctx) == i
    a = smt.ArrayType.get(i, b)
    assert str(a) == "!smt.array<[!smt.int -> !smt.bool]>"
    s = smt.SortType.get("S")
    assert str(s) == '!smt.sort<"S">'
    sp = smt.SortType.get("P", [i, smt.BitVectorType.get(4)])
    assert str(sp) == '!smt.sort<"P"[!smt.int, !smt.bv<4>]>'
    f = smt.SMTFuncType.get([i, b], b)
    assert str(f) == "!smt.func<(!smt.int, !smt.bool) !smt.bool>"
    nested = smt.ArrayType.get(a, s)
    assert str(nested) == ('!smt.array<[!smt.array<[!smt.int -> !smt.bool]> '
                           '-> !smt.sort<"S">]>')
    for t, cls in [(i, smt.IntType), (a, smt.ArrayType), (s, smt.SortType),
                   (sp, smt.SortType), (f, smt.SMTFuncType),
                   (nested, smt.ArrayType)]:
        parsed = Type.parse(str(t))
        assert same(parsed, t) and cls.isinstance(parsed)
        assert parsed.typeid == cls.static_typeid
        assert type(cls(Type(t))) is cls
    assert not smt.IntType.isinstance(b)
    assert not smt.ArrayType.isinstance(i)
    assert not smt.SortType.isinstance(f)
    assert not smt.SMTFuncType.isinstance(a)
    assert smt.bool_t() == b and smt.bv_t(3) == smt.BitVectorType.get(3)
    # parts read back (as their concrete classes)
    assert same(a.domain, i) and same(a.range, b)
    assert type(nested.domain) is smt.ArrayType and same(nested.range, s)
    assert s.identifier == "S" and s.sort_params == []
    assert sp.identifier == "P" and [str(p) for p in sp.sort_params] == \
        ["!smt.int", "!smt.bv<4>"]
    assert type(sp.sort_params[1]) is smt.BitVectorType
    assert [type(d) for d in f.domain] == [smt.IntType, smt.BoolType]
    assert same(f.range, b)

    i32 = IntegerType.get_signless(32)
    with pytest.raises(ValueError, match="domain must be any SMT value type"):
        smt.ArrayType.get(i32, b)
    with pytest.raises(ValueError, match="range"):
        smt.SMTFuncType.get([i], f)
    with pytest.raises(ValueError, match="must not be empty"):
        smt.SMTFuncType.get([], b)
    with pytest.raises(ValueError, match="sort parameter"):
        smt.SortType.get("S", [i32])
    with pytest.raises(ValueError, match="must not be empty"):
        smt.SortType.get("")
    with pytest.raises(TypeError, match=r"(?s)^get\(\): incompatible function arguments\. .*\n\nidentifier must be a str, not int$"):
        smt.SortType.get(3)
    with pytest.raises(TypeError,
                       match=r"(?s)^\w+\(\): incompatible function arguments\. .*\n\nsort parameters must be a sequence of Types, not IntType$"):
        smt.SortType.get("S", i)
    with pytest.raises(TypeError, match=r"(?s)^\w+\(\): incompatible function arguments\. .*\n\ndomain must be a Type, not str$"):
        smt.ArrayType.get("!smt.int", b)
    with pytest.raises(TypeError,
                       match=r"(?s)^\w+\(\): incompatible function arguments\. .*\n\ndomain types must be a sequence of Types, not IntType$"):
        smt.SMTFuncType.get(i, b)
    with pytest.raises(ValueError, match="context"):
        smt.ArrayType.get(i, smt.BoolType.get(context=Context()))
    with pytest.raises(ValueError,
                       match=r"^Cannot cast type to IntType \(from Type\(!smt.bool\)\)$"):
        smt.IntType(b)


def test_smt_solver_decorator_and_export():
    """@smt.solver as upstream: bare, with results, with inputs (block
    arguments); the returned values are yielded; SMT-LIB export of a
    solver scope."""
    from mlir.dialects import smt
    from mlir.ir import F32Type
    with Context(), Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            @smt.solver
            def scope():
                smt.assert_(smt.constant(True))
        assert isinstance(scope, smt.SolverOp)
        query = smt.export_smtlib(m.operation)
        assert "(assert true)" in query and "(reset)" in query
        with InsertionPoint(m.body):
            f32 = F32Type.get()

            @smt.solver(results=[f32])
            def one():
                return arith.ConstantOp(f32, 1.0)

            two = arith.constant(f32, 2.0)

            @smt.solver(inputs=[two], results=[f32])
            def passthrough(z):
                return z
            with pytest.raises(TypeError, match="must return Values"):
                smt.solver(lambda: 3)
            with pytest.raises(TypeError, match="expected a function"):
                smt.solver(5)
        assert str(one.type) == "f32" and passthrough.owner.name == "smt.solver"
        assert m.operation.verify()     # refused bodies left nothing
        check(m, """\
module {
  smt.solver() : () -> () {
    %true = smt.constant true
    smt.assert %true
  }
  %0 = smt.solver() : () -> f32 {
    %cst_0 = arith.constant 1.000000e+00 : f32
    smt.yield %cst_0 : f32
  }
  %cst = arith.constant 2.000000e+00 : f32
  %1 = smt.solver(%cst) : (f32) -> f32 {
  ^bb0(%arg0: f32):
    smt.yield %arg0 : f32
  }
}
""")
