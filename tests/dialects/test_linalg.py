"""The linalg dialect (mlir.dialects.linalg): the named and generic structured
ops built with upstream's builders and the OpDSL (mlir.dialects.linalg.opdsl:
op definitions, their YAML description, generic and named forms), the
structural queries (contraction and convolution dimensions, indexing maps,
filling a named op's region), verified and printed exactly; bad definitions,
calls and operands raise Python exceptions."""

import doctest
import subprocess
import sys
import textwrap

import pytest

from mlir import ir
from mlir.dialects import arith, func, linalg, tensor
from mlir.dialects.linalg.opdsl import lang
from mlir.dialects.linalg.opdsl.lang import (
    BinaryFn, BinaryFnAttrDef, D, DefinedOpCallable, IndexAttrDef,
    LinalgOpConfig, ReduceFn, S, T, TensorDef, TV, TypeFn,
    TypeFnAttrDef, U, UnaryFn, const, domain, index, linalg_structured_op,
    yaml_dump_all)
from mlir.dialects.linalg.opdsl.ops import core_named_ops
from mlir.ir import (AffineDimExpr, AffineMap, ArrayAttr, Attribute, Context,
                     DenseI32ArrayAttr, DenseI64ArrayAttr, F32Type,
                     InsertionPoint, IntegerType, Location, MemRefType,
                     Module, RankedTensorType)
from mlir.passmanager import PassManager
from mlir._mlir_libs import _mlirDialectsLinalg as L

from .helpers import A, build, check
from .helpers import T as ty  # T is the OpDSL's type variable here


@linalg_structured_op
def scaled_matmul(
    A=TensorDef(TV.T1, S.M, S.K),
    B=TensorDef(TV.T2, S.K, S.N),
    C=TensorDef(U, S.M, S.N, output=True),
    cast=TypeFnAttrDef(default=TypeFn.cast_signed),
):
    """Matrix product with converted operands."""
    domain(D.m, D.n, D.k)
    C[D.m, D.n] += cast(U, A[D.m, D.k]) * cast(U, B[D.k, D.n])


@linalg_structured_op(op_name="window_max")
def _window_max(
    I=TensorDef(T, S.I),
    K=TensorDef(T, S.K, index_dims=[D.k]),
    O=TensorDef(T, S.O, output=True),
    strides=IndexAttrDef(S.SI, default=[1]),
    combine=BinaryFnAttrDef(default=BinaryFn.max_signed),
):
    domain(D.o, D.k)
    O[D.o] = combine[D.k](I[D.o * S.SI + D.k])


def build_func(*arg_types, body):
    """A module with func @f(arg_types) returning body(*args)."""
    module = Module.create()
    with InsertionPoint(module.body):
        func.FuncOp.from_py_func(*arg_types, name="f")(body)
    assert module.operation.verify()
    return module


def tt(shape, t):
    return RankedTensorType.get(shape, t)


# -- the OpDSL language -------------------------------------------------------

def test_names_are_unique_objects():
    assert D.qq is lang.DimDef("qq") and D.qq is not D.rr
    assert S.QQ is lang.SymbolDef("QQ") and TV.QQ is lang.TypeVar("QQ")
    assert (repr(D.qq), repr(S.QQ), repr(TV.QQ)) == (
        "Dim(qq)", "Symbol(QQ)", "TypeVar(QQ)")


def test_affine_expressions_share_a_numbering(ctx):
    state = lang.AffineBuildState()
    built = [str(e.build(state)) for e in (
        D.y * 3 + D.x, S.B % 4 + S.A // 2, (D.x + S.A) / 5, 1 + 2 * D.y)]
    assert built == ["d0 * 3 + d1", "s0 mod 4 + s1 floordiv 2",
                     "(d1 + s1) ceildiv 5", "d0 * 2 + 1"]
    assert state.all_dims == {"y": 0, "x": 1}
    assert state.all_symbols == {"B": 0, "A": 1}
    closed = lang.AffineBuildState(global_state=state, allow_new_dims=False)
    with pytest.raises(ValueError, match="'z'"):
        D.z.build(closed)
    with pytest.raises(TypeError):
        D.x + 1.5


def test_module_doctests_pass():
    from mlir.dialects.linalg.opdsl.lang import affine, types
    for module in (affine, types):
        result = doctest.testmod(module, raise_on_error=True)
        assert result.attempted > 0


def test_lang_star_import_has_upstreams_names():
    names = {}
    exec("from mlir.dialects.linalg.opdsl.lang import *", names)
    assert names["ir"] is ir
    for name in ("TensorDef", "linalg_structured_op", "ReduceFn", "T", "F32",
                 "ContractionOpInterface", "Canonicalizer", "yaml_dump_all",
                 "emit_generic_structured_op", "DefinedOpCallable"):
        assert name in names, name


def test_export_lists_agree():
    # dsl's list is its own names plus the submodules' lists, and lang's
    # is dsl's plus the helpers, each name once.
    from mlir.dialects.linalg.opdsl.lang import (
        affine, comprehension, config, dsl, emitter, scalar_expr, types,
        yaml_helper)
    parts = set()
    for module in (affine, comprehension, config, emitter, scalar_expr, types,
                   yaml_helper):
        parts |= set(module.__all__)
    own = {n for n in dsl.__all__ if getattr(dsl, n).__module__ == dsl.__name__
           or n == "StructuredOpOuts"}
    assert set(dsl.__all__) == own | parts
    assert len(dsl.__all__) == len(set(dsl.__all__))
    assert set(dsl.__all__) <= set(lang.__all__)
    assert len(lang.__all__) == len(set(lang.__all__))
    assert all(hasattr(lang, n) for n in lang.__all__)


def test_linalg_exports_the_opdsl():
    assert linalg.TypeFn is TypeFn and linalg.TensorDef is TensorDef
    assert linalg.fill is core_named_ops.fill
    assert isinstance(linalg.conv_2d_nhwc_hwcf, DefinedOpCallable)
    assert linalg.negf.op_def.metadata.cpp_class_name == "NegFOp"
    assert linalg.fill_rng_2d.op_def.metadata.cpp_class_name == "FillRng2DOp"
    # Hand-written builders stay.
    assert not isinstance(linalg.matmul, DefinedOpCallable)


def test_importing_linalg_does_not_import_yaml():
    code = ("import sys; import mlir.dialects.linalg; "
            "print('yaml' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "False"


# -- the OpDSL's YAML description ---------------------------------------------

def test_yaml_of_an_op():
    configs = LinalgOpConfig.from_linalg_op_def(_window_max.op_def)
    assert yaml_dump_all(configs) == textwrap.dedent("""\
        --- !LinalgOpConfig
        metadata: !LinalgOpMetadata
          name: window_max
          cpp_class_name: WindowMaxOp
          doc: null
        structured_op: !LinalgStructuredOpConfig
          args:
          - !LinalgOperandDefConfig
            name: I
            kind: input_tensor
            type_var: T
            shape_map: affine_map<()[s0, s1, s2, s3] -> (s0)>
          - !LinalgOperandDefConfig
            name: K
            kind: input_tensor
            type_var: T
            shape_map: affine_map<()[s0, s1, s2, s3] -> (s1)>
          - !LinalgOperandDefConfig
            name: O
            kind: output_tensor
            type_var: T
            shape_map: affine_map<()[s0, s1, s2, s3] -> (s2)>
          - !LinalgOperandDefConfig
            name: strides
            kind: index_attr
            index_attr_map: affine_map<()[s0, s1, s2, s3] -> (s3)>
            default_indices:
            - 1
          - !LinalgOperandDefConfig
            name: combine
            kind: binary_fn_attr
            default_fn: max_signed
          indexing_maps: !LinalgIndexingMapsConfig
            static_indexing_maps:
            - affine_map<(d0, d1)[s0, s1, s2, s3] -> (d0 * s3 + d1)>
            - affine_map<(d0, d1)[s0, s1, s2, s3] -> (d1)>
            - affine_map<(d0, d1)[s0, s1, s2, s3] -> (d0)>
          iterator_types:
          - parallel
          - reduction
          assignments:
          - !ScalarAssign
            arg: O
            value: !ScalarExpression
              scalar_fn:
                kind: binary
                attr_name: combine
                operands:
                - !ScalarExpression
                  scalar_arg: O
                - !ScalarExpression
                  scalar_arg: I
        """)


def test_yaml_of_constants_indices_and_docs():
    @linalg_structured_op
    def ramp(O=TensorDef(T, S.M, output=True)):
        """Fills O.

        With its index."""
        O[D.m] = TypeFn.cast_signed(T, index(D.m)) + TypeFn.cast_signed(
            T, const(2.5))

    text = yaml_dump_all(LinalgOpConfig.from_linalg_op_def(ramp.op_def))
    assert "  doc: |-\n    Fills O.\n\n    With its index.\n" in text
    assert "scalar_index: 0" in text
    assert "scalar_const: '2.500000e+00 : f64'" in text


def test_dump_oplib_command(tmp_path):
    src = tmp_path / "ops.py"
    src.write_text(textwrap.dedent("""\
        from mlir.dialects.linalg.opdsl.lang import *

        @linalg_structured_op
        def twice(I=TensorDef(T, S.N), O=TensorDef(T, S.N, output=True)):
            implements(ContractionOpInterface)
            defines(Canonicalizer)
            O[D.n] = I[D.n] + I[D.n]
        """))
    run = [sys.executable, "-m", "mlir.dialects.linalg.opdsl.dump_oplib"]
    out = subprocess.run(run + ["--file", str(src)], capture_output=True,
                         text=True, check=True).stdout
    assert out.startswith("--- !LinalgOpConfig\nmetadata: !LinalgOpMetadata\n"
                          "  name: twice\n  cpp_class_name: TwiceOp\n")
    assert "  implements:\n  - LinalgContractionOpInterface\n" \
        "  defines:\n  - hasCanonicalizer\n" in out
    out = subprocess.run(run + [".ops.core_named_ops"], capture_output=True,
                         text=True, check=True).stdout
    assert out.count("--- !LinalgOpConfig") == 81
    assert "  name: copy\n  cpp_class_name: CopyOp\n" in out
    assert "  cpp_class_name: PowFOp\n" in out


# -- building IR with the OpDSL -----------------------------------------------

def test_generic_form_of_a_custom_op(ctx):
    i8, i32 = IntegerType.get_signless(8), IntegerType.get_signless(32)
    m = build_func(tt([4, 8], i8), tt([8, 2], i8), tt([4, 2], i32),
                   body=lambda a, b, c: scaled_matmul(
                       a, b, outs=[c], cast=TypeFn.cast_unsigned))
    check(m, """
        #map = affine_map<(d0, d1, d2) -> (d0, d2)>
        #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
        #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
        module {
          func.func @f(%arg0: tensor<4x8xi8>, %arg1: tensor<8x2xi8>, %arg2: tensor<4x2xi32>) -> tensor<4x2xi32> {
            %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xi8>, tensor<8x2xi8>) outs(%arg2 : tensor<4x2xi32>) {
            ^bb0(%in: i8, %in_0: i8, %out: i32):
              %1 = arith.extui %in : i8 to i32
              %2 = arith.extui %in_0 : i8 to i32
              %3 = arith.muli %1, %2 : i32
              %4 = arith.addi %out, %3 : i32
              linalg.yield %4 : i32
            } -> tensor<4x2xi32>
            return %0 : tensor<4x2xi32>
          }
        }
    """)


def test_index_attributes_and_reductions(ctx):
    f32 = F32Type.get()
    m = build_func(tt([9], f32), tt([3], f32), tt([3], f32),
                   body=lambda i, k, o: _window_max(
                       i, k, outs=[o], strides=[3], combine=BinaryFn.min_signed))
    text = str(m)
    assert "affine_map<(d0, d1) -> (d0 * 3 + d1)>" in text
    assert 'iterator_types = ["parallel", "reduction"]' in text
    assert "arith.minimumf %out, %in : f32" in text


def test_rank_polymorphic_fill_and_memref_outputs(ctx):
    f32 = F32Type.get()
    seen = {}

    def body(v, out):
        seen["named"] = linalg.fill(v, outs=[out])
        seen["generic"] = linalg.fill(v, outs=[out], emit_generic=True)

    check(build_func(f32, MemRefType.get([2, 3], f32), body=body), """
        #map = affine_map<(d0, d1) -> ()>
        #map1 = affine_map<(d0, d1) -> (d0, d1)>
        module {
          func.func @f(%arg0: f32, %arg1: memref<2x3xf32>) {
            linalg.fill ins(%arg0 : f32) outs(%arg1 : memref<2x3xf32>)
            linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : f32) outs(%arg1 : memref<2x3xf32>) {
            ^bb0(%in: f32, %out: f32):
              linalg.yield %in : f32
            }
            return
          }
        }
    """)
    for results in seen.values():
        assert isinstance(results, ir.OpResultList) and len(results) == 0


def test_named_form_carries_the_attributes_given(ctx):
    f32, i32 = F32Type.get(), IntegerType.get_signless(32)

    def body(x, y, i, k, o):
        copied = linalg.copy(x, outs=[y])
        assert isinstance(copied, ir.Value)
        linalg.copy(x, outs=[y], cast=TypeFn.cast_unsigned)
        linalg.pooling_nwc_max(i, k, outs=[o], strides=[2])
        return copied

    text = str(build_func(tt([4], i32), tt([4], f32), tt([1, 7, 2], f32),
                          tt([3], f32), tt([1, 3, 2], f32), body=body))
    assert "linalg.copy {cast = #linalg.type_fn<cast_signed>} ins(%arg0" in text
    assert "linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%arg0" in text
    assert "arith.uitofp" not in text  # the named op keeps its region inside
    assert ("linalg.pooling_nwc_max {strides = dense<2> : tensor<1xi64>} "
            "ins(%arg2, %arg3") in text


@pytest.mark.parametrize("name, types", [
    ("conv_2d_nhwc_hwcf", {"T1": "i8", "T2": "i8", "U": "i32"}),
    ("depthwise_conv_2d_nhwc_hwcm_q", {"T1": "i8", "T2": "i8", "U": "i32"}),
    ("pooling_ndhwc_min", {"T1": "f16", "T2": "f16", "U": "f32"}),
    ("pooling_nwc_max_unsigned", {"T1": "i8", "T2": "i8", "U": "i16"}),
    ("batch_mmt4d", {"LhsType": "i8", "RhsType": "i8", "AccumType": "i32"}),
    ("quantized_batch_matmul", {"T1": "i8", "T2": "i8", "U": "i32"}),
    ("vecmat", {"T1": "f16", "T2": "f32", "U": "f64"}),
    ("dot", {"T1": "f32", "T2": "f32", "U": "f32"}),
    ("select", {"U": "i1", "T1": "f32"}),
    ("div_unsigned", {"T1": "i32"}),
    ("reciprocal", {"T1": "f32"}),
    ("powf", {"T1": "f64"}),
    ("copy", {"T1": "i8", "U": "f32"}),
])
def test_generic_form_equals_the_generalized_named_op(name, types):
    """emit_generic=True builds what MLIR makes of the named op with
    linalg-generalize-named-ops: same maps, iterators and body."""
    op = getattr(linalg, name)
    modules = []
    for emit_generic in (False, True):
        with Context() as ctx, Location.unknown():
            config = LinalgOpConfig.from_linalg_op_def(
                op.op_def, context=ctx)[0].structured_op
            arg_types, n_in = [], 0
            fixed = {"I32": "i32", "F64": "f64"}
            for o in config.ordered_operands:
                if o.operand_def.is_attribute():
                    continue
                t = ir.Type.parse({**fixed, **types}[o.type_var.name])
                if o.shape_map is not None:
                    m = o.shape_map
                    for s in range(m.n_symbols):
                        m = m.replace(ir.AffineSymbolExpr.get(s),
                                      ir.AffineConstantExpr.get(2), 0,
                                      m.n_symbols)
                    shape = [ir.AffineConstantExpr(e).value for e in m.results]
                    if not config.iterator_types:
                        shape = [3, 5]  # rank polymorphic: any rank will do
                    t = tt(shape, t)
                arg_types.append(t)
                n_in += o.kind != lang.OperandKind.OUTPUT_TENSOR
            module = build_func(*arg_types, body=lambda *a: op(
                *a[:n_in], outs=list(a[n_in:]), emit_generic=emit_generic))
            if not emit_generic:
                text = str(module)
                assert f"linalg.{name} " in text and "linalg.generic" not in text
                PassManager.parse("builtin.module(func.func("
                                  "linalg-generalize-named-ops))").run(
                                      module.operation)
            modules.append(str(module))
    named, generic = modules
    if "arith.constant" in named:
        # The pass hoists the body's constants out of it: same lines, in
        # another order and indentation.
        named, generic = ([line.strip() for line in t.splitlines()]
                          for t in modules)
        assert sorted(named) == sorted(generic)
    else:
        assert named == generic


def test_fill_rng_2d_generic_body(ctx):
    f64, i32, f32 = ir.F64Type.get(), IntegerType.get_signless(32), F32Type.get()
    check(build_func(f64, f64, i32, tt([2, 3], f32),
                     body=lambda lo, hi, seed, o: linalg.fill_rng_2d(
                         lo, hi, seed, outs=[o], emit_generic=True)), """
        #map = affine_map<(d0, d1) -> ()>
        #map1 = affine_map<(d0, d1) -> (d0, d1)>
        module {
          func.func @f(%arg0: f64, %arg1: f64, %arg2: i32, %arg3: tensor<2x3xf32>) -> tensor<2x3xf32> {
            %0 = linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1, %arg2 : f64, f64, i32) outs(%arg3 : tensor<2x3xf32>) {
            ^bb0(%in: f64, %in_0: f64, %in_1: i32, %out: f32):
              %c2147483647_i64 = arith.constant 2147483647 : i64
              %1 = arith.sitofp %c2147483647_i64 : i64 to f64
              %2 = linalg.index 1 : index
              %3 = arith.index_cast %2 : index to i32
              %4 = linalg.index 0 : index
              %5 = arith.index_cast %4 : index to i32
              %6 = arith.addi %5, %in_1 : i32
              %c1103515245_i64 = arith.constant 1103515245 : i64
              %7 = arith.trunci %c1103515245_i64 : i64 to i32
              %8 = arith.muli %6, %7 : i32
              %c12345_i64 = arith.constant 12345 : i64
              %9 = arith.trunci %c12345_i64 : i64 to i32
              %10 = arith.addi %8, %9 : i32
              %11 = arith.addi %3, %10 : i32
              %c1103515245_i64_2 = arith.constant 1103515245 : i64
              %12 = arith.trunci %c1103515245_i64_2 : i64 to i32
              %13 = arith.muli %11, %12 : i32
              %c12345_i64_3 = arith.constant 12345 : i64
              %14 = arith.trunci %c12345_i64_3 : i64 to i32
              %15 = arith.addi %13, %14 : i32
              %16 = arith.sitofp %15 : i32 to f64
              %17 = arith.addf %1, %16 : f64
              %18 = arith.subf %in_0, %in : f64
              %cst = arith.constant 2.3283063999999999E-10 : f64
              %19 = arith.mulf %18, %cst : f64
              %20 = arith.mulf %17, %19 : f64
              %21 = arith.addf %20, %in : f64
              %22 = arith.truncf %21 : f64 to f32
              linalg.yield %22 : f32
            } -> tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
          }
        }
    """)


# -- OpDSL errors -------------------------------------------------------------

def test_bad_calls(ctx):
    f32, i32 = F32Type.get(), IntegerType.get_signless(32)
    m = Module.create()
    with InsertionPoint(m.body):
        a = tensor.empty([4], f32)
        ai = tensor.empty([4], i32)
        k = tensor.empty([2], f32)
        with pytest.raises(ValueError, match="Expected 1 inputs but got 2"):
            linalg.exp(a, a, outs=[a])
        with pytest.raises(ValueError, match="Expected 1 outputs but got 2"):
            linalg.exp(a, outs=[a, a])
        with pytest.raises(NotImplementedError, match="inference"):
            linalg.exp(a, outs=[])
        with pytest.raises(ValueError, match="'emit_generic' needs to be  of "
                           "type bool but got <class 'int'>"):
            linalg.exp(a, outs=[a], emit_generic=1)
        with pytest.raises(ValueError, match=r"strides needs to be of type "
                           r"Sequence\[int\] but got <class 'tuple'>"):
            _window_max(a, k, outs=[a], strides=(1.0,))
        with pytest.raises(ValueError, match="strides has length 1 but got 2"):
            _window_max(a, k, outs=[a], strides=[1, 2])
        with pytest.raises(TypeError):
            _window_max(a, k, outs=[a], strides=3)
        with pytest.raises(ValueError, match="combine needs to be of type "
                           "BinaryFnType"):
            _window_max(a, k, outs=[a], combine=UnaryFn.exp)
        with pytest.raises(ValueError, match="Cannot overwrite type mapping "
                           "T1 = f32 by type i32"):
            linalg.add(a, ai, outs=[a])
        with pytest.raises(TypeError, match="expected a TypeFn member"):
            linalg.matmul(a, a, outs=[a], cast=BinaryFn.add)
    assert m.operation.verify()


@pytest.mark.parametrize("emit_generic", [False, True])
def test_unsupported_element_types_raise(ctx, emit_generic):
    # MLIR's region builders abort the process on these: the named form is
    # checked before them, the generic form refuses them itself.
    f32, i1 = F32Type.get(), IntegerType.get_signless(1)
    i32 = IntegerType.get_signless(32)
    m = Module.create()
    with InsertionPoint(m.body):
        f, b, n = (tensor.empty([4], t) for t in (f32, i1, i32))
        window = [tensor.empty([1, 4, 1], f32), tensor.empty([2], f32)]
        cases = [
            (linalg.exp, [n], n, "'exp' operand: i32"),
            (linalg.div_unsigned, [f, f], f, "'div_unsigned' operands: f32, f32"),
            (linalg.powf, [n, n], n, "'powf' operands: i32, i32"),
            (linalg.pooling_nwc_max_unsigned, window,
             tensor.empty([1, 3, 1], f32), "'max_unsigned' operands: f32, f32"),
        ]
        if not emit_generic:  # arith.subi on i1 is fine in a generic body
            cases.append((linalg.sub, [b, b], b, "'sub' operands: i1, i1"))
        for op, ins, out, message in cases:
            with pytest.raises(NotImplementedError, match=message):
                op(*ins, outs=[out], emit_generic=emit_generic)
        # The matching calls that MLIR supports go through.
        linalg.sub(n, n, outs=[n], emit_generic=emit_generic)
        linalg.exp(f, outs=[f], emit_generic=emit_generic)
    assert m.operation.verify()


def test_named_body_check_follows_the_element_types(ctx):
    # The check of a named op's body is remembered per element types: a
    # supported call does not let a later unsupported one through, in
    # either order.
    f32, i32 = F32Type.get(), IntegerType.get_signless(32)
    m = Module.create()
    with InsertionPoint(m.body):
        f, n = tensor.empty([4], f32), tensor.empty([4], i32)
        for _ in range(2):
            linalg.exp(f, outs=[f])
            with pytest.raises(NotImplementedError, match="'exp' operand: i32"):
                linalg.exp(n, outs=[n])
    assert m.operation.verify()
    assert str(m).count("linalg.exp") == 2


def test_index_attribute_maps_follow_the_values(ctx):
    # The indexing maps of an op with index attributes (strides,
    # dilations) are kept per set of values: each call gets its own.
    f32 = F32Type.get()
    m = Module.create()
    with InsertionPoint(m.body):
        inp = tensor.empty([1, 8, 1], f32)
        win = tensor.empty([2], f32)
        out = tensor.empty([1, 4, 1], f32)
        results = [linalg.pooling_nwc_sum(inp, win, outs=[out],
                                          strides=strides, emit_generic=True)
                   for strides in ([2], [1], [2])]
    maps = [str(r.owner.attributes["indexing_maps"]) for r in results]
    assert ["d1 * 2 + d3" in t for t in maps] == [True, False, True]
    assert ["(d0, d1 + d3, d2)" in t for t in maps] == [False, True, False]
    assert m.operation.verify()


def test_repeated_calls_build_what_the_first_builds(ctx):
    # After a first call has built a named OpDSL op in a context, later
    # calls take a shorter path: the IR is the same, and calls that path
    # does not take (other operand kinds, wrong types or counts) still get
    # the general path's results and errors.
    f32, i32 = F32Type.get(), IntegerType.get_signless(32)
    m = Module.create()
    with InsertionPoint(m.body):
        a = tensor.empty([4], f32)
        n = tensor.empty([4], i32)
        zero = arith.constant(f32, 0.0)
        built = []
        for _ in range(3):
            built.append(linalg.fill(zero, outs=[a]))
            built.append(linalg.exp(a, outs=[a]))
            built.append(linalg.add(a, a, outs=[a]))
        def text(r):            # the op without its result's name
            return str(r.owner).split(" = ", 1)[1]
        first = [text(r) for r in built[:3]]
        assert first[0].startswith("linalg.fill ins(%cst : f32) outs(")
        assert [text(r) for r in built[3:6]] == first
        assert [text(r) for r in built[6:]] == first
        # Operations (not Values) as operands, a tuple of outputs.
        assert text(linalg.exp(a.owner, outs=(a,))) == first[1]
        with pytest.raises(ValueError, match="Cannot overwrite type mapping "
                                             "T1 = f32 by type i32"):
            linalg.add(a, n, outs=[a])
        with pytest.raises(ValueError, match="Expected 2 inputs but got 1"):
            linalg.add(a, outs=[a])
        with pytest.raises(NotImplementedError, match="'exp' operand: i32"):
            linalg.exp(n, outs=[n])
        # The generic form on request, placement keywords.
        g = linalg.exp(a, outs=[a], emit_generic=True)
        assert g.owner.name == "linalg.generic"
        loc = Location.name("here")
        assert linalg.exp(a, outs=[a], loc=loc).owner.location == loc
    assert m.operation.verify()


def test_bad_definitions(ctx):
    with pytest.raises(ValueError, match="must be defaulted"):
        @linalg_structured_op
        def no_default(A):
            pass
    with pytest.raises(ValueError, match="Input I registered after an output"):
        @linalg_structured_op
        def late_input(O=TensorDef(T, output=True), I=TensorDef(T)):
            O[None] = I[None]
    with pytest.raises(ValueError, match="conflicts with a structured op"):
        @linalg_structured_op
        def reserved(O=TensorDef(T, output=True),
                     inputs=IndexAttrDef(S.X, default=[1])):
            O[None] = const(1)
    with pytest.raises(ValueError, match="Cannot recursively define"):
        @linalg_structured_op
        def outer(O=TensorDef(T, output=True)):
            @linalg_structured_op
            def inner(P=TensorDef(T, output=True)):
                P[None] = const(0)
    with pytest.raises(ValueError, match="none is set"):
        domain(D.m)
    with pytest.raises(ValueError, match="index_dims"):
        TensorDef(T, S.M, index_dims=[D.m, D.n])
    with pytest.raises(ValueError, match="expects 2 default values"):
        IndexAttrDef(S.A, S.B, default=[1])
    with pytest.raises(ValueError, match="requires int or float"):
        const("1")
    with pytest.raises(ValueError, match="Reduce expected a BinaryFnType"):
        lang.ReduceFnType(UnaryFn.exp)

    @linalg_structured_op
    def two_reads(I=TensorDef(T, S.M, S.M), O=TensorDef(T, S.M, output=True)):
        O[D.m] = I[D.m, D.n] + I[D.n, D.m]

    with pytest.raises(ValueError, match="multi-read"):
        LinalgOpConfig.from_linalg_op_def(two_reads.op_def)

    @linalg_structured_op
    def unused(I=TensorDef(T, S.M), J=TensorDef(T, S.M),
               O=TensorDef(T, S.M, output=True)):
        O[D.m] = I[D.m]

    with pytest.raises(ValueError, match="indexing map for operand J"):
        LinalgOpConfig.from_linalg_op_def(unused.op_def)

    @linalg_structured_op
    def outside(O=TensorDef(T, S.M, output=True)):
        O[D.m] = TypeFn.cast_signed(T, index(D.q))

    with pytest.raises(ValueError, match="dimension q is not part"):
        LinalgOpConfig.from_linalg_op_def(outside.op_def)

    @linalg_structured_op
    def reduced(I=TensorDef(T, S.M, S.K), O=TensorDef(T, S.M, output=True)):
        O[D.m] = ReduceFn.add[D.k](I[D.m, D.k])

    config = LinalgOpConfig.from_linalg_op_def(reduced.op_def)[0]
    assert config.structured_op.iterator_types == ["reduction", "parallel"]


# -- upstream's builders ------------------------------------------------------

def test_linalg_function():
    def body():
        f32 = ty("f32")
        a_t, b_t, c_t = (ty("tensor<4x8xf32>"), ty("tensor<8x16xf32>"),
                         ty("tensor<4x16xf32>"))

        @func.FuncOp.from_py_func(a_t, b_t)
        def mm(a, b):
            init = tensor.empty([4, 16], f32)
            zero = arith.constant(f32, 0.0)
            acc = linalg.fill(zero, outs=[init])
            return linalg.matmul(a, b, outs=[acc])

        @func.FuncOp.from_py_func(ty("tensor<4xf32>"))
        def double(x):
            init = tensor.empty([4], f32)
            g = linalg.GenericOp(
                [ty("tensor<4xf32>")], [x], [init],
                A("[affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]"),
                A("[#linalg.iterator_type<parallel>]"))
            blk = g.region.blocks.append(f32, f32)
            with InsertionPoint(blk):
                a = blk.arguments[0]
                linalg.YieldOp([arith.addf(a, a)])
            return g.result

    m = build(body)
    check(m, """
        #map = affine_map<(d0) -> (d0)>
        module {
          func.func @mm(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>) -> tensor<4x16xf32> {
            %0 = tensor.empty() : tensor<4x16xf32>
            %cst = arith.constant 0.000000e+00 : f32
            %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
            %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
            return %2 : tensor<4x16xf32>
          }
          func.func @double(%arg0: tensor<4xf32>) -> tensor<4xf32> {
            %0 = tensor.empty() : tensor<4xf32>
            %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%0 : tensor<4xf32>) {
            ^bb0(%in: f32, %out: f32):
              %2 = arith.addf %in, %in : f32
              linalg.yield %2 : f32
            } -> tensor<4xf32>
            return %1 : tensor<4xf32>
          }
        }
    """)


def _linalg_body(seen):
    from mlir.dialects import linalg, tensor
    f32 = ty("f32")
    t48, t84, t44 = ty("tensor<4x8xf32>"), ty("tensor<8x4xf32>"), ty("tensor<4x4xf32>")

    @func.func(t48, t84, ty("tensor<8xf32>"), t44)
    def kernels(a, b, v, c):
        tr = linalg.transpose(a, outs=[b], permutation=[1, 0])
        bc = linalg.broadcast(v, outs=[a], dimensions=[0])
        seen["transpose"] = type(tr).__name__
        seen["broadcast"] = type(bc).__name__
        id2 = ir.AffineMap.get_identity(2)

        @linalg.generic([a], [bc.results[0]], [id2, id2],
                        [linalg.IteratorType.parallel, "parallel"])
        def g(x, y):
            return arith.addf(x, y)

        @linalg.reduce(result=[ty("tensor<4xf32>")], inputs=[g],
                       inits=[tensor.empty([4], f32)], dimensions=[1])
        def r(x: f32, y: f32):
            return arith.addf(x, y)

        @linalg.map(result=[t48], inputs=[a, a],
                    init=tensor.empty([4, 8], f32))
        def mp(x: f32, y: f32, z: f32):
            return arith.mulf(x, y)

        mm = linalg.matmul(mp, tr.results[0], outs=[c],
                           cast=linalg.TypeFn.cast_unsigned)
        d0, d1, d2 = [ir.AffineExpr.get_dim(i) for i in range(3)]
        maps = [ir.AffineMap.get(3, 0, [d0, d2]),
                ir.AffineMap.get(3, 0, [d2, d1]),
                ir.AffineMap.get(3, 0, [d0, d1])]
        ct = linalg.contract(a, b, outs=[mm], indexing_maps=maps)
        ew = linalg.elementwise(ct, ct, outs=[c],
                                kind=linalg.ElementwiseKind.add)
        conv = linalg.conv_2d_nhwc_hwcf(
            tensor.empty([1, 4, 4, 1], f32), tensor.empty([3, 3, 1, 1], f32),
            outs=[tensor.empty([1, 2, 2, 1], f32)], strides=[1, 1],
            dilations=(1, 1))
        pk = linalg.pack(a, tensor.empty([2, 8, 2, 1], f32), [0, 1], [2, 1])
        up = linalg.unpack(pk, a, [0, 1], [2, 1])
        seen["types"] = [type(x).__name__ for x in (g, r, mp, mm, ew, up)]
        return r, ew, conv, up


def test_linalg_upstream_builders():
    seen = {}
    check(build(lambda: _linalg_body(seen)), """
        #map = affine_map<(d0, d1) -> (d0, d1)>
        #map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
        #map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
        #map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
        module {
          func.func @kernels(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<8xf32>, %arg3: tensor<4x4xf32>) -> (tensor<4xf32>, tensor<4x4xf32>, tensor<1x2x2x1xf32>, tensor<4x8xf32>) {
            %transposed = linalg.transpose ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<8x4xf32>) permutation = [1, 0] 
            %broadcasted = linalg.broadcast ins(%arg2 : tensor<8xf32>) outs(%arg0 : tensor<4x8xf32>) dimensions = [0] 
            %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%broadcasted : tensor<4x8xf32>) {
            ^bb0(%in: f32, %out: f32):
              %11 = arith.addf %in, %out : f32
              linalg.yield %11 : f32
            } -> tensor<4x8xf32>
            %1 = tensor.empty() : tensor<4xf32>
            %reduced = linalg.reduce ins(%0 : tensor<4x8xf32>) outs(%1 : tensor<4xf32>) dimensions = [1] 
              (%in: f32, %init: f32) {
                %11 = arith.addf %in, %init : f32
                linalg.yield %11 : f32
              }
            %2 = tensor.empty() : tensor<4x8xf32>
            %mapped = linalg.map { arith.mulf } ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%2 : tensor<4x8xf32>)
            %3 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%mapped, %transposed : tensor<4x8xf32>, tensor<8x4xf32>) outs(%arg3 : tensor<4x4xf32>) -> tensor<4x4xf32>
            %4 = linalg.contract indexing_maps = [#map1, #map2, #map3] ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x4xf32>) outs(%3 : tensor<4x4xf32>) -> tensor<4x4xf32>
            %5 = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%4, %4 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%arg3 : tensor<4x4xf32>) -> tensor<4x4xf32>
            %6 = tensor.empty() : tensor<1x4x4x1xf32>
            %7 = tensor.empty() : tensor<3x3x1x1xf32>
            %8 = tensor.empty() : tensor<1x2x2x1xf32>
            %9 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%6, %7 : tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) outs(%8 : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
            %10 = tensor.empty() : tensor<2x8x2x1xf32>
            %pack = linalg.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [2, 1] into %10 : tensor<4x8xf32> -> tensor<2x8x2x1xf32>
            %unpack = linalg.unpack %pack inner_dims_pos = [0, 1] inner_tiles = [2, 1] into %arg0 : tensor<2x8x2x1xf32> -> tensor<4x8xf32>
            return %reduced, %5, %9, %unpack : tensor<4xf32>, tensor<4x4xf32>, tensor<1x2x2x1xf32>, tensor<4x8xf32>
          }
        }
    """)
    assert seen == {"transpose": "TransposeOp", "broadcast": "BroadcastOp",
                    "types": ["OpResult"] * 6}


def test_linalg_bad_input(ctx):
    from mlir.dialects import linalg, tensor
    module = ir.Module.create()
    with InsertionPoint(module.body):
        f32 = ty("f32")
        a = tensor.empty([4, 8], f32)
        b = tensor.empty([8, 4], f32)
        with pytest.raises(ValueError, match="must have length 1"):
            linalg.transpose(a, outs=[b, b], permutation=[1, 0])
        with pytest.raises(ValueError, match="output's type"):
            linalg.elementwise(a, outs=[b], kind=linalg.ElementwiseKind.exp)
        with pytest.raises(ValueError, match=r"strides needs to be of type "
                           r"Sequence\[int\]"):
            linalg.conv_1d_nwc_wcf(a, b, outs=[a], strides=[1.5])
        with pytest.raises(TypeError, match="IteratorType"):
            linalg.generic([a], [a], [ir.AffineMap.get_identity(2)] * 2,
                           ["sideways", "parallel"])
    assert str(linalg.IteratorType.reduction) == "reduction"


# -- structural queries -------------------------------------------------------

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
        with pytest.raises(TypeError, match=r"\.ContractionDimensions: no "
                           r"constructor defined! \(ContractionDimensions are"):
            L.ContractionDimensions()
        with pytest.raises(TypeError, match=r"\.ConvolutionDimensions: no "
                           r"constructor defined! \(ConvolutionDimensions are"):
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


def test_opdsl_configurations_are_kept_by_their_context():
    # An OpDSL op's configuration is computed once per context and kept by
    # it; the context is still collected (the cache holds its affine maps).
    import gc
    import weakref
    ctx = ir.Context()
    with ctx, ir.Location.unknown():
        f32 = ir.F32Type.get()
        m = ir.Module.create()
        with ir.InsertionPoint(m.body):
            init = tensor.EmptyOp([4], f32)
            zero = arith.ConstantOp(f32, ir.FloatAttr.get(f32, 0.0))
            linalg.fill(zero.result, outs=[init.result])
            linalg.fill(zero.result, outs=[init.result])
        assert m.operation.verify()
        assert str(m).count("linalg.fill") == 2
        assert len(ctx._cache("linalg.opdsl")) == 1
        assert ctx._cache("linalg.opdsl") is ctx._cache("linalg.opdsl")
    ref = weakref.ref(ctx)
    del ctx, m, init, zero, f32
    gc.collect()
    assert ref() is None
