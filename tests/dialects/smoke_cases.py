"""One small piece of IR per dialect module, built through the generated
builders (CASES: module name -> builder function). The expected printed
forms live in test_every_dialect.py."""

from mlir.ir import Attribute, Block, InsertionPoint, Type


def T(s):
    return Type.parse(s)


def A(s):
    return Attribute.parse(s)


def _func(name, inputs, results=()):
    from mlir.dialects import func
    f = func.FuncOp(name, (list(map(T, inputs)), list(map(T, results))))
    return f, InsertionPoint(f.add_entry_block())


def case_builtin():
    from mlir.dialects import builtin
    inner = builtin.ModuleOp()
    inner.sym_name = A('"inner"')
    with InsertionPoint(inner.body):
        builtin.UnrealizedConversionCastOp([T("i32")], [])


def case_func():
    from mlir.dialects import func
    f, ip = _func("id", ["i32"], ["i32"])
    with ip:
        func.return_([f.arguments[0]])


def case_arith():
    from mlir.dialects import arith
    x = arith.constant(T("i32"), 7)
    arith.shli(x, x)


def case_math():
    from mlir.dialects import math
    f, ip = _func("m", ["f32"], ["f32"])
    with ip:
        from mlir.dialects import func
        func.return_([math.sqrt(math.absf(f.arguments[0]))])


def case_scf():
    from mlir.dialects import arith, scf
    c = arith.constant(T("i1"), 1)
    op = scf.IfOp(c)
    with InsertionPoint(op.then_block):
        scf.yield_([])


def case_cf():
    from mlir.dialects import cf
    f, ip = _func("a", ["i1"])
    with ip:
        cf.assert_(f.arguments[0], A('"boom"'))
        from mlir.dialects import func
        func.return_([])


def case_memref():
    from mlir.dialects import memref
    m = memref.alloc(T("memref<4xf32>"), [], [])
    memref.dealloc(m)


def case_tensor():
    from mlir.dialects import tensor
    tensor.empty([2, 3], T("f32"))


def case_vector():
    from mlir.dialects import arith, vector
    x = arith.constant(T("f32"), 1.0)
    vector.broadcast(T("vector<4xf32>"), x)


def case_linalg():
    from mlir.dialects import linalg, tensor, arith
    out = tensor.empty([4], T("f32"))
    zero = arith.constant(T("f32"), 0.0)
    linalg.fill(zero, outs=[out])


def case_affine():
    from mlir.dialects import affine, arith
    i = arith.constant(T("index"), 3)
    affine.apply(A("affine_map<(d0) -> (d0 * 2)>"), [i])


def case_llvm():
    from mlir.dialects import llvm
    c = llvm.mlir_constant(A("42 : i32"))
    llvm.add(c, c)


def case_gpu():
    from mlir.dialects import gpu
    gpu.thread_id(A("#gpu<dim x>"))


def case_transform():
    from mlir.dialects import builtin, transform
    from mlir.dialects.transform import (
        bufferization, debug, gpu, loop, memref, nvgpu, pdl, smt,
        sparse_tensor, structured, tensor, tune, vector)
    inner = builtin.ModuleOp()
    inner.operation.attributes["transform.with_named_sequence"] = A("unit")
    any_op = T("!transform.any_op")
    with InsertionPoint(inner.body):
        seq = transform.NamedSequenceOp("__transform_main", [any_op], [])
        blk = seq.body
        with InsertionPoint(blk):
            root = blk.arguments[0]
            ap = transform.ApplyPatternsOp(root)
            with InsertionPoint(ap.patterns):
                gpu.apply_patterns_gpu_eliminate_barriers()
                loop.apply_patterns_scf_for_loop_canonicalization()
                memref.apply_patterns_memref_expand_ops()
                structured.apply_patterns_linalg_fold_add_into_dest()
                tensor.apply_patterns_tensor_fold_tensor_empty()
                vector.apply_patterns_vector_lower_broadcast()
            bufferization.bufferization_eliminate_empty_tensors(root)
            debug.debug_emit_remark_at(root, A('"here"'))
            nvgpu.nvgpu_create_async_groups(any_op, root)
            sparse_tensor.sparse_tensor_match_sparse_inout(any_op, root)
            knob = tune.tune_knob(T("!transform.param<i64>"), A('"k"'),
                                  A("[1 : i64, 2 : i64]"),
                                  selected=A("1 : i64"))
            cp = smt.ConstrainParamsOp([], [knob], [T("!smt.int")])
            with InsertionPoint(cp.body):
                from mlir.dialects import smt as smt_dialect
                smt_dialect.yield_([])
            wp = pdl.WithPDLPatternsOp(root)
            wblk = wp.body
            with InsertionPoint(wblk):
                from mlir.dialects import pdl as pdl_dialect
                pat = pdl_dialect.PatternOp(1, "p")
                with InsertionPoint(pat.body):
                    r = pdl_dialect.operation_(T("!pdl.operation"), [], [],
                                               A("[]"), [])
                    pdl_dialect.RewriteOp(r, "rw")
                seq2 = transform.SequenceOp(
                    transform.FailurePropagationMode.Propagate, [],
                    wblk.arguments[0])
                sblk = seq2.body
                with InsertionPoint(sblk):
                    pdl.PDLMatchOp(any_op, sblk.arguments[0], A("@p"))
                    transform.yield_([])
            transform.yield_([])


def case_amdgpu():
    from mlir.dialects import amdgpu
    amdgpu.lds_barrier()


def case_async_dialect():
    from mlir.dialects import async_dialect, arith
    n = arith.constant(T("index"), 2)
    async_dialect.create_group(n)


def case_bufferization():
    from mlir.dialects import bufferization
    bufferization.alloc_tensor(T("tensor<8xf32>"), [])


def case_complex():
    from mlir.dialects import arith, complex
    x = arith.constant(T("f32"), 1.0)
    complex.create_(T("complex<f32>"), x, x)


def case_emitc():
    from mlir.dialects import emitc, arith
    x = arith.constant(T("i32"), 1)
    emitc.add(T("i32"), x, x)


def case_index():
    from mlir.dialects import index
    a = index.constant(A("5 : index"))
    index.add(a, a)


def case_irdl():
    from mlir.dialects import irdl
    d = irdl.DialectOp(A('"mydialect"'))     # created with its body block
    assert len(d.body.operations) == 0


def case_ml_program():
    from mlir.dialects import ml_program
    ml_program.GlobalOp(A('"g"'), A("i32"), is_mutable=True,
                        value=A("dense<0> : tensor<i32>"),
                        sym_visibility=A('"private"'))


def case_nvgpu():
    from mlir.dialects import nvgpu
    nvgpu.DeviceAsyncWaitOp(nvgpu.device_async_create_group([]))


def case_nvvm():
    from mlir.dialects import nvvm
    nvvm.barrier0()


def case_openacc():
    from mlir.dialects import openacc
    openacc.init()


def case_openmp():
    from mlir.dialects import openmp
    openmp.barrier()


def case_pdl():
    from mlir.dialects import pdl
    p = pdl.PatternOp(1, "p")
    with InsertionPoint(p.body):
        root = pdl.operation_(T("!pdl.operation"), [], [], A("[]"), [],
                              op_name=A('"foo.op"'))
        pdl.RewriteOp(root, "rewriter")


def case_quant():
    from mlir.dialects import quant, arith
    x = arith.constant(T("f32"), 1.0)
    quant.qcast(T("!quant.uniform<i8:f32, 2.0:10>"), x)


def case_rocdl():
    from mlir.dialects import rocdl
    rocdl.barrier()


def case_shape():
    from mlir.dialects import shape
    shape.const_size(A("3 : index"))


def case_shard():
    from mlir.dialects import shard
    shard.GridOp(A('"grid0"'), A("array<i64: 2, 4>"))


def case_smt():
    from mlir.dialects import smt
    t = smt.constant(A("true"))
    smt.not_(t)


def case_sparse_tensor():
    from mlir.dialects import sparse_tensor
    f, ip = _func("nse", ["tensor<8xf32, #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>>"], ["index"])
    with ip:
        from mlir.dialects import func
        func.return_([sparse_tensor.number_of_entries(f.arguments[0])])


def case_spirv():
    from mlir.dialects import spirv
    f, ip = _func("s", ["i32"], ["i32"])
    with ip:
        from mlir.dialects import func
        x = f.arguments[0]
        func.return_([spirv.IAdd(x, x)])


def case_tosa():
    from mlir.dialects import tosa
    f, ip = _func("t", ["tensor<4xf32>"], ["tensor<4xf32>"])
    with ip:
        from mlir.dialects import func
        x = f.arguments[0]
        func.return_([tosa.add(T("tensor<4xf32>"), x, x)])


def case_ub():
    from mlir.dialects import ub
    ub.poison(T("i32"))


def case_x86vector():
    from mlir.dialects import x86vector
    f, ip = _func("x", ["vector<8xf32>"], ["vector<8xf32>"])
    with ip:
        from mlir.dialects import func
        func.return_([x86vector.avx_rsqrt(f.arguments[0])])
