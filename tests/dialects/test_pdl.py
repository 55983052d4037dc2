"""The pdl dialect (mlir.dialects.pdl): patterns and rewrites built from Python
with the op builders and the pdl.pattern / pdl.rewrite decorators, verified,
printed exactly, and applied as rewrite patterns to payload IR; the pdl
types as classes, which survive garbage collection in large numbers; bad
input raises TypeError or ValueError naming the op and the argument."""

import gc

import pytest

from mlir.ir import (Attribute, IndexType, InsertionPoint,
                     IntegerAttr, IntegerType, Location, Module,
                     RankedTensorType, ShapedType, Type)
from mlir.dialects import arith, func, llvm, pdl, tensor, transform
from mlir.rewrite import PDLModule, apply_patterns_and_fold_greedily

from .helpers import T, build, check, same


# -- patterns -----------------------------------------------------------------

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


# -- types --------------------------------------------------------------------

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


def test_pdl_type_classes(ctx):
    classes = {"!pdl.attribute": pdl.AttributeType,
               "!pdl.operation": pdl.OperationType,
               "!pdl.type": pdl.TypeType, "!pdl.value": pdl.ValueType}
    for asm, cls in classes.items():
        t = cls.get()
        assert str(t) == asm
        assert same(Type.parse(asm), t)
        assert pdl.PDLType.isinstance(t) and type(pdl.PDLType(t)) is pdl.PDLType
    r = pdl.RangeType.get(pdl.ValueType.get())
    assert str(r) == "!pdl.range<value>"
    assert same(Type.parse("!pdl.range<value>"), r)
    assert same(r.element_type, pdl.ValueType.get())
    assert not pdl.PDLType.isinstance(IntegerType.get_signless(8))
    with pytest.raises(ValueError, match="pdl type"):
        pdl.RangeType.get(IntegerType.get_signless(8))
    with pytest.raises(ValueError, match="range"):
        pdl.RangeType.get(r)
    with pytest.raises(ValueError,
                       match=r"^Cannot cast type to ValueType \(from Type\(!pdl.type\)\)$"):
        pdl.ValueType(pdl.TypeType.get())


def test_pdl_operation_type_alias(ctx):
    assert pdl.OperationTypeT.__supertype__ is pdl.OperationType
    t = pdl.op_t()
    assert type(t) is pdl.OperationType and str(t) == "!pdl.operation"
    assert pdl.OperationTypeT(t) is t


def test_many_objects_survive_collection(ctx):
    # Dialect classes and the builtin ones share the base's allocation paths.
    kept = []
    for i in range(2000):
        kept.append(Type.parse("!pdl.range<value>"))
        llvm.PointerType.get(i % 4)
        IntegerType.get_signless(1 + i % 64)
        Attribute.parse("unit")
        if i % 500 == 0:
            gc.collect()
    del kept
    gc.collect()
    assert str(transform.AnyOpType.get()) == "!transform.any_op"
