"""Generated modules laid out as upstream's (tblgen/dialects.py): enums
defined outside a dialect's directories but in upstream's enum module
(linalg's IteratorType, the vector transform lowering strategies), with
their attribute builders, and the transform extensions that upstream names
_transform_<name>_extension_ops_gen."""

import importlib
from pathlib import Path

import pytest

from mlir import ir
from mlir.ir import AttrBuilder, InsertionPoint, Module
from mlir.dialects import _linalg_enum_gen, _vector_transform_enum_gen
from mlir.dialects import linalg, transform
from mlir.dialects import smt as smt_dialect
from mlir.dialects.transform import vector

from .helpers import check


def _members(enum):
    return [(m.name, int(m), str(m)) for m in enum]


# -- linalg.IteratorType (Dialect/Utils/StructuredOpsUtils.td) -------------

def test_iterator_type_is_the_generated_enum():
    assert linalg.IteratorType is _linalg_enum_gen.IteratorType
    assert linalg.IteratorType.__module__ == "mlir.dialects._linalg_enum_gen"
    assert linalg.IteratorType.__doc__ == "Iterator type"
    assert _members(linalg.IteratorType) == [("parallel", 0, "parallel"),
                                             ("reduction", 1, "reduction")]
    assert f"{linalg.IteratorType.reduction}" == "reduction"


def test_iterator_type_attribute_builders(ctx):
    # As upstream: "IteratorType" (the I32EnumAttr) builds an i32, the
    # dialect attribute "IteratorTypeEnum" #linalg.iterator_type<...>.
    par, red = linalg.IteratorType.parallel, linalg.IteratorType.reduction
    assert str(AttrBuilder.get("IteratorType")(par, ctx)) == "0 : i32"
    assert str(_linalg_enum_gen._iteratortype(red, ctx)) == "1 : i32"
    assert str(AttrBuilder.get("IteratorTypeEnum")(par, ctx)) == \
        "#linalg.iterator_type<parallel>"
    assert str(AttrBuilder.get("IteratorTypeArrayAttr")([par, "reduction"],
                                                        ctx)) == \
        "[#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>]"


# -- transform.vector lowering strategies (VectorTransformsBase.td) ---------

VECTOR_ENUMS = {
    "VectorContractLowering": (
        "control the lowering of `vector.contract` operations.",
        [("Dot", 0, "dot"), ("LLVMIntr", 1, "llvmintr"),
         ("OuterProduct", 2, "outerproduct"),
         ("ParallelArith", 3, "parallelarith")]),
    "VectorMultiReductionLowering": (
        "control the lowering of `vector.multi_reduction`.",
        [("InnerParallel", 0, "innerparallel"),
         ("InnerReduction", 1, "innerreduction")]),
    "VectorTransferSplit": (
        "control the splitting of `vector.transfer` operations into "
        "in-bounds and out-of-bounds variants.",
        [("None_", 0, "none"), ("VectorTransfer", 1, "vector-transfer"),
         ("LinalgCopy", 2, "linalg-copy"),
         ("ForceInBounds", 3, "force-in-bounds")]),
    "VectorTransposeLowering": (
        "control the lowering of `vector.transpose` operations.",
        [("EltWise", 0, "eltwise"), ("LLVMIntr", 1, "llvmintr"),
         ("Shuffle1D", 2, "shuffle_1d"),
         ("Shuffle16x16", 3, "shuffle_16x16")]),
}


@pytest.mark.parametrize("name", sorted(VECTOR_ENUMS))
def test_vector_lowering_enum_is_generated(ctx, name):
    doc, members = VECTOR_ENUMS[name]
    enum = getattr(vector, name)
    assert enum is getattr(_vector_transform_enum_gen, name)
    assert enum.__module__ == "mlir.dialects._vector_transform_enum_gen"
    assert enum.__doc__ == doc
    assert _members(enum) == members
    last = list(enum)[-1]
    want = f"{int(last)} : i32"
    assert str(AttrBuilder.get(f"{name}Attr")(last, ctx)) == want
    builder = getattr(_vector_transform_enum_gen, f"_{name.lower()}attr")
    assert str(builder(last, ctx)) == want


# -- transform extensions under upstream's module names ---------------------

EXTENSIONS = ("debug", "pdl", "smt", "tune")


def _generated(ext):
    return importlib.import_module(
        f"mlir.dialects._transform_{ext}_extension_ops_gen")


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_transform_extension_module_has_upstreams_name(ext):
    gen = _generated(ext)
    assert gen._Dialect is transform._Dialect
    # The hand-written module extends the classes of that module.
    hand = importlib.import_module(f"mlir.dialects.transform.{ext}")
    ops = [n for n in dir(gen) if n.endswith("Op")]
    assert ops and all(issubclass(getattr(hand, n), getattr(gen, n))
                       for n in ops)
    # One compiled module per extension: none is left under the former
    # name beside it (looked up as files: mlir is a namespace package,
    # whose other portions may hold an older build).
    here = Path(gen.__file__).parent
    assert not list(here.glob(f"_{ext}_transform_*_gen*"))


def test_ops_built_from_the_renamed_modules(ctx):
    debug, pdl, smt, tune = (_generated(ext) for ext in EXTENSIONS)
    i64 = ir.IntegerType.get_signless(64)

    def body(root):
        assert type(debug.EmitRemarkAtOp(root, ir.StringAttr.get("hi"))) \
            is debug.EmitRemarkAtOp
        knob = tune.KnobOp(transform.ParamType.get(i64), ir.StringAttr.get("k"),
                           ir.ArrayAttr.get([ir.IntegerAttr.get(i64, 1)]))
        constrain = smt.ConstrainParamsOp([], [knob.result])
        block = constrain.body.blocks.append(ir.Type.parse("!smt.int"))
        with InsertionPoint(block):
            smt_dialect.YieldOp([])
        pdl.PDLMatchOp(transform.AnyOpType.get(), root,
                       ir.FlatSymbolRefAttr.get("pattern"))

    module = Module.create()
    module.operation.attributes["transform.with_named_sequence"] = \
        ir.UnitAttr.get()
    with InsertionPoint(module.body):
        seq = transform.NamedSequenceOp("__transform_main",
                                        [transform.AnyOpType.get()], [])
        with InsertionPoint(seq.body):
            body(seq.bodyTarget)
            transform.YieldOp()
    assert module.operation.verify()
    check(module, """
        module attributes {transform.with_named_sequence} {
          transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
            transform.debug.emit_remark_at %arg0, "hi" : !transform.any_op
            %0 = transform.tune.knob<"k"> options = [1] -> !transform.param<i64>
            transform.smt.constrain_params(%0) : (!transform.param<i64>) -> () {
            ^bb0(%arg1: !smt.int):
            }
            %1 = transform.pdl_match @pattern in %arg0 : (!transform.any_op) -> !transform.any_op
            transform.yield 
          }
        }
    """)
