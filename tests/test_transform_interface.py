"""Transform operations implemented in Python (upstream main's
transform.TransformOpInterface with its TransformRewriter, TransformResults,
TransformState and DiagnosedSilenceableFailure, and the memory-effect
helpers only_reads_handle, consumes_handle, produces_handle,
only_reads_payload and modifies_payload), run by the transform interpreter
on payload IR. The scenarios of upstream's test, in our words, then what
upstream leaves undefined."""

from contextlib import contextmanager
from typing import Sequence

import pytest

from mlir import ir
from mlir.dialects import arith, ext, func, index, transform
from mlir.dialects.transform import (
    AnyOpType, AnyParamType, AnyValueType, DiagnosedSilenceableFailure,
    interpreter, structured,
)


class Tr(ext.Dialect, name="py_transform"):
    pass


def _reads_and_produces(op, effects):
    # Upstream's first form: the helpers append to `effects`.
    transform.only_reads_handle(op.op_operands, effects)
    transform.produces_handle(op.results, effects)
    transform.only_reads_payload(effects)


class ReadsAndProduces(ir.MemoryEffectsOpInterface):
    get_effects = staticmethod(_reads_and_produces)


class ConsumesAndModifies(ir.MemoryEffectsOpInterface):
    @staticmethod
    def get_effects(op):
        # Upstream's later form: the helpers return lists.
        return (transform.consumes_handle(op.op_operands)
                + transform.produces_handle(op.results)
                + transform.modifies_payload())


class PassOp(Tr.Operation, name="pass"):
    target: ext.Operand[transform.AnyOpType]
    res: ext.Result[transform.AnyOpType[()]] = ext.infer_result()


class GetAttrOp(Tr.Operation, name="get_attr"):
    target: ext.Operand[transform.AnyOpType]
    attr_name: ir.StringAttr
    attr_as_param: ext.Result[transform.AnyParamType[()]] = \
        ext.infer_result()


class PrintParamOp(Tr.Operation, name="print_param"):
    target: ext.Operand[transform.AnyParamType]
    name: ir.StringAttr


class PermuteOp(Tr.Operation, name="permute"):
    op_arg: ext.Operand[transform.AnyOpType]
    val_arg: ext.Operand[transform.AnyValueType]
    param_arg: ext.Operand[transform.AnyParamType]
    param_res: ext.Result[transform.AnyParamType[()]] = ext.infer_result()
    op_res: ext.Result[transform.AnyOpType[()]] = ext.infer_result()
    value_res: ext.Result[transform.AnyValueType[()]] = ext.infer_result()


class GatherOp(Tr.Operation, name="gather"):
    ops: Sequence[ext.Operand[transform.AnyOpType]]
    params: Sequence[ext.Operand[transform.AnyParamType]]
    values: Sequence[ext.Result[transform.AnyValueType]]
    param: ext.Result[transform.AnyParamType]


class GetAttr(transform.TransformOpInterface):
    @staticmethod
    def apply(op, rewriter, results, state):
        attrs = []
        for target in state.get_payload_ops(op.target):
            attr = target.attributes.get(op.attr_name.value)
            if attr is None:
                return DiagnosedSilenceableFailure.RecoverableFailure
            attrs.append(attr)
        results.set_params(op.attr_as_param, attrs)
        return DiagnosedSilenceableFailure.Success

    @staticmethod
    def allow_repeated_handle_operands(op):
        return False


class PrintParam(transform.TransformOpInterface):
    @staticmethod
    def apply(op, rewriter, results, state):
        print(f"<<{op.name.value}>>",
              [str(a) for a in state.get_params(op.target)])
        return DiagnosedSilenceableFailure.Success


def i32(v):
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), v)


@pytest.fixture
def ctx():
    with ir.Context() as c, ir.Location.unknown():
        Tr.load(reload=True)
        for op, impl in ((GetAttrOp, GetAttr), (PrintParamOp, PrintParam)):
            impl.attach(op.OPERATION_NAME)
            ReadsAndProduces.attach(op.OPERATION_NAME)
        yield c


def payload():
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        f32 = ir.F32Type.get()

        @func.FuncOp.from_py_func(f32, f32, results=[f32])
        def name_of_func(a, b):
            c = arith.addf(a, b)
            arith.constant(ir.IntegerType.get_signless(32), 42)
            arith.constant(ir.IntegerType.get_signless(32), 24)
            func.ReturnOp([c])
    return m


@contextmanager
def script():
    schedule = ir.Module.create()
    schedule.operation.attributes["transform.with_named_sequence"] = \
        ir.UnitAttr.get()
    with ir.InsertionPoint(schedule.body):
        seq = transform.NamedSequenceOp(
            "__transform_main", [AnyOpType.get()], [AnyOpType.get()],
            arg_attrs=[{"transform.consumed": ir.UnitAttr.get()}])
        with ir.InsertionPoint(seq.body):
            yield schedule, seq


def match(seq, name):
    return structured.MatchOp.match_op_names(seq.bodyTarget, [name]).result


def run(pl, schedule, seq):
    interpreter.apply_named_sequence(pl, seq, schedule)


def implement(op_cls, apply, effects=ReadsAndProduces, repeated=None):
    members = {"apply": staticmethod(apply)}
    if repeated is not None:
        members["allow_repeated_handle_operands"] = staticmethod(repeated)
    impl = type("Impl", (transform.TransformOpInterface,), members)
    impl.attach(op_cls.OPERATION_NAME)
    effects.attach(op_cls.OPERATION_NAME)
    return impl


def test_pass_through(ctx, capfd):
    seen = []

    def apply(op, rewriter, results, state):
        targets = state.get_payload_ops(op.target)
        seen.extend(t.name.value for t in targets)
        assert all(isinstance(t, func.FuncOp) for t in targets)
        results.set_ops(op.res, targets)
        return DiagnosedSilenceableFailure.Success

    implement(PassOp, apply, repeated=lambda op: False)
    pl = payload()
    with script() as (schedule, seq):
        out = PassOp(match(seq, "func.func")).result
        transform.PrintOp(target=out, name="passed")
        transform.YieldOp([out])
    run(pl, schedule, seq)
    assert seen == ["name_of_func"]
    text = capfd.readouterr().out
    assert "[[[ IR printer: passed ]]]\nfunc.func @name_of_func" in text


def test_rewriter_replaces_payload(ctx, capfd):
    def apply(op, rewriter, results, state):
        made = []
        for cst in state.get_payload_ops(op.target):
            with ir.InsertionPoint(cst):
                new = index.constant(cst.value.value)
            made.append(new.owner)
            rewriter.replace_op(cst, [new])
        results.set_ops(op.res, made)
        return DiagnosedSilenceableFailure.Success

    implement(PassOp, apply, effects=ConsumesAndModifies)
    pl = payload()
    with script() as (schedule, seq):
        f = match(seq, "func.func")
        out = PassOp(match(seq, "arith.constant")).result
        transform.PrintOp(target=f, name="after")
        transform.PrintOp(target=out, name="made")
        transform.YieldOp([out])
    run(pl, schedule, seq)
    text = str(pl)
    assert "arith.constant" not in text
    assert "index.constant 42" in text and "index.constant 24" in text
    out = capfd.readouterr().out
    assert "[[[ IR printer: made ]]]\n%idx42 = index.constant 42\n" \
        "%idx24 = index.constant 24" in out


def test_ops_values_and_params(ctx, capfd):
    counts = []

    def apply(op, rewriter, results, state):
        ops = state.get_payload_ops(op.op_arg)
        values = state.get_payload_values(op.val_arg)
        params = state.get_params(op.param_arg)
        counts.append((len(ops), len(values), len(params)))
        results.set_params(op.param_res, params)
        results.set_ops(op.op_res, ops)
        results.set_values(op.value_res, values)
        return DiagnosedSilenceableFailure.Success

    implement(PermuteOp, apply)
    pl = payload()
    with script() as (schedule, seq):
        f, addf = match(seq, "func.func"), match(seq, "arith.addf")
        both = transform.MergeHandlesOp([f, addf])
        value = transform.GetResultOp(AnyValueType.get(), addf, [0]).result
        param = transform.ParamConstantOp(AnyParamType.get(), i32(42)).param
        p = PermuteOp(both, value, param)
        transform.PrintOp(target=p.op_res, name="ops")
        defining = transform.GetDefiningOp(AnyOpType.get(), p.value_res)
        transform.PrintOp(target=defining.result, name="defining")
        PrintParamOp(p.param_res, name=ir.StringAttr.get("param"))
        transform.YieldOp([p.op_res])
        assert seq.verify()
    run(pl, schedule, seq)
    assert counts == [(2, 1, 1)]
    out = capfd.readouterr().out
    assert "[[[ IR printer: ops ]]]\nfunc.func" in out
    assert "[[[ IR printer: defining ]]]\n%0 = arith.addf" in out
    assert "<<param>> ['42 : i32']" in out


def test_variadic_handles(ctx, capfd):
    def apply(op, rewriter, results, state):
        groups = [state.get_payload_ops(h) for h in op.ops]
        params = [p for h in op.params for p in state.get_params(h)]
        for handle, ops in zip(op.values, groups):
            results.set_values(handle, [r for o in ops for r in o.results])
        results.set_params(op.param, [i32(sum(p.value for p in params))])
        return DiagnosedSilenceableFailure.Success

    implement(GatherOp, apply)
    pl = payload()
    with script() as (schedule, seq):
        f, csts = match(seq, "func.func"), match(seq, "arith.constant")
        as_param = GetAttrOp(csts, attr_name=ir.StringAttr.get("value"))
        extra = transform.ParamConstantOp(AnyParamType.get(), i32(123)).param
        g = GatherOp(ops=[f, csts], params=[as_param.attr_as_param, extra],
                     values=[AnyValueType.get()] * 2,
                     param=AnyParamType.get())
        first, second = transform.SplitHandleOp(
            [AnyValueType.get()] * 2, g.values[1]).results
        for i, h in enumerate((first, second)):
            d = transform.GetDefiningOp(AnyOpType.get(), h)
            transform.PrintOp(target=d.result, name=f"constant {i}")
        PrintParamOp(g.param, name=ir.StringAttr.get("sum"))
        transform.YieldOp([f])
    run(pl, schedule, seq)
    out = capfd.readouterr().out
    assert "[[[ IR printer: constant 0 ]]]\n%c42_i32 = arith.constant 42" in out
    assert "[[[ IR printer: constant 1 ]]]\n%c24_i32 = arith.constant 24" in out
    assert "<<sum>> ['189 : i32']" in out


def test_silenceable_failure(ctx):
    pl = payload()
    with script() as (schedule, seq):
        # func.func has no "value" attribute: GetAttr fails silenceably.
        GetAttrOp(match(seq, "func.func"),
                  attr_name=ir.StringAttr.get("value"))
        transform.YieldOp([seq.bodyTarget])
    with pytest.raises(ValueError, match="TransformOpInterfaceFallbackModel: "
                       "silenceable failure"):
        run(pl, schedule, seq)


def failing_run(ctx, apply, effects=ReadsAndProduces):
    """Runs PassOp with `apply` on the func; returns the error text."""
    implement(PassOp, apply, effects=effects)
    pl = payload()
    with script() as (schedule, seq):
        PassOp(match(seq, "func.func"))
        transform.YieldOp([seq.bodyTarget])
    with pytest.raises(ValueError) as info:
        run(pl, schedule, seq)
    return str(info.value)


def test_errors_are_definite_failures(ctx):
    def raises(op, rewriter, results, state):
        return 1 / 0
    assert "TransformOpInterface.apply raised ZeroDivisionError: division " \
        "by zero" in failing_run(ctx, raises)

    def returns_none(op, rewriter, results, state):
        results.set_ops(op.res, [])
    assert "apply must return a DiagnosedSilenceableFailure, not NoneType" \
        in failing_run(ctx, returns_none)

    def sets_nothing(op, rewriter, results, state):
        return DiagnosedSilenceableFailure.Success
    assert "the transform succeeded without setting its result #0" in \
        failing_run(ctx, sets_nothing)

    def definite(op, rewriter, results, state):
        results.set_ops(op.res, [])
        return DiagnosedSilenceableFailure.DefiniteFailure
    assert "Failed to apply named transform sequence" in \
        failing_run(ctx, definite)


def test_misuse_inside_apply(ctx):
    problems = []

    def misuse(op, rewriter, results, state):
        targets = state.get_payload_ops(op.target)
        tries = [
            lambda: state.get_params(op.target),           # an op handle
            lambda: state.get_payload_ops(op.res),         # not an operand
            lambda: results.set_params(op.res, []),        # an op handle
            lambda: results.set_ops(op.target, []),        # not a result
            lambda: targets[0].erase(),                    # not via rewriter
        ]
        for t in tries:
            try:
                t()
            except (TypeError, ValueError, RuntimeError) as e:
                problems.append((type(e).__name__, str(e)))
        results.set_ops(op.res, targets)
        try:
            results.set_ops(op.res, targets)
        except ValueError as e:
            problems.append(("ValueError", str(e)))
        problems.append(state)
        return DiagnosedSilenceableFailure.Success

    implement(PassOp, misuse)
    pl = payload()
    with script() as (schedule, seq):
        out = PassOp(match(seq, "func.func")).result
        transform.YieldOp([out])
    run(pl, schedule, seq)
    state = problems.pop()
    assert [p[0] for p in problems] == [
        "TypeError", "ValueError", "TypeError", "ValueError", "RuntimeError",
        "ValueError"]
    assert "is not a handle to payload parameters" in problems[0][1]
    assert problems[1][1] == \
        "operand is not an operand of the transform being applied"
    assert problems[3][1] == \
        "result is not a result of the transform being applied"
    assert "use the PatternRewriter's methods" in problems[4][1]
    assert problems[5][1] == "result #0 was set already"
    with pytest.raises(RuntimeError, match="used after its transform "
                       "returned"):
        state.get_payload_ops(None)
    assert "func.func @name_of_func" in str(pl)


def test_rewriter_erases(ctx):
    def erase_constants(op, rewriter, results, state):
        for c in state.get_payload_ops(op.target):
            rewriter.erase_op(c)
        results.set_ops(op.res, [])
        return DiagnosedSilenceableFailure.Success

    implement(PassOp, erase_constants, effects=ConsumesAndModifies)
    pl = payload()
    with script() as (schedule, seq):
        PassOp(match(seq, "arith.constant"))
        transform.YieldOp([seq.bodyTarget])
    run(pl, schedule, seq)
    assert "arith.constant" not in str(pl) and "arith.addf" in str(pl)


def test_effect_helpers_match_mlir(ctx):
    pl = payload()
    with script() as (schedule, seq):
        m = structured.MatchOp.match_op_names(seq.bodyTarget, ["func.func"])
        transform.YieldOp([seq.bodyTarget])
    cxx = ir.MemoryEffectsOpInterface(m).get_effects()
    ours = transform.only_reads_handle(m.op_operands) + \
        transform.produces_handle(m.results) + transform.only_reads_payload()
    key = [(e.effect, e.value, e.resource) for e in ours]
    assert [(e.effect, e.value, e.resource) for e in cxx] == key
    mapping, payload_ir = {e.resource for e in ours[:3]}, ours[-1].resource
    assert len(mapping) == 1 and payload_ir not in mapping
    assert repr(ours[0].resource) == "SideEffectResource(transform.mapping)"
    effects = ir.MemoryEffectInstancesList()
    assert transform.modifies_payload(effects) == effects
    assert [e.effect for e in effects] == [ir.MemoryEffect.Read,
                                           ir.MemoryEffect.Write]
    assert transform.consumes_handle([]) == []


def test_attach_rules(ctx):
    class NoApply(transform.TransformOpInterface):
        pass

    with pytest.raises(TypeError, match="does not define apply"):
        NoApply.attach(PassOp.OPERATION_NAME)
    with pytest.raises(ValueError, match="implements TransformOpInterface in "
                       "C\\+\\+ already"):
        GetAttr.attach("transform.print")
    with pytest.raises(TypeError,
                       match=r"^mlir\._mlir_libs\._mlir\.ir\.TransformState: no constructor defined! \(TransformState objects are handed to TransformOpInterface.apply by the interpreter\)$"):
        transform.TransformState()
    with pytest.raises(TypeError,
                       match=r"^mlir\._mlir_libs\._mlir\.ir\.TransformRewriter: no constructor defined! \(TransformRewriter objects are handed to TransformOpInterface.apply by the interpreter\)$"):
        transform.TransformRewriter()


class PatternsOp(Tr.Operation, name="patterns"):
    pass


def _sub_to_add(subi, rewriter):
    """subi(a, b) -> addi(a, b): a rewrite no folder makes."""
    with rewriter.ip:
        add = arith.AddIOp(subi.lhs, subi.rhs)
    rewriter.replace_op(subi, add)


def _sub_add_payload():
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        i32 = ir.IntegerType.get_signless(32)

        @func.FuncOp.from_py_func(i32, i32)
        def test_func(a, b):
            return arith.subi(a, b)
    return m


def _apply_patterns_script():
    with script() as (schedule, seq):
        f = match(seq, "func.func")
        ap = transform.ApplyPatternsOp(f)
        with ir.InsertionPoint(ap.patterns):
            PatternsOp()
        transform.yield_([f])
    return schedule, seq


def test_pattern_descriptor(ctx):
    class Descriptor(transform.PatternDescriptorOpInterface):
        @staticmethod
        def populate_patterns(op, patterns):
            patterns.add("arith.subi", _sub_to_add, benefit=1)

    Descriptor.attach(PatternsOp.OPERATION_NAME)
    pl = _sub_add_payload()
    schedule, seq = _apply_patterns_script()
    seq.apply(pl)
    text = str(pl)
    assert "arith.subi" not in text
    assert "arith.addi %arg0, %arg1 : i32" in text


def test_pattern_descriptor_errors_come_back(ctx):
    behaviour = {}

    class Descriptor(transform.PatternDescriptorOpInterface):
        @staticmethod
        def populate_patterns(op, patterns):
            behaviour["populate"](patterns)

    Descriptor.attach(PatternsOp.OPERATION_NAME)

    def bad_pattern(op, rewriter):
        raise KeyError("from the pattern")

    cases = [
        (lambda p: 1 / 0, ZeroDivisionError, "^division by zero$"),
        (lambda p: p.add("arith.subi", bad_pattern), KeyError,
         "^'from the pattern'$"),
        (lambda p: p.add_conversion("arith.subi", bad_pattern,
                                    _converter()), TypeError,
         r"^populate_patterns added conversion patterns \(add_conversion\): "
         "apply_patterns takes rewrite patterns only$"),
    ]
    for populate, exc, msg in cases:
        behaviour["populate"] = populate
        pl = _sub_add_payload()
        schedule, seq = _apply_patterns_script()
        with pytest.raises(exc, match=msg):
            seq.apply(pl)
        assert "arith.subi" in str(pl)      # nothing was rewritten


def _converter():
    from mlir.rewrite import TypeConverter
    return TypeConverter()
