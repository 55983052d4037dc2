"""The hand-written dialect extensions that copy upstream's (tensor.EmptyOp,
memref.subview, transform.SequenceOp / NamedSequenceOp, pdl builders, ...):
whole functions and modules built from Python with them and the generated
builders, verified, printed, compared exactly and parsed back; bad input
raises TypeError / ValueError naming the op and the argument."""

import pytest

from mlir.ir import (ArrayAttr, Attribute, Context, DictAttr, F32Type,
                     IndexType, InsertionPoint, IntegerAttr, IntegerType,
                     Location, MemRefType, Module, RankedTensorType, Type,
                     UnitAttr)
from mlir.dialects import arith, func, memref, pdl, tensor, transform
from mlir.dialects.transform import structured
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
            with pytest.raises(ValueError, match=r"memref\.subview: "
                                                 r"inferring the result type"):
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
