"""Dialect pass modules (mlir.dialects.{linalg,gpu,async_dialect}.passes and
sparse_tensor register their passes), the linalg structural queries of
_mlirDialectsLinalg, and smaller extensions matching upstream:
tensor.empty(encoding=), ml_program.FuncOp, gpu.GPUFuncOp's signature and
attribute names, pdl.OperationTypeT, llvm.StructType.get_literal_unchecked,
and i1 IntegerAttrs coming back as BoolAttr."""

import subprocess
import sys
import textwrap

import pytest

from mlir.ir import (
    AffineDimExpr, AffineMap, ArrayAttr, Attribute, BoolAttr, Context,
    DenseI32ArrayAttr, DenseI64ArrayAttr, DictAttr, F32Type, FunctionType,
    IndexType, InsertionPoint, IntegerAttr, IntegerType, Location, Module,
    Operation, RankedTensorType, StringAttr, TypeAttr, UnitAttr,
)
from mlir.dialects import (arith, func, gpu, linalg, llvm, ml_program, pdl,
                           tensor)
from mlir._mlir_libs import _mlirDialectsLinalg as L

from .helpers import build, check


# -- pass modules ----------------------------------------------------------

# Without the site initializer that registers every pass, a pipeline naming
# a dialect's pass parses only once that dialect's pass module is imported.
_PASS_SCRIPT = textwrap.dedent("""
    import importlib, importlib.abc, sys

    class NoRegisterEverything(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == "mlir._mlir_libs._mlirRegisterEverything":
                raise ModuleNotFoundError(name, name=name)
            return None

    sys.meta_path.insert(0, NoRegisterEverything())
    from mlir.ir import Context
    from mlir.passmanager import PassManager

    def parses(pipeline):
        with Context():
            try:
                PassManager.parse(pipeline)
                return "parses"
            except ValueError:
                return "ValueError"

    module, pipeline = sys.argv[1], sys.argv[2]
    print(parses(pipeline))
    m = importlib.import_module(module)
    print(parses(pipeline))
    print(sorted(n for n in vars(m) if n.startswith("_cext")))
""")


@pytest.mark.parametrize("module,pipeline,native", [
    ("mlir.dialects.linalg.passes",
     "builtin.module(linalg-generalize-named-ops)", "_cextLinalgPasses"),
    ("mlir.dialects.gpu.passes",
     "builtin.module(gpu-kernel-outlining)", "_cextGPUPasses"),
    ("mlir.dialects.async_dialect.passes",
     "builtin.module(async-to-async-runtime)", "_cextAsyncPasses"),
    ("mlir.dialects.sparse_tensor",
     "builtin.module(sparsification-and-bufferization)",
     "_cextSparseTensorPasses"),
])
def test_pass_modules_register_their_passes(module, pipeline, native):
    proc = subprocess.run([sys.executable, "-c", _PASS_SCRIPT, module,
                           pipeline], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["ValueError", "parses",
                                        f"[{native!r}]"]


def test_pass_module_import_is_idempotent(ctx):
    from mlir.dialects.linalg import passes  # noqa: F401
    from mlir.dialects.gpu import passes as gpu_passes  # noqa: F401
    from mlir.passmanager import PassManager
    pm = PassManager.parse("builtin.module(func.func(convert-linalg-to-loops"
                           "),gpu-kernel-outlining)")
    assert str(pm) == ("builtin.module(func.func(convert-linalg-to-loops),"
                       "gpu-kernel-outlining{data-layout-str=})")


# -- linalg queries --------------------------------------------------------

def test_linalg_module_reexports_the_native_queries():
    names = ["ContractionDimensions", "ConvolutionDimensions",
             "fill_builtin_region", "get_indexing_maps",
             "infer_contraction_dimensions",
             "infer_contraction_dimensions_from_maps",
             "infer_convolution_dimensions", "isa_contraction_op",
             "isa_convolution_op"]
    assert sorted(L.__all__) == names
    for name in names:
        assert getattr(linalg, name) is getattr(L, name), name


def _matmul_and_conv():
    f32 = F32Type.get()
    a = tensor.empty([4, 8], f32)
    b = tensor.empty([8, 16], f32)
    c = tensor.empty([4, 16], f32)
    mm = linalg.matmul(a, b, outs=[c]).owner
    ci = tensor.empty([1, 10, 10, 3], f32)
    cf = tensor.empty([3, 3, 3, 8], f32)
    co = tensor.empty([1, 8, 8, 8], f32)
    conv = linalg.conv_2d_nhwc_hwcf(ci, cf, outs=[co], strides=[1, 1],
                                    dilations=[1, 1]).owner
    k = arith.constant(f32, 1.0).owner
    return mm, conv, k


def test_contraction_queries():
    seen = {}

    def body():
        mm, conv, k = _matmul_and_conv()
        seen["mm"] = (L.isa_contraction_op(mm), L.isa_convolution_op(mm),
                      L.infer_contraction_dimensions(mm),
                      L.infer_convolution_dimensions(mm),
                      str(L.get_indexing_maps(mm)))
        # An OpView and its Operation are both accepted.
        assert L.isa_contraction_op(mm.operation) is True
        seen["k"] = (L.isa_contraction_op(k), L.isa_convolution_op(k),
                     L.infer_contraction_dimensions(k),
                     L.infer_convolution_dimensions(k),
                     L.get_indexing_maps(k))

    build(body)
    is_c, is_conv, dims, conv_dims, maps = seen["mm"]
    assert (is_c, is_conv, conv_dims) == (True, False, None)
    assert type(dims) is L.ContractionDimensions
    assert all(type(getattr(dims, n)) is DenseI32ArrayAttr
               for n in ("batch", "m", "n", "k"))
    assert [str(dims.batch), str(dims.m), str(dims.n), str(dims.k)] == [
        "array<i32>", "array<i32: 0>", "array<i32: 1>", "array<i32: 2>"]
    assert repr(dims) == ("ContractionDimensions(batch=array<i32>, "
                          "m=array<i32: 0>, n=array<i32: 1>, "
                          "k=array<i32: 2>)")
    assert maps == ("[affine_map<(d0, d1, d2) -> (d0, d2)>, "
                    "affine_map<(d0, d1, d2) -> (d2, d1)>, "
                    "affine_map<(d0, d1, d2) -> (d0, d1)>]")
    # Not a linalg op: False / None, as upstream.
    assert seen["k"] == (False, False, None, None, None)


def test_convolution_queries():
    seen = {}

    def body():
        _, conv, _ = _matmul_and_conv()
        seen["conv"] = (L.isa_convolution_op(conv),
                        L.infer_convolution_dimensions(conv))

    build(body)
    is_conv, d = seen["conv"]
    assert is_conv is True
    assert type(d) is L.ConvolutionDimensions
    got = {n: str(getattr(d, n)) for n in (
        "batch", "output_image", "output_channel", "filter_loop",
        "input_channel", "depth", "strides", "dilations")}
    assert got == {
        "batch": "array<i32: 0>", "output_image": "array<i32: 1, 2>",
        "output_channel": "array<i32: 3>", "filter_loop": "array<i32: 4, 5>",
        "input_channel": "array<i32: 6>", "depth": "array<i32>",
        "strides": "array<i64: 1, 1>", "dilations": "array<i64: 1, 1>"}
    assert type(d.strides) is DenseI64ArrayAttr
    assert type(d.filter_loop) is DenseI32ArrayAttr


def test_generic_contraction_from_parsed_ir(ctx):
    m = Module.parse("""
      #a = affine_map<(b, i, j, k) -> (b, i, k)>
      #b = affine_map<(b, i, j, k) -> (b, k, j)>
      #c = affine_map<(b, i, j, k) -> (b, i, j)>
      func.func @bmm(%x: tensor<2x4x8xf32>, %y: tensor<2x8x16xf32>,
                     %z: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
        %r = linalg.generic {indexing_maps = [#a, #b, #c],
            iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
            ins(%x, %y : tensor<2x4x8xf32>, tensor<2x8x16xf32>)
            outs(%z : tensor<2x4x16xf32>) {
        ^bb0(%p: f32, %q: f32, %acc: f32):
          %0 = arith.mulf %p, %q : f32
          %1 = arith.addf %acc, %0 : f32
          linalg.yield %1 : f32
        } -> tensor<2x4x16xf32>
        return %r : tensor<2x4x16xf32>
      }
    """)
    generic = m.body.operations[0].regions[0].blocks[0].operations[0]
    assert generic.name == "linalg.generic"
    assert linalg.isa_contraction_op(generic) is True
    d = linalg.infer_contraction_dimensions(generic)
    assert [str(d.batch), str(d.m), str(d.n), str(d.k)] == [
        "array<i32: 0>", "array<i32: 1>", "array<i32: 2>", "array<i32: 3>"]
    assert len(linalg.get_indexing_maps(generic)) == 3


def test_contraction_dimensions_from_maps(ctx):
    d0, d1, d2 = (AffineDimExpr.get(i) for i in range(3))
    maps = [AffineMap.get(3, 0, [d0, d2]), AffineMap.get(3, 0, [d2, d1]),
            AffineMap.get(3, 0, [d0, d1])]
    d = L.infer_contraction_dimensions_from_maps(maps)
    assert [str(d.batch), str(d.m), str(d.n), str(d.k)] == [
        "array<i32>", "array<i32: 0>", "array<i32: 1>", "array<i32: 2>"]
    assert L.infer_contraction_dimensions_from_maps(tuple(maps)) is not None
    assert L.infer_contraction_dimensions_from_maps([]) is None
    assert L.infer_contraction_dimensions_from_maps(maps[:1]) is None
    # The output map is not a projected permutation: not a contraction.
    assert L.infer_contraction_dimensions_from_maps(
        maps[:2] + [AffineMap.get(3, 0, [d0 + d1])]) is None
    with pytest.raises(ValueError, match="same number of dimensions"):
        L.infer_contraction_dimensions_from_maps(
            maps[:2] + [AffineMap.get(2, 0, [d0, d1])])
    with pytest.raises(TypeError, match=r"indexing_maps\[1\] must be an "
                                        r"AffineMap, not int"):
        L.infer_contraction_dimensions_from_maps([maps[0], 1])
    with pytest.raises(TypeError, match="sequence of AffineMaps"):
        L.infer_contraction_dimensions_from_maps(maps[0])
    with Context():
        other = AffineMap.get(3, 0, [AffineDimExpr.get(0)])
    with pytest.raises(ValueError, match="another context"):
        L.infer_contraction_dimensions_from_maps([maps[0], other])


def test_linalg_queries_bad_input():
    def body():
        mm, _, _ = _matmul_and_conv()
        v = mm.result
        for fn in (L.isa_contraction_op, L.isa_convolution_op,
                   L.infer_contraction_dimensions,
                   L.infer_convolution_dimensions, L.get_indexing_maps,
                   L.fill_builtin_region):
            with pytest.raises(TypeError, match="must be an Operation or "
                                                "OpView, not OpResult"):
                fn(v)
            with pytest.raises(TypeError, match="not NoneType"):
                fn(None)
        with pytest.raises(TypeError, match="not constructed"):
            L.ContractionDimensions()
        with pytest.raises(TypeError, match="not constructed"):
            L.ConvolutionDimensions()

    build(body)


def test_linalg_queries_on_detached_and_erased_ops():
    def body():
        mm, _, _ = _matmul_and_conv()
        mm.operation.detach_from_parent()
        # Detached, the op is still a valid matmul.
        assert L.isa_contraction_op(mm) is True
        assert str(L.infer_contraction_dimensions(mm).k) == "array<i32: 2>"
        mm.operation.erase()
        for fn in (L.isa_contraction_op, L.isa_convolution_op,
                   L.infer_contraction_dimensions,
                   L.infer_convolution_dimensions, L.get_indexing_maps,
                   L.fill_builtin_region):
            with pytest.raises(RuntimeError):
                fn(mm)

    build(body)


def test_linalg_queries_on_an_op_that_does_not_verify(ctx):
    f32 = F32Type.get()
    with Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            t = tensor.empty([4, 8], f32)
            ident = Attribute.parse("affine_map<(d0, d1) -> (d0, d1)>")
            par = Attribute.parse("#linalg.iterator_type<parallel>")
            # A linalg.generic whose region has no block.
            g = linalg.GenericOp([t.type], [t], [t],
                                 ArrayAttr.get([ident] * 2),
                                 ArrayAttr.get([par] * 2))
    for fn in (L.isa_contraction_op, L.isa_convolution_op,
               L.infer_contraction_dimensions,
               L.infer_convolution_dimensions):
        with pytest.raises(ValueError, match="'linalg.generic' does not "
                                             "verify") as info:
            fn(g)
        assert "expects to have 1 region with 1 block" in str(info.value)
    # The maps are still readable.
    assert len(L.get_indexing_maps(g)) == 2
    with pytest.raises(ValueError, match="'linalg.generic' is not a named "
                                         "linalg op with a builtin region"):
        L.fill_builtin_region(g)


def test_fill_builtin_region():
    def body():
        f32 = F32Type.get()
        a = tensor.empty([4, 4], f32)
        mm = linalg.MatmulOp([a.type], [a, a], [a])
        L.fill_builtin_region(mm)
        with pytest.raises(ValueError, match="region of 'linalg.matmul' "
                                             "already has a block"):
            L.fill_builtin_region(mm)
        k = arith.constant(f32, 1.0).owner
        with pytest.raises(ValueError, match="'arith.constant' is not a "
                                             "named linalg op"):
            L.fill_builtin_region(k)

    check(build(body), """
        module {
          %0 = tensor.empty() : tensor<4x4xf32>
          %1 = linalg.matmul ins(%0, %0 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) -> tensor<4x4xf32>
          %cst = arith.constant 1.000000e+00 : f32
        }
    """)


# -- tensor.empty(encoding=) -------------------------------------------------

def test_tensor_empty_encoding():
    def body():
        f32, i32 = F32Type.get(), IntegerType.get_signless(32)
        enc = Attribute.parse("#sparse_tensor.encoding<{ map = (d0, d1) -> "
                              "(d0 : dense, d1 : compressed) }>")

        @func.FuncOp.from_py_func(IndexType.get())
        def f(n):
            a = tensor.empty([2, 3], f32, encoding=enc)
            tensor.empty([n, 4], f32, encoding=StringAttr.get("x"))
            c = tensor.EmptyOp([5], i32, encoding=None)
            assert c.result.type == RankedTensorType.get([5], i32)
            assert RankedTensorType(a.type).encoding == enc
            with pytest.raises(TypeError, match="encoding must be an "
                                                "Attribute"):
                tensor.empty([1], f32, encoding="x")
            return a

    check(build(body), """
        #sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
        module {
          func.func @f(%arg0: index) -> tensor<2x3xf32, #sparse> {
            %0 = tensor.empty() : tensor<2x3xf32, #sparse>
            %1 = tensor.empty(%arg0) : tensor<?x4xf32, "x">
            %2 = tensor.empty() : tensor<5xi32>
            return %0 : tensor<2x3xf32, #sparse>
          }
        }
    """)


# -- ml_program.FuncOp ------------------------------------------------------

def test_ml_program_func():
    seen = {}

    def body():
        i32, f32 = IntegerType.get_signless(32), F32Type.get()

        def fbody(fn):
            ml_program.ReturnOp([fn.arguments[0]])

        f = ml_program.FuncOp("mlf", ([i32], [i32]), visibility="public",
                              body_builder=fbody)
        f.arg_attrs = [DictAttr.get({"x.y": UnitAttr.get()})]
        ext = ml_program.FuncOp("ext", FunctionType.get([], [f32]),
                                visibility="private")
        seen["f"] = (f.is_external, f.name, f.type, f.visibility,
                     f.arg_attrs, len(f.arguments), type(f.body).__name__)
        seen["ext"] = (ext.is_external, str(ext.visibility))
        with pytest.raises(IndexError):
            ext.entry_block
        with pytest.raises(IndexError):
            f.add_entry_block()
        with pytest.raises(KeyError):
            f.result_attrs
        f.result_attrs = ArrayAttr.get(
            [DictAttr.get({"x.z": UnitAttr.get()})])
        seen["res"] = str(f.result_attrs)
        noname = ml_program.FuncOp(5, ([], []))
        with InsertionPoint(noname.add_entry_block()):
            ml_program.ReturnOp([])
        with pytest.raises(TypeError):
            ml_program.FuncOp("bad", 3)

    check(build(body), """
        module {
          ml_program.func public @mlf(%arg0: i32 {x.y}) -> (i32 {x.z}) {
            ml_program.return %arg0 : i32
          }
          ml_program.func private @ext() -> f32
          ml_program.func @"5"() {
            ml_program.return
          }
        }
    """)
    is_ext, name, ftype, vis, arg_attrs, nargs, body_cls = seen["f"]
    assert (is_ext, str(name), str(ftype), str(vis), str(arg_attrs), nargs,
            body_cls) == (False, '"mlf"', "(i32) -> i32", '"public"',
                          "[{x.y}]", 1, "Region")
    assert type(name) is StringAttr and type(arg_attrs) is ArrayAttr
    assert seen["ext"] == (True, '"private"')
    assert seen["res"] == "[{x.z}]"


# -- gpu.GPUFuncOp ---------------------------------------------------------

def test_gpu_func_positional_arguments_and_names():
    seen = {}

    def body():
        module_op = InsertionPoint.current.block.owner
        module_op.attributes["gpu.container_module"] = UnitAttr.get()
        i32 = IntegerType.get_signless(32)
        gm = gpu.GPUModuleOp("mods")
        with InsertionPoint(gm.bodyRegion.blocks.append()):
            ft = FunctionType.get([i32, i32], [])

            def kbody(op):
                seen["arguments"] = op.arguments
                seen["block_args"] = [str(a.type)
                                      for a in op.entry_block.arguments]
                gpu.ReturnOp([])

            # function_type, sym_name, arg_attrs, res_attrs, kernel,
            # workgroup_attrib_attrs, private_attrib_attrs,
            # known_block_size, known_grid_size, loc, ip, body_builder
            k = gpu.GPUFuncOp(ft, "k", [{"llvm.zeroext": UnitAttr.get()}, {}],
                              None, True, None, None, [4, 1, 1],
                              DenseI32ArrayAttr.get([2, 2, 1]), None, None,
                              kbody)
            seen["k"] = (str(k.name), k.is_kernel)
            h = gpu.GPUFuncOp(TypeAttr.get(FunctionType.get([], [])),
                              StringAttr.get("h"))
            with pytest.raises(RuntimeError) as e:
                h.entry_block
            assert str(e.value) == (
                "Entry block does not exist for h. Do you need to call the "
                "add_entry_block() method on this GPUFuncOp?")
            with InsertionPoint(h.add_entry_block()):
                gpu.ReturnOp([])
            with pytest.raises(RuntimeError) as e:
                h.add_entry_block()
            assert str(e.value) == "Entry block already exists for h"
            with pytest.raises(ValueError, match="sym_name must be a str"):
                gpu.GPUFuncOp(ft)
            with pytest.raises(ValueError, match="known_grid_size must be"):
                gpu.GPUFuncOp(ft, "z", known_grid_size=5)

    check(build(body), """
        module attributes {gpu.container_module} {
          gpu.module @mods {
            gpu.func @k(%arg0: i32 {llvm.zeroext}, %arg1: i32) kernel attributes {known_block_size = array<i32: 4, 1, 1>, known_grid_size = array<i32: 2, 2, 1>} {
              gpu.return
            }
            gpu.func @h() {
              gpu.return
            }
          }
        }
    """)
    assert [str(t) for t in seen["arguments"]] == ["i32", "i32"]
    assert seen["block_args"] == ["i32", "i32"]
    assert seen["k"] == ('"k"', True)
    assert (gpu.GPUFuncOp.KERNEL_ATTR_NAME,
            gpu.GPUFuncOp.KNOWN_BLOCK_SIZE_ATTR_NAME,
            gpu.GPUFuncOp.KNOWN_GRID_SIZE_ATTR_NAME,
            gpu.GPUFuncOp.FUNCTION_TYPE_ATTR_NAME,
            gpu.GPUFuncOp.SYM_NAME_ATTR_NAME) == (
        "gpu.kernel", "known_block_size", "known_grid_size", "function_type",
        "sym_name")


# -- pdl, llvm -------------------------------------------------------------

def test_pdl_operation_type_alias(ctx):
    assert pdl.OperationTypeT.__supertype__ is pdl.OperationType
    t = pdl.op_t()
    assert type(t) is pdl.OperationType and str(t) == "!pdl.operation"
    assert pdl.OperationTypeT(t) is t


def test_llvm_struct_get_literal_unchecked():
    ctx = Context()
    i8, i32 = (IntegerType.get_signless(w, context=ctx) for w in (8, 32))
    f32 = F32Type.get(context=ctx)
    s = llvm.StructType.get_literal_unchecked([i32, f32], context=ctx)
    assert str(s) == "!llvm.struct<(i32, f32)>"
    assert type(s) is llvm.StructType and s.context is ctx
    with ctx:
        p = llvm.StructType.get_literal_unchecked([i8, i32], packed=True)
    assert str(p) == "!llvm.struct<packed (i8, i32)>" and p.packed
    assert s == llvm.StructType.get_literal([i32, f32], loc=Location.unknown(
        context=ctx))
    # The element types are checked all the same: a ValueError, not an abort.
    with pytest.raises(ValueError, match="invalid LLVM structure element "
                                         "type: '!llvm.void'"):
        llvm.StructType.get_literal_unchecked(
            [llvm.VoidType.get(context=ctx)], context=ctx)
    with pytest.raises(ValueError, match="another context"):
        llvm.StructType.get_literal_unchecked(
            [IntegerType.get_signless(32, context=Context())], context=ctx)
    with pytest.raises(TypeError):
        llvm.StructType.get_literal_unchecked([i32], ctx)


# -- BoolAttr ----------------------------------------------------------------

def test_i1_integer_attributes_come_back_as_bool_attr():
    seen = {}

    def body():
        i1, i8 = IntegerType.get_signless(1), IntegerType.get_signless(8)
        seen["true"] = arith.ConstantOp(i1, True).value
        seen["one"] = arith.ConstantOp(i1, 1).value
        seen["false"] = arith.constant(i1, False).owner.opview.value
        seen["i8"] = arith.ConstantOp(i8, 1).value

    check(build(body), """
        module {
          %true = arith.constant true
          %true_0 = arith.constant true
          %false = arith.constant false
          %c1_i8 = arith.constant 1 : i8
        }
    """)
    for key, value in (("true", True), ("one", True), ("false", False)):
        attr = seen[key]
        assert type(attr) is BoolAttr, key
        assert attr.value is value
    assert type(seen["i8"]) is IntegerAttr and seen["i8"].value == 1


def test_bool_attr_downcasting(ctx):
    i1 = IntegerType.get_signless(1)
    assert type(Attribute.parse("true")) is BoolAttr
    assert type(Attribute.parse("false").maybe_downcast()) is BoolAttr
    assert type(ArrayAttr.get([BoolAttr.get(True)])[0]) is BoolAttr
    assert type(DictAttr.get({"x": BoolAttr.get(False)})["x"]) is BoolAttr
    # An explicit IntegerAttr.get keeps its class, as upstream.
    explicit = IntegerAttr.get(i1, 1)
    assert type(explicit) is IntegerAttr
    assert type(IntegerAttr(BoolAttr.get(True))) is IntegerAttr
    assert IntegerAttr(BoolAttr.get(True)).value == 1
    assert explicit == BoolAttr.get(True)
    assert type(Attribute.parse("1 : i2")) is IntegerAttr
    assert type(Attribute.parse("-1 : si1")) is IntegerAttr
