"""Upstream's named iterator and sequence classes: ArrayAttributeIterator,
Dense*ArrayIterator, OpOperandIterator, BlockSuccessors, BlockPredecessors;
Dialect.descriptor; static_typeid of dialect base type classes."""

import pytest

from mlir.ir import (ArrayAttr, Block, BlockPredecessors, BlockSuccessors,
                     Context, DenseBoolArrayAttr, DenseF64ArrayAttr,
                     DenseI64ArrayAttr, DialectDescriptor, InsertionPoint,
                     IntegerAttr, IntegerType, Location, Module, Operation,
                     OpOperandIterator, StringAttr)
import mlir.ir as ir
from mlir.dialects import arith, cf, func


def test_array_attribute_iterator():
    with Context():
        a = ArrayAttr.get([StringAttr.get("x"), StringAttr.get("y")])
        it = iter(a)
        assert type(it) is ir.ArrayAttributeIterator and iter(it) is it
        assert [str(x) for x in it] == ['"x"', '"y"']
        assert list(it) == []
        with pytest.raises(TypeError):
            ir.ArrayAttributeIterator()


@pytest.mark.parametrize("cls,values,iterator", [
    (DenseBoolArrayAttr, [True, False], "DenseBoolArrayIterator"),
    (DenseI64ArrayAttr, [1, -2, 3], "DenseI64ArrayIterator"),
    (DenseF64ArrayAttr, [0.5, 2.0], "DenseF64ArrayIterator"),
])
def test_dense_array_iterators(cls, values, iterator):
    with Context():
        it = iter(cls.get(values))
        assert type(it) is getattr(ir, iterator)
        assert list(it) == values


def test_uses_are_an_op_operand_iterator():
    i32 = None
    with Context(), Location.unknown():
        i32 = IntegerType.get_signless(32)
        m = Module.create()
        with InsertionPoint(m.body):
            c = arith.ConstantOp(i32, 1)
            add = arith.AddIOp(c, c)
        uses = c.result.uses
        assert type(uses) is OpOperandIterator and iter(uses) is uses
        assert sorted(u.operand_number for u in uses) == [0, 1]
        assert list(uses) == []             # an iterator: consumed
        # Uses taken before a change stay what they were.
        uses = c.result.uses
        add.operation.erase()
        assert len(list(uses)) == 2
        assert list(c.result.uses) == []


def test_block_successors_and_predecessors():
    with Context(), Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            f = func.FuncOp("f", ([], []))
        entry = f.add_entry_block()
        a = Block.create_after(entry) if hasattr(Block, "create_after") else \
            f.body.blocks.append()
        b = f.body.blocks.append()
        with InsertionPoint(entry):
            cond = arith.ConstantOp(IntegerType.get_signless(1), 1)
            cf.CondBranchOp(cond, [], [], a, b)
        for blk in (a, b):
            with InsertionPoint(blk):
                func.ReturnOp([])
        succ = entry.successors
        assert type(succ) is BlockSuccessors and len(succ) == 2
        assert succ[0] == a and succ[-1] == b and list(succ) == [a, b]
        assert type(succ[1:]) is BlockSuccessors and list(succ[1:]) == [b]
        with pytest.raises(IndexError, match=r"^index out of range$"):
            succ[2]
        preds = b.predecessors
        assert type(preds) is BlockPredecessors and list(preds) == [entry]
        assert len(a.successors) == 0


def test_dialect_descriptor():
    with Context() as ctx:
        d = ctx.dialects.arith
        assert isinstance(d.descriptor, DialectDescriptor)
        assert d.descriptor.namespace == "arith"
        with pytest.raises(AttributeError):
            d.descriptor = None


def test_static_typeid_of_dialect_base_classes():
    from mlir.dialects import pdl, quant
    for cls in (pdl.PDLType, quant.QuantizedType):
        assert "static_typeid" in dir(cls)
        with pytest.raises(AttributeError, match=f"^{cls.__name__} has no typeid.$"):
            cls.static_typeid


def test_successor_blocks_are_owned_by_the_branch():
    # As upstream: a block reached through op.successors has the branching
    # operation as its owner; op.successors slices are OpSuccessors.
    with Context():
        m = Module.parse("""
            func.func @f(%c: i1) {
              cf.cond_br %c, ^a, ^b
            ^a:
              return
            ^b:
              return
            }""")
        f = m.body.operations[0]
        entry, a, b = f.regions[0].blocks
        br = entry.operations[0]
        succ = br.successors
        assert succ[0].owner == br and type(succ[0].owner) is cf.CondBranchOp
        assert succ[0] == a and succ[1] == b
        assert a.owner == f                   # reached from its region
        tail = succ[1:]
        assert type(tail) is ir.OpSuccessors and len(tail) == 1
        assert tail[0] == b
        tail[0] = a
        assert str(br) == "cf.cond_br %arg0, ^bb1, ^bb1"
        br.erase()
        with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
            succ[0]
