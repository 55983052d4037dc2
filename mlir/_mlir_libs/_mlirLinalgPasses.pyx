# cython: language_level=3
"""Registers the passes of the linalg dialect (mlir-c/Dialect/Linalg.h) on
import, so that pipelines naming them parse. Registration is process-wide
and idempotent: importing this module again, or after
_mlirRegisterEverything registered every pass, changes nothing."""

from mlir._mlir_libs.capi.dialect.linalg cimport mlirRegisterLinalgPasses

mlirRegisterLinalgPasses()
