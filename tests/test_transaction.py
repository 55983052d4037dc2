"""mlir.extras.transaction: a module restored when the block raises."""

import pytest

from mlir.extras.transaction import transaction
from mlir.ir import (Context, InsertionPoint, IntegerAttr, IntegerType,
                     Location, Module, Operation, UnitAttr)
from mlir.passmanager import PassManager

TEXT = """module attributes {t.kept = 1 : i32} {
  func.func @f(%a: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %0 = arith.addi %a, %c0 : i32
    return %0 : i32
  }
  %k = arith.constant 3 : i32
  %u = arith.addi %k, %k : i32
}"""


@pytest.fixture
def m(ctx):
    with Location.unknown():
        yield Module.parse(TEXT)


def test_rollback_restores_body_and_attributes(m):
    before = str(m)
    f = m.body.operations[0]
    add = f.regions[0].blocks[0].operations[1]
    with pytest.raises(ValueError, match="boom"):
        with transaction(m):
            PassManager.parse("builtin.module(canonicalize)").run(m.operation)
            m.operation.attributes["t.new"] = UnitAttr.get()
            del m.operation.attributes["t.kept"]
            with InsertionPoint(m.body):
                Operation.create("arith.constant", results=[
                    IntegerType.get_signless(8)], attributes={
                    "value": IntegerAttr.get(IntegerType.get_signless(8), 1)})
            assert str(m) != before
            raise ValueError("boom")
    assert str(m) == before
    m.operation.verify()
    # Objects of what was in the body are invalid, as after a rewrite; the
    # Module and what is reached from it afresh work.
    with pytest.raises(RuntimeError, match="invalidated"):
        f.name
    with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
        add.operands
    assert m.body.operations[0].sym_name.value == "f"


def test_no_rollback_when_the_block_completes(m):
    f = m.body.operations[0]
    with transaction(m):
        PassManager.parse("builtin.module(canonicalize)").run(m.operation)
    assert "arith.addi %arg0" not in str(m)        # folded away
    assert f.sym_name.value == "f"                 # still valid


def test_nested_transactions(m):
    before = str(m)
    with pytest.raises(KeyError, match=r"^'outer'$"):
        with transaction(m):
            m.operation.attributes["t.outer"] = UnitAttr.get()
            after_outer = str(m)
            with pytest.raises(ZeroDivisionError, match=r"^division by zero$"):
                with transaction(m.operation):
                    m.operation.attributes["t.inner"] = UnitAttr.get()
                    1 / 0
            assert str(m) == after_outer
            raise KeyError("outer")
    assert str(m) == before


def test_base_exceptions_roll_back_too(m):
    before = str(m)
    with pytest.raises(KeyboardInterrupt):
        with transaction(m):
            m.body.operations[2].erase()
            raise KeyboardInterrupt
    assert str(m) == before


def test_transaction_takes_a_module(m):
    with pytest.raises(TypeError, match="takes a Module .*, not FuncOp"):
        with transaction(m.body.operations[0]):
            pass
    with pytest.raises(TypeError, match="not int"):
        with transaction(3):
            pass
