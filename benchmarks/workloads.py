"""The workloads of benchmarks/compare.py, written once for any package that
has the layout of the upstream MLIR Python bindings (`mlir.ir`,
`mlir.passmanager`, `mlir.dialects.*`): this package and upstream's
nanobind bindings run exactly this code.

Each timed workload is `fn(M, n) -> run`: `fn` does the setup (not timed),
`run()` does one repetition and returns its own measured time in seconds
(so that per-repetition setup, like parsing the module a pass pipeline
rewrites, stays out of the time). `M` is `Mods()`, the imported modules.

Where the two APIs differ, the code uses what both accept:
`PassManager.run` is given `module.operation` (upstream takes an operation,
not a `Module`).
"""

import gc
import os
import time


class Mods:
    """The modules a workload uses, imported from whichever `mlir` package
    is on sys.path."""

    def __init__(self):
        import numpy as np

        import mlir.ir as ir
        import mlir.passmanager as passmanager
        from mlir.dialects import arith, func
        self.np, self.ir, self.passmanager = np, ir, passmanager
        self.arith, self.func = arith, func


def large_text(n):
    """The large module: a func of n groups of an arith.constant (7
    distinct values), two identical arith.muli and an arith.addi, so 4n + 3
    ops with the module; canonicalize dedups and hoists the constants, cse
    removes one muli of each group. The same text as large_text() in
    c/compare_floor.c."""
    lines = ["func.func @f(%a: i32) -> i32 {"]
    acc = "%a"
    for k in range(n):
        lines.append(f"  %c{k} = arith.constant {k % 7 + 2} : i32")
        lines.append(f"  %x{k} = arith.muli {acc}, %c{k} : i32")
        lines.append(f"  %y{k} = arith.muli {acc}, %c{k} : i32")
        lines.append(f"  %v{k} = arith.addi %x{k}, %y{k} : i32")
        acc = f"%v{k}"
    lines.append(f"  return {acc} : i32")
    lines.append("}")
    return "\n".join(lines) + "\n"


def flat_text(n):
    """A module body of n arith.constant ops (value attribute i64)."""
    return "module {\n" + "".join(
        f"  %c{i} = arith.constant {i} : i64\n" for i in range(n)) + "}\n"


def unregistered_text(n):
    """A module body of n ops of an unregistered dialect, attribute "v"."""
    return "module {\n" + "".join(
        f'  "t.op"() {{v = {i} : i64}} : () -> ()\n' for i in range(n)) + "}\n"


def _timed_units(ir, n, unit):
    """Seconds to build n units into a fresh module, unit(k) putting the
    k-th function into its body."""
    t0 = time.perf_counter()
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        for k in range(n):
            unit(k)
    dt = time.perf_counter() - t0
    assert len(module.body.operations) == n
    return dt


def _timed(body):
    t0 = time.perf_counter()
    body()
    return time.perf_counter() - t0


# ---- building -------------------------------------------------------------

def _build_chain(M, n, step):
    ir, func = M.ir, M.func

    def body(n):
        t0 = time.perf_counter()
        module = ir.Module.create()
        i32 = ir.IntegerType.get_signless(32)
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("f", ir.FunctionType.get([i32], [i32]))
            with ir.InsertionPoint(f.add_entry_block()):
                acc = f.arguments[0]
                for k in range(n):
                    acc = step(acc, i32, k)
                func.ReturnOp([acc])
        dt = time.perf_counter() - t0
        assert len(f.entry_block.operations) == 2 * n + 1
        return dt

    ctx = ir.Context()

    def run(n=n):
        with ctx, ir.Location.unknown():
            return body(n)
    run(10)                                  # first use of each builder
    return run


def build_classes(M, n):
    """n x (arith.ConstantOp + arith.AddIOp) in a func; unit: 2n ops."""
    arith = M.arith
    return _build_chain(M, n, lambda acc, i32, k: arith.AddIOp(
        acc, arith.ConstantOp(i32, k)).result)


def build_functions(M, n):
    """n x (arith.constant + arith.addi) in a func; unit: 2n ops."""
    arith = M.arith
    return _build_chain(M, n, lambda acc, i32, k: arith.addi(
        acc, arith.constant(i32, k)))


def create_generic(M, n):
    """n x Operation.create of "t.op" with one attribute and one result."""
    ir = M.ir
    ctx = ir.Context()
    ctx.allow_unregistered_dialects = True

    def run():
        with ctx, ir.Location.unknown():
            i64 = ir.IntegerType.get_signless(64)
            seven = ir.IntegerAttr.get(i64, 7)
            t0 = time.perf_counter()
            m = ir.Module.create()
            ip = ir.InsertionPoint(m.body)
            for _ in range(n):
                ir.Operation.create("t.op", results=[i64],
                                    attributes={"v": seven}, ip=ip)
            dt = time.perf_counter() - t0
            assert len(m.body.operations) == n
            return dt
    return run


# ---- reading --------------------------------------------------------------

def _iterate(M, text, key, n):
    ir = M.ir
    ctx = ir.Context()
    ctx.allow_unregistered_dialects = True
    m = ir.Module.parse(text, context=ctx)
    body = m.body

    def loop():
        count = 0
        for op in body.operations:
            op.name
            op.attributes[key]
            count += 1
        assert count == n
    return lambda: _timed(loop)


def iterate(M, n):
    """Iterate a block of n arith.constant ops reading op.name and the
    attribute "value"."""
    return _iterate(M, flat_text(n), "value", n)


def iterate_unregistered(M, n):
    """The same over n ops of an unregistered dialect ("t.op", attribute
    "v"): upstream tries to import a Python module for the dialect "t"
    at every op."""
    return _iterate(M, unregistered_text(n), "v", n)


def walk(M, n):
    """Operation.walk over the large module (4n + 3 ops)."""
    ir = M.ir
    ctx = ir.Context()
    m = ir.Module.parse(large_text(n), context=ctx)
    def run():
        count, cb = _op_counter(ir)
        dt = _timed(lambda: m.operation.walk(cb))
        assert count[0] == 4 * n + 3, count[0]
        return dt
    return run


def _op_counter(ir):
    """A walk callback counting the ops it sees, and its count cell."""
    count = [0]
    advance = ir.WalkResult.ADVANCE

    def cb(op):
        count[0] += 1
        return advance
    return count, cb


# ---- types and attributes -------------------------------------------------

def _calls(M, body):
    ctx = M.ir.Context()

    def run():
        with ctx, M.ir.Location.unknown():
            return _timed(body)
    return run


def integer_type(M, n):
    IntegerType = M.ir.IntegerType

    def body():
        for _ in range(n):
            IntegerType.get_signless(32)
    return _calls(M, body)


def f32_type(M, n):
    F32Type = M.ir.F32Type

    def body():
        for _ in range(n):
            F32Type.get()
    return _calls(M, body)


def integer_attr(M, n):
    ir = M.ir

    def body():
        i32 = ir.IntegerType.get_signless(32)
        get = ir.IntegerAttr.get
        for k in range(n):
            get(i32, k)
    return _calls(M, body)


def string_attr(M, n):
    get = M.ir.StringAttr.get

    def body():
        for _ in range(n):
            get("s")
    return _calls(M, body)


def dense_from_numpy(M, n):
    """DenseElementsAttr.get of an int32 numpy array of n elements; one
    element changes before each repetition (untimed), so MLIR's uniquer
    never finds the attribute already made."""
    ir, np = M.ir, M.np
    data = (np.arange(n, dtype=np.uint32) * np.uint32(2654435761)).view(np.int32)
    ctx = ir.Context()
    rep = [0]

    def run():
        data[0] = rep[0]
        rep[0] += 1
        with ctx:
            return _timed(lambda: ir.DenseElementsAttr.get(data))
    return run


# ---- the everyday long tail ----------------------------------------------

def location_file(M, n):
    """Location.file("model.py", k, 4): a front-end's location per op."""
    ir = M.ir

    def body():
        file = ir.Location.file
        for k in range(n):
            file("model.py", k, 4)
    return _calls(M, body)


def location_name(M, n):
    """Location.name("conv1", childLoc=at): a front-end's named scope
    around a file location, per op."""
    ir = M.ir

    def body():
        name = ir.Location.name
        at = ir.Location.file("model.py", 1, 1)
        for k in range(n):
            name("conv1", childLoc=at)
    return _calls(M, body)


def ranked_tensor_type(M, n):
    """RankedTensorType.get([k, 4], f32): a new shape each call."""
    ir = M.ir

    def body():
        f32 = ir.F32Type.get()
        get = ir.RankedTensorType.get
        for k in range(n):
            get([k, 4], f32)
    return _calls(M, body)


def array_attr(M, n):
    """ArrayAttr.get([StringAttr.get("a"), IntegerAttr.get(i32, k)])."""
    ir = M.ir

    def body():
        i32 = ir.IntegerType.get_signless(32)
        array, string, integer = ir.ArrayAttr.get, ir.StringAttr.get, \
            ir.IntegerAttr.get
        for k in range(n):
            array([string("a"), integer(i32, k)])
    return _calls(M, body)


def dict_attr(M, n):
    """DictAttr.get({"a": IntegerAttr.get(i32, k), "b": StringAttr.get("s")}):
    a new dictionary each call, as an op's attributes are."""
    ir = M.ir

    def body():
        i32 = ir.IntegerType.get_signless(32)
        dictionary, string, integer = ir.DictAttr.get, ir.StringAttr.get, \
            ir.IntegerAttr.get
        for k in range(n):
            dictionary({"a": integer(i32, k), "b": string("s")})
    return _calls(M, body)


def type_parse(M, n):
    """Type.parse("tensor<?x4xf32>")."""
    parse = M.ir.Type.parse

    def body():
        for _ in range(n):
            parse("tensor<?x4xf32>")
    return _calls(M, body)


_ONE_OP = """func.func @f(%a: tensor<?x4xf32>, %b: i32) -> i32 {
  %0 = arith.addi %b, %b {x = 1 : i32, y = "s"} : i32
  return %0 : i32
}"""


def _one_op(M, body):
    """Runs body(op) on arith.addi of _ONE_OP (two operands, one result,
    two discardable attributes)."""
    ir = M.ir
    ctx = ir.Context()
    with ctx:
        m = ir.Module.parse(_ONE_OP)
    holder = [m]

    def run():
        with ctx, ir.Location.unknown():
            op = holder[0].body.operations[0].regions[0].blocks[0] \
                .operations[0]
            return _timed(lambda: body(op))
    return run


def str_type(M, n):
    """str(value.type) of a tensor<?x4xf32> value."""
    def body(op):
        v = op.operation.parent.regions[0].blocks[0].arguments[0]
        for _ in range(n):
            str(v.type)
    return _one_op(M, body)


def get_asm(M, n):
    """op.get_asm() of arith.addi of _ONE_OP, a small function."""
    def body(op):
        for _ in range(n):
            op.get_asm()
    return _one_op(M, body)


def op_parse(M, n):
    """Operation.parse of one op, a new constant each call, dropped at
    once (a detached op: its destruction counts too)."""
    parse = M.ir.Operation.parse

    def body():
        for k in range(n):
            parse(f"%0 = arith.constant {k} : i32")
    return _calls(M, body)


def dense_small(M, n):
    """DenseElementsAttr.get of a 4x4 int32 numpy array, one element
    changed before each call, as a front-end's small weights are."""
    ir, np = M.ir, M.np

    def body():
        data = np.zeros((4, 4), dtype=np.int32)
        get = ir.DenseElementsAttr.get
        for k in range(n):
            data[0, 0] = k
            get(data)
    return _calls(M, body)


def op_attributes(M, n):
    """op.attributes[i] of every attribute (2), reading name and value."""
    def body(op):
        attrs = op.attributes
        for _ in range(n):
            for i in range(len(attrs)):
                a = attrs[i]
                a.name
                a.attr
    return _one_op(M, body)


def navigate(M, n):
    """An op's results and operands (1 + 2) and the .type of each."""
    def body(op):
        for _ in range(n):
            for r in op.results:
                r.type
            for o in op.operands:
                o.type
    return _one_op(M, body)


def frontend_layer(M, n):
    """n layers of an importer emitting a model (JAX-, torch- or ONNX-like):
    per layer a func.func with a tensor signature and attributes, name and
    file locations, a dense and a splat constant, tensor.empty,
    linalg.fill, linalg.matmul, arith.addf and a return; unit: a layer
    (9 ops)."""
    ir, np = M.ir, M.np
    from mlir.dialects import arith, func, linalg, tensor
    ctx = ir.Context()
    weights = np.arange(16, dtype=np.float32).reshape(4, 4)

    def run():
        with ctx, ir.Location.unknown():
            f32 = ir.F32Type.get()
            t = ir.RankedTensorType.get([4, 4], f32)
            t0 = time.perf_counter()
            module = ir.Module.create()
            with ir.InsertionPoint(module.body):
                for k in range(n):
                    loc = ir.Location.name(
                        f"layer{k}",
                        childLoc=ir.Location.file("model.py", k + 1, 4))
                    with loc:
                        f = func.FuncOp(f"layer{k}",
                                        ir.FunctionType.get([t], [t]))
                        f.attributes["layer.index"] = ir.IntegerAttr.get(
                            ir.IntegerType.get_signless(64), k)
                        with ir.InsertionPoint(f.add_entry_block()):
                            x = f.arguments[0]
                            w = arith.ConstantOp(
                                t, ir.DenseElementsAttr.get(weights, type=t))
                            zero = arith.ConstantOp(f32, ir.FloatAttr.get(f32, 0.0))
                            bias = arith.ConstantOp(
                                t, ir.DenseElementsAttr.get_splat(
                                    t, ir.FloatAttr.get(f32, 0.5)))
                            init = tensor.EmptyOp([4, 4], f32)
                            acc = linalg.fill(zero.result, outs=[init.result])
                            mm = linalg.matmul(x, w.result, outs=[acc])
                            y = arith.AddFOp(mm, bias.result)
                            func.ReturnOp([y.result])
            dt = time.perf_counter() - t0
            assert len(module.body.operations) == n
            return dt
    return run


def frontend_loops(M, n):
    """n kernels of a loop-nest front-end (a Triton- or Halide-like DSL
    lowering to loops), written as its users write one: per kernel a
    func.func over three memref<?x?xf32> with a file location, index
    constants, memref.dim, a 2-deep scf.for nest from the scf helpers, an
    affine.apply of a map built from Python expressions, memref.load,
    arith.mulf/addf, memref.store and the yields; unit: a kernel (15 ops)."""
    ir = M.ir
    from mlir.dialects import affine, arith, func, memref, scf
    ctx = ir.Context()

    def run():
        with ctx, ir.Location.unknown():
            f32, idx = ir.F32Type.get(), ir.IndexType.get()
            dyn = ir.ShapedType.get_dynamic_size()
            mt = ir.MemRefType.get([dyn, dyn], f32)
            d0, d1 = ir.AffineDimExpr.get(0), ir.AffineDimExpr.get(1)
            flat_map = ir.AffineMap.get(2, 0, [d0 * 4 + d1])
            signature = ir.FunctionType.get([mt, mt, mt], [])
            t0 = time.perf_counter()
            module = ir.Module.create()
            with ir.InsertionPoint(module.body):
                for k in range(n):
                    with ir.Location.file("kernels.py", k + 1, 0):
                        f = func.FuncOp(f"kernel{k}", signature)
                        with ir.InsertionPoint(f.add_entry_block()):
                            a, b, c = f.arguments
                            c0 = arith.constant(idx, 0)
                            c1 = arith.constant(idx, 1)
                            rows, cols = memref.dim(a, c0), memref.dim(a, c1)
                            outer = scf.ForOp(c0, rows, c1)
                            with ir.InsertionPoint(outer.body):
                                i = outer.induction_variable
                                inner = scf.ForOp(c0, cols, c1)
                                with ir.InsertionPoint(inner.body):
                                    j = inner.induction_variable
                                    affine.apply(flat_map, [i, j])
                                    x = memref.load(a, [i, j])
                                    y = memref.load(b, [i, j])
                                    memref.store(arith.addf(arith.mulf(x, y), x),
                                                 c, [i, j])
                                    scf.yield_([])
                                scf.yield_([])
                            func.ReturnOp([])
            dt = time.perf_counter() - t0
            assert len(module.body.operations) == n
            return dt
    return run


def _reassociation(ir, groups):
    """A reassociation attribute ([[0, 1], [2]]) from lists of dims, as a
    front-end spells it for tensor.expand_shape/collapse_shape."""
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get(
        [ir.IntegerAttr.get(i64, d) for d in g]) for g in groups])


def frontend_conv(M, n):
    """n convolutional layers of an importer (torch- or ONNX-like), each a
    func.func over an NHWC input, an HWCF filter and a bias: a zero
    constant, tensor.pad (its region yielding the zero), tensor.empty,
    linalg.fill, linalg.conv_2d_nhwc_hwcf with strides and dilations, a
    bias add (linalg.generic broadcasting the bias) and a relu
    (linalg.generic of arith.maximumf); every op at a name location
    around a fused location of two file locations (the model's line and
    the library's), op classes, builder functions and region decorators
    mixed; unit: a layer (19 ops, those in regions counted)."""
    ir = M.ir
    from mlir.dialects import arith, func, linalg, tensor
    ctx = ir.Context()

    def run():
        with ctx, ir.Location.unknown():
            f32, idx = ir.F32Type.get(), ir.IndexType.get()
            x_t = ir.RankedTensorType.get([1, 32, 32, 16], f32)
            w_t = ir.RankedTensorType.get([3, 3, 16, 32], f32)
            b_t = ir.RankedTensorType.get([32], f32)
            padded_t = ir.RankedTensorType.get([1, 34, 34, 16], f32)
            out_shape = [1, 16, 16, 32]
            out_t = ir.RankedTensorType.get(out_shape, f32)
            identity = ir.AffineMap.get_identity(4)
            per_channel = ir.AffineMap.get(4, 0, [ir.AffineDimExpr.get(3)])
            parallel = [linalg.IteratorType.parallel] * 4

            def layer(k):
                name = f"conv{k}"

                def at(what, lib_line):
                    return ir.Location.name(f"{name}/{what}", childLoc=ir.Location.fused([
                        ir.Location.file("model.py", 10 * k + 1, 8),
                        ir.Location.file("torch/nn/modules/conv.py", lib_line, 15)]))

                f = func.FuncOp(name, ir.FunctionType.get([x_t, w_t, b_t], [out_t]),
                                loc=at("forward", 1))
                with ir.InsertionPoint(f.add_entry_block()):
                    x, w, bias = f.arguments
                    with at("zero", 454):
                        zero = arith.constant(f32, 0.0)
                    pad = tensor.PadOp(padded_t, x, [], [], [0, 1, 1, 0], [0, 1, 1, 0],
                                       loc=at("pad", 455))
                    with ir.InsertionPoint(pad.region.blocks.append(idx, idx, idx, idx)):
                        tensor.YieldOp(zero, loc=at("pad", 455))
                    with at("conv", 456):
                        init = tensor.empty(out_shape, f32)
                        acc = linalg.fill(zero, outs=[init])
                        y = linalg.conv_2d_nhwc_hwcf(pad.result, w, outs=[acc],
                                                     strides=[2, 2], dilations=[1, 1])
                    with at("bias", 457):
                        out = tensor.EmptyOp(out_shape, f32).result

                        @linalg.generic([y, bias], [out],
                                        [identity, per_channel, identity], parallel)
                        def biased(a, b, _):
                            return arith.addf(a, b)
                    with at("relu", 1302):
                        @linalg.generic([biased], [out], [identity, identity], parallel)
                        def relu(a, _):
                            return arith.MaximumFOp(a, zero).result
                    func.ReturnOp([relu], loc=at("return", 1))

            return _timed_units(ir, n, layer)
    return run


def frontend_attention(M, n):
    """n attention blocks of an importer, each a func.func over the
    projected queries, keys and values (batch 2, 64 positions, 4 heads of
    32): per input tensor.expand_shape into heads, linalg.transpose,
    tensor.collapse_shape; linalg.batch_matmul of Q and K^T (the transpose
    as indexing maps), a scale, a softmax of linalg.generic ops (max
    reduce, sub + math.exp, sum reduce, div), the batch_matmul with V and
    the heads merged back; the ops at name locations over fused file
    locations; unit: a block (64 ops, those in regions counted)."""
    ir = M.ir
    from mlir.dialects import arith, func, linalg, math, tensor
    ctx = ir.Context()

    def run():
        with ctx, ir.Location.unknown():
            f32 = ir.F32Type.get()
            batch, seq, heads, dh = 2, 64, 4, 32
            bh = batch * heads
            x_t = ir.RankedTensorType.get([batch, seq, heads * dh], f32)
            split = [[0], [1], [2, 3]]
            merge = [[0, 1], [2], [3]]
            b, i, j, c = (ir.AffineDimExpr.get(p) for p in range(4))
            qk_maps = [ir.AffineMap.get(4, 0, [b, i, c]),
                       ir.AffineMap.get(4, 0, [b, j, c]),
                       ir.AffineMap.get(4, 0, [b, i, j])]
            rows = ir.AffineMap.get(3, 0, [b, i])
            id3 = ir.AffineMap.get_identity(3)
            par, red = linalg.IteratorType.parallel, linalg.IteratorType.reduction

            def empty(*shape):
                return tensor.empty(list(shape), f32)

            def attention(k):
                name = f"attn{k}"

                def at(what, line):
                    return ir.Location.name(f"{name}/{what}", childLoc=ir.Location.fused([
                        ir.Location.file("model.py", 20 * k + line, 4),
                        ir.Location.file("torch/nn/functional.py", 5400 + line, 11)]))

                def to_heads(x, what):
                    with at(what, 2):
                        e = tensor.expand_shape(
                            ir.RankedTensorType.get([batch, seq, heads, dh], f32), x,
                            _reassociation(ir, split), [], [batch, seq, heads, dh])
                        t = linalg.transpose(e, outs=[empty(batch, heads, seq, dh)],
                                             permutation=[0, 2, 1, 3])
                        return tensor.CollapseShapeOp(
                            ir.RankedTensorType.get([bh, seq, dh], f32), t,
                            _reassociation(ir, merge)).result

                f = func.FuncOp(name, ir.FunctionType.get([x_t] * 3, [x_t]),
                                loc=at("forward", 1))
                with ir.InsertionPoint(f.add_entry_block()):
                    q, key, v = (to_heads(a, what)
                                 for a, what in zip(f.arguments, ("q", "k", "v")))
                    with at("scores", 3):
                        zero = arith.ConstantOp(f32, 0.0).result
                        s0 = linalg.fill(zero, outs=[empty(bh, seq, seq)])
                        s = linalg.batch_matmul(q, key, outs=[s0], indexing_maps=qk_maps)
                    with at("scale", 4):
                        scale = arith.constant(f32, dh ** -0.5)

                        @linalg.generic([s], [empty(bh, seq, seq)], [id3, id3],
                                        [par, par, par])
                        def scaled(a, _):
                            return arith.mulf(a, scale)
                    with at("softmax", 5):
                        ninf = arith.constant(f32, float("-inf"))
                        m0 = linalg.fill(ninf, outs=[empty(bh, seq)])

                        @linalg.generic([scaled], [m0], [id3, rows], [par, par, red])
                        def row_max(a, m):
                            return arith.maximumf(a, m)

                        @linalg.generic([scaled, row_max], [empty(bh, seq, seq)],
                                        [id3, rows, id3], [par, par, par])
                        def e(a, m, _):
                            return math.exp(arith.subf(a, m))
                        s1 = linalg.fill(zero, outs=[empty(bh, seq)])

                        @linalg.generic([e], [s1], [id3, rows], [par, par, red])
                        def row_sum(a, acc):
                            return arith.AddFOp(a, acc).result

                        @linalg.generic([e, row_sum], [empty(bh, seq, seq)],
                                        [id3, rows, id3], [par, par, par])
                        def p(a, total, _):
                            return arith.divf(a, total)
                    with at("context", 6):
                        o0 = linalg.fill(zero, outs=[empty(bh, seq, dh)])
                        o = linalg.batch_matmul(p, v, outs=[o0])
                    with at("merge", 7):
                        o4 = tensor.ExpandShapeOp(
                            ir.RankedTensorType.get([batch, heads, seq, dh], f32), o,
                            _reassociation(ir, merge), [], [batch, heads, seq, dh])
                        t = linalg.transpose(o4.result,
                                             outs=[empty(batch, seq, heads, dh)],
                                             permutation=[0, 2, 1, 3])
                        out = tensor.collapse_shape(x_t, t, _reassociation(ir, split))
                    func.ReturnOp([out], loc=at("return", 8))

            return _timed_units(ir, n, attention)
    return run


# ---- text -----------------------------------------------------------------

def parse(M, n):
    """Module.parse of the large module."""
    ir = M.ir
    text = large_text(n)
    ctx = ir.Context()
    return lambda: _timed(lambda: ir.Module.parse(text, context=ctx))


def print_module(M, n):
    """str(module) of the large module."""
    ir = M.ir
    ctx = ir.Context()
    m = ir.Module.parse(large_text(n), context=ctx)
    return lambda: _timed(lambda: str(m))


# ---- passes ---------------------------------------------------------------

def pipeline(M, n):
    """canonicalize,cse on the large module (parsing not timed)."""
    ir, passmanager = M.ir, M.passmanager
    text = large_text(n)
    ctx = ir.Context()

    def run():
        with ctx:
            m = ir.Module.parse(text)
            pm = passmanager.PassManager.parse(
                "builtin.module(canonicalize,cse)")
            dt = _timed(lambda: pm.run(m.operation))
            ops = m.body.operations[0].regions[0].blocks[0].operations
            assert len(ops) == min(n, 7) + 2 * n + 1, len(ops)
            return dt
    return run


def python_pass(M, n):
    """A Python pass (pm.add(callable)) walking every op of the large
    module, the verifier off (it would dominate); unit: 4n + 3 ops."""
    ir, passmanager = M.ir, M.passmanager
    ctx = ir.Context()
    m = ir.Module.parse(large_text(n), context=ctx)
    def run():
        count, cb = _op_counter(ir)

        def visit(op, pass_):
            op.walk(cb)
        with ctx:
            pm = passmanager.PassManager()
            pm.enable_verifier(False)
            pm.add(visit)
            dt = _timed(lambda: pm.run(m.operation))
        assert count[0] == 4 * n + 3, count[0]
        return dt
    return run


# ---- start-up and memory (each in a fresh process) ------------------------

IMPORT_SNIPPET = """\
import time
t0 = time.perf_counter()
import mlir.ir as ir
from mlir.dialects import arith, func
with ir.Context(), ir.Location.unknown():
    m = ir.Module.create()
    with ir.InsertionPoint(m.body):
        arith.constant(ir.IntegerType.get_signless(32), 1)
print(time.perf_counter() - t0)
"""


def _rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def memory_per_op(M, n):
    """Bytes of resident memory per live operation object: RSS growth over
    holding a list of the n operation objects of a parsed block of
    arith.constant ops (minus the
    list itself)."""
    ir = M.ir
    ctx = ir.Context()
    m = ir.Module.parse(flat_text(n), context=ctx)
    gc.collect()
    gc.disable()
    holder = [None] * n                      # the list, allocated up front
    before = _rss()
    for i, op in enumerate(m.body.operations):
        holder[i] = op
    after = _rss()
    gc.enable()
    assert holder[-1] is not None
    return (after - before) / n


class Workload:
    def __init__(self, fn, n, units, scale, label, c_name=None):
        self.fn, self.n, self.units = fn, n, units
        self.scale, self.label, self.c_name = scale, label, c_name

    def per_unit(self, seconds, n):
        """A time of one repetition at size n, in the display unit."""
        return seconds / self.units(n) * self.scale


def _ops(n):
    return n


def _pairs(n):
    return 2 * n


def _module(n):
    return 1


def _large_ops(n):
    return 4 * n + 3


WORKLOADS = {
    "build_classes": Workload(build_classes, 50_000, _pairs, 1e6, "us/op", "build"),
    "build_functions": Workload(build_functions, 50_000, _pairs, 1e6, "us/op", "build"),
    "create_generic": Workload(create_generic, 100_000, _ops, 1e6, "us/op", "create"),
    "iterate": Workload(iterate, 1_000_000, _ops, 1e9, "ns/op", "iterate"),
    "iterate_unregistered": Workload(iterate_unregistered, 20_000, _ops, 1e9, "ns/op",
                                     "iterate_unreg"),
    "walk": Workload(walk, 25_000, _large_ops, 1e9, "ns/op", "walk"),
    "integer_type": Workload(integer_type, 200_000, _ops, 1e9, "ns/call", "int_type"),
    "f32_type": Workload(f32_type, 200_000, _ops, 1e9, "ns/call", "f32_type"),
    "integer_attr": Workload(integer_attr, 200_000, _ops, 1e9, "ns/call", "int_attr"),
    "string_attr": Workload(string_attr, 200_000, _ops, 1e9, "ns/call", "str_attr"),
    "dense_from_numpy": Workload(dense_from_numpy, 4_000_000, _module, 1e3, "ms", "dense"),
    "location_file": Workload(location_file, 100_000, _ops, 1e9, "ns/call", "loc_file"),
    "location_name": Workload(location_name, 100_000, _ops, 1e9, "ns/call", "loc_name"),
    "ranked_tensor_type": Workload(ranked_tensor_type, 100_000, _ops, 1e9, "ns/call",
                                   "ranked_tensor_type"),
    "array_attr": Workload(array_attr, 100_000, _ops, 1e9, "ns/call",
                           "array_attr"),
    "dict_attr": Workload(dict_attr, 100_000, _ops, 1e9, "ns/call",
                          "dict_attr"),
    "type_parse": Workload(type_parse, 100_000, _ops, 1e9, "ns/call",
                           "type_parse"),
    "str_type": Workload(str_type, 100_000, _ops, 1e9, "ns/call",
                         "str_type"),
    "get_asm": Workload(get_asm, 20_000, _ops, 1e9, "ns/call", "get_asm"),
    "op_parse": Workload(op_parse, 20_000, _ops, 1e9, "ns/call", "op_parse"),
    "dense_small": Workload(dense_small, 100_000, _ops, 1e9, "ns/call",
                            "dense_small"),
    "op_attributes": Workload(op_attributes, 100_000, _pairs, 1e9, "ns/attr",
                              "op_attrs"),
    "navigate": Workload(navigate, 100_000, lambda n: 3 * n, 1e9, "ns/value",
                         "navigate"),
    "frontend_layer": Workload(frontend_layer, 2_000, _ops, 1e6, "us/layer"),
    "frontend_loops": Workload(frontend_loops, 2_000, _ops, 1e6, "us/kernel"),
    "frontend_conv": Workload(frontend_conv, 1_000, _ops, 1e6, "us/layer"),
    "frontend_attention": Workload(frontend_attention, 200, _ops, 1e6, "us/block"),
    "parse": Workload(parse, 25_000, _module, 1e3, "ms", "parse"),
    "print": Workload(print_module, 25_000, _module, 1e3, "ms", "print"),
    "pipeline": Workload(pipeline, 25_000, _module, 1e3, "ms", "pipeline"),
    "python_pass": Workload(python_pass, 25_000, _large_ops, 1e9, "ns/op", "pass"),
}
