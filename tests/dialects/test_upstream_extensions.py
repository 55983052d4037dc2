"""Upstream's hand-written dialect extensions (func, arith, scf, affine,
linalg, transform): IR built from Python, verified, printed exactly and
parsed back."""

import array

import pytest

from mlir import ir
from mlir.ir import (Attribute, Context, InsertionPoint, Location, Type)
from mlir.dialects import arith, func

from .helpers import build, check


def T(s):
    return Type.parse(s)


def A(s):
    return Attribute.parse(s)


@pytest.fixture
def ctx():
    with Context() as c, Location.unknown():
        yield c


# -- func ---------------------------------------------------------------------

def test_func_is_the_decorator():
    assert func.func == func.FuncOp.from_py_func
    assert isinstance(func.FuncOp.__dict__["from_py_func"], classmethod)

    calls = {}

    def body():
        f32 = T("f32")

        @func.func(f32, results=[f32])
        def explicit(x):
            func.ReturnOp([x])

        @func.func(f32)
        def nothing(x):
            pass

        @func.func(f32, name="renamed")
        def twice(x, func_op):
            calls["func_op"] = func_op
            return arith.addf(x, x)

        @func.func(f32)
        def caller(x):
            calls["none"] = nothing(x)
            calls["one"] = twice(x)
            return explicit(calls["one"])

        assert explicit.__name__ == "explicit"
        assert explicit.__doc__ is None
        assert isinstance(twice.func_op, func.FuncOp)

    check(build(body), """
        module {
          func.func @explicit(%arg0: f32) -> f32 {
            return %arg0 : f32
          }
          func.func @nothing(%arg0: f32) {
            return
          }
          func.func @renamed(%arg0: f32) -> f32 {
            %0 = arith.addf %arg0, %arg0 : f32
            return %0 : f32
          }
          func.func @caller(%arg0: f32) -> f32 {
            call @nothing(%arg0) : (f32) -> ()
            %0 = call @renamed(%arg0) : (f32) -> f32
            %1 = call @explicit(%0) : (f32) -> f32
            return %1 : f32
          }
        }
    """)
    assert isinstance(calls["none"], ir.OpResultList)
    assert len(calls["none"]) == 0
    assert isinstance(calls["one"], ir.Value)
    assert isinstance(calls["func_op"], func.FuncOp)


def test_func_explicit_results_no_implicit_return(ctx):
    f32 = T("f32")
    module = ir.Module.create()
    with InsertionPoint(module.body):
        @func.func(f32, results=[f32])
        def open_body(x):
            pass

        with pytest.raises(AssertionError):
            @func.func(f32, results=[f32])
            def returns_value(x):
                return x
    block = open_body.func_op.entry_block
    assert len(block.operations) == 0
    assert str(open_body.func_op.type) == "(f32) -> f32"
    # The body is left for the caller to finish.
    with InsertionPoint(block):
        func.ReturnOp([block.arguments[0]])
    assert open_body.func_op.verify()


def test_func_constant_type():
    def body():
        i32 = T("i32")
        callee = func.FuncOp("callee", ([i32], [i32]), visibility="private")

        @func.func()
        def get():
            c = func.ConstantOp(callee.type, ir.FlatSymbolRefAttr.get("callee"))
            assert str(c.type) == "(i32) -> i32"
            return c

    check(build(body), """
        module {
          func.func private @callee(i32) -> i32
          func.func @get() -> ((i32) -> i32) {
            %f = constant @callee : (i32) -> i32
            return %f : (i32) -> i32
          }
        }
    """)


# -- arith --------------------------------------------------------------------

def test_arith_constant_from_arrays_and_attributes():
    seen = {}

    def body():
        vi = T("vector<3xi32>")

        @func.func()
        def consts():
            a = arith.constant(vi, array.array("i", [1, 2, 3]))
            b = arith.ConstantOp(T("tensor<2x2xi32>"),
                                 array.array("i", [1, 2, 3, 4]))
            c = arith.constant(T("tensor<2xf32>"), array.array("f", [1, 2]))
            d = arith.constant(T("tensor<2xf64>"), array.array("d", [.5, 2]))
            e = arith.constant(T("tensor<2xi64>"), array.array("q", [7, 8]))
            # An attribute alone, or an attribute whose type wins over the
            # given result type.
            f = arith.ConstantOp(A("5 : i16"), None)
            g = arith.ConstantOp(T("f32"), A("6 : i8"))
            h = arith.constant(A("dense<1> : vector<2xi8>"), None)
            seen["types"] = [str(x.type) for x in (f, g)]
            return a, b, c, d, e, f, g, h

    check(build(body), """
        module {
          func.func @consts() -> (vector<3xi32>, tensor<2x2xi32>, tensor<2xf32>, tensor<2xf64>, tensor<2xi64>, i16, i8, vector<2xi8>) {
            %cst = arith.constant dense<[1, 2, 3]> : vector<3xi32>
            %cst_0 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
            %cst_1 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
            %cst_2 = arith.constant dense<[5.000000e-01, 2.000000e+00]> : tensor<2xf64>
            %cst_3 = arith.constant dense<[7, 8]> : tensor<2xi64>
            %c5_i16 = arith.constant 5 : i16
            %c6_i8 = arith.constant 6 : i8
            %cst_4 = arith.constant dense<1> : vector<2xi8>
            return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %c5_i16, %c6_i8, %cst_4 : vector<3xi32>, tensor<2x2xi32>, tensor<2xf32>, tensor<2xf64>, tensor<2xi64>, i16, i8, vector<2xi8>
          }
        }
    """)
    assert seen["types"] == ["i16", "i8"]


def test_arith_constant_bad_input(ctx):
    module = ir.Module.create()
    with InsertionPoint(module.body):
        vi = T("vector<3xi32>")
        with pytest.raises(ValueError, match=r"Mismatching array element "
                           r"\(64\) and type \(32\) width"):
            arith.constant(vi, array.array("d", [1, 2, 3]))
        with pytest.raises(ValueError, match='Unsupported typecode: "b"'):
            arith.constant(T("vector<2xi8>"), array.array("b", [1, 2]))
        with pytest.raises(ValueError):
            arith.constant(vi, array.array("i", [1, 2]))
        with pytest.raises(TypeError, match="shaped result type"):
            arith.constant(T("i32"), array.array("i", [1]))
        with pytest.raises(TypeError, match="element type"):
            arith.constant(T("vector<2xindex>"), array.array("q", [1, 2]))
        with pytest.raises(TypeError, match="None only when the first argument is an Attribute"):
            arith.ConstantOp(T("i32"), None)
        with pytest.raises(TypeError, match=r"ConstantOp\.__init__\(\)"):
            arith.ConstantOp(T("i32"))
        with pytest.raises(TypeError, match=r"ConstantOp\.__init__\(\)"):
            arith.ConstantOp(T("i32"), 1, 2)
        with pytest.raises(TypeError):
            arith.ConstantOp(T("i32"), [1, 2])
        # arith.constant is compiled; it reports its arguments as Python
        # would for upstream's `def constant(result, value, *, loc, ip)`.
        with pytest.raises(TypeError, match=r"^constant\(\) missing 1 "
                           r"required positional argument: 'value'$"):
            arith.constant(T("i32"))
        with pytest.raises(TypeError, match=r"^constant\(\) takes 2 "
                           r"positional arguments but 3 were given$"):
            arith.constant(T("i32"), 1, 2)
        with pytest.raises(TypeError, match="not str"):
            arith.constant(T("i32"), "1")
        with pytest.raises(TypeError, match="unexpected keyword"):
            arith.constant(T("i32"), 1, where=None)
    assert len(module.body.operations) == 0
    assert (arith.constant.__name__, arith.constant.__module__) == (
        "constant", "mlir.dialects.arith")
    import inspect
    assert str(inspect.signature(arith.constant)) == \
        "(result, value, *, loc=None, ip=None)"
    assert str(inspect.signature(arith.ConstantOp.__init__)) == \
        "(self, result, value, *, loc=None, ip=None)"
    assert arith.ConstantOp(T("i32"), value=3).literal_value == 3


# -- scf ----------------------------------------------------------------------

def test_scf_forall_index_switch_if_for():
    from mlir.dialects import scf
    seen = {}

    def body():
        idx, i32, f32 = T("index"), T("i32"), T("f32")
        t_type = T("tensor<4x8xf32>")

        @func.func(idx, t_type)
        def loops(n, t):
            fa = scf.ForallOp([0, 0], [n, 8], [1, 2], [t])
            seen["rank"] = fa.rank
            seen["ivs"] = [str(v.type) for v in fa.induction_variables]
            seen["iters"] = [str(v.type) for v in fa.inner_iter_args]
            term = fa.terminator()
            seen["same_term"] = fa.terminator() == term
            seen["term"] = type(term).__name__
            seen["term_block_empty"] = len(term.block.operations) == 0
            fb = scf.ForallOp([n], [arith.constant(idx, 9)], [3],
                              mapping=None)
            with InsertionPoint(fb.body):
                scf.InParallelOp()
            seen["fb_term"] = type(fb.terminator()).__name__

            r = scf.index_switch(
                [i32], n, [1, 5],
                case_body_builder=lambda op, i, c: scf.yield_(
                    [arith.constant(i32, c * 10 + i)]),
                default_body_builder=lambda op: scf.yield_(
                    [arith.constant(i32, -1)]))
            op = scf.IndexSwitchOp([], n, [3])
            seen["case_regions"] = (len(op.case_regions), len(op.case_blocks))
            with InsertionPoint(op.default_block):
                scf.yield_([])
            with InsertionPoint(op.case_block(0)):
                scf.yield_([])
            assert op.case_region(0) == op.regions[1]
            assert op.default_region == op.regions[0]
            seen["no_result"] = type(scf.index_switch(
                [], n, [], default_body_builder=lambda o: scf.yield_([])))

            cond = arith.constant(T("i1"), 1)
            branch = scf.IfOp(cond)
            seen["else"] = branch.else_block
            with InsertionPoint(branch.then_block):
                scf.yield_([])

            init = arith.ConstantOp(f32, 0.0)
            loop = scf.ForOp(arith.constant(idx, 0), n,
                             arith.constant(idx, 1), init)
            with InsertionPoint(loop.body):
                scf.yield_(list(loop.inner_iter_args))
            return fa.results[0], r, loop.results[0]

    check(build(body), """
        module {
          func.func @loops(%arg0: index, %arg1: tensor<4x8xf32>) -> (tensor<4x8xf32>, i32, f32) {
            %0 = scf.forall (%arg2, %arg3) = (0, 0) to (%arg0, 8) step (1, 2) shared_outs(%arg4 = %arg1) -> (tensor<4x8xf32>) {
              scf.forall.in_parallel {
              }
            }
            %c9 = arith.constant 9 : index
            scf.forall (%arg2) = (%arg0) to (%c9) step (3) {
            }
            %1 = scf.index_switch %arg0 -> i32 
            case 1 {
              %c10_i32 = arith.constant 10 : i32
              scf.yield %c10_i32 : i32
            }
            case 5 {
              %c51_i32 = arith.constant 51 : i32
              scf.yield %c51_i32 : i32
            }
            default {
              %c-1_i32 = arith.constant -1 : i32
              scf.yield %c-1_i32 : i32
            }
            scf.index_switch %arg0 
            case 3 {
              scf.yield
            }
            default {
            }
            scf.index_switch %arg0 
            default {
            }
            %true = arith.constant true
            scf.if %true {
            }
            %cst = arith.constant 0.000000e+00 : f32
            %c0 = arith.constant 0 : index
            %c1 = arith.constant 1 : index
            %2 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %cst) -> (f32) {
              scf.yield %arg3 : f32
            }
            return %0, %1, %2 : tensor<4x8xf32>, i32, f32
          }
        }
    """)
    assert seen == {
        "rank": 2, "ivs": ["index", "index"], "iters": ["tensor<4x8xf32>"],
        "same_term": True, "term": "InParallelOp", "term_block_empty": True,
        "fb_term": "InParallelOp", "case_regions": (1, 1),
        "no_result": ir.Operation, "else": None,
    }


def test_scf_bad_input(ctx):
    from mlir.dialects import scf
    module = ir.Module.create()
    with InsertionPoint(module.body):
        n = arith.constant(T("index"), 4)
        with pytest.raises(ValueError, match="Mismatch in length"):
            scf.ForallOp([0], [1, 2], [1])
        with pytest.raises(TypeError, match="ints or index Values"):
            scf.ForallOp([0.5], [1], [1])
        with pytest.raises(TypeError, match="list of Values"):
            scf.ForOp(n, n, n, n)
        assert scf.constant is arith.constant


# -- affine -------------------------------------------------------------------

def test_affine_for_and_if():
    from mlir.dialects import affine
    seen = {}

    def body():
        idx, f32 = T("index"), T("f32")
        d0, s0 = ir.AffineExpr.get_dim(0), ir.AffineExpr.get_symbol(0)

        @func.func(idx, f32)
        def loops(n, x):
            lp = affine.AffineForOp(0, n, 2, iter_args=[x])
            seen["iv"] = str(lp.induction_variable.type)
            seen["iters"] = len(lp.inner_iter_args)
            with InsertionPoint(lp.body):
                affine.AffineYieldOp([lp.inner_iter_args[0]])
            shifted = ir.AffineMap.get(1, 1, [d0 + s0])
            lp2 = affine.AffineForOp(shifted, 10,
                                     lower_bound_operands=[n, n])
            with InsertionPoint(lp2.body):
                affine.AffineYieldOp([])
            for iv in affine.for_(0, 4):
                affine.AffineYieldOp([])
            for iv, it in affine.for_(0, 4, 1, iter_args=[x]):
                affine.AffineYieldOp([it])
            cond = ir.IntegerSet.get(1, 0, [d0 - ir.AffineExpr.get_constant(2)],
                                     [False])
            branch = affine.AffineIfOp(cond, cond_operands=[n])
            seen["else"] = branch.else_block
            with InsertionPoint(branch.then_block):
                affine.AffineYieldOp([])
            both = affine.AffineIfOp(cond, [f32], cond_operands=[n],
                                     has_else=True)
            with InsertionPoint(both.then_block):
                affine.AffineYieldOp([x])
            with InsertionPoint(both.else_block):
                affine.AffineYieldOp([x])
            return lp.results[0], both.results[0]

    check(build(body), """
        #map = affine_map<(d0) -> (d0)>
        #map1 = affine_map<(d0)[s0] -> (d0 + s0)>
        #set = affine_set<(d0) : (d0 - 2 >= 0)>
        module {
          func.func @loops(%arg0: index, %arg1: f32) -> (f32, f32) {
            %0 = affine.for %arg2 = 0 to #map(%arg0) step 2 iter_args(%arg3 = %arg1) -> (f32) {
              affine.yield %arg3 : f32
            }
            affine.for %arg2 = #map1(%arg0)[%arg0] to 10 {
            }
            affine.for %arg2 = 0 to 4 {
            }
            %1 = affine.for %arg2 = 0 to 4 iter_args(%arg3 = %arg1) -> (f32) {
              affine.yield %arg3 : f32
            }
            affine.if #set(%arg0) {
            }
            %2 = affine.if #set(%arg0) -> f32 {
              affine.yield %arg1 : f32
            } else {
              affine.yield %arg1 : f32
            }
            return %0, %2 : f32, f32
          }
        }
    """)
    assert seen == {"iv": "index", "iters": 1, "else": None}


def test_affine_bad_input(ctx):
    from mlir.dialects import affine
    module = ir.Module.create()
    with InsertionPoint(module.body):
        n = arith.constant(T("index"), 4)
        two_inputs = ir.AffineMap.get(1, 1, [ir.AffineExpr.get_dim(0)])
        with pytest.raises(ValueError, match="but not both"):
            affine.AffineForOp(0, n, upper_bound_operands=[n])
        with pytest.raises(ValueError, match="Expected 2, got 0"):
            affine.AffineForOp(0, two_inputs)
        with pytest.raises(ValueError, match="lower bound must be"):
            affine.AffineForOp(0.5, 3)
        cond = ir.IntegerSet.get(1, 0, [ir.AffineExpr.get_dim(0)], [False])
        with pytest.raises(ValueError, match="expected 1 condition operands"):
            affine.AffineIfOp(cond)
    assert len(module.body.operations) == 1


# -- linalg -------------------------------------------------------------------

def _linalg_body(seen):
    from mlir.dialects import linalg, tensor
    f32 = T("f32")
    t48, t84, t44 = T("tensor<4x8xf32>"), T("tensor<8x4xf32>"), T("tensor<4x4xf32>")

    @func.func(t48, t84, T("tensor<8xf32>"), t44)
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

        @linalg.reduce(result=[T("tensor<4xf32>")], inputs=[g],
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
        f32 = T("f32")
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


# -- transform ----------------------------------------------------------------

def _transform_script(seen):
    from mlir.dialects import transform
    from mlir.dialects.transform import structured
    module_op = InsertionPoint.current.block.owner
    module_op.attributes["transform.with_named_sequence"] = ir.UnitAttr.get()
    any_op = transform.any_op_t()
    func_t = transform.OperationType.get("func.func")
    seq = transform.named_sequence("__transform_main", [any_op], [],
                                   arg_attrs=[{"transform.readonly": ir.UnitAttr.get()}])
    seen["named"] = type(seq).__name__
    with InsertionPoint(seq.body):
        funcs = structured.MatchOp.match_op_names(seq.bodyTarget, ["func.func"])
        typed = transform.cast(func_t, funcs)
        merged = transform.merge_handles([funcs, funcs], deduplicate=True,
                                         results=[any_op])
        parent = transform.get_parent_op(any_op, typed, allow_empty_results=True,
                                         op_name="builtin.module")
        rep = transform.replicate(parent, [merged])
        patterns = transform.apply_patterns(typed, apply_cse=True, max_iterations=3)
        with InsertionPoint(patterns.patterns):
            transform.ApplyCanonicalizationPatternsOp()
        loop = transform.ForeachOp([func_t], [typed])
        seen["foreach_targets"] = len(loop.bodyTargets)
        with InsertionPoint(loop.body):
            transform.yield_([loop.bodyTargets[0]])
        bare = transform.foreach([], [merged])
        seen["foreach_none"] = type(bare).__name__
        with InsertionPoint(bare.body):
            transform.yield_()
        transform.yield_()
    inner = transform.named_sequence("noop", [any_op], [any_op],
                                      sym_visibility="private")
    with InsertionPoint(inner.body):
        transform.yield_([inner.bodyTarget])
    top = transform.sequence(transform.FailurePropagationMode.Propagate, [],
                             any_op)
    seen["sequence"] = type(top).__name__
    with InsertionPoint(top.body):
        transform.YieldOp()
    return seq


def test_transform_upstream_builders():
    seen = {}
    check(build(lambda: _transform_script(seen)), """
        module attributes {transform.with_named_sequence} {
          transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
            %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
            %1 = transform.cast %0 : !transform.any_op to !transform.op<"func.func">
            %2 = transform.merge_handles deduplicate %0, %0 : !transform.any_op
            %3 = transform.get_parent_op %1 {allow_empty_results, op_name = "builtin.module"} : (!transform.op<"func.func">) -> !transform.any_op
            %4 = transform.replicate num(%3) %2 : !transform.any_op, !transform.any_op
            transform.apply_patterns to %1 {
              transform.apply_patterns.canonicalization
            } {apply_cse, max_iterations = 3 : i64} : !transform.op<"func.func">
            %5 = transform.foreach %1 : !transform.op<"func.func"> -> !transform.op<"func.func"> {
            ^bb0(%arg1: !transform.op<"func.func">):
              transform.yield %arg1 : !transform.op<"func.func">
            }
            transform.foreach %2 : !transform.any_op {
            ^bb0(%arg1: !transform.any_op):
            }
            transform.yield 
          }
          transform.named_sequence private @noop(%arg0: !transform.any_op) -> !transform.any_op {
            transform.yield %arg0 : !transform.any_op
          }
          transform.sequence  failures(propagate) {
          ^bb0(%arg0: !transform.any_op):
          }
        }
    """)
    assert seen == {"named": "NamedSequenceOp", "foreach_targets": 1,
                    "foreach_none": "ForeachOp", "sequence": "SequenceOp"}


_PAYLOAD = """
func.func @f(%arg0: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %arg0, %c0 : i32
  return %0 : i32
}
"""

_CANONICALIZE = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.func"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %0 {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
}
"""

_FOLDED = """module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
"""


def test_transform_interpreter(ctx):
    from mlir.dialects import transform
    from mlir.dialects.transform import interpreter

    opts = interpreter.TransformOptions()
    assert opts.expensive_checks and opts.enforce_single_top_level_transform_op
    opts.expensive_checks = False
    opts.enforce_single_top_level_transform_op = False
    assert not opts.expensive_checks
    assert not opts.enforce_single_top_level_transform_op

    script = ir.Module.parse(_CANONICALIZE)
    main = script.body.operations[0]
    assert isinstance(main, transform.NamedSequenceOp)

    payload = ir.Module.parse(_PAYLOAD)
    interpreter.apply_named_sequence(payload, main, script)
    assert str(payload) == _FOLDED

    payload = ir.Module.parse(_PAYLOAD)
    interpreter.apply_named_sequence(payload.operation, main.operation,
                                     script.operation, opts)
    assert str(payload) == _FOLDED

    payload = ir.Module.parse(_PAYLOAD)
    assert main.apply(payload) is payload
    assert str(payload) == _FOLDED

    bad = ir.Module.parse("""
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.get_parent_op %arg0 {op_name = "foo.bar"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}""")
    with pytest.raises(ValueError) as err:
        interpreter.apply_named_sequence(payload, bad.body.operations[0], bad)
    assert str(err.value).startswith(
        "Failed to apply named transform sequence.\n"
        'Diagnostic message at loc("-":4:10): could not find a parent op '
        "that matches all requirements")

    detached = transform.NamedSequenceOp("x", [transform.any_op_t()], [],
                                         loc=ir.Location.unknown())
    with pytest.raises(ValueError, match="in a module"):
        detached.apply(payload)


def test_transform_copy_symbols_and_merge_into(ctx):
    from mlir.dialects.transform import interpreter
    a = ir.Module.parse("func.func private @g()\nfunc.func @h() { return }")
    b = ir.Module.parse("func.func private @g()\nfunc.func @k() { return }")
    interpreter.copy_symbols_and_merge_into(a, b)
    assert str(a) == """module {
  func.func private @g()
  func.func @h() {
    return
  }
  func.func @k() {
    return
  }
}
"""
    clash = ir.Module.parse("func.func @h() { return }")
    with pytest.raises(ValueError, match="Failed to merge symbols.\n"
                       "Diagnostic message at .*doubly defined symbol @h"):
        interpreter.copy_symbols_and_merge_into(a, clash)


# -- transform.structured -----------------------------------------------------

def _structured_script(seen):
    from mlir.dialects import transform
    from mlir.dialects.transform import structured
    module_op = InsertionPoint.current.block.owner
    module_op.attributes["transform.with_named_sequence"] = ir.UnitAttr.get()
    any_op = transform.any_op_t()
    main = transform.named_sequence(
        "__transform_main", [any_op], [],
        arg_attrs=[{"transform.readonly": ir.UnitAttr.get()}])
    with InsertionPoint(main.body):
        mm = structured.MatchOp.match_op_names(main.bodyTarget,
                                               ["linalg.matmul"])
        tiled = structured.TileUsingForOp(mm, sizes=[2, 0, 4],
                                          interchange=[1, 0, 2])
        seen["loops"] = len(tiled.results) - 1
        forall = structured.TileUsingForallOp(
            tiled.results[0], tile_sizes=[1, 2],
            mapping=ir.Attribute.parse("[#gpu.thread<x>, #gpu.thread<y>]"))
        fill = structured.MatchOp.match_op_names(main.bodyTarget,
                                                 ["linalg.fill"])
        fused = structured.FuseOp(fill, tile_sizes=[4, 8], use_forall=True)
        seen["fused"] = len(fused.results)
        gen = structured.GeneralizeOp(forall.results[0])
        structured.InterchangeOp(gen, iterator_interchange=[1, 0, 2])
        structured.VectorizeOp(fill, [4, [8]], vectorize_nd_extract=True)
        structured.DecomposeOp(fill)
        structured.ScalarizeOp(fill)
        transform.yield_()


def test_transform_structured_builders():
    seen = {}
    check(build(lambda: _structured_script(seen)), """
        module attributes {transform.with_named_sequence} {
          transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
            %0 = transform.structured.match ops{["linalg.matmul"]} in %arg0 : (!transform.any_op) -> !transform.any_op
            %tiled_linalg_op, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [2, 0, 4] interchange = [1, 0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
            %tiled_op, %forall_op = transform.structured.tile_using_forall %tiled_linalg_op tile_sizes [1, 2](mapping = [#gpu.thread<x>, #gpu.thread<y>]) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
            %1 = transform.structured.match ops{["linalg.fill"]} in %arg0 : (!transform.any_op) -> !transform.any_op
            %transformed, %loops_0 = transform.structured.fuse %1 tile_sizes [4, 8] {use_forall} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
            %2 = transform.structured.generalize %tiled_op : (!transform.any_op) -> !transform.any_op
            %3 = transform.structured.interchange %2 iterator_interchange = [1, 0, 2] : (!transform.any_op) -> !transform.any_op
            transform.structured.vectorize %1 vector_sizes [4, [8]] {vectorize_nd_extract} : !transform.any_op
            %4 = transform.structured.decompose %1 : (!transform.any_op) -> !transform.any_op
            %5 = transform.structured.scalarize %1 : (!transform.any_op) -> !transform.any_op
            transform.yield 
          }
        }
    """)
    assert seen == {"loops": 2, "fused": 2}


def test_transform_structured_tiling_runs(ctx):
    from mlir.dialects import transform
    from mlir.dialects.transform import structured
    payload = ir.Module.parse("""
func.func @mm(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}""")
    script = ir.Module.create()
    script.operation.attributes["transform.with_named_sequence"] = \
        ir.UnitAttr.get()
    any_op = transform.any_op_t()
    with InsertionPoint(script.body):
        main = transform.named_sequence("__transform_main", [any_op], [])
        with InsertionPoint(main.body):
            mm = structured.MatchOp.match_op_names(main.bodyTarget,
                                                   ["linalg.matmul"])
            structured.TileUsingForOp(mm, sizes=[4, 4])
            transform.yield_()
    assert script.operation.verify()
    main.apply(payload)
    text = str(payload)
    assert text.count("scf.for") == 2, text
    assert "linalg.matmul ins(%extracted_slice, %extracted_slice_3 : " \
        "tensor<4x16xf32>, tensor<16x4xf32>)" in text, text


def test_transform_structured_bad_input(ctx):
    from mlir.dialects import transform
    from mlir.dialects.transform import structured
    module = ir.Module.create()
    with InsertionPoint(module.body):
        seq = transform.SequenceOp(transform.FailurePropagationMode.Propagate,
                                   [], transform.AnyOpType.get())
        with InsertionPoint(seq.body):
            t = seq.bodyTarget
            with pytest.raises(TypeError, match="must either both"):
                structured.VectorizeOp(t, [4], scalable_sizes=[False])
            with pytest.raises(TypeError, match="expected to be one"):
                structured.TileUsingForallOp(transform.AnyOpType.get(), t)
            with pytest.raises(ValueError, match="two targets"):
                structured.TileUsingForOp(t, t, sizes=[1])
            with pytest.raises(TypeError, match="scalable"):
                structured.TileUsingForOp(t, sizes=[1.5])
            with pytest.raises(TypeError, match=r"GeneralizeOp\.__init__"):
                structured.GeneralizeOp()
