# cython: language_level=3
"""Types and attributes of the gpu dialect (mlir-c/Dialect/GPU.h),
re-exported by mlir.dialects.gpu: AsyncTokenType, ObjectAttr."""

include "_dialect_types.pxi"

from mlir._mlir_libs.capi.builtin_attributes cimport mlirAttributeGetNull
from mlir._mlir_libs.capi.builtin_attributes cimport mlirUnitAttrGet
from mlir._mlir_libs.capi.dialect.gpu cimport (
    mlirGetDialectHandle__gpu__,
    mlirTypeIsAGPUAsyncTokenType, mlirGPUAsyncTokenTypeGet,
    mlirGPUAsyncTokenTypeGetName, mlirGPUObjectAttrGetName,
    mlirAttributeIsAGPUObjectAttr, mlirGPUObjectAttrGetWithKernels,
    mlirGPUObjectAttrGetTarget, mlirGPUObjectAttrGetFormat,
    mlirGPUObjectAttrGetObject, mlirGPUObjectAttrHasProperties,
    mlirGPUObjectAttrGetProperties, mlirGPUObjectAttrHasKernels,
    mlirGPUObjectAttrGetKernels,
)
from mlir._mlir_libs.capi.builtin_attributes cimport (
    mlirAttributeIsADictionary,
)
from mlir._mlir_libs.capi.ir cimport mlirAttributeParseGet

__all__ = ["AsyncTokenType", "ObjectAttr"]

# The C API has no TypeID getters for these: take them from instances made
# in a private context (TypeIDs do not depend on the context).
cdef MlirContext _c = _scratch_context(mlirGetDialectHandle__gpu__())
_TOKEN_TYPEID = _typeid(mlirTypeGetTypeID(mlirGPUAsyncTokenTypeGet(_c)))
_OBJECT_TYPEID = _typeid(mlirAttributeGetTypeID(mlirGPUObjectAttrGetWithKernels(
    _c, mlirUnitAttrGet(_c), 4, mlirStringRefCreate("", 0),
    mlirAttributeGetNull(), mlirAttributeGetNull())))
cdef MlirAttribute _kt = mlirAttributeParseGet(
    _c, mlirStringRefCreate("#gpu.kernel_table<>", 19))
if _kt.ptr == NULL:
    _drop_scratch_context(_c)
    raise ImportError("cannot make a #gpu.kernel_table attribute")
cdef MlirTypeID _KERNEL_TABLE_TYPEID = mlirAttributeGetTypeID(_kt)
_drop_scratch_context(_c)


cdef class AsyncTokenType(Type):
    """!gpu.async.token."""
    cdef char _own_allocation
    static_typeid = _TOKEN_TYPEID
    type_name = _str(mlirGPUAsyncTokenTypeGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Type) and mlirTypeIsAGPUAsyncTokenType((<Type>other).c_type)

    @classmethod
    def get(cls, context=None):
        cdef Context c = resolve_context(context)
        return _mk_type(cls, c, mlirGPUAsyncTokenTypeGet(c.c_context))


# gpu::CompilationTarget
_FORMATS = {1: "offload", 2: "assembly", 3: "bin", 4: "fatbin"}


cdef class ObjectAttr(Attribute):
    """#gpu.object<target, [properties,] [kernels,] "object">: a compiled
    GPU object."""
    cdef char _own_allocation
    static_typeid = _OBJECT_TYPEID
    attr_name = _str(mlirGPUObjectAttrGetName())

    @staticmethod
    def isinstance(other):
        return isinstance(other, Attribute) and mlirAttributeIsAGPUObjectAttr((<Attribute>other).c_attr)

    @classmethod
    def get(cls, target, format, object, properties=None, kernels=None,
            context=None):
        """target: a GPU target attribute; format: a gpu.CompilationTarget
        value (int); object: bytes; properties: a DictionaryAttr or None;
        kernels: a #gpu.kernel_table or None."""
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
        return _mk_attr(cls, ctx, mlirGPUObjectAttrGetWithKernels(
            ctx.c_context, (<Attribute>target).c_attr, <uint32_t>fmt,
            _ref(data), props, kerns))

    @property
    def target(self):
        return wrap_attribute(self.context, mlirGPUObjectAttrGetTarget(self.c_attr))

    @property
    def format(self):
        return mlirGPUObjectAttrGetFormat(self.c_attr)

    @property
    def object(self):
        cdef MlirStringRef s = mlirGPUObjectAttrGetObject(self.c_attr)
        return s.data[:s.length]

    @property
    def properties(self):
        if not mlirGPUObjectAttrHasProperties(self.c_attr):
            return None
        return wrap_attribute(self.context, mlirGPUObjectAttrGetProperties(self.c_attr))

    @property
    def kernels(self):
        if not mlirGPUObjectAttrHasKernels(self.c_attr):
            return None
        return wrap_attribute(self.context, mlirGPUObjectAttrGetKernels(self.c_attr))


_register_type(AsyncTokenType)
_register_attr(ObjectAttr)
