# Declarations of the object model's extension types, for other Cython code:
#
#     from mlir._mlir_libs._ir cimport Context, Module, Location
#
# Each type exposes its C handle (c_*) and the Python object that keeps the
# handle's owner alive, so a downstream extension reaches MLIR at C speed
# without a Python call.
from mlir._mlir_libs.capi.ir cimport (
    MlirContext, MlirDialectRegistry, MlirLocation, MlirModule,
)


cdef class Context:
    cdef MlirContext c_context
    cdef object __weakref__


cdef class DialectRegistry:
    cdef MlirDialectRegistry c_registry


cdef class Location:
    cdef MlirLocation c_location
    cdef readonly Context context


cdef class Module:
    cdef MlirModule c_module
    cdef readonly Context context


# Factories and resolvers shared by every extension module.
cdef Context context_for_handle(MlirContext ctx)
cdef Context resolve_context(object context)
cdef Location wrap_location(Context context, MlirLocation loc)
