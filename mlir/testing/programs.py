"""Hypothesis strategies for random, verified IR programs, and a check that a
pass pipeline preserves what they compute::

    from hypothesis import given, strategies as st
    from mlir.testing import programs as mp

    @given(mp.programs(), st.data())
    def test_my_pipeline(program, data):
        inputs = data.draw(mp.inputs(program, count=3))
        mp.assert_pipeline_preserves_semantics(
            "builtin.module(canonicalize, my-pass)", program, inputs)

A program is one function `@kernel` of scalar arguments (i32, i64, f32,
f64) returning every value of its body that nothing else uses (so that
each operation shows in the results), built from arith, math, vector,
tensor, memref and scf operations:
integer and float arithmetic, comparisons, selects, casts, constants,
vectors built from scalars, combined elementwise and extracted or reduced,
tensors built from scalars, updated and read, stack buffers stored to and
loaded from, scf.if with results and scf.for with iteration arguments,
nested. Every
program is well formed (types, dominance, terminators) and free of
undefined behaviour on every input (divisors and shift amounts are made
valid first; no float-to-int conversion), so two runs that differ are a
miscompilation. Programs are drawn as a list of choices, so hypothesis
shrinks a failing one to few operations.

assert_pipeline_preserves_semantics JIT-compiles the program as it is and
after the pipeline (both then bufferized and lowered to LLVM by LOWERING), runs both on
the inputs and compares the results (NaN equal to NaN).

This module imports hypothesis; mlir.ir does not need it.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from typing import Callable, Sequence

from hypothesis import strategies as st

from mlir.execution_engine import ExecutionEngine
from mlir.ir import Context, Module
from mlir.passmanager import PassManager

__all__ = ["Program", "programs", "inputs", "assert_pipeline_preserves_semantics",
           "run_program", "LOWERING"]

# What a program is lowered by before it is JIT-compiled (after the pipeline
# under test, which may have lowered it already).
LOWERING = ("builtin.module(one-shot-bufferize, convert-scf-to-cf, "
            "convert-vector-to-llvm, "
            "convert-math-to-llvm, convert-arith-to-llvm, "
            "finalize-memref-to-llvm, convert-cf-to-llvm, "
            "convert-func-to-llvm, reconcile-unrealized-casts)")

INT_TYPES = ("i32", "i64")
FLOAT_TYPES = ("f32", "f64")
SCALAR_TYPES = INT_TYPES + FLOAT_TYPES
_WIDTH = {"i32": 32, "i64": 64, "i1": 1}
_CTYPES = {"i32": ctypes.c_int32, "i64": ctypes.c_int64,
           "f32": ctypes.c_float, "f64": ctypes.c_double}


@dataclass(frozen=True)
class Program:
    """A generated function: its MLIR text (a module holding `@kernel`),
    argument types and result types."""
    text: str
    arg_types: tuple
    result_types: tuple
    name: str = "kernel"

    def __str__(self):
        return self.text


class _Writer:
    """Emits the lines of a function, naming values %v0, %v1, ..."""

    def __init__(self):
        self.lines = []
        self.count = 0

    def fresh(self):
        name = f"%v{self.count}"
        self.count += 1
        return name

    def emit(self, indent, text):
        self.lines.append("  " * indent + text)


_INT_BINARY = ("addi", "subi", "muli", "andi", "ori", "xori", "maxsi",
               "minsi", "maxui", "minui")
_FLOAT_BINARY = ("addf", "subf", "mulf", "divf", "maximumf", "minimumf")
_INT_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule",
                   "ugt", "uge")
_FLOAT_PREDICATES = ("oeq", "one", "olt", "ole", "ogt", "oge", "ueq", "une",
                     "ult", "ule", "ugt", "uge", "ord", "uno")
# Vector reductions whose result does not depend on the order of evaluation.
_INT_REDUCTIONS = ("add", "mul", "and", "or", "xor", "minsi", "maxsi",
                   "minui", "maxui")
_FLOAT_REDUCTIONS = ("maximumf", "minimumf")
_KINDS = ("constant", "int_binary", "int_division", "shift", "float_binary",
          "float_unary", "compare", "select", "cast", "math", "vector",
          "memref", "tensor", "if", "for")


def _int_constant(draw, ty):
    bits = _WIDTH[ty]
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return draw(st.sampled_from([0, 1, -1, 2, 7, lo, hi]) | st.integers(lo, hi))


def _float_constant(draw):
    # Values exact in f32 and printed exactly: small multiples of 1/8.
    return draw(st.sampled_from([0.0, -0.0, 1.0, -1.0, 0.5, 3.0, 1e30]) |
                st.integers(-4096, 4096).map(lambda k: k / 8))


class _Builder:
    def __init__(self, draw, max_ops, max_depth):
        self.draw = draw
        self.w = _Writer()
        self.max_depth = max_depth
        self.budget = max_ops
        self.used = set()

    # -- values ---------------------------------------------------------

    def constant(self, env, ty, indent):
        name = self.w.fresh()
        if ty in INT_TYPES or ty == "index":
            value = _int_constant(self.draw, ty) if ty != "index" else \
                self.draw(st.integers(0, 6))
            self.w.emit(indent, f"{name} = arith.constant {value} : {ty}")
        elif ty == "i1":
            value = self.draw(st.booleans())
            self.w.emit(indent, f"{name} = arith.constant "
                                f"{'true' if value else 'false'}")
        else:
            value = _float_constant(self.draw)
            self.w.emit(indent, f"{name} = arith.constant {value:.17e} : {ty}")
        env.append((name, ty))
        return name

    def pick(self, env, ty, indent):
        """A value of type `ty` in scope (a new constant if there is none)."""
        candidates = [n for n, t in env if t == ty]
        if not candidates:
            name = self.constant(env, ty, indent)
        else:
            name = self.draw(st.sampled_from(candidates[::-1]))
        self.used.add(name)
        return name

    def pick_type(self, kinds=SCALAR_TYPES):
        return self.draw(st.sampled_from(kinds))

    # -- operations -----------------------------------------------------

    def block(self, env, indent, depth):
        """Emits operations into the current block; env grows with the
        values defined."""
        n = self.draw(st.integers(0, max(0, min(self.budget, 8))))
        for _ in range(n):
            if self.budget <= 0:
                break
            self.budget -= 1
            kinds = _KINDS if depth < self.max_depth else _KINDS[:-2]
            getattr(self, "op_" + self.draw(st.sampled_from(kinds)))(
                env, indent, depth)

    def op_constant(self, env, indent, depth):
        self.constant(env, self.pick_type(), indent)

    def _binary(self, env, indent, types, ops):
        ty = self.pick_type(types)
        op = self.draw(st.sampled_from(ops))
        a, b = self.pick(env, ty, indent), self.pick(env, ty, indent)
        name = self.w.fresh()
        self.w.emit(indent, f"{name} = arith.{op} {a}, {b} : {ty}")
        env.append((name, ty))

    def op_int_binary(self, env, indent, depth):
        self._binary(env, indent, INT_TYPES, _INT_BINARY)

    def op_int_division(self, env, indent, depth):
        # Unsigned division and remainder by a divisor made non-zero.
        ty = self.pick_type(INT_TYPES)
        op = self.draw(st.sampled_from(("divui", "remui", "ceildivui")))
        a, b = self.pick(env, ty, indent), self.pick(env, ty, indent)
        zero, one, is_zero, d, name = (self.w.fresh() for _ in range(5))
        self.w.emit(indent, f"{zero} = arith.constant 0 : {ty}")
        self.w.emit(indent, f"{one} = arith.constant 1 : {ty}")
        self.w.emit(indent, f"{is_zero} = arith.cmpi eq, {b}, {zero} : {ty}")
        self.w.emit(indent, f"{d} = arith.select {is_zero}, {one}, {b} : {ty}")
        self.w.emit(indent, f"{name} = arith.{op} {a}, {d} : {ty}")
        env.append((name, ty))

    def op_shift(self, env, indent, depth):
        # The amount masked below the width.
        ty = self.pick_type(INT_TYPES)
        op = self.draw(st.sampled_from(("shli", "shrui", "shrsi")))
        a, b = self.pick(env, ty, indent), self.pick(env, ty, indent)
        mask, amount, name = (self.w.fresh() for _ in range(3))
        self.w.emit(indent, f"{mask} = arith.constant {_WIDTH[ty] - 1} : {ty}")
        self.w.emit(indent, f"{amount} = arith.andi {b}, {mask} : {ty}")
        self.w.emit(indent, f"{name} = arith.{op} {a}, {amount} : {ty}")
        env.append((name, ty))

    def op_float_binary(self, env, indent, depth):
        self._binary(env, indent, FLOAT_TYPES, _FLOAT_BINARY)

    def op_float_unary(self, env, indent, depth):
        ty = self.pick_type(FLOAT_TYPES)
        a = self.pick(env, ty, indent)
        name = self.w.fresh()
        self.w.emit(indent, f"{name} = arith.negf {a} : {ty}")
        env.append((name, ty))

    def op_compare(self, env, indent, depth):
        ty = self.pick_type()
        a, b = self.pick(env, ty, indent), self.pick(env, ty, indent)
        name = self.w.fresh()
        if ty in INT_TYPES:
            p = self.draw(st.sampled_from(_INT_PREDICATES))
            self.w.emit(indent, f"{name} = arith.cmpi {p}, {a}, {b} : {ty}")
        else:
            p = self.draw(st.sampled_from(_FLOAT_PREDICATES))
            self.w.emit(indent, f"{name} = arith.cmpf {p}, {a}, {b} : {ty}")
        env.append((name, "i1"))

    def op_select(self, env, indent, depth):
        ty = self.pick_type()
        c = self.pick(env, "i1", indent)
        a, b = self.pick(env, ty, indent), self.pick(env, ty, indent)
        name = self.w.fresh()
        self.w.emit(indent, f"{name} = arith.select {c}, {a}, {b} : {ty}")
        env.append((name, ty))

    def op_cast(self, env, indent, depth):
        kind = self.draw(st.sampled_from((
            ("extsi", "i32", "i64"), ("extui", "i32", "i64"),
            ("trunci", "i64", "i32"), ("sitofp", "i32", "f32"),
            ("sitofp", "i64", "f64"), ("uitofp", "i32", "f64"),
            ("extf", "f32", "f64"), ("truncf", "f64", "f32"),
            ("bitcast", "i32", "f32"), ("bitcast", "i64", "f64"),
            ("extui", "i1", "i32"), ("index_cast", "index", "i64"),
            ("index_cast", "index", "i32"))))
        op, src, dst = kind
        a = self.pick(env, src, indent)
        name = self.w.fresh()
        self.w.emit(indent, f"{name} = arith.{op} {a} : {src} to {dst}")
        env.append((name, dst))

    def op_math(self, env, indent, depth):
        ty = self.pick_type()
        a = self.pick(env, ty, indent)
        name = self.w.fresh()
        op = "absi" if ty in INT_TYPES else "absf"
        self.w.emit(indent, f"{name} = math.{op} {a} : {ty}")
        env.append((name, ty))

    def op_vector(self, env, indent, depth):
        # A vector made of scalars, an elementwise operation on it, and a
        # scalar taken back out by extraction or an order-free reduction.
        ty = self.pick_type()
        n = self.draw(st.integers(2, 4))
        vt = f"vector<{n}x{ty}>"
        a, b = self.pick(env, ty, indent), self.pick(env, ty, indent)
        splat, mixed, combined, name = (self.w.fresh() for _ in range(4))
        self.w.emit(indent, f"{splat} = vector.broadcast {a} : {ty} to {vt}")
        self.w.emit(indent, f"{mixed} = vector.insert {b}, {splat} "
                            f"[{self.draw(st.integers(0, n - 1))}] : {ty} "
                            f"into {vt}")
        ops = _INT_BINARY if ty in INT_TYPES else _FLOAT_BINARY
        self.w.emit(indent, f"{combined} = arith."
                            f"{self.draw(st.sampled_from(ops))} {mixed}, "
                            f"{splat} : {vt}")
        if self.draw(st.booleans()):
            self.w.emit(indent, f"{name} = vector.extract {combined}"
                                f"[{self.draw(st.integers(0, n - 1))}] : "
                                f"{ty} from {vt}")
        else:
            kinds = _INT_REDUCTIONS if ty in INT_TYPES else _FLOAT_REDUCTIONS
            self.w.emit(indent, f"{name} = vector.reduction "
                                f"<{self.draw(st.sampled_from(kinds))}>, "
                                f"{combined} : {vt} into {ty}")
        env.append((name, ty))

    def op_memref(self, env, indent, depth):
        # A stack buffer, every element stored first (no read of an
        # uninitialised element), some overwritten, one loaded back.
        ty = self.pick_type()
        n = self.draw(st.integers(1, 4))
        mt = f"memref<{n}x{ty}>"
        buf = self.w.fresh()
        self.w.emit(indent, f"{buf} = memref.alloca() : {mt}")
        index = self._indices(n, indent)
        stores = [(i, self.pick(env, ty, indent)) for i in range(n)]
        stores += [(self.draw(st.integers(0, n - 1)),
                    self.pick(env, ty, indent))
                   for _ in range(self.draw(st.integers(0, 2)))]
        for i, v in stores:
            self.w.emit(indent, f"memref.store {v}, {buf}[{index[i]}] : {mt}")
        name = self.w.fresh()
        self.w.emit(indent, f"{name} = memref.load {buf}"
                            f"[{index[self.draw(st.integers(0, n - 1))]}] : "
                            f"{mt}")
        env.append((name, ty))

    def _indices(self, n, indent):
        names = []
        for i in range(n):
            c = self.w.fresh()
            self.w.emit(indent, f"{c} = arith.constant {i} : index")
            names.append(c)
        return names

    def op_tensor(self, env, indent, depth):
        # A tensor of scalars, maybe one element replaced (a new tensor:
        # the first stays as it was), one element extracted from either.
        ty = self.pick_type()
        n = self.draw(st.integers(1, 4))
        tt = f"tensor<{n}x{ty}>"
        elems = [self.pick(env, ty, indent) for _ in range(n)]
        index = self._indices(n, indent)
        first = self.w.fresh()
        self.w.emit(indent, f"{first} = tensor.from_elements "
                            f"{', '.join(elems)} : {tt}")
        tensors = [first]
        if self.draw(st.booleans()):
            second = self.w.fresh()
            self.w.emit(indent, f"{second} = tensor.insert "
                                f"{self.pick(env, ty, indent)} into {first}"
                                f"[{index[self.draw(st.integers(0, n - 1))]}]"
                                f" : {tt}")
            tensors.append(second)
        name = self.w.fresh()
        self.w.emit(indent, f"{name} = tensor.extract "
                            f"{self.draw(st.sampled_from(tensors))}"
                            f"[{index[self.draw(st.integers(0, n - 1))]}] : "
                            f"{tt}")
        env.append((name, ty))

    def _yield_lines(self, env, items, indent):
        """The lines ending a region's block: scf.yield of `items`, each a
        (name, type) pair or a type to yield a value of in `env` (a new
        constant among the lines when there is none)."""
        saved, self.w.lines = self.w.lines, []
        values = [(self.pick(env, i, indent), i) if isinstance(i, str) else i
                  for i in items]
        if values:
            self.w.emit(indent, f"scf.yield {', '.join(n for n, _ in values)}"
                                f" : {', '.join(t for _, t in values)}")
        else:
            self.w.emit(indent, "scf.yield")
        lines, self.w.lines = self.w.lines, saved
        return lines

    def sinks(self, env, start, indent):
        """The values of env[start:] that nothing uses (i1 and index ones
        widened to i32 and i64), so that they can be yielded or
        returned."""
        out = []
        for name, ty in env[start:]:
            if name in self.used:
                continue
            if ty == "i1":
                wide = self.w.fresh()
                self.w.emit(indent, f"{wide} = arith.extui {name} : i1 to i32")
                name, ty = wide, "i32"
            elif ty == "index":
                wide = self.w.fresh()
                self.w.emit(indent, f"{wide} = arith.index_cast {name} : "
                                    f"index to i64")
                name, ty = wide, "i64"
            self.used.add(name)
            out.append((name, ty))
        return out

    def region_block(self, env, extra, indent, depth):
        """Generates a block's operations into a buffer of their own:
        (its lines, the env within it, its sinks)."""
        saved, self.w.lines = self.w.lines, []
        inner = list(env) + list(extra)
        start = len(inner)
        self.block(inner, indent, depth)
        sinks = self.sinks(inner, start, indent)
        lines, self.w.lines = self.w.lines, saved
        return lines, inner, sinks

    def op_if(self, env, indent, depth):
        # The results: types drawn, then what each branch computes and
        # nothing uses (the other branch yields a value of the same type).
        cond = self.pick(env, "i1", indent)
        declared = self.draw(st.lists(st.sampled_from(SCALAR_TYPES),
                                      max_size=2))
        then_lines, then_env, then_sinks = self.region_block(
            env, [], indent + 1, depth + 1)
        else_lines, else_env, else_sinks = self.region_block(
            env, [], indent + 1, depth + 1)
        then_sink_types = [t for _, t in then_sinks]
        else_sink_types = [t for _, t in else_sinks]
        types = declared + then_sink_types + else_sink_types
        names = [self.w.fresh() for _ in types]
        then_lines += self._yield_lines(
            then_env, declared + then_sinks + else_sink_types, indent + 1)
        else_lines += self._yield_lines(
            else_env, declared + then_sink_types + else_sinks, indent + 1)
        head = f"{', '.join(names)} = " if names else ""
        arrow = f" -> ({', '.join(types)})" if types else ""
        self.w.emit(indent, f"{head}scf.if {cond}{arrow} {{")
        self.w.lines.extend(then_lines)
        self.w.emit(indent, "} else {")
        self.w.lines.extend(else_lines)
        self.w.emit(indent, "}")
        env.extend(zip(names, types))

    def op_for(self, env, indent, depth):
        # Iteration arguments: types drawn, then what the body computes and
        # nothing uses (initialised from values before the loop).
        lb, ub, step = (self.w.fresh() for _ in range(3))
        self.w.emit(indent, f"{lb} = arith.constant 0 : index")
        self.w.emit(indent, f"{ub} = arith.constant "
                            f"{self.draw(st.integers(0, 5))} : index")
        self.w.emit(indent, f"{step} = arith.constant "
                            f"{self.draw(st.integers(1, 2))} : index")
        declared = self.draw(st.lists(st.sampled_from(SCALAR_TYPES),
                                      min_size=1, max_size=2))
        iv = self.w.fresh()
        args = [self.w.fresh() for _ in declared]
        body, inner, sinks = self.region_block(
            env, [(iv, "index")] + list(zip(args, declared)), indent + 1,
            depth + 1)
        body += self._yield_lines(inner, declared + sinks, indent + 1)
        types = declared + [t for _, t in sinks]
        args += [self.w.fresh() for _ in sinks]
        inits = [self.pick(env, t, indent) for t in types]
        names = [self.w.fresh() for _ in types]
        iters = ", ".join(f"{a} = {i}" for a, i in zip(args, inits))
        self.w.emit(indent, f"{', '.join(names)} = scf.for {iv} = {lb} to "
                            f"{ub} step {step} iter_args({iters}) -> "
                            f"({', '.join(types)}) {{")
        self.w.lines.extend(body)
        self.w.emit(indent, "}")
        env.extend(zip(names, types))


@st.composite
def programs(draw, max_ops: int = 24, max_depth: int = 2,
             max_args: int = 3) -> Program:
    """Random functions `@kernel` of scalar arguments returning one scalar,
    of at most `max_ops` operation choices (a choice may add a few
    operations) nested at most `max_depth` regions deep."""
    arg_types = tuple(draw(st.lists(st.sampled_from(SCALAR_TYPES),
                                    min_size=1, max_size=max_args)))
    b = _Builder(draw, max_ops, max_depth)
    env = [(f"%arg{i}", t) for i, t in enumerate(arg_types)]
    while b.budget > 0:
        before = b.budget
        b.block(env, 2, 0)
        if b.budget == before or not draw(st.booleans()):
            break
    # Every value nothing uses is a result (i1 and index ones widened).
    results = b.sinks(env, 0, 2)
    if not results:
        b.used.discard(env[-1][0])
        results = b.sinks(env, len(env) - 1, 2)
    params = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(arg_types))
    types = ", ".join(t for _, t in results)
    lines = [
        "module {",
        f"  func.func @kernel({params}) -> ({types}) "
        "attributes {llvm.emit_c_interface} {",
        *b.w.lines,
        f"    return {', '.join(n for n, _ in results)} : {types}",
        "  }",
        "}",
    ]
    return Program("\n".join(lines), arg_types,
                   tuple(t for _, t in results))


def _values(ty):
    if ty in INT_TYPES:
        bits = _WIDTH[ty]
        lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        return st.sampled_from([0, 1, -1, lo, hi]) | st.integers(lo, hi)
    return st.floats(width=32 if ty == "f32" else 64)


def inputs(program: Program, count: int = 1):
    """`count` argument tuples for `program` (special values included:
    extremes, zeros, infinities, NaN)."""
    one = st.tuples(*(_values(t) for t in program.arg_types))
    return st.lists(one, min_size=count, max_size=count)


def run_program(engine: ExecutionEngine, program: Program,
                args: Sequence) -> tuple:
    """Calls the JIT-compiled `program` on `args`; returns its results."""
    ptrs = [ctypes.pointer(_CTYPES[t](v))
            for t, v in zip(program.arg_types, args)]
    types = program.result_types
    if len(types) == 1:
        result = _CTYPES[types[0]]()
        engine.invoke(program.name, *ptrs, ctypes.pointer(result))
        return (result.value,)
    # Several results come back in a struct the C interface writes through
    # a pointer passed first.
    struct = type("Results", (ctypes.Structure,), {"_fields_": [
        (f"r{i}", _CTYPES[t]) for i, t in enumerate(types)]})
    out = struct()
    engine.invoke(program.name, ctypes.pointer(ctypes.pointer(out)), *ptrs)
    return tuple(getattr(out, f"r{i}") for i in range(len(types)))


def _same_one(a, b):
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return a == b


def _same(a, b):
    return len(a) == len(b) and all(_same_one(x, y) for x, y in zip(a, b))


def _compile(text, context, transform=None):
    module = Module.parse(text, context)
    if transform is not None:
        if isinstance(transform, str):
            PassManager.parse(transform, context).run(module.operation)
        else:
            transform(module)
    after = str(module)
    PassManager.parse(LOWERING, context).run(module.operation)
    return ExecutionEngine(module, opt_level=0), after


def assert_pipeline_preserves_semantics(
        pipeline: str | Callable[[Module], None], program: Program,
        inputs: Sequence[Sequence], context: Context | None = None) -> None:
    """Raises AssertionError when `program` computes another result on one of
    `inputs` after `pipeline` (a pass pipeline string, or a function
    changing a Module in place) than before. Both versions are lowered by
    LOWERING and JIT-compiled; the message shows the program, the IR after
    the pipeline, the input and both results."""
    ctx = context if context is not None else Context()
    reference, _ = _compile(program.text, ctx)
    changed, after = _compile(program.text, ctx, pipeline)
    for args in inputs:
        want = run_program(reference, program, args)
        got = run_program(changed, program, args)
        if not _same(want, got):
            raise AssertionError(
                f"the pipeline changed what the program computes on "
                f"{tuple(args)!r}: {want!r} before, {got!r} after.\n"
                f"program:\n{program.text}\nafter the pipeline:\n{after}")
