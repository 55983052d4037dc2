"""Every dialect module of mlir.dialects: imported, one piece of IR built
through its generated builders (tests/dialects/smoke_cases.py), verified,
printed, compared exactly and parsed back."""

import importlib

import pytest

from . import smoke_cases
from .helpers import build, check

TRANSFORM_EXTENSIONS = ["bufferization", "debug", "gpu", "loop", "memref",
                        "nvgpu", "pdl", "smt", "sparse_tensor", "structured",
                        "tensor", "tune", "vector", "xegpu"]

EXPECTED = {
    "affine": """\
#map = affine_map<(d0) -> (d0 * 2)>
module {
  %c3 = arith.constant 3 : index
  %0 = affine.apply #map(%c3)
}
""",
    "amdgpu": """\
module {
  amdgpu.lds_barrier
}
""",
    "arith": """\
module {
  %c7_i32 = arith.constant 7 : i32
  %0 = arith.shli %c7_i32, %c7_i32 : i32
}
""",
    "async_dialect": """\
module {
  %c2 = arith.constant 2 : index
  %0 = async.create_group %c2 : !async.group
}
""",
    "bufferization": """\
module {
  %0 = bufferization.alloc_tensor() : tensor<8xf32>
}
""",
    "builtin": """\
module {
  module @inner {
    %0 = unrealized_conversion_cast to i32
  }
}
""",
    "cf": """\
module {
  func.func @a(%arg0: i1) {
    cf.assert %arg0, "boom"
    return
  }
}
""",
    "complex": """\
module {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = complex.create %cst, %cst : complex<f32>
}
""",
    "emitc": """\
module {
  %c1_i32 = arith.constant 1 : i32
  %0 = emitc.add %c1_i32, %c1_i32 : (i32, i32) -> i32
}
""",
    "func": """\
module {
  func.func @id(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
""",
    "gpu": """\
module {
  %thread_id_x = gpu.thread_id  x
}
""",
    "index": """\
module {
  %idx5 = index.constant 5
  %0 = index.add %idx5, %idx5
}
""",
    "irdl": """\
module {
  irdl.dialect @mydialect 
}
""",
    "linalg": """\
module {
  %0 = tensor.empty() : tensor<4xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
}
""",
    "llvm": """\
module {
  %0 = llvm.mlir.constant(42 : i32) : i32
  %1 = llvm.add %0, %0 : i32
}
""",
    "math": """\
module {
  func.func @m(%arg0: f32) -> f32 {
    %0 = math.absf %arg0 : f32
    %1 = math.sqrt %0 : f32
    return %1 : f32
  }
}
""",
    "memref": """\
module {
  %alloc = memref.alloc() : memref<4xf32>
  memref.dealloc %alloc : memref<4xf32>
}
""",
    "ml_program": """\
module {
  ml_program.global private mutable @g(dense<0> : tensor<i32>) : i32
}
""",
    "nvgpu": """\
module {
  %0 = nvgpu.device_async_create_group 
  nvgpu.device_async_wait %0
}
""",
    "nvvm": """\
module {
  nvvm.barrier0
}
""",
    "openacc": """\
module {
  acc.init
}
""",
    "openmp": """\
module {
  omp.barrier
}
""",
    "pdl": """\
module {
  pdl.pattern @p : benefit(1) {
    %0 = operation "foo.op" 
    rewrite %0 with "rewriter"
  }
}
""",
    "quant": """\
module {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = quant.qcast %cst : f32 to !quant.uniform<i8:f32, 2.000000e+00:10>
}
""",
    "rocdl": """\
module {
  rocdl.barrier
}
""",
    "scf": """\
module {
  %true = arith.constant true
  scf.if %true {
  }
}
""",
    "shape": """\
module {
  %c3 = shape.const_size 3
}
""",
    "shard": """\
module {
  shard.grid @grid0(shape = 2x4)
}
""",
    "smt": """\
module {
  %true = smt.constant true
  %0 = smt.not %true
}
""",
    "sparse_tensor": """\
#sparse = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
module {
  func.func @nse(%arg0: tensor<8xf32, #sparse>) -> index {
    %0 = sparse_tensor.number_of_entries %arg0 : tensor<8xf32, #sparse>
    return %0 : index
  }
}
""",
    "spirv": """\
module {
  func.func @s(%arg0: i32) -> i32 {
    %0 = spirv.IAdd %arg0, %arg0 : i32
    return %0 : i32
  }
}
""",
    "tensor": """\
module {
  %0 = tensor.empty() : tensor<2x3xf32>
}
""",
    "tosa": """\
module {
  func.func @t(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = tosa.add %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
""",
    "transform": """\
module {
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%arg0: !transform.any_op) {
      transform.apply_patterns to %arg0 {
        transform.apply_patterns.gpu.eliminate_barriers
        transform.apply_patterns.scf.for_loop_canonicalization
        transform.apply_patterns.memref.expand_ops
        transform.apply_patterns.linalg.fold_add_into_dest
        transform.apply_patterns.tensor.fold_tensor_empty
        transform.apply_patterns.vector.lower_broadcast
      } : !transform.any_op
      transform.bufferization.eliminate_empty_tensors %arg0 : !transform.any_op
      transform.debug.emit_remark_at %arg0, "here" : !transform.any_op
      %0 = transform.nvgpu.create_async_groups %arg0 : (!transform.any_op) -> !transform.any_op
      %1 = transform.sparse_tensor.match.sparse_inout %arg0 : (!transform.any_op) -> !transform.any_op
      %2 = transform.tune.knob<"k"> = 1 : i64 from options = [1, 2] -> !transform.param<i64>
      transform.smt.constrain_params(%2) : (!transform.param<i64>) -> () {
      ^bb0(%arg1: !smt.int):
      }
      transform.with_pdl_patterns %arg0 : !transform.any_op {
      ^bb0(%arg1: !transform.any_op):
        pdl.pattern @p : benefit(1) {
          %3 = operation 
          rewrite %3 with "rw"
        }
        sequence %arg1 : !transform.any_op failures(propagate) {
        ^bb0(%arg2: !transform.any_op):
          %3 = pdl_match @p in %arg2 : (!transform.any_op) -> !transform.any_op
        }
      }
      transform.yield 
    }
  }
}
""",
    "ub": """\
module {
  %0 = ub.poison : i32
}
""",
    "vector": """\
module {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = vector.broadcast %cst : f32 to vector<4xf32>
}
""",
    "x86vector": """\
module {
  func.func @x(%arg0: vector<8xf32>) -> vector<8xf32> {
    %0 = x86vector.avx.rsqrt %arg0 : vector<8xf32>
    return %0 : vector<8xf32>
  }
}
""",
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_dialect_module(name):
    mod = importlib.import_module(f"mlir.dialects.{name}")
    assert mod.__name__ == f"mlir.dialects.{name}"
    check(build(getattr(smoke_cases, f"case_{name}")), EXPECTED[name])


@pytest.mark.parametrize("ext", TRANSFORM_EXTENSIONS)
def test_transform_extension_imports(ext):
    mod = importlib.import_module(f"mlir.dialects.transform.{ext}")
    ops = [v for v in vars(mod).values()
           if isinstance(v, type) and hasattr(v, "OPERATION_NAME")
           and v.OPERATION_NAME]
    assert ops and all(op.OPERATION_NAME.startswith("transform.") for op in ops)


def test_op_objects_have_no_instance_dict():
    """Every op class of every dialect module, generated or hand-written,
    is slot-only: its objects carry no __dict__, so they stay as small as
    the core's (one exists per live op)."""
    from mlir.ir import OpView
    names = sorted(EXPECTED) + [f"transform.{e}" for e in TRANSFORM_EXTENSIONS]
    seen = 0
    for name in names:
        mod = importlib.import_module(f"mlir.dialects.{name}")
        for v in vars(mod).values():
            if isinstance(v, type) and issubclass(v, OpView) and v is not OpView:
                assert v.__dictoffset__ == 0, f"{name}.{v.__name__}"
                seen += 1
    assert seen > 1500
