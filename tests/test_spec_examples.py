"""The examples of the bindings' user guide ("User-level API"), run as
written; where the guide elides code (`<...>`) the smallest real code
stands in, and each adaptation is commented."""

import concurrent.futures

import pytest

from mlir.ir import (ArrayAttr, Block, BlockArgument, Context, DictAttr,
                     F32Type, FloatAttr, FunctionType, InsertionPoint,
                     IntegerAttr, IntegerType, Location, Module, OpResult,
                     Operation, TypeAttr, UnitAttr, Value)


def test_context_management():
    with Context() as ctx:
        m = Module.parse("builtin.module {}")
        assert Context.current is ctx
    assert m.context is ctx

    standalone_ctx = Context()
    with Context() as managed_ctx:
        assert Module.parse("module {}").context is managed_ctx
        m = Module.parse("module {}", context=standalone_ctx)
        assert m.context is standalone_ctx
    assert Module.parse("module {}", context=standalone_ctx).context is standalone_ctx
    with pytest.raises(RuntimeError, match="requires a Context"):
        Module.parse("module {}")


def test_insertion_points_and_locations():
    with Context() as ctx:
        ctx.allow_unregistered_dialects = True      # for the generic ops below
        module = Module.create()
        with InsertionPoint(module.body), Location.file("f.mlir", line=42, col=1):
            # Operation(<...>) in the guide: any operation creation.
            a = Operation.create("t.a")
            b = Operation.create("t.b", loc=Location.file("g.mlir", line=1, col=10))
            c = Operation.create("t.c", ip=InsertionPoint.at_block_begin(module.body))
        assert [o.name for o in module.body] == ["t.c", "t.a", "t.b"]
        assert a.location == Location.file("f.mlir", 42, 1)
        assert b.location == Location.file("g.mlir", 1, 10)

    with Context() as ctx, Location.file("f.mlir", line=42, col=1, context=ctx):
        pass


def test_inspecting_operations_regions_blocks():
    from mlir.dialects import func
    with Context():
        module = Module.parse("func.func @f() {\n  return\n}")
        operation = module.body.operations[0]
        opview = operation
        assert isinstance(operation.opview, func.FuncOp)
        assert isinstance(opview, func.FuncOp)
        for region in operation:
            for block1, block2 in zip(operation.regions[0], operation.regions[0].blocks):
                assert block1 == block2
        ret = operation.regions[0].blocks[0].operations[0]
        assert ret.operation.results.types == ret.operation.operands.types
        block = operation.regions[0].blocks[0]
        assert block.owner is operation


def test_values_downcast():
    with Context():
        m = Module.parse("func.func @f(%a: i32) -> i32 {\n"
                         "  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}")
        blk = m.body.operations[0].regions[0].blocks[0]
        for value in (blk.arguments[0], blk.operations[0].result):
            try:
                concrete = BlockArgument(value)
            except ValueError:
                concrete = OpResult(value)
            assert type(concrete) in (BlockArgument, OpResult)
        assert isinstance(BlockArgument(Value(blk.arguments[0])), BlockArgument)


def test_attributes_and_types_downcast():
    with Context():
        attribute = IntegerAttr.get(IntegerType.get_signless(8), 42)
        type_ = F32Type.get()
        try:
            concrete_attr = IntegerAttr(attribute)
            concrete_type = F32Type(type_)
        except ValueError:
            raise AssertionError("downcast failed")
        with pytest.raises(ValueError,
                           match=r"^Cannot cast attribute to FloatAttr \(from Attribute\(42 : i8\)\)$"):
            FloatAttr(attribute)
        if IntegerAttr.isinstance(attribute):
            assert IntegerAttr(attribute).value == 42
        assert not F32Type.isinstance(IntegerType.get_signless(8))


def test_creating_operations():
    from mlir.dialects import func
    with Context():
        module = Module.create()
        with InsertionPoint(module.body), Location.unknown():
            fn = func.FuncOp("main", ([], []))
        assert isinstance(fn, func.FuncOp) and fn.sym_name.value == "main"
        assert fn.type == FunctionType.get([], [])
    with Context():
        module = Module.create()
        with InsertionPoint(module.body), Location.unknown():
            # The guide names this variable `func`, shadowing the module it
            # then uses in isinstance(); `op` keeps both usable.
            op = Operation.create(
                "func.func", results=[], operands=[],
                attributes={"function_type": TypeAttr.get(FunctionType.get([], []))},
                successors=None, regions=1)
            # The guide's `isinstance(func, func.FuncOp)` fails on upstream's
            # 22.1.8 bindings too: Operation.create returns a plain
            # Operation there (and here); .opview is the FuncOp.
            assert type(op) is Operation and isinstance(op.opview, func.FuncOp)


def test_blocks():
    with Context() as ctx:
        ctx.allow_unregistered_dialects = True      # "generic.op" is unregistered
        with Location.unknown():
            op = Operation.create("generic.op", regions=1)
        entry_block = Block.create_at_start(op.regions[0])
        other_block = entry_block.create_after()
        assert list(op.regions[0].blocks) == [entry_block, other_block]


def test_creating_attributes_and_types():
    ctx = Context()
    f32 = F32Type.get(context=ctx)
    pi = FloatAttr.get(f32, 3.14)
    assert str(pi) == "3.140000e+00 : f32"
    with Context():
        f32 = F32Type.get()
        pi = FloatAttr.get(f32, 3.14)
        i8 = IntegerType.get_signless(8)
        assert str(IntegerAttr.get(i8, 42)) == "42 : i8"
        array = ArrayAttr.get([UnitAttr.get(), UnitAttr.get()])
        dictionary = DictAttr.get({"array": array, "unit": UnitAttr.get()})
        assert str(dictionary) == "{array = [unit, unit], unit}"


def test_custom_attribute_builder():
    from mlir.ir import AttrBuilder, register_attribute_builder
    old = AttrBuilder.get("I32Attr")
    # Only one builder per ODS attribute kind: a second needs replace=True.
    with pytest.raises(RuntimeError,
                       match=r"^Attribute builder for 'I32Attr' is already registered with func: "):
        @register_attribute_builder("I32Attr")
        def _i32Attr(x: int, context: Context):
            return IntegerAttr.get(IntegerType.get_signless(32, context=context), x)
    try:
        @register_attribute_builder("I32Attr", replace=True)
        def _i32Attr(x: int, context: Context):
            return IntegerAttr.get(IntegerType.get_signless(32, context=context), x)
        with Context() as ctx:
            assert str(AttrBuilder.get("I32Attr")(30, context=ctx)) == "30 : i32"
    finally:
        register_attribute_builder("I32Attr", replace=True)(old)


def test_extending_generated_op_classes():
    from typing import Union

    from mlir.dialects._arith_ops_gen import _Dialect, ConstantOp
    from mlir.dialects._ods_common import _cext
    from mlir.ir import Type

    previous = _cext.globals._lookup_operation_class("arith.constant")

    @_cext.register_operation(_Dialect, replace=True)
    class ConstantOpExt(ConstantOp):
        def __init__(self, result: Type, value: Union[int, float], *, loc=None, ip=None):
            if isinstance(value, int):
                super().__init__(IntegerAttr.get(result, value), loc=loc, ip=ip)
            elif isinstance(value, float):
                super().__init__(FloatAttr.get(result, value), loc=loc, ip=ip)
            else:
                raise NotImplementedError(
                    f"Building `arith.constant` not supported for {result=} {value=}")
    try:
        with Context(), Location.unknown():
            a = ConstantOpExt(F32Type.get(), 42.42)
            b = ConstantOpExt(IntegerType.get_signless(32), 42)
            # Detached, they print as top-level operations (newline ended).
            assert str(a) == "%cst = arith.constant 4.242000e+01 : f32\n"
            assert str(b) == "%c42_i32 = arith.constant 42 : i32\n"
            m = Module.parse("func.func @f() {\n  %c = arith.constant 1 : i32\n  return\n}")
            assert type(m.body.operations[0].regions[0].blocks[0].operations[0]) \
                is ConstantOpExt
    finally:
        _cext.register_operation(_Dialect, replace=True)(previous)


def test_extending_with_build_generic():
    from mlir.dialects._scf_ops_gen import _Dialect, ForOp
    from mlir.dialects._ods_common import _cext
    from mlir.dialects import arith
    from mlir.ir import IndexType

    previous = _cext.globals._lookup_operation_class("scf.for")

    @_cext.register_operation(_Dialect, replace=True)
    class ForOpExt(ForOp):
        def __init__(self, lower_bound, upper_bound, step, iter_args, *, loc=None, ip=None):
            results = [a.type for a in iter_args]
            super(ForOp, self).__init__(self.build_generic(
                regions=1, results=results,
                operands=[lower_bound, upper_bound, step, *iter_args], loc=loc,
                ip=ip))
            self.regions[0].blocks.append(IndexType.get(), *results)
    try:
        with Context(), Location.unknown():
            module = Module.create()
            with InsertionPoint(module.body):
                c0 = arith.constant(IndexType.get(), 0)
                c1 = arith.constant(IndexType.get(), 1)
                loop = ForOpExt(c0, c1, c1, [])
                with InsertionPoint(loop.regions[0].blocks[0]):
                    Operation.create("scf.yield")
            assert isinstance(loop, ForOpExt)
            module.operation.verify()
            assert "scf.for %arg0 = %c0 to %c1 step %c1 {" in str(module)
    finally:
        _cext.register_operation(_Dialect, replace=True)(previous)


def test_free_threading_example():
    import mlir.dialects.arith as arith

    def func(py_value):
        with Context() as ctx:
            module = Module.create(loc=Location.file("foo.txt", 0, 0))
            dtype = IntegerType.get_signless(64)
            with InsertionPoint(module.body), Location.name("a"):
                arith.constant(dtype, py_value)
        return module

    num_workers = 8
    with concurrent.futures.ThreadPoolExecutor(max_workers=num_workers) as executor:
        futures = []
        for i in range(num_workers):
            futures.append(executor.submit(func, i))
        assert len(list(f.result() for f in futures)) == num_workers
    assert "arith.constant 5 : i64" in str(futures[5].result())
