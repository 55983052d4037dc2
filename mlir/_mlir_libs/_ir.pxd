# The object model's private declarations, for the package's own Cython
# modules (the generated dialect modules, _ods_runtime, ...):
#
#     from mlir._mlir_libs._ir cimport Context, Module, Operation, Value
#
# Every layout and helper here may change in any release, and the package's
# modules are rebuilt with it. Native extensions cimport mlir.ir instead,
# the versioned public surface (mlir/ir.pxd): a module compiled against
# this file breaks when a release changes a private field.
#
# Each type holds its C handle (c_*) and the Python object that keeps the
# handle's owner alive. Fields are read-only by convention: objects are made
# by the factories at the end of this file, which respect interning and
# ownership. The leading fields of Context, Location, Type, Attribute,
# Module, TypeID and DialectRegistry are public (PythonObjects.h): keep
# them first and unchanged (ir_api.pxi checks this when it compiles).
from libc.stdint cimport intptr_t, uintptr_t
from libcpp.unordered_map cimport unordered_map
from libcpp.vector cimport vector
from cpython.ref cimport PyObject
from cpython.sequence cimport PySequence_Check
from cpython.list cimport PyList_CheckExact
from cpython.tuple cimport PyTuple_CheckExact
from libcpp.string cimport string

from mlir._mlir_libs.capi.ir cimport (
    MlirAttribute, MlirBlock, MlirContext, MlirDialectRegistry, MlirLocation,
    MlirModule, MlirNamedAttribute, MlirOperation, MlirOperationState,
    MlirRegion, MlirType, MlirValue, MlirIdentifier, MlirAsmState,
)
from mlir._mlir_libs.capi.support cimport MlirTypeID
from mlir._mlir_libs.capi.diagnostics cimport MlirDiagnosticHandlerID
from mlir._mlir_libs.capi.mlir_cython.thread_pool cimport (
    mlirCyContextIsMultithreadingEnabled)


cdef struct LiveMap:
    PyObject** slots     # NULL: empty; 1: deleted; else a borrowed object
    size_t cap           # a power of two, or 0
    size_t n             # live entries
    size_t used          # live entries + deleted markers
    size_t inserts       # insertions so far: a cheap "were objects made?"
                         # test for code that must invalidate what a
                         # callback created (ir_rewrite.pxi)


# A context's IR gate (ir_gate.pxi): what threads sharing the context may do
# at once. Changed by compare-and-swap only.
cdef struct IrGate:
    int state            # running shared sections, | (1 << 30) if exclusive
    int waiting          # threads waiting: to change IR (low 16 bits), to read

# Which private declarations this module is compiled against: a hash of
# this file and _ods_runtime.pxd, written by the build. Modules generated
# by mlir.tblgen check it against the installed package's at import.
cdef extern from "mlir-cython-python/Internals.h":
    const char* MLIRCY_INTERNALS


# Tracebacks point at the caller's code, as upstream's do. Every module
# cimporting this file (the core, _ods_runtime, the dialect modules,
# mlir.tblgen's output) routes Cython's one call of PyTraceBack_Here
# through this filter, which keeps at most one frame of the package's
# compiled code in a traceback: the outermost one, and only when no Python
# frame (a callback's) lies deeper. An exception raised inside the package
# then shows the user's frames, the package's Python frames with their
# source, at most one compiled frame (the entry point called), and the
# message. (Cython needs a traceback on an exception it catches, so the
# last compiled frame cannot go too.) MLIR_CYTHON_INTERNAL_FRAMES=1 in the
# environment keeps every frame, for work on the package itself.
cdef extern from *:
    """
    #ifndef MLIRCY_TRACEBACK_FILTER_DEFINED
    #define MLIRCY_TRACEBACK_FILTER_DEFINED
    #include <stdlib.h>
    #include <string.h>
    /* Whether traceback entry `tb` is a frame of the package's compiled
       code: Cython names those by their source, mlir/...(.pyx|.pxi|.pxd),
       the last for inline functions of a .pxd such as this file's. */
    static int mlircy_is_package_frame(PyObject *tb) {
      int yes = 0;
      PyObject *frame = PyObject_GetAttrString(tb, "tb_frame");
      PyObject *code = frame ? PyObject_GetAttrString(frame, "f_code") : NULL;
      PyObject *file = code ? PyObject_GetAttrString(code, "co_filename")
                            : NULL;
      /* (PyUnicode_AsUTF8 is not in 3.11's limited API.) */
      const char *s = file && PyUnicode_Check(file)
                          ? PyUnicode_AsUTF8AndSize(file, NULL) : NULL;
      if (s) {
        size_t n = strlen(s);
        yes = strncmp(s, "mlir/", 5) == 0 && n > 4 &&
              (strcmp(s + n - 4, ".pyx") == 0 ||
               strcmp(s + n - 4, ".pxi") == 0 ||
               strcmp(s + n - 4, ".pxd") == 0);
      }
      if (PyErr_Occurred())
        PyErr_Clear();
      Py_XDECREF(file);
      Py_XDECREF(code);
      Py_XDECREF(frame);
      return yes;
    }
    /* A TypeError leaving `frame` goes to mlir._mlir_libs._ir's
       _argument_error_hook, which words a refused argument as upstream's
       nanobind does; `first` says it was raised in this very function,
       `deeper` that a Python frame lies deeper. Its failures are dropped. */
    static void mlircy_argument_error(PyObject **type, PyObject **value,
                                      PyObject **tb, struct _frame *frame) {
      PyObject *mod, *hook, *res, *t;
      int deeper = 0;
      if (*type != PyExc_TypeError)
        return;
      PyErr_NormalizeException(type, value, tb);
      if (*type != PyExc_TypeError || *value == NULL)
        return;
      Py_XINCREF(*tb);
      for (t = *tb; t != NULL && t != Py_None && !deeper;) {
        PyObject *next = PyObject_GetAttrString(t, "tb_next");
        deeper = !mlircy_is_package_frame(t);
        Py_DECREF(t);
        t = next;
      }
      Py_XDECREF(t);
      if (PyErr_Occurred())
        PyErr_Clear();
      if (deeper)
        return;
      mod = PyImport_ImportModule("mlir._mlir_libs._ir");
      hook = mod ? PyObject_GetAttrString(mod, "_argument_error_hook") : NULL;
      res = hook ? PyObject_CallFunction(hook, "OOi", *value, (PyObject *)frame,
                                         *tb == NULL) : NULL;
      if (res == NULL)
        PyErr_Clear();
      Py_XDECREF(res);
      Py_XDECREF(hook);
      Py_XDECREF(mod);
    }
    static int mlircy_traceback_here(struct _frame *frame) {
      PyObject *type, *value, *tb, *next;
      const char *show = getenv("MLIR_CYTHON_INTERNAL_FRAMES");
      PyErr_Fetch(&type, &value, &tb);
      mlircy_argument_error(&type, &value, &tb, frame);
      if (show && show[0] && !(show[0] == '0' && !show[1])) {
        PyErr_Restore(type, value, tb);
        return (PyTraceBack_Here)(frame);
      }
      if (tb != NULL && mlircy_is_package_frame(tb)) {
        next = PyObject_GetAttrString(tb, "tb_next");
        if (next == NULL)
          PyErr_Clear();
        Py_DECREF(tb);
        tb = NULL;
        if (next != NULL && next != Py_None)
          tb = next;                 /* drop it: Python frames lie deeper */
        else
          Py_XDECREF(next);          /* replace it with this frame */
      }
      PyErr_Restore(type, value, tb);
      return tb != NULL ? 0 : (PyTraceBack_Here)(frame);
    }
    #define PyTraceBack_Here(frame) mlircy_traceback_here(frame)
    /* The key of Cython's cache of traceback code objects: the function
       and its line, where Cython's is the line alone
       (tools/cython_tracebacks.py puts it in the generated C). Positive, as
       Cython's line keys are; C-line keys stay negative. */
    static inline int mlircy_code_key(const char *funcname, int c_line,
                                      int py_line) {
      unsigned long h;
      if (c_line)
        return -c_line;
      h = (((unsigned long)(size_t)funcname >> 3) * 2654435761UL) ^
          ((unsigned long)py_line * 40503UL);
      h &= 0x7fffffffUL;
      return h ? (int)h : 1;
    }
    #endif
    """


# What error captures collect (_ErrorCapture, ir_diagnostics.pxi). MLIR
# calls diagnostic handlers holding its diagnostic engine's lock, so the
# handlers of captures are C++ that copies the diagnostic without Python (a
# handler needing the GIL there deadlocks with a thread that holds the GIL
# and waits for that lock); the copies become DiagnosticInfo objects after
# the call.
cdef extern from *:
    """
    #include <atomic>
    #include <mutex>
    #include <string>
    #include <vector>
    #ifndef MLIRCY_CAPTURES_DEFINED
    #define MLIRCY_CAPTURES_DEFINED
    struct MlirCyDiag {
      int severity;
      MlirLocation location;
      std::string message;
      std::vector<MlirCyDiag> notes;
    };
    struct MlirCyCaptures;
    struct MlirCyCapture {
      unsigned long thread = 0;        /* its C calls' thread (ambient) */
      MlirCyCaptures *owner = nullptr;
      std::vector<MlirCyDiag> errors;
    };
    /* A context's captures served by its always-attached handler, innermost
       last; emit_errors mirrors Context.emit_error_diagnostics. */
    struct MlirCyCaptures {
      std::mutex lock;
      std::vector<MlirCyCapture *> stack;
      std::atomic<bool> emit_errors{false};
    };
    #endif
    """
    cdef cppclass MlirCyDiag:
        int severity
        MlirLocation location
        string message
        vector[MlirCyDiag] notes
    cdef cppclass MlirCyCaptures
    cdef cppclass MlirCyCapture:
        unsigned long thread
        MlirCyCaptures* owner
        vector[MlirCyDiag] errors


cdef extern from *:
    """
    /* The gates' fast paths: with the GIL, a thread holding it sees every
       change of a gate (all are made under the GIL). */
    #ifdef Py_GIL_DISABLED
    #define MLIRCY_GATE_OPEN_FOR_WRITE(p) 0
    #define MLIRCY_GATE_OPEN_FOR_READ(p) \
      (!(__atomic_load_n((p), __ATOMIC_ACQUIRE) & (1 << 30)))
    #else
    #define MLIRCY_GATE_OPEN_FOR_WRITE(p) (*(p) == 0)
    #define MLIRCY_GATE_OPEN_FOR_READ(p) (!(*(p) & (1 << 30)))
    #endif
    /* Read scopes (ir_gate.pxi): free-threaded builds only.
       MLIRCY_NO_READ_SCOPES: for measuring what they cost. */
    #if defined(Py_GIL_DISABLED) && !defined(MLIRCY_NO_READ_SCOPES)
    #define MLIRCY_READ_SCOPES 1
    #else
    #define MLIRCY_READ_SCOPES 0
    #endif
    """
    bint MLIRCY_GATE_OPEN_FOR_WRITE(int* state) noexcept nogil
    bint MLIRCY_GATE_OPEN_FOR_READ(int* state) noexcept nogil
    bint READ_SCOPES "MLIRCY_READ_SCOPES"


cdef class Context:
    cdef MlirContext c_context
    cdef object __weakref__
    # Interning: MlirOperation.ptr -> its one live Operation (borrowed;
    # entries are removed when the object dies or is invalidated).
    cdef LiveMap live_ops
    # Operation name identifier -> (name str, OpView class) cache.
    cdef unordered_map[uintptr_t, PyObject*] op_names
    cdef list op_name_keepalive
    cdef dict registered_names      # creatable op names (str) -> name key
    cdef set unregistered_names     # op names with no loadable dialect
    cdef dict identifiers           # str -> MlirIdentifier.ptr (as int)
    # Bumped by every mutation that may delete blocks or values behind the
    # back of live views (erase, pass runs, rewrites).
    cdef unsigned long epoch
    cdef bint emit_error_diagnostics
    cdef list diagnostic_handlers   # attached DiagnosticHandler objects
    # Error captures served by the context's own always-attached handler
    # (see _ErrorCapture); owned, deleted with the context.
    cdef MlirCyCaptures* captures
    cdef MlirDiagnosticHandlerID ambient_handler
    # op ptr -> the last view made of it in a class other than its primary
    # object's (op.operation of an OpView, op.opview of a plain Operation),
    # borrowed; an entry lives as long as the view object does.
    cdef unordered_map[uintptr_t, PyObject*] generic_views
    # Walks in progress (their _WalkState objects), innermost last.
    cdef vector[PyObject*] walks
    # Registered op names (mlirCyOperationGetRegisteredNameKey) seen not
    # to be terminators, direct-mapped; read and written with relaxed
    # atomics (threads may share a context). See _check_not_after_terminator.
    cdef const void* nonterminator_names[8]
    # Threads sharing this context's IR (ir_gate.pxi).
    cdef IrGate gate
    # Caches of Python layers built on this context (Context._cache(key)),
    # e.g. linalg opdsl's op configurations: they may hold the context's
    # objects (a cycle the collector breaks), and go with the context.
    cdef dict caches

    cdef object lookup_op(self, MlirOperation op)
    cdef MlirIdentifier identifier(self, str name) except *
    cdef int invalidate_nested(self, MlirOperation root, bint include_root) except -1


cdef class DialectRegistry:
    cdef MlirDialectRegistry c_registry


cdef class Location:
    cdef MlirLocation c_location
    cdef readonly Context context
    """The Context the location belongs to."""


cdef class Type:
    cdef MlirType c_type
    cdef readonly Context context
    """The Context the type belongs to."""


cdef class Attribute:
    cdef MlirAttribute c_attr
    cdef readonly Context context
    """The Context the attribute belongs to."""


cdef class TypeID:
    cdef MlirTypeID c_typeid


cdef class Module:
    cdef MlirModule c_module
    cdef readonly Context context
    """The Context the module was created in."""


# Operation.flags
cdef enum:
    OP_VALID = 1        # usable; cleared by erase / pass-run invalidation
    OP_OWNED = 2        # detached: the object destroys the op when it dies
    OP_INTERNED = 4     # the object is in its context's live map
    OP_ALIAS = 8        # a second view (OpView(op)) of an interned object


cdef class Operation:
    # 48 bytes: no vtable and no GC header, as a block of a million
    # operations has a million of these. Use the op_* functions below.
    cdef MlirOperation c_op
    cdef readonly Context context
    """The Context the operation lives in."""
    # OP_ALIAS: the primary object. Attached: an object whose lifetime
    # guarantees the operation's (an ancestor's object, or the Module).
    # OP_OWNED: None, or a list of objects owning values that operations of
    # this detached tree use (kept alive so they outlive those uses).
    cdef object owner_ref
    cdef unsigned int flags


# The IR gate (ir_gate.pxi). Before a C call changing ctx's IR:
#     t = ir_write(ctx); <the C call>; ir_write_done(ctx, t)
# Around a C call that reads IR without the GIL (shared) or changes it
# (exclusive), or calls back into Python:
#     t = ir_section_enter(ctx, exclusive)
#     try: <the C call>
#     finally: ir_section_exit(ctx, t)
cdef int ir_write_wait(Context ctx) except -1
cdef int ir_write_release(Context ctx) noexcept nogil
cdef int ir_read_wait(Context ctx) except -1
# A read scope for other modules than _ir (free-threaded builds; a no-op
# with the GIL): rt = ir_read_enter(ctx) if READ_SCOPES else 0, then the
# reads, then (in a finally) ir_read_exit(ctx, rt).
cdef int ir_read_enter(Context ctx) except -1
cdef void ir_read_exit(Context ctx, int token) noexcept
cdef int ir_section_enter(Context ctx, bint exclusive) except -1
cdef void ir_section_exit(Context ctx, int token) noexcept nogil

cdef inline int ir_write(Context ctx) except -1:
    if MLIRCY_GATE_OPEN_FOR_WRITE(&ctx.gate.state):
        return 0
    return ir_write_wait(ctx)

cdef inline void ir_write_done(Context ctx, int token) noexcept:
    if token:
        ir_write_release(ctx)

cdef inline int ir_read(Context ctx) except -1:
    if MLIRCY_GATE_OPEN_FOR_READ(&ctx.gate.state):
        return 0
    return ir_read_wait(ctx)


cdef extern from "Python.h":
    # Released and taken back by hand, for the calls that release the GIL
    # only on some contexts (Cython's `with nogil(cond)` takes constants
    # only). Between the two: C calls on C values alone, as in a nogil
    # block.
    ctypedef struct PyThreadState
    PyThreadState* PyEval_SaveThread() nogil
    void PyEval_RestoreThread(PyThreadState*) nogil


cdef inline PyThreadState* gil_release_for(Context ctx) noexcept:
    """Releases the GIL for a long C call on ctx (parse, print, verify, a
    pass run, a rewrite, a JIT compile) while MLIR's multithreading is on
    for the context; returns the state for gil_restore (NULL: kept). Off
    (enable_multithreading(False), a site initializer's
    disable_multithreading), MLIR's type and attribute uniquers take no
    locks, and holding the GIL is what keeps another thread's type,
    attribute or location creation out of them. Asked of the context each
    time, so a change made from C++ counts too."""
    if mlirCyContextIsMultithreadingEnabled(ctx.c_context):
        return PyEval_SaveThread()
    return NULL


cdef inline void gil_restore(PyThreadState* ts) noexcept nogil:
    if ts != NULL:
        PyEval_RestoreThread(ts)


cdef inline object _argument_type_error(str reason):
    """The TypeError for an argument a function's signature refuses:
    leaving a function of the modules that stand for upstream's nanobind
    extensions (not _ods_runtime or the op modules), it reads as
    upstream's "NAME(): incompatible function arguments. ..." with the
    function's signature, then `reason` (the traceback filter above and
    ir_support.pxi's _argument_error_hook)."""
    e = TypeError(reason)
    e._mlircy_reason = reason
    return e


cdef inline bint _bool_arg(object v, str what) except -1:
    """A bool parameter as upstream's binding layer takes it: True or False
    only (an int or a numpy.bool_ is refused: TypeError)."""
    if v is True:
        return 1
    if v is False:
        return 0
    raise _argument_type_error(f"{what} must be a bool, not {type(v).__name__}")


cdef inline bint is_sequence_arg(object o):
    """Whether `o` is taken where a list of things is: any iterable, or a
    sequence without __iter__ (a ctypes array), but not str or bytes, as
    upstream's list arguments. The one test of every such argument."""
    # Lists and tuples first: hasattr makes (and drops) a bound method.
    if PyList_CheckExact(o) or PyTuple_CheckExact(o):
        return True
    if isinstance(o, (str, bytes)):
        return False
    return hasattr(o, "__iter__") or PySequence_Check(o)


cdef inline Operation op_primary(Operation o):
    return <Operation>o.owner_ref if o.flags & OP_ALIAS else o

cdef int op_check(Operation o) except -1
cdef MlirOperation op_handle(Operation o) except *


cdef class OpView(Operation):
    pass


cdef class OpAdaptor:
    cdef list _operands
    cdef Operation _op             # the adapted operation (its attributes)


cdef class Region:
    cdef MlirRegion c_region
    cdef Operation parent          # owning operation (validity, keep-alive)
    cdef unsigned long epoch
    cdef int check(self) except -1


cdef class Block:
    cdef MlirBlock c_block
    cdef Operation parent          # owning operation (validity, keep-alive)
    cdef unsigned long epoch
    # What `owner` answers when it is not `parent`: the operation branching
    # to this block, for a block reached as a successor (as upstream).
    cdef Operation successor_of
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
    """The block operations are inserted into."""
    cdef readonly object ref_operation
    """The operation new operations go before (a plain Operation, as
    upstream's), or None at the block's end."""
    cdef int insert_handle(self, Operation op) except -1
    cdef int insert_fresh(self, Operation op) except -1
    cdef int check_insertable(self) except -1


cdef class AsmState:
    cdef MlirAsmState c_state
    cdef object keepalive
    cdef int check(self) except -1


# Turns the errors captured around a failed C call into an exception:
# make_error(message, errors) -> the exception to raise (see check()).
ctypedef object (*ErrorMaker)(str message, list errors)


cdef class _ErrorCapture:
    """The one way a C call that can fail becomes an exception carrying
    MLIR's diagnostics (see ir_diagnostics.pxi):

        cap = _ErrorCapture.attach(ctx)
        h = mlirXGetChecked(...)          # C calls only: nothing may raise
        cap.check(h.ptr != NULL, "Invalid X")
    """
    cdef Context context
    cdef list errors               # DiagnosticInfo objects, once detached
    cdef MlirCyCapture state       # what the handler collects
    cdef MlirDiagnosticHandlerID handler_id
    cdef bint attached
    cdef bint ambient      # served by the context's own handler

    @staticmethod
    cdef _ErrorCapture attach(Context context)
    cdef list detach(self)
    cdef int check(self, bint ok, str message,
                   ErrorMaker make_error=*) except -1
    cdef void _release(self) noexcept


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
cdef Block region_append_block(Region r, object arg_types, object arg_locs)
cdef Value wrap_value(Operation parent, MlirValue v)
cdef Value wrap_value_any(Context ctx, MlirValue v)
cdef object parent_op_of_block(Context context, MlirBlock b, object owner)

# The attribute builders of ODS attribute kinds (ir_builders.pxi): the one
# registered for `kind` (AttrBuilder), or None; and what the default
# builder of `kind` makes of `value`, made in C by its compiled twin (null
# when the registered builder is not a default one with a twin, or when
# the twin does not take the value: call the builder then).
cdef object attr_builder_of(str kind)
cdef MlirAttribute builder_twin(str kind, object value, Context ctx) noexcept

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
    cdef str name                # its UTF-8 buffer backs c_state.name
    cdef list successors         # Block objects added (kept alive)
    cdef list operand_values     # operand objects (kept alive; see finish)
    # c_state's results, operands and attributes live in these buffers
    # while they fit, then on the heap (see mlircy_state_append); finish()
    # creates the operation without handing the arrays over (no allocation
    # per array and operation).
    cdef MlirType inline_results[4]
    cdef MlirValue inline_operands[4]
    cdef MlirNamedAttribute inline_attributes[4]
    # The objects of the first single operands (owned references; the
    # others are in operand_values).
    cdef PyObject* inline_objects[4]
    cdef int n_inline_objects
    cdef bint has_results
    cdef bint infer_results
    cdef Py_ssize_t n_regions
    cdef list properties         # (name, Attribute) of ODS properties
    # Free-threaded builds: the read scope (ir_gate.pxi) a state made by
    # new_operation_state holds on its context until finish(), so the
    # builder's reads of its operands (their types, for result inference
    # and checks) are ordered with other threads' changes; 0 otherwise.
    cdef int read_token

    cdef int add_operand(self, object value, str what=*) except -1
    cdef int push_operands(self, const MlirValue* vs, intptr_t n) except -1
    cdef int push_results(self, const MlirType* ts, intptr_t n) except -1
    cdef int push_attribute(self, MlirNamedAttribute na) except -1
    cdef list operand_objects(self)
    cdef int add_operands(self, object values, str what) except -1
    cdef int add_result(self, object type, str what=*) except -1
    cdef int add_results(self, object types, str what) except -1
    cdef int add_attribute(self, str name, object attr) except -1
    cdef int add_property(self, str name, object attr) except -1
    cdef int add_successor(self, object block) except -1
    cdef int add_successors(self, object blocks, str what) except -1
    cdef int add_regions(self, Py_ssize_t n) except -1
    cdef int enable_result_type_inference(self) except -1
    cdef object finish(self, object target, object ip)
    cdef object operand_group(self, object values, str what)

cdef OperationState new_operation_state(str name, object loc)
cdef int set_op_properties(Context ctx, MlirOperation op, str name,
                           list properties, bint created) except -1
