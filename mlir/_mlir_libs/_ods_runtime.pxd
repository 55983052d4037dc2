# Helpers shared by the generated dialect modules (_<ns>_ops_gen.pyx, made
# by mlir-cython-tblgen): the pieces of a default builder that are more than
# one OperationState call, written once here instead of once per op.
from libc.stdint cimport int32_t, intptr_t
from cpython.object cimport PyObject
from mlir._mlir_libs.capi.ir cimport MlirType
from mlir._mlir_libs._ir cimport OperationState

# An attribute argument: an Attribute, or a Python value converted by the
# attribute builder registered for `kind` (the ODS attribute def name).
# None: skipped, or TypeError when `required`.
cdef int _ods_attr(OperationState st, str name, object value, str kind,
                   bint required) except -1
cdef bint _ods_attr_later(OperationState st, str name, object value,
                          str kind, bint required) except -1
cdef int _ods_attr_last(OperationState st, str name, object value,
                        str kind, bint required) except -1
# A UnitAttr argument: present when `value` is true.
cdef int _ods_unit(OperationState st, str name, object value) except -1
cdef int _ods_prop(OperationState st, str name, object value, str kind,
                   bint required) except -1
cdef int _ods_unit_prop(OperationState st, str name, object value) except -1
# Operand groups; each returns the number of operands added. `group` is
# the ODS operand index of an op with operandSegmentSizes (named by
# upstream's errors), -1 for other ops (whose errors name the position in
# the flat operand list, as upstream's).
cdef int32_t _ods_single(OperationState st, object value, str what,
                         Py_ssize_t group) except -1
cdef int32_t _ods_optional(OperationState st, object value, str what,
                           Py_ssize_t group) except -1
cdef int32_t _ods_variadic(OperationState st, object values, str what,
                           Py_ssize_t group) except -1
# A result group (arity 1, 0 optional, -1 variadic); returns its size.
# `group` as for operand groups (resultSegmentSizes).
cdef int32_t _ods_result_group(OperationState st, object value, str what,
                               int arity, Py_ssize_t group) except -1
# operandSegmentSizes / resultSegmentSizes from a C array.
cdef int _ods_segments(OperationState st, str name, int32_t* sizes,
                       Py_ssize_t n) except -1
# Result types inferred from the first operand's type (n results).
cdef int _ods_same_type(OperationState st, Py_ssize_t n) except -1
cdef int _ods_typed_operand(OperationState st, object value, str what,
                            object results) except -1
# Result types derived from an attribute already added (TypeAttr value or
# the attribute's type).
cdef int _ods_attr_type(OperationState st, str name, Py_ssize_t n) except -1
# What a snake_case builder function returns for a new op: its result Value,
# its results when it has several, or the op when it has none.
cdef object _ods_results_of(object op)
# The builders of a generated module: its snake_case builder functions,
# set in `namespace` (its globals()), and the __init__ of each op class,
# returned in order. `spec` holds one record per op (see _ods_runtime.pyx),
# builds[i] the C function building record i's op from its bound arguments
# (self or None, then the parameters in signature order; None where left
# out).
ctypedef object (*_ods_build_fn)(object, PyObject**)
cdef tuple _ods_define(dict namespace, str spec, _ods_build_fn* builds,
                       Py_ssize_t n)
# `results=` of an op with `n` results: a list of exactly n Types.
cdef int _ods_fixed_results(OperationState st, object types,
                            Py_ssize_t n) except -1
# Operand kind checks of builders whose result types MLIR infers: a
# generated predicate over an operand's type (a necessary condition of its
# ODS constraint), the operand count so far (where a group starts), and a
# TypeError naming the op, the operand and `expected` (the constraint's
# summary) for the first value in [start, end) the predicate refuses.
ctypedef bint (*_ods_type_pred)(MlirType) noexcept nogil
cdef inline intptr_t _ods_mark(OperationState st) noexcept:
    return st.c_state.nOperands
cdef int _ods_check_types(OperationState st, intptr_t start, intptr_t end,
                          _ods_type_pred pred, str what,
                          str expected) except -1
# The same check for a generic build (Operation.create(infer_type=True),
# OpView.build_generic) of such an op: group `group` of its operands as
# its ODS layout places it (`mode` and `spec` as its accessors take them);
# nothing when the operand count does not fit that layout (MLIR's
# inference refuses those itself).
cdef int _ods_check_group(OperationState st, int group, int mode,
                          tuple spec, _ods_type_pred pred, str what,
                          str expected) except -1
