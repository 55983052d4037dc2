# Hand-written parts of _mlirDialectsGPU (gen/dialect_types/gpu.toml).

from mlir._mlir_libs.capi.builtin_attributes cimport (
    mlirAttributeGetNull, mlirUnitAttrGet, mlirAttributeIsADictionary,
)
from mlir._mlir_libs.capi.ir cimport mlirAttributeParseGet

from mlir._mlir_libs.capi.mlir_cython.dialect_attributes cimport (
    mlirCyGPUObjectAttrGetTypeID, mlirCyGPUObjectAttrGetChecked)

# The C API has no TypeID getters for these: take them from instances made
# in a private context (TypeIDs do not depend on the context), or from
# our shim where an instance needs more (a #gpu.object, a valid target).
cdef MlirContext _c = _scratch_context(mlirGetDialectHandle__gpu__())
_TOKEN_TYPEID = _typeid(mlirTypeGetTypeID(mlirGPUAsyncTokenTypeGet(_c)))
_OBJECT_TYPEID = _typeid(mlirCyGPUObjectAttrGetTypeID())
cdef MlirAttribute _kt = mlirAttributeParseGet(
    _c, mlirStringRefCreate("#gpu.kernel_table<>", 19))
if _kt.ptr == NULL:
    _drop_scratch_context(_c)
    raise ImportError("cannot make a #gpu.kernel_table attribute")
cdef MlirTypeID _KERNEL_TABLE_TYPEID = mlirAttributeGetTypeID(_kt)
_drop_scratch_context(_c)


# gpu::CompilationTarget
_FORMATS = {1: "offload", 2: "assembly", 3: "bin", 4: "fatbin"}


cdef object _object_attr_get(type cls, object target, object format,
                             object object, object properties,
                             object kernels, object context):
    cdef Context ctx = _ctx_of_attr(target, "target")
    _same_context(ctx, context)
    cdef MlirAttribute props = mlirAttributeGetNull()
    cdef MlirAttribute kerns = mlirAttributeGetNull()
    if not isinstance(format, int):
        raise TypeError(f"format must be an int, not "
                        f"{type(format).__name__}")
    fmt = int(format)
    if fmt not in _FORMATS:
        raise ValueError(f"format must be one of {sorted(_FORMATS)} "
                         f"(gpu.CompilationTarget), got {fmt}")
    if not isinstance(object, (bytes, bytearray, memoryview)):
        raise TypeError(f"object must be bytes, not "
                        f"{type(object).__name__}")
    cdef bytes data = bytes(object)
    if properties is not None:
        props = attribute_handle(properties, "properties")
        if not mlirAttributeIsADictionary(props):
            raise TypeError("properties must be a DictionaryAttr")
    if kernels is not None:
        kerns = attribute_handle(kernels, "kernels")
        if mlirAttributeGetTypeID(kerns).ptr != _KERNEL_TABLE_TYPEID.ptr:
            raise TypeError("kernels must be a #gpu.kernel_table attribute")
    # Verified: a target that does not promise the GPU target interface
    # is a ValueError with the verifier's message.
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    cdef MlirAttribute a = mlirCyGPUObjectAttrGetChecked(
        mlirLocationUnknownGet(ctx.c_context), (<Attribute>target).c_attr,
        <uint32_t>fmt, _ref(data), props, kerns)
    cap.check(a.ptr != NULL, "invalid #gpu.object", _value_error)
    return _mk_attr(cls, ctx, a)
