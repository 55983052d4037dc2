"""The dialects of mlir.dialects: which ODS file each generated module comes
from. Read by setup.py, which runs mlir-cython-tblgen on each entry (in
parallel, skipping entries whose inputs did not change).

Each entry: (dialect namespace, extension or None, ODS files relative to
<llvm>/include/mlir[, options]). With several files, a small wrapper .td
including them is generated; enums come from the directories of the listed
files. The options, a dict, say where a module follows upstream's layout
rather than these defaults:

  "module":     the generated modules' stem, `_<module>_ops_gen` and
                `_<module>_enum_gen` (default `<extension>_<ns>` for an
                extension, else `<ns>`), as upstream names the debug,
                pdl, smt and tune transform extensions
                `transform_<name>_extension`;
  "enum_files": .td files (relative to <llvm>/include/mlir, included by
                the ODS files) whose enums the enum module holds too:
                upstream's enum module of the dialect has them although
                they are defined outside the dialect's directories.
"""

DIALECTS = [
    ("builtin", None, ["IR/BuiltinOps.td"]),
    ("func", None, ["Dialect/Func/IR/FuncOps.td"]),
    ("arith", None, ["Dialect/Arith/IR/ArithOps.td"]),
    ("math", None, ["Dialect/Math/IR/MathOps.td"]),
    ("scf", None, ["Dialect/SCF/IR/SCFOps.td"]),
    ("cf", None, ["Dialect/ControlFlow/IR/ControlFlowOps.td"]),
    ("memref", None, ["Dialect/MemRef/IR/MemRefOps.td"]),
    ("tensor", None, ["Dialect/Tensor/IR/TensorOps.td"]),
    ("vector", None, ["Dialect/Vector/IR/VectorOps.td",
                      "Dialect/Vector/IR/VectorAttributes.td"]),
    ("linalg", None, ["Dialect/Linalg/IR/LinalgOps.td",
                      "Dialect/Linalg/IR/LinalgStructuredOps.td",
                      "Dialect/Linalg/IR/LinalgRelayoutOps.td"],
     # IteratorType, which #linalg.iterator_type wraps
     {"enum_files": ["Dialect/Utils/StructuredOpsUtils.td"]}),
    ("affine", None, ["Dialect/Affine/IR/AffineOps.td"]),
    ("llvm", None, ["Dialect/LLVMIR/LLVMOps.td",
                     "Dialect/LLVMIR/LLVMIntrinsicOps.td"]),
    ("gpu", None, ["Dialect/GPU/IR/GPUOps.td"]),
    ("transform", None, ["Dialect/Transform/IR/TransformOps.td",
                         "Dialect/Transform/IR/TransformAttrs.td"]),
    ("amdgpu", None, ["Dialect/AMDGPU/IR/AMDGPU.td"]),
    ("async", None, ["Dialect/Async/IR/AsyncOps.td"]),
    ("bufferization", None, ["Dialect/Bufferization/IR/BufferizationOps.td",
                             "Dialect/Bufferization/IR/BufferizationEnums.td"]),
    ("complex", None, ["Dialect/Complex/IR/ComplexOps.td"]),
    ("emitc", None, ["Dialect/EmitC/IR/EmitC.td"]),
    ("index", None, ["Dialect/Index/IR/IndexOps.td"]),
    ("irdl", None, ["Dialect/IRDL/IR/IRDLOps.td"]),
    ("ml_program", None, ["Dialect/MLProgram/IR/MLProgramOps.td"]),
    ("nvgpu", None, ["Dialect/NVGPU/IR/NVGPUOps.td"]),
    ("nvvm", None, ["Dialect/LLVMIR/NVVMOps.td"]),
    ("acc", None, ["Dialect/OpenACC/OpenACCOps.td"]),
    ("omp", None, ["Dialect/OpenMP/OpenMPOps.td"]),
    ("pdl", None, ["Dialect/PDL/IR/PDLOps.td"]),
    ("quant", None, ["Dialect/Quant/IR/QuantOps.td"]),
    ("rocdl", None, ["Dialect/LLVMIR/ROCDLOps.td"]),
    ("shape", None, ["Dialect/Shape/IR/ShapeOps.td"]),
    ("shard", None, ["Dialect/Shard/IR/ShardOps.td"]),
    ("smt", None, ["Dialect/SMT/IR/SMTOps.td",
                   "Dialect/SMT/IR/SMTArrayOps.td",
                   "Dialect/SMT/IR/SMTBitVectorOps.td",
                   "Dialect/SMT/IR/SMTIntOps.td"]),
    ("sparse_tensor", None, ["Dialect/SparseTensor/IR/SparseTensorOps.td",
                             "Dialect/SparseTensor/IR/SparseTensorAttrDefs.td"]),
    ("spirv", None, ["Dialect/SPIRV/IR/SPIRVOps.td"]),
    ("tosa", None, ["Dialect/Tosa/IR/TosaOps.td"]),
    ("ub", None, ["Dialect/UB/IR/UBOps.td"]),
    ("x86vector", None, ["Dialect/X86Vector/X86Vector.td"]),
    # transform dialect extensions: mlir.dialects.transform.<extension>
    ("transform", "bufferization",
     ["Dialect/Bufferization/TransformOps/BufferizationTransformOps.td"]),
    ("transform", "debug",
     ["Dialect/Transform/DebugExtension/DebugExtensionOps.td"],
     {"module": "transform_debug_extension"}),
    ("transform", "gpu", ["Dialect/GPU/TransformOps/GPUTransformOps.td"]),
    ("transform", "loop", ["Dialect/SCF/TransformOps/SCFTransformOps.td",
                            "Dialect/Transform/LoopExtension/LoopExtensionOps.td"]),
    ("transform", "memref",
     ["Dialect/MemRef/TransformOps/MemRefTransformOps.td"]),
    ("transform", "nvgpu", ["Dialect/NVGPU/TransformOps/NVGPUTransformOps.td"]),
    ("transform", "pdl", ["Dialect/Transform/PDLExtension/PDLExtensionOps.td"],
     {"module": "transform_pdl_extension"}),
    ("transform", "smt", ["Dialect/Transform/SMTExtension/SMTExtensionOps.td"],
     {"module": "transform_smt_extension"}),
    ("transform", "sparse_tensor",
     ["Dialect/SparseTensor/TransformOps/SparseTensorTransformOps.td"]),
    ("transform", "structured",
     ["Dialect/Linalg/TransformOps/LinalgTransformOps.td"]),
    ("transform", "tensor",
     ["Dialect/Tensor/TransformOps/TensorTransformOps.td"]),
    ("transform", "tune", ["Dialect/Transform/TuneExtension/TuneExtensionOps.td"],
     {"module": "transform_tune_extension"}),
    ("transform", "vector",
     ["Dialect/Vector/TransformOps/VectorTransformOps.td"],
     # the lowering strategies (VectorContractLowering, ...) its ops take
     {"enum_files": ["Dialect/Vector/Transforms/VectorTransformsBase.td"]}),
    ("transform", "xegpu",
     ["Dialect/XeGPU/TransformOps/XeGPUTransformOps.td"]),
]
