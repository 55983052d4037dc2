# cython: language_level=3
"""Registers the passes of the async dialect (mlir-c/Dialect/Async.h) on
import, so that pipelines naming them parse. Registration is process-wide
and idempotent: importing this module again, or after
_mlirRegisterEverything registered every pass, changes nothing."""

from mlir._mlir_libs.capi.dialect.async_ cimport mlirRegisterAsyncPasses

mlirRegisterAsyncPasses()
