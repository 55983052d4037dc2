"""Random dialect conversions whose Python patterns do random things,
right and wrong, to the IR: run by tests/test_fuzz_conversion.py in a child
process, which must survive them all (a crash fails the test, naming the
seed in LAST_FILE).

    python tests/fuzz_conversion.py LAST_FILE FIRST_SEED COUNT

Each seed builds a function of unregistered toy.* operations (some with a
region, over i32 and the opaque !toy.t), a type converter (!toy.t -> i64,
or nothing), a target and a config, and a pattern per toy operation (a
conversion pattern, sometimes a plain one) whose every call picks its
actions at random: build a
replacement at the rewriter's insertion point, replace with values, erase,
convert its region's types, move its block into a new operation, replace
or erase another operation (a sibling, its parent, a driver-made cast),
erase a block argument, move operations, set operands, replace uses,
build nested IR, keep the rewriter for later, fail after changing the IR,
raise, or return a wrong result. Afterwards the IR is verified,
printed and walked, and a kept rewriter is used."""

import random
import sys

from mlir.ir import (Context, InsertionPoint, IntegerType, Location,
                     MLIRError, Module, OpAdaptor, OpaqueType, Operation,
                     WalkResult)
from mlir.rewrite import (ConversionConfig, ConversionTarget,
                          DialectConversionFoldingMode, RewritePatternSet,
                          TypeConverter, apply_full_conversion,
                          apply_partial_conversion)

EXPECTED = (MLIRError, ValueError, RuntimeError, TypeError, IndexError,
            KeyError, ZeroDivisionError)


def program(rng):
    """Text of a random function of toy ops, and the op names it uses."""
    names = set()
    counter = [0]

    def fresh():
        counter[0] += 1
        return f"%v{counter[0]}"

    def emit(values, depth, indent):
        text = ""
        for _ in range(rng.randint(1, 4)):
            name = f"toy.op{rng.randint(0, 5)}"
            names.add(name)
            ops = [rng.choice(values) for _ in range(rng.randint(0, 2))]
            res_types = [rng.choice(["i32", "!toy.t"])
                         for _ in range(rng.randint(0, 2))]
            res = [fresh() for _ in res_types]
            head = (", ".join(res) + " = ") if res else ""
            region = ""
            if depth < 2 and rng.random() < 0.35:
                arg = fresh()
                inner = emit(values + [(arg, "!toy.t")], depth + 1,
                             indent + "    ")
                region = (f" ({{\n{indent}^bb0({arg}: !toy.t):\n{inner}"
                          f"{indent}  \"toy.end\"() : () -> ()\n{indent}}})")
                names.add("toy.end")
            text += (f"{indent}{head}\"{name}\"("
                     f"{', '.join(v for v, _ in ops)}){region} : "
                     f"({', '.join(t for _, t in ops)}) -> "
                     f"({', '.join(res_types)})\n")
            values = values + list(zip(res, res_types))
        return text

    text = ("func.func @f(%a: !toy.t, %b: i32) {\n"
            + emit([("%a", "!toy.t"), ("%b", "i32")], 0, "  ")
            + "  return\n}\n")
    return text, sorted(names)


def make_pattern(rng, kept, i64):
    def pattern(op, adaptor, converter, rewriter):
        for _ in range(rng.randint(1, 3)):
            act = rng.randrange(19)
            try:
                if act == 0:        # a replacement built at the ip
                    with rewriter.ip:
                        new = Operation.create(
                            "done.x", operands=adaptor.operands,
                            results=[r.type for r in op.results])
                    rewriter.replace_op(op, new)
                elif act == 1:      # values, maybe of other types
                    vals = [rng.choice(adaptor.operands or [None])
                            for _ in op.results]
                    rewriter.replace_op(op, vals)
                elif act == 2:
                    rewriter.erase_op(op)
                elif act == 3 and len(op.regions):
                    rewriter.convert_region_types(op.regions[0], converter)
                elif act == 4 and len(op.regions) and \
                        len(op.regions[0].blocks):
                    with rewriter.ip:
                        new = Operation.create(
                            "done.r", operands=adaptor.operands,
                            results=[r.type for r in op.results], regions=1)
                    op.regions[0].blocks[0].append_to(new.regions[0])
                    if rng.random() < 0.5:
                        rewriter.convert_region_types(new.regions[0],
                                                      converter)
                    rewriter.replace_op(op, new)
                elif act == 5:      # the parent or a sibling
                    other = rng.choice(
                        [op.operation.parent] +
                        list(op.operation.block.operations))
                    if rng.random() < 0.5:
                        rewriter.erase_op(other)
                    else:
                        rewriter.replace_op(other, [
                            rng.choice(adaptor.operands or [None])
                            for _ in other.results])
                elif act == 6:      # a cast the driver made, if any
                    for o in op.operation.block.operations:
                        if o.name == "builtin.unrealized_conversion_cast":
                            rewriter.erase_op(o)
                            break
                elif act == 7:
                    op.operation.block.erase_argument(0)
                elif act == 8:
                    kept.append(rewriter)
                elif act == 9:
                    return True     # (after whatever it did)
                elif act == 10:
                    return 1 / 0
                elif act == 11:
                    return "yes"
                elif act == 12:     # build and leave it unused
                    with rewriter.ip:
                        Operation.create("done.y", results=[i64])
                elif act == 13 and adaptor.operands:
                    rewriter.replace_op(op, [adaptor.operands[0]] *
                                        len(op.results))
                elif act == 14:     # move an op of the block
                    ops = list(op.operation.block.operations)
                    a, b = rng.choice(ops), rng.choice(ops)
                    (a.move_before if rng.random() < 0.5
                     else a.move_after)(b)
                elif act == 15 and adaptor.operands:
                    victim = rng.choice(list(op.operation.block.operations))
                    if len(victim.operands):
                        victim.operands[0] = rng.choice(adaptor.operands)
                elif act == 16 and adaptor.operands and len(op.results):
                    r = op.results[0]
                    if rng.random() < 0.5:
                        r.replace_all_uses_with(rng.choice(adaptor.operands))
                    else:
                        r.replace_all_uses_except(adaptor.operands[0], [])
                elif act == 17:     # nested IR built into a new op
                    with rewriter.ip:
                        outer = Operation.create("done.n", regions=1)
                    inner = outer.regions[0].blocks.append(i64)
                    with InsertionPoint(inner):
                        Operation.create(
                            "done.i", operands=list(adaptor.operands) +
                            [inner.arguments[0]], results=[i64])
                    if rng.random() < 0.5:
                        inner.create_before()
                elif act == 18 and adaptor.operands:
                    victim = rng.choice(list(op.operation.block.operations))
                    victim.replace_uses_of_with(
                        victim.operands[0] if len(victim.operands)
                        else adaptor.operands[0], adaptor.operands[0])
            except EXPECTED:
                pass
        return rng.random() < 0.3

    return pattern


def run(seed):
    rng = random.Random(seed)
    text, names = program(rng)
    kept = []
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        m = Module.parse(text)
        i64 = IntegerType.get_signless(64)
        tc = TypeConverter()
        if rng.random() < 0.8:
            tc.add_conversion(lambda t: t if isinstance(t, IntegerType)
                              else None)
            tc.add_conversion(lambda t: i64 if isinstance(t, OpaqueType)
                              else None)
        ps = RewritePatternSet()
        for name in names:
            roll = rng.random()
            if roll < 0.7:
                ps.add_conversion(name, make_pattern(rng, kept, i64), tc,
                                  benefit=rng.randint(0, 3))
            elif roll < 0.85:       # a plain pattern, in a conversion
                fn = make_pattern(rng, kept, i64)
                ps.add(name, lambda op, rw, fn=fn: fn(
                    op, OpAdaptor(list(op.operands), op), tc, rw))
        target = ConversionTarget()
        target.add_illegal_dialect("toy")
        if rng.random() < 0.5:
            target.add_legal_dialect("done", "builtin", "func")
        config = ConversionConfig()
        config.build_materializations = rng.random() < 0.7
        config.folding_mode = rng.choice(list(DialectConversionFoldingMode))
        apply = apply_full_conversion if rng.random() < 0.3 \
            else apply_partial_conversion
        try:
            apply(m.operation, target, ps.freeze(), config)
            converted = True
        except EXPECTED:
            converted = False
        try:
            m.operation.verify()
        except MLIRError:
            pass
        str(m)
        m.operation.walk(lambda o: WalkResult.ADVANCE)
        for r in kept:
            try:
                r.ip
            except RuntimeError:
                pass
        return converted


def main():
    last, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    converted = 0
    for seed in range(first, first + count):
        with open(last, "w") as f:
            f.write(str(seed))
        converted += run(seed)
    print("runs", count, "converted", converted)


if __name__ == "__main__":
    main()
