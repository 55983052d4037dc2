"""Operation / OpView: creation, inspection, printing, mutation, interning."""

import gc
import io
import textwrap

import pytest

from mlir.ir import (AffineMap, AffineMapAttr, ArrayAttr, Attribute, Block,
                     BoolAttr, Context, DictAttr, F32Type, FunctionType,
                     IndexType, InsertionPoint, IntegerAttr, IntegerType,
                     Location, MemRefType, MLIRError, Module, NamedAttribute,
                     Operation, OpView, RankedTensorType, TupleType, Type,
                     UnitAttr, VectorType, WalkOrder, WalkResult,
                     register_operation)

FUNC = textwrap.dedent("""\
    func.func @f(%a: i32, %b: i32) -> i32 {
      %0 = arith.addi %a, %b : i32
      %1 = arith.muli %0, %a : i32
      return %1 : i32
    }""")


def test_interning_one_object_per_operation(ctx):
    m = Module.parse(FUNC)
    assert m.body.operations[0] is next(iter(m.body))
    f = m.body.operations[0]
    body = f.regions[0].blocks[0]
    add = body.operations[0]
    assert add is list(body)[0]
    assert add.result.owner is add
    assert body.operations[1].operands[0].owner is add
    # As upstream: parent and Module.operation are plain Operations; the
    # module's is a new object each time, equal to the others.
    assert type(f.parent) is Operation and f.parent == m.operation
    assert m.operation is not m.operation and m.operation == m.operation
    p = f.parent
    assert f.parent is p               # one generic view while referenced
    assert p.opview is m.body.owner    # the registered class's object

def test_create_generic_with_everything(uctx):
    i32 = Type.parse("i32")
    m = Module.create()
    with InsertionPoint(m.body):
        src = Operation.create("t.src", results=[i32, i32])
        op = Operation.create(
            "t.op", results=[i32], operands=[src.results[0], src.results[1]],
            attributes={"a": Attribute.parse("1 : i64"), "b": Attribute.parse('"s"')},
            regions=2)
    assert str(m) == textwrap.dedent("""\
        module {
          %0:2 = "t.src"() : () -> (i32, i32)
          %1 = "t.op"(%0#0, %0#1) ({
          }, {
          }) {a = 1 : i64, b = "s"} : (i32, i32) -> i32
        }
        """)
    assert op.name == "t.op"
    assert len(op.regions) == 2 and len(op.operands) == 2 and len(op.results) == 1
    assert op.operands[-1] == src.results[1]
    assert [str(t) for t in op.operands.types] == ["i32", "i32"]
    assert op.results.types == [i32]


def test_create_detached_then_insert(uctx):
    op = Operation.create("t.op")
    assert not op.is_attached and op.parent is None and op.block is None
    m = Module.create()
    m.body.append(op)
    assert op.is_attached and op.block == m.body
    # As upstream, appending an attached operation moves it.
    other = Operation.create("t.other")
    m.body.append(other)
    m.body.append(op)
    assert [o.name for o in m.body] == ["t.other", "t.op"]
    with pytest.raises(ValueError, match="already attached"):
        InsertionPoint(m.body).insert(other)
    with pytest.raises(ValueError, match="into its own region"):
        holder = Operation.create("t.holder", regions=1)
        holder.regions[0].blocks.append()
        m.body.append(holder)
        holder.regions[0].blocks[0].append(holder)
    assert holder.parent is not None and holder.parent.name == "builtin.module"


def test_create_rejects_bad_input(ctx):
    with Location.unknown():
        with pytest.raises(ValueError, match="unregistered operation 'nope.op'"):
            Operation.create("nope.op")
        # Upstream's types and texts.
        with pytest.raises(TypeError, match='^Invalid attribute value for the '
                           'key "a" when attempting to create the operation '
                           '"arith.constant"'):
            Operation.create("arith.constant", attributes={"a": 1})
        with pytest.raises(TypeError, match=r"^Invalid attribute key \(not a "
                           r"string\)"):
            Operation.create("arith.constant", attributes={1: UnitAttr.get()})
        # None: the type of upstream's wheel, the text of its test suite.
        with pytest.raises(TypeError, match=r"^Found an invalid \(`None`\?\) "
                           'attribute value for the key "a"'):
            Operation.create("arith.constant", attributes={"a": None})
        with pytest.raises(TypeError, match="operands must be a sequence of Values"):
            Operation.create("func.return", operands=Type.parse("i32"))
        with pytest.raises(TypeError, match="operands must be Values, not int"):
            Operation.create("func.return", operands=[1])
        with pytest.raises(ValueError, match="^operand value cannot be None$"):
            Operation.create("func.return", operands=[None])
        with pytest.raises(TypeError, match="results must be a sequence of Types"):
            Operation.create("func.return", results=Type.parse("i32"))
        with pytest.raises(ValueError, match="^result type cannot be None$"):
            Operation.create("func.return", results=[None])
        with pytest.raises(TypeError, match="successor must be a Block"):
            Operation.create("cf.br", successors=["x"])
        with pytest.raises(TypeError, match="name must be str"):
            Operation.create(3)
    with pytest.raises(RuntimeError, match="^An MLIR function requires a Location but none was provided"):
        Operation.create("func.return")


def test_unregistered_name_cache_respects_the_context_flag(uctx):
    m = Module.create()
    ip = InsertionPoint(m.body)
    for _ in range(2):      # the second create takes the cached path
        assert Operation.create("t.op", ip=ip).name == "t.op"
    uctx.allow_unregistered_dialects = False
    with pytest.raises(ValueError, match="unregistered operation 't.op'"):
        Operation.create("t.op", ip=ip)
    uctx.allow_unregistered_dialects = True
    Operation.create("t.op", ip=ip)
    assert str(m).count('"t.op"()') == 3


def test_create_into_another_contexts_block_is_refused(uctx):
    other = Context()
    m = Module.create(loc=Location.unknown(other))
    live = uctx._get_live_operation_count()
    with pytest.raises(ValueError, match="another context"):
        Operation.create("t.op", ip=InsertionPoint(m.body))
    with pytest.raises(ValueError, match="another context"):
        with InsertionPoint(m.body):
            Operation.create("t.op", loc=Location.unknown(uctx))
    gc.collect()
    assert uctx._get_live_operation_count() == live
    assert len(m.body.operations) == 0


def test_create_with_type_inference(ctx):
    with Location.unknown():
        m = Module.parse("func.func @f(%a: i32) { return }")
        a = m.body.operations[0].regions[0].blocks[0].arguments[0]
        add = Operation.create("arith.addi", operands=[a, a], infer_type=True)
        assert str(add.result.type) == "i32"
        with pytest.raises(MLIRError, match="^Operation creation failed"):
            Operation.create("arith.addi", operands=[], infer_type=True)


def test_parse_operation(ctx):
    op = Operation.parse(FUNC)
    assert op.operation.name == "func.func" and not op.is_attached
    with pytest.raises(MLIRError, match="Unable to parse operation assembly"):
        Operation.parse("func.func @f(")


def test_attributes_mapping_and_sequence(uctx):
    op = Operation.create("t.op", attributes={"a": Attribute.parse("1 : i32")})
    attrs = op.attributes
    assert len(attrs) == 1 and "a" in attrs and "b" not in attrs
    assert str(attrs["a"]) == "1 : i32"
    assert isinstance(attrs[0], NamedAttribute)
    assert attrs[0].name == "a" and str(attrs[-1].attr) == "1 : i32"
    attrs["b"] = Attribute.parse("unit")
    assert sorted(attrs) == ["a", "b"]
    assert [na.name for na in (attrs[i] for i in range(len(attrs)))] == ["a", "b"]
    del attrs["a"]
    assert list(attrs) == ["b"]
    with pytest.raises(KeyError, match=r"^'attempt to access a non-existent attribute"):
        attrs["a"]
    with pytest.raises(KeyError, match=r"^'attempt to delete a non-existent attribute"):
        del attrs["a"]
    with pytest.raises(IndexError, match=r"^attempt to access out of bounds attribute$"):
        attrs[5]
    with pytest.raises(TypeError, match=r"^__setitem__\(\): incompatible function arguments"):
        attrs["c"] = 3
    assert attrs.get("zzz") is None


def test_operand_assignment_and_slices(ctx):
    m = Module.parse(FUNC)
    blk = m.body.operations[0].regions[0].blocks[0]
    add, mul = blk.operations[0], blk.operations[1]
    mul.operands[0] = blk.arguments[1]
    assert str(mul) == "%1 = arith.muli %arg1, %arg0 : i32"
    assert list(add.operands[0:1]) == [blk.arguments[0]]
    assert list(add.operands[::-1]) == [blk.arguments[1], blk.arguments[0]]
    with pytest.raises(IndexError, match=r"^index out of range$"):
        add.operands[2]
    with pytest.raises(IndexError, match=r"^index out of range$"):
        add.operands[-3]
    with pytest.raises(ValueError, match="which has 0 results"):
        blk.operations[2].result


def test_print_options(ctx):
    m = Module.parse(FUNC)
    f = m.body.operations[0]
    assert f.get_asm(print_generic_op_form=True).startswith('"func.func"() <{')
    assert "loc(" in f.get_asm(enable_debug_info=True)
    assert "{...}" in f.get_asm(skip_regions=True)
    # binary=True: the text as bytes, as upstream (bytecode comes from
    # write_bytecode).
    text = f.get_asm(binary=True)
    assert isinstance(text, bytes) and text.decode() == str(f)
    buf = io.StringIO()
    f.print(file=buf, assume_verified=True)
    assert buf.getvalue() == str(f)
    m2 = Module.parse(text)
    assert str(m2.body.operations[0]) == str(f)
    big = Module.parse("func.func @g() { %c = arith.constant dense<[1, 2, 3, 4]> "
                       ": tensor<4xi32>\n return }")
    assert "dense_resource<__elided__>" in big.operation.get_asm(
        large_elements_limit=2)
    out = io.BytesIO()
    f.write_bytecode(out)
    assert out.getvalue().startswith(b"ML\xefR")
    assert str(Module.parse(out.getvalue()).body.operations[0]) == str(f)


def test_verify(uctx):
    good = Module.parse(FUNC)
    assert good.operation.verify() is True
    bad = Operation.create("func.return", operands=[])
    m = Module.create()
    m.body.append(bad)
    with pytest.raises(MLIRError,
                       match=r"^Verification failed:\nerror: unknown: 'func.return' op expects parent op 'func.func'") as info:
        m.operation.verify()
    assert "expects parent op" in str(info.value)
    assert info.value.message == "Verification failed"


def test_move_clone_detach_erase(ctx):
    m = Module.parse(FUNC)
    blk = m.body.operations[0].regions[0].blocks[0]
    add, mul, ret = list(blk)
    assert add.is_before_in_block(mul)
    c = add.clone(ip=InsertionPoint(ret))
    assert [o.name for o in blk] == ["arith.addi", "arith.muli", "arith.addi",
                                      "func.return"]
    c.move_before(add)
    assert blk.operations[0] is c
    c.move_after(mul)
    assert blk.operations[2] is c
    c.detach_from_parent()
    assert not c.is_attached and len(blk.operations) == 3
    with pytest.raises(ValueError, match=r"^Detached operation has no parent\.$"):
        c.detach_from_parent()
    c.erase()
    with pytest.raises(RuntimeError, match="invalidated"):
        c.name
    with pytest.raises(RuntimeError, match="still have uses"):
        add.erase()


def test_erase_invalidates_everything_nested(ctx):
    m = Module.parse(FUNC)
    f = m.body.operations[0]
    blk = f.regions[0].blocks[0]
    add = blk.operations[0]
    region = f.regions[0]
    value = add.result
    arg = blk.arguments[0]
    before = ctx._get_live_operation_count()
    f.erase()
    for thing in (lambda: f.name, lambda: add.name, lambda: len(blk.operations),
                  lambda: value.type, lambda: arg.type, lambda: region.blocks,
                  lambda: add.operands[0], lambda: str(add)):
        with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
            thing()
    assert ctx._get_live_operation_count() < before
    assert str(m) == "module {\n}\n"
    assert repr(add).startswith("<mlir.dialects._arith_ops_gen.AddIOp object at")
    assert repr(add).endswith(": invalidated>")


def test_cannot_erase_or_move_module_operation(ctx):
    m = Module.parse(FUNC)
    with pytest.raises(ValueError, match="operation of a Module"):
        m.operation.erase()


def test_cannot_insert_into_own_region(uctx):
    outer = Operation.create("t.outer", regions=1)
    blk = Block.create_at_start(outer.regions[0])
    with pytest.raises(ValueError, match="own region"):
        blk.append(outer)
    inner = Operation.create("t.inner")
    blk.append(inner)
    with pytest.raises(ValueError, match="own region"):
        outer.move_before(inner)


def test_walk_orders_and_results(ctx):
    m = Module.parse(FUNC)
    post, pre = [], []
    m.operation.walk(lambda o: post.append(o.operation.name) or WalkResult.ADVANCE)
    m.operation.walk(lambda o: pre.append(o.operation.name) or WalkResult.ADVANCE,
                     walk_order=WalkOrder.PRE_ORDER)
    assert post == ["arith.addi", "arith.muli", "func.return", "func.func",
                    "builtin.module"]
    assert pre == ["builtin.module", "func.func", "arith.addi", "arith.muli",
                   "func.return"]
    seen = []

    def stop_at_mul(o):
        seen.append(o.name)
        return WalkResult.INTERRUPT if o.name == "arith.muli" else WalkResult.ADVANCE
    m.operation.walk(stop_at_mul)
    assert seen == ["arith.addi", "arith.muli"]
    seen.clear()
    m.operation.walk(lambda o: (seen.append(o.name), WalkResult.SKIP)[1],
                     walk_order=WalkOrder.PRE_ORDER)
    assert seen == ["builtin.module"]


def test_walk_callback_exception_propagates(ctx):
    m = Module.parse(FUNC)

    def boom(o):
        raise KeyError(o.name)
    # Upstream's RuntimeError with the callback's traceback; the original
    # exception is its __cause__.
    with pytest.raises(RuntimeError, match="(?s)^Exception raised in callback: "
                       "Traceback .*in boom\n.*KeyError: 'arith.addi'") as info:
        m.operation.walk(boom)
    assert isinstance(info.value.__cause__, KeyError)
    # Anything but a WalkResult: upstream's std::bad_cast.
    with pytest.raises(RuntimeError, match="^std::bad_cast .*not a WalkResult"):
        m.operation.walk(lambda o: 42)


def test_walk_erasing_current_op_in_post_order(ctx):
    m = Module.parse("func.func @f() {\n %c = arith.constant 1 : i32\n"
                     " %d = arith.constant 2 : i32\n return\n}")

    def drop_constants(o):
        if o.name == "arith.constant":
            o.erase()
        return WalkResult.ADVANCE
    m.operation.walk(drop_constants)
    assert "arith.constant" not in str(m)
    m2 = Module.parse(FUNC)
    ops = list(m2.body.operations[0].regions[0].blocks[0])

    def erase_other(o):
        if o.name == "arith.addi":
            ops[2].erase()
        return WalkResult.ADVANCE
    with pytest.raises(RuntimeError, match="during a walk"):
        m2.operation.walk(erase_other)
    with pytest.raises(RuntimeError, match="during a walk"):
        m2.operation.walk(lambda o: (o.erase() if o.name == "func.return"
                                     else None) or WalkResult.ADVANCE,
                          walk_order=WalkOrder.PRE_ORDER)


def test_replace_uses_of_with(ctx):
    m = Module.parse(FUNC)
    blk = m.body.operations[0].regions[0].blocks[0]
    add = blk.operations[0]
    add.replace_uses_of_with(blk.arguments[1], blk.arguments[0])
    assert str(add) == "%0 = arith.addi %arg0, %arg0 : i32"


def test_location_read_write(ctx):
    m = Module.parse(FUNC)
    add = m.body.operations[0].regions[0].blocks[0].operations[0]
    add.location = Location.file("x", 1, 2)
    assert add.location == Location.file("x", 1, 2)


def test_opview_registration_and_views(uctx):
    class _Dialect:
        pass

    @register_operation(_Dialect)
    class MyOp(OpView):
        OPERATION_NAME = "mytest.myop"

    op = Operation.create("mytest.myop")
    assert type(op) is Operation           # as upstream
    assert type(op.opview) is MyOp and op.opview is op.opview
    assert op.operation is op
    other = Operation.create("mytest.other")
    view = MyOp(other)
    assert view.operation == other.operation and view.name == "mytest.other"
    assert type(other.operation) is Operation and other.operation is other
    assert type(other.opview) is OpView and other.opview == other
    with pytest.raises(RuntimeError, match="already registered"):
        register_operation(_Dialect)(MyOp)

    @register_operation(_Dialect, replace=True)
    class MyOpExt(MyOp):
        pass
    assert type(Operation.create("mytest.myop").opview) is MyOpExt
    assert _Dialect.MyOpExt is MyOpExt


def test_build_generic_on_an_opview_subclass(uctx):
    class _D:
        pass

    @register_operation(_D)
    class SegOp(OpView):
        OPERATION_NAME = "mytest.seg"
        _ODS_OPERAND_SEGMENTS = [1, -1, 0]
        _ODS_REGIONS = (1, True)

        def __init__(self, a, rest, opt=None, *, loc=None, ip=None):
            super().__init__(self.build_generic(results=[],
                                                operands=[a, rest, opt],
                                                loc=loc, ip=ip))

    src = Operation.create("mytest.src", results=[Type.parse("i32")] * 3)
    a, b, c = src.results
    op = SegOp(a, [b, c])
    assert isinstance(op, SegOp) and len(op.operands) == 3
    assert str(op.attributes["operandSegmentSizes"]) == "array<i32: 1, 2, 0>"
    assert len(op.regions) == 1
    # Upstream's ValueErrors.
    with pytest.raises(ValueError, match='^Operand 1 of operation "mytest.seg" '
                       r'must be a Sequence of Values \('):
        SegOp(a, b)
    with pytest.raises(ValueError, match='^Operand 0 of operation "mytest.seg" '
                       r'must be a Value \(is not a Value\)'):
        SegOp([a], [b])
    with pytest.raises(ValueError, match=r'must be a Value \(was None and '
                       'operand is not optional'):
        SegOp(None, [b])
    with pytest.raises(ValueError, match=r'must be a Sequence of Values '
                       r'\(contained a None item\)'):
        SegOp(a, [b, None])
    with pytest.raises(ValueError, match="^Manually setting a 'resultSegmentSizes'"):
        SegOp.build_generic(operands=[a, [b], None], attributes={
            "operandSegmentSizes": op.attributes["operandSegmentSizes"]})
    # An operation stands for its single result; with several it is refused.
    one = Operation.create("mytest.one", results=[Type.parse("i32")])
    assert SegOp(one, []).operands[0] == one.results[0]
    with pytest.raises(ValueError, match="Cannot call .result on operation"):
        SegOp(src, [])


def test_detached_op_is_destroyed_with_its_object(uctx):
    gc.collect()
    base = uctx._get_live_operation_count()
    op = Operation.create("t.op", regions=1)
    Block.create_at_start(op.regions[0])
    assert uctx._get_live_operation_count() == base + 1
    del op
    gc.collect()
    assert uctx._get_live_operation_count() == base


def test_child_keeps_module_alive():
    ctx = Context()
    m = Module.parse(FUNC, context=ctx)
    add = m.body.operations[0].regions[0].blocks[0].operations[0]
    del m
    gc.collect()
    assert str(add) == "%0 = arith.addi %arg0, %arg1 : i32"
    assert add.parent.parent.name == "builtin.module"


def test_detached_subtree_outlives_its_old_module():
    ctx = Context()
    m = Module.parse(FUNC, context=ctx)
    f = m.body.operations[0]
    add = f.regions[0].blocks[0].operations[0]
    f.detach_from_parent()
    del m, f
    gc.collect()
    assert str(add) == "%0 = arith.addi %arg0, %arg1 : i32"


def test_capsule_round_trip(ctx):
    m = Module.parse(FUNC)
    f = m.body.operations[0]
    again = Operation._CAPICreate(f._CAPIPtr)
    assert type(again) is Operation and again == f      # as upstream
    with pytest.raises(ValueError, match="^PyCapsule_GetPointer called with incorrect name"):
        Operation._CAPICreate(m._CAPIPtr)


def test_values_of_another_context_are_rejected():
    a_ctx, b_ctx = Context(), Context()
    ma = Module.parse(FUNC, context=a_ctx)
    mb = Module.parse(FUNC, context=b_ctx)
    va = ma.body.operations[0].regions[0].blocks[0].arguments[0]
    blk_b = mb.body.operations[0].regions[0].blocks[0]
    add_b = blk_b.operations[0]
    with pytest.raises(ValueError, match="another Context"):
        add_b.operands[0] = va
    with pytest.raises(ValueError, match="another Context"):
        add_b.result.replace_all_uses_with(va)
    with pytest.raises(ValueError, match="another Context"):
        add_b.replace_uses_of_with(blk_b.arguments[0], va)
    with b_ctx, Location.unknown():
        with pytest.raises(ValueError, match="another Context"):
            Operation.create("arith.addi", operands=[va, va],
                             results=[Type.parse("i32")])


def test_types_attributes_blocks_of_another_context_are_rejected():
    """Every entry that makes a type, attribute, location or block part of
    one context's IR refuses those of another context (they would dangle
    once that context is gone), and the IR is left unchanged."""
    a_ctx, b_ctx = Context(), Context()
    i32_a = IntegerType.get_signless(32, context=a_ctx)
    attr_a = IntegerAttr.get(i32_a, 1)
    loc_a = Location.unknown(context=a_ctx)
    mb = Module.parse(FUNC, context=b_ctx)
    func_b = mb.body.operations[0]
    blk_b = func_b.regions[0].blocks[0]
    add_b = blk_b.operations[0]
    before = str(mb)
    with b_ctx, Location.unknown():
        i32_b = IntegerType.get_signless(32)
        cases = [
            lambda: Operation.create("arith.constant", results=[i32_a],
                                     attributes={"value": IntegerAttr.get(i32_b, 1)}),
            lambda: Operation.create("arith.constant", results=[i32_b],
                                     attributes={"value": attr_a}),
            lambda: add_b.attributes.__setitem__("x", attr_a),
            lambda: ArrayAttr.get([attr_a]),
            lambda: DictAttr.get({"k": attr_a}),
            lambda: FunctionType.get([i32_a], []),
            lambda: TupleType.get_tuple([i32_b, i32_a]),
            lambda: RankedTensorType.get([2], i32_b, encoding=attr_a),
            lambda: MemRefType.get([2], i32_b, memory_space=attr_a),
            lambda: blk_b.add_argument(i32_a, Location.unknown()),
            lambda: blk_b.add_argument(i32_b, loc_a),
            lambda: blk_b.insert_argument(0, i32_a, Location.unknown()),
            lambda: blk_b.arguments[0].set_type(i32_a),
            lambda: add_b.result.set_type(i32_a),
            lambda: blk_b.create_after(i32_a),
            lambda: Block.create_at_start(func_b.regions[0], [i32_b], [loc_a]),
            lambda: Location.fused([loc_a]),
        ]
        for i, case in enumerate(cases):
            with pytest.raises(ValueError, match="another Context"):
                case()
        with loc_a:
            with pytest.raises(ValueError, match="another Context"):
                blk_b.create_after(i32_b)
    assert str(mb) == before and mb.operation.verify()


def test_generated_builder_operands_in_order_across_many_single_operands(ctx):
    # gpu.launch: a variadic group, then ten single operands (builders
    # collect single operands and add them in batches of four).
    from mlir.dialects import arith, gpu
    from mlir.dialects._gpu_ops_gen import LaunchOp
    with Location.unknown():
        idx = IndexType.get()
        m = Module.create()
        with InsertionPoint(m.body):
            cs = [arith.constant(idx, k) for k in range(1, 9)]
            t = gpu.wait()
            op = LaunchOp(gpu.AsyncTokenType.get(), [t], *cs[:6],
                          clusterSizeX=cs[6], clusterSizeY=cs[7],
                          clusterSizeZ=cs[0], dynamicSharedMemorySize=cs[1])
    head = op.operation.get_asm(print_generic_op_form=True).splitlines()[0]
    assert head == (
        '%9 = "gpu.launch"(%8, %0, %1, %2, %3, %4, %5, %6, %7, %0, %1) '
        '<{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> ({')


def test_generated_builder_segments_of_single_and_variadic_operands(ctx):
    # vector.transfer_read: single, variadic, single, optional operands;
    # scf.for: three single operands, then a variadic group.
    from mlir.dialects import arith, memref, scf, vector
    from mlir.dialects._vector_ops_gen import TransferReadOp
    with Location.unknown():
        idx, f32 = IndexType.get(), F32Type.get()
        m = Module.create()
        with InsertionPoint(m.body):
            a = memref.alloc(MemRefType.get([8, 8], f32), [], [])
            i, j = arith.constant(idx, 1), arith.constant(idx, 2)
            pad = arith.constant(f32, 0.0)
            mask = vector.create_mask(
                VectorType.get([4], IntegerType.get_signless(1)), [i])
            r = TransferReadOp(
                VectorType.get([4], f32), a, [i, j],
                AffineMapAttr.get(AffineMap.get_minor_identity(2, 1)), pad,
                ArrayAttr.get([BoolAttr.get(False)]), mask=mask)
            loop = scf.ForOp(i, j, i, [pad, pad])
            with InsertionPoint(loop.body):
                scf.YieldOp(list(loop.inner_iter_args))
    assert m.operation.verify()
    assert r.operation.get_asm(print_generic_op_form=True) == (
        '%5 = "vector.transfer_read"(%0, %1, %2, %3, %4) <{in_bounds = '
        '[false], operandSegmentSizes = array<i32: 1, 2, 1, 1>, '
        'permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<8x8xf32>'
        ', index, index, f32, vector<4xi1>) -> vector<4xf32>')
    assert loop.operation.get_asm(print_generic_op_form=True).startswith(
        '%6:2 = "scf.for"(%1, %2, %1, %3, %3) ({')
    # Operand accessors give values owned by their definitions.
    assert r.base.owner == a.owner and r.padding.owner == pad.owner
    assert r.mask.owner == mask.owner and loop.lowerBound.owner == i.owner


def test_operand_accessor_values_belong_to_their_definitions(ctx):
    from mlir.dialects import arith, func
    with Location.unknown():
        i32 = IntegerType.get_signless(32)
        m = Module.create()
        with InsertionPoint(m.body):
            f = func.FuncOp("f", FunctionType.get([i32], []))
            with InsertionPoint(f.add_entry_block()):
                c = arith.ConstantOp(i32, 7)
                add = arith.AddIOp(c, f.arguments[0])
                func.ReturnOp([])
    assert add.lhs.owner == c and add.lhs == c.result
    assert add.rhs.owner == f.entry_block
    assert str(add.lhs.owner) == "%c7_i32 = arith.constant 7 : i32"


def test_detached_user_keeps_the_owner_of_its_operands_alive(ctx):
    from mlir.dialects import arith
    with Location.unknown():
        i32 = IntegerType.get_signless(32)
        c = arith.ConstantOp(i32, 7)              # detached
        add = arith.AddIOp(c.result, c.result)    # detached, uses c
        del c
        gc.collect()
        # `add` holds the constant's object: destroying it would leave
        # add's operands dangling.
        assert ctx._get_live_operation_count() == 2
        assert str(add.lhs.owner) == "%c7_i32 = arith.constant 7 : i32\n"
        del add
        gc.collect()
        assert ctx._get_live_operation_count() == 0


def test_registered_op_classes_construct_as_python_classes_do(uctx):
    """Registered classes are constructed by a vectorcall entry; what it
    does must be what type.__call__ does, however the class changes."""
    class _D:
        pass

    calls = []

    @register_operation(_D)
    class KwOp(OpView):
        OPERATION_NAME = "mytest.kw"

        def __init__(self, *args, tag=None, **kw):
            calls.append((args, tag, kw))
            super().__init__(self.build_generic(results=[]))

    op = KwOp(1, 2, tag="t", extra=3)
    assert isinstance(op, KwOp) and op.name == "mytest.kw"
    assert calls[-1] == ((1, 2), "t", {"extra": 3})
    many = tuple(range(20))
    KwOp(*many, **{"tag": "x", **{f"k{i}": i for i in range(5)}})
    assert calls[-1] == (many, "x", {f"k{i}": i for i in range(5)})

    # __init__ replaced after registration: the new one runs.
    def replaced(self, n):
        calls.append(("replaced", n))
        OpView.__init__(self, self.build_generic(results=[]))
    KwOp.__init__ = replaced
    assert isinstance(KwOp(5), KwOp) and calls[-1] == ("replaced", 5)

    # __init__ returning something: the TypeError type.__call__ raises.
    KwOp.__init__ = lambda self: 1
    with pytest.raises(TypeError,
                       match=r"__init__\(\) should return None, not 'int'"):
        KwOp()

    # A __new__ defined later takes over construction.
    def new(cls, *args):
        calls.append(("new", args))
        return Operation.create("mytest.other")
    KwOp.__new__ = new
    other = KwOp(7)
    assert other.name == "mytest.other" and calls[-1] == ("new", (7,))

    # An unregistered subclass with its own __init__.
    class Sub(KwOp):
        __new__ = OpView.__new__

        def __init__(self, v):
            calls.append(("sub", v))
            OpView.__init__(self, self.build_generic(results=[]))
    assert type(Sub(9)) is Sub and calls[-1] == ("sub", 9)

    # Errors from __init__ arrive unchanged; nothing is left behind.
    def bad(self, x):
        raise ValueError(f"bad {x}")
    Sub.__init__ = bad
    with pytest.raises(ValueError, match="bad 3"):
        Sub(3)

    # __init__ that is not a function: a callable object, a staticmethod.
    class Init:
        def __call__(self, op_self):
            calls.append(("callable",))
            OpView.__init__(op_self, op_self.build_generic(results=[]))

    @register_operation(_D)
    class CallableInitOp(OpView):
        OPERATION_NAME = "mytest.callable_init"
        __init__ = Init()
    with pytest.raises(TypeError, match="missing 1 required positional"):
        CallableInitOp()
    CallableInitOp.__init__ = staticmethod(
        lambda *a: calls.append(("static", len(a))))
    with pytest.raises(RuntimeError,
                       match="CallableInitOp object is not initialized"):
        CallableInitOp().name  # __init__ ran and built nothing
    assert calls[-1] == ("static", 0)  # the staticmethod, not its function


def test_registered_op_classes_with_a_metaclass(uctx):
    """What the metaclass makes of `cls.__init__` does not matter: type_call
    looks in the class's own MRO."""
    class _D:
        pass

    class Meta(type):
        def __getattribute__(cls, name):
            if name == "__init__":
                raise AssertionError("the metaclass was asked")
            return super().__getattribute__(name)

    built = []

    @register_operation(_D)
    class MetaOp(OpView, metaclass=Meta):
        OPERATION_NAME = "mytest.meta"

    def init(self, v):
        built.append(v)
        OpView.__init__(self, self.build_generic(results=[]))
    type.__setattr__(MetaOp, "__init__", init)
    assert MetaOp(3).name == "mytest.meta" and built == [3]


def test_registered_op_classes_construct_while_init_changes(uctx):
    """Threads constructing a class while another reassigns its __init__
    get one of the two, never a freed one (free-threaded builds run the
    vectorcall entry too)."""
    import threading

    class _D:
        pass

    @register_operation(_D)
    class SwapOp(OpView):
        OPERATION_NAME = "mytest.swap"

    def make(tag):
        def init(self):
            OpView.__init__(self, self.build_generic(
                results=[], attributes={"tag": StringAttr.get(tag)}))
        return init
    inits = [make("a"), make("b")]
    SwapOp.__init__ = inits[0]
    stop = threading.Event()
    seen, errors = set(), []
    from mlir.ir import StringAttr

    def build():
        try:
            with uctx, Location.unknown():
                while not stop.is_set():
                    seen.add(StringAttr(SwapOp().attributes["tag"]).value)
        except BaseException as e:
            errors.append(e)
    threads = [threading.Thread(target=build) for _ in range(3)]
    for t in threads:
        t.start()
    for i in range(3000):
        SwapOp.__init__ = inits[i % 2]
        del inits[i % 2]
        inits.insert(i % 2, make("ab"[i % 2]))
    stop.set()
    for t in threads:
        t.join()
    assert not errors and seen <= {"a", "b"} and seen


@pytest.mark.parametrize("n", [1, 4, 5, 9])
def test_create_with_many_results_operands_and_attributes(uctx, n):
    # The state keeps up to four of each inline, then moves to the heap;
    # with result type inference the arrays go through the C API.
    i32 = IntegerType.get_signless(32)
    src = Operation.create("t.src", results=[i32] * n)
    attrs = {f"a{k}": IntegerAttr.get(i32, k) for k in range(n)}
    op = Operation.create("t.many", results=[i32] * n,
                          operands=list(src.results), attributes=attrs)
    assert len(op.results) == n and list(op.operands) == list(src.results)
    assert {k: int(op.attributes[k]) for k in op.attributes} == \
        {f"a{k}": k for k in range(n)}
    add = Operation.create("arith.addi", operands=[src.results[0]] * 2,
                           attributes=dict(attrs), infer_type=True)
    assert [str(r.type) for r in add.results] == ["i32"]
    assert [int(add.attributes[f"a{k}"]) for k in range(n)] == list(range(n))
    with pytest.raises(TypeError, match="operands must be Values, not int"):
        Operation.create("t.bad", operands=list(src.results) + [7])


def test_attached_as_upstream(uctx):
    # Upstream's Operation.attached: False while the object owns the
    # operation (detached), True once a block (or a Module) owns it.
    m = Module.create(Location.unknown(uctx))
    assert m.operation.attached
    op = Operation.create("t.op", loc=Location.unknown(uctx))
    assert not op.attached
    m.body.append(op)
    assert op.attached and op.opview.attached
    op.detach_from_parent()
    assert not op.attached


def test_detached_op_keeps_the_values_it_uses_alive(ctx):
    # A detached clone uses the function's argument: dropping the module
    # first must not free that value under it.
    m = Module.parse(FUNC)
    blk = m.body.operations[0].regions[0].blocks[0]
    c = blk.operations[0].clone(ip=InsertionPoint(blk.operations[2]))
    c.detach_from_parent()
    del blk, m
    gc.collect()
    assert c.name == "arith.addi" and str(c.operands[0].type) == "i32"
    del c
    gc.collect()


def test_opview_parse_checks_the_operation_name(uctx):
    from mlir.dialects import func
    with Location.unknown():
        f = func.FuncOp.parse("func.func @g() { return }")
        assert isinstance(f, func.FuncOp) and f.name.value == "g"
        with pytest.raises(MLIRError, match="^Expected a 'func.func' op, got: "
                           "'test.foo'"):
            func.FuncOp.parse('"test.foo"() : () -> ()')
        assert type(Operation.parse('"test.foo"() : () -> ()')) is OpView
