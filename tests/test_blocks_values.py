"""Region, Block, InsertionPoint, Value, SymbolTable."""

import textwrap

import pytest

from mlir.ir import (AsmState, Block, BlockArgument, Context, InsertionPoint,
                     IntegerAttr, IntegerType, Region,
                     Location, Module, OpResult, Operation, SymbolTable, Type,
                     Value)


def test_blocks_create_append_and_iterate(uctx):
    i32, i64 = Type.parse("i32"), Type.parse("i64")
    op = Operation.create("t.op", regions=1)
    region = op.regions[0]
    b0 = Block.create_at_start(region, [i32])
    b2 = b0.create_after(i64)
    b1 = b2.create_before()
    b3 = region.blocks.append(i32, i64)
    assert list(region.blocks) == [b0, b1, b2, b3]
    assert region.blocks[-1] == b3 and region.blocks[1:3] == [b1, b2]
    assert [len(b.arguments) for b in region] == [1, 0, 1, 2]
    assert b3.arguments.types == [i32, i64]
    assert b0.region == region and b0.owner == op and region.owner == op
    assert b0.owner is region.owner       # the registered class's object
    with pytest.raises(IndexError, match=r"^attempt to access out of bounds block$"):
        region.blocks[4]
    other = Operation.create("t.other", regions=1)
    b1.append_to(other.regions[0])
    assert list(other.regions[0].blocks) == [b1] and len(region.blocks) == 3


def test_operation_iterator_before_its_first_step_survives_erasure():
    # The first operation is erased (and its memory reused by a new
    # detached operation) before the iterator's first step: the iterator
    # starts at the block's first operation now, not at the freed one.
    ctx = Context()
    m = Module.parse("func.func @f() {\n  %c = arith.constant 1 : i32\n"
                     "  %d = arith.constant 2 : i32\n  return\n}",
                     context=ctx)
    block = m.body.operations[0].regions[0].blocks[0]
    it = iter(block.operations)
    block.operations[0].erase()
    with ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        Operation.create("arith.constant", results=[i32],
                         attributes={"value": IntegerAttr.get(i32, 5)})
    first = next(it)
    assert str(first) == "%c2_i32 = arith.constant 2 : i32"
    assert first.parent.name == "func.func"
    assert [op.name for op in it] == ["func.return"]


def test_block_arguments_add_insert_erase(uctx):
    i32, i64 = Type.parse("i32"), Type.parse("i64")
    op = Operation.create("t.op", regions=1)
    b = Block.create_at_start(op.regions[0], [i32])
    a1 = b.add_argument(i64, Location.unknown())
    assert isinstance(a1, BlockArgument) and a1.arg_number == 1
    a0 = b.insert_argument(0, i64, Location.file("x", 1, 1))
    assert a0.arg_number == 0 and b.arguments[1].type == i32
    b.erase_argument(0)
    assert b.arguments.types == [i32, i64]
    with pytest.raises(RuntimeError, match="erased"):
        a0.type
    with pytest.raises(IndexError, match=r"^index out of range$"):
        b.erase_argument(5)


def test_insertion_points(uctx):
    m = Module.create()
    with InsertionPoint(m.body):
        a = Operation.create("t.a")
        c = Operation.create("t.c")
        Operation.create("t.term")
    with InsertionPoint(c):
        b = Operation.create("t.b")
    with InsertionPoint.at_block_begin(m.body):
        first = Operation.create("t.first")
    with InsertionPoint.after(c):
        Operation.create("t.after_c")
    assert [o.name for o in m.body] == ["t.first", "t.a", "t.b", "t.c",
                                        "t.after_c", "t.term"]
    f = Module.parse("func.func @f() {\n  return\n}").body.operations[0]
    with InsertionPoint.at_block_terminator(f.regions[0].blocks[0]):
        Operation.create("t.before_return")
    assert [o.name for o in f.regions[0].blocks[0]] == ["t.before_return",
                                                         "func.return"]
    ip = InsertionPoint(c)
    assert ip.block == m.body and ip.ref_operation == c
    # As upstream's: the reference operation is a plain Operation, also
    # when the insertion point was made from an OpView.
    ret = InsertionPoint.at_block_terminator(f.regions[0].blocks[0]).ref_operation
    assert type(ret) is Operation and ret.name == "func.return"
    assert ret.opview is f.regions[0].blocks[0].operations[1]
    with ip:
        assert InsertionPoint.current is ip
    with pytest.raises(ValueError, match="No current InsertionPoint"):
        InsertionPoint.current
    detached = Operation.create("t.x")
    with pytest.raises(ValueError, match="not attached"):
        InsertionPoint(detached)
    empty = Operation.create("t.y", regions=1)
    blk = Block.create_at_start(empty.regions[0])
    with pytest.raises(ValueError, match="no terminator"):
        InsertionPoint.at_block_terminator(blk)
    ip2 = InsertionPoint(blk)
    ip2.insert(detached)
    assert detached.block == blk and first.block == m.body


def test_explicit_ip_wins_and_ip_false_detaches(uctx):
    m1, m2 = Module.create(), Module.create()
    with InsertionPoint(m1.body):
        op = Operation.create("t.a", ip=InsertionPoint(m2.body))
        loose = Operation.create("t.b", ip=False)
    assert op.block == m2.body and len(m1.body.operations) == 0
    assert not loose.is_attached


def test_values_and_uses():
    with Context():
        m = Module.parse(textwrap.dedent("""\
            func.func @f(%a: i32) -> i32 {
              %0 = arith.addi %a, %a : i32
              %1 = arith.muli %0, %0 : i32
              return %1 : i32
            }"""))
    blk = m.body.operations[0].regions[0].blocks[0]
    add, mul, ret = list(blk)
    arg = blk.arguments[0]
    r = add.result
    assert isinstance(r, OpResult) and r.result_number == 0 and r.owner is add
    assert isinstance(arg, BlockArgument) and arg.owner == blk
    assert OpResult(Value(r)) == r
    with pytest.raises(ValueError, match="Cannot cast value to BlockArgument"):
        BlockArgument(r)
    with pytest.raises(ValueError, match="Cannot cast value to OpResult"):
        OpResult(arg)
    assert [(u.owner.name, u.operand_number) for u in r.uses] == \
        [("arith.muli", 0), ("arith.muli", 1)] or \
        sorted((u.owner.name, u.operand_number) for u in r.uses) == \
        [("arith.muli", 0), ("arith.muli", 1)]
    assert r.get_name() == "%0" and arg.get_name() == "%arg0"
    # str() names the kind of value, as upstream prints it.
    assert str(r) == "OpResult(%0 = arith.addi %arg0, %arg0 : i32)"
    assert str(arg) == ("BlockArgument(<block argument> of type 'i32' at "
                        "index: 0)")
    # A plain Value view prints as upstream's: Value(...).
    assert str(Value(r)) == "Value(%0 = arith.addi %arg0, %arg0 : i32)"
    # The default repr names upstream's module of the class.
    assert repr(r).startswith("<mlir._mlir_libs._mlir.ir.OpResult object at")
    state = AsmState(m.body.operations[0])
    assert mul.result.get_name(state=state) == "%1"
    assert str(r.type) == "i32" and r.context is m.context
    mul.result.replace_all_uses_with(r)
    assert str(ret) == "func.return %0 : i32"
    r.replace_all_uses_except(arg, mul)
    assert str(ret) == "func.return %arg0 : i32"
    assert str(mul) == "%1 = arith.muli %0, %0 : i32"
    assert hash(r) == hash(add.results[0]) and r == add.results[0]
    assert Value._CAPICreate(r._CAPIPtr) == r


def test_symbol_table():
    with Context():
        m = Module.parse("func.func private @a()\nfunc.func @b() { return }")
        st = SymbolTable(m.operation)
        assert "a" in st and "zz" not in st
        a = st["a"]
        assert a is m.body.operations[0]
        assert str(SymbolTable.get_symbol_name(a)) == '"a"'
        assert str(SymbolTable.get_visibility(a)) == '"private"'
        SymbolTable.set_visibility(a, "public")
        with pytest.raises(ValueError,
                           match=r"^Expected visibility to be 'public', 'private' or 'nested'$"):
            SymbolTable.set_visibility(a, "secret")
        SymbolTable.set_symbol_name(a, "c")
        st = SymbolTable(m.operation)   # a table caches names: rebuild it
        assert "c" in st
        with pytest.raises(KeyError, match=r"Symbol 'a' not in the symbol table\."):
            st["a"]
        clone = st["b"].clone()
        name = st.insert(clone)
        assert str(name) != '"b"' and len(m.body.operations) == 3
        del st["c"]
        with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
            a.name
        seen = []
        SymbolTable.walk_symbol_tables(m.operation, True,
                                       lambda op, vis: seen.append((op.name, vis)))
        assert seen == [("builtin.module", True)]
        SymbolTable.replace_all_symbol_uses("b", "bb", m.operation)
        with pytest.raises(TypeError, match="not a Symbol Table"):
            SymbolTable(st["b"])


def test_end_of_block_after_terminator_refused_once_names_are_known():
    """Registered names found not to be terminators are remembered per
    context; a terminator that arrives by any route is still seen, and a
    block that loses its terminator takes appends again."""
    from mlir.dialects import arith, func
    from mlir.ir import FunctionType, IntegerType
    with Context(), Location.unknown():
        i32 = IntegerType.get_signless(32)
        m = Module.create()
        with InsertionPoint(m.body):
            f = func.FuncOp("f", FunctionType.get([], []))
        entry = f.add_entry_block()
        ip = InsertionPoint(entry)
        for k in range(3):          # each name checked, then remembered
            c = arith.ConstantOp(i32, k, ip=ip)
            arith.AddIOp(c, c, ip=ip)
        ret = func.ReturnOp([])     # detached, then appended unchecked
        entry.append(ret)
        refused = "already has a terminator"
        with pytest.raises(IndexError, match=refused):
            arith.ConstantOp(i32, 9, ip=ip)
        with pytest.raises(IndexError, match=refused):
            Operation.create("arith.constant", results=[i32],
                             attributes={"value": c.value}, ip=ip)
        with pytest.raises(IndexError, match=refused):
            ip.insert(arith.ConstantOp(i32, 9))
        ret.erase()
        arith.ConstantOp(i32, 9, ip=ip)
        func.ReturnOp([], ip=ip)
        with pytest.raises(IndexError, match=refused):
            arith.ConstantOp(i32, 10, ip=ip)
        assert [op.name for op in entry.operations] == \
            ["arith.constant", "arith.addi"] * 3 + \
            ["arith.constant", "func.return"]


def test_end_of_block_after_unregistered_op_is_open(uctx):
    # An unregistered operation is never a terminator (as the C API's
    # mlirBlockGetTerminator has it), however often it is met.
    blk = Operation.create("t.op", regions=1).regions[0].blocks.append()
    ip = InsertionPoint(blk)
    for _ in range(3):
        Operation.create("t.any", ip=ip)
    assert len(blk.operations) == 3


def test_sequences_slice_concatenate_and_match_as_upstream():
    # Upstream's pseudo-containers: contiguous slices keep the list type
    # (so .types works), `+` gives a list, and they are sequences for
    # structural pattern matching.
    from mlir.ir import (BlockIterator, IndexType, OperationIterator,
                         RegionIterator)
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        i32 = IntegerType.get_signless(32)
        op = Operation.create("t.op", regions=1)
        blk = Block.create_at_start(op.regions[0], [i32, IndexType.get(), i32])
        args = blk.arguments
        assert type(args[1:]) is type(args) and len(args[1:]) == 2
        assert [str(t) for t in args[1:].types] == ["index", "i32"]
        assert [a.arg_number for a in args[-1:] + args[:1]] == [2, 0]
        assert len(args[:2] + args[1:]) == 4
        assert [a.arg_number for a in args[::2]] == [0, 2]
        match op.regions[0]:
            case Region(blocks=[Block(arguments=[a0, a1, a2])]):
                assert a2.arg_number == 2
            case _:
                raise AssertionError("no match")
        assert type(iter(op.regions)) is RegionIterator
        assert type(iter(op.regions[0])) is BlockIterator
        assert type(iter(blk)) is OperationIterator
        with pytest.raises(IndexError, match="^index out of range$"):
            op.regions[-42]
        with pytest.raises(IndexError, match="^attempt to access out of bounds block$"):
            op.regions[0].blocks[3]
        with pytest.raises(IndexError, match="^attempt to access out of bounds operation$"):
            blk.operations[0]


def test_block_argument_locations_as_upstream():
    with Context() as ctx:
        ctx.allow_unregistered_dialects = True
        i32 = IntegerType.get_signless(32)
        op = Operation.create("t.op", regions=1, loc=Location.unknown())
        # No arg_locs and no current Location: upstream's RuntimeError.
        with pytest.raises(RuntimeError, match="^An MLIR function requires a "
                           "Location but none was provided"):
            Block.create_at_start(op.regions[0], [i32])
        with pytest.raises(ValueError, match="^Expected 2 locations, got: 1$"):
            Block.create_at_start(op.regions[0], [i32, i32],
                                  [Location.unknown()])
        Block.create_at_start(op.regions[0])          # no arguments: fine
