# The object model for Cython extensions: its stable, versioned surface.
#
#     from mlir.ir cimport Module, Operation, wrap_operation, operation_handle
#     from mlir._mlir_libs.capi cimport ir as c      # the MLIR C API
#
# Declared here, and nothing else, is what an extension may rely on across
# releases of mlir-cython (mlir-cython-python/PythonObjects.h holds the C
# declarations and the versions). A module compiled against it imports the
# package's function table on its first call, or at `import_mlir()` (call it
# at the top of the module to fail at import); a package with an
# incompatible ABI raises ImportError there instead of crashing later.
#
# - Context, Location, Type, Attribute, Module, TypeID and DialectRegistry
#   expose their C handle (c_*) and, where they have one, the Context that
#   keeps it alive. Read these fields; never write them.
# - Operation, OpView, Block, Region and Value expose no fields: take their
#   handles with operation_handle(), block_handle() and value_handle(),
#   which raise for an erased or invalidated object instead of handing out
#   a dangling handle.
# - wrap_X(handle) gives the package's object of a handle: the live object
#   where the package interns them (one object per operation), the concrete
#   class of a type or attribute, an OpView subclass for a registered
#   operation. A null handle raises ValueError.
# - Objects are made only by the package (wrap_X, or its Python API);
#   subclassing these classes in Cython (`cdef class X(Operation)`) is not
#   part of the surface.
#
# mlir._mlir_libs._ir.pxd declares the package's internals (object layouts,
# caches, building helpers). It changes between releases: an extension
# compiled against it must be rebuilt with every release.

from mlir._mlir_libs.capi.ir cimport (
    MlirAttribute, MlirBlock, MlirContext, MlirDialectRegistry, MlirLocation,
    MlirModule, MlirOperation, MlirType, MlirValue,
)
from mlir._mlir_libs.capi.support cimport MlirTypeID


cdef extern from "mlir-cython-python/PythonAPI.h":
    enum:
        MLIR_CYTHON_ABI_VERSION
        MLIR_CYTHON_FEATURE_VERSION

    ctypedef class mlir._mlir_libs._ir.Context [object MlirCyContextObject, check_size ignore]:
        cdef MlirContext c_context

    ctypedef class mlir._mlir_libs._ir.Location [object MlirCyLocationObject, check_size ignore]:
        cdef MlirLocation c_location
        cdef Context context

    ctypedef class mlir._mlir_libs._ir.Type [object MlirCyTypeObject, check_size ignore]:
        cdef MlirType c_type
        cdef Context context

    ctypedef class mlir._mlir_libs._ir.Attribute [object MlirCyAttributeObject, check_size ignore]:
        cdef MlirAttribute c_attr
        cdef Context context

    ctypedef class mlir._mlir_libs._ir.Module [object MlirCyModuleObject, check_size ignore]:
        cdef MlirModule c_module
        cdef Context context

    ctypedef class mlir._mlir_libs._ir.TypeID [object MlirCyTypeIDObject, check_size ignore]:
        cdef MlirTypeID c_typeid

    ctypedef class mlir._mlir_libs._ir.DialectRegistry [object MlirCyDialectRegistryObject, check_size ignore]:
        cdef MlirDialectRegistry c_registry

    ctypedef class mlir._mlir_libs._ir.Operation [object PyObject, check_size ignore]:
        pass

    ctypedef class mlir._mlir_libs._ir.OpView(Operation) [object PyObject, check_size ignore]:
        pass

    ctypedef class mlir._mlir_libs._ir.Region [object PyObject, check_size ignore]:
        pass

    ctypedef class mlir._mlir_libs._ir.Block [object PyObject, check_size ignore]:
        pass

    ctypedef class mlir._mlir_libs._ir.Value [object PyObject, check_size ignore]:
        pass

    # Imports and checks the function table (once; later calls return at
    # once). Every function below calls it when needed.
    int import_mlir "MlirCy_ImportAPI"() except -1

    Context wrap_context "mlir_wrap_context"(MlirContext)
    Location wrap_location "mlir_wrap_location"(MlirLocation)
    Type wrap_type "mlir_wrap_type"(MlirType)
    Attribute wrap_attribute "mlir_wrap_attribute"(MlirAttribute)
    Module wrap_module "mlir_wrap_module"(MlirModule)
    Operation wrap_operation "mlir_wrap_operation"(MlirOperation)
    Block wrap_block "mlir_wrap_block"(MlirBlock)
    Value wrap_value "mlir_wrap_value"(MlirValue)

    # The handle of an object of the class or a subclass (TypeError for
    # another object, RuntimeError for an erased or invalidated one),
    # borrowed from the object.
    MlirContext context_handle "mlir_unwrap_context"(object) except *
    MlirLocation location_handle "mlir_unwrap_location"(object) except *
    MlirType type_handle "mlir_unwrap_type"(object) except *
    MlirAttribute attribute_handle "mlir_unwrap_attribute"(object) except *
    MlirModule module_handle "mlir_unwrap_module"(object) except *
    MlirOperation operation_handle "mlir_unwrap_operation"(object) except *
    MlirBlock block_handle "mlir_unwrap_block"(object) except *
    MlirValue value_handle "mlir_unwrap_value"(object) except *

    # Before C code destroys or erases an operation the package may hold
    # objects of (mlirOperationDestroy, a rewriter's erase): marks them and
    # those of the operations nested in it invalid.
    int invalidate_operation "mlir_invalidate_operation"(MlirOperation) except -1
    # Erases as Operation.erase does (refused with its exceptions).
    int erase_operation "mlir_erase_operation"(MlirOperation) except -1

    # The argument if it is a Context (Location), else for None the
    # innermost one of this thread's `with` blocks; else the package's
    # error for a missing context (location).
    Context resolve_context "mlir_resolve_context"(object)
    Location resolve_location "mlir_resolve_location"(object)
