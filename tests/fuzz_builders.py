"""The builder fuzzer: every generated op class of mlir.dialects called with
wrong-kind and misused arguments. Run as a script (in a child process: a
crash here must not take the test session with it):

    python tests/fuzz_builders.py LAST_FILE [MODULE ...]

For each op class of each generated module (`mlir.dialects._*_ops_gen`,
all of them unless modules are named) it makes TRIES calls of the class
with arguments drawn from pools chosen by what each parameter is (an
operand, a result type, an attribute, anything else): values of every
builtin kind, None, lists, a value of another context, a value whose
operation was erased, attributes and Python scalars of the wrong kind,
types for operands and so on. A call may build the op or raise any
Exception; a built op is printed and verified, which must not crash
either. Before each call the op and its arguments are written to
LAST_FILE, so the parent names the call that killed the process.

MLIR_CYTHON_BUILDER_FUZZ=N makes N random calls per op (seeded from the
clock, the seed printed) instead of the default derandomized 6.
"""

import importlib
import inspect
import os
import pkgutil
import random
import sys
import time

import mlir.dialects
from mlir._mlir_libs import _ods_runtime
from mlir.ir import (
    ArrayAttr, Attribute, Block, BoolAttr, Context, DenseI64ArrayAttr,
    F32Type, FloatAttr, IndexType, InsertionPoint, IntegerAttr, IntegerType,
    Location, MemRefType, Module, OpView, RankedTensorType, StringAttr,
    TypeAttr, UnitAttr, UnrankedTensorType, VectorType, FlatSymbolRefAttr,
    DictAttr, ComplexType, TupleType, FunctionType, NoneType, ShapedType,
    Value,
)

RANDOM = "MLIR_CYTHON_BUILDER_FUZZ" in os.environ
TRIES = int(os.environ.get("MLIR_CYTHON_BUILDER_FUZZ", "6"))
# Errors of a call that are not a builder's refusal but a bug of ours.
BUGS = (SystemError, MemoryError)


def generated_modules(names):
    if names:
        return [importlib.import_module(f"mlir.dialects.{n}") for n in names]
    mods = []
    for info in pkgutil.iter_modules(mlir.dialects.__path__):
        if info.name.startswith("_") and info.name.endswith("_ops_gen"):
            mods.append(importlib.import_module(
                f"mlir.dialects.{info.name}"))
    return mods


def op_classes(mod):
    for name, obj in sorted(vars(mod).items()):
        if (isinstance(obj, type) and issubclass(obj, OpView)
                and obj.__module__ == mod.__name__
                and hasattr(obj, "OPERATION_NAME")):
            yield obj


class Pools:
    """Arguments by kind, rebuilt in each fresh module."""

    def __init__(self, region, other_value):
        f32 = F32Type.get()
        i32 = IntegerType.get_signless(32)
        i1 = IntegerType.get_signless(1)
        index = IndexType.get()
        types = [f32, i32, i1, index, IntegerType.get_signed(8),
                 MemRefType.get([4], f32), MemRefType.get([2, 3], i32),
                 RankedTensorType.get([4], f32),
                 RankedTensorType.get([ShapedType.get_dynamic_size(), 3], i32),
                 UnrankedTensorType.get(f32), VectorType.get([4], f32),
                 VectorType.get([2, 2], i1), ComplexType.get(f32),
                 TupleType.get_tuple([i32, f32]),
                 FunctionType.get([i32], [f32]), NoneType.get()]
        self.types = types
        holder = Block.create_at_start(region, types)
        self.values = list(holder.arguments)
        # A value whose operation was erased: its object raises.
        dead = _dead_value(i32)
        self.odd_values = [None, dead, other_value, 0, 1.5, "x", f32,
                           IntegerAttr.get(i32, 1)]
        self.attrs = [
            IntegerAttr.get(i32, 3), IntegerAttr.get(index, 0),
            IntegerAttr.get(i1, 1), FloatAttr.get(f32, 2.0),
            StringAttr.get("s"), UnitAttr.get(), BoolAttr.get(True),
            TypeAttr.get(f32), TypeAttr.get(FunctionType.get([], [])),
            ArrayAttr.get([]), ArrayAttr.get([IntegerAttr.get(i32, 1)]),
            DenseI64ArrayAttr.get([1, 2]), FlatSymbolRefAttr.get("f"),
            DictAttr.get({}), Attribute.parse("affine_map<(d0) -> (d0)>"),
            Attribute.parse("dense<1.0> : tensor<4xf32>"),
        ]
        self.scalars = [None, 0, 1, -1, 2**40, 2**70, 1.5, True, "", "x",
                        [1, 2], [], ["a"], b"b", object()]

    def operand(self, rnd):
        r = rnd.random()
        if r < 0.6:
            return rnd.choice(self.values)
        if r < 0.8:
            return [rnd.choice(self.values)
                    for _ in range(rnd.randint(0, 3))]
        return rnd.choice(self.odd_values)

    def result(self, rnd):
        r = rnd.random()
        if r < 0.7:
            return rnd.choice(self.types)
        if r < 0.85:
            return [rnd.choice(self.types) for _ in range(rnd.randint(0, 3))]
        return rnd.choice([None, 1, "i32", rnd.choice(self.values)])

    def attribute(self, rnd):
        r = rnd.random()
        if r < 0.55:
            return rnd.choice(self.attrs)
        if r < 0.85:
            return rnd.choice(self.scalars)
        return rnd.choice(self.values + self.types)

    def anything(self, rnd):
        return rnd.choice([self.operand, self.result, self.attribute])(rnd)


def _dead_value(t):
    from mlir.ir import Operation
    op = Operation.create("fuzz.dead", results=[t])
    v = op.result
    op.erase()
    return v


def kinds_of(cls):
    """Parameter name -> 'operand' / 'result' / 'attribute' / None, from
    the class's accessor descriptors (the builder's parameters are named
    after them)."""
    kinds = {}
    for name, d in vars(cls).items():
        if isinstance(d, _ods_runtime._ods_value_group):
            kinds[name] = ("result" if type(d).__name__ == "_ods_result"
                           else "operand")
        elif type(d).__name__ in ("_ods_attribute", "_ods_property"):
            kinds[name] = "attribute"
    return kinds


def describe(args, kw):
    def one(a):
        try:
            if isinstance(a, list):
                text = "[" + ", ".join(one(x) for x in a) + "]"
            elif isinstance(a, Value):
                text = f"<{type(a).__name__} of type {a.type}>"
            else:
                text = repr(a)
        except Exception as e:  # an invalid object's repr may raise
            text = f"<{type(a).__name__}: {e}>"
        return text[:120]
    return ", ".join([one(a) for a in args] +
                     [f"{k}={one(v)}" for k, v in kw.items()])


def main():
    last = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    seed = int(time.time()) if RANDOM else 0
    print("seed", seed, flush=True)
    other = Context()
    other.allow_unregistered_dialects = True
    with other, Location.unknown():
        from mlir.ir import Operation
        other_op = Operation.create(
            "fuzz.other", results=[IntegerType.get_signless(32)])
        other_value = other_op.result
    calls = built = 0
    ctx = Context()
    ctx.allow_unregistered_dialects = True
    with ctx, Location.unknown():
        module = Module.create()
        for mod in generated_modules(sys.argv[2:]):
            for cls in op_classes(mod):
                rnd = random.Random(f"{seed}:{cls.OPERATION_NAME}")
                # A fresh holder per op class: a region of arguments.
                from mlir.ir import Operation
                holder_op = Operation.create("fuzz.holder", regions=1)
                pools = Pools(holder_op.regions[0], other_value)
                params = [p for p in inspect.signature(
                    cls.__init__).parameters.values()][1:]
                kinds = kinds_of(cls)
                for _ in range(TRIES):
                    args, kw = [], {}
                    for p in params:
                        if p.kind is p.VAR_POSITIONAL:
                            continue
                        if p.kind is p.VAR_KEYWORD:
                            continue
                        if p.name in ("loc", "ip"):
                            continue
                        if p.default is not p.empty and rnd.random() < 0.5:
                            continue
                        kind = kinds.get(p.name)
                        if p.name == "results":
                            kind = "result"
                        value = {"operand": pools.operand,
                                 "result": pools.result,
                                 "attribute": pools.attribute}.get(
                                     kind, pools.anything)(rnd)
                        if p.kind is p.KEYWORD_ONLY:
                            kw[p.name] = value
                        else:
                            args.append(value)
                    text = f"{cls.OPERATION_NAME}({describe(args, kw)})"
                    data = text.encode("utf-8", "replace")
                    os.pwrite(last, data, 0)
                    os.ftruncate(last, len(data))
                    calls += 1
                    try:
                        with InsertionPoint(module.body):
                            op = cls(*args, **kw)
                    except BUGS:
                        raise
                    except Exception:
                        continue
                    built += 1
                    try:
                        str(op)
                        try:
                            op.verify()
                        except BUGS:
                            raise
                        except Exception:
                            pass
                    finally:
                        op.operation.erase()
                del holder_op, pools
    print(f"calls {calls} built {built}", flush=True)


if __name__ == "__main__":
    main()
