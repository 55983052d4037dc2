# cython: language_level=3
"""Registers the passes of the sparse_tensor dialect (mlir-c/Dialect/SparseTensor.h) on
import, so that pipelines naming them parse. Registration is process-wide
and idempotent: importing this module again, or after
_mlirRegisterEverything registered every pass, changes nothing."""

from mlir._mlir_libs.capi.dialect.sparse_tensor cimport mlirRegisterSparseTensorPasses

mlirRegisterSparseTensorPasses()
