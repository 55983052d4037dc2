"""The API surface of the dialect type/attribute classes, as upstream's:
type_name / attr_name class attributes, the `context=` keyword of every
constructor, repr forms, the sparse_tensor enums' printed forms, casting
errors, and the smt.solver decorator's signature and terminator handling."""

import inspect

import pytest

from mlir.ir import (Attribute, Context, DenseElementsAttr, DictAttr,
                     F32Type, FloatAttr, InsertionPoint, IntegerAttr,
                     IntegerType, Location, Module, RankedTensorType, Type,
                     UnitAttr)
from mlir.dialects import (amdgpu, arith, emitc, gpu, llvm, nvgpu, pdl, quant,
                           smt, sparse_tensor, transform)


TYPE_NAMES = [
    (amdgpu.TDMBaseType, "amdgpu.tdm_base"),
    (amdgpu.TDMDescriptorType, "amdgpu.tdm_descriptor"),
    (amdgpu.TDMGatherBaseType, "amdgpu.tdm_gather_base"),
    (gpu.AsyncTokenType, "gpu.async_token"),
    (llvm.PointerType, "llvm.ptr"),
    (llvm.StructType, "llvm.struct"),
    (llvm.ArrayType, "llvm.array"),
    (llvm.FunctionType, "llvm.func"),
    (llvm.VoidType, "llvm.void"),
    (nvgpu.TensorMapDescriptorType, "nvgpu.tensormap.descriptor"),
    (pdl.AttributeType, "pdl.attribute"),
    (pdl.OperationType, "pdl.operation"),
    (pdl.RangeType, "pdl.range"),
    (pdl.TypeType, "pdl.type"),
    (pdl.ValueType, "pdl.value"),
    (quant.AnyQuantizedType, "quant.any"),
    (quant.UniformQuantizedType, "quant.uniform"),
    (quant.UniformQuantizedPerAxisType, "quant.uniform_per_axis"),
    (quant.UniformQuantizedSubChannelType, "quant.uniform_sub_channel"),
    (quant.CalibratedQuantizedType, "quant.calibrated"),
    (smt.BoolType, "smt.bool"),
    (smt.BitVectorType, "smt.bv"),
    (smt.IntType, "smt.int"),
    (smt.ArrayType, "smt.array"),
    (smt.SortType, "smt.sort"),
    (smt.SMTFuncType, "smt.func"),
    (transform.AnyOpType, "transform.any_op"),
    (transform.AnyParamType, "transform.any_param"),
    (transform.AnyValueType, "transform.any_value"),
    (transform.OperationType, "transform.op"),
    (transform.ParamType, "transform.param"),
    (emitc.ArrayType, "emitc.array"),
    (emitc.LValueType, "emitc.lvalue"),
    (emitc.OpaqueType, "emitc.opaque"),
    (emitc.PointerType, "emitc.ptr"),
    (emitc.PtrDiffTType, "emitc.ptrdiff_t"),
    (emitc.SignedSizeTType, "emitc.ssize_t"),
    (emitc.SizeTType, "emitc.size_t"),
]

ATTR_NAMES = [
    (gpu.ObjectAttr, "gpu.object"),
    (sparse_tensor.EncodingAttr, "sparse_tensor.encoding"),
    (emitc.OpaqueAttr, "emitc.opaque"),
]


@pytest.mark.parametrize("cls,name", TYPE_NAMES,
                         ids=[f"{c.__module__.rsplit('.', 1)[-1]}.{c.__name__}"
                              for c, _ in TYPE_NAMES])
def test_type_name(cls, name):
    assert cls.type_name == name
    assert not hasattr(cls, "attr_name")


@pytest.mark.parametrize("cls,name", ATTR_NAMES,
                         ids=[c.__name__ for c, _ in ATTR_NAMES])
def test_attr_name(cls, name):
    assert cls.attr_name == name
    assert not hasattr(cls, "type_name")


def test_type_name_on_instances(ctx):
    t = transform.OperationType.get("func.func")
    assert t.type_name == "transform.op"
    assert llvm.StructType.get_identified("s").type_name == "llvm.struct"


def test_abstract_bases_have_no_typeid():
    with pytest.raises(AttributeError, match=r"^PDLType has no typeid\.$"):
        pdl.PDLType.static_typeid
    with pytest.raises(AttributeError, match=r"^QuantizedType has no typeid\.$"):
        quant.QuantizedType.static_typeid
    assert not hasattr(pdl.PDLType, "type_name")
    assert not hasattr(quant.QuantizedType, "type_name")


def _params(fn):
    return [(p.name, p.kind.name, p.default)
            for p in inspect.signature(fn).parameters.values()]


_E = inspect.Parameter.empty


@pytest.mark.parametrize("fn,expected", [
    (gpu.AsyncTokenType.get, [("context", "POSITIONAL_OR_KEYWORD", None)]),
    (gpu.ObjectAttr.get, [("target", "POSITIONAL_OR_KEYWORD", _E),
                          ("format", "POSITIONAL_OR_KEYWORD", _E),
                          ("object", "POSITIONAL_OR_KEYWORD", _E),
                          ("properties", "POSITIONAL_OR_KEYWORD", None),
                          ("kernels", "POSITIONAL_OR_KEYWORD", None),
                          ("context", "POSITIONAL_OR_KEYWORD", None)]),
    (nvgpu.TensorMapDescriptorType.get,
     [("tensor_type", "POSITIONAL_OR_KEYWORD", _E),
      ("swizzle", "POSITIONAL_OR_KEYWORD", _E),
      ("l2promo", "POSITIONAL_OR_KEYWORD", _E),
      ("oob_fill", "POSITIONAL_OR_KEYWORD", _E),
      ("interleave", "POSITIONAL_OR_KEYWORD", _E),
      ("context", "POSITIONAL_OR_KEYWORD", None)]),
    (llvm.StructType.get_literal,
     [("elements", "POSITIONAL_OR_KEYWORD", _E),
      ("packed", "KEYWORD_ONLY", False), ("loc", "KEYWORD_ONLY", None),
      ("context", "KEYWORD_ONLY", None)]),
    (quant.CalibratedQuantizedType.get,
     [("expressed_type", "POSITIONAL_OR_KEYWORD", _E),
      ("min", "POSITIONAL_OR_KEYWORD", _E),
      ("max", "POSITIONAL_OR_KEYWORD", _E),
      ("context", "POSITIONAL_OR_KEYWORD", None)]),
    (sparse_tensor.EncodingAttr.build_level_type,
     [("lvl_fmt", "POSITIONAL_OR_KEYWORD", _E),
      ("properties", "POSITIONAL_OR_KEYWORD", []),
      ("n", "POSITIONAL_OR_KEYWORD", 0), ("m", "POSITIONAL_OR_KEYWORD", 0)]),
], ids=["AsyncTokenType.get", "ObjectAttr.get",
        "TensorMapDescriptorType.get", "StructType.get_literal",
        "CalibratedQuantizedType.get", "EncodingAttr.build_level_type"])
def test_signatures(fn, expected):
    assert _params(fn) == expected


@pytest.mark.parametrize("cls", [
    quant.AnyQuantizedType, quant.UniformQuantizedType,
    quant.UniformQuantizedPerAxisType, quant.UniformQuantizedSubChannelType,
    quant.CalibratedQuantizedType])
def test_quant_get_takes_context(cls):
    names = [p.name for p in inspect.signature(cls.get).parameters.values()]
    assert names[-1] == "context"


def test_context_keyword_builds_in_that_context(ctx):
    i8, f32 = IntegerType.get_signless(8), F32Type.get()
    tok = gpu.AsyncTokenType.get(ctx)
    assert str(tok) == "!gpu.async.token" and tok.context is ctx
    assert gpu.AsyncTokenType.get(context=ctx) == tok
    q = quant.UniformQuantizedType.get(1, i8, f32, 0.5, 3, -8, 7, context=ctx)
    assert str(q) == "!quant.uniform<i8<-8:7>:f32, 5.000000e-01:3>"
    assert str(quant.AnyQuantizedType.get(1, i8, f32, -8, 7, ctx)) == \
        "!quant.any<i8<-8:7>:f32>"
    assert str(quant.CalibratedQuantizedType.get(f32, -1.0, 1.0, ctx)) == \
        "!quant.calibrated<f32<-1.000000e+00:1.000000e+00>>"
    pa = quant.UniformQuantizedPerAxisType.get(
        1, i8, f32, [0.5, 1.0], [1, 2], 1, -8, 7, context=ctx)
    assert str(pa) == ("!quant.uniform<i8<-8:7>:f32:1, "
                       "{5.000000e-01:1,1.000000e+00:2}>")
    scales = DenseElementsAttr.get_splat(
        RankedTensorType.get([2, 2], f32), FloatAttr.get(f32, 2.0))
    zps = DenseElementsAttr.get_splat(
        RankedTensorType.get([2, 2], i8), IntegerAttr.get(i8, 1))
    sc = quant.UniformQuantizedSubChannelType.get(
        1, i8, f32, scales, zps, [0, 1], [1, 2], -8, 7, context=ctx)
    assert sc.block_sizes == [1, 2]
    lit = llvm.StructType.get_literal([i8, f32], context=ctx)
    assert str(lit) == "!llvm.struct<(i8, f32)>"
    mem = Type.parse("memref<128xf32, 3>")
    tmd = nvgpu.TensorMapDescriptorType.get(mem, 1, 1, 1, 0, ctx)
    assert str(tmd) == ("!nvgpu.tensormap.descriptor<tensor = memref<128xf32,"
                        " 3>, swizzle = swizzle_32b, l2promo = l2promo_64b, "
                        "oob = nan, interleave = none>")
    assert tmd == nvgpu.TensorMapDescriptorType.get(
        tensor_type=mem, swizzle=1, l2promo=1, oob_fill=1, interleave=0,
        context=ctx)
    obj = gpu.ObjectAttr.get(Attribute.parse("#nvvm.target"), 2, b"AB",
                             context=ctx)
    assert str(obj) == '#gpu.object<#nvvm.target, assembly = "AB">'
    assert repr(obj) == \
        'ObjectAttr(#gpu.object<#nvvm.target, assembly = "AB">)'
    assert str(emitc.PointerType.get(i8, context=ctx)) == "!emitc.ptr<i8>"
    assert str(emitc.LValueType.get(i8, ctx)) == "!emitc.lvalue<i8>"
    assert str(emitc.ArrayType.get([2], i8, ctx)) == "!emitc.array<2xi8>"


def test_context_keyword_must_match_the_arguments(ctx):
    other = Context()
    i8, f32 = IntegerType.get_signless(8), F32Type.get()
    with pytest.raises(ValueError, match="context"):
        quant.UniformQuantizedType.get(1, i8, f32, 0.5, 3, -8, 7,
                                       context=other)
    with pytest.raises(ValueError, match="context"):
        gpu.ObjectAttr.get(Attribute.parse("#nvvm.target"), 2, b"AB",
                           context=other)
    with pytest.raises(ValueError, match="context"):
        llvm.StructType.get_literal([i8], loc=Location.unknown(),
                                    context=other)
    with pytest.raises(ValueError, match="context"):
        emitc.PointerType.get(i8, context=other)
    # With only context=, the literal struct is made there.
    with other:
        o8 = IntegerType.get_signless(8)
    assert llvm.StructType.get_literal([o8], context=other).context is other


def test_gpu_object_attr_properties_and_bad_input(ctx):
    target = Attribute.parse("#nvvm.target")
    o = gpu.ObjectAttr.get(target, 1, b"BC", DictAttr.get({"a": UnitAttr.get()}))
    assert str(o) == \
        '#gpu.object<#nvvm.target, properties = {a}, offload = "BC">'
    assert str(o.properties) == "{a}"
    assert o.format == 1 and o.object == b"BC" and o.kernels is None
    with pytest.raises(TypeError, match="object must be bytes"):
        gpu.ObjectAttr.get(target, 1, "BC")
    with pytest.raises(TypeError, match="format must be an int"):
        gpu.ObjectAttr.get(target, "1", b"BC")
    with pytest.raises(ValueError, match="format must be one of"):
        gpu.ObjectAttr.get(target, 9, b"BC")


def test_cast_error_text(ctx):
    f32 = F32Type.get()
    with pytest.raises(ValueError,
                       match=r"^Cannot cast type to AnyOpType \(from Type\(f32\)\)$") as e:
        transform.AnyOpType(f32)
    assert str(e.value) == "Cannot cast type to AnyOpType (from Type(f32))"
    with pytest.raises(ValueError,
                       match=r"^Cannot cast attribute to EncodingAttr \(from Attribute\(unit\)\)$") as e:
        sparse_tensor.EncodingAttr(UnitAttr.get())
    assert str(e.value) == \
        "Cannot cast attribute to EncodingAttr (from Attribute(unit))"
    with pytest.raises(TypeError, match=r"^__init__\(\): incompatible function arguments"):
        smt.BoolType(None)
    with pytest.raises(TypeError, match=r"^__init__\(\): incompatible function arguments"):
        gpu.ObjectAttr(f32)


def test_reprs(ctx):
    assert repr(transform.AnyOpType.get()) == "AnyOpType(!transform.any_op)"
    assert repr(transform.ParamType.get(IntegerType.get_signless(8))) == \
        "ParamType(!transform.param<i8>)"
    assert repr(pdl.RangeType.get(pdl.ValueType.get())) == \
        "RangeType(!pdl.range<value>)"
    assert repr(smt.BitVectorType.get(4)) == "BitVectorType(!smt.bv<4>)"
    assert repr(amdgpu.TDMDescriptorType.get()) == \
        "TDMDescriptorType(!amdgpu.tdm_descriptor)"
    assert repr(llvm.StructType.get_opaque("o")) == \
        "StructType(!llvm.struct<\"o\", opaque>)"


def test_sparse_tensor_enums(ctx):
    LF, LP = sparse_tensor.LevelFormat, sparse_tensor.LevelProperty
    assert repr(LF.dense) == "65536" and str(LF.compressed) == "262144"
    assert LF.dense == 65536 and isinstance(LF.dense, int)
    assert LF.dense.name == "dense"
    assert str(LF.dense | LF.compressed) == "327680"
    assert repr(LP.soa) == "LevelProperty.soa"
    assert str(LP.non_unique) == "LevelProperty.non_unique"
    assert LP.soa.value == 4 and not isinstance(LP.soa, int)
    assert LP(2) is LP.non_ordered
    B = sparse_tensor.EncodingAttr.build_level_type
    assert B(LF.compressed, [LP.non_unique]) == 0x40001
    assert B(LF.compressed, [1]) == 0x40001          # the value also works
    assert B(LF.n_out_of_m, [], 2, 4) == 0x40200200000
    with pytest.raises(TypeError):
        B(LF.compressed, ["soa"])
    with pytest.raises(TypeError):
        B("dense")
    with pytest.raises(TypeError, match="^invalid level format 3$"):
        B(3)
    enc = Attribute.parse("#sparse_tensor.encoding<{map = (d0, d1) -> "
                          "(d0 : dense, d1 : compressed)}>")
    assert enc.lvl_formats_enum == [LF.dense, LF.compressed]
    assert repr(enc.lvl_formats_enum) == "[65536, 262144]"


def test_smt_int_constant_needs_an_attribute(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        with pytest.raises(TypeError, match="APIntAttr"):
            smt.int_constant(5)
        v = smt.int_constant(IntegerAttr.get(IntegerType.get_signless(64), 5))
    assert str(v.owner) == "%c5 = smt.int.constant 5"


def test_smt_solver_positional_and_annotated(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        f32, i32 = F32Type.get(), IntegerType.get_signless(32)
        b = arith.constant(f32, 2.0)

        @smt.solver([b], [f32])
        def s(x: f32):
            return x
    assert s.owner.name == "smt.solver"
    assert m.operation.verify()
    assert str(m) == """\
module {
  %cst = arith.constant 2.000000e+00 : f32
  %0 = smt.solver(%cst) : (f32) -> f32 {
  ^bb0(%arg0: f32):
    smt.yield %arg0 : f32
  }
}
"""


def test_smt_solver_single_yield(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        f32 = F32Type.get()

        @smt.solver(results=[f32])
        def s():
            return arith.constant(f32, 1.0)
    body = s.owner.regions[0].blocks[0]
    assert [op.name for op in body.operations] == ["arith.constant",
                                                   "smt.yield"]
    assert m.operation.verify()


def test_smt_solver_explicit_yield_is_refused(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        with pytest.raises(IndexError, match="already has a terminator"):
            @smt.solver(results=[F32Type.get()])
            def s():
                smt.yield_([arith.constant(F32Type.get(), 1.0)])
    # The half-built solver was removed.
    assert str(m) == "module {\n}\n"


def test_smt_solver_bad_bodies(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        with pytest.raises(TypeError, match="expected a function"):
            smt.solver(5)
        with pytest.raises(ValueError, match="annotate"):
            @smt.solver
            def s(x):
                pass
    assert str(m) == "module {\n}\n"


def test_insertion_point_after_terminator(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        f32 = F32Type.get()
        op = smt.SolverOp([], [])
        block = op.regions[0].blocks.append()
        with InsertionPoint(block):
            smt.YieldOp([])
            with pytest.raises(IndexError,
                               match=r"^Cannot insert operation at the end of a block that already has a terminator\.") as e:
                arith.constant(f32, 1.0)
        assert "InsertionPoint.at_block_terminator(block)" in str(e.value)
        with InsertionPoint.at_block_terminator(block):
            arith.constant(f32, 1.0)
    assert [o.name for o in block.operations] == ["arith.constant",
                                                  "smt.yield"]


def test_transform_interpreter_names():
    from mlir.dialects.transform import interpreter
    from mlir.ir import Operation
    assert interpreter.Operation is Operation
    assert callable(interpreter.apply_named_sequence)
    assert callable(interpreter.copy_symbols_and_merge_into)


def test_block_append_after_terminator_is_allowed(ctx):
    # Block.append does not refuse a terminated block (as upstream); only
    # insertion points do.
    m = Module.create()
    with InsertionPoint(m.body):
        op = smt.SolverOp([], [])
    block = op.regions[0].blocks.append()
    with InsertionPoint(block):
        smt.YieldOp([])
    ctx.allow_unregistered_dialects = True
    from mlir.ir import Operation
    with pytest.raises(IndexError,
                       match=r"^Cannot insert operation at the end of a block that already has a terminator\."):
        InsertionPoint(block).insert(Operation.create("t.refused"))
    block.append(Operation.create("t.after"))
    assert [o.name for o in block.operations] == ["smt.yield", "t.after"]
