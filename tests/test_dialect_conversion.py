"""Dialect conversion from Python (mlir.rewrite): TypeConverter,
ConversionTarget, ConversionConfig, conversion patterns with adaptors,
partial and full conversion, and what happens to Python objects of the IR
they convert. The names and behaviour are upstream's later bindings' (LLVM
main, 2026); the brainf*ck lowering (tests/bf_lowering.py) is the scenario of
upstream's own end-to-end test, run here on unregistered operations."""

import textwrap

import pytest

from mlir.dialects import arith, func, memref
from mlir.ir import (
    Context, F32Type, FunctionType, IntegerType, Location, MLIRError, Module,
    OpAdaptor, OpaqueType, Operation,
)
from mlir.rewrite import (
    ConversionConfig, ConversionPatternRewriter, ConversionTarget,
    DialectConversionFoldingMode, RewritePatternSet, TypeConverter,
    apply_full_conversion, apply_partial_conversion,
    apply_patterns_and_fold_greedily, walk_and_apply_patterns,
)

from .bf_lowering import BF_MAIN_LOWERED, HELLO, lower_bf, parse_bf, run_bf
from .conftest import run_on_threads


def ir(text):
    return textwrap.dedent(text).strip() + "\n"


def identity():
    """A TypeConverter keeping every type."""
    tc = TypeConverter()
    tc.add_conversion(lambda t: t)
    return tc


# -- TypeConverter ----------------------------------------------------------


def test_type_converter_tries_the_last_conversion_first(uctx):
    i64 = IntegerType.get_signless(64)
    seen = []
    tc = TypeConverter()
    tc.add_conversion(lambda t: seen.append(("first", str(t))) or t)

    def widen(t):
        seen.append(("second", str(t)))
        return i64 if isinstance(t, IntegerType) else None

    tc.add_conversion(widen)
    assert str(tc.convert_type(IntegerType.get_signless(8))) == "i64"
    assert seen == [("second", "i8")]
    # `widen` does not apply to f32: the first conversion does.
    assert str(tc.convert_type(F32Type.get())) == "f32"
    assert seen[1:] == [("second", "f32"), ("first", "f32")]


def test_type_converter_passes_the_concrete_type_class(uctx):
    got = []
    tc = TypeConverter()
    tc.add_conversion(lambda t: got.append(type(t)) or None)
    assert tc.convert_type(IntegerType.get_signless(1)) is None
    assert got == [IntegerType]


def test_type_converter_without_conversions_converts_nothing(uctx):
    assert TypeConverter().convert_type(F32Type.get()) is None


def test_type_conversion_errors_reach_the_caller(uctx):
    tc = TypeConverter()

    def boom(t):
        raise KeyError("no such type")

    tc.add_conversion(boom)
    with pytest.raises(KeyError, match="no such type"):
        tc.convert_type(F32Type.get())
    tc2 = TypeConverter()
    tc2.add_conversion(lambda t: 42)
    with pytest.raises(TypeError, match="returned int; a type conversion "
                                        "returns a Type, or None"):
        tc2.convert_type(F32Type.get())
    with Context():
        other = F32Type.get()
    tc3 = TypeConverter()
    tc3.add_conversion(lambda t: other)
    with pytest.raises(ValueError, match="type of another context"):
        tc3.convert_type(F32Type.get())
    with pytest.raises(TypeError, match="takes a Type, not str"):
        tc.convert_type("f32")
    with pytest.raises(TypeError, match="convert must be callable"):
        tc.add_conversion(3)


# -- ConversionTarget and ConversionConfig ---------------------------------


def test_conversion_target_takes_classes_and_names(uctx):
    t = ConversionTarget()
    t.add_legal_op(arith.AddIOp, "arith.subi")
    t.add_illegal_op("toy.x", arith.MulIOp)
    t.add_legal_dialect(arith._Dialect, "func")
    t.add_illegal_dialect("toy")
    assert t.context is uctx
    with pytest.raises(TypeError, match="^the root argument must be a type "
                                        "or a string"):
        t.add_legal_op(5)
    with pytest.raises(TypeError, match="^the root argument must be a type "
                                        "or a string"):
        t.add_illegal_dialect(None)

    class NoName:
        pass

    with pytest.raises(AttributeError, match="OPERATION_NAME"):
        t.add_legal_op(NoName)
    with pytest.raises(AttributeError, match="DIALECT_NAMESPACE"):
        t.add_legal_dialect(NoName)


def test_conversion_config_defaults_and_setters():
    c = ConversionConfig()
    assert c.folding_mode == DialectConversionFoldingMode.BEFORE_PATTERNS
    assert c.build_materializations is True
    c.folding_mode = DialectConversionFoldingMode.NEVER
    c.build_materializations = False
    assert c.folding_mode == DialectConversionFoldingMode.NEVER
    assert c.build_materializations is False
    assert [m.name for m in DialectConversionFoldingMode] == [
        "NEVER", "BEFORE_PATTERNS", "AFTER_PATTERNS"]
    with pytest.raises(TypeError,
                       match=r"^folding_mode must be a DialectConversionFoldingMode, not int$"):
        c.folding_mode = 1
    with pytest.raises(TypeError, match=r"^build_materializations must be a bool, not int$"):
        c.build_materializations = 1


# -- adaptors ---------------------------------------------------------------


def test_generated_adaptors_are_registered_and_read_their_operands(uctx):
    assert arith.AddIOp.Adaptor is arith.AddIOpAdaptor
    assert issubclass(arith.AddIOpAdaptor, OpAdaptor)
    assert arith.AddIOpAdaptor.OPERATION_NAME == "arith.addi"
    m = Module.parse(ir("""
        func.func @f(%a: i32, %b: i32, %c: i32, %n: index) {
          %0 = arith.addi %a, %b overflow<nsw> : i32
          %1 = memref.alloc(%n) : memref<?xf32>
          return
        }"""))
    f = m.body.operations[0]
    a, b, c, n = f.regions[0].blocks[0].arguments
    add, alloc = list(f.regions[0].blocks[0].operations)[:2]
    # The adaptor reads the operands it was given, not the op's.
    ad = arith.AddIOpAdaptor([c, a], add)
    assert ad.lhs == c and ad.rhs == a
    assert ad.operands == [c, a]
    assert str(ad.overflowFlags) == "#arith.overflow<nsw>"
    assert ad.attributes["overflowFlags"] == add.attributes["overflowFlags"]
    # Attribute-sized segments come from the op's operandSegmentSizes.
    ad = memref.AllocOpAdaptor([n], alloc)
    assert list(ad.dynamicSizes) == [n] and list(ad.symbolOperands) == []
    # The generic adaptor: operands and attributes only.
    g = OpAdaptor([a], add.attributes)
    assert g.operands == [a] and len(g.attributes) == 1
    with pytest.raises(TypeError, match="operands must be Values"):
        OpAdaptor([1], add)
    with pytest.raises(TypeError, match="an OpAttributeMap or an operation"):
        OpAdaptor([a], "add")


# -- conversions ------------------------------------------------------------

TOY = ir("""
    func.func @f(%a: i32, %b: i32) -> i32 {
      %0 = "toy.add"(%a, %b) : (i32, i32) -> i32
      %1 = "toy.add"(%0, %b) : (i32, i32) -> i32
      return %1 : i32
    }""")


def toy_add_patterns(seen=None):
    tc = identity()

    def convert(op, adaptor, converter, rewriter):
        if seen is not None:
            seen.append((type(op).__name__, type(adaptor).__name__,
                         converter is tc, type(rewriter).__name__))
        with rewriter.ip:
            new = arith.AddIOp(*adaptor.operands)
        rewriter.replace_op(op, new)

    ps = RewritePatternSet()
    ps.add_conversion("toy.add", convert, tc)
    return ps.freeze()


def convert_with(m, root, fn, tc, illegal_dialect=None):
    """Partially converts `m` with one conversion pattern, fn on `root`;
    the target marks `root` illegal, or all of `illegal_dialect`."""
    ps = RewritePatternSet()
    ps.add_conversion(root, fn, tc)
    target = ConversionTarget()
    if illegal_dialect is None:
        target.add_illegal_op(root)
    else:
        target.add_illegal_dialect(illegal_dialect)
    apply_partial_conversion(m.operation, target, ps.freeze())


def test_partial_conversion_rewrites_illegal_operations(uctx):
    m = Module.parse(TOY)
    target = ConversionTarget()
    target.add_illegal_dialect("toy")
    target.add_legal_dialect("arith")
    seen = []
    apply_partial_conversion(m.operation, target, toy_add_patterns(seen))
    assert seen == [("OpView", "OpAdaptor", True,
                     "ConversionPatternRewriter")] * 2
    assert str(m) == ir("""
        module {
          func.func @f(%arg0: i32, %arg1: i32) -> i32 {
            %0 = arith.addi %arg0, %arg1 : i32
            %1 = arith.addi %0, %arg1 : i32
            return %1 : i32
          }
        }""")
    assert m.operation.verify()


def test_a_pattern_on_an_op_class_gets_its_view_and_adaptor(uctx):
    m = Module.parse(ir("""
        func.func @f(%a: i32, %b: i32) -> i32 {
          %0 = arith.addi %a, %b : i32
          return %0 : i32
        }"""))
    seen = []
    tc = identity()

    def to_sub(op, adaptor, converter, rewriter):
        seen.append((type(op), type(adaptor)))
        with rewriter.ip:
            new = arith.SubIOp(adaptor.rhs, adaptor.lhs)
        rewriter.replace_op(op, new.results)

    ps = RewritePatternSet()
    ps.add_conversion(arith.AddIOp, to_sub, tc)
    target = ConversionTarget()
    target.add_legal_dialect("arith", "func")   # full: the root counts too
    target.add_illegal_op(arith.AddIOp)
    apply_full_conversion(m.body.operations[0], target, ps.freeze())
    assert seen == [(arith.AddIOp, arith.AddIOpAdaptor)]
    assert "%0 = arith.subi %arg1, %arg0 : i32" in str(m)


def test_full_conversion_fails_on_operations_left_illegal(uctx):
    m = Module.parse(TOY)
    target = ConversionTarget()
    target.add_illegal_dialect("toy")
    target.add_legal_dialect("builtin", "func")
    before = str(m)
    with pytest.raises(MLIRError,
                       match=r"^full conversion failed:\nerror: .*failed to legalize operation 'toy.add'") as e:
        apply_full_conversion(m.operation, target,
                              RewritePatternSet().freeze())
    assert str(e.value).startswith("full conversion failed")
    assert "failed to legalize operation 'toy.add'" in str(e.value)
    assert str(m) == before
    # Unknown operations (func, builtin) fail a full conversion too.
    target = ConversionTarget()
    target.add_legal_dialect("arith")
    with pytest.raises(MLIRError, match="^full conversion failed"):
        apply_full_conversion(m.operation, target, toy_add_patterns())


def test_partial_conversion_fails_and_rolls_back(uctx):
    # The pattern converts the first toy.add, then refuses the second one,
    # which stays illegal: the run fails and the replacement is undone.
    m = Module.parse(TOY)
    tc = identity()
    calls = []

    def first_only(op, adaptor, converter, rewriter):
        calls.append(op.operation.location)
        if len(calls) > 1:
            return True
        rewriter.replace_op(op, [adaptor.operands[0]])

    with pytest.raises(MLIRError,
                       match=r"^partial conversion failed:\nerror: .*failed to legalize operation 'toy.add'") as e:
        convert_with(m, "toy.add", first_only, tc)
    assert str(e.value).startswith("partial conversion failed")
    assert "failed to legalize operation 'toy.add'" in str(e.value)
    assert len(calls) == 2
    assert str(m) == str(Module.parse(TOY))
    assert m.operation.verify()


def test_operations_a_pattern_builds_are_legalized_as_in_cpp(uctx):
    # What a pattern builds goes through its rewriter, as in C++: an op
    # the target names illegal must be converted in turn (here it cannot
    # be), so the pattern is rolled back and the run fails.
    m = Module.parse(TOY)
    target = ConversionTarget()
    target.add_illegal_op("toy.add", "arith.addi")
    with pytest.raises(MLIRError, match="^partial conversion failed"):
        apply_partial_conversion(m.operation, target, toy_add_patterns())
    assert str(m) == str(Module.parse(TOY))
    # Ops the target does not know stay as the pattern built them.
    target = ConversionTarget()
    target.add_illegal_op("toy.add")
    apply_partial_conversion(m.operation, target, toy_add_patterns())
    assert str(m).count("arith.addi") == 2 and "toy.add" not in str(m)


def test_a_failing_pattern_leaves_nothing_it_built(uctx):
    # A pattern that builds from its adaptor's operands (which may be
    # casts the driver made for it) and then fails or raises: the driver
    # rolls back the casts and what the pattern built, moved or changed.
    text = ir("""
        func.func @f(%a: !toy.t) {
          %0 = "toy.r"(%a) ({
          ^bb0(%x: !toy.t):
            %1 = "toy.u"(%x) : (!toy.t) -> i32
            "toy.end"() : () -> ()
          }) : (!toy.t) -> i32
          "toy.use"(%0) : (i32) -> ()
          return
        }""")
    i64 = IntegerType.get_signless(64)
    tc = TypeConverter()
    tc.add_conversion(lambda t: t if isinstance(t, IntegerType) else None)
    tc.add_conversion(lambda t: i64 if isinstance(t, OpaqueType) else None)

    def build_then(outcome):
        def pattern(op, adaptor, converter, rewriter):
            block = op.operation.block
            with rewriter.ip:
                new = Operation.create("done.r", operands=adaptor.operands,
                                       results=[i64], regions=1)
            op.regions[0].blocks[0].append_to(new.regions[0])
            rewriter.convert_region_types(new.regions[0], converter)
            use = [o for o in block.operations if o.name == "toy.use"][0]
            use.operands[0] = new.results[0]
            if outcome == "raise":
                raise KeyError("late")
            return True
        return pattern

    for outcome, exc, msg in (
            ("fail", MLIRError, "^partial conversion failed:\nerror: .*"
             "failed to legalize operation 'toy.r' that was explicitly marked "
             "illegal"),
            ("raise", KeyError, "^'late'$")):
        m = Module.parse(text)
        with pytest.raises(exc, match=msg):
            convert_with(m, "toy.r", build_then(outcome), tc)
        assert str(m) == str(Module.parse(text))
        assert m.operation.verify()


def test_type_conversion_needs_every_use_converted(uctx):
    # Values of the opaque !toy.ptr become i64 but the function's signature
    # is left alone: the driver bridges the two with casts it cannot
    # resolve (no materialization is registered), and the run fails.
    text = ir("""
        func.func @f(%p: !toy.ptr) -> !toy.ptr {
          %0 = "toy.next"(%p) : (!toy.ptr) -> !toy.ptr
          %1 = "toy.next"(%0) : (!toy.ptr) -> !toy.ptr
          return %1 : !toy.ptr
        }""")
    m = Module.parse(text)
    i64 = IntegerType.get_signless(64)
    tc = TypeConverter()
    tc.add_conversion(lambda t: i64 if isinstance(t, OpaqueType) else t)
    adaptor_types = []

    def next_(op, adaptor, converter, rewriter):
        (p,) = adaptor.operands
        adaptor_types.append(str(p.type))
        with rewriter.ip:
            new = arith.addi(p, arith.constant(i64, 1))
        rewriter.replace_op(op, [new])

    ps = RewritePatternSet()
    ps.add_conversion("toy.next", next_, tc)
    fs = ps.freeze()
    target = ConversionTarget()
    target.add_illegal_dialect("toy")
    with pytest.raises(MLIRError,
                       match=r"^partial conversion failed:\nerror: .*failed to legalize unresolved materialization from ") as e:
        apply_partial_conversion(m.operation, target, fs)
    assert str(e.value).startswith("partial conversion failed")
    # (Which of the two casts MLIR reports first varies from run to run.)
    assert "failed to legalize unresolved materialization from " \
           "('!toy.ptr') to ('i64')" in str(e.value) or \
           "failed to legalize unresolved materialization from " \
           "('i64') to ('!toy.ptr')" in str(e.value)
    assert adaptor_types == ["i64", "i64"]
    # Without materializations, the casts stay in the IR instead.
    m = Module.parse(text)
    config = ConversionConfig()
    config.build_materializations = False
    apply_partial_conversion(m.operation, target, fs, config)
    assert str(m).count("builtin.unrealized_conversion_cast") == 2
    assert "toy.next" not in str(m)


def test_convert_region_types_and_a_signature_change(uctx):
    # A whole function: the op owning the region is rebuilt as a func.func
    # whose body is the old block, with its argument types converted.
    m = Module.parse(ir("""
        "toy.func"() ({
        ^bb0(%p: !toy.ptr, %n: i32):
          %0 = "toy.next"(%p) : (!toy.ptr) -> !toy.ptr
          "toy.ret"(%0) : (!toy.ptr) -> ()
        }) : () -> ()"""))
    i64 = IntegerType.get_signless(64)
    i32 = IntegerType.get_signless(32)
    tc = TypeConverter()
    tc.add_conversion(lambda t: t if isinstance(t, IntegerType) else None)
    tc.add_conversion(lambda t: i64 if str(t) == "!toy.ptr" else None)

    def func_(op, adaptor, converter, rewriter):
        assert isinstance(rewriter, ConversionPatternRewriter)
        with rewriter.ip:
            fn = func.FuncOp("f", FunctionType.get([i64, i32], [i64]))
            op.regions[0].blocks[0].append_to(fn.body)
            rewriter.convert_region_types(fn.body, converter)
        rewriter.replace_op(op, fn)

    def next_(op, adaptor, converter, rewriter):
        with rewriter.ip:
            new = arith.addi(adaptor.operands[0],
                             arith.constant(i64, 8))
        rewriter.replace_op(op, [new])

    def ret(op, adaptor, converter, rewriter):
        with rewriter.ip:
            new = func.ReturnOp(adaptor.operands)
        rewriter.replace_op(op, new)

    ps = RewritePatternSet()
    for name, fn in (("toy.func", func_), ("toy.next", next_),
                     ("toy.ret", ret)):
        ps.add_conversion(name, fn, tc)
    target = ConversionTarget()
    target.add_illegal_dialect("toy")
    apply_partial_conversion(m.operation, target, ps.freeze())
    assert str(m) == ir("""
        module {
          func.func @f(%arg0: i64, %arg1: i32) -> i64 {
            %c8_i64 = arith.constant 8 : i64
            %0 = arith.addi %arg0, %c8_i64 : i64
            return %0 : i64
          }
        }""")
    assert m.operation.verify()


# -- errors from Python, and misuse -----------------------------------------


def test_pattern_exceptions_and_bad_results_are_raised(uctx):
    tc = identity()
    target = ConversionTarget()
    target.add_illegal_dialect("toy")
    for fn, exc, text in (
            (lambda op, a, c, r: 1 / 0, ZeroDivisionError, "division"),
            (lambda op, a, c, r: 3, TypeError, "returned int"),
    ):
        m = Module.parse(TOY)
        before = str(m)
        ps = RewritePatternSet()
        ps.add_conversion("toy.add", fn, tc)
        with pytest.raises(exc, match=text):
            apply_partial_conversion(m.operation, target, ps.freeze())
        assert str(m) == before


def test_type_conversion_errors_during_a_conversion_are_raised(uctx):
    m = Module.parse(ir("""
        "toy.func"() ({
        ^bb0(%p: !toy.ptr):
          "toy.ret"(%p) : (!toy.ptr) -> ()
        }) : () -> ()"""))
    tc = TypeConverter()

    def bad(t):
        raise LookupError(f"cannot convert {t}")

    tc.add_conversion(bad)

    def func_(op, adaptor, converter, rewriter):
        rewriter.convert_region_types(op.regions[0], converter)
        return True

    with pytest.raises(LookupError, match="cannot convert !toy.ptr"):
        convert_with(m, "toy.func", func_, tc)


def test_conversion_sets_are_refused_by_the_greedy_and_walk_drivers(uctx):
    m = Module.parse(TOY)
    fs = toy_add_patterns()
    for apply in (apply_patterns_and_fold_greedily, walk_and_apply_patterns):
        with pytest.raises(ValueError, match="holds conversion patterns"):
            apply(m.operation, fs)
    assert "toy.add" in str(m)


def test_replaced_operations_are_refused_for_the_rest_of_the_run(uctx):
    m = Module.parse(TOY)
    tc = identity()
    errors = []

    def convert(op, adaptor, converter, rewriter):
        block = op.operation.block
        with rewriter.ip:
            new = arith.AddIOp(*adaptor.operands)
        rewriter.replace_op(op, new)
        # MLIR keeps the replaced op in place until the end: a new object
        # of it can be had, but the rewriter refuses it.
        again = [o for o in block.operations if o.name == "toy.add"][0]
        for call in (lambda: rewriter.erase_op(again),
                     lambda: rewriter.replace_op(again, new)):
            try:
                call()
            except ValueError as e:
                errors.append(str(e))

    convert_with(m, "toy.add", convert, tc, "toy")
    # Each pattern refuses the first op again (replaced by the first).
    assert len(errors) == 4
    assert all("replaced or erased by a pattern of this conversion" in e
               for e in errors)
    assert "toy.add" not in str(m)


def test_rewriter_and_objects_after_the_run(uctx):
    m = Module.parse(TOY)
    f = m.body.operations[0]
    first = list(f.regions[0].blocks[0].operations)[0]
    kept = []
    tc = identity()

    def convert(op, adaptor, converter, rewriter):
        kept.append(rewriter)
        body = op.operation.parent.regions[0]
        with rewriter.ip:
            new = arith.AddIOp(*adaptor.operands)
        rewriter.replace_op(op, new)
        with pytest.raises(TypeError, match="takes a Region"):
            rewriter.convert_region_types("r", converter)
        with pytest.raises(TypeError, match="takes a TypeConverter"):
            rewriter.convert_region_types(body, None)

    convert_with(m, "toy.add", convert, tc, "toy")
    with pytest.raises(RuntimeError, match="used after its pattern returned"):
        kept[0].ip
    with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
        first.name                  # replaced: its object is invalid
    assert f.operation.name == "func.func"  # untouched objects stay valid
    with pytest.raises(TypeError,
                       match=r"^mlir\._mlir_libs\._mlir\.rewrite\.ConversionPatternRewriter: no constructor defined! \(ConversionPatternRewriter objects are handed to conversion patterns by the conversion drivers\)$"):
        ConversionPatternRewriter()


def test_argument_errors(uctx):
    m = Module.parse(TOY)
    fs = toy_add_patterns()
    t = ConversionTarget()
    with pytest.raises(TypeError, match="missing required argument 'set'"):
        apply_partial_conversion(m.operation, t)
    with pytest.raises(TypeError, match="target must be a ConversionTarget"):
        apply_partial_conversion(m.operation, None, fs)
    with pytest.raises(TypeError, match="call freeze"):
        apply_full_conversion(m.operation, t, RewritePatternSet())
    with pytest.raises(TypeError, match="config must be a ConversionConfig"):
        apply_full_conversion(op=m.operation, target=t, set=fs, config=1)
    with Context():
        other = ConversionTarget()
    with pytest.raises(ValueError, match="another context"):
        apply_partial_conversion(m.operation, other, fs)
    ps = RewritePatternSet()
    with pytest.raises(TypeError, match="type_converter must be a "
                                        "TypeConverter"):
        ps.add_conversion("toy.add", lambda *a: None, None)


# -- the brainf*ck lowering of upstream's end-to-end test --------------------

def test_bf_lowers_to_structured_control_flow(uctx):
    module = parse_bf("[-]")
    assert module.operation.verify()
    text = lower_bf(module)
    assert text[text.index("  func.func @bf_main"):
                text.index("  func.func private")] == BF_MAIN_LOWERED
    assert "bf." not in text
    assert module.operation.verify()


def test_bf_hello_world_runs_in_the_jit(uctx, capfd):
    run_bf(parse_bf(HELLO))
    assert capfd.readouterr().out == "Hello World!\n"


def test_driver_casts_and_block_arguments_are_refused(uctx):
    # Both would leave the driver with pointers to erased IR.
    m = Module.parse(ir("""
        func.func @f(%p: !toy.ptr) {
          %0 = "toy.next"(%p) : (!toy.ptr) -> !toy.ptr
          "toy.keep"(%0) : (!toy.ptr) -> ()
          return
        }"""))
    i64 = IntegerType.get_signless(64)
    tc = TypeConverter()
    tc.add_conversion(lambda t: i64 if isinstance(t, OpaqueType) else t)
    errors = []

    def next_(op, adaptor, converter, rewriter):
        block = op.operation.block
        (cast,) = [o for o in block.operations
                   if o.name == "builtin.unrealized_conversion_cast"]
        for call in (lambda: rewriter.erase_op(cast),
                     lambda: rewriter.replace_op(cast, adaptor.operands),
                     lambda: block.erase_argument(0)):
            try:
                call()
            except (ValueError, RuntimeError) as e:
                errors.append(f"{type(e).__name__}: {e}")
        return True

    with pytest.raises(MLIRError, match="^partial conversion failed"):
        convert_with(m, "toy.next", next_, tc)
    assert errors == [
        "ValueError: cannot replace or erase a "
        "builtin.unrealized_conversion_cast during a dialect conversion: "
        "the driver owns its casts"] * 2 + [
        "RuntimeError: cannot erase a block argument while patterns are "
        "being applied to the IR containing it; use the PatternRewriter's "
        "methods"]
    assert "toy.next" in str(m) and m.operation.verify()


def test_plain_patterns_in_a_conversion_go_through_its_rewriter(uctx):
    # A pattern added with add() runs in a conversion too: it gets the
    # conversion's rewriter, and what it builds is rolled back with it.
    m = Module.parse(TOY)
    got = []

    def plain(op, rewriter):
        got.append(type(rewriter).__name__)
        with rewriter.ip:
            Operation.create("done.x", operands=list(op.operands),
                             results=[IntegerType.get_signless(32)])
        return True

    ps = RewritePatternSet()
    ps.add("toy.add", plain)
    target = ConversionTarget()
    target.add_illegal_op("toy.add")
    with pytest.raises(MLIRError, match="^partial conversion failed"):
        apply_partial_conversion(m.operation, target, ps.freeze())
    assert got and set(got) == {"ConversionPatternRewriter"}
    assert str(m) == str(Module.parse(TOY))


def test_conversions_run_on_several_threads_at_once():
    # Each thread converts modules of its own context, its patterns and
    # type conversions calling back into Python meanwhile.
    def work(_):
        with Context() as ctx, Location.unknown():
            ctx.allow_unregistered_dialects = True
            target = ConversionTarget()
            target.add_illegal_dialect("toy")
            fs = toy_add_patterns()
            for _ in range(20):
                m = Module.parse(TOY)
                apply_partial_conversion(m.operation, target, fs)
                assert str(m).count("arith.addi") == 2

    run_on_threads(work)
