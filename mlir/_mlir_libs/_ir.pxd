# Declarations of the object model's extension types, for other Cython code:
#
#     from mlir._mlir_libs._ir cimport Context, Module, Operation, Value
#
# Each type exposes its C handle (c_*) and the Python object that keeps the
# handle's owner alive, so a downstream extension reaches MLIR at C speed
# without a Python call. Fields are read-only by convention: objects are made
# by the factories at the end of this file, which respect interning and
# ownership.
from libc.stdint cimport uintptr_t
from libcpp.unordered_map cimport unordered_map
from libcpp.vector cimport vector
from cpython.ref cimport PyObject
from libcpp.string cimport string

from mlir._mlir_libs.capi.ir cimport (
    MlirAttribute, MlirBlock, MlirContext, MlirDialectRegistry, MlirLocation,
    MlirModule, MlirNamedAttribute, MlirOperation, MlirOperationState,
    MlirRegion, MlirType, MlirValue, MlirIdentifier, MlirAsmState,
)
from mlir._mlir_libs.capi.support cimport MlirTypeID


cdef class Context:
    cdef MlirContext c_context
    cdef object __weakref__
    # Interning: MlirOperation.ptr -> its one live Operation (borrowed;
    # entries are removed when the object dies or is invalidated).
    cdef unordered_map[uintptr_t, PyObject*] live_ops
    # Operation name identifier -> (name str, OpView class) cache.
    cdef unordered_map[uintptr_t, PyObject*] op_names
    cdef list op_name_keepalive
    # Bumped by every mutation that may delete blocks or values behind the
    # back of live views (erase, pass runs, rewrites).
    cdef unsigned long epoch
    cdef bint emit_error_diagnostics
    cdef list diagnostic_handlers   # attached DiagnosticHandler objects
    # Walks in progress (their _WalkState objects), innermost last.
    cdef vector[PyObject*] walks

    cdef object lookup_op(self, MlirOperation op)
    cdef int invalidate_nested(self, MlirOperation root, bint include_root) except -1


cdef class DialectRegistry:
    cdef MlirDialectRegistry c_registry


cdef class Location:
    cdef MlirLocation c_location
    cdef readonly Context context


cdef class Type:
    cdef MlirType c_type
    cdef readonly Context context


cdef class Attribute:
    cdef MlirAttribute c_attr
    cdef readonly Context context


cdef class TypeID:
    cdef MlirTypeID c_typeid


cdef class Module:
    cdef MlirModule c_module
    cdef readonly Context context


cdef class Operation:
    cdef MlirOperation c_op
    cdef readonly Context context
    # The Python object whose lifetime guarantees this operation's: the
    # Module or detached root Operation at the top of its tree, or None when
    # this object owns the (detached) operation itself.
    cdef object owner_ref
    cdef bint valid
    cdef bint owned          # detached: destroyed with this object
    cdef bint interned       # registered in context.live_ops
    # A second view of an operation already interned (OpView(op)): refers
    # to the primary object, which alone tracks validity.
    cdef Operation primary

    cdef int check(self) except -1
    cdef MlirOperation handle(self) except *
    cdef int attach_to(self, object owner) except -1
    cdef _print_to(self, string& buf, bint binary, object large_elements_limit,
                   object large_resource_limit, bint enable_debug_info,
                   bint pretty_debug_info, bint print_generic_op_form,
                   bint use_local_scope, bint use_name_loc_as_prefix,
                   bint assume_verified, bint skip_regions, object state)
    cdef _move(self, Operation other, bint after)
    cdef _set_owner_after_move(self, object new_owner)
    cdef bint is_module_root(self)


cdef class OpView(Operation):
    pass


cdef class Region:
    cdef MlirRegion c_region
    cdef Operation parent          # owning operation (validity, keep-alive)
    cdef unsigned long epoch
    cdef int check(self) except -1


cdef class Block:
    cdef MlirBlock c_block
    cdef Operation parent          # owning operation (validity, keep-alive)
    cdef unsigned long epoch
    cdef int check(self) except -1
    cdef Block _wrap_other(self, MlirBlock b)


cdef class Value:
    cdef MlirValue c_value
    # The operation that owns the value: the defining op of a result, the
    # parent op of a block argument's block.
    cdef Operation parent
    cdef MlirBlock c_arg_block     # block of a block argument, else null
    cdef unsigned long epoch
    cdef int check(self) except -1
    cdef MlirValue handle(self) except *


cdef class InsertionPoint:
    cdef readonly Block block
    cdef readonly object ref_operation  # Operation to insert before, or None
    cdef int insert_handle(self, Operation op) except -1
    cdef int check_insertable(self) except -1


cdef class AsmState:
    cdef MlirAsmState c_state
    cdef object keepalive
    cdef int check(self) except -1


# -- factories and resolvers, shared by every extension module --------------

cdef Context context_for_handle(MlirContext ctx)
cdef Context resolve_context(object context)
cdef Location resolve_location(object loc)
cdef InsertionPoint resolve_ip(object ip)
cdef Location wrap_location(Context context, MlirLocation loc)
cdef Type wrap_type(Context context, MlirType t)
cdef Attribute wrap_attribute(Context context, MlirAttribute a)
cdef object wrap_operation(Context context, MlirOperation op, object owner)
cdef Region wrap_region(Operation parent, MlirRegion r)
cdef Block wrap_block(Operation parent, MlirBlock b)
cdef Value wrap_value(Operation parent, MlirValue v)
cdef object parent_op_of_block(Context context, MlirBlock b, object owner)

# Unwrap with a type check; raise TypeError naming `what` otherwise.
cdef MlirType type_handle(object t, str what) except *
cdef MlirAttribute attribute_handle(object a, str what) except *
cdef MlirValue value_handle(object v, str what) except *
cdef MlirBlock block_handle(object b, str what) except *


# -- building operations at C speed (used by generated dialect code) --------

cdef class OperationState:
    """An MlirOperationState being filled; finish() creates the op."""
    cdef MlirOperationState c_state
    cdef Location loc
    cdef bytes name
    cdef list keepalive          # Python objects whose handles were added
    cdef bint has_results
    cdef bint infer_results
    cdef Py_ssize_t n_regions

    cdef int add_operand(self, object value, str what=*) except -1
    cdef int add_operands(self, object values, str what) except -1
    cdef int add_result(self, object type, str what=*) except -1
    cdef int add_results(self, object types, str what) except -1
    cdef int add_attribute(self, str name, object attr) except -1
    cdef int add_successor(self, object block) except -1
    cdef int add_successors(self, object blocks, str what) except -1
    cdef int add_regions(self, Py_ssize_t n) except -1
    cdef int enable_result_type_inference(self) except -1
    cdef object finish(self, object target, object ip)

cdef OperationState new_operation_state(str name, object loc)
