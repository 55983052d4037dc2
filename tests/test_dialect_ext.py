"""Dialects defined in Python (mlir.dialects.ext), with upstream main's
names: operations with operand, result, attribute and region fields,
traits and verification, types and attributes with parameters, type
constraints written as subscripts, adaptors for conversion patterns; and
upstream's brainf*ck end-to-end scenario written as such a dialect."""

from typing import Any, Optional, Sequence, TypeVar

import pytest

from mlir.dialects.ext import (
    Dialect, Operand, Region, Result, attribute, infer_result, operand,
    result,
)
from mlir.ir import (
    Context, F32Type, InsertionPoint, IntegerAttr, IntegerType,
    IsTerminatorTrait, Location, MLIRError, Module, NoTerminatorTrait,
    OpAdaptor, Operation, StringAttr, Type, TypeAttr,
)
from mlir.rewrite import (
    ConversionTarget, RewritePatternSet, TypeConverter,
    apply_partial_conversion,
)

from .bf_lowering import BF_MAIN_LOWERED, HELLO, lower_bf, run_bf


# -- the brainf*ck dialect of upstream's end-to-end test -------------------------

class Bf(Dialect, name="bf"):
    pass


class PtrType(Bf.Type, name="ptr"):
    pass


class NextOp(Bf.Operation, name="next"):
    in_: Operand[PtrType]
    out: Result[PtrType[()]] = infer_result()


class PrevOp(Bf.Operation, name="prev"):
    in_: Operand[PtrType]
    out: Result[PtrType[()]] = infer_result()


class IncOp(Bf.Operation, name="inc"):
    in_: Operand[PtrType]


class DecOp(Bf.Operation, name="dec"):
    in_: Operand[PtrType]


class OutputOp(Bf.Operation, name="output"):
    in_: Operand[PtrType]


class WhileOp(Bf.Operation, name="while"):
    in_: Operand[PtrType]
    out: Result[PtrType[()]] = infer_result()
    body: Region


class YieldOp(Bf.Operation, name="yield", traits=[IsTerminatorTrait]):
    in_: Operand[PtrType]


class MainOp(Bf.Operation, name="main"):
    body: Region


def parse(code):
    module = Module.create()
    with InsertionPoint(module.body):
        main = MainOp()
    cur = main.body.blocks.append(PtrType.get()).arguments[0]
    ip, stack = InsertionPoint(main.body.blocks[0]), []
    for c in code:
        with ip:
            if c in "><":
                cur = (NextOp if c == ">" else PrevOp)(cur).out
            elif c in "+-.":
                {"+": IncOp, "-": DecOp, ".": OutputOp}[c](cur)
            elif c == "[":
                loop = WhileOp(cur)
                cur = loop.body.blocks.append(PtrType.get()).arguments[0]
                stack.append((loop, ip))
                ip = InsertionPoint(loop.body.blocks[0])
            elif c == "]":
                YieldOp(cur)
                loop, ip = stack.pop()
                cur = loop.out
    with ip:
        YieldOp(cur)
    return module


@pytest.fixture
def bf():
    with Context(), Location.unknown():
        Bf.load(reload=True)            # each test has its own context
        yield


def test_bf_program_builds_verifies_and_prints(bf):
    module = parse("[-]")
    assert module.operation.verify()
    assert str(module) == (
        'module {\n'
        '  "bf.main"() ({\n'
        '  ^bb0(%arg0: !bf.ptr):\n'
        '    %0 = "bf.while"(%arg0) ({\n'
        '    ^bb0(%arg1: !bf.ptr):\n'
        '      "bf.dec"(%arg1) : (!bf.ptr) -> ()\n'
        '      "bf.yield"(%arg1) : (!bf.ptr) -> ()\n'
        '    }) : (!bf.ptr) -> !bf.ptr\n'
        '    "bf.yield"(%0) : (!bf.ptr) -> ()\n'
        '  }) : () -> ()\n'
        '}\n')
    # It parses back, as the dialect's classes.
    again = Module.parse(str(module))
    main = again.body.operations[0]
    assert type(main) is MainOp
    loop = main.body.blocks[0].operations[0]
    assert type(loop) is WhileOp and isinstance(loop.in_.type, PtrType)
    assert WhileOp.has_trait(IsTerminatorTrait) is False
    assert YieldOp.has_trait(IsTerminatorTrait)


def test_bf_lowers_with_named_adaptors_and_runs(bf, capfd):
    text = lower_bf(parse("[-]"))
    assert text[text.index("  func.func @bf_main"):
                text.index("  func.func private")] == BF_MAIN_LOWERED
    run_bf(parse(HELLO))
    assert capfd.readouterr().out == "Hello World!\n"
    # Conversion patterns get the op's adaptor class, with its fields.
    m = parse(">")
    seen = []
    tc = TypeConverter()
    tc.add_conversion(lambda t: IntegerType.get_signless(64)
                      if isinstance(t, PtrType) else None)

    def next_(op, adaptor, converter, rewriter):
        seen.append((type(op), type(adaptor), str(adaptor.in_.type)))
        return True

    ps = RewritePatternSet()
    ps.add_conversion(NextOp, next_, tc)
    target = ConversionTarget()
    target.add_illegal_op(NextOp)
    with pytest.raises(MLIRError,
                       match=r"^partial conversion failed:\nerror: unknown: failed to legalize operation 'bf.next' that was explicitly marked illegal"):
        apply_partial_conversion(m.operation, target, ps.freeze())
    assert seen == [(NextOp, NextOp.Adaptor, "i64")]
    assert issubclass(NextOp.Adaptor, OpAdaptor)


# -- fields, constraints, builders ---------------------------------------------------

class Toy(Dialect, name="pyext"):
    pass


T = TypeVar("T")


class VecType(Toy.Type, name="vec"):
    elem: Type
    size: IntegerAttr


class TagAttr(Toy.Attribute, name="tag"):
    text: StringAttr


class AddOp(Toy.Operation, name="add"):
    lhs: Operand[IntegerType[32]]
    rhs: Operand[IntegerType[32]]
    res: Result[IntegerType[32]] = infer_result()


class SameOp(Toy.Operation, name="same"):
    a: Operand[T]
    b: Operand[T]
    r: Result[IntegerType | F32Type]


class PackOp(Toy.Operation, name="pack"):
    head: Optional[Operand[Any]] = None
    items: Sequence[Operand[Any]]
    rest: Sequence[Operand[Any]]
    out: Result[VecType] = result(kw_only=True)
    label: StringAttr = attribute(
        default_factory=lambda: StringAttr.get("none"))
    tag: TagAttr = attribute(kw_only=True)


class BodyOp(Toy.Operation, name="body", traits=[NoTerminatorTrait]):
    body: Region
    amount: IntegerAttr

    def verify_invariants(self):
        if self.amount.value < 0:
            raise ValueError("amount must not be negative")


def test_types_and_attributes_with_parameters():
    with Context(), Location.unknown():
        Toy.load(reload=True)
        i32 = IntegerType.get_signless(32)
        four = IntegerAttr.get(IntegerType.get_signless(64), 4)
        v = VecType.get(i32, four)
        assert str(v) == "!pyext.vec<i32, 4 : i64>" and type(v) is VecType
        assert v.elem == TypeAttr.get(i32) and v.size == four
        assert VecType.isinstance(v) and not VecType.isinstance(i32)
        assert Type.parse("!pyext.vec<f32, 2 : i64>").params[1] == \
            IntegerAttr.get(IntegerType.get_signless(64), 2)
        t = TagAttr.get(StringAttr.get("x"))
        assert str(t) == '#pyext.tag<"x">' and type(t) is TagAttr
        with pytest.raises(TypeError, match="takes 2 parameters"):
            VecType.get(i32)


def test_builders_have_the_fields_signature_and_accessors():
    import inspect
    assert str(inspect.signature(AddOp.__init__)) == \
        "(self, /, lhs, rhs, *, res=None, loc=None, ip=None)"
    assert str(inspect.signature(PackOp.__init__)) == (
        "(self, /, items, rest, *, out, tag, head=None, label=None, "
        "loc=None, ip=None)")
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        Toy.load(reload=True)
        i32 = IntegerType.get_signless(32)
        vec = VecType.get(i32, IntegerAttr.get(IntegerType.get_signless(64),
                                               2))
        m = Module.create()
        with InsertionPoint(m.body):
            x, y = Operation.create("test.src", results=[i32, i32]).results
            add = AddOp(x, y)
            pack = PackOp([x, y], [add.res], out=vec,
                          tag=TagAttr.get(StringAttr.get("t")))
            packed = PackOp([], [x], head=y, out=vec,
                            tag=TagAttr.get(StringAttr.get("u")))
        assert m.operation.verify()
        assert add.lhs == x and add.res.type == i32
        assert list(pack.items) == [x, y] and list(pack.rest) == [add.res]
        assert pack.head is None and packed.head == y
        assert str(pack.label) == '"none"'
        assert list(packed.operation.attributes["operandSegmentSizes"]) == \
            [1, 0, 1]
        with pytest.raises(TypeError, match=r"^missing a required argument: 'rhs'$"):
            AddOp(x)                    # missing rhs


def _verify_error(text):
    with pytest.raises(MLIRError, match=r"^Unable to parse module assembly:\nerror: ") as e:
        Module.parse(text)
    return str(e.value)


def test_verification_checks_the_fields():
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        Toy.load(reload=True)
        assert "operand 'lhs' must be IntegerType[32], got i64" in \
            _verify_error('%0 = "test.x"() : () -> i64\n'
                          '%1 = "pyext.add"(%0, %0) : (i64, i64) -> i32')
        assert "expects 2 operand groups" in _verify_error(
            '%0 = "test.x"() : () -> i32\n'
            '%1 = "pyext.add"(%0) : (i32) -> i32')
        # A TypeVar binds every field of it to one type.
        Module.parse('%0 = "test.x"() : () -> f32\n'
                     '%1 = "pyext.same"(%0, %0) : (f32, f32) -> f32')
        assert "operand 'b' must be ~T" in _verify_error(
            '%0:2 = "test.x"() : () -> (f32, i32)\n'
            '%1 = "pyext.same"(%0#0, %0#1) : (f32, i32) -> i32')
        assert "result 'r' must be" in _verify_error(
            '%0 = "test.x"() : () -> f32\n'
            '%1 = "pyext.same"(%0, %0) : (f32, f32) -> f64')
        assert "attribute 'amount' is missing" in _verify_error(
            '"pyext.body"() ({\n}) : () -> ()')
        assert "the verifier raised ValueError: amount must not be " \
            "negative" in _verify_error(
                '"pyext.body"() ({\n}) {amount = -1 : i32} : () -> ()')
        # NoTerminator: the body needs no terminator.
        Module.parse('"pyext.body"() ({\n  "test.op"() : () -> ()\n}) '
                     '{amount = 1 : i32} : () -> ()')


def test_terminators_must_come_last(bf):
    with pytest.raises(MLIRError, match="must be the last operation"):
        Module.parse('"bf.main"() ({\n^bb0(%p: !bf.ptr):\n'
                     '  "bf.yield"(%p) : (!bf.ptr) -> ()\n'
                     '  "bf.dec"(%p) : (!bf.ptr) -> ()\n'
                     '}) : () -> ()')
    with pytest.raises(MLIRError, match="no terminator|terminator"):
        Module.parse('"bf.main"() ({\n^bb0(%p: !bf.ptr):\n'
                     '  "bf.dec"(%p) : (!bf.ptr) -> ()\n'
                     '}) : () -> ()')


def test_loading_rules():
    class Once(Dialect, name="once_test"):
        pass

    class OnceOp(Once.Operation, name="op"):
        pass

    with Context() as ctx:
        assert not ctx.is_dialect_loaded("once_test")
        Once.load()
        assert ctx.is_dialect_loaded("once_test")
        with pytest.raises(RuntimeError, match="^Dialect 'once_test' is "
                           "already loaded in the current context.$"):
            Once.load()
        Once.load(reload=True)          # upstream's earlier flag: again
        assert ctx.is_registered_operation("once_test.op")
    with Context() as ctx:
        Once.load()                     # another context: no flag needed
        assert ctx.is_registered_operation("once_test.op")

    class Clash(Dialect, name="arith"):
        pass

    with Context():
        with pytest.raises(RuntimeError, match="not defined in Python"):
            Clash.load()


def test_class_definition_errors():
    with pytest.raises(TypeError, match="template"):
        Bf.Operation()
    with pytest.raises(RuntimeError, match="must either inherit"):
        from mlir.dialects import ext

        class Loose(ext.Operation, name="loose"):
            pass
    with pytest.raises(TypeError, match="field specifier"):
        class BadSpec(Toy.Operation, name="bad"):
            x: Operand[Any] = 3
    with pytest.raises(ValueError, match="cannot be inferred"):
        class BadInfer(Toy.Operation, name="bad2"):
            x: Sequence[Result[IntegerType[32]]] = infer_result()


def test_random_generic_forms_parse_or_fail_cleanly():
    # Ops of these dialects in generic form with random operands, results,
    # regions and attributes: each parses (and its accessors answer or
    # raise) or is refused with a verification error; nothing crashes.
    import random
    names = ["pyext.add", "pyext.same", "pyext.pack", "pyext.body",
             "bf.next", "bf.yield", "bf.while", "bf.main"]
    types = ["i32", "i64", "f32", "!bf.ptr", "!pyext.vec<i32, 4 : i64>",
             "!pyext.vec<i32>", "index"]
    attrs = ["", "{amount = 3 : i32}", '{amount = "x"}',
             "{operandSegmentSizes = array<i32: 1, 1, 1>}",
             "{operandSegmentSizes = array<i32: 5>}",
             '{label = "a", tag = #pyext.tag<"q">}',
             "{tag = #pyext.tag<1>}"]
    parsed = 0
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        Toy.load(reload=True)
        Bf.load(reload=True)
        for seed in range(400):
            r = random.Random(seed)
            tys = [r.choice(types) for _ in range(r.randint(1, 3))]
            idx = [r.randrange(len(tys)) for _ in range(r.randint(0, 3))]
            ops = ", ".join(f"%0#{i}" for i in idx)
            res = ", ".join(r.choice(types) for _ in range(r.randint(0, 2)))
            region = (' ({\n^bb0(%a: !bf.ptr):\n  "bf.yield"(%a) : '
                      '(!bf.ptr) -> ()\n})') if r.random() < 0.4 else ""
            text = (f'%0:{len(tys)} = "test.src"() : () -> '
                    f'({", ".join(tys)})\n'
                    f'"{r.choice(names)}"({ops}){region} {r.choice(attrs)} '
                    f': ({", ".join(tys[i] for i in idx)}) -> ({res})')
            try:
                m = Module.parse(text)
            except MLIRError:
                continue
            parsed += 1
            op = m.body.operations[1]
            for name in type(op).__dict__:
                if not name.startswith("_"):
                    try:
                        getattr(op, name)
                    except (ValueError, IndexError, KeyError, TypeError):
                        pass
    assert parsed > 0


def test_traits_attached_after_loading():
    from mlir.dialects import ext
    from mlir.ir import (IsTerminatorTrait, NoTerminatorTrait,
                         RecursiveMemoryEffectsTrait)

    class Late(ext.Dialect, name="late_traits"):
        pass

    class EndOp(Late.Operation, name="end"):
        pass

    class BoxOp(Late.Operation, name="box"):
        body: ext.Region

    with Context() as ctx, Location.unknown():
        Late.load()
        assert not EndOp.has_trait(IsTerminatorTrait)
        assert IsTerminatorTrait.attach("late_traits.end") is True
        assert IsTerminatorTrait.attach(EndOp.OPERATION_NAME, ctx) is True
        assert EndOp.has_trait(IsTerminatorTrait)
        # The trait's verifier runs now: an end op not last is an error.
        with pytest.raises(MLIRError, match="must be the last operation"):
            Module.parse('"late_traits.end"() : () -> ()\n'
                         '"late_traits.end"() : () -> ()')
        for t in (NoTerminatorTrait, RecursiveMemoryEffectsTrait):
            assert t.attach("late_traits.box")
        m = Module.parse('"late_traits.box"() ({\n}) : () -> ()')
        box = m.body.operations[0]
        assert box.has_trait(RecursiveMemoryEffectsTrait)
        # Other operations do not take traits from Python.
        assert IsTerminatorTrait.attach("arith.addi") is False
        assert IsTerminatorTrait.attach("late_traits.nope") is False
        with pytest.raises(TypeError, match="op_name must be a str"):
            IsTerminatorTrait.attach(3)



def test_a_trait_defined_in_python():
    """A DynamicOpTrait subclass of its own (no _trait_typeid) named in
    traits= needs no attach first: it gets a TypeID of its own, has_trait
    finds it, and its verify_invariants runs when the op is verified."""
    from mlir.dialects import ext
    from mlir.ir import DynamicOpTrait, TypeID

    seen = []

    class NeedsTag(DynamicOpTrait):
        @staticmethod
        def verify_invariants(op) -> bool:
            seen.append(op.name)
            return "tag" in op.attributes

    class OtherTrait(DynamicOpTrait):
        pass

    assert isinstance(NeedsTag._trait_typeid, TypeID)
    assert NeedsTag._trait_typeid != OtherTrait._trait_typeid
    # A subclass of a C++ trait keeps its TypeID.
    assert type("MyTerminator", (IsTerminatorTrait,), {})._trait_typeid == \
        IsTerminatorTrait._trait_typeid

    class Tagged(ext.Dialect, name="py_traits"):
        pass

    class TaggedOp(Tagged.Operation, name="op", traits=[NeedsTag]):
        pass

    with Context(), Location.unknown():
        Tagged.load()
        assert TaggedOp.has_trait(NeedsTag)
        assert not TaggedOp.has_trait(OtherTrait)
        m = Module.parse('"py_traits.op"() {tag} : () -> ()')
        assert m.body.operations[0].has_trait(NeedsTag)
        assert seen == ["py_traits.op"]
        with pytest.raises(MLIRError, match="trait NeedsTag: "
                           "verify_invariants failed"):
            Module.parse('"py_traits.op"() : () -> ()')

def test_dynamic_type_and_attr_classes():
    from mlir import ir
    with Context(), Location.unknown():
        Toy.load(reload=True)
        i32 = IntegerType.get_signless(32)
        four = IntegerAttr.get(IntegerType.get_signless(64), 4)
        v = ir.DynamicType.get("pyext.vec", [TypeAttr.get(i32), four])
        assert type(v) is VecType       # the class defined in Python
        assert isinstance(v, ir.DynamicType) and ir.DynamicType.isinstance(v)
        assert v.type_name == "pyext.vec"
        assert ir.DynamicType(v).type_name == "pyext.vec"
        assert ir.DynamicType(v).params == [TypeAttr.get(i32), four]
        assert ir.DynamicType.lookup_typeid("pyext.vec") == v.typeid
        assert not ir.DynamicType.isinstance(i32)
        with pytest.raises(ValueError, match="Cannot cast type"):
            ir.DynamicType(i32)
        with pytest.raises(ValueError, match="no dynamic type 'pyext.nope'"):
            ir.DynamicType.get("pyext.nope", [])
        with pytest.raises(ValueError, match="'dialect.name'"):
            ir.DynamicType.lookup_typeid("vec")
        t = ir.DynamicAttr.get("pyext.tag", [StringAttr.get("x")])
        assert type(t) is TagAttr and isinstance(t, ir.DynamicAttr)
        assert t.attr_name == "pyext.tag" and str(t) == '#pyext.tag<"x">'
        assert ir.DynamicAttr(t).params == [StringAttr.get("x")]
        assert ir.DynamicAttr.lookup_typeid("pyext.tag") == t.typeid
        with pytest.raises(ValueError, match="no dynamic attribute"):
            ir.DynamicAttr.lookup_typeid("pyext.vec")
