# cython: language_level=3
"""Registers the passes of the gpu dialect (mlir-c/Dialect/GPU.h) on
import, so that pipelines naming them parse. Registration is process-wide
and idempotent: importing this module again, or after
_mlirRegisterEverything registered every pass, changes nothing."""

from mlir._mlir_libs.capi.dialect.gpu cimport mlirRegisterGPUPasses

mlirRegisterGPUPasses()
