"""What the generated op modules offer beyond one op per class: upstream's
names where Cython reserves words, `results=` on builders of ops whose
result types are inferred, ODS properties set as properties (not as
discardable attributes), LLVM intrinsics, and functions that would hide a
class."""

import inspect

import pytest

from mlir.ir import (Attribute, IndexType, InsertionPoint, IntegerAttr,
                     IntegerType, MLIRError, StringAttr, Type)
from mlir.dialects import affine, arith, emitc, func, index, llvm, rocdl
from mlir.dialects import transform
from mlir.dialects.transform import loop

from .helpers import build, check


def _in_func(inputs, body):
    """A verified module with func @f taking the types named in `inputs`,
    its body built by body(*arguments)."""
    def fn():
        f = func.FuncOp("f", ([Type.parse(t) for t in inputs], []))
        with InsertionPoint(f.add_entry_block()):
            body(*f.arguments)
            func.ReturnOp([])
    return build(fn)


def test_results_keyword_overrides_inference():
    def body(a):
        i32 = IntegerType.get_signless(32)
        arith.addi(a, a, results=[i32])
        arith.AddIOp(a, a, results=[i32])
        index.sizeof(results=[IndexType.get()])
        index.sizeof()
    check(_in_func(["i32"], body), """
        module {
          func.func @f(%arg0: i32) {
            %0 = arith.addi %arg0, %arg0 : i32
            %1 = arith.addi %arg0, %arg0 : i32
            %2 = index.sizeof
            %3 = index.sizeof
            return
          }
        }""")
    sig = inspect.signature(arith.AddIOp.__init__)
    assert list(sig.parameters)[-3:] == ["results", "loc", "ip"]
    assert sig.parameters["results"].kind is inspect.Parameter.KEYWORD_ONLY

    # Given types are used as they are (the verifier judges them), and a
    # single Type instead of a list is refused before any C call.
    def wrong(a):
        i64 = IntegerType.get_signless(64)
        with pytest.raises(TypeError, match="'IntegerType' object is not iterable"):
            arith.addi(a, a, results=i64)
        with pytest.raises(ValueError, match="arith.addi: results must "
                           "hold 1 type, not 2"):
            arith.addi(a, a, results=[i64, i64])
        arith.addi(a, a, results=[i64])
    with pytest.raises(MLIRError, match="'arith.addi' op requires the same "
                                        "type for all operands and results"):
        _in_func(["i32"], wrong)


def test_cython_reserved_words_keep_upstream_names():
    def fn():
        inc = emitc.include("foo.h")
        assert type(inc) is emitc.IncludeOp
        assert inc.include == StringAttr.get("foo.h")
        emitc.IncludeOp("bar.h", is_standard_include=True)
        # upstream's keyword, too
        emitc.IncludeOp(include="baz.h")
        emitc.include(include="qux.h", is_standard_include=True)
        with pytest.raises(TypeError, match=r"IncludeOp.__init__\(\) got "
                           "multiple values for argument 'include'"):
            emitc.IncludeOp("a.h", include="b.h")
        with pytest.raises(TypeError, match=r"include\(\) got an unexpected "
                           "keyword argument 'includ'"):
            emitc.include(includ="a.h")
    check(build(fn), """
        module {
          emitc.include "foo.h"
          emitc.include <"bar.h">
          emitc.include "baz.h"
          emitc.include <"qux.h">
        }""")
    for fn in (emitc.include, transform.include, index.sizeof):
        assert fn.__name__ == fn.__qualname__
    assert emitc.include.__name__ == "include"
    assert "include_" not in vars(emitc.IncludeOp)
    assert not hasattr(emitc, "include_") and not hasattr(index, "sizeof_")


def test_function_named_like_a_class_gets_a_suffix():
    # rocdl names some op classes in lower case, after the op.
    assert inspect.isclass(rocdl.mfma_f32_4x4x1f32)
    assert rocdl.mfma_f32_4x4x1f32_.__name__ == "mfma_f32_4x4x1f32_"
    assert inspect.isclass(rocdl.ds_read_tr4_b64)
    assert callable(rocdl.ds_read_tr4_b64_)


def test_properties_are_set_as_properties():
    seen = {}

    def body(a, i):
        i32 = IntegerType.get_signless(32)
        add = llvm.AddOp(a, a, llvm.IntegerOverflowFlags.nsw)
        llvm.add(a, a)                       # the property has a default
        lin = affine.AffineLinearizeIndexOp([i, i], [], [2, 3], True)
        affine.linearize_index([i, i], [], [2, 3])
        seen["add"], seen["lin"] = add, lin
        assert lin.disjoint is True
        assert add.overflowFlags == IntegerAttr.get(i32, 1)
    m = _in_func(["i32", "index"], body)
    check(m, """
        module {
          func.func @f(%arg0: i32, %arg1: index) {
            %0 = llvm.add %arg0, %arg0 overflow<nsw> : i32
            %1 = llvm.add %arg0, %arg0 : i32
            %2 = affine.linearize_index disjoint [%arg1, %arg1] by (2, 3) : index
            %3 = affine.linearize_index [%arg1, %arg1] by (2, 3) : index
            return
          }
        }""")
    add, lin = seen["add"], seen["lin"]
    with m.context:
        add.overflowFlags = Attribute.parse("#llvm.overflow<nuw>")
        lin.disjoint = False
        assert str(add) == "%0 = llvm.add %arg0, %arg0 overflow<nuw> : i32"
        assert lin.disjoint is False
        with pytest.raises(MLIRError, match="IntegerOverflowFlags"):
            add.overflowFlags = StringAttr.get("x")
        assert str(add) == "%0 = llvm.add %arg0, %arg0 overflow<nuw> : i32"
        with pytest.raises(ValueError, match="None"):
            add.overflowFlags = None
        with pytest.raises(AttributeError):
            del lin.disjoint
        # No discardable attribute of the property's name appears.
        assert "overflowFlags" not in [a.name for a in add.attributes]


def test_bad_property_value_at_build_raises_and_leaves_nothing():
    def body(a, i):
        with pytest.raises(MLIRError, match="IntegerOverflowFlags"):
            llvm.AddOp(a, a, StringAttr.get("x"))
        with pytest.raises(MLIRError, match="affine.linearize_index"):
            affine.AffineLinearizeIndexOp([i], [], [2], StringAttr.get("x"))
    m = _in_func(["i32", "index"], body)
    assert "llvm.add" not in str(m) and "linearize" not in str(m)


def test_llvm_intrinsics_and_loop_extension_are_generated():
    def body(a):
        llvm.intr_ctpop(a)
        llvm.intr_abs(a.type, a, False)
    check(_in_func(["i32"], body), """
        module {
          func.func @f(%arg0: i32) {
            %0 = llvm.intr.ctpop(%arg0) : (i32) -> i32
            %1 = "llvm.intr.abs"(%arg0) <{is_int_min_poison = false}> : (i32) -> i32
            return
          }
        }""")
    assert llvm.ACosOp.OPERATION_NAME == "llvm.intr.acos"
    assert (loop.HoistLoopInvariantSubsetsOp.OPERATION_NAME
            == "transform.loop.hoist_loop_invariant_subsets")


def test_builder_signatures_read_as_upstreams():
    """inspect.signature of generated builders is upstream's: required
    parameters without a default, then the keyword-only ones (the .pyx
    collects extra positionals and marks required parameters, for
    Python-worded errors; neither shows)."""
    from mlir.dialects import memref, scf
    def params(f):
        return str(inspect.signature(f)).split(" -> ")[0]
    assert params(arith.addi) == ("(lhs, rhs, *, overflow_flags=None, "
                                  "results=None, loc=None, ip=None)")
    assert params(arith.AddIOp) == ("(lhs, rhs, *, overflowFlags=None, "
                                    "results=None, loc=None, ip=None)")
    assert params(arith.AddIOp.__init__).startswith("(self, lhs, rhs, *,")
    assert params(memref.alloc) == ("(memref, dynamic_sizes, symbol_operands,"
                                    " *, alignment=None, loc=None, ip=None)")
    assert inspect.signature(arith.addi).return_annotation.__name__ == "OpResult"
    with pytest.raises(TypeError, match="missing a required argument: 'rhs'"):
        inspect.signature(arith.addi).bind(1)
    # Every generated builder of these modules: each parameter as upstream
    # writes it (no marker default, no collector of extra arguments).
    from mlir._mlir_libs._ods_runtime import _ods_builder
    seen = 0
    for mod in (arith, memref, scf, func, llvm, transform):
        for name in dir(mod):
            obj = getattr(mod, name)
            f = obj.__dict__.get("__init__") if isinstance(obj, type) else obj
            if not isinstance(f, _ods_builder):
                continue
            sig = inspect.signature(f)
            kinds = [p.kind for p in sig.parameters.values()]
            assert kinds == sorted(kinds), name
            assert set(kinds) <= {inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                  inspect.Parameter.KEYWORD_ONLY}, name
            assert all(p.default in (None, inspect.Parameter.empty)
                       for p in sig.parameters.values()), name
            assert list(sig.parameters)[-2:] == ["loc", "ip"], name
            seen += 1
    assert seen > 300
