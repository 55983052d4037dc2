"""The classes themselves as upstream's 22.1.8 bindings have them (checked
against its wheel): the module each names as its home, the bare name
CPython's own messages quote, and classes that code may extend at run time
(upstream's are mutable: projects add properties and operators to Value,
Type and Operation)."""

import pickle

import pytest

from mlir import execution_engine, ir, passmanager, rewrite
from mlir.dialects import arith, linalg
from mlir._mlir_libs import _mlirDialectsTransform


@pytest.mark.parametrize("cls, module", [
    (ir.Operation, "mlir._mlir_libs._mlir.ir"),
    (ir.IntegerType, "mlir._mlir_libs._mlir.ir"),
    (ir.DiagnosticSeverity, "mlir._mlir_libs._mlir.ir"),
    (passmanager.PassManager, "mlir._mlir_libs._mlir.passmanager"),
    (passmanager.PassDisplayMode, "mlir._mlir_libs._mlir.passmanager"),
    (rewrite.RewritePatternSet, "mlir._mlir_libs._mlir.rewrite"),
    (rewrite.GreedyRewriteStrictness, "mlir._mlir_libs._mlir.rewrite"),
    (_mlirDialectsTransform.AnyOpType, "mlir._mlir_libs._mlirDialectsTransform"),
    (arith.AddIOp, "mlir.dialects._arith_ops_gen"),
    (linalg.FunctionKind, "mlir.dialects.linalg.opdsl.lang.comprehension"),
])
def test_a_class_names_upstreams_module(cls, module):
    assert cls.__module__ == module
    assert repr(cls) in (f"<class '{module}.{cls.__qualname__}'>",
                         f"<enum '{cls.__qualname__}'>")


def test_context_and_mlirerror_are_named_as_upstreams_site_classes():
    for cls in (ir.Context, ir.MLIRError):
        assert cls.__module__ == "mlir._mlir_libs"
        assert cls.__qualname__ == f"_site_initialize.<locals>.{cls.__name__}"
        assert repr(cls) == ("<class 'mlir._mlir_libs._site_initialize."
                             f"<locals>.{cls.__name__}'>")


# (ExecutionEngine keeps its native module's name: upstream's
# mlir.execution_engine subclasses the native class, whose objects
# ExecutionEngine._CAPICreate returns and upstream's own tests print.)


def test_a_class_pickles_by_its_new_home():
    for cls in (ir.IntegerType, ir.Operation, passmanager.PassManager,
                rewrite.RewritePatternSet, execution_engine.ExecutionEngine):
        assert pickle.loads(pickle.dumps(cls)) is cls


def test_messages_quote_the_bare_class_name(ctx):
    t = ir.IntegerType.get_signless(32)
    with pytest.raises(AttributeError) as e:
        t.foo
    assert str(e.value) == "'IntegerType' object has no attribute 'foo'"
    with pytest.raises(TypeError) as e:
        t + 1
    assert str(e.value) == \
        "unsupported operand type(s) for +: 'IntegerType' and 'int'"
    with pytest.raises(TypeError) as e:
        len(t)
    assert str(e.value) == "object of type 'IntegerType' has no len()"
    with pytest.raises(AttributeError) as e:
        _mlirDialectsTransform.AnyOpType.get().foo
    assert str(e.value) == "'AnyOpType' object has no attribute 'foo'"
    with pytest.raises(TypeError) as e:
        ir.Operation()
    assert str(e.value).startswith(
        "mlir._mlir_libs._mlir.ir.Operation: no constructor defined!")


def test_classes_take_new_members_as_upstreams_do(ctx):
    def answer(self):
        return ("width", self.width)
    ir.IntegerType.answer = property(answer)
    ir.Value.__add__ = lambda a, b: arith.addi(a, b)
    try:
        assert ir.IntegerType.get_signless(7).answer == ("width", 7)
        m = ir.Module.create()
        with ir.InsertionPoint(m.body), ir.Location.unknown():
            one = arith.constant(ir.IntegerType.get_signless(32), 1)
            two = one + one
        assert two.owner.name == "arith.addi"
        assert str(m).count("arith.addi %c1_i32, %c1_i32 : i32") == 1
    finally:
        del ir.IntegerType.answer
        del ir.Value.__add__
    with pytest.raises(AttributeError):
        ir.IntegerType.get_signless(7).answer
    with pytest.raises(TypeError):
        one + one


def test_every_class_of_passmanager_and_rewrite_names_its_module():
    # (_ir's _settle_classes lists these classes again: a class added to
    # one of the modules and not there would name mlir._mlir_libs._mlir.ir.)
    from mlir._mlir_libs._mlir import passmanager as pm, rewrite as rw
    for mod in (pm, rw):
        classes = [v for v in vars(mod).values()
                   if isinstance(v, type) and not v.__name__.startswith("_")]
        assert classes
        assert {c.__module__ for c in classes} == {mod.__name__}
