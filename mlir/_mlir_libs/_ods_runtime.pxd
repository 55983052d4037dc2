# Helpers shared by the generated dialect modules (_<ns>_ops_gen.pyx, made
# by mlir-cython-tblgen): the pieces of a default builder that are more than
# one OperationState call, written once here instead of once per op.
from libc.stdint cimport int32_t, intptr_t
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
# TypeError for positional arguments beyond the `n` a builder takes, worded
# as Python words it, naming the builder (`fn`).
cdef int _ods_too_many(str fn, Py_ssize_t n, tuple extra) except -1
# TypeError for required positional arguments left out (their value is
# _ods_REQ, the default of every required parameter of a generated
# builder), worded as Python words it: `names` and `values` in order.
cdef int _ods_missing(str fn, tuple names, tuple values) except -1
# The value of a parameter written under another name in the .pyx (a word
# Cython rejects, such as `include`) passed by its public keyword `name`:
# taken out of `kw`, or `value` when absent.
cdef object _ods_keyword(str fn, dict kw, str name, object value)
# TypeError naming the first keyword left in `kw` (one `fn` does not take).
cdef int _ods_no_more_keywords(str fn, dict kw) except -1
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
