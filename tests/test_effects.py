"""Memory effects and speculatability implemented in Python (upstream
main's ir.MemoryEffectsOpInterface, ir.ConditionallySpeculatable and the
specifiers of mlir.dialects.ext), observed through MLIR's own passes: cse,
canonicalize and loop-invariant-code-motion."""

import gc
import sys
import weakref
from typing import Any

import pytest

from mlir import ir
from mlir.dialects import ext
from mlir.passmanager import PassManager

from .conftest import run_on_threads


class Fx(ext.Dialect, name="fx"):
    pass


class ReadModel(ir.MemoryEffectsOpInterface):
    @staticmethod
    def get_effects(op):
        return [ir.MemoryEffectInstance(
            ir.MemoryEffect.Read, op.op_operands[0],
            parameters=ir.StringAttr.get("p"), stage=1,
            effect_on_full_region=True,
            resource=ir.SideEffectResource.Default)]


class WriteModel(ir.MemoryEffectsOpInterface):
    @staticmethod
    def get_effects(op):
        return [ir.MemoryEffectInstance(ir.MemoryEffect.Write)]


def _one(effect):
    class Model(ir.MemoryEffectsOpInterface):
        @staticmethod
        def get_effects(op):
            return [ir.MemoryEffectInstance(effect)]
    return Model


class AllocResultModel(ir.MemoryEffectsOpInterface):
    @staticmethod
    def get_effects(op):
        return [ir.MemoryEffectInstance(ir.MemoryEffect.Allocate,
                                        op.results[0])]


class ArgModel(ir.MemoryEffectsOpInterface):
    @staticmethod
    def get_effects(op):
        return [ir.MemoryEffectInstance(
            ir.MemoryEffect.Read, op.regions[0].blocks[0].arguments[0])]


class SymbolModel(ir.MemoryEffectsOpInterface):
    @staticmethod
    def get_effects(op):
        return [ir.MemoryEffectInstance(
            ir.MemoryEffect.Read, ir.FlatSymbolRefAttr.get("g"),
            parameters=ir.StringAttr.get("q"), stage=2)]


class ReadOp(Fx.Operation, name="read", traits=[ReadModel]):
    operand: ext.Operand[Any]
    result: ext.Result[Any]


class WriteOp(Fx.Operation, name="write", traits=[WriteModel]):
    operand: ext.Operand[Any]
    result: ext.Result[Any]


class BarrierOp(Fx.Operation, name="barrier", traits=[WriteModel]):
    operand: ext.Operand[Any]


class NoneOp(Fx.Operation, name="none", traits=[ext.NoMemoryEffect]):
    pass


class ReadDeadOp(Fx.Operation, name="read_dead",
                 traits=[_one(ir.MemoryEffect.Read)]):
    pass


class WriteDeadOp(Fx.Operation, name="write_dead",
                  traits=[_one(ir.MemoryEffect.Write)]):
    pass


class FreeDeadOp(Fx.Operation, name="free_dead",
                 traits=[_one(ir.MemoryEffect.Free)]):
    pass


class AllocDeadOp(Fx.Operation, name="alloc_dead",
                  traits=[_one(ir.MemoryEffect.Allocate)]):
    pass


class AllocResultOp(Fx.Operation, name="alloc_result",
                    traits=[AllocResultModel]):
    result: ext.Result[Any]


class ArgOp(Fx.Operation, name="arg",
            traits=[ir.NoTerminatorTrait, ArgModel]):
    body: ext.Region


class SymbolOp(Fx.Operation, name="symbol", traits=[SymbolModel]):
    pass


class PureOp(Fx.Operation, name="pure", traits=[ext.Pure]):
    operand: ext.Operand[Any]
    result: ext.Result[Any]


class LeafOp(Fx.Operation, name="leaf",
             traits=[ext.NoMemoryEffect, ext.AlwaysSpeculatable]):
    operand: ext.Operand[Any]
    result: ext.Result[Any]


class RegionOp(Fx.Operation, name="region",
               traits=[ir.NoTerminatorTrait, ir.RecursiveMemoryEffectsTrait,
                       ext.RecursivelySpeculatable]):
    body: ext.Region


class EffectFreeOp(Fx.Operation, name="effect_free",
                   traits=[ext.NoMemoryEffect]):
    operand: ext.Operand[Any]
    result: ext.Result[Any]


@pytest.fixture
def ctx():
    with ir.Context() as c, ir.Location.unknown():
        Fx.load(reload=True)
        yield c


def run(source, pipeline):
    module = ir.Module.parse(source)
    PassManager.parse(pipeline).run(module.operation)
    return str(module)


def twice(name, pipeline="builtin.module(func.func(cse))"):
    return run(f"""
        func.func @f(%a: i32) -> (i32, i32) {{
          %0 = "fx.{name}"(%a) : (i32) -> i32
          %1 = "fx.{name}"(%a) : (i32) -> i32
          return %0, %1 : i32, i32
        }}""", pipeline).count(f'"fx.{name}"')


def first_op(module):
    return module.body.operations[0].regions[0].blocks[0].operations[0]


def test_effect_and_resource_values():
    effects = [ir.MemoryEffect.Allocate, ir.MemoryEffect.Free,
               ir.MemoryEffect.Read, ir.MemoryEffect.Write]
    assert all(isinstance(e, ir.MemoryEffect) for e in effects)
    assert [a == b for a in effects for b in effects] == [
        a is b for a in effects for b in effects]
    assert (ir.MemoryEffect.Read == 42) is False
    assert len(set(effects)) == 4
    assert isinstance(ir.SideEffectResource.Default, ir.SideEffectResource)
    assert repr(ir.SideEffectResource.Default) == \
        "SideEffectResource(<Default>)"
    with pytest.raises(TypeError,
                       match=r"MemoryEffect: no constructor defined! \(memory effects are MemoryEffect.Allocate, Free, Read and Write\)$"):
        ir.MemoryEffect()
    with pytest.raises(TypeError,
                       match=r"SideEffectResource: no constructor defined! \(resources are SideEffectResource.Default or those of queried effects\)$"):
        ir.SideEffectResource()
    assert [s.name for s in ir.Speculatability] == [
        "NotSpeculatable", "Speculatable", "RecursivelySpeculatable"]


def test_query_python_effects(ctx):
    m = ir.Module.parse("""
        func.func @f(%a: i32) -> i32 {
          %0 = "fx.read"(%a) : (i32) -> i32
          return %0 : i32
        }""")
    op = first_op(m)
    effects = ir.MemoryEffectsOpInterface(op).get_effects()
    assert isinstance(effects, list) and len(effects) == 1
    e = effects[0]
    assert isinstance(e, ir.MemoryEffectInstance)
    assert e.effect == ir.MemoryEffect.Read
    assert (e.stage, e.effect_on_full_region) == (1, True)
    assert e.resource == ir.SideEffectResource.Default
    assert e.value == op.operands[0]
    assert str(e.parameters) == '"p"' and e.symbol_ref is None
    # Static interfaces (of a class) cannot be queried.
    static = ir.MemoryEffectsOpInterface(ReadOp)
    with pytest.raises(TypeError, match="static interface"):
        static.get_effects()


def test_instances_made_in_python(ctx):
    sym = ir.MemoryEffectInstance(ir.MemoryEffect.Read,
                                  ir.FlatSymbolRefAttr.get("g"))
    assert isinstance(sym.symbol_ref, ir.FlatSymbolRefAttr)
    assert sym.value is None and sym.parameters is None
    assert (sym.stage, sym.effect_on_full_region) == (0, False)
    with pytest.raises(TypeError,
                       match="^target Attribute must be a SymbolRefAttr$"):
        ir.MemoryEffectInstance(ir.MemoryEffect.Read,
                                ir.StringAttr.get("not a symbol"))
    with pytest.raises(TypeError,
                       match="^parameters must be an Attribute or None$"):
        ir.MemoryEffectInstance(ir.MemoryEffect.Read, parameters=42)
    with pytest.raises(TypeError, match="^target must be an OpOperand, "
                       "OpResult, BlockArgument, SymbolRefAttr, or None$"):
        ir.MemoryEffectInstance(ir.MemoryEffect.Read, 42)
    with pytest.raises(TypeError, match="effect must be a MemoryEffect"):
        ir.MemoryEffectInstance("read")


def test_query_cxx_effects(ctx):
    m = ir.Module.parse("""
        func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
          %0 = memref.load %m[%i] : memref<4xf32>
          %a = memref.alloca() : memref<4xf32>
          %s = arith.addi %i, %i : index
          return %0 : f32
        }""")
    load, alloca, addi = list(m.body.operations[0].regions[0].blocks[0]
                              .operations)[:3]
    (e,) = ir.MemoryEffectsOpInterface(load).get_effects()
    assert e.effect == ir.MemoryEffect.Read
    assert e.value == m.body.operations[0].regions[0].blocks[0].arguments[0]
    assert e.resource == ir.SideEffectResource.Default
    (e,) = ir.MemoryEffectsOpInterface(alloca).get_effects()
    assert e.effect == ir.MemoryEffect.Allocate
    assert e.value == alloca.results[0]
    assert e.resource != ir.SideEffectResource.Default
    assert "AutomaticAllocationScope" in repr(e.resource)
    assert ir.MemoryEffectsOpInterface(addi).get_effects() == []
    assert ir.ConditionallySpeculatable(addi).getSpeculatability() == \
        ir.Speculatability.Speculatable
    with pytest.raises(ValueError, match="does not implement"):
        ir.ConditionallySpeculatable(load)


def test_cse_sees_python_effects(ctx):
    assert twice("read") == 1           # reads alone may be merged
    assert twice("write") == 2          # writes never
    assert twice("pure") == 1
    assert twice("leaf") == 1
    # A write on the same (default) resource between two reads keeps both.
    out = run("""
        func.func @f(%a: i32) -> (i32, i32) {
          %0 = "fx.read"(%a) : (i32) -> i32
          "fx.barrier"(%a) : (i32) -> ()
          %1 = "fx.read"(%a) : (i32) -> i32
          return %0, %1 : i32, i32
        }""", "builtin.module(func.func(cse))")
    assert out.count('"fx.read"') == 2


def test_dce_sees_python_effects(ctx):
    out = run("""
        func.func @f() {
          "fx.none"() : () -> ()
          "fx.read_dead"() : () -> ()
          "fx.write_dead"() : () -> ()
          "fx.free_dead"() : () -> ()
          "fx.alloc_dead"() : () -> ()
          %0 = "fx.alloc_result"() : () -> i32
          "fx.arg"() ({
          ^bb0(%x: i32):
          }) : () -> ()
          "fx.symbol"() : () -> ()
          return
        }""", "builtin.module(func.func(canonicalize))")
    kept = [n for n in ("none", "read_dead", "write_dead", "free_dead",
                        "alloc_dead", "alloc_result", "arg", "symbol")
            if f'"fx.{n}"' in out]
    # Write, Free and an untargeted Allocate are observable; the rest dead.
    assert kept == ["write_dead", "free_dead", "alloc_dead"]


def test_recursive_effects_and_speculatability(ctx):
    m = ir.Module.parse("""
        func.func @f(%a: i32) {
          "fx.region"() ({
            %0 = "fx.leaf"(%a) : (i32) -> i32
          }) : () -> ()
          "fx.region"() ({
            %0 = "fx.write"(%a) : (i32) -> i32
          }) : () -> ()
          return
        }""")
    pure_region, writing_region = list(
        m.body.operations[0].regions[0].blocks[0].operations)[:2]
    assert pure_region.has_trait(ir.RecursiveMemoryEffectsTrait)
    assert ir.ConditionallySpeculatable(pure_region).getSpeculatability() \
        == ir.Speculatability.RecursivelySpeculatable
    leaf = pure_region.regions[0].blocks[0].operations[0]
    assert ir.ConditionallySpeculatable(leaf).getSpeculatability() == \
        ir.Speculatability.Speculatable
    assert ir.MemoryEffectsOpInterface(leaf).get_effects() == []
    PassManager.parse("builtin.module(func.func(canonicalize))").run(
        m.operation)
    text = str(m)
    assert text.count('"fx.region"') == 1 and '"fx.write"' in text
    assert '"fx.leaf"' not in text


def test_licm_hoists_only_speculatable(ctx):
    out = run("""
        func.func @f(%a: i32, %n: index) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          scf.for %i = %c0 to %n step %c1 {
            %0 = "fx.leaf"(%a) : (i32) -> i32
            %1 = "fx.effect_free"(%a) : (i32) -> i32
            "fx.barrier"(%0) : (i32) -> ()
            "fx.barrier"(%1) : (i32) -> ()
          }
          return
        }""", "builtin.module(func.func(loop-invariant-code-motion))")
    before_loop = out[:out.index("scf.for")]
    assert '"fx.leaf"' in before_loop            # pure: hoisted
    assert '"fx.effect_free"' not in before_loop  # not speculatable: stays


def test_attach_to_registered_names(ctx):
    class Cheap(ir.ConditionallySpeculatable):
        calls = 0

        @staticmethod
        def get_speculatability(op):
            Cheap.calls += 1
            return ir.Speculatability.Speculatable

    Cheap.attach("fx.effect_free")
    m = ir.Module.parse("""
        func.func @f(%a: i32) -> i32 {
          %0 = "fx.effect_free"(%a) : (i32) -> i32
          return %0 : i32
        }""")
    assert ir.ConditionallySpeculatable(first_op(m)).getSpeculatability() \
        == ir.Speculatability.Speculatable and Cheap.calls == 1
    with pytest.raises(ValueError, match="^operation 'fx.nope' is not "
                       "registered in this context$"):
        ReadModel.attach("fx.nope")
    with pytest.raises(ValueError, match="implements "
                       "MemoryEffectsOpInterface in C\\+\\+ already"):
        ReadModel.attach("memref.load")
    with pytest.raises(TypeError, match="does not define get_effects"):
        ir.MemoryEffectsOpInterface.attach("fx.read")
    with pytest.raises(TypeError, match="op_name must be a str"):
        ReadModel.attach(3)
    # target= attaches another class's implementation.
    ir.MemoryEffectsOpInterface.attach("fx.effect_free", target=WriteModel)
    assert twice("effect_free") == 2


def test_errors_of_python_implementations(ctx, monkeypatch):
    behaviour = {}

    class Model(ir.MemoryEffectsOpInterface):
        @staticmethod
        def get_effects(op):
            return behaviour["effects"](op)

    Model.attach("fx.effect_free")
    m = ir.Module.parse("""
        func.func @f(%a: i32) -> i32 {
          %0 = "fx.effect_free"(%a) : (i32) -> i32
          return %0 : i32
        }""")
    op = first_op(m)
    iface = ir.MemoryEffectsOpInterface(op)
    cases = [
        (lambda op: 1 / 0, ZeroDivisionError, "division"),
        (lambda op: 5, TypeError, "^get_effects must return an iterable$"),
        (lambda op: [ir.MemoryEffect.Read], TypeError,
         "^get_effects must return MemoryEffectInstance objects$"),
    ]
    for fn, exc, text in cases:
        behaviour["effects"] = fn
        with pytest.raises(exc, match=text):
            iface.get_effects()
    # A value of another context is refused.
    with ir.Context() as other:
        other.allow_unregistered_dialects = True
        foreign = ir.Module.parse(
            '"x.y"() ({^bb0(%v: i32):}) : () -> ()')
        arg = foreign.body.operations[0].regions[0].blocks[0].arguments[0]
    behaviour["effects"] = lambda op: [
        ir.MemoryEffectInstance(ir.MemoryEffect.Read, arg)]
    with pytest.raises(ValueError, match="another Context"):
        iface.get_effects()
    # Inside a pass, a failing implementation goes to sys.unraisablehook and
    # the operation counts as having every effect: canonicalize keeps it (it
    # would erase an effect-free op).
    behaviour["effects"] = lambda op: 1 / 0
    m2 = ir.Module.parse("""
        func.func @f(%a: i32) {
          %0 = "fx.effect_free"(%a) : (i32) -> i32
          return
        }""")
    seen = []
    monkeypatch.setattr(sys, "unraisablehook", seen.append)
    PassManager.parse("builtin.module(func.func(canonicalize))").run(
        m2.operation)
    assert '"fx.effect_free"' in str(m2)
    assert seen and seen[0].exc_type is ZeroDivisionError
    assert seen[0].object is Model.get_effects


def test_stale_operand_target(ctx):
    saved = []

    class Model(ir.MemoryEffectsOpInterface):
        @staticmethod
        def get_effects(op):
            if not saved:
                saved.append(op.op_operands[0])
            return [ir.MemoryEffectInstance(ir.MemoryEffect.Read, saved[0])]

    Model.attach("fx.effect_free")
    m = ir.Module.parse("""
        func.func @f(%a: i32) {
          %0 = "fx.effect_free"(%a) : (i32) -> i32
          %1 = "fx.effect_free"(%a) : (i32) -> i32
          return
        }""")
    first, second = list(m.body.operations[0].regions[0].blocks[0]
                         .operations)[:2]
    ir.MemoryEffectsOpInterface(first).get_effects()
    first.erase()
    with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
        ir.MemoryEffectsOpInterface(second).get_effects()


def test_attached_implementations_live_with_their_context():
    # The target of an attach (here an instance; usually the class itself)
    # lives as long as the context that uses it, not longer. (An instance:
    # 3.13t may free an unreachable class only collections later.)
    class Impl:
        def get_effects(self, op):
            return []

    impl = Impl()
    ref = weakref.ref(impl)
    with ir.Context() as c, ir.Location.unknown():
        Fx.load(reload=True)
        ir.MemoryEffectsOpInterface.attach("fx.effect_free", target=impl)
        m = ir.Module.parse("""
            func.func @f(%a: i32) {
              %0 = "fx.effect_free"(%a) : (i32) -> i32
              return
            }""")
        assert ir.MemoryEffectsOpInterface(first_op(m)).get_effects() == []
    del impl, m
    gc.collect()
    assert ref() is not None            # the context uses it
    del c
    gc.collect()
    assert ref() is None


def test_specifiers_answer_without_python(ctx):
    assert issubclass(ext.NoMemoryEffect, ir.MemoryEffectsOpInterface)
    assert issubclass(ext.AlwaysSpeculatable, ir.ConditionallySpeculatable)
    assert ext.AlwaysSpeculatable.get_speculatability(None) == \
        ir.Speculatability.Speculatable
    assert ext.RecursivelySpeculatable.get_speculatability(None) == \
        ir.Speculatability.RecursivelySpeculatable
    assert ext.NoMemoryEffect.get_effects(None) == []
    m = ir.Module.parse("""
        func.func @f(%a: i32) -> i32 {
          %0 = "fx.pure"(%a) : (i32) -> i32
          return %0 : i32
        }""")
    op = first_op(m)
    assert ir.MemoryEffectsOpInterface(op).get_effects() == []
    assert ir.ConditionallySpeculatable(op).getSpeculatability() == \
        ir.Speculatability.Speculatable

    class Bad(Fx.Operation, name="bad_traits", traits=[42]):
        pass

    with ir.Context(), pytest.raises(TypeError, match="traits must be"):
        Fx.load(reload=True)
    Fx.operations.remove(Bad)


def test_effects_on_several_threads(ctx):
    # One context, a module per thread: cse asks the Python models of every
    # thread's operations at once.
    source = """
        func.func @f(%a: i32) -> (i32, i32, i32, i32) {
          %0 = "fx.read"(%a) : (i32) -> i32
          %1 = "fx.read"(%a) : (i32) -> i32
          %2 = "fx.write"(%a) : (i32) -> i32
          %3 = "fx.write"(%a) : (i32) -> i32
          return %0, %1, %2, %3 : i32, i32, i32, i32
        }"""
    modules = [ir.Module.parse(source) for _ in range(4)]
    pm = "builtin.module(func.func(cse))"

    def work(i):
        with ctx:                       # ReadModel builds an attribute
            check(i)

    def check(i):
        for _ in range(20):
            PassManager.parse(pm, ctx).run(modules[i].operation)
            op = first_op(modules[i])
            assert ir.MemoryEffectsOpInterface(op).get_effects()[0].effect \
                == ir.MemoryEffect.Read

    run_on_threads(work)
    for m in modules:
        text = str(m)
        assert text.count('"fx.read"') == 1 and text.count('"fx.write"') == 2


def test_implementations_may_not_know_an_operations_effects(ctx):
    # Upstream main's optional has_known_memory_effects(op): where it says
    # False, the operation counts as one without the interface (queries
    # refuse it; passes take every effect), here in upstream's first form
    # of get_effects, (op, effects).
    class Optional(ir.MemoryEffectsOpInterface):
        @staticmethod
        def has_known_memory_effects(op):
            return "effects" in op.attributes

        @staticmethod
        def get_effects(op, effects):
            pass

    Optional.attach("fx.effect_free")
    m = ir.Module.parse("""
        func.func @f(%a: i32) {
          %0 = "fx.effect_free"(%a) {effects} : (i32) -> i32
          %1 = "fx.effect_free"(%a) : (i32) -> i32
          return
        }""")
    known, unknown = list(m.body.operations[0].regions[0].blocks[0]
                          .operations)[:2]
    assert ir.MemoryEffectsOpInterface(known).get_effects() == []
    with pytest.raises(ValueError, match="does not implement "
                       "MemoryEffectsOpInterface"):
        ir.MemoryEffectsOpInterface(unknown)
    PassManager.parse("builtin.module(func.func(canonicalize))").run(
        m.operation)
    text = str(m)
    assert text.count('"fx.effect_free"') == 1 and "{effects}" not in text
