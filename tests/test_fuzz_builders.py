"""Generated builders never crash: every op class of every generated
dialect module is called with wrong-kind and misused arguments by
tests/fuzz_builders.py in child processes (a crash there fails the test,
naming the call). Derandomized by default; MLIR_CYTHON_BUILDER_FUZZ=N makes
N random calls per op instead.

Also the regression tests for what the fuzzer found: builders whose result
types MLIR infers check the kind of their operands' types against the
op's ODS constraints first."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mlir.ir import (Context, F32Type, IndexType, InsertionPoint,
                     IntegerType, Location, MemRefType, Module,
                     RankedTensorType, VectorType)

FUZZER = Path(__file__).with_name("fuzz_builders.py")


def _modules():
    import pkgutil
    import mlir.dialects
    return sorted(i.name for i in pkgutil.iter_modules(mlir.dialects.__path__)
                  if i.name.startswith("_") and i.name.endswith("_ops_gen"))


def _chunks(names, n):
    return [names[i::n] for i in range(n)]


@pytest.mark.parametrize("part", range(4))
def test_every_generated_builder_survives_misuse(tmp_path, part):
    names = _chunks(_modules(), 4)[part]
    last = tmp_path / "last-call"
    budget = None if "MLIR_CYTHON_BUILDER_FUZZ" in os.environ else 600
    try:
        proc = subprocess.run(
            [sys.executable, str(FUZZER), str(last)] +
            [n for n in names], capture_output=True, text=True,
            timeout=budget)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the builder fuzzer hung on "
                             f"{last.read_text()}") from None
    assert proc.returncode == 0, (
        f"the builder fuzzer died ({proc.returncode}) on "
        f"{last.read_text() if last.exists() else '?'}\n"
        f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
    calls, built = (int(w) for w in proc.stdout.split()[-3::2])
    # Many calls, and some of them build (the pools are not all wrong).
    assert calls >= 6 * 10 and built > 0, proc.stdout


@pytest.fixture
def body():
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        m = Module.create()
        f32 = F32Type.get()
        idx = IndexType.get()
        from mlir.ir import Operation
        holder = Operation.create(
            "t.values", results=[f32, idx, MemRefType.get([4], f32),
                                 RankedTensorType.get([4], f32),
                                 VectorType.get([4], f32)])
        with InsertionPoint(m.body):
            yield holder.results
        holder.erase() if not holder.results[0].uses else None


def test_inferring_builders_refuse_operands_of_another_kind(body):
    from mlir.dialects import memref, tensor, vector
    f, i, mem, ten, vec = body
    with pytest.raises(TypeError, match=(
            r"^memref.load: operand 'memref' must be memref of any type "
            r"values, not f32 \(its result types are inferred")):
        memref.load(f, [])
    with pytest.raises(TypeError, match=r"^tensor.extract: operand 'tensor' "
                       r"must be ranked tensor of any type values, not f32"):
        tensor.extract(f, [])
    with pytest.raises(TypeError, match=r"^vector.extract"):
        vector.extract(f, [], [0])
    with pytest.raises(TypeError, match=r"memref of any type values, not "
                       r"tensor<4xf32>"):
        memref.LoadOp(ten, [i])


def test_inferring_builders_check_element_types_ods_pins(ctx):
    # ODS pins the element type of a container (a vector of floats, a
    # complex of floats): a container of the right kind with another
    # element type is refused before inference as well.
    from mlir.dialects import arith, complex as cx
    from mlir.ir import ComplexType, IntegerType, Operation
    ctx.allow_unregistered_dialects = True
    with Location.unknown():
        i32, f32 = IntegerType.get_signless(32), F32Type.get()
        m = Module.create()
        with InsertionPoint(m.body):
            vi, vf, ci, cf = Operation.create("t.values", results=[
                VectorType.get([4], i32), VectorType.get([4], f32),
                ComplexType.get(i32), ComplexType.get(f32)]).results
            with pytest.raises(TypeError, match=(
                    r"^arith.cmpf: operand 'lhs' must be floating-point-like, "
                    r"not vector<4xi32> \(its result types are inferred")):
                arith.cmpf(arith.CmpFPredicate.OEQ, vi, vi)
            with pytest.raises(TypeError, match=(
                    r"^arith.cmpi: operand 'lhs' must be signless-integer-"
                    r"like, not vector<4xf32>")):
                arith.cmpi(arith.CmpIPredicate.eq, vf, vf)
            with pytest.raises(TypeError, match=(
                    r"^complex.abs: operand 'complex' must be complex type "
                    r"with floating-point elements, not complex<i32>")):
                cx.abs(ci)
            # The right element types build, and results= builds anything.
            assert str(arith.cmpf(arith.CmpFPredicate.OEQ, vf, vf).type) == \
                "vector<4xi1>"
            assert str(cx.abs(cf).type) == "f32"
            assert str(cx.AbsOp(ci, results=[i32]).result.type) == "i32"


def test_inferring_builders_still_build_what_is_right(body):
    from mlir.dialects import memref, tensor
    f, i, mem, ten, vec = body
    assert str(memref.load(mem, [i]).type) == "f32"
    assert str(tensor.extract(ten, [i]).type) == "f32"


def test_operands_inference_does_not_read_are_not_checked(body):
    # As upstream, an op is built with a wrong-kind operand its result
    # types do not depend on (async.create_group's result is always
    # !async.group; memref.load's comes from the memref alone); the
    # verifier reports it.
    from mlir.dialects import async_dialect, memref
    from mlir.ir import MLIRError
    f, i, mem, ten, vec = body
    g = async_dialect.create_group(f)
    assert str(g.type) == "!async.group"
    v = memref.load(mem, [i, f])
    for op in (g.owner, v.owner):
        with pytest.raises(MLIRError, match="must be (variadic of )?index"):
            op.verify()
        op.erase()


def test_explicit_result_types_build_unverified_as_upstream(body):
    # No inference, so nothing of MLIR runs on the operands: the op is
    # built, and the verifier reports it, as with upstream's builders.
    from mlir.dialects import memref
    from mlir.ir import MLIRError
    f, i, mem, ten, vec = body
    op = memref.LoadOp(f, [], results=[F32Type.get()])
    with pytest.raises(MLIRError, match="must be memref of any type values"):
        op.verify()
    op.erase()


def test_dialect_type_operands_are_checked_by_dialect(body):
    # Operands constrained to a dialect's type: the C API cannot tell the
    # type class, so the builder checks that the type is of that dialect
    # (enough to refuse the builtin values that crashed inference).
    from mlir.dialects import async_dialect, shape, smt, sparse_tensor, spirv
    f, i, mem, ten, vec = body
    cases = [
        (lambda: async_dialect.runtime_load(f), "async.runtime.load",
         "storage", "async value type"),
        (lambda: shape.shape_of(i), "shape.shape_of", "arg", None),
        (lambda: smt.array_select(f, vec), "smt.array.select", "array", None),
        (lambda: sparse_tensor.coordinates_buffer(ten),
         "sparse_tensor.coordinates_buffer", "tensor",
         "sparse tensor of any type values"),
        (lambda: spirv.Image(f), "spirv.Image", "sampled_image", None),
    ]
    for build, name, operand, summary in cases:
        with pytest.raises(TypeError, match="^" + re.escape(
                f"{name}: operand '{operand}' must be ")) as e:
            build()
        msg = str(e.value)
        assert msg.startswith(f"{name}: operand '{operand}' must be "), msg
        if summary:
            assert f"must be {summary}, not " in msg, msg


def test_an_attribute_the_op_drops_is_refused(body):
    # MLIR keeps an inherent attribute only if it is of the declared kind
    # and drops another silently; the op's printer then read null.
    from mlir.dialects.transform import vector as tv
    from mlir.ir import BoolAttr, Operation, StringAttr, UnitAttr
    with pytest.raises(TypeError, match=(
            r"^transform.apply_patterns.vector.lower_contraction: attribute "
            r"'lowering_strategy' is not of the kind the op declares for it "
            r"\(got true\)$")):
        tv.ApplyLowerContractionPatternsOp(lowering_strategy=BoolAttr.get(True))
    # The same through the generic builder.
    with pytest.raises(TypeError, match="attribute 'value' is not of the"):
        Operation.create("arith.constant", results=[F32Type.get()],
                         attributes={"value": UnitAttr.get()})
    # With inference MLIR converts the attributes itself and says so.
    from mlir.ir import MLIRError
    with pytest.raises(MLIRError, match="Invalid attribute `value` in "
                       "property conversion: unit"):
        Operation.create("arith.constant", infer_type=True,
                         attributes={"value": UnitAttr.get()})
    # Discardable attributes are kept as given.
    op = Operation.create("arith.constant", results=[F32Type.get()],
                          attributes={"note": StringAttr.get("x")})
    assert str(op.attributes["note"]) == '"x"'


def test_structured_op_without_its_body_verifies_and_prints(body, capfd):
    # MLIR's Linalg verifier reads the body block that the op's C++
    # builders always make; built from Python it may not exist yet.
    from mlir.dialects import linalg
    from mlir.ir import MLIRError
    from mlir.passmanager import PassManager
    op = linalg.ExpOp([], [], [])
    with pytest.raises(MLIRError, match=(
            r"Verification failed:\n.*'linalg.exp' op expects to have 1 "
            r"region with 1 block")):
        op.verify()
    generic = ('"linalg.exp"() <{operandSegmentSizes = array<i32: 0, 0>}> '
               '({\n}) : () -> ()')
    assert str(op) == generic
    module = op.operation.parent
    assert str(module.operation) == (
        '"builtin.module"() ({\n  ' + generic.replace("\n", "\n  ") +
        '\n}) : () -> ()\n')
    op.operation.dump()
    assert generic in capfd.readouterr().err
    with pytest.raises(MLIRError, match="Failure while executing pass "
                       "pipeline:\n.*expects to have 1 region with 1 block"):
        PassManager.parse("builtin.module(canonicalize)").run(module)
    op.erase()


@pytest.mark.parametrize("make", ["omp.declare_mapper", "acc.host_data"])
def test_ops_whose_verifier_reads_a_missing_block(body, make):
    # Their MLIR verifiers read the first block of a region that their C++
    # builders always make; built from Python it may not exist (found by
    # the builder fuzzer: segfaults in MLIR 22, as in mlir-opt).
    from mlir.dialects import openacc, openmp
    from mlir.ir import MLIRError, TypeAttr
    from mlir.passmanager import PassManager
    f, i, mem, ten, vec = body
    if make == "omp.declare_mapper":
        op = openmp.DeclareMapperOp("m", TypeAttr.get(f.type))
    else:
        op = openacc.HostDataOp([mem])
    with pytest.raises(MLIRError, match=(
            rf"Verification failed:\n.*'{make}' op expects its region to "
            "have a block")):
        op.verify()
    assert str(op).startswith(f'"{make}"(')      # the generic form
    module = op.operation.parent
    with pytest.raises(MLIRError, match="expects its region to have a block"):
        PassManager.parse("builtin.module(canonicalize)").run(module)
    op.operation.erase()


def test_generic_builds_check_what_inference_reads(body):
    # Operation.create(infer_type=True) and build_generic run the kind
    # checks of the op's builder too: MLIR's inference casts the operand
    # types (memref.load of an f32 printed garbage, then segfaulted).
    from mlir.dialects import memref
    from mlir.ir import Operation
    f, i, mem, ten, vec = body
    builds = [lambda: Operation.create("memref.load", operands=[f, i],
                                       infer_type=True),
              lambda: memref.LoadOp.build_generic(operands=[f, i])]
    for build in builds:
        with pytest.raises(TypeError, match=(
                r"^memref.load: operand 'memref' must be memref of any type "
                r"values, not f32 \(its result types are inferred")):
            build()
    op = Operation.create("memref.load", operands=[mem, i], infer_type=True)
    assert str(op.results[0].type) == "f32"
    assert str(memref.LoadOp.build_generic(operands=[mem, i]).result.type) \
        == "f32"
    # Counts the op's layout cannot take are left to MLIR, which refuses
    # them itself.
    from mlir.ir import MLIRError
    with pytest.raises(MLIRError, match="Operation creation failed"):
        Operation.create("memref.load", operands=[], infer_type=True)


def test_vector_kinds_and_ranks_are_checked(body):
    # vector.shuffle's inference read a non-vector as a vector (LLVM abort:
    # "SmallVector unable to grow"); llvm.extractelement's too.
    from mlir.dialects import llvm, vector
    from mlir.ir import NoneType, TupleType
    f, i, mem, ten, vec = body
    with pytest.raises(TypeError, match=r"^vector.shuffle: operand 'v1' must "
                       r"be fixed-length vector of any type values, not f32"):
        vector.shuffle(f, vec, [1, 2])
    with pytest.raises(TypeError, match=r"^llvm.extractelement: operand "
                       r"'vector' must be LLVM dialect-compatible vector type, "
                       r"not index"):
        llvm.extractelement(i, mem)
