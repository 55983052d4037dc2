# cython: language_level=3
# A downstream extension using mlir-cython from Cython: it cimports the C
# API mirrors and the object model's public surface (mlir/ir.pxd, nothing
# private), walks IR in C, creates operations through the C API, and hands
# objects back to Python through the package's factories (which respect
# interning and ownership). tests/test_downstream_cython.py also runs it
# against a rebuild of the package whose private object layouts changed.

from libc.stdint cimport intptr_t

from mlir.capi cimport ir as c
from mlir.capi cimport support as s
from mlir.capi cimport builtin_types as bt
from mlir.ir cimport (Context, Module, Operation, Type, Value, import_mlir,
                     operation_handle, wrap_operation, wrap_type, wrap_value,
                     type_handle, resolve_context, wrap_context)

import_mlir()


cdef void _count(c.MlirOperation op, dict counts) except *:
    cdef s.MlirStringRef name = c.mlirIdentifierStr(c.mlirOperationGetName(op))
    key = name.data[:name.length].decode()
    counts[key] = counts.get(key, 0) + 1
    cdef intptr_t r
    cdef c.MlirBlock b
    cdef c.MlirOperation child
    for r in range(c.mlirOperationGetNumRegions(op)):
        b = c.mlirRegionGetFirstBlock(c.mlirOperationGetRegion(op, r))
        while b.ptr != NULL:
            child = c.mlirBlockGetFirstOperation(b)
            while child.ptr != NULL:
                _count(child, counts)
                child = c.mlirOperationGetNextInBlock(child)
            b = c.mlirBlockGetNextInRegion(b)


def count_ops(Module module not None):
    """{op name: count} over the whole module, walked in C."""
    counts = {}
    _count(c.mlirModuleGetOperation(module.c_module), counts)
    return counts


def first_op(Module module not None):
    """The first operation of the module body, as the package's own
    (interned) object."""
    cdef c.MlirOperation op = c.mlirBlockGetFirstOperation(
        c.mlirModuleGetBody(module.c_module))
    if op.ptr == NULL:
        return None
    return wrap_operation(op)


def make_constant(Module module not None, Type type not None, long value):
    """Appends `%x = arith.constant value : type` through the C API and
    returns the result as a Value object."""
    cdef Context ctx = module.context
    cdef bytes name = b"arith.constant"
    cdef c.MlirLocation loc = c.mlirLocationUnknownGet(ctx.c_context)
    cdef c.MlirOperationState st = c.mlirOperationStateGet(
        s.mlirStringRefCreate(name, len(name)), loc)
    cdef c.MlirType t = type_handle(type)
    c.mlirOperationStateAddResults(&st, 1, &t)
    cdef bytes key = b"value"
    cdef c.MlirNamedAttribute na = c.mlirNamedAttributeGet(
        c.mlirIdentifierGet(ctx.c_context, s.mlirStringRefCreate(key, len(key))),
        c.mlirAttributeParseGet(ctx.c_context, s.mlirStringRefCreateFromCString(
            f"{value} : {type}".encode())))
    c.mlirOperationStateAddAttributes(&st, 1, &na)
    cdef c.MlirOperation op = c.mlirOperationCreate(&st)
    c.mlirBlockAppendOwnedOperation(c.mlirModuleGetBody(module.c_module), op)
    return wrap_value(c.mlirOperationGetResult(op, 0))


def result_type_width(Operation op not None):
    """Width of the op's first result type, read through its C handle."""
    cdef c.MlirOperation h = operation_handle(op)   # raises if op is invalid
    cdef c.MlirType t = c.mlirValueGetType(c.mlirOperationGetResult(h, 0))
    return bt.mlirIntegerTypeGetWidth(t), wrap_type(t)


def type_fields(Type t not None):
    """The public fields of a Type: its handle's width and its Context
    (the object, as Python sees it)."""
    return bt.mlirIntegerTypeGetWidth(t.c_type), t.context


def current_context():
    """The Context of the innermost `with`, through the table, and the
    Context of its own handle (the same object)."""
    cdef Context ctx = resolve_context(None)
    return ctx, wrap_context(ctx.c_context)
