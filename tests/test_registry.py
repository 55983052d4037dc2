"""Registries: value casters, dialect search path, parseFile."""

import sys
import textwrap

import pytest

from mlir.ir import (Context, IntegerType, Location, MLIRError, Module,
                     OpResult, OpView,
                     Operation, Value, register_value_caster)
from mlir._mlir_libs._ir import globals as mlir_globals


def test_value_caster_applies_to_values_of_that_type():
    class I7Value(Value):
        pass

    with Context(), Location.unknown():
        i7 = IntegerType.get_signless(7)

        @register_value_caster(i7.typeid)
        def cast(v):
            return I7Value(v)
        try:
            m = Module.parse("func.func @f(%a: i7) -> i7 {\n"
                             "  %0 = arith.addi %a, %a : i7\n  return %0 : i7\n}")
            add = m.body.operations[0].regions[0].blocks[0].operations[0]
            assert type(add.result) is I7Value
            assert type(add.operands[0]) is I7Value
            assert add.result.owner is add
            with pytest.raises(RuntimeError, match="^Value caster is already registered: <function .*cast"):
                register_value_caster(i7.typeid)(cast)
        finally:
            from mlir._mlir_libs import _ir
            register_value_caster(i7.typeid, replace=True)(lambda v: v)


def test_dialect_search_prefix_finds_an_out_of_tree_module(tmp_path, monkeypatch):
    pkg = tmp_path / "myproj_dialects"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mytoy.py").write_text(textwrap.dedent("""\
        from mlir.ir import OpView, register_operation

        class _Dialect:
            DIALECT_NAMESPACE = "mytoy"

        @register_operation(_Dialect)
        class ThingOp(OpView):
            OPERATION_NAME = "mytoy.thing"
        """))
    monkeypatch.syspath_prepend(str(tmp_path))
    mlir_globals.append_dialect_search_prefix("myproj_dialects")
    assert "myproj_dialects" in mlir_globals.dialect_search_prefixes
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        op = Operation.create("mytoy.thing")
        assert type(op.opview).__name__ == "ThingOp"
        assert isinstance(op.opview, OpView)
        assert "myproj_dialects.mytoy" in sys.modules


def test_parse_file(tmp_path):
    path = tmp_path / "m.mlir"
    path.write_text("func.func @f() {\n  return\n}\n")
    with Context():
        m = Module.parseFile(str(path))
        assert m.body.operations[0].operation.name == "func.func"
        with pytest.raises(MLIRError, match="^Unable to parse module assembly"):
            Module.parseFile(str(tmp_path / "missing.mlir"))
        bc = tmp_path / "m.mlirbc"
        with open(bc, "wb") as f:
            m.operation.write_bytecode(f)
        assert str(Module.parseFile(str(bc))) == str(m)


def test_dialects_whose_module_is_not_named_after_the_namespace(tmp_path):
    # In a fresh process, so no earlier import registered the classes: the
    # op classes of acc, omp and async come from openacc, openmp and
    # async_dialect on first sight of their operations.
    code = textwrap.dedent("""\
        import sys
        from mlir.ir import Context, Module
        with Context():
            m = Module.parse('''
                func.func @f() {
                  omp.barrier
                  acc.init
                  %t = async.runtime.create : !async.token
                  return
                }''')
            ops = m.body.operations[0].regions[0].blocks[0].operations
            for op in list(ops)[:3]:
                print(type(op).__name__, type(op).__module__)
        """)
    import subprocess
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True).stdout.split("\n")
    assert out[:3] == ["BarrierOp mlir.dialects._omp_ops_gen",
                       "InitOp mlir.dialects._acc_ops_gen",
                       "RuntimeCreateOp mlir.dialects._async_ops_gen"]


def test_upstream_names_of_dialects_and_search_modules():
    from mlir.ir import Dialects
    with Context() as ctx:
        assert type(ctx.dialects) is Dialects
    assert mlir_globals.dialect_search_modules == mlir_globals.dialect_search_prefixes
    assert "mlir.dialects" in mlir_globals.dialect_search_modules
