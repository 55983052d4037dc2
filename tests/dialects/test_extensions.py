"""The hand-written dialect extensions that copy upstream's (tensor.EmptyOp,
memref.subview, transform.SequenceOp / NamedSequenceOp, pdl builders, ...):
whole functions and modules built from Python with them and the generated
builders, verified, printed, compared exactly and parsed back; bad input
raises TypeError / ValueError naming the op and the argument."""

import ctypes

import pytest

from mlir.ir import (AffineMap, AffineMapAttr, Context, DenseI32ArrayAttr,
                     DictAttr, F32Type, FunctionType, IndexType,
                     InsertionPoint, IntegerAttr, IntegerType, Location,
                     MemRefType, Module, Operation, RankedTensorType, ShapedType, Type,
                     TypeAttr, UnitAttr, VectorType)
from mlir.dialects import (arith, func, gpu, llvm, memref, pdl, tensor,
                           transform, vector)
from mlir.dialects.transform import structured
from mlir.execution_engine import ExecutionEngine
from mlir.passmanager import PassManager
from mlir.rewrite import PDLModule, apply_patterns_and_fold_greedily

from .helpers import build, check


def T(s):
    return Type.parse(s)


@pytest.fixture
def ctx():
    with Context() as c, Location.unknown():
        yield c


# -- tensor -------------------------------------------------------------------

def test_tensor_empty_mixed_sizes():
    def body():
        f32, idx = F32Type.get(), IndexType.get()

        @func.FuncOp.from_py_func(idx, idx)
        def make(n, m):
            static = tensor.EmptyOp([2, 3], f32)
            assert isinstance(static, tensor.EmptyOp)
            assert len(static.dynamicSizes) == 0
            mixed = tensor.empty([n, 4, m], f32)
            assert mixed.owner.opview.dynamicSizes[1] == m
            c5 = arith.constant(idx, 5)
            op = tensor.EmptyOp([c5.owner, 7], T("i8"))
            dim = tensor.dim(mixed, arith.constant(idx, 1))
            return static.result, mixed, op.result, dim

    check(build(body), """
        module {
          func.func @make(%arg0: index, %arg1: index) -> (tensor<2x3xf32>, tensor<?x4x?xf32>, tensor<?x7xi8>, index) {
            %0 = tensor.empty() : tensor<2x3xf32>
            %1 = tensor.empty(%arg0, %arg1) : tensor<?x4x?xf32>
            %c5 = arith.constant 5 : index
            %2 = tensor.empty(%c5) : tensor<?x7xi8>
            %c1 = arith.constant 1 : index
            %dim = tensor.dim %1, %c1 : tensor<?x4x?xf32>
            return %0, %1, %2, %dim : tensor<2x3xf32>, tensor<?x4x?xf32>, tensor<?x7xi8>, index
          }
        }
    """)


def test_tensor_empty_bad_input(ctx):
    m = Module.create()
    f32 = F32Type.get()
    with InsertionPoint(m.body):
        i32v = arith.constant(T("i32"), 1)
        with pytest.raises(TypeError, match=r"tensor\.empty: element_type"):
            tensor.EmptyOp([2], "f32")
        with pytest.raises(TypeError, match=r"tensor\.empty: sizes\[1\] "
                                            r"must be an int or an index"):
            tensor.EmptyOp([2, "x"], f32)
        with pytest.raises(TypeError, match=r"tensor\.empty: sizes\[0\] "
                                            r"must be of type index"):
            tensor.empty([i32v], f32)
        with pytest.raises(ValueError, match=r"tensor\.empty: sizes\[0\] "
                                             r"must be >= 0"):
            tensor.empty([-3], f32)
        with pytest.raises(TypeError, match=r"tensor\.empty: sizes must be"):
            tensor.empty(4, f32)


# -- memref -------------------------------------------------------------------

def test_memref_subview_inference_and_generated_builders():
    def body():
        f32, idx = F32Type.get(), IndexType.get()
        src_t = MemRefType.get([8, 16], f32)

        @func.FuncOp.from_py_func(src_t, idx)
        def views(a, n):
            c2 = arith.constant(idx, 2)
            # Static: offset 2*16 + 4 = 36, strides [16, 2].
            v1 = memref.subview(a, [c2, 4], [2, 4], [1, 2])
            assert str(v1.type) == \
                "memref<2x4xf32, strided<[16, 2], offset: 36>>"
            # Dynamic offset: offset ?, strides [16, 1].
            v2 = memref.subview(a, [n, 0], [2, 4], [1, 1])
            # Whole rows from the origin: identity layout.
            v3 = memref.subview(a, [0, 0], [4, 16], [1, 1])
            assert str(v3.type) == "memref<4x16xf32>"
            # Dynamic size with an explicit result type.
            v4 = memref.subview(
                a, [0, 0], [n, 16], [1, 1],
                result_type=T("memref<?x16xf32, strided<[16, 1]>>"))
            # Generated builders around them.
            buf = memref.alloc(MemRefType.get([2, 4], f32), [], [])
            memref.copy(v1, buf)
            x = memref.load(v2, [c2, arith.constant(idx, 3)])
            memref.store(x, v3, [n, n])
            d = memref.dim(v4, arith.constant(idx, 0))
            memref.dealloc(buf)
            return d

    check(build(body), """
        module {
          func.func @views(%arg0: memref<8x16xf32>, %arg1: index) -> index {
            %c2 = arith.constant 2 : index
            %subview = memref.subview %arg0[2, 4] [2, 4] [1, 2] : memref<8x16xf32> to memref<2x4xf32, strided<[16, 2], offset: 36>>
            %subview_0 = memref.subview %arg0[%arg1, 0] [2, 4] [1, 1] : memref<8x16xf32> to memref<2x4xf32, strided<[16, 1], offset: ?>>
            %subview_1 = memref.subview %arg0[0, 0] [4, 16] [1, 1] : memref<8x16xf32> to memref<4x16xf32>
            %subview_2 = memref.subview %arg0[0, 0] [%arg1, 16] [1, 1] : memref<8x16xf32> to memref<?x16xf32, strided<[16, 1]>>
            %alloc = memref.alloc() : memref<2x4xf32>
            memref.copy %subview, %alloc : memref<2x4xf32, strided<[16, 2], offset: 36>> to memref<2x4xf32>
            %c3 = arith.constant 3 : index
            %0 = memref.load %subview_0[%c2, %c3] : memref<2x4xf32, strided<[16, 1], offset: ?>>
            memref.store %0, %subview_1[%arg1, %arg1] : memref<4x16xf32>
            %c0 = arith.constant 0 : index
            %dim = memref.dim %subview_2, %c0 : memref<?x16xf32, strided<[16, 1]>>
            memref.dealloc %alloc : memref<2x4xf32>
            return %dim : index
          }
        }
    """)


def test_memref_subview_bad_input(ctx):
    m = Module.create()
    f32, idx = F32Type.get(), IndexType.get()
    with InsertionPoint(m.body):
        f = func.FuncOp("f", ([MemRefType.get([8, 16], f32), idx], []))
        with InsertionPoint(f.add_entry_block()):
            a, n = f.arguments
            with pytest.raises(ValueError, match=r"mixed static/dynamic "
                                                 r"offset/sizes/strides requires "
                                                 r"explicit result type"):
                memref.subview(a, [0, 0], [n, 4], [1, 1])
            with pytest.raises(ValueError, match=r"memref\.subview: expected "
                                                 r"2 sizes"):
                memref.subview(a, [0, 0], [4], [1, 1])
            with pytest.raises(TypeError, match=r"memref\.subview: source"):
                memref.subview(n, [0], [1], [1])
            with pytest.raises(TypeError, match=r"memref\.subview: "
                                                r"offsets\[1\]"):
                memref.subview(a, [0, "0"], [1, 1], [1, 1],
                               result_type=MemRefType.get([1, 1], f32))
            with pytest.raises(TypeError, match=r"memref\.subview: "
                                                r"result_type"):
                memref.subview(a, [0, 0], [1, 1], [1, 1], result_type=f32)
            func.ReturnOp([])


# -- transform ------------------------------------------------------------------

PAYLOAD = """
func.func @f(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = linalg.matmul ins(%arg0, %arg0 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%arg0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
"""


def _transform_script():
    any_op = transform.AnyOpType.get()
    seq = transform.NamedSequenceOp(
        "__transform_main", [any_op], [],
        arg_attrs=[DictAttr.get({"transform.readonly": UnitAttr.get()})])
    with InsertionPoint(seq.body):
        matmul = structured.MatchOp(any_op, seq.bodyTarget,
                                    ops=["linalg.matmul"])
        transform.AnnotateOp(matmul, "found")
        fn = transform.GetParentOp(transform.OperationType.get("func.func"),
                                   matmul, op_name="func.func")
        patterns = transform.ApplyPatternsOp(fn)
        with InsertionPoint(patterns.patterns):
            transform.ApplyCanonicalizationPatternsOp()
        transform.YieldOp()
    return seq


def test_transform_named_sequence_and_sequence():
    def body():
        module_op = InsertionPoint.current.block.owner
        module_op.attributes["transform.with_named_sequence"] = \
            UnitAttr.get()
        seq = _transform_script()
        assert len(seq.bodyExtraArgs) == 0
        assert seq.bodyTarget.type == transform.AnyOpType.get()
        any_op = transform.AnyOpType.get()
        top = transform.SequenceOp(transform.FailurePropagationMode.Suppress,
                                   [], any_op)
        with InsertionPoint(top.body):
            inner = transform.SequenceOp(
                transform.FailurePropagationMode.Propagate, [any_op],
                top.bodyTarget, [top.bodyTarget])
            assert len(inner.bodyExtraArgs) == 1
            with InsertionPoint(inner.body):
                merged = transform.MergeHandlesOp(
                    [inner.bodyTarget, inner.bodyExtraArgs[0]],
                    deduplicate=True)
                transform.YieldOp(merged)
            transform.CastOp(transform.OperationType.get("func.func"),
                             inner)
            transform.YieldOp([])

    m = build(body)
    text = """
        module attributes {transform.with_named_sequence} {
          transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
            %0 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.any_op
            transform.annotate %0 "found" : !transform.any_op
            %1 = transform.get_parent_op %0 {op_name = "func.func"} : (!transform.any_op) -> !transform.op<"func.func">
            transform.apply_patterns to %1 {
              transform.apply_patterns.canonicalization
            } : !transform.op<"func.func">
            transform.yield 
          }
          transform.sequence  failures(suppress) {
          ^bb0(%arg0: !transform.any_op):
            %0 = sequence %arg0, %arg0 : (!transform.any_op, !transform.any_op) -> !transform.any_op failures(propagate) {
            ^bb0(%arg1: !transform.any_op, %arg2: !transform.any_op):
              %2 = merge_handles deduplicate %arg1, %arg2 : !transform.any_op
              yield %2 : !transform.any_op
            }
            %1 = cast %0 : !transform.any_op to !transform.op<"func.func">
          }
        }
    """
    check(m, text)


def test_transform_script_runs_in_the_interpreter(ctx):
    m = Module.parse(PAYLOAD)
    m.operation.attributes["transform.with_named_sequence"] = UnitAttr.get()
    with InsertionPoint(m.body):
        _transform_script()
    assert m.operation.verify()
    PassManager.parse("builtin.module(transform-interpreter)").run(
        m.operation)
    assert "%0 = linalg.matmul {found} ins(%arg0, %arg0" in str(m)


def test_transform_types(ctx):
    any_op = transform.AnyOpType.get()
    assert str(any_op) == "!transform.any_op"
    assert transform.AnyOpType.isinstance(any_op)
    assert not transform.AnyOpType.isinstance(F32Type.get())
    assert transform.any_op_t() == any_op
    op_t = transform.OperationType.get("linalg.matmul")
    assert str(op_t) == '!transform.op<"linalg.matmul">'
    assert op_t.operation_name == "linalg.matmul"
    assert isinstance(transform.OperationType(T('!transform.op<"a.b">')),
                      transform.OperationType)
    p = transform.ParamType.get(IntegerType.get_signless(64))
    assert str(p) == "!transform.param<i64>"
    assert p.type == IntegerType.get_signless(64)
    assert str(transform.AnyValueType.get()) == "!transform.any_value"
    assert str(transform.AnyParamType.get()) == "!transform.any_param"
    assert str(transform.FailurePropagationMode.Propagate) == "propagate"
    with pytest.raises(ValueError, match="Cannot cast type to AnyOpType"):
        transform.AnyOpType(F32Type.get())
    # Once the class is in use, types of its kind come out downcast.
    assert type(T("!transform.any_op")) is transform.AnyOpType
    assert type(T('!transform.op<"x.y">')) is transform.OperationType
    m = Module.create()
    with InsertionPoint(m.body):
        seq = transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                   [], any_op)
        assert isinstance(seq.bodyTarget.type, transform.AnyOpType)
        with InsertionPoint(seq.body):
            transform.YieldOp()
    with pytest.raises(TypeError, match="operation_name must be a str"):
        transform.OperationType.get(3)


def test_transform_bad_input(ctx):
    m = Module.create()
    any_op = transform.AnyOpType.get()
    with InsertionPoint(m.body):
        with pytest.raises(TypeError, match=r"transform\.named_sequence: "
                                            r"input_types\[1\]"):
            transform.NamedSequenceOp("main", [any_op, "x"], [])
        with pytest.raises(TypeError, match=r"transform\.named_sequence: "
                                            r"sym_name"):
            transform.NamedSequenceOp(3, [any_op], [])
        with pytest.raises(TypeError, match=r"transform\.sequence: target"):
            transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                 [], "root")
        with pytest.raises(TypeError, match=r"transform\.sequence: results"):
            transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                 any_op, any_op)
        seq = transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                   [], any_op)
        with InsertionPoint(seq.body):
            with pytest.raises(TypeError, match=r"transform\.yield: "
                                                r"operands"):
                transform.YieldOp(["x"])
            transform.YieldOp()
    assert m.operation.verify()


# -- pdl ----------------------------------------------------------------------------

def _addi_to_muli_pattern():
    pattern = pdl.PatternOp(1, "addi_to_muli")
    with InsertionPoint(pattern.body):
        t = pdl.TypeOp()
        a, b = pdl.OperandOp(t), pdl.OperandOp(t)
        add = pdl.OperationOp("arith.addi", [a, b], types=[t])
        rewrite = pdl.RewriteOp(add)
        with InsertionPoint(rewrite.add_body()):
            mul = pdl.OperationOp("arith.muli", [a, b], types=[t])
            pdl.ReplaceOp(add, with_op=mul)
    return pattern


def test_pdl_pattern_built_from_python_rewrites():
    def body():
        _addi_to_muli_pattern()
        p = pdl.PatternOp(2)
        assert p.body.owner == p.operation
        with InsertionPoint(p.body):
            zero = pdl.AttributeOp(value=IntegerAttr.get(
                IntegerType.get_signless(32), 0))
            types = pdl.TypesOp([IntegerType.get_signless(32)])
            args = pdl.OperandsOp()
            c = pdl.OperationOp("arith.constant", [args],
                                {"value": zero}, [types])
            res = pdl.ResultOp(c, 0)
            use = pdl.OperationOp(None, [res])
            pdl.RewriteOp(use, "native")

    m = build(body)
    check(m, """
        module {
          pdl.pattern @addi_to_muli : benefit(1) {
            %0 = type
            %1 = operand : %0
            %2 = operand : %0
            %3 = operation "arith.addi"(%1, %2 : !pdl.value, !pdl.value)  -> (%0 : !pdl.type)
            rewrite %3 {
              %4 = operation "arith.muli"(%1, %2 : !pdl.value, !pdl.value)  -> (%0 : !pdl.type)
              replace %3 with %4
            }
          }
          pdl.pattern : benefit(2) {
            %0 = attribute = 0 : i32
            %1 = types : [i32]
            %2 = operands
            %3 = operation "arith.constant"(%2 : !pdl.range<value>)  {"value" = %0} -> (%1 : !pdl.range<type>)
            %4 = result 0 of %3
            %5 = operation(%4 : !pdl.value) 
            rewrite %5 with "native"
          }
        }
    """)
    with m.context, Location.unknown():
        pm = Module.create()
        with InsertionPoint(pm.body):
            _addi_to_muli_pattern()
        frozen = PDLModule(pm).freeze()
        payload = Module.parse("""
        func.func @f(%a: index, %b: index) -> index {
          %s = arith.addi %a, %b : index
          return %s : index
        }""")
        apply_patterns_and_fold_greedily(payload, frozen)
        assert "%0 = arith.muli %arg0, %arg1 : index" in str(payload)
        assert "arith.addi" not in str(payload)


def test_pdl_types(ctx):
    assert str(pdl.OperationType.get()) == "!pdl.operation"
    assert str(pdl.ValueType.get()) == "!pdl.value"
    assert str(pdl.TypeType.get()) == "!pdl.type"
    assert str(pdl.AttributeType.get()) == "!pdl.attribute"
    r = pdl.RangeType.get(pdl.ValueType.get())
    assert str(r) == "!pdl.range<value>"
    assert r.element_type == pdl.ValueType.get()
    assert pdl.op_t() == pdl.OperationType.get()
    assert pdl.ValueType.isinstance(T("!pdl.value"))
    assert type(T("!pdl.range<attribute>")) is pdl.RangeType
    assert type(T("!pdl.value")) is pdl.ValueType
    assert not pdl.ValueType.isinstance(T("!pdl.type"))
    with pytest.raises(ValueError, match="Cannot cast type to ValueType"):
        pdl.ValueType(T("!pdl.type"))


def test_pdl_bad_input(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        p = pdl.PatternOp(1)
        with InsertionPoint(p.body):
            t = pdl.TypeOp(IntegerType.get_signless(8))
            v = pdl.OperandOp(t)
            with pytest.raises(TypeError, match=r"pdl\.operation: args\[1\]"):
                pdl.OperationOp("a.b", [v, "x"])
            with pytest.raises(TypeError, match=r"pdl\.operation: args must"):
                pdl.OperationOp("a.b", v.result)
            with pytest.raises(TypeError, match=r"pdl\.operation: name"):
                pdl.OperationOp(5)
            with pytest.raises(TypeError, match=r"pdl\.operation: "
                                                r"attributes must"):
                pdl.OperationOp("a.b", attributes=[v])
            with pytest.raises(TypeError, match=r"pdl\.result: parent"):
                pdl.ResultOp("op", 0)
            with pytest.raises(TypeError, match=r"pdl\.pattern: benefit"):
                pdl.PatternOp(True)
            op = pdl.OperationOp("a.b", [v])
            with pytest.raises(ValueError, match=r"pdl\.replace: pass "
                                                 r"with_op or with_values"):
                pdl.ReplaceOp(op, with_op=op, with_values=[v])
            pdl.RewriteOp(op, "r")
    assert m.operation.verify()


# -- vector (generated builders) ---------------------------------------------

def test_vector_function_from_generated_builders():
    def body():
        f32, idx = F32Type.get(), IndexType.get()
        v4 = VectorType.get([4], f32)
        minor = AffineMapAttr.get(AffineMap.get_minor_identity(2, 1))

        @func.FuncOp.from_py_func(MemRefType.get([8, 8], f32), idx)
        def vfn(a, i):
            pad = arith.constant(f32, 0.0)
            r = vector.transfer_read(v4, a, [i, i], minor, pad, [True])
            b = vector.broadcast(v4, pad)
            f = vector.fma(arith.addf(r, b), r, b)
            red = vector.reduction(f32, vector.CombiningKind.ADD, f)
            e = vector.extract(f, [], [2])
            ins = vector.insert(red, f, [], [0])
            sh = vector.shuffle(ins, ins, [0, 5, 2, 7])
            vector.transfer_write(None, sh, a, [i, i], minor, [True])
            vector.store(sh, a, [i, i])
            return e

    check(build(body), """
        module {
          func.func @vfn(%arg0: memref<8x8xf32>, %arg1: index) -> f32 {
            %cst = arith.constant 0.000000e+00 : f32
            %0 = vector.transfer_read %arg0[%arg1, %arg1], %cst {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
            %1 = vector.broadcast %cst : f32 to vector<4xf32>
            %2 = arith.addf %0, %1 : vector<4xf32>
            %3 = vector.fma %2, %0, %1 : vector<4xf32>
            %4 = vector.reduction <add>, %3 : vector<4xf32> into f32
            %5 = vector.extract %3[2] : f32 from vector<4xf32>
            %6 = vector.insert %4, %3 [0] : f32 into vector<4xf32>
            %7 = vector.shuffle %6, %6 [0, 5, 2, 7] : vector<4xf32>, vector<4xf32>
            vector.transfer_write %7, %arg0[%arg1, %arg1] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32>
            vector.store %7, %arg0[%arg1, %arg1] : memref<8x8xf32>, vector<4xf32>
            return %5 : f32
          }
        }
    """)


# -- gpu ------------------------------------------------------------------------

def test_gpu_kernel_and_launches():
    def body():
        module_op = InsertionPoint.current.block.owner
        module_op.attributes["gpu.container_module"] = UnitAttr.get()
        f32 = F32Type.get()
        mt = MemRefType.get([16], f32)
        kernels = gpu.GPUModuleOp("kernels")
        with InsertionPoint(kernels.bodyRegion.blocks.append()):
            def kernel_body(op):
                tid = gpu.thread_id(gpu.Dimension.x)
                arg = op.entry_block.arguments[0]
                x = memref.load(arg, [tid])
                memref.store(arith.addf(x, x), arg, [tid])
                gpu.printf("tid %d\n", tid)
                gpu.ReturnOp([])

            k = gpu.GPUFuncOp(FunctionType.get([mt], []), "double",
                              kernel=True, body_builder=kernel_body,
                              known_block_size=[16, 1, 1])
            assert k.is_kernel and k.name.value == "double"
            assert k.type == FunctionType.get([mt], [])
            assert k.known_block_size == DenseI32ArrayAttr.get([16, 1, 1])
            plain = gpu.GPUFuncOp(TypeAttr.get(FunctionType.get([], [])),
                                  "helper")
            assert not plain.is_kernel
            with InsertionPoint(plain.add_entry_block()):
                gpu.ReturnOp([])
            with pytest.raises(RuntimeError, match="already exists"):
                plain.add_entry_block()

        @func.FuncOp.from_py_func(mt)
        def host(a):
            c16 = arith.constant(IndexType.get(), 16)
            op = gpu.LaunchFuncOp(["kernels", "double"], (1, 1, 1),
                                  (c16, 1, 1), [a])
            assert isinstance(op, gpu.LaunchFuncOp)
            t = gpu.wait()
            t2 = gpu.launch_func(["kernels", "double"], (1, 1, 1),
                                 (c16, 1, 1), [a], async_dependencies=[t])
            assert t2.type == gpu.AsyncTokenType.get()
            gpu.wait([t2])
            launch = gpu.LaunchOp((1, 1, 1), (c16, 1, 1))
            with InsertionPoint(launch.regions[0].blocks[0]):
                tx = launch.regions[0].blocks[0].arguments[3]
                memref.store(arith.constant(f32, 1.0), a, [tx])
                gpu.TerminatorOp()

    check(build(body), """
        module attributes {gpu.container_module} {
          gpu.module @kernels {
            gpu.func @double(%arg0: memref<16xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
              %thread_id_x = gpu.thread_id  x
              %0 = memref.load %arg0[%thread_id_x] : memref<16xf32>
              %1 = arith.addf %0, %0 : f32
              memref.store %1, %arg0[%thread_id_x] : memref<16xf32>
              gpu.printf "tid %d\\0A", %thread_id_x : index
              gpu.return
            }
            gpu.func @helper() {
              gpu.return
            }
          }
          func.func @host(%arg0: memref<16xf32>) {
            %c16 = arith.constant 16 : index
            %c1 = arith.constant 1 : index
            %c1_0 = arith.constant 1 : index
            %c1_1 = arith.constant 1 : index
            %c1_2 = arith.constant 1 : index
            %c1_3 = arith.constant 1 : index
            gpu.launch_func  @kernels::@double blocks in (%c1, %c1_0, %c1_1) threads in (%c16, %c1_2, %c1_3)  args(%arg0 : memref<16xf32>)
            %0 = gpu.wait async
            %c1_4 = arith.constant 1 : index
            %c1_5 = arith.constant 1 : index
            %c1_6 = arith.constant 1 : index
            %c1_7 = arith.constant 1 : index
            %c1_8 = arith.constant 1 : index
            %1 = gpu.launch_func async [%0] @kernels::@double blocks in (%c1_4, %c1_5, %c1_6) threads in (%c16, %c1_7, %c1_8)  args(%arg0 : memref<16xf32>)
            %2 = gpu.wait async [%1]
            %c1_9 = arith.constant 1 : index
            %c1_10 = arith.constant 1 : index
            %c1_11 = arith.constant 1 : index
            %c1_12 = arith.constant 1 : index
            %c1_13 = arith.constant 1 : index
            gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %c1_9, %arg8 = %c1_10, %arg9 = %c1_11) threads(%arg4, %arg5, %arg6) in (%arg10 = %c16, %arg11 = %c1_12, %arg12 = %c1_13) {
              %cst = arith.constant 1.000000e+00 : f32
              memref.store %cst, %arg0[%arg4] : memref<16xf32>
              gpu.terminator
            }
            return
          }
        }
    """)


def test_gpu_bad_input(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        with pytest.raises(TypeError, match=r"gpu\.func: function_type"):
            gpu.GPUFuncOp(F32Type.get())
        with pytest.raises(ValueError, match=r"gpu\.func: sym_name"):
            gpu.GPUFuncOp(FunctionType.get([], []), 3)
        with pytest.raises(ValueError, match=r"gpu\.func: known_block_size "
                                             r"must have 3 sizes"):
            gpu.GPUFuncOp(FunctionType.get([], []), "k",
                          known_block_size=[1, 2])
        with pytest.raises(ValueError, match=r"gpu\.launch_func: grid_size "
                                             r"must have 3 sizes"):
            gpu.LaunchFuncOp(["m", "k"], (1, 1), (1, 1, 1))
        with pytest.raises(TypeError, match=r"gpu\.launch: block_size\[2\]"):
            gpu.LaunchOp((1, 1, 1), (1, 1, "z"))
        with pytest.raises(TypeError, match=r"gpu\.launch: grid_size must be"):
            gpu.LaunchOp(4, (1, 1, 1))
    assert str(gpu.AsyncTokenType.get()) == "!gpu.async.token"
    assert gpu.gpu_async_token() == gpu.AsyncTokenType.get()


# -- llvm -----------------------------------------------------------------------

def test_llvm_function_from_python():
    def body():
        i32, i64 = IntegerType.get_signless(32), IntegerType.get_signless(64)
        ptr = llvm.PointerType.get()
        st = llvm.StructType.get_literal([i32, F32Type.get()])
        ftype = TypeAttr.get(Type.parse("!llvm.func<i32 (i32, !llvm.ptr)>"))
        f = llvm.LLVMFuncOp("inc", ftype)
        entry = f.body.blocks.append(i32, ptr)
        with InsertionPoint(entry):
            x, p = entry.arguments
            one = llvm.mlir_constant(IntegerAttr.get(i32, 1))
            n = llvm.mlir_constant(IntegerAttr.get(i64, 1))
            y = llvm.add(x, one)
            slot = llvm.alloca(ptr, n, st)
            field = llvm.getelementptr(ptr, slot, [], [0, 0], st)
            llvm.store(y, field)
            z = llvm.load(i32, field)
            agg = llvm.insertvalue(llvm.mlir_undef(st), z, [0])
            w = llvm.extractvalue(i32, agg, [0])
            llvm.store(w, p)
            llvm.return_(arg=w)

    check(build(body), """
        module {
          llvm.func @inc(%arg0: i32, %arg1: !llvm.ptr) -> i32 {
            %0 = llvm.mlir.constant(1 : i32) : i32
            %1 = llvm.mlir.constant(1 : i64) : i64
            %2 = llvm.add %arg0, %0 : i32
            %3 = llvm.alloca %1 x !llvm.struct<(i32, f32)> : (i64) -> !llvm.ptr
            %4 = llvm.getelementptr %3[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f32)>
            llvm.store %2, %4 : i32, !llvm.ptr
            %5 = llvm.load %4 : !llvm.ptr -> i32
            %6 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
            %7 = llvm.insertvalue %5, %6[0] : !llvm.struct<(i32, f32)> 
            %8 = llvm.extractvalue %7[0] : !llvm.struct<(i32, f32)> 
            llvm.store %8, %arg1 : i32, !llvm.ptr
            llvm.return %8 : i32
          }
        }
    """)


def test_llvm_ops_in_a_function_jit_run():
    def body():
        i32 = IntegerType.get_signless(32)

        @func.FuncOp.from_py_func(i32, llvm.PointerType.get())
        def inc(x, p):
            y = llvm.add(x, llvm.mlir_constant(IntegerAttr.get(i32, 1)))
            llvm.store(y, p)
            return y
        inc.func_op.attributes["llvm.emit_c_interface"] = UnitAttr.get()

    m = build(body)
    with m.context:
        PassManager.parse("builtin.module(convert-func-to-llvm,"
                          "reconcile-unrealized-casts)").run(m.operation)
        engine = ExecutionEngine(m)
    out, res = ctypes.c_int32(0), ctypes.c_int32(0)
    engine.invoke("inc", ctypes.pointer(ctypes.c_int32(41)),
                  ctypes.pointer(ctypes.pointer(out)), ctypes.pointer(res))
    assert (out.value, res.value) == (42, 42)


def test_llvm_types_and_bad_input(ctx):
    i32 = IntegerType.get_signless(32)
    assert str(llvm.PointerType.get()) == "!llvm.ptr"
    assert llvm.PointerType.get().address_space == 0
    p3 = llvm.PointerType.get(3)
    assert str(p3) == "!llvm.ptr<3>" and p3.address_space == 3
    s = llvm.StructType.get_literal([i32, F32Type.get()], packed=True)
    assert str(s) == "!llvm.struct<packed (i32, f32)>" and s.packed
    assert not llvm.StructType.get_literal([i32]).packed
    assert llvm.PointerType.isinstance(p3)
    assert not llvm.PointerType.isinstance(i32)
    with pytest.raises(TypeError, match=r"address_space must be an int"):
        llvm.PointerType.get("3")
    with pytest.raises(TypeError, match=r"must be a Type, not int"):
        llvm.StructType.get_literal([i32, 4])
    with pytest.raises(TypeError, match=r"llvm\.mlir\.constant: value"):
        llvm.mlir_constant(3)


# -- transform: registered passes, match_op_names -----------------------------

def test_transform_apply_registered_pass_with_options(ctx):
    m = Module.parse("""
    func.func @f(%a: i32) -> i32 {
      %c0 = arith.constant 0 : i32
      %0 = arith.addi %a, %c0 : i32
      return %0 : i32
    }""")
    m.operation.attributes["transform.with_named_sequence"] = UnitAttr.get()
    any_op = transform.AnyOpType.get()
    i64 = IntegerType.get_signless(64)
    with InsertionPoint(m.body):
        seq = transform.NamedSequenceOp("__transform_main", [any_op], [])
        with InsertionPoint(seq.body):
            fns = structured.MatchOp.match_op_names(seq.bodyTarget,
                                                    "func.func")
            assert isinstance(fns, structured.MatchOp)
            typed = structured.MatchOp.match_op_names(
                transform.OperationType.get("func.func"), seq.bodyTarget,
                ["func.func"])
            assert str(typed.result.type) == '!transform.op<"func.func">'
            iters = transform.ParamConstantOp(transform.ParamType.get(i64),
                                              IntegerAttr.get(i64, 10))
            out = transform.apply_registered_pass(
                any_op, fns, "canonicalize",
                options={"max-iterations": iters, "test-convergence": True,
                         "disable-patterns": ["a", "b"]})
            assert out.type == any_op
            transform.YieldOp()
    assert m.operation.verify()
    text = str(m.body.operations[1])
    assert text == """\
transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
  %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
  %1 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.op<"func.func">
  %2 = transform.param.constant 10 : i64 -> !transform.param<i64>
  %3 = transform.apply_registered_pass "canonicalize" with options = {"disable-patterns" = ["a", "b"], "max-iterations" = %2, "test-convergence" = true} to %0 : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
  transform.yield 
}"""
    assert str(Module.parse(str(m))) == str(m)
    PassManager.parse("builtin.module(transform-interpreter)").run(
        m.operation)
    assert str(m.body.operations[0]) == """\
func.func @f(%arg0: i32) -> i32 {
  return %arg0 : i32
}"""


def test_transform_registered_pass_and_match_bad_input(ctx):
    m = Module.create()
    any_op = transform.AnyOpType.get()
    with InsertionPoint(m.body):
        seq = transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                   [], any_op)
        with InsertionPoint(seq.body):
            t = seq.bodyTarget
            with pytest.raises(TypeError, match=r"transform\.apply_registered"
                                                r"_pass: options\['x'\]"):
                transform.apply_registered_pass(any_op, t, "cse",
                                                options={"x": 1.5})
            with pytest.raises(TypeError, match=r"transform\.apply_registered"
                                                r"_pass: pass_name"):
                transform.apply_registered_pass(any_op, t, 3)
            with pytest.raises(TypeError, match=r"transform\.apply_registered"
                                                r"_pass: options must"):
                transform.apply_registered_pass(any_op, t, "cse",
                                                options=["x"])
            with pytest.raises(TypeError, match=r"transform\.structured\."
                                                r"match: names"):
                structured.MatchOp.match_op_names(t, [1])
            with pytest.raises(TypeError, match=r"transform\.structured\."
                                                r"match: target"):
                structured.MatchOp.match_op_names("t", "func.func")
            transform.YieldOp()
    assert m.operation.verify()


def test_transform_named_sequence_with_results_and_replicate():
    def body():
        module_op = InsertionPoint.current.block.owner
        module_op.attributes["transform.with_named_sequence"] = \
            UnitAttr.get()
        any_op = transform.AnyOpType.get()
        seq = transform.NamedSequenceOp("rep", [any_op, any_op], [any_op],
                                        sym_visibility="private")
        assert len(seq.bodyExtraArgs) == 1
        with InsertionPoint(seq.body):
            rep = transform.ReplicateOp(seq.bodyTarget,
                                        [seq.bodyExtraArgs[0]])
            transform.YieldOp(rep.results)

    check(build(body), """
        module attributes {transform.with_named_sequence} {
          transform.named_sequence private @rep(%arg0: !transform.any_op, %arg1: !transform.any_op) -> !transform.any_op {
            %0 = transform.replicate num(%arg0) %arg1 : !transform.any_op, !transform.any_op
            transform.yield %0 : !transform.any_op
          }
        }
    """)


# -- region decorators: tensor.generate, pdl.pattern, pdl.rewrite -------------

def test_region_decorators():
    def body():
        idx = IndexType.get()
        dyn = ShapedType.get_dynamic_size()

        @func.FuncOp.from_py_func(idx)
        def iota(n):
            @tensor.generate(RankedTensorType.get([dyn, 3], idx), [n])
            def t(i: idx, j: idx):
                return arith.addi(i, j)
            assert t.type == RankedTensorType.get([dyn, 3], idx)
            return t

        @pdl.pattern(1, sym_name="erase_foo")
        def pat():
            t = pdl.TypeOp()
            op = pdl.OperationOp("foo.op", types=[t])

            @pdl.rewrite(op)
            def rw():
                pdl.EraseOp(op)
        assert pat.operation.name == "pdl.pattern"

        @pdl.pattern(2)
        def native():
            pdl.rewrite(pdl.OperationOp("bar.op"), "native")

    check(build(body), """
        module {
          func.func @iota(%arg0: index) -> tensor<?x3xindex> {
            %generated = tensor.generate %arg0 {
            ^bb0(%arg1: index, %arg2: index):
              %0 = arith.addi %arg1, %arg2 : index
              tensor.yield %0 : index
            } : tensor<?x3xindex>
            return %generated : tensor<?x3xindex>
          }
          pdl.pattern @erase_foo : benefit(1) {
            %0 = type
            %1 = operation "foo.op"  -> (%0 : !pdl.type)
            rewrite %1 {
              erase %1
            }
          }
          pdl.pattern : benefit(2) {
            %0 = operation "bar.op" 
            rewrite %0 with "native"
          }
        }
    """)


def test_region_decorator_needs_type_annotations(ctx):
    m = Module.create()
    idx = IndexType.get()
    with InsertionPoint(m.body):
        n = arith.constant(idx, 4)
        with pytest.raises(ValueError, match=r"tensor\.generate: body "
                                             r"parameter 'j' needs an MLIR "
                                             r"Type"):
            @tensor.generate(RankedTensorType.get(
                [ShapedType.get_dynamic_size(), 3], idx), [n])
            def t(i: idx, j):
                return i


def test_gpu_launch_decorator():
    def body():
        f32 = F32Type.get()

        @func.FuncOp.from_py_func(MemRefType.get([16], f32))
        def fill(a):
            @gpu.launch((1, 1, 1), (16, 1, 1))
            def kernel(bx, by, bz, tx, ty, tz, *sizes):
                assert len(sizes) == 6
                memref.store(arith.constant(f32, 2.0), a, [tx])
            # As upstream: a result-less op comes back as its Operation.
            assert type(kernel) is Operation
            assert isinstance(kernel.opview, gpu.LaunchOp)

    check(build(body), """
        module {
          func.func @fill(%arg0: memref<16xf32>) {
            %c1 = arith.constant 1 : index
            %c1_0 = arith.constant 1 : index
            %c1_1 = arith.constant 1 : index
            %c16 = arith.constant 16 : index
            %c1_2 = arith.constant 1 : index
            %c1_3 = arith.constant 1 : index
            gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %c1, %arg8 = %c1_0, %arg9 = %c1_1) threads(%arg4, %arg5, %arg6) in (%arg10 = %c16, %arg11 = %c1_2, %arg12 = %c1_3) {
              %cst = arith.constant 2.000000e+00 : f32
              memref.store %cst, %arg0[%arg4] : memref<16xf32>
              gpu.terminator
            }
            return
          }
        }
    """)


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
