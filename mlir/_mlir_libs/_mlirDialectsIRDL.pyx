# cython: language_level=3, annotation_typing=False
"""The irdl dialect's C API (mlir-c/Dialect/IRDL.h), re-exported by
mlir.dialects.irdl: load_dialects, and the variadicity attributes the
generated builders of irdl.operands / irdl.results take."""

include "_dialect_types.pxi"

from libc.string cimport memcmp
from libcpp.string cimport string
from mlir._mlir_libs.capi.ir cimport (
    MlirOperation, MlirWalkResult, MlirWalkResultAdvance, MlirWalkResultSkip,
    MlirWalkPreOrder, mlirModuleGetOperation, mlirOperationVerify,
    mlirOperationWalk, mlirOperationGetName, mlirIdentifierStr,
    mlirOperationGetAttributeByName, mlirContextGetOrLoadDialect,
    mlirDialectIsNull,
)
from mlir._mlir_libs.capi.builtin_attributes cimport (
    mlirAttributeIsAString, mlirStringAttrGetValue,
)
from mlir._mlir_libs.capi.support cimport (
    MlirLogicalResult, mlirLogicalResultIsSuccess, mlirTypeIDEqual,
)
from mlir._mlir_libs.capi.dialect.irdl cimport (
    mlirGetDialectHandle__irdl__, mlirLoadIRDLDialects,
    mlirIRDLVariadicityAttrGet, mlirIRDLVariadicityArrayAttrGet,
)
from mlir._mlir_libs._ir cimport Module

__all__ = ["load_dialects", "variadicity_attr", "variadicity_array_attr"]

# The C constructor takes the name and does not check it (an unknown name
# is undefined behaviour): only these reach it.
_VARIADICITIES = ("single", "optional", "variadic")

# No TypeID getter for #irdl.variadicity: take it from an instance made in
# a private context (TypeIDs do not depend on the context).
cdef MlirContext _c = _scratch_context(mlirGetDialectHandle__irdl__())
cdef MlirTypeID _VARIADICITY_ID = mlirAttributeGetTypeID(
    mlirIRDLVariadicityAttrGet(_c, _ref(b"single")))
_drop_scratch_context(_c)


cdef MlirWalkResult _collect_dialect_name(MlirOperation op,
                                         void* user) noexcept nogil:
    """Walk callback: appends the sym_name of each irdl.dialect to the
    vector[string] `user`."""
    cdef MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op))
    if n.length != 12 or memcmp(n.data, b"irdl.dialect", 12) != 0:
        return MlirWalkResultAdvance
    cdef MlirAttribute a = mlirOperationGetAttributeByName(
        op, mlirStringRefCreate(b"sym_name", 8))
    if a.ptr != NULL and mlirAttributeIsAString(a):
        n = mlirStringAttrGetValue(a)
        (<vector[string]*>user).push_back(string(n.data, n.length))
    return MlirWalkResultSkip


def load_dialects(module: Module) -> None:
    """Defines and loads, in the module's context, every dialect that the
    irdl.dialect operations of `module` describe; its operations, types and
    attributes can then be parsed and built. MLIRError with MLIR's
    diagnostics if the module does not verify or a dialect cannot be
    loaded; MLIRError (without diagnostics) if the context already has a
    dialect of one of the names, IRDL-defined or not."""
    if not isinstance(module, Module):
        raise TypeError(f"module must be a Module, not {type(module).__name__}")
    cdef Module m = <Module>module
    cdef MlirOperation op = mlirModuleGetOperation(m.c_module)
    cdef bint ok
    cdef MlirLogicalResult res
    cdef vector[string] names
    cdef string name
    # The loader assumes verified IRDL: check first.
    cdef _ErrorCapture cap = _ErrorCapture.attach(m.context)
    ok = mlirOperationVerify(op)
    cap.check(ok, "failed to load IRDL dialects from the input module")
    # Defining a dialect whose name the context knows already (loaded, or
    # registered and loadable) crashes MLIR: refuse it here.
    mlirOperationWalk(op, _collect_dialect_name, &names, MlirWalkPreOrder)
    for name in names:
        if not mlirDialectIsNull(mlirContextGetOrLoadDialect(
                m.context.c_context, mlirStringRefCreate(name.data(),
                                                         name.size()))):
            raise _ir_module.MLIRError(
                f"failed to load IRDL dialects from the input module: the "
                f"context already has a dialect named "
                f"'{name.decode('utf-8', 'replace')}'", [])
    cap = _ErrorCapture.attach(m.context)
    res = mlirLoadIRDLDialects(m.c_module)
    cap.check(mlirLogicalResultIsSuccess(res),
              "failed to load IRDL dialects from the input module")


cdef bytes _variadicity_name(object value):
    """'single' / 'optional' / 'variadic' from a Variadicity enum member or
    a str."""
    name = value
    if not isinstance(value, str):
        name = getattr(value, "name", None)
        if not isinstance(name, str) or not isinstance(value, int):
            raise TypeError(f"variadicity must be a Variadicity or a str, "
                            f"not {type(value).__name__}")
    if name not in _VARIADICITIES:
        raise ValueError(f"variadicity must be one of "
                         f"{', '.join(_VARIADICITIES)}, not {name!r}")
    return (<str>name).encode()


cdef Context _irdl_context(object context):
    cdef Context ctx = resolve_context(context)
    mlirDialectHandleLoadDialect(mlirGetDialectHandle__irdl__(), ctx.c_context)
    return ctx


def variadicity_attr(value: str | int, context=None) -> Attribute:
    """#irdl<variadicity single|optional|variadic>, from a Variadicity
    member or its name."""
    cdef bytes name = _variadicity_name(value)
    cdef Context ctx = _irdl_context(context)
    return wrap_attribute(ctx, mlirIRDLVariadicityAttrGet(ctx.c_context,
                                                          _ref(name)))


def variadicity_array_attr(values: Sequence[str | int | Attribute],
                           context=None) -> Attribute:
    """#irdl<variadicity_array[...]>, from Variadicity members, their names
    or #irdl<variadicity ...> attributes."""
    if isinstance(values, Attribute) or not is_sequence_arg(values):
        raise TypeError(f"values must be a sequence, not "
                        f"{type(values).__name__}")
    cdef Context ctx = _irdl_context(context)
    cdef vector[MlirAttribute] attrs
    cdef bytes name
    for v in values:
        if isinstance(v, Attribute):
            if (<Attribute>v).context is not ctx:
                raise ValueError("a variadicity attribute belongs to another "
                                 "context")
            if not mlirTypeIDEqual(mlirAttributeGetTypeID((<Attribute>v).c_attr),
                                   _VARIADICITY_ID):
                raise ValueError(f"expected an #irdl<variadicity ...> "
                                 f"attribute, got {v}")
            attrs.push_back((<Attribute>v).c_attr)
        else:
            name = _variadicity_name(v)
            attrs.push_back(mlirIRDLVariadicityAttrGet(ctx.c_context,
                                                       _ref(name)))
    return wrap_attribute(ctx, mlirIRDLVariadicityArrayAttrGet(
        ctx.c_context, attrs.size(), attrs.data()))

# Classes named as upstream names its own (messages quote the bare name).
from mlir._mlir_libs._ir import _settle_classes as _settle
_settle(globals(), __name__)
del _settle
