"""Pickling modules, detached operations, types, attributes, locations,
and compiling in a process pool."""

import concurrent.futures
import pickle

import pytest

from mlir.ir import (Attribute, Context, DenseElementsAttr, IntegerType,
                     Location, MLIRError, Module, Operation, Type)

SRC = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}"


def test_round_trips_in_the_current_context():
    with Context() as ctx:
        m = Module.parse(SRC)
        m2 = pickle.loads(pickle.dumps(m))
        assert str(m2) == str(m) and m2.context is ctx and m2 is not m
        t = pickle.loads(pickle.dumps(IntegerType.get_signless(17)))
        assert type(t) is IntegerType and t.width == 17
        a = pickle.loads(pickle.dumps(Attribute.parse("dense<[1, 2]> : tensor<2xi8>")))
        assert isinstance(a, DenseElementsAttr) and str(a) == "dense<[1, 2]> : tensor<2xi8>"
        loc = Location.file("x.py", 3, 4)
        assert pickle.loads(pickle.dumps(loc)) == loc
        f = m.body.operations[0]
        with pytest.raises(TypeError, match="only detached operations"):
            pickle.dumps(f)
        g = pickle.loads(pickle.dumps(f.clone()))
        assert g.operation.name == "func.func" and not g.is_attached


def test_unpickling_without_a_context_makes_one():
    with Context():
        data = pickle.dumps(Module.parse(SRC))
    m = pickle.loads(data)
    assert isinstance(m.context, Context) and "arith.addi" in str(m)


def test_unpickling_garbage_raises():
    from mlir._mlir_libs._ir import _unpickle_module
    with pytest.raises(MLIRError,
                       match=r'^Unable to parse module assembly:\nerror: "-":1:2: unexpected character$'):
        _unpickle_module(b"\x00\x01 not mlir")


def _compile(n):
    from mlir.passmanager import PassManager
    with Context():
        m = Module.parse(f"func.func @f(%a: i32) -> i32 {{\n"
                         f"  %c = arith.constant {n} : i32\n"
                         f"  %c0 = arith.constant 0 : i32\n"
                         f"  %0 = arith.addi %a, %c0 : i32\n"
                         f"  %1 = arith.muli %0, %c : i32\n  return %1 : i32\n}}")
        PassManager.parse("builtin.module(canonicalize)").run(m)
        m.operation.verify()
        return m


def test_process_pool_returns_verified_modules():
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        mods = list(pool.map(_compile, [2, 3, 5]))
    with Context():
        for n, m in zip([2, 3, 5], mods):
            assert m.operation.verify()
            assert f"arith.constant {n} : i32" in str(m)
            assert "arith.addi" not in str(m)


def _module_and_argument():
    ctx = Context()
    m = Module.parse("func.func @f(%a: i32) -> i32 {\n"
                     "  %0 = arith.addi %a, %a : i32\n"
                     "  %1 = arith.muli %0, %a : i32\n"
                     "  return %1 : i32\n}", context=ctx)
    block = m.body.operations[0].regions[0].blocks[0]
    return ctx, m, block


def test_bytecode_refuses_ir_used_from_outside():
    # MLIR's bytecode writer numbers only what it walks: a detached
    # operation using a value of the module made it read past its tables
    # (SIGSEGV here, an assertion in upstream's wheel). A ValueError now.
    import io
    from mlir.ir import Location, Operation
    ctx, m, block = _module_and_argument()
    with Location.unknown(ctx):
        user = Operation.create("arith.addi", results=[IntegerType.get_signless(32)],
                                operands=[block.arguments[0]] * 2)
    with pytest.raises(ValueError, match=r"^cannot write bytecode: one of its "
                       r"values is used by 'arith.addi' outside it"):
        m.operation.write_bytecode(io.BytesIO())
    with pytest.raises(ValueError, match=r"^cannot pickle the operation: one "
                       r"of its values is used by 'arith.addi' outside it"):
        pickle.dumps(m)
    user.erase()
    buf = io.BytesIO()
    m.operation.write_bytecode(buf)
    assert str(Module.parse(buf.getvalue(), context=ctx)) == str(m)


def test_bytecode_refuses_ir_using_values_from_outside():
    # An operation whose operands come from outside it: without assertions
    # MLIR's writer wrote bytes that do not read back.
    import io
    ctx, m, block = _module_and_argument()
    with pytest.raises(ValueError, match=r"^cannot write bytecode: "
                       r"'arith.muli' in it uses a value defined outside it$"):
        block.operations[1].write_bytecode(io.BytesIO())
    clone = block.operations[1].clone()
    with pytest.raises(ValueError, match=r"^cannot pickle the operation: "
                       r"'arith.muli' in it uses a value defined outside it$"):
        pickle.dumps(clone)
