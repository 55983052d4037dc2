# cython: language_level=3, annotation_typing=False
"""Queries on linalg structured ops (mlir-c/Dialect/Linalg.h), re-exported
by mlir.dialects.linalg: whether an op is a contraction or a convolution,
the dimensions of each kind, the op's indexing maps, and the filling of a
named op's region.

The C functions assume a well-formed linalg op: given anything else they
assert or read out of range. Here an op that is not a linalg op gives
False / None (as upstream), and a linalg op that does not verify (so its
maps or body cannot be trusted) is a ValueError, as is a region fill on an
op that has no builtin region or already has its body."""

include "_dialect_types.pxi"

from mlir._mlir_libs._ir import MLIRError as _MLIRError
from mlir._mlir_libs.capi.affine_map cimport (
    MlirAffineMap, mlirAffineMapGetNumDims,
)
from mlir._mlir_libs.capi.bindings.python.interop cimport (
    mlirPythonCapsuleToAffineMap,
)
from mlir._mlir_libs.capi.ir cimport (
    MlirOperation, MlirRegion, mlirOperationGetNumRegions,
    mlirOperationGetRegion, mlirRegionGetFirstBlock, mlirBlockIsNull,
    mlirOperationGetName, mlirIdentifierStr,
)
from mlir._mlir_libs.capi.dialect.linalg cimport (
    MlirLinalgContractionDimensions, MlirLinalgConvolutionDimensions,
    mlirLinalgFillBuiltinNamedOpRegion, mlirLinalgIsAContractionOp,
    mlirLinalgInferContractionDimensions,
    mlirLinalgInferContractionDimensionsFromMaps, mlirLinalgIsAConvolutionOp,
    mlirLinalgInferConvolutionDimensions, mlirLinalgGetIndexingMapsAttribute,
)
from mlir._mlir_libs.capi.mlir_cython.linalg cimport (
    mlirCyLinalgIsALinalgOp, mlirCyLinalgHasBuiltinRegionBuilder,
)

__all__ = ["ContractionDimensions", "ConvolutionDimensions",
           "fill_builtin_region", "get_indexing_maps",
           "infer_contraction_dimensions",
           "infer_contraction_dimensions_from_maps",
           "infer_convolution_dimensions", "isa_contraction_op",
           "isa_convolution_op"]


cdef Operation _as_op(object op, str fn):
    """The Operation of an Operation or OpView argument (TypeError
    otherwise); RuntimeError when it was erased or invalidated."""
    if not isinstance(op, Operation):
        raise TypeError(f"{fn}: op must be an Operation or OpView, not "
                        f"{type(op).__name__}")
    op_handle(<Operation>op)
    return <Operation>op


cdef str _op_name(MlirOperation c):
    return _str(mlirIdentifierStr(mlirOperationGetName(c)))


cdef bint _verified_linalg_op(Operation op, str fn) except -1:
    """False for an op that is not a linalg structured op; True for one
    that verifies; ValueError (chained to the MLIRError) otherwise."""
    cdef MlirOperation c = op_handle(op)
    if not mlirCyLinalgIsALinalgOp(c):
        return False
    try:
        op.verify()
    except _MLIRError as e:
        raise ValueError(f"{fn}: '{_op_name(c)}' does not verify, so its "
                         f"dimensions cannot be inferred: {e}") from e
    return True


cdef object _opt_attr(Context ctx, MlirAttribute a):
    return None if a.ptr == NULL else wrap_attribute(ctx, a)


cdef int _no_constructor(object self, str detail) except -1:
    """Upstream's TypeError for a class Python code cannot construct, with
    `detail` after upstream's text (as mlir.ir's, _ir's ir_support.pxi)."""
    cdef type cls = type(self)
    raise TypeError(f"{cls.__module__}.{cls.__qualname__}: no constructor "
                    f"defined! ({detail})")


@cython.final
cdef class ContractionDimensions:
    """The loop dimensions of a contraction, each a DenseI32ArrayAttr of
    iteration-space positions: batch, m, n (parallel) and k (reduction)."""
    cdef readonly object batch
    cdef readonly object m
    cdef readonly object n
    cdef readonly object k

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "ContractionDimensions are returned by "
                              "infer_contraction_dimensions*")

    def __repr__(self):
        return (f"ContractionDimensions(batch={self.batch}, m={self.m}, "
                f"n={self.n}, k={self.k})")


@cython.final
cdef class ConvolutionDimensions:
    """The loop dimensions of a convolution, each a DenseI32ArrayAttr of
    iteration-space positions (batch, output_image, output_channel,
    filter_loop, input_channel, depth), and its strides and dilations
    (DenseI64ArrayAttr)."""
    cdef readonly object batch
    cdef readonly object output_image
    cdef readonly object output_channel
    cdef readonly object filter_loop
    cdef readonly object input_channel
    cdef readonly object depth
    cdef readonly object strides
    cdef readonly object dilations

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "ConvolutionDimensions are returned by "
                              "infer_convolution_dimensions")

    def __repr__(self):
        return (f"ConvolutionDimensions(batch={self.batch}, "
                f"output_image={self.output_image}, "
                f"output_channel={self.output_channel}, "
                f"filter_loop={self.filter_loop}, "
                f"input_channel={self.input_channel}, depth={self.depth}, "
                f"strides={self.strides}, dilations={self.dilations})")


cdef object _contraction(Context ctx, MlirLinalgContractionDimensions d):
    # The C API leaves every field null when inference fails.
    if d.batch.ptr == NULL or d.m.ptr == NULL or d.n.ptr == NULL \
            or d.k.ptr == NULL:
        return None
    cdef ContractionDimensions r = ContractionDimensions.__new__(
        ContractionDimensions)
    r.batch = wrap_attribute(ctx, d.batch)
    r.m = wrap_attribute(ctx, d.m)
    r.n = wrap_attribute(ctx, d.n)
    r.k = wrap_attribute(ctx, d.k)
    return r


def fill_builtin_region(op: Operation) -> None:
    """Builds the body of a named linalg op (linalg.matmul, linalg.fill,
    ...) created with an empty region, from the op's definition. ValueError
    for an op the linalg dialect has no region builder for, or whose
    region already has a block."""
    cdef Operation o = _as_op(op, "fill_builtin_region")
    cdef MlirOperation c = op_handle(o)
    if not mlirCyLinalgHasBuiltinRegionBuilder(c):
        raise ValueError(f"fill_builtin_region: '{_op_name(c)}' is not a "
                         "named linalg op with a builtin region")
    if mlirOperationGetNumRegions(c) != 1:
        raise ValueError(f"fill_builtin_region: '{_op_name(c)}' must have "
                         "exactly one region")
    if not mlirBlockIsNull(mlirRegionGetFirstBlock(
            mlirOperationGetRegion(c, 0))):
        raise ValueError(f"fill_builtin_region: the region of "
                         f"'{_op_name(c)}' already has a block")
    mlirLinalgFillBuiltinNamedOpRegion(c)


def get_indexing_maps(op: Operation) -> ArrayAttr | None:
    """The indexing maps of a linalg op, as an ArrayAttr of AffineMapAttr;
    None for an op that is not a linalg op (or has none)."""
    cdef Operation o = _as_op(op, "get_indexing_maps")
    cdef MlirOperation c = op_handle(o)
    if not mlirCyLinalgIsALinalgOp(c):
        return None
    return _opt_attr(o.context, mlirLinalgGetIndexingMapsAttribute(c))


def isa_contraction_op(op: Operation) -> bool:
    """Whether `op` is a linalg op computing a contraction (matmul-like:
    multiply-accumulate over reduction dimensions)."""
    cdef Operation o = _as_op(op, "isa_contraction_op")
    if not _verified_linalg_op(o, "isa_contraction_op"):
        return False
    return mlirLinalgIsAContractionOp(op_handle(o))


def infer_contraction_dimensions(op: Operation) -> ContractionDimensions | None:
    """The ContractionDimensions of a linalg op, or None when it is not a
    contraction (or not a linalg op)."""
    cdef Operation o = _as_op(op, "infer_contraction_dimensions")
    if not _verified_linalg_op(o, "infer_contraction_dimensions"):
        return None
    return _contraction(o.context,
                        mlirLinalgInferContractionDimensions(op_handle(o)))


def infer_contraction_dimensions_from_maps(indexing_maps: Sequence[AffineMap]) -> ContractionDimensions | None:
    """The ContractionDimensions of a computation given by its indexing
    maps (lhs, rhs, output), or None when they do not describe a
    contraction. The maps must share their number of dimensions
    (ValueError otherwise)."""
    if not is_sequence_arg(indexing_maps):
        raise TypeError("indexing_maps must be a sequence of AffineMaps, "
                        f"not {type(indexing_maps).__name__}")
    maps = list(indexing_maps)
    cdef vector[MlirAffineMap] c_maps
    cdef Context ctx = None
    cdef intptr_t dims = -1
    cdef MlirAffineMap m
    for i, am in enumerate(maps):
        if not isinstance(am, _ir_module.AffineMap):
            raise TypeError(f"indexing_maps[{i}] must be an AffineMap, not "
                            f"{type(am).__name__}")
        if ctx is None:
            ctx = am.context
        elif am.context is not ctx:
            raise ValueError(f"indexing_maps[{i}] belongs to another context")
        m = mlirPythonCapsuleToAffineMap(am._CAPIPtr)
        if dims == -1:
            dims = mlirAffineMapGetNumDims(m)
        elif mlirAffineMapGetNumDims(m) != dims:
            raise ValueError("indexing maps must have the same number of "
                             f"dimensions: indexing_maps[{i}] has "
                             f"{mlirAffineMapGetNumDims(m)}, the first has "
                             f"{dims}")
        c_maps.push_back(m)
    if c_maps.empty():
        return None
    return _contraction(ctx, mlirLinalgInferContractionDimensionsFromMaps(
        c_maps.data(), c_maps.size()))


def isa_convolution_op(op: Operation) -> bool:
    """Whether `op` is a linalg op computing a convolution."""
    cdef Operation o = _as_op(op, "isa_convolution_op")
    if not _verified_linalg_op(o, "isa_convolution_op"):
        return False
    return mlirLinalgIsAConvolutionOp(op_handle(o))


def infer_convolution_dimensions(op: Operation) -> ConvolutionDimensions | None:
    """The ConvolutionDimensions of a linalg op, or None when it is not a
    convolution (or not a linalg op)."""
    cdef Operation o = _as_op(op, "infer_convolution_dimensions")
    if not _verified_linalg_op(o, "infer_convolution_dimensions"):
        return None
    cdef MlirLinalgConvolutionDimensions d = \
        mlirLinalgInferConvolutionDimensions(op_handle(o))
    if d.batch.ptr == NULL:
        return None
    cdef Context ctx = o.context
    cdef ConvolutionDimensions r = ConvolutionDimensions.__new__(
        ConvolutionDimensions)
    r.batch = wrap_attribute(ctx, d.batch)
    r.output_image = _opt_attr(ctx, d.outputImage)
    r.output_channel = _opt_attr(ctx, d.outputChannel)
    r.filter_loop = _opt_attr(ctx, d.filterLoop)
    r.input_channel = _opt_attr(ctx, d.inputChannel)
    r.depth = _opt_attr(ctx, d.depth)
    r.strides = _opt_attr(ctx, d.strides)
    r.dilations = _opt_attr(ctx, d.dilations)
    return r

# Classes named as upstream names its own (messages quote the bare name).
from mlir._mlir_libs._ir import _settle_classes as _settle
_settle(globals(), __name__)
del _settle
