# The C-level API of the object model, for extensions written in plain C or
# C++ (not Cython): Cython writes these functions into _ir_api.h, which
# ships in the package (mlir/_mlir_libs/_ir_api.h). A C extension includes
# the MLIR C API headers first, then the API header, and calls
# import_mlir___mlir_libs___ir() once (its module init is a good place):
#
#     #include "mlir-c/IR.h"
#     #include "mlir/_mlir_libs/_ir_api.h"
#     ...
#     if (import_mlir___mlir_libs___ir() < 0) return NULL;
#     PyObject *ctx = mlir_wrap_context(c_ctx);    /* new reference */
#     MlirModule m = mlir_unwrap_module(obj);
#     if (mlirModuleIsNull(m)) return NULL;          /* exception set */
#
# mlir_wrap_X(handle) returns a new reference to the object of the handle,
# with the same rules as X._CAPICreate(capsule): one object per operation
# (the live one when there is one), concrete classes for types and
# attributes, a Context or Module the package does not know yet adopted
# (the object owns it from then on), a detached operation without an
# object owned by the new object. A null handle raises ValueError; on any
# error the result is NULL with the exception set.
#
# mlir_unwrap_X(obj) returns the handle of an object of class X (or a
# subclass), checked as every method checks it (an erased or invalidated
# operation raises RuntimeError). On error it returns a null handle with
# the exception set (TypeError when obj is not an X). The handle is
# borrowed: it lives as long as obj (or its owner) does.
#
# Every function needs the GIL.

from cpython.exc cimport PyErr_SetObject
from cpython.pycapsule cimport PyCapsule_New


cdef inline int _api_error(BaseException e) noexcept:
    """Sets the exception caught in a noexcept function as the current one,
    for the C caller."""
    PyErr_SetObject(type(e), e)
    return 0


cdef inline object _api_expect(object obj, type cls, str what):
    if not isinstance(obj, cls):
        raise TypeError(f"expected {what}, not {type(obj).__name__}")
    return obj


cdef inline int _api_check_null(const void* ptr, str what) except -1:
    if ptr == NULL:
        raise ValueError(f"null {what} handle")
    return 0


# -- Context --------------------------------------------------------------------

cdef api object mlir_wrap_context(MlirContext ctx):
    _api_check_null(ctx.ptr, "MlirContext")
    return context_for_handle(ctx)


cdef api MlirContext mlir_unwrap_context(object obj) noexcept:
    cdef MlirContext r
    r.ptr = NULL
    try:
        r = (<Context>_api_expect(obj, Context, "a Context")).c_context
    except BaseException as e:
        _api_error(e)
    return r


# -- Location ---------------------------------------------------------------------

cdef api object mlir_wrap_location(MlirLocation loc):
    _api_check_null(loc.ptr, "MlirLocation")
    return wrap_location(context_for_handle(mlirLocationGetContext(loc)), loc)


cdef api MlirLocation mlir_unwrap_location(object obj) noexcept:
    cdef MlirLocation r
    r.ptr = NULL
    try:
        r = (<Location>_api_expect(obj, Location, "a Location")).c_location
    except BaseException as e:
        _api_error(e)
    return r


# -- Type and Attribute -------------------------------------------------------------

cdef api object mlir_wrap_type(MlirType t):
    _api_check_null(t.ptr, "MlirType")
    return wrap_type(context_for_handle(mlirTypeGetContext(t)), t)


cdef api MlirType mlir_unwrap_type(object obj) noexcept:
    cdef MlirType r
    r.ptr = NULL
    try:
        r = type_handle(obj, "the object")
    except BaseException as e:
        _api_error(e)
    return r


cdef api object mlir_wrap_attribute(MlirAttribute a):
    _api_check_null(a.ptr, "MlirAttribute")
    return wrap_attribute(context_for_handle(mlirAttributeGetContext(a)), a)


cdef api MlirAttribute mlir_unwrap_attribute(object obj) noexcept:
    cdef MlirAttribute r
    r.ptr = NULL
    try:
        r = attribute_handle(obj, "the object")
    except BaseException as e:
        _api_error(e)
    return r


# -- Module and Operation -------------------------------------------------------

cdef api object mlir_wrap_module(MlirModule m):
    _api_check_null(m.ptr, "MlirModule")
    return module_for_handle(context_for_handle(mlirModuleGetContext(m)), m)


cdef api MlirModule mlir_unwrap_module(object obj) noexcept:
    cdef MlirModule r
    r.ptr = NULL
    try:
        r = (<Module>_api_expect(obj, Module, "a Module")).c_module
    except BaseException as e:
        _api_error(e)
    return r


cdef api object mlir_wrap_operation(MlirOperation op):
    _api_check_null(op.ptr, "MlirOperation")
    return wrap_operation_any(context_for_handle(mlirOperationGetContext(op)), op)


cdef api MlirOperation mlir_unwrap_operation(object obj) noexcept:
    cdef MlirOperation r
    r.ptr = NULL
    try:
        r = op_handle(<Operation>_api_expect(obj, Operation,
                                             "an Operation or OpView"))
    except BaseException as e:
        _api_error(e)
    return r


# -- Block and Value -----------------------------------------------------------------

cdef api object mlir_wrap_block(MlirBlock b):
    _api_check_null(b.ptr, "MlirBlock")
    cdef MlirOperation parent = mlirBlockGetParentOperation(b)
    if parent.ptr == NULL:
        raise ValueError("the block has no parent operation (a detached "
                         "block has no Python object)")
    ctx = context_for_handle(mlirOperationGetContext(parent))
    return wrap_block(<Operation>wrap_operation_any(ctx, parent), b)


cdef api MlirBlock mlir_unwrap_block(object obj) noexcept:
    cdef MlirBlock r
    r.ptr = NULL
    try:
        r = block_handle(obj, "the object")
    except BaseException as e:
        _api_error(e)
    return r


cdef api object mlir_wrap_value(MlirValue v):
    _api_check_null(v.ptr, "MlirValue")
    return wrap_value_any(context_for_handle(mlirValueGetContext(v)), v)


cdef api MlirValue mlir_unwrap_value(object obj) noexcept:
    cdef MlirValue r
    r.ptr = NULL
    try:
        r = value_handle(obj, "the object")
    except BaseException as e:
        _api_error(e)
    return r


# -- Mutating IR from C ------------------------------------------------------------
#
# Raw C API calls that destroy or erase an operation (mlirOperationDestroy,
# erasing through a rewriter) bypass the object model: an object of that
# operation or of one nested in it would then read freed memory. Erase
# through mlir_erase_operation instead, or call mlir_invalidate_operation
# right before the raw call. Moving, detaching and replacing uses are safe
# for the objects (they stay valid), but only the Python methods
# (detach_from_parent, move_before, replace_all_uses_with, ...) keep the
# trees whose values are used alive: prefer them through the wrapped objects.

cdef api int mlir_invalidate_operation(MlirOperation op) noexcept:
    """Marks the objects of `op` and of every operation nested in it
    invalid (later uses raise RuntimeError), before C code destroys or
    erases it. 0, or -1 with an exception set."""
    try:
        _api_check_null(op.ptr, "MlirOperation")
        ctx = known_context(mlirOperationGetContext(op))
        if ctx is not None:
            (<Context>ctx).invalidate_nested(op, True)
        return 0
    except BaseException as e:
        _api_error(e)
        return -1


cdef api int mlir_erase_operation(MlirOperation op) noexcept:
    """Erases `op` as Operation.erase does (refused with the same exception
    when its results still have uses, when it is a Module's operation or
    during a rewrite): its objects and those of the operations nested in it
    become invalid. 0, or -1 with an exception set."""
    try:
        _api_check_null(op.ptr, "MlirOperation")
        wrap_operation_any(context_for_handle(mlirOperationGetContext(op)),
                           op).erase()
        return 0
    except BaseException as e:
        _api_error(e)
        return -1


# -- The versioned function table (mlir-cython-python/PythonObjects.h) ----------
#
# What native extensions use: mlir-cython-python/PythonAPI.h for C and C++,
# mlir/ir.pxd for Cython. Both import this table from the capsule _C_API and
# check its versions; the object layouts they read are the public prefixes
# declared in PythonObjects.h, checked against the classes below when this
# module compiles. The `cdef api` functions above also stay importable by
# their names (Cython's _ir_api.h) for extensions built against that header.

cdef extern from "mlir-cython-python/PythonObjects.h":
    enum:
        MLIR_CYTHON_ABI_VERSION
        MLIR_CYTHON_FEATURE_VERSION
    const char* MLIR_CYTHON_CAPSULE_NAME

    ctypedef struct MlirCyAPI:
        unsigned int abi_version
        unsigned int feature_version
        object (*wrap_context)(MlirContext)
        MlirContext (*unwrap_context)(object) noexcept
        object (*wrap_location)(MlirLocation)
        MlirLocation (*unwrap_location)(object) noexcept
        object (*wrap_type)(MlirType)
        MlirType (*unwrap_type)(object) noexcept
        object (*wrap_attribute)(MlirAttribute)
        MlirAttribute (*unwrap_attribute)(object) noexcept
        object (*wrap_module)(MlirModule)
        MlirModule (*unwrap_module)(object) noexcept
        object (*wrap_operation)(MlirOperation)
        MlirOperation (*unwrap_operation)(object) noexcept
        object (*wrap_block)(MlirBlock)
        MlirBlock (*unwrap_block)(object) noexcept
        object (*wrap_value)(MlirValue)
        MlirValue (*unwrap_value)(object) noexcept
        int (*invalidate_operation)(MlirOperation) noexcept
        int (*erase_operation)(MlirOperation) noexcept
        object (*resolve_context)(object)
        object (*resolve_location)(object)


cdef extern from *:
    """
    /* The public prefixes of PythonObjects.h are those of the classes Cython
       lays out from _ir.pxd: a field moved there fails the build here. */
    #define MLIRCY_PUBLIC_FIELD(cls, field)                                   \\
      static_assert(                                                        \\
          offsetof(struct __pyx_obj_4mlir_10_mlir_libs_3_ir_##cls, field) ==  \\
              offsetof(MlirCy##cls##Object, field) &&                       \\
          sizeof(((struct __pyx_obj_4mlir_10_mlir_libs_3_ir_##cls *)0)->field) \\
              == sizeof(((MlirCy##cls##Object *)0)->field),                 \\
          "the public field " #cls "." #field " moved: change "              \\
          "PythonObjects.h and its ABI version")
    #define MLIRCY_CHECK_PUBLIC_LAYOUT()                                      \\
      MLIRCY_PUBLIC_FIELD(Context, c_context);                              \\
      MLIRCY_PUBLIC_FIELD(Location, c_location);                            \\
      MLIRCY_PUBLIC_FIELD(Location, context);                               \\
      MLIRCY_PUBLIC_FIELD(Type, c_type);                                    \\
      MLIRCY_PUBLIC_FIELD(Type, context);                                   \\
      MLIRCY_PUBLIC_FIELD(Attribute, c_attr);                               \\
      MLIRCY_PUBLIC_FIELD(Attribute, context);                              \\
      MLIRCY_PUBLIC_FIELD(Module, c_module);                                \\
      MLIRCY_PUBLIC_FIELD(Module, context);                                 \\
      MLIRCY_PUBLIC_FIELD(TypeID, c_typeid);                                \\
      MLIRCY_PUBLIC_FIELD(DialectRegistry, c_registry)
    """
    void MLIRCY_CHECK_PUBLIC_LAYOUT()


cdef object _api_resolve_context(object context):
    return resolve_context(context)


cdef object _api_resolve_location(object loc):
    return resolve_location(loc)


cdef MlirCyAPI _c_api_table


cdef object _make_c_api():
    MLIRCY_CHECK_PUBLIC_LAYOUT()
    _c_api_table.abi_version = MLIR_CYTHON_ABI_VERSION
    _c_api_table.feature_version = MLIR_CYTHON_FEATURE_VERSION
    _c_api_table.wrap_context = mlir_wrap_context
    _c_api_table.unwrap_context = mlir_unwrap_context
    _c_api_table.wrap_location = mlir_wrap_location
    _c_api_table.unwrap_location = mlir_unwrap_location
    _c_api_table.wrap_type = mlir_wrap_type
    _c_api_table.unwrap_type = mlir_unwrap_type
    _c_api_table.wrap_attribute = mlir_wrap_attribute
    _c_api_table.unwrap_attribute = mlir_unwrap_attribute
    _c_api_table.wrap_module = mlir_wrap_module
    _c_api_table.unwrap_module = mlir_unwrap_module
    _c_api_table.wrap_operation = mlir_wrap_operation
    _c_api_table.unwrap_operation = mlir_unwrap_operation
    _c_api_table.wrap_block = mlir_wrap_block
    _c_api_table.unwrap_block = mlir_unwrap_block
    _c_api_table.wrap_value = mlir_wrap_value
    _c_api_table.unwrap_value = mlir_unwrap_value
    _c_api_table.invalidate_operation = mlir_invalidate_operation
    _c_api_table.erase_operation = mlir_erase_operation
    _c_api_table.resolve_context = _api_resolve_context
    _c_api_table.resolve_location = _api_resolve_location
    return PyCapsule_New(&_c_api_table, MLIR_CYTHON_CAPSULE_NAME, NULL)


_C_API = _make_c_api()
