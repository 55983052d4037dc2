"""linalg's named structured ops, defined in the OpDSL.

Each name is a ``DefinedOpCallable``: ``linalg.<name>(*ins, outs=[...])``
builds the named op (``emit_generic=True``: the equivalent
``linalg.generic``). ``python -m mlir.dialects.linalg.opdsl.dump_oplib
.ops.core_named_ops`` prints their YAML description.

Conventions: ``T1``/``T2`` are the inputs' element types, ``U`` the
output's; inputs are converted to the output type (``TypeFn.cast_signed``)
before the arithmetic unless an op says otherwise. Convolutions and
poolings take ``strides`` and ``dilations`` index attributes (all ones by
default) and name their dimensions by layout letters (n batch, c/ic input
channel, f output channel, g group, cm channel multiplier, o*/k* output and
kernel positions).
"""

from ..lang import *

T1 = TV.T1
T2 = TV.T2

Batch = S.Batch


###############################################################################
# Elementwise
###############################################################################


@linalg_structured_op
def copy(
    I=TensorDef(T1),
    O=TensorDef(U, output=True),
    cast=TypeFnAttrDef(default=TypeFn.cast_signed),
):
    """Copies the input into the output element by element, converting
    each element to the output's element type with `cast`."""
    defines(Canonicalizer)
    O[None] = cast(U, I[None])


def _elementwise_unary(name, fn, what, class_name=None):
    def op(I=TensorDef(T1), O=TensorDef(T1, output=True)):
        O[None] = fn(I[None])

    op.__doc__ = (f"Computes {what} of every element of the input (same "
                  "element type in and out, no conversion).")
    return linalg_structured_op(op, op_name=name, op_class_name=class_name)


exp = _elementwise_unary("exp", UnaryFn.exp, "the exponential")
log = _elementwise_unary("log", UnaryFn.log, "the natural logarithm")
abs = _elementwise_unary("abs", UnaryFn.abs, "the absolute value")
ceil = _elementwise_unary("ceil", UnaryFn.ceil, "the ceiling")
floor = _elementwise_unary("floor", UnaryFn.floor, "the floor")
negf = _elementwise_unary("negf", UnaryFn.negf, "the negation", "NegFOp")
reciprocal = _elementwise_unary("reciprocal", UnaryFn.reciprocal,
                                "the reciprocal (1 / x)", "ReciprocalOp")
round = _elementwise_unary("round", UnaryFn.round,
                           "the nearest integer (halfway cases away from zero)")
sqrt = _elementwise_unary("sqrt", UnaryFn.sqrt, "the square root")
rsqrt = _elementwise_unary("rsqrt", UnaryFn.rsqrt, "the reciprocal square root")
square = _elementwise_unary("square", UnaryFn.square, "the square (x * x)")
tanh = _elementwise_unary("tanh", UnaryFn.tanh, "the hyperbolic tangent")
erf = _elementwise_unary("erf", UnaryFn.erf, "the error function")


def _elementwise_binary(name, fn, what, class_name=None):
    def op(lhs=TensorDef(T1), rhs=TensorDef(T1), O=TensorDef(T1, output=True)):
        O[None] = fn(lhs[None], rhs[None])

    op.__doc__ = (
        f"Computes {what} of the two inputs, element by element.\n\n"
        "Both inputs and the output have one shape and one element type: "
        "any broadcast, reduction or conversion is a separate op before "
        "this one (a later transformation may fuse them into one "
        "linalg.generic).")
    return linalg_structured_op(op, op_name=name, op_class_name=class_name)


add = _elementwise_binary("add", BinaryFn.add, "the sum")
sub = _elementwise_binary("sub", BinaryFn.sub, "the difference (lhs - rhs)")
mul = _elementwise_binary("mul", BinaryFn.mul, "the product")
div = _elementwise_binary("div", BinaryFn.div,
                          "the quotient (lhs / rhs; signed for integers)")
div_unsigned = _elementwise_binary(
    "div_unsigned", BinaryFn.div_unsigned,
    "the quotient (lhs / rhs; unsigned for integers)")
max = _elementwise_binary("max", BinaryFn.max_signed,
                          "the maximum (signed for integers)")
min = _elementwise_binary("min", BinaryFn.min_signed,
                          "the minimum (signed for integers)")
powf = _elementwise_binary("powf", BinaryFn.powf,
                           "lhs to the power rhs (floating point only; "
                           "linalg.square squares)", "PowFOp")


@linalg_structured_op
def select(
    cond=TensorDef(U),
    lhs=TensorDef(T1),
    rhs=TensorDef(T1),
    O=TensorDef(T1, output=True),
):
    """Takes, element by element, lhs where cond holds and rhs elsewhere.

    All operands have one shape; lhs, rhs and the output one element type.
    """
    O[None] = TernaryFn.select(cond[None], lhs[None], rhs[None])


###############################################################################
# Contractions
###############################################################################


@linalg_structured_op
def quantized_matmul(
    A=TensorDef(T1, S.M, S.K),
    B=TensorDef(T2, S.K, S.N),
    AZp=ScalarDef(I32),
    BZp=ScalarDef(I32),
    C=TensorDef(U, S.M, S.N, output=True),
):
    """Matrix product C += (A - AZp) * (B - BZp) of 2-D operands, the zero
    points AZp and BZp subtracted after converting to the output type."""
    domain(D.m, D.n, D.k)
    C[D.m, D.n] += (
        TypeFn.cast_signed(U, A[D.m, D.k]) - TypeFn.cast_signed(U, AZp)
    ) * (TypeFn.cast_signed(U, B[D.k, D.n]) - TypeFn.cast_signed(U, BZp))


@linalg_structured_op
def mmt4d(
    lhs=TensorDef(TV.LhsType, S.M, S.K, S.M0, S.K0),
    rhs=TensorDef(TV.RhsType, S.N, S.K, S.N0, S.K0),
    accum=TensorDef(TV.AccumType, S.M, S.N, S.M0, S.N0, output=True),
):
    """Matrix product of tiled 4-D operands, rhs transposed.

    Each operand is a 2-D grid of 2-D tiles: lhs is MxK tiles of M0xK0, rhs
    NxK tiles of N0xK0 (transposed: tiles are indexed by N first and
    hold rows of K0), accum MxN tiles of M0xN0.
    """
    domain(D.m, D.n, D.k, D.m0, D.n0, D.k0)
    implements(ContractionOpInterface)
    accum[D.m, D.n, D.m0, D.n0] += TypeFn.cast_signed(
        TV.AccumType, lhs[D.m, D.k, D.m0, D.k0]
    ) * TypeFn.cast_signed(TV.AccumType, rhs[D.n, D.k, D.n0, D.k0])


@linalg_structured_op
def batch_mmt4d(
    lhs=TensorDef(TV.LhsType, Batch, S.M, S.K, S.M0, S.K0),
    rhs=TensorDef(TV.RhsType, Batch, S.N, S.K, S.N0, S.K0),
    accum=TensorDef(TV.AccumType, Batch, S.M, S.N, S.M0, S.N0, output=True),
):
    """linalg.mmt4d on each of a batch of operands (the leading
    dimension)."""
    domain(D.b, D.m, D.n, D.k, D.m0, D.n0, D.k0)
    implements(ContractionOpInterface)
    accum[D.b, D.m, D.n, D.m0, D.n0] += TypeFn.cast_signed(
        TV.AccumType, lhs[D.b, D.m, D.k, D.m0, D.k0]
    ) * TypeFn.cast_signed(TV.AccumType, rhs[D.b, D.n, D.k, D.n0, D.k0])


@linalg_structured_op
def quantized_batch_matmul(
    A=TensorDef(T1, Batch, S.M, S.K),
    B=TensorDef(T2, Batch, S.K, S.N),
    AZp=ScalarDef(I32),
    BZp=ScalarDef(I32),
    C=TensorDef(U, Batch, S.M, S.N, output=True),
):
    """linalg.quantized_matmul on each of a batch of 3-D operands."""
    domain(D.b, D.m, D.n, D.k)
    C[D.b, D.m, D.n] += (
        TypeFn.cast_signed(U, A[D.b, D.m, D.k]) - TypeFn.cast_signed(U, AZp)
    ) * (TypeFn.cast_signed(U, B[D.b, D.k, D.n]) - TypeFn.cast_signed(U, BZp))


@linalg_structured_op
def matvec(
    A=TensorDef(T1, S.M, S.N),
    y=TensorDef(T2, S.N),
    x=TensorDef(U, S.M, output=True),
):
    """Matrix-vector product x += A * y."""
    domain(D.m, D.n)
    implements(ContractionOpInterface)
    x[D.m] += TypeFn.cast_signed(U, A[D.m, D.n]) * TypeFn.cast_signed(U, y[D.n])


@linalg_structured_op
def vecmat(
    y=TensorDef(T1, S.M),
    A=TensorDef(T2, S.M, S.N),
    x=TensorDef(U, S.N, output=True),
):
    """Vector-matrix product x += y * A."""
    domain(D.n, D.m)
    implements(ContractionOpInterface)
    x[D.n] += TypeFn.cast_signed(U, y[D.m]) * TypeFn.cast_signed(U, A[D.m, D.n])


@linalg_structured_op
def batch_matvec(
    A=TensorDef(T1, Batch, S.M, S.K),
    B=TensorDef(T2, Batch, S.K),
    C=TensorDef(U, Batch, S.M, output=True),
):
    """linalg.matvec on each of a batch of operands."""
    domain(D.b, D.m, D.k)
    implements(ContractionOpInterface)
    C[D.b, D.m] += TypeFn.cast_signed(U, A[D.b, D.m, D.k]) * TypeFn.cast_signed(
        U, B[D.b, D.k])


@linalg_structured_op
def batch_vecmat(
    A=TensorDef(T1, Batch, S.K),
    B=TensorDef(T2, Batch, S.K, S.N),
    C=TensorDef(U, Batch, S.N, output=True),
):
    """linalg.vecmat on each of a batch of operands."""
    domain(D.b, D.n, D.k)
    implements(ContractionOpInterface)
    C[D.b, D.n] += TypeFn.cast_signed(U, A[D.b, D.k]) * TypeFn.cast_signed(
        U, B[D.b, D.k, D.n])


@linalg_structured_op
def dot(A=TensorDef(T1, S.M), B=TensorDef(T2, S.M), C=TensorDef(U, output=True)):
    """Dot product of two vectors into a rank-0 output."""
    implements(ContractionOpInterface)
    C[None] += TypeFn.cast_signed(U, A[D.m]) * TypeFn.cast_signed(U, B[D.m])


###############################################################################
# Convolutions
###############################################################################

# Input positions of a strided, dilated window: output position * stride +
# kernel position * dilation, per spatial dimension.
_IW = S.OW * S.SW + S.KW * S.DW
_IH = S.OH * S.SH + S.KH * S.DH
_ID = S.OD * S.SD + S.KD * S.DD
_iw = D.ow * S.SW + D.kw * S.DW
_ih = D.oh * S.SH + D.kh * S.DH
_id = D.od * S.SD + D.kd * S.DD


def _strides(*symbols):
    return IndexAttrDef(*symbols, default=[1] * len(symbols))


@linalg_structured_op
def conv_1d(
    I=TensorDef(T1, S.OW + S.KW),
    K=TensorDef(T2, S.KW),
    O=TensorDef(U, S.OW, output=True),
):
    """1-D convolution, no channels, unit strides."""
    implements(ConvolutionOpInterface)
    domain(D.ow, D.kw)
    O[D.ow] += TypeFn.cast_signed(U, I[D.ow + D.kw]) * TypeFn.cast_signed(U, K[D.kw])


@linalg_structured_op
def conv_2d(
    I=TensorDef(T1, S.OH + S.KH, S.OW + S.KW),
    K=TensorDef(T2, S.KH, S.KW),
    O=TensorDef(U, S.OH, S.OW, output=True),
):
    """2-D convolution, no channels, unit strides."""
    implements(ConvolutionOpInterface)
    domain(D.oh, D.ow, D.kh, D.kw)
    O[D.oh, D.ow] += TypeFn.cast_signed(
        U, I[D.oh + D.kh, D.ow + D.kw]) * TypeFn.cast_signed(U, K[D.kh, D.kw])


@linalg_structured_op
def conv_3d(
    I=TensorDef(T1, S.OD + S.KD, S.OH + S.KH, S.OW + S.KW),
    K=TensorDef(T2, S.KD, S.KH, S.KW),
    O=TensorDef(U, S.OD, S.OH, S.OW, output=True),
):
    """3-D convolution, no channels, unit strides."""
    implements(ConvolutionOpInterface)
    domain(D.od, D.oh, D.ow, D.kd, D.kh, D.kw)
    O[D.od, D.oh, D.ow] += TypeFn.cast_signed(
        U, I[D.od + D.kd, D.oh + D.kh, D.ow + D.kw]
    ) * TypeFn.cast_signed(U, K[D.kd, D.kh, D.kw])


@linalg_structured_op
def conv_1d_nwc_wcf(
    I=TensorDef(T1, S.N, _IW, S.C),
    K=TensorDef(T2, S.KW, S.C, S.F),
    O=TensorDef(U, S.N, S.OW, S.F, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """1-D convolution; input NWC, kernel WCF, output NWF."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.ow, D.f, D.kw, D.c)
    O[D.n, D.ow, D.f] += TypeFn.cast_signed(U, I[D.n, _iw, D.c]) * TypeFn.cast_signed(
        U, K[D.kw, D.c, D.f])


@linalg_structured_op
def conv_1d_ncw_fcw(
    I=TensorDef(T1, S.N, S.C, _IW),
    K=TensorDef(T2, S.F, S.C, S.KW),
    O=TensorDef(U, S.N, S.F, S.OW, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """1-D convolution; input NCW, kernel FCW, output NFW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.f, D.ow, D.c, D.kw)
    O[D.n, D.f, D.ow] += TypeFn.cast_signed(U, I[D.n, D.c, _iw]) * TypeFn.cast_signed(
        U, K[D.f, D.c, D.kw])


@linalg_structured_op
def conv_2d_nhwc_hwcf(
    I=TensorDef(T1, S.N, _IH, _IW, S.C),
    K=TensorDef(T2, S.KH, S.KW, S.C, S.F),
    O=TensorDef(U, S.N, S.OH, S.OW, S.F, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """2-D convolution; input NHWC, kernel HWCF, output NHWF."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.f, D.kh, D.kw, D.c)
    O[D.n, D.oh, D.ow, D.f] += TypeFn.cast_signed(
        U, I[D.n, _ih, _iw, D.c]) * TypeFn.cast_signed(U, K[D.kh, D.kw, D.c, D.f])


@linalg_structured_op
def conv_2d_nhwc_fhwc(
    I=TensorDef(T1, S.N, _IH, _IW, S.C),
    K=TensorDef(T2, S.F, S.KH, S.KW, S.C),
    O=TensorDef(U, S.N, S.OH, S.OW, S.F, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """2-D convolution; input NHWC, kernel FHWC, output NHWF."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.f, D.kh, D.kw, D.c)
    O[D.n, D.oh, D.ow, D.f] += TypeFn.cast_signed(
        U, I[D.n, _ih, _iw, D.c]) * TypeFn.cast_signed(U, K[D.f, D.kh, D.kw, D.c])


def _minus_zero_point(value, zero_point):
    return TypeFn.cast_signed(U, value) - TypeFn.cast_signed(U, zero_point)


@linalg_structured_op
def conv_2d_nhwc_hwcf_q(
    I=TensorDef(T1, S.N, _IH, _IW, S.C),
    K=TensorDef(T2, S.KH, S.KW, S.C, S.F),
    IZp=ScalarDef(I32),
    KZp=ScalarDef(I32),
    O=TensorDef(U, S.N, S.OH, S.OW, S.F, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """linalg.conv_2d_nhwc_hwcf with zero points IZp and KZp subtracted
    from input and kernel (after conversion to the output type)."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.f, D.kh, D.kw, D.c)
    O[D.n, D.oh, D.ow, D.f] += _minus_zero_point(
        I[D.n, _ih, _iw, D.c], IZp) * _minus_zero_point(K[D.kh, D.kw, D.c, D.f], KZp)


@linalg_structured_op
def conv_2d_nhwc_fhwc_q(
    I=TensorDef(T1, S.N, _IH, _IW, S.C),
    K=TensorDef(T2, S.F, S.KH, S.KW, S.C),
    IZp=ScalarDef(I32),
    KZp=ScalarDef(I32),
    O=TensorDef(U, S.N, S.OH, S.OW, S.F, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """linalg.conv_2d_nhwc_fhwc with zero points IZp and KZp subtracted
    from input and kernel."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.f, D.kh, D.kw, D.c)
    O[D.n, D.oh, D.ow, D.f] += _minus_zero_point(
        I[D.n, _ih, _iw, D.c], IZp) * _minus_zero_point(K[D.f, D.kh, D.kw, D.c], KZp)


@linalg_structured_op
def conv_2d_nchw_fchw_q(
    I=TensorDef(T1, S.N, S.C, _IH, _IW),
    K=TensorDef(T2, S.F, S.C, S.KH, S.KW),
    IZp=ScalarDef(I32),
    KZp=ScalarDef(I32),
    O=TensorDef(U, S.N, S.F, S.OH, S.OW, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """linalg.conv_2d_nchw_fchw with zero points IZp and KZp subtracted
    from input and kernel."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.f, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.f, D.oh, D.ow] += _minus_zero_point(
        I[D.n, D.c, _ih, _iw], IZp) * _minus_zero_point(K[D.f, D.c, D.kh, D.kw], KZp)


@linalg_structured_op
def conv_2d_nchw_fchw(
    I=TensorDef(T1, S.N, S.C, _IH, _IW),
    K=TensorDef(T2, S.F, S.C, S.KH, S.KW),
    O=TensorDef(U, S.N, S.F, S.OH, S.OW, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """2-D convolution; input NCHW, kernel FCHW, output NFHW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.f, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.f, D.oh, D.ow] += TypeFn.cast_signed(
        U, I[D.n, D.c, _ih, _iw]) * TypeFn.cast_signed(U, K[D.f, D.c, D.kh, D.kw])


@linalg_structured_op
def conv_2d_ngchw_fgchw(
    I=TensorDef(T1, S.N, S.G, S.C, _IH, _IW),
    K=TensorDef(T2, S.FG, S.G, S.C, S.KH, S.KW),
    O=TensorDef(U, S.N, S.G, S.FG, S.OH, S.OW, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Grouped 2-D convolution; input NGCHW, kernel FGCHW, output NGFHW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.g, D.fg, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.g, D.fg, D.oh, D.ow] += TypeFn.cast_signed(
        U, I[D.n, D.g, D.c, _ih, _iw]
    ) * TypeFn.cast_signed(U, K[D.fg, D.g, D.c, D.kh, D.kw])


@linalg_structured_op
def conv_2d_ngchw_gfchw(
    I=TensorDef(T1, S.N, S.G, S.C, _IH, _IW),
    K=TensorDef(T2, S.G, S.FG, S.C, S.KH, S.KW),
    O=TensorDef(U, S.N, S.G, S.FG, S.OH, S.OW, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Grouped 2-D convolution; input NGCHW, kernel GFCHW, output NGFHW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.g, D.fg, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.g, D.fg, D.oh, D.ow] += TypeFn.cast_signed(
        U, I[D.n, D.g, D.c, _ih, _iw]
    ) * TypeFn.cast_signed(U, K[D.g, D.fg, D.c, D.kh, D.kw])


@linalg_structured_op
def conv_2d_nhwgc_gfhwc(
    I=TensorDef(T1, S.N, _IH, _IW, S.G, S.C),
    K=TensorDef(T2, S.G, S.FG, S.KH, S.KW, S.C),
    O=TensorDef(U, S.N, S.OH, S.OW, S.G, S.FG, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Grouped 2-D convolution; input NHWGC, kernel GFHWC, output NHWGF."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.g, D.fg, D.kh, D.kw, D.c)
    O[D.n, D.oh, D.ow, D.g, D.fg] += TypeFn.cast_signed(
        U, I[D.n, _ih, _iw, D.g, D.c]
    ) * TypeFn.cast_signed(U, K[D.g, D.fg, D.kh, D.kw, D.c])


@linalg_structured_op
def conv_2d_nhwgc_gfhwc_q(
    I=TensorDef(T1, S.N, _IH, _IW, S.G, S.C),
    K=TensorDef(T2, S.G, S.FG, S.KH, S.KW, S.C),
    IZp=ScalarDef(I32),
    KZp=ScalarDef(I32),
    O=TensorDef(U, S.N, S.OH, S.OW, S.G, S.FG, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """linalg.conv_2d_nhwgc_gfhwc with zero points IZp and KZp subtracted
    from input and kernel."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.g, D.fg, D.kh, D.kw, D.c)
    O[D.n, D.oh, D.ow, D.g, D.fg] += _minus_zero_point(
        I[D.n, _ih, _iw, D.g, D.c], IZp
    ) * _minus_zero_point(K[D.g, D.fg, D.kh, D.kw, D.c], KZp)


@linalg_structured_op
def conv_2d_ngchw_gfchw_q(
    I=TensorDef(T1, S.N, S.G, S.C, _IH, _IW),
    K=TensorDef(T2, S.G, S.FG, S.C, S.KH, S.KW),
    IZp=ScalarDef(I32),
    KZp=ScalarDef(I32),
    O=TensorDef(U, S.N, S.G, S.FG, S.OH, S.OW, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """linalg.conv_2d_ngchw_gfchw with zero points IZp and KZp subtracted
    from input and kernel."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.g, D.fg, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.g, D.fg, D.oh, D.ow] += _minus_zero_point(
        I[D.n, D.g, D.c, _ih, _iw], IZp
    ) * _minus_zero_point(K[D.g, D.fg, D.c, D.kh, D.kw], KZp)


@linalg_structured_op
def conv_3d_ndhwc_dhwcf(
    I=TensorDef(T1, S.N, _ID, _IH, _IW, S.C),
    K=TensorDef(T2, S.KD, S.KH, S.KW, S.C, S.F),
    O=TensorDef(U, S.N, S.OD, S.OH, S.OW, S.F, output=True),
    strides=_strides(S.SD, S.SH, S.SW),
    dilations=_strides(S.DD, S.DH, S.DW),
):
    """3-D convolution; input NDHWC, kernel DHWCF, output NDHWF."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.od, D.oh, D.ow, D.f, D.kd, D.kh, D.kw, D.c)
    O[D.n, D.od, D.oh, D.ow, D.f] += TypeFn.cast_signed(
        U, I[D.n, _id, _ih, _iw, D.c]
    ) * TypeFn.cast_signed(U, K[D.kd, D.kh, D.kw, D.c, D.f])


@linalg_structured_op
def conv_3d_ndhwc_dhwcf_q(
    I=TensorDef(T1, S.N, _ID, _IH, _IW, S.C),
    K=TensorDef(T2, S.KD, S.KH, S.KW, S.C, S.F),
    IZp=ScalarDef(I32),
    KZp=ScalarDef(I32),
    O=TensorDef(U, S.N, S.OD, S.OH, S.OW, S.F, output=True),
    strides=_strides(S.SD, S.SH, S.SW),
    dilations=_strides(S.DD, S.DH, S.DW),
):
    """linalg.conv_3d_ndhwc_dhwcf with zero points IZp and KZp subtracted
    from input and kernel."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.od, D.oh, D.ow, D.f, D.kd, D.kh, D.kw, D.c)
    O[D.n, D.od, D.oh, D.ow, D.f] += _minus_zero_point(
        I[D.n, _id, _ih, _iw, D.c], IZp
    ) * _minus_zero_point(K[D.kd, D.kh, D.kw, D.c, D.f], KZp)


@linalg_structured_op
def conv_3d_ncdhw_fcdhw(
    I=TensorDef(T1, S.N, S.C, _ID, _IH, _IW),
    K=TensorDef(T2, S.F, S.C, S.KD, S.KH, S.KW),
    O=TensorDef(U, S.N, S.F, S.OD, S.OH, S.OW, output=True),
    strides=_strides(S.SD, S.SH, S.SW),
    dilations=_strides(S.DD, S.DH, S.DW),
):
    """3-D convolution; input NCDHW, kernel FCDHW, output NFDHW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.f, D.od, D.oh, D.ow, D.c, D.kd, D.kh, D.kw)
    O[D.n, D.f, D.od, D.oh, D.ow] += TypeFn.cast_signed(
        U, I[D.n, D.c, _id, _ih, _iw]
    ) * TypeFn.cast_signed(U, K[D.f, D.c, D.kd, D.kh, D.kw])


@linalg_structured_op
def depthwise_conv_1d_nwc_wc(
    I=TensorDef(T1, S.N, _IW, S.IC),
    K=TensorDef(T2, S.KW, S.IC),
    O=TensorDef(U, S.N, S.OW, S.IC, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Depthwise 1-D convolution (each channel with its own kernel, channel
    multiplier 1); input NWC, kernel WC, output NWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.ow, D.ic, D.kw)
    O[D.n, D.ow, D.ic] += TypeFn.cast_signed(U, I[D.n, _iw, D.ic]) * TypeFn.cast_signed(
        U, K[D.kw, D.ic])


@linalg_structured_op
def depthwise_conv_1d_ncw_cw(
    I=TensorDef(T1, S.N, S.IC, _IW),
    K=TensorDef(T2, S.IC, S.KW),
    O=TensorDef(U, S.N, S.IC, S.OW, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Depthwise 1-D convolution (channel multiplier 1); input NCW, kernel
    CW, output NCW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.ow, D.ic, D.kw)
    O[D.n, D.ic, D.ow] += TypeFn.cast_signed(U, I[D.n, D.ic, _iw]) * TypeFn.cast_signed(
        U, K[D.ic, D.kw])


@linalg_structured_op
def depthwise_conv_1d_nwc_wcm(
    I=TensorDef(T1, S.N, _IW, S.IC),
    K=TensorDef(T2, S.KW, S.IC, S.CM),
    O=TensorDef(U, S.N, S.OW, S.IC, S.CM, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Depthwise 1-D convolution with a channel multiplier CM; input NWC,
    kernel WCM, output NWCM."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.ow, D.ic, D.cm, D.kw)
    O[D.n, D.ow, D.ic, D.cm] += TypeFn.cast_signed(
        U, I[D.n, _iw, D.ic]) * TypeFn.cast_signed(U, K[D.kw, D.ic, D.cm])


@linalg_structured_op
def depthwise_conv_2d_nhwc_hwc(
    I=TensorDef(T1, S.N, _IH, _IW, S.IC),
    K=TensorDef(T2, S.KH, S.KW, S.IC),
    O=TensorDef(U, S.N, S.OH, S.OW, S.IC, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Depthwise 2-D convolution (channel multiplier 1); input NHWC, kernel
    HWC, output NHWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.ic, D.kh, D.kw)
    O[D.n, D.oh, D.ow, D.ic] += TypeFn.cast_signed(
        U, I[D.n, _ih, _iw, D.ic]) * TypeFn.cast_signed(U, K[D.kh, D.kw, D.ic])


@linalg_structured_op
def depthwise_conv_2d_nchw_chw(
    I=TensorDef(T1, S.N, S.IC, _IH, _IW),
    K=TensorDef(T2, S.IC, S.KH, S.KW),
    O=TensorDef(U, S.N, S.IC, S.OH, S.OW, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Depthwise 2-D convolution (channel multiplier 1); input NCHW, kernel
    CHW, output NCHW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.ic, D.kh, D.kw)
    O[D.n, D.ic, D.oh, D.ow] += TypeFn.cast_signed(
        U, I[D.n, D.ic, _ih, _iw]) * TypeFn.cast_signed(U, K[D.ic, D.kh, D.kw])


@linalg_structured_op
def depthwise_conv_2d_nhwc_hwc_q(
    I=TensorDef(T1, S.N, _IH, _IW, S.IC),
    K=TensorDef(T2, S.KH, S.KW, S.IC),
    IZp=ScalarDef(I32),
    KZp=ScalarDef(I32),
    O=TensorDef(U, S.N, S.OH, S.OW, S.IC, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """linalg.depthwise_conv_2d_nhwc_hwc with zero points IZp and KZp
    subtracted from input and kernel."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.ic, D.kh, D.kw)
    O[D.n, D.oh, D.ow, D.ic] += _minus_zero_point(
        I[D.n, _ih, _iw, D.ic], IZp) * _minus_zero_point(K[D.kh, D.kw, D.ic], KZp)


@linalg_structured_op
def depthwise_conv_2d_nhwc_hwcm(
    I=TensorDef(T1, S.N, _IH, _IW, S.IC),
    K=TensorDef(T2, S.KH, S.KW, S.IC, S.CM),
    O=TensorDef(U, S.N, S.OH, S.OW, S.IC, S.CM, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Depthwise 2-D convolution with a channel multiplier CM; input NHWC,
    kernel HWCM, output NHWCM."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.ic, D.cm, D.kh, D.kw)
    O[D.n, D.oh, D.ow, D.ic, D.cm] += TypeFn.cast_signed(
        U, I[D.n, _ih, _iw, D.ic]) * TypeFn.cast_signed(U, K[D.kh, D.kw, D.ic, D.cm])


@linalg_structured_op
def depthwise_conv_2d_nhwc_hwcm_q(
    I=TensorDef(T1, S.N, _IH, _IW, S.IC),
    K=TensorDef(T2, S.KH, S.KW, S.IC, S.CM),
    IZp=ScalarDef(I32),
    KZp=ScalarDef(I32),
    O=TensorDef(U, S.N, S.OH, S.OW, S.IC, S.CM, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """linalg.depthwise_conv_2d_nhwc_hwcm with zero points IZp and KZp
    subtracted from input and kernel."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.ic, D.cm, D.kh, D.kw)
    O[D.n, D.oh, D.ow, D.ic, D.cm] += _minus_zero_point(
        I[D.n, _ih, _iw, D.ic], IZp) * _minus_zero_point(K[D.kh, D.kw, D.ic, D.cm], KZp)


@linalg_structured_op
def depthwise_conv_3d_ndhwc_dhwc(
    I=TensorDef(T1, S.N, _ID, _IH, _IW, S.IC),
    K=TensorDef(T2, S.KD, S.KH, S.KW, S.IC),
    O=TensorDef(U, S.N, S.OD, S.OH, S.OW, output=True),
    strides=_strides(S.SD, S.SH, S.SW),
    dilations=_strides(S.DD, S.DH, S.DW),
):
    """Depthwise 3-D convolution (channel multiplier 1); input NDHWC,
    kernel DHWC, output NDHWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.od, D.oh, D.ow, D.kd, D.kh, D.kw, D.ic)
    O[D.n, D.od, D.oh, D.ow, D.ic] += TypeFn.cast_signed(
        U, I[D.n, _id, _ih, _iw, D.ic]) * TypeFn.cast_signed(U, K[D.kd, D.kh, D.kw, D.ic])


@linalg_structured_op
def depthwise_conv_3d_ncdhw_cdhw(
    I=TensorDef(T1, S.N, S.IC, _ID, _IH, _IW),
    K=TensorDef(T2, S.IC, S.KD, S.KH, S.KW),
    O=TensorDef(U, S.N, S.IC, S.OD, S.OH, S.OW, output=True),
    strides=_strides(S.SD, S.SH, S.SW),
    dilations=_strides(S.DD, S.DH, S.DW),
):
    """Depthwise 3-D convolution (channel multiplier 1); input NCDHW,
    kernel CDHW, output NCDHW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.od, D.oh, D.ow, D.kd, D.kh, D.kw, D.ic)
    O[D.n, D.ic, D.od, D.oh, D.ow] += TypeFn.cast_signed(
        U, I[D.n, D.ic, _id, _ih, _iw]) * TypeFn.cast_signed(U, K[D.ic, D.kd, D.kh, D.kw])


@linalg_structured_op
def depthwise_conv_3d_ndhwc_dhwcm(
    I=TensorDef(T1, S.N, _ID, _IH, _IW, S.IC),
    K=TensorDef(T2, S.KD, S.KH, S.KW, S.IC, S.CM),
    O=TensorDef(U, S.N, S.OD, S.OH, S.OW, S.CM, output=True),
    strides=_strides(S.SD, S.SH, S.SW),
    dilations=_strides(S.DD, S.DH, S.DW),
):
    """Depthwise 3-D convolution with a channel multiplier CM; input NDHWC,
    kernel DHWCM, output NDHWCM."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.od, D.oh, D.ow, D.cm, D.kd, D.kh, D.kw, D.ic)
    O[D.n, D.od, D.oh, D.ow, D.ic, D.cm] += TypeFn.cast_signed(
        U, I[D.n, _id, _ih, _iw, D.ic]
    ) * TypeFn.cast_signed(U, K[D.kd, D.kh, D.kw, D.ic, D.cm])


###############################################################################
# Poolings
###############################################################################

# The kernel of a pooling is shape-only: the window's extent, never read.


@linalg_structured_op
def pooling_nhwc_sum(
    I=TensorDef(T1, S.N, _IH, _IW, S.C),
    K=TensorDef(T2, S.KH, S.KW, index_dims=[D.kh, D.kw]),
    O=TensorDef(U, S.N, S.OH, S.OW, S.C, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Sum pooling; input NHWC, window HW, output NHWC (input converted to
    the output type)."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.oh, D.ow, D.c] += TypeFn.cast_signed(U, I[D.n, _ih, _iw, D.c])


@linalg_structured_op
def pooling_nchw_sum(
    I=TensorDef(T1, S.N, S.C, _IH, _IW),
    K=TensorDef(T2, S.KH, S.KW, index_dims=[D.kh, D.kw]),
    O=TensorDef(U, S.N, S.C, S.OH, S.OW, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Sum pooling; input NCHW, window HW, output NCHW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.c, D.oh, D.ow, D.kh, D.kw)
    O[D.n, D.c, D.oh, D.ow] += TypeFn.cast_signed(U, I[D.n, D.c, _ih, _iw])


@linalg_structured_op
def pooling_nhwc_max(
    I=TensorDef(T1, S.N, _IH, _IW, S.C),
    K=TensorDef(T2, S.KH, S.KW, index_dims=[D.kh, D.kw]),
    O=TensorDef(U, S.N, S.OH, S.OW, S.C, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Max pooling (signed for integers); input NHWC, output NHWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.oh, D.ow, D.c] = ReduceFn.max_signed[D.kh, D.kw](
        TypeFn.cast_signed(U, I[D.n, _ih, _iw, D.c]))


@linalg_structured_op
def pooling_nhwc_max_unsigned(
    I=TensorDef(T1, S.N, _IH, _IW, S.C),
    K=TensorDef(T2, S.KH, S.KW, index_dims=[D.kh, D.kw]),
    O=TensorDef(U, S.N, S.OH, S.OW, S.C, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Max pooling of unsigned integers; input NHWC, output NHWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.oh, D.ow, D.c] = ReduceFn.max_unsigned[D.kh, D.kw](
        TypeFn.cast_unsigned(U, I[D.n, _ih, _iw, D.c]))


@linalg_structured_op
def pooling_nchw_max(
    I=TensorDef(T1, S.N, S.C, _IH, _IW),
    K=TensorDef(T2, S.KH, S.KW, index_dims=[D.kh, D.kw]),
    O=TensorDef(U, S.N, S.C, S.OH, S.OW, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Max pooling (signed for integers); input NCHW, output NCHW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.c, D.oh, D.ow, D.kh, D.kw)
    O[D.n, D.c, D.oh, D.ow] = ReduceFn.max_signed[D.kh, D.kw](
        TypeFn.cast_signed(U, I[D.n, D.c, _ih, _iw]))


@linalg_structured_op
def pooling_nhwc_min(
    I=TensorDef(T1, S.N, _IH, _IW, S.C),
    K=TensorDef(T2, S.KH, S.KW, index_dims=[D.kh, D.kw]),
    O=TensorDef(U, S.N, S.OH, S.OW, S.C, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Min pooling (signed for integers); input NHWC, output NHWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.oh, D.ow, D.c] = ReduceFn.min_signed[D.kh, D.kw](
        TypeFn.cast_signed(U, I[D.n, _ih, _iw, D.c]))


@linalg_structured_op
def pooling_nhwc_min_unsigned(
    I=TensorDef(T1, S.N, _IH, _IW, S.C),
    K=TensorDef(T2, S.KH, S.KW, index_dims=[D.kh, D.kw]),
    O=TensorDef(U, S.N, S.OH, S.OW, S.C, output=True),
    strides=_strides(S.SH, S.SW),
    dilations=_strides(S.DH, S.DW),
):
    """Min pooling of unsigned integers; input NHWC, output NHWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.oh, D.ow, D.c, D.kh, D.kw)
    O[D.n, D.oh, D.ow, D.c] = ReduceFn.min_unsigned[D.kh, D.kw](
        TypeFn.cast_unsigned(U, I[D.n, _ih, _iw, D.c]))


@linalg_structured_op
def pooling_nwc_sum(
    I=TensorDef(T1, S.N, _IW, S.C),
    K=TensorDef(T2, S.KW, index_dims=[D.kw]),
    O=TensorDef(U, S.N, S.OW, S.C, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Sum pooling; input NWC, window W, output NWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.ow, D.c, D.kw)
    O[D.n, D.ow, D.c] += TypeFn.cast_signed(U, I[D.n, _iw, D.c])


@linalg_structured_op
def pooling_ncw_sum(
    I=TensorDef(T1, S.N, S.C, _IW),
    K=TensorDef(T2, S.KW, index_dims=[D.kw]),
    O=TensorDef(U, S.N, S.C, S.OW, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Sum pooling; input NCW, window W, output NCW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.c, D.ow, D.kw)
    O[D.n, D.c, D.ow] += TypeFn.cast_signed(U, I[D.n, D.c, _iw])


@linalg_structured_op
def pooling_nwc_max(
    I=TensorDef(T1, S.N, _IW, S.C),
    K=TensorDef(T2, S.KW, index_dims=[D.kw]),
    O=TensorDef(U, S.N, S.OW, S.C, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Max pooling (signed for integers); input NWC, output NWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.ow, D.c, D.kw)
    O[D.n, D.ow, D.c] = ReduceFn.max_signed[D.kw](
        TypeFn.cast_signed(U, I[D.n, _iw, D.c]))


@linalg_structured_op
def pooling_nwc_max_unsigned(
    I=TensorDef(T1, S.N, _IW, S.C),
    K=TensorDef(T2, S.KW, index_dims=[D.kw]),
    O=TensorDef(U, S.N, S.OW, S.C, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Max pooling of unsigned integers; input NWC, output NWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.ow, D.c, D.kw)
    O[D.n, D.ow, D.c] = ReduceFn.max_unsigned[D.kw](
        TypeFn.cast_unsigned(U, I[D.n, _iw, D.c]))


@linalg_structured_op
def pooling_ncw_max(
    I=TensorDef(T1, S.N, S.C, _IW),
    K=TensorDef(T2, S.KW, index_dims=[D.kw]),
    O=TensorDef(U, S.N, S.C, S.OW, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Max pooling (signed for integers); input NCW, output NCW."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.c, D.ow, D.kw)
    O[D.n, D.c, D.ow] = ReduceFn.max_signed[D.kw](
        TypeFn.cast_signed(U, I[D.n, D.c, _iw]))


@linalg_structured_op
def pooling_nwc_min(
    I=TensorDef(T1, S.N, _IW, S.C),
    K=TensorDef(T2, S.KW, index_dims=[D.kw]),
    O=TensorDef(U, S.N, S.OW, S.C, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Min pooling (signed for integers); input NWC, output NWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.ow, D.c, D.kw)
    O[D.n, D.ow, D.c] = ReduceFn.min_signed[D.kw](
        TypeFn.cast_signed(U, I[D.n, _iw, D.c]))


@linalg_structured_op
def pooling_nwc_min_unsigned(
    I=TensorDef(T1, S.N, _IW, S.C),
    K=TensorDef(T2, S.KW, index_dims=[D.kw]),
    O=TensorDef(U, S.N, S.OW, S.C, output=True),
    strides=_strides(S.SW),
    dilations=_strides(S.DW),
):
    """Min pooling of unsigned integers; input NWC, output NWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.ow, D.c, D.kw)
    O[D.n, D.ow, D.c] = ReduceFn.min_unsigned[D.kw](
        TypeFn.cast_unsigned(U, I[D.n, _iw, D.c]))


@linalg_structured_op
def pooling_ndhwc_sum(
    I=TensorDef(T1, S.N, _ID, _IH, _IW, S.C),
    K=TensorDef(T2, S.KD, S.KH, S.KW, index_dims=[D.kd, D.kh, D.kw]),
    O=TensorDef(U, S.N, S.OD, S.OH, S.OW, S.C, output=True),
    strides=_strides(S.SD, S.SH, S.SW),
    dilations=_strides(S.DD, S.DH, S.DW),
):
    """3-D sum pooling; input NDHWC, window DHW, output NDHWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.od, D.oh, D.ow, D.c, D.kd, D.kh, D.kw)
    O[D.n, D.od, D.oh, D.ow, D.c] += TypeFn.cast_signed(
        U, I[D.n, _id, _ih, _iw, D.c])


@linalg_structured_op
def pooling_ndhwc_max(
    I=TensorDef(T1, S.N, _ID, _IH, _IW, S.C),
    K=TensorDef(T2, S.KD, S.KH, S.KW, index_dims=[D.kd, D.kh, D.kw]),
    O=TensorDef(U, S.N, S.OD, S.OH, S.OW, S.C, output=True),
    strides=_strides(S.SD, S.SH, S.SW),
    dilations=_strides(S.DD, S.DH, S.DW),
):
    """3-D max pooling (signed for integers); input NDHWC, output NDHWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.od, D.oh, D.ow, D.c, D.kd, D.kh, D.kw)
    O[D.n, D.od, D.oh, D.ow, D.c] = ReduceFn.max_signed[D.kd, D.kh, D.kw](
        TypeFn.cast_signed(U, I[D.n, _id, _ih, _iw, D.c]))


@linalg_structured_op
def pooling_ndhwc_min(
    I=TensorDef(T1, S.N, _ID, _IH, _IW, S.C),
    K=TensorDef(T2, S.KD, S.KH, S.KW, index_dims=[D.kd, D.kh, D.kw]),
    O=TensorDef(U, S.N, S.OD, S.OH, S.OW, S.C, output=True),
    strides=_strides(S.SD, S.SH, S.SW),
    dilations=_strides(S.DD, S.DH, S.DW),
):
    """3-D min pooling (signed for integers); input NDHWC, output NDHWC."""
    implements(ConvolutionOpInterface)
    domain(D.n, D.od, D.oh, D.ow, D.c, D.kd, D.kh, D.kw)
    O[D.n, D.od, D.oh, D.ow, D.c] = ReduceFn.min_signed[D.kd, D.kh, D.kw](
        TypeFn.cast_signed(U, I[D.n, _id, _ih, _iw, D.c]))


###############################################################################
# Fills
###############################################################################


@linalg_structured_op
def fill(value=ScalarDef(T), O=TensorDef(T, output=True)):
    """Sets every element of the output, of any rank, to `value` (of the
    output's element type)."""
    implements(FillOpInterface)
    defines(Canonicalizer)
    O[None] = value


@linalg_structured_op
def fill_rng_2d(
    min=ScalarDef(F64),
    max=ScalarDef(F64),
    seed=ScalarDef(I32),
    O=TensorDef(T, S.M, S.N, output=True),
):
    """Fills a 2-D output with pseudo-random numbers in [min, max].

    Every element runs its own linear congruential generator, seeded from
    `seed` and the element's indices, so elements are independent (and
    computed in parallel); nothing is promised about the distribution.
    """
    domain(D.m, D.n)
    multiplier = TypeFn.cast_signed(I32, const(1103515245))
    increment = TypeFn.cast_signed(I32, const(12345))
    first = (TypeFn.cast_signed(I32, index(D.m)) + seed) * multiplier + increment
    second = (TypeFn.cast_signed(I32, index(D.n)) + first) * multiplier + increment
    inv_range = TypeFn.cast_signed(F64, const(2.3283064e-10))
    offset = TypeFn.cast_signed(F64, const(2147483647))
    scaling = (max - min) * inv_range
    O[D.m, D.n] = TypeFn.cast_signed(
        T, (offset + TypeFn.cast_signed(F64, second)) * scaling + min)
