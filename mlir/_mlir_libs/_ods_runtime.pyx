# cython: language_level=3, annotation_typing=False
"""Runtime of the generated dialect modules.

mlir-cython-tblgen keeps per-op generated code small: a default builder
per op (a C function, called by the class's __init__ and by the snake_case
builder function), and everything else as instances of the shared classes
here, configured by a few constants:

    lhs = _ods_operand(0, 0, (1, 1))          operand group accessor
    value = _ods_attribute("value", 0)        attribute get / set / delete
    body = _ods_region(0, False)              region accessor

plus the cdef helpers the builders call (declared in _ods_runtime.pxd).
"""

cimport cython
import sys
from cpython.sequence cimport PySequence_Check
from libc.stdint cimport int32_t, intptr_t
from libcpp.vector cimport vector

from mlir._mlir_libs.capi.support cimport MlirStringRef, mlirStringRefCreate
from mlir._mlir_libs.capi.ir cimport (
    MlirAttribute, MlirNamedAttribute, MlirOperation, MlirType, MlirValue,
    mlirAttributeGetType, mlirAttributeIsNull, MlirIdentifier,
    mlirIdentifierEqual, mlirNamedAttributeGet, mlirOperationGetAttributeByName,
    mlirOperationGetNumOperands, mlirOperationGetNumRegions,
    mlirOperationGetNumResults,
    mlirOperationGetOperand, mlirOperationGetResult,
    mlirOperationRemoveAttributeByName, mlirOperationSetAttributeByName,
    mlirValueGetType,
)
from mlir._mlir_libs.capi.builtin_attributes cimport (
    mlirAttributeIsADenseI32Array, mlirAttributeIsAType,
    mlirDenseArrayGetNumElements, mlirDenseI32ArrayGet,
    mlirDenseI32ArrayGetElement, mlirTypeAttrGetValue, mlirUnitAttrGet,
    mlirAttributeIsAUnit, mlirAttributeIsABool, mlirBoolAttrGetValue,
)
from mlir._mlir_libs._ir cimport (
    Attribute, Context, OpAdaptor, Operation, OperationState, Type, Value,
    attribute_handle, new_operation_state, wrap_attribute, wrap_type,
    wrap_value, wrap_value_any, op_handle, op_primary, set_op_properties,
    ir_write, ir_write_done, is_sequence_arg, READ_SCOPES, ir_read_enter,
    ir_read_exit, attr_builder_of, builder_twin,
)
from mlir._mlir_libs.capi.mlir_cython.operation cimport (
    mlirCyOperationGetProperty)

from mlir._mlir_libs import _ir

# -- attribute builders ---------------------------------------------------

cdef object _convert(OperationState st, str name, object value, str kind):
    opname = st.name
    if not kind:
        raise TypeError(f"{opname}: argument '{name}' must be an Attribute, "
                        f"not {type(value).__name__}")
    builder = attr_builder_of(kind)
    if builder is None:
        raise TypeError(
            f"{opname}: argument '{name}' must be an Attribute, not "
            f"{type(value).__name__} (no attribute builder is registered "
            f"for '{kind}')")
    try:
        if type(builder) is _EnumArrayBuilder:
            attr = (<_EnumArrayBuilder>builder).get(value, st.loc.context)
        else:
            attr = builder(value, context=st.loc.context)
    except (TypeError, ValueError, OverflowError) as e:
        # The builder's own message first (upstream's), then where it came
        # from.
        raise type(e)(f"{e} ({opname}: argument '{name}': cannot make a "
                      f"'{kind}' from {type(value).__name__} {value!r})") from e
    if not isinstance(attr, Attribute):
        raise TypeError(f"{opname}: the attribute builder for '{kind}' "
                        f"returned {type(attr).__name__}, not an Attribute")
    return attr


@cython.final
cdef class _EnumArrayBuilder:
    """The attribute builder of an ODS array of enum attributes, for a
    dialect module to register: `build(x, context)` makes the array
    attribute. A list or tuple of members of `enum_cls` is first looked up
    in a cache of the context (by the members' identities: members live as
    long as their class, so an identity in a key is only ever theirs), so
    each distinct list is built once per context; anything else always
    goes to `build`."""
    cdef object enum_cls
    cdef object build
    cdef str cache_name

    def __init__(self, enum_cls, build, str cache_name not None):
        self.enum_cls = enum_cls
        self.build = build
        self.cache_name = cache_name

    def __call__(self, x, context=None):
        return self.get(x, context)

    cdef object get(self, object x, object context):
        if context is None:
            context = _ir.Context.current
        cdef object key = None
        cdef dict cache = None
        cdef list ids
        if (type(x) is list or type(x) is tuple) and \
                isinstance(context, Context):
            ids = []
            for v in x:
                if type(v) is not self.enum_cls:
                    ids = None
                    break
                ids.append(<Py_ssize_t><void*>v)
            if ids is not None:
                key = tuple(ids)
                cache = (<Context>context).caches.get(self.cache_name)
                if cache is None:
                    cache = (<Context>context).caches[self.cache_name] = {}
                attr = cache.get(key)
                if attr is not None:
                    return attr
        attr = self.build(x, context)
        if cache is not None:
            cache[key] = attr
        return attr


def _attribute_of_kind(str kind, value, Context context):
    """What a generated op builder makes of the plain `value` given for an
    attribute of ODS kind `kind` in `context`: the attribute of the
    default builder's compiled twin when it takes the value, else the
    registered builder's (KeyError when there is none). For comparing the
    two."""
    cdef MlirAttribute made = builder_twin(kind, value, context)
    if made.ptr != NULL:
        return wrap_attribute(context, made)
    return _ir.AttrBuilder.get(kind)(value, context=context)


cdef int _add_named(OperationState st, str name, MlirAttribute a) except -1:
    cdef MlirNamedAttribute na = mlirNamedAttributeGet(
        st.loc.context.identifier(name), a)
    st.push_attribute(na)
    return 0


cdef object _invalid_attribute(str opname, str name, str why):
    """Upstream's TypeError for an attribute value its operation creation
    cannot convert ("Invalid attribute value for the key ..."), with why
    after it."""
    return TypeError(f'Invalid attribute value for the key "{name}" when '
                     f'attempting to create the operation "{opname}" '
                     f'({why})')


cdef int _ods_attr(OperationState st, str name, object value, str kind,
                   bint required) except -1:
    if value is None:
        if not required:
            return 0
        # Upstream's builders hand None to the kind's attribute builder as
        # any other value (an enum's parse then fails: MLIRError).
        if not kind or attr_builder_of(kind) is None:
            raise _invalid_attribute(st.name, name, f"{st.name}: missing "
                                     f"required attribute '{name}'")
    cdef MlirAttribute made
    if not isinstance(value, Attribute):
        # The default builder's compiled twin, or the builder.
        made = builder_twin(kind, value, st.loc.context)
        if made.ptr != NULL:
            return _add_named(st, name, made)
        value = _convert(st, name, value, kind)
    # Attributes live as long as their context: nothing to keep alive.
    return _add_named(st, name, (<Attribute>value).c_attr)


cdef bint _ods_attr_later(OperationState st, str name, object value,
                          str kind, bint required) except -1:
    """_ods_attr, but a value that is no Attribute and that no registered
    builder converts is left for _ods_attr_last (True): upstream's builders
    keep such a value as it is, and the operation's creation refuses it
    only after the result types and operands."""
    if not isinstance(value, Attribute) and (
            value is not None or required) and (
            not kind or attr_builder_of(kind) is None):
        return True
    _ods_attr(st, name, value, kind, required)
    return False


cdef int _ods_attr_last(OperationState st, str name, object value,
                        str kind, bint required) except -1:
    """Refuses an attribute value _ods_attr_later left (a no-op for one it
    took), in upstream's words, then why."""
    if isinstance(value, Attribute) or (
            kind and attr_builder_of(kind) is not None):
        return 0
    if value is None:
        return _ods_attr(st, name, value, kind, required)
    why = (f"no attribute builder is registered for '{kind}'" if kind
           else "an Attribute is needed")
    raise _invalid_attribute(st.name, name, f"{st.name}: argument '{name}' "
                             f"must be an Attribute, not "
                             f"{type(value).__name__}; {why}")


cdef int _ods_prop(OperationState st, str name, object value, str kind,
                   bint required) except -1:
    """An ODS property: converted like an attribute, set after creation."""
    if value is None:
        if required:
            raise TypeError(f"{st.name}: missing required "
                            f"property '{name}'")
        return 0
    if not isinstance(value, Attribute):
        value = _convert(st, name, value, kind)
    return st.add_property(name, value)


cdef int _ods_unit_prop(OperationState st, str name, object value) except -1:
    """A unit property: a bool (or its attribute form)."""
    if value is None:
        return 0
    if not isinstance(value, Attribute):
        value = (_ir.UnitAttr.get(st.loc.context) if value
                 else _ir.BoolAttr.get(False, st.loc.context))
    return st.add_property(name, value)


cdef int _ods_unit(OperationState st, str name, object value) except -1:
    if isinstance(value, Attribute):
        return _add_named(st, name, (<Attribute>value).c_attr)
    if value:
        _add_named(st, name, mlirUnitAttrGet(st.loc.context.c_context))
    return 0


# -- operand and result groups ------------------------------------------

cdef int _bad_group(OperationState st, str kind, Py_ssize_t group, str what,
                    str expected, str why, object v) except -1:
    """ValueError in upstream's words for group `group` of an op's operands
    or results (`kind`: "Operand", "Result"), then the argument."""
    raise ValueError(f'{kind} {group} of operation "{st.name}" must be '
                     f"{expected} ({why}); argument '{what}' got "
                     f"{type(v).__name__}")


cdef inline bint _is_operand(object v):
    """A Value, or an operation with exactly one result (its result)."""
    return isinstance(v, Value) or (
        isinstance(v, Operation) and len((<Operation>v).results) == 1)


cdef int32_t _ods_single(OperationState st, object value, str what,
                         Py_ssize_t group) except -1:
    if group >= 0 and not isinstance(value, Value):
        if value is None:
            _bad_group(st, "Operand", group, what, "a Value",
                       "was None and operand is not optional", value)
        if not _is_operand(value):
            _bad_group(st, "Operand", group, what, "a Value",
                       _ir._why_not_operand(value), value)
    st.add_operand(value, what)
    return 1


cdef int32_t _ods_optional(OperationState st, object value, str what,
                           Py_ssize_t group) except -1:
    if value is None:
        return 0
    if group >= 0 and not _is_operand(value):
        _bad_group(st, "Operand", group, what, "a Value",
                   _ir._why_not_operand(value), value)
    st.add_operand(value, what)
    return 1


cdef int32_t _ods_variadic(OperationState st, object values, str what,
                           Py_ssize_t group) except -1:
    cdef intptr_t before = st.c_state.nOperands
    if values is None:
        if group < 0:       # upstream extends a list with it
            raise TypeError("'NoneType' object is not iterable; argument "
                            f"'{what}' of {st.name} takes a list of Values")
        return 0
    if group >= 0:
        if isinstance(values, Operation):
            values = (<Operation>values).results
        elif isinstance(values, Value) or not PySequence_Check(values):
            # (upstream's words: its cast to a sequence failed)
            _bad_group(st, "Operand", group, what, "a Sequence of Values",
                       "std::bad_cast", values)
        for v in values:
            if not _is_operand(v):
                _bad_group(st, "Operand", group, what, "a Sequence of Values",
                           _ir._why_not_operand(v), v)
    st.add_operands(values, what)
    return <int32_t>(st.c_state.nOperands - before)


cdef int32_t _ods_result_group(OperationState st, object value, str what,
                               int arity, Py_ssize_t group) except -1:
    cdef intptr_t before
    if arity != -1:
        if value is None:
            if arity == 0:
                return 0
            if group >= 0:
                _bad_group(st, "Result", group, what, "a Type",
                           "was None and result is not optional", value)
        elif group >= 0 and not isinstance(value, Type):
            _bad_group(st, "Result", group, what, "a Type", "std::bad_cast",
                       value)
        st.add_result(value, what)
        return 1
    before = st.c_state.nResults
    if group >= 0:
        if value is None:
            return 0
        if isinstance(value, Type) or not PySequence_Check(value):
            _bad_group(st, "Result", group, what, "a Sequence of Types",
                       "std::bad_cast", value)
        for t in value:
            if not isinstance(t, Type):
                _bad_group(st, "Result", group, what, "a Sequence of Types",
                           "contained a None item" if t is None
                           else "std::bad_cast", t)
    st.add_results(value, what)
    return <int32_t>(st.c_state.nResults - before)


cdef int _ods_segments(OperationState st, str name, int32_t* sizes,
                       Py_ssize_t n) except -1:
    return _add_named(st, name, mlirDenseI32ArrayGet(
        st.loc.context.c_context, n, sizes))


cdef int _ods_typed_operand(OperationState st, object value, str what,
                            object results) except -1:
    """Adds the operand whose type the results take (`results` None, for
    _ods_same_type). Upstream's builders read that operand's `.type` before
    they check any operand, so one without it (None, a number, a string)
    fails there, with AttributeError."""
    if results is None and not isinstance(value, Value):
        if not isinstance(value, (Operation, _ir.OpResultList)) and \
                not hasattr(value, "type"):
            raise AttributeError(f"'{type(value).__name__}' object has no "
                                 f"attribute 'type'")
    return st.add_operand(value, what)


cdef int _ods_same_type(OperationState st, Py_ssize_t n) except -1:
    if st.c_state.nOperands == 0:
        raise ValueError(f"{st.name}: cannot infer the result type "
                         "without operands")
    cdef MlirType t = mlirValueGetType(st.c_state.operands[0])
    cdef Py_ssize_t i
    for i in range(n):
        st.push_results(&t, 1)
    st.has_results = True
    return 0


cdef MlirAttribute _state_attribute(OperationState st, str name) except *:
    """The attribute `name` the state holds (null if none)."""
    cdef MlirIdentifier ident = st.loc.context.identifier(name)
    cdef MlirAttribute none
    cdef intptr_t i
    for i in range(st.c_state.nAttributes):
        if mlirIdentifierEqual(st.c_state.attributes[i].name, ident):
            return st.c_state.attributes[i].attribute
    none.ptr = NULL
    return none


cdef int _ods_attr_type(OperationState st, str name, Py_ssize_t n) except -1:
    cdef MlirAttribute a = _state_attribute(st, name)
    cdef MlirType t
    if a.ptr != NULL:
        t = (mlirTypeAttrGetValue(a) if mlirAttributeIsAType(a)
             else mlirAttributeGetType(a))
        for _ in range(n):
            st.push_results(&t, 1)
        st.has_results = True
        return 0
    raise ValueError(f"{st.name}: cannot derive the result type: "
                     f"attribute '{name}' is missing")


cdef int _ods_check_types(OperationState st, intptr_t start, intptr_t end,
                          _ods_type_pred pred, str what,
                          str expected) except -1:
    cdef intptr_t i
    cdef MlirType t
    for i in range(start, end):
        t = mlirValueGetType(st.c_state.operands[i])
        if not pred(t):
            where = f"'{what}'" if end - start == 1 and i == start else \
                f"'{what}' #{i - start}"
            raise TypeError(
                f"{st.name}: operand {where} must be {expected}, not "
                f"{wrap_type(st.loc.context, t)} (its result types are "
                f"inferred from the operands; pass results= to build it "
                f"unverified)")
    return 0


# -- accessors ------------------------------------------------------------

cdef inline Operation _primary(Operation op):
    return op_primary(op)


cdef tuple _group_range(Operation op, bint results, int group, int mode,
                        tuple spec):
    """(start, length) of a value group of `op` per its ODS layout."""
    cdef MlirOperation c = op_handle(op)
    cdef intptr_t n = (mlirOperationGetNumResults(c) if results
                       else mlirOperationGetNumOperands(c))
    return _group_range_of(c, n, results, group, mode, spec)


cdef tuple _group_range_of(MlirOperation c, intptr_t n, bint results,
                           int group, int mode, tuple spec):
    """(start, length) of a value group among `n` values (the operands or
    results of `c`, or an adaptor's operands), whose segment sizes, if any,
    are the attributes of `c`."""
    cdef MlirAttribute sizes
    cdef bytes key
    sizes.ptr = NULL
    key = b"resultSegmentSizes" if results else b"operandSegmentSizes"
    if mode == 2:
        sizes = mlirOperationGetAttributeByName(
            c, mlirStringRefCreate(key, len(key)))
    return _group_range_in(n, group, mode, spec, sizes, key)


cdef tuple _group_range_in(intptr_t n, int group, int mode, tuple spec,
                           MlirAttribute sizes, bytes key):
    """(start, length) of group `group` among `n` values laid out as ODS
    says (`mode`: one variable-length group, same sizes, or the segment
    sizes `sizes`, the attribute named `key`); ValueError if they do not
    fit that layout."""
    cdef Py_ssize_t ngroups = len(spec), j, start = 0, length
    cdef Py_ssize_t nvar = 0, nsimple = 0, per
    if mode == 0:
        # At most one variable-length group: its length is what is left.
        per = n - (ngroups - 1)
        for j in range(group):
            start += 1 if spec[j] == 1 else per
        length = 1 if spec[group] == 1 else per
    elif mode == 1:
        for s in spec:
            if s == 1:
                nsimple += 1
            else:
                nvar += 1
        per = (n - nsimple) // nvar if nvar else 0
        for j in range(group):
            start += 1 if spec[j] == 1 else per
        length = 1 if spec[group] == 1 else per
    else:
        if (mlirAttributeIsNull(sizes) or
                not mlirAttributeIsADenseI32Array(sizes) or
                mlirDenseArrayGetNumElements(sizes) != ngroups):
            raise ValueError(f"'{key.decode()}' is missing or malformed")
        for j in range(group):
            start += mlirDenseI32ArrayGetElement(sizes, j)
        length = mlirDenseI32ArrayGetElement(sizes, group)
    if start < 0 or length < 0 or start + length > n:
        raise ValueError("operation does not match its ODS value layout")
    return start, length


cdef int _ods_check_group(OperationState st, int group, int mode,
                          tuple spec, _ods_type_pred pred, str what,
                          str expected) except -1:
    cdef MlirAttribute sizes
    cdef bytes key = b"operandSegmentSizes"
    sizes.ptr = NULL
    if mode == 2:
        sizes = _state_attribute(st, "operandSegmentSizes")
    try:
        start, length = _group_range_in(st.c_state.nOperands, group, mode,
                                        spec, sizes, key)
    except ValueError:
        return 0        # MLIR's inference refuses those operand counts
    return _ods_check_types(st, start, start + length, pred, what, expected)


cdef dict _no_annotations = {}


class _AccessorModule(str):
    """The `__module__` of _ods_accessor_function: on the class, the
    class's own module name; on an instance, the module of the class its
    accessor belongs to, as a generated property function's. A property
    would not do: a class built by the limited API (the stable-ABI build)
    is a heap type, whose __module__ is read from its dictionary as it is,
    and would be the property itself."""

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return (<_ods_accessor_function>obj).accessor.module


@cython.final
cdef class _ods_accessor_function:
    """The getter, setter or deleter of an ODS accessor, as a property's
    fget / fset / fdel: callable like the function of upstream's generated
    Python property, with its annotations (strings naming classes of the
    dialect module, which typing.get_type_hints resolves in __globals__)."""
    cdef _ods_accessor accessor
    cdef int what               # 0 get, 1 set, 2 delete
    cdef dict annotations

    def __call__(self, *args):
        if len(args) != (2 if self.what == 1 else 1):
            raise TypeError(f"{self.__name__}() takes "
                            f"{2 if self.what == 1 else 1} positional "
                            f"arguments but {len(args)} were given")
        if self.what == 0:
            return self.accessor.__get__(args[0], type(args[0]))
        if self.what == 1:
            return self.accessor.__set__(args[0], args[1])
        return self.accessor.__delete__(args[0])

    @property
    def __annotations__(self):
        return self.annotations

    @property
    def __globals__(self):
        module = sys.modules.get(self.accessor.module)
        return {} if module is None else module.__dict__

    @property
    def __name__(self):
        return self.accessor.name

    @property
    def __qualname__(self):
        return self.accessor.name

    # (A str, as a class's __module__ is: see _AccessorModule.)
    __module__ = _AccessorModule("mlir._mlir_libs._ods_runtime")


cdef class _ods_accessor:
    """Common base of the accessor descriptors: the property protocol's
    fget / fset / fdel, annotated as upstream's generated accessors are."""
    cdef str name               # the attribute name in its class
    cdef str module             # the module of its class
    cdef object ann             # annotation of the value (a string), or None

    def __set_name__(self, owner, name):
        if self.name is None:
            self.name = name
            self.module = owner.__module__

    cdef dict get_annotations(self):
        return _no_annotations if self.ann is None else {"return": self.ann}

    cdef dict set_annotations(self):
        return None             # no setter

    cdef bint deletable(self):
        return False

    cdef object _read(self, Operation op):
        """The value on an operation (__get__'s work)."""
        raise NotImplementedError

    cdef object read(self, Operation op):
        """_read in a read scope of op's context (free-threaded builds:
        other threads' changes wait until it is done)."""
        if not READ_SCOPES:
            return self._read(op)
        cdef int rt = ir_read_enter(op.context)
        try:
            return self._read(op)
        finally:
            ir_read_exit(op.context, rt)

    cdef _ods_accessor_function function(self, int what, dict annotations):
        cdef _ods_accessor_function f = \
            _ods_accessor_function.__new__(_ods_accessor_function)
        f.accessor = self
        f.what = what
        f.annotations = dict(annotations)
        return f

    @property
    def fget(self):
        """The getter (annotated with the return type)."""
        return self.function(0, self.get_annotations())

    @property
    def fset(self):
        """The setter (annotated with the value type), None if read-only."""
        cdef dict a = self.set_annotations()
        return None if a is None else self.function(1, a)

    @property
    def fdel(self):
        """The deleter, None if the value cannot be deleted."""
        return self.function(2, _no_annotations) if self.deletable() else None


@cython.final
cdef class _ods_value_group(_ods_accessor):
    """Accessor of an operand (or result) group: a Value, a Value or None
    (optional), or a slice of the operand/result list (variadic)."""
    cdef int group
    cdef int mode
    cdef tuple spec
    cdef int arity
    cdef bint results
    cdef bint direct        # every group up to this one is a single value

    def __init__(self, int group, int mode, tuple spec, ann=None):
        self.ann = ann
        self.group = group
        self.mode = mode
        self.spec = spec
        self.arity = spec[group]
        self.direct = all(s == 1 for s in spec[:group + 1])

    def __get__(self, obj, objtype):
        if obj is None:
            return self
        if isinstance(obj, OpAdaptor):
            return self._of_adaptor(<OpAdaptor>obj)
        return self.read(_primary(<Operation?>obj))

    cdef object _read(self, Operation op):
        """__get__ on an operation."""
        cdef MlirOperation c
        if self.direct:
            c = op_handle(op)
            if self.results:
                if self.group >= mlirOperationGetNumResults(c):
                    raise IndexError("result index out of range")
                return wrap_value(op, mlirOperationGetResult(c, self.group))
            if self.group >= mlirOperationGetNumOperands(c):
                raise IndexError("operand index out of range")
            # An operand belongs to its defining op (or block), not to op.
            return wrap_value_any(op.context,
                                  mlirOperationGetOperand(c, self.group))
        start, length = _group_range(op, self.results, self.group, self.mode,
                                     self.spec)
        if self.arity == -1:
            lst = op.results if self.results else op.operands
            return lst[start:start + length]
        if length == 0:
            if self.arity == 0:
                return None
            raise IndexError("value group is empty")
        c = op_handle(op)
        if self.results:
            return wrap_value(op, mlirOperationGetResult(c, start))
        return wrap_value_any(op.context, mlirOperationGetOperand(c, start))

    cdef object _of_adaptor(self, OpAdaptor a):
        """The group among an adaptor's operands."""
        if self.results:
            raise AttributeError(f"an adaptor has no results ('{self.name}')")
        cdef list operands = a._operands
        cdef intptr_t n = len(operands)
        if self.direct:
            if self.group >= n:
                raise IndexError("operand index out of range")
            return operands[self.group]
        start, length = _group_range_of(op_handle(a._op), n, False,
                                        self.group, self.mode, self.spec)
        if self.arity == -1:
            return operands[start:start + length]
        if length == 0:
            if self.arity == 0:
                return None
            raise IndexError("value group is empty")
        return operands[start]

    def __set__(self, obj, value):
        raise AttributeError("value accessors are read-only; use "
                             "operation.operands[i] = value")


def _ods_operand(int group, int mode, tuple spec, ann=None):
    """The accessor of operand group `group` (see _ods_value_group); `ann`
    is the annotation of what it returns."""
    cdef _ods_value_group d = _ods_value_group(group, mode, spec, ann)
    d.results = False
    return d


def _ods_result(int group, int mode, tuple spec, ann=None):
    """The accessor of result group `group` (see _ods_value_group); `ann`
    is the annotation of what it returns."""
    cdef _ods_value_group d = _ods_value_group(group, mode, spec, ann)
    d.results = True
    return d


@cython.final
cdef class _ods_property(_ods_accessor):
    """Accessor of an ODS property (read and written in its attribute form;
    a unit property as a bool)."""
    cdef bytes c_name
    cdef str pyname
    cdef bint unit

    def __init__(self, str name, bint unit):
        self.pyname = name
        self.c_name = name.encode("utf-8")
        self.unit = unit
        if unit:
            self.ann = "bool"

    cdef dict set_annotations(self):
        return _no_annotations

    def __get__(self, obj, objtype):
        if obj is None:
            return self
        if isinstance(obj, OpAdaptor):
            obj = (<OpAdaptor>obj)._op      # the adapted op's properties
        return self.read(_primary(<Operation?>obj))

    cdef object _read(self, Operation op):
        """__get__ on an operation."""
        cdef MlirAttribute a
        a = mlirCyOperationGetProperty(
            op_handle(op), mlirStringRefCreate(self.c_name, len(self.c_name)))
        if mlirAttributeIsNull(a):
            return False if self.unit else None
        if self.unit:
            return mlirAttributeIsAUnit(a) or (
                mlirAttributeIsABool(a) and mlirBoolAttrGetValue(a))
        return wrap_attribute(op.context, a)

    def __set__(self, obj, value):
        cdef Operation op = _primary(<Operation?>obj)
        cdef MlirOperation c = op_handle(op)
        if value is None:
            raise ValueError(f"'None' not allowed as value for property "
                             f"'{self.pyname}'")
        if self.unit and not isinstance(value, Attribute):
            value = (_ir.UnitAttr.get(op.context) if value
                     else _ir.BoolAttr.get(False, op.context))
        attribute_handle(value, f"property '{self.pyname}'")
        if (<Attribute>value).context is not op.context:
            raise ValueError(f"property '{self.pyname}': the attribute "
                             "belongs to another context")
        set_op_properties(op.context, c, op.name,
                          [(self.pyname, value)], False)

    def __delete__(self, obj):
        raise AttributeError(f"property '{self.pyname}' cannot be deleted")


@cython.final
cdef class _ods_attribute(_ods_accessor):
    """Accessor of an ODS attribute: kind 0 required, 1 optional (None when
    absent, settable to None, deletable), 2 unit (a bool). `ann` names the
    attribute's class (e.g. "_ods_ir.IntegerAttr")."""
    cdef bytes c_name
    cdef str pyname
    cdef int kind

    def __init__(self, str name, int kind, ann=None):
        self.pyname = name
        self.c_name = name.encode("utf-8")
        self.kind = kind
        if kind == 2:
            self.ann = "bool"
        elif ann is not None:
            self.ann = f"_Optional[{ann}]" if kind == 1 else ann

    cdef dict set_annotations(self):
        if self.kind == 2 or self.ann is None:
            return _no_annotations
        return {"value": self.ann}

    cdef bint deletable(self):
        return self.kind != 0

    def __get__(self, obj, objtype):
        if obj is None:
            return self
        if isinstance(obj, OpAdaptor):
            obj = (<OpAdaptor>obj)._op      # the adapted op's attributes
        return self.read(_primary(<Operation?>obj))

    cdef object _read(self, Operation op):
        """__get__ on an operation."""
        cdef MlirAttribute a
        a = mlirOperationGetAttributeByName(
            op_handle(op), mlirStringRefCreate(self.c_name, len(self.c_name)))
        if self.kind == 2:
            return not mlirAttributeIsNull(a)
        if mlirAttributeIsNull(a):
            if self.kind == 1:
                return None
            raise KeyError(f"attribute '{self.pyname}' is not set")
        return wrap_attribute(op.context, a)

    def __set__(self, obj, value):
        cdef Operation op = _primary(<Operation?>obj)
        cdef MlirOperation c = op_handle(op)
        cdef MlirStringRef key = mlirStringRefCreate(self.c_name, len(self.c_name))
        cdef MlirAttribute a
        a.ptr = NULL                # NULL: remove the attribute
        if self.kind == 2 and not isinstance(value, Attribute):
            if value:
                a = mlirUnitAttrGet(op.context.c_context)
        elif value is None:
            if self.kind == 0:
                raise ValueError("'None' not allowed as value for mandatory "
                                 f"attribute '{self.pyname}'")
        else:
            a = attribute_handle(value, f"attribute '{self.pyname}'")
        _set_attr(op, key, a)

    def __delete__(self, obj):
        if self.kind == 0:
            raise AttributeError(f"mandatory attribute '{self.pyname}' "
                                 "cannot be deleted")
        cdef Operation op = _primary(<Operation?>obj)
        cdef MlirAttribute a
        a.ptr = NULL
        _set_attr(op, mlirStringRefCreate(self.c_name, len(self.c_name)), a)


cdef int _set_attr(Operation op, MlirStringRef key, MlirAttribute a) except -1:
    """Sets (or, a null, removes) an attribute of op: a change of IR other
    threads may share (ir_write, see _ir.pxd)."""
    cdef int t = ir_write(op.context)
    cdef MlirOperation c
    try:
        c = op_handle(op)       # again: a wait may have let a pass erase it
        if a.ptr == NULL:
            mlirOperationRemoveAttributeByName(c, key)
        else:
            mlirOperationSetAttributeByName(c, key, a)
    finally:
        ir_write_done(op.context, t)
    return 0


cdef class _ods_indexed(_ods_accessor):
    """Accessor of the index-th region or successor of an op (or of the
    trailing ones from index on, when variadic)."""
    cdef Py_ssize_t index
    cdef bint variadic

    def __init__(self, Py_ssize_t index, bint variadic):
        self.index = index
        self.variadic = variadic

    cdef object items(self, Operation op):
        raise NotImplementedError

    def __get__(self, obj, objtype):
        if obj is None:
            return self
        items = self.items(<Operation?>obj)
        if self.variadic:
            return [items[i] for i in range(self.index, len(items))]
        return items[self.index]


@cython.final
cdef class _ods_region(_ods_indexed):
    """Accessor of a region (or of the trailing variadic regions, as a
    RegionSequence)."""

    def __init__(self, Py_ssize_t index, bint variadic):
        _ods_indexed.__init__(self, index, variadic)
        self.ann = "_ods_ir.RegionSequence" if variadic else "_ods_ir.Region"

    cdef object items(self, Operation op):
        return op.regions

    def __get__(self, obj, objtype):
        if obj is None:
            return self
        regions = (<Operation?>obj).regions
        if self.variadic:
            return regions[self.index:]
        return regions[self.index]


@cython.final
cdef class _ods_successor(_ods_indexed):
    """Accessor of a successor (or of the trailing variadic successors)."""

    cdef object items(self, Operation op):
        return op.successors


# -- value builders -------------------------------------------------------

cdef object _result_or_results_of(Operation op):
    cdef MlirOperation c
    cdef intptr_t n
    c = op_handle(op)
    n = mlirOperationGetNumResults(c)
    if n == 0:
        return op
    if n == 1:
        return wrap_value(_primary(op), mlirOperationGetResult(c, 0))
    return op.results


cdef object _result_or_results(Operation op):
    if not READ_SCOPES:
        return _result_or_results_of(op)
    cdef int rt = ir_read_enter(op.context)
    try:
        return _result_or_results_of(op)
    finally:
        ir_read_exit(op.context, rt)


cdef int _ods_too_many(str fn, Py_ssize_t n, tuple extra,
                       Py_ssize_t kwonly=0, Py_ssize_t optional=0) except -1:
    """TypeError worded as CPython words it for too many positionals (`n`
    taken, the last `optional` of them with defaults), the keyword-only
    arguments given counted as it counts them."""
    cdef Py_ssize_t given = n + len(extra)
    cdef str kw = ""
    if kwonly:
        kw = (f" positional argument{'' if given == 1 else 's'} (and "
              f"{kwonly} keyword-only argument{'' if kwonly == 1 else 's'})")
    cdef str takes = f"from {n - optional} to {n}" if optional else f"{n}"
    raise TypeError(f"{fn}() takes {takes} positional argument"
                    f"{'' if n == 1 and not optional else 's'} but "
                    f"{given}{kw} "
                    f"{'was' if given == 1 and not kwonly else 'were'} given")


# The default of every required positional parameter of a generated
# builder: a value no caller passes, so that None stays a value (upstream
# reports None operands as ValueError, missing ones as Python does).
class _Required:
    """The default of a required builder parameter (never passed)."""
    __slots__ = ()

    def __repr__(self):
        return "<required>"


_ods_REQ = _Required()
# The same object as a C global, for the checks on hot paths.
cdef object _REQ = _ods_REQ


from mlir._mlir_libs._ir cimport MLIRCY_INTERNALS


def _ods_check_internals(bytes built, str module):
    """Raise ImportError unless `module`, generated by mlir.tblgen, was
    compiled against the private declarations (`_ir.pxd`,
    `_ods_runtime.pxd`) of the installed package: `built` is the hash it
    compiled in (mlir-cython-python/Internals.h). Each generated module
    calls this first, so a module built for another release fails at
    import, naming both, instead of misreading an object later."""
    cdef bytes have = MLIRCY_INTERNALS
    if built == have:
        return
    try:
        from importlib.metadata import version
        release = f"mlir-cython {version('mlir-cython')}"
    except Exception:               # a source tree, not installed
        release = "mlir-cython (a source tree)"
    raise ImportError(
        f"{module} was compiled against the private declarations of "
        f"another mlir-cython (internals {built.decode()}); the installed "
        f"{release} has internals {have.decode()}. Generate it again with "
        f"mlir.tblgen and compile it against the installed package.")


import inspect as _inspect


# A generated module's accessors, as one string per class rather than one
# class-body statement each: compiled as statements of the module's set-up
# function they were most of its compile time (the SPIR-V module's 89 s of
# 89, without them 37 s), and that function runs once. A member is a record
# of fields: kind, name (a Python keyword too, which no class body can
# write), then the accessor's arguments: "o" operand and "r" result group
# (group, layout mode, comma-separated arities, annotation), "a" attribute
# (name, kind, annotation or nothing), "p" property (name, unit), "g"
# region and "s" successor (index, variadic).
cdef str _ODS_RECORD = "\x1e"
cdef str _ODS_FIELD = "\x1f"


cdef list _ods_member_list(str spec):
    """(name, accessor) of each member in `spec`."""
    cdef list out = []
    cdef list f
    if not spec:
        return out
    for rec in spec.split(_ODS_RECORD):
        f = rec.split(_ODS_FIELD)
        kind = f[0]
        if kind == "o" or kind == "r":
            arities = (tuple([int(a) for a in f[4].split(",")]) if f[4]
                       else ())
            d = (_ods_result if kind == "r" else _ods_operand)(
                int(f[2]), int(f[3]), arities, f[5])
        elif kind == "a":
            d = (_ods_attribute(f[2], int(f[3]), f[4]) if f[4]
                 else _ods_attribute(f[2], int(f[3])))
        elif kind == "p":
            d = _ods_property(f[2], f[3] == "1")
        elif kind == "g":
            d = _ods_region(int(f[2]), f[3] == "1")
        elif kind == "s":
            d = _ods_successor(int(f[2]), f[3] == "1")
        else:
            raise ValueError(f"unknown ODS member kind {kind!r}")
        out.append((f[1], d))
    return out


def _ods_adaptor(op_class, str name, str doc, str spec):
    """The adaptor class of generated op class `op_class`, as its class
    statement would make it (module, qualified name, docstring, no
    instance dictionary, OPERATION_NAME and the argument accessors
    `spec` lists), registered for the op (register_op_adaptor)."""
    ns = {"__module__": op_class.__module__, "__qualname__": name,
          "__doc__": doc, "__slots__": (),
          "OPERATION_NAME": op_class.OPERATION_NAME}
    for member, d in _ods_member_list(spec):
        ns[member] = d
    cls = type(_ir.OpAdaptor)(name, (_ir.OpAdaptor,), ns)
    return _ir.register_op_adaptor(op_class)(cls)


cdef str _ODS_OP = "\x1d"
cdef str _ODS_PART = "\x1c"


def _ods_classes(dict namespace, dialect, str spec, tuple inits):
    """Makes the op classes of a generated module, as their class
    statements would, with their adaptors, and sets them in `namespace`
    (its globals()). `spec` holds one record per op (see emitOp in
    mlir-cython-tblgen): class name, op name, docstring, regions,
    segment arities, whether the class has an inference check, and the
    accessor records of the class and of its adaptor; inits[i] is record
    i's __init__ (_ods_define). Each class is registered for `dialect`
    (register_operation), its adaptor for it (register_op_adaptor)."""
    if not spec:
        return
    module = namespace["__name__"]
    register = _ir.register_operation(dialect)
    base = _ir.OpView
    meta = type(base)
    cdef list f
    cdef Py_ssize_t i = 0
    for rec in spec.split(_ODS_OP):
        f = rec.split(_ODS_PART)
        name, op_name, doc = f[0], f[1], f[2]
        # No __dict__, no weak references: objects stay the core's size
        # (one exists per live operation).
        ns = {"__module__": module, "__qualname__": name, "__slots__": (),
              "OPERATION_NAME": op_name}
        if doc:
            ns["__doc__"] = doc
        count, fixed = f[3].split(",")
        ns["_ODS_REGIONS"] = (int(count), fixed == "1")
        if f[4] != "-":
            ns["_ODS_OPERAND_SEGMENTS"] = _arities(f[4])
        if f[5] != "-":
            ns["_ODS_RESULT_SEGMENTS"] = _arities(f[5])
        if f[6] == "1":
            ns["_ODS_CHECK_INFERRED"] = staticmethod(
                namespace["_ods_check_inferred_" + name])
        ns["__init__"] = inits[i]
        for member, d in _ods_member_list(f[7]):
            ns[member] = d          # (type() calls their __set_name__)
        cls = register(meta(name, (base,), ns))
        namespace[name] = cls
        namespace[name + "Adaptor"] = _ods_adaptor(
            cls, name + "Adaptor", f"Adaptor of {op_name} ({name}).", f[8])
        i += 1


cdef tuple _arities(str text):
    return tuple([int(a) for a in text.split(",")]) if text else ()


# -- builders -----------------------------------------------------------
#
# Each op's __init__ and snake_case function: an _ods_builder, binding its
# call's arguments from a table of parameter names (_ods_call.h) and
# calling the generated C function that builds the op. (As Python
# functions, two per op, their argument parsing was most of a generated
# module's C++.)

from cpython.object cimport PyObject, PyTypeObject
from cpython.mem cimport PyMem_Malloc, PyMem_Free

cdef extern from "_ods_call.h":
    ctypedef object (*mlircy_build_fn)(object, PyObject**)
    ctypedef object (*mlircy_post_fn)(object)
    ctypedef int (*mlircy_self_error_fn)(object, object) except -1
    ctypedef struct mlircy_sig:
        mlircy_build_fn build
        mlircy_post_fn post
        Py_ssize_t npos
        Py_ssize_t nparams
        PyObject* names
        PyObject* qualname
        const char* optional
    object mlircy_builder_call(const mlircy_sig* s, PyObject** args,
                               Py_ssize_t nargs, PyObject* kwnames)
    void mlircy_builder_type_ready(PyTypeObject* tp, PyObject* probe,
                                   mlircy_sig* sig)
    void mlircy_builder_init_slot(mlircy_sig* sig)
    PyTypeObject* mlircy_op_type
    Py_ssize_t mlircy_op_handle_offset
    mlircy_self_error_fn mlircy_self_error
    object mlircy_method_new(object func, object self)


class _BuilderModule(str):
    """The `__module__` of _ods_builder: on the class, the class's own
    module name; on a builder, its function's module, kept out of the
    builder's `__dict__`, which starts empty, as a Python function's does.
    A property would not do: a class built by the limited API (the
    stable-ABI build) is a heap type, whose __module__ is read from its
    dictionary as it is, and would be the property itself. (An attribute
    set on a builder goes to its `__dict__` and is read from there.)"""

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return (<_ods_builder>obj)._module


class _BuilderDoc(str):
    """The `__doc__` of _ods_builder, as _BuilderModule its `__module__`:
    the class's docstring on the class, the function's on a builder."""

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return (<_ods_builder>obj)._doc


@cython.final
cdef class _ods_builder:
    """A builder of a generated op class: the class's __init__ or the
    dialect module's snake_case function. It is called, bound, introspected
    and pickled as the Python function of the signature it shows
    (inspect.signature), and refuses arguments with Python's messages."""
    cdef mlircy_sig sig
    cdef tuple _names          # every parameter, self included
    cdef bytes _optional       # per positional parameter: may be left out
    cdef str _name, _qualname, _module
    cdef object _doc
    cdef dict _globals, _annotations
    cdef object _signature
    cdef dict __dict__

    def __call__(self, *args, **kwargs):
        # (Calls come through vectorcall, except in the stable-ABI build.)
        cdef list values = list(args)
        cdef tuple kwnames = None
        if kwargs:
            kwnames = tuple(kwargs)
            values.extend(kwargs.values())
        cdef Py_ssize_t n = len(values), i
        cdef PyObject** buf = <PyObject**>PyMem_Malloc((n + 1) * sizeof(PyObject*))
        if buf == NULL:
            raise MemoryError()
        for i in range(n):
            item = values[i]
            buf[i] = <PyObject*>item      # (the list keeps it)
        try:
            return mlircy_builder_call(
                &self.sig, buf, len(args),
                <PyObject*>kwnames if kwnames is not None else NULL)
        finally:
            PyMem_Free(buf)

    def __get__(self, obj, cls):
        if obj is None:
            return self
        return mlircy_method_new(self, obj)

    def __repr__(self):
        return f"<function {self._qualname} at {id(self):#x}>"

    def __reduce__(self):
        # (pickled by reference, as a function: module and qualified name)
        return self._qualname

    # (Strs, as a class's own are: see _BuilderModule.)
    __module__ = _BuilderModule("mlir._mlir_libs._ods_runtime")
    __doc__ = _BuilderDoc(
        "A builder of a generated op class: the class's __init__ or the "
        "dialect module's snake_case function.")

    @property
    def __name__(self):
        return self._name

    @__name__.setter
    def __name__(self, str value not None):
        self._name = value

    @property
    def __qualname__(self):
        return self._qualname

    @__qualname__.setter
    def __qualname__(self, str value not None):
        # (the name its errors give, as for a Python function)
        self._qualname = value
        self.sig.qualname = <PyObject*>value

    @property
    def __globals__(self):
        return self._globals

    @property
    def __defaults__(self):
        # (as upstream's: required parameters have no default)
        return None

    @property
    def __kwdefaults__(self):
        return {name: None for name in self._names[self.sig.npos:]}

    @property
    def __annotations__(self):
        # The return annotation is kept as its expression until asked for.
        ret = self._annotations.get("return")
        if isinstance(ret, _AnnotationText):
            try:
                self._annotations["return"] = eval(str(ret), self._globals)
            except Exception:
                self._annotations["return"] = str(ret)
        return self._annotations

    @__annotations__.setter
    def __annotations__(self, dict value not None):
        self._annotations = value
        self._signature = None

    @property
    def __signature__(self):
        if self._signature is None:
            P = _inspect.Parameter
            params = []
            for i, name in enumerate(self._names):
                if i < self.sig.npos:
                    params.append(P(name, P.POSITIONAL_OR_KEYWORD,
                                    default=None if self._optional[i]
                                    else P.empty))
                else:
                    params.append(P(name, P.KEYWORD_ONLY, default=None))
            self._signature = _inspect.Signature(
                params, return_annotation=self.__annotations__.get(
                    "return", _inspect.Signature.empty))
        return self._signature

    @__signature__.setter
    def __signature__(self, value):
        self._signature = value


class _AnnotationText(str):
    """A return annotation not evaluated yet."""
    __slots__ = ()


cdef _ods_builder _new_builder(str module, str qualname, str name, doc,
                               tuple names, bytes optional,
                               mlircy_build_fn build, mlircy_post_fn post,
                               dict namespace, dict annotations):
    cdef _ods_builder b = _ods_builder.__new__(_ods_builder)
    b._names = names
    b._optional = optional
    b._name = name
    b._qualname = qualname
    b._module = module
    b._doc = doc
    b._globals = namespace
    b._annotations = annotations
    mlircy_builder_init_slot(&b.sig)
    b.sig.build = build
    b.sig.post = post
    b.sig.npos = len(optional)
    b.sig.nparams = len(names)
    b.sig.names = <PyObject*>names
    b.sig.qualname = <PyObject*>qualname
    b.sig.optional = optional
    return b


cdef int _ods_self_error(object self, object qualname) except -1:
    """The error of an __init__ called on a `self` it cannot bind: it binds
    the operation it builds to a new object of an op class (made by the
    class call, or a subclass's super().__init__), never to another
    object, nor to one bound already (undefined upstream; a crash or a
    corrupted object here). _ods_call.h checks, this explains."""
    if not isinstance(self, Operation):
        raise TypeError(f"{qualname}() needs a new object of an op class "
                        f"as self, not {type(self).__name__}")
    raise TypeError(f"{qualname}() was called on a {type(self).__name__} "
                    f"object already bound to an operation")


cdef Operation _op_probe = Operation.__new__(Operation)
mlircy_op_type = <PyTypeObject*>Operation
mlircy_op_handle_offset = <char*>&_op_probe.c_op - <char*><PyObject*>_op_probe
mlircy_self_error = _ods_self_error
_op_probe = None

cdef _ods_builder _probe = _ods_builder.__new__(_ods_builder)
mlircy_builder_type_ready(<PyTypeObject*>_ods_builder, <PyObject*>_probe,
                          &_probe.sig)
_probe = None

cdef tuple _ODS_RETURNS = ("the operation", "its result",
                           "its results (the operation if there are none)")


cdef tuple _ods_define(dict namespace, str spec, _ods_build_fn* builds,
                       Py_ssize_t n):
    """The builders of a generated module: sets its snake_case builder
    functions in `namespace` and returns the __init__ of each op class, in
    order (the class bodies take them). `spec` holds one record per op,
    built by builds[i]: class name, op name, function name, the function's
    return annotation (an expression in the module), what it returns (an
    index into _ODS_RETURNS), one flag per positional parameter ("1": may
    be left out), then the parameter names of the __init__ (self excluded)
    and of the function, comma-separated."""
    module = namespace["__name__"]
    cdef list records = spec.split(_ODS_RECORD) if spec else []
    if len(records) != n:
        raise ValueError(f"{module}: {len(records)} builder records for "
                         f"{n} builders")
    cdef Py_ssize_t i
    cdef list f
    cdef list inits = []
    cdef dict texts = {}
    for i in range(n):
        f = records[i].split(_ODS_FIELD)
        cls_name, op_name, fn_name = f[0], f[1], f[2]
        optional = bytes([c == "1" for c in f[5]])
        init_names = tuple([sys.intern(a) for a in f[6].split(",")])
        fn_names = tuple([sys.intern(a) for a in f[7].split(",")])
        inits.append(_new_builder(
            module, f"{cls_name}.__init__", "__init__", None,
            ("self",) + init_names, b"\0" + optional,
            <mlircy_build_fn>builds[i], NULL, namespace, {}))
        ann = texts.get(f[3])
        if ann is None:
            ann = texts[f[3]] = _AnnotationText(f[3])
        namespace[fn_name] = _new_builder(
            module, fn_name, fn_name,
            f"Builds {op_name} ({cls_name}); returns "
            f"{_ODS_RETURNS[int(f[4])]}.",
            fn_names, optional, <mlircy_build_fn>builds[i],
            <mlircy_post_fn>_ods_results_of, namespace, {"return": ann})
    return tuple(inits)


cdef int _ods_fixed_results(OperationState st, object types,
                            Py_ssize_t n) except -1:
    st.add_results(types, "results")       # a sequence of Types
    if len(types) != n:
        raise ValueError(f"{st.name}: results must hold {n} type"
                         f"{'' if n == 1 else 's'}, not {len(types)}")
    return 0


cdef object _ods_results_of(object op):
    return _result_or_results(<Operation?>op)


# -- builtin attribute and type helpers for the hand-written extensions ---
#
# The dialect extensions (func, arith, scf, builtin) need a few builtin
# attributes and types; these make them from C directly, independent of
# which concrete Python classes mlir.ir offers.

from mlir._mlir_libs.capi.builtin_types cimport (
    mlirFunctionTypeGet, mlirFunctionTypeGetInput, mlirFunctionTypeGetNumInputs,
    mlirFunctionTypeGetNumResults, mlirFunctionTypeGetResult, mlirIndexTypeGet,
    mlirIntegerTypeGetWidth, mlirIntegerTypeIsUnsigned, mlirTypeIsAFloat,
    mlirTypeIsAFunction, mlirTypeIsAIndex, mlirTypeIsAInteger, mlirTypeIsANone,
    mlirShapedTypeGetDynamicSize,
)
from mlir._mlir_libs.capi.builtin_attributes cimport (
    mlirAttributeIsAFloat, mlirAttributeIsAInteger, mlirAttributeIsAString,
    mlirFloatAttrDoubleGet, mlirFloatAttrGetValueDouble, mlirIntegerAttrGet,
    mlirIntegerAttrGetValueInt, mlirIntegerAttrGetValueUInt, mlirStringAttrGet,
    mlirStringAttrGetValue, mlirTypeAttrGet,
)
from mlir._mlir_libs._ir cimport resolve_context, type_handle, wrap_type


cdef int _push_types_in(vector[MlirType]& out, object types, Context ctx,
                        str what) except -1:
    """Appends the handles of `types`, which must be Types of `ctx` (as
    _ir's type_handle_in checks them)."""
    for t in types:
        out.push_back(type_handle(t, what))
        if (<Type>t).context is not ctx:
            raise ValueError(f"{what}: a Type of another Context")
    return 0


def _function_type(inputs: Sequence[Type], results: Sequence[Type],
                   context=None) -> FunctionType:
    """FunctionType (inputs) -> (results)."""
    cdef Context ctx = resolve_context(context)
    cdef vector[MlirType] ins, outs
    _push_types_in(ins, inputs, ctx, "function input type")
    _push_types_in(outs, results, ctx, "function result type")
    return wrap_type(ctx, mlirFunctionTypeGet(
        ctx.c_context, ins.size(), ins.data(), outs.size(), outs.data()))


def _function_type_io(Type t not None) -> tuple[list[Type], list[Type]]:
    """(inputs, results) of a FunctionType; ValueError for other types."""
    if not mlirTypeIsAFunction(t.c_type):
        raise ValueError(f"expected a function type, got {t}")
    cdef intptr_t i
    ins = [wrap_type(t.context, mlirFunctionTypeGetInput(t.c_type, i))
           for i in range(mlirFunctionTypeGetNumInputs(t.c_type))]
    outs = [wrap_type(t.context, mlirFunctionTypeGetResult(t.c_type, i))
            for i in range(mlirFunctionTypeGetNumResults(t.c_type))]
    return ins, outs


def _index_type(context=None) -> IndexType:
    cdef Context ctx = resolve_context(context)
    return wrap_type(ctx, mlirIndexTypeGet(ctx.c_context))


def _type_kind(Type t not None) -> str | None:
    """'int' (integer or index), 'float', or None."""
    if mlirTypeIsAInteger(t.c_type) or mlirTypeIsAIndex(t.c_type):
        return "int"
    if mlirTypeIsAFloat(t.c_type):
        return "float"
    return None


cdef MlirAttribute _integer_attr_handle(Type t, object value) except *:
    """IntegerAttr of an integer or index type (ValueError if `value` does
    not fit)."""
    if not (mlirTypeIsAInteger(t.c_type) or mlirTypeIsAIndex(t.c_type)):
        raise TypeError(f"an integer value needs an integer or index type, "
                        f"not {t}")
    cdef long long small
    if type(value) is int and -(1 << 31) <= value < (1 << 31):
        # Fast path: fits every integer type of width >= 32 and is checked
        # against narrower ones in C.
        small = value
        if mlirTypeIsAInteger(t.c_type) and mlirIntegerTypeGetWidth(t.c_type) < 32:
            if not (-(1LL << mlirIntegerTypeGetWidth(t.c_type)) < small
                    < (1LL << mlirIntegerTypeGetWidth(t.c_type))):
                raise ValueError(f"{value} does not fit in {t}")
        return mlirIntegerAttrGet(t.c_type, small)
    v = int(value)
    cdef unsigned width = 64
    if mlirTypeIsAInteger(t.c_type):
        width = mlirIntegerTypeGetWidth(t.c_type)
    cdef object bound = 1 << <object>width
    if width < 64 and not (-bound < v < bound):
        raise ValueError(f"{v} does not fit in {t}")
    if -(1 << 63) <= v < (1 << 63):
        return mlirIntegerAttrGet(t.c_type, v)
    return (<Attribute>_ir.Attribute.parse(f"{v} : {t}", context=t.context)).c_attr


def _ods_build(target, str name not None, results, dict attributes not None,
               loc, ip):
    """Creates operation `name` for `target` (an OpView object not yet
    bound) from explicit result types and named attributes, inserting it
    at `ip`: the fast path of hand-written builders that know their result
    types (no result type inference, no keyword dictionaries)."""
    cdef OperationState st = new_operation_state(name, loc)
    st.add_results(results, "results")
    for k, v in attributes.items():
        st.add_attribute(k, v)
    st.finish(target, ip)


cdef MlirAttribute _float_attr_handle(Type t, object value) except *:
    if not mlirTypeIsAFloat(t.c_type):
        raise TypeError(f"a float value needs a float type, not {t}")
    return mlirFloatAttrDoubleGet(t.context.c_context, t.c_type, float(value))


cdef object _arith_constant_build(object target, object result, object value,
                                  object loc, object ip):
    """Builds arith.constant of type `result` holding `value` (an int or a
    float) into `target` (None: a new object of the class registered for
    arith.constant) and returns the op object. (Attributes are built by
    _arith_constant_of_attr or, untyped, by the generated builder.)"""
    cdef OperationState st
    cdef MlirAttribute a
    if not isinstance(result, Type):
        raise TypeError(f"arith.constant: result must be a Type, not "
                        f"{type(result).__name__}")
    if isinstance(value, int):          # bool included
        a = _integer_attr_handle(<Type>result, value)
    elif isinstance(value, float):
        a = _float_attr_handle(<Type>result, value)
    else:
        # Upstream's words (its attribute conversion fails), then why.
        raise _invalid_attribute("arith.constant", "value", f"value must be "
                                 f"an int, a float or an Attribute, not "
                                 f"{type(value).__name__}")
    st = new_operation_state("arith.constant", loc)
    st.add_result(result, "result")     # checks the type's context
    _add_named(st, "value", a)          # made from that type: same context
    return st.finish(target, ip)


cdef object _arith_constant_of_attr(object target, Attribute value,
                                    object loc, object ip):
    """Builds arith.constant of a typed attribute `value` (as upstream's
    ConstantOp(result, attribute) does, whatever `result` is: the result
    type is the attribute's) and returns the op object; None, building
    nothing, for an attribute without a type (the generated builder then
    reports it)."""
    cdef MlirType t = mlirAttributeGetType(value.c_attr)
    if mlirTypeIsANone(t):
        return None
    cdef OperationState st = new_operation_state("arith.constant", loc)
    st.add_attribute("value", value)     # checks the attribute's context
    st.push_results(&t, 1)               # the attribute's: same context
    return st.finish(target, ip)


def _arith_constant_init(self, result, value, *, loc=None, ip=None):
    """arith.ConstantOp(result, value) for the values arith.py leaves to
    C: an int or a float of type `result` (int and float subclasses
    included); TypeError for any other value."""
    _arith_constant_build(self, result, value, loc, ip)


cdef int _missing_positionals(str fn, list missing) except -1:
    """TypeError worded as Python words it for missing positionals (Cython's
    own message would not name the builder)."""
    names = [f"'{m}'" for m in missing]
    if len(names) <= 2:
        listed = " and ".join(names)
    else:
        listed = ", ".join(names[:-1]) + ", and " + names[-1]
    raise TypeError(f"{fn}() missing {len(names)} required positional "
                    f"argument{'s' if len(names) > 1 else ''}: {listed}")


def _arith_constant_op_init(self, result=_REQ, value=_REQ, *extra,
                            loc=_REQ, ip=_REQ):
    """ConstantOp(result_type, value) with `value` an int, a float, an
    array.array (a dense elements attribute of the shaped type `result`) or
    an Attribute (then its own type is the result type);
    ConstantOp(attribute, None) builds from the attribute alone."""
    # (loc and ip default to _REQ, so that a too-many error counts those
    # given, as CPython's does)
    if value is _REQ or extra:
        _python_argument_error("ConstantOp.__init__", ("result", "value"),
                               (result, value), 1, 0, extra,
                               (loc is not _REQ) + (ip is not _REQ))
    if loc is _REQ:
        loc = None
    if ip is _REQ:
        ip = None
    cls = type(value)
    if cls is int or cls is float:
        # The common case, with no Python frame between the call and C.
        _arith_constant_build(self, result, value, loc, ip)
    elif (not isinstance(value, Attribute)
          or _arith_constant_of_attr(self, <Attribute>value, loc, ip) is None):
        type(self)._init_other(self, result, value, loc, ip)


cdef object _arith_constant_class = None


def _take_signature(f, template, str qualname=None):
    """Gives the compiled callable `f` the signature and defaults of the
    Python function `template`, for inspect.signature and help(): `f`
    behaves as a function of that signature (its own defaults are
    sentinels that let it word argument errors as Python does; calls keep
    them, since Cython reads its own copies and warns that it does). With
    `qualname` ("Class.method"), also the name it is known by."""
    import inspect
    import warnings
    if qualname is not None:
        f.__qualname__ = qualname
        f.__name__ = qualname.rpartition(".")[2]
        f.__module__ = template.__module__
    f.__signature__ = inspect.signature(template)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        f.__defaults__ = template.__defaults__
        f.__kwdefaults__ = template.__kwdefaults__


def _set_arith_constant_class(cls):
    """mlir.dialects.arith hands its ConstantOp over, for the values
    _arith_constant does not build itself."""
    global _arith_constant_class
    _arith_constant_class = cls


def _arith_constant(result=_REQ, value=_REQ, *extra, loc=_REQ,
                    ip=_REQ):
    """Builds arith.constant (as ConstantOp(result, value)) and returns its
    result Value."""
    # (loc and ip: as in _arith_constant_op_init)
    if value is _REQ or extra:
        _python_argument_error("constant", ("result", "value"),
                               (result, value), 0, 0, extra,
                               (loc is not _REQ) + (ip is not _REQ))
    if loc is _REQ:
        loc = None
    if ip is _REQ:
        ip = None
    cdef object op
    cls = type(value)
    if cls is int or cls is float:
        op = _arith_constant_build(None, result, value, loc, ip)
        return wrap_value(op_primary(<Operation>op),
                          mlirOperationGetResult((<Operation>op).c_op, 0))
    return _arith_constant_class(result, value, loc=loc, ip=ip).result


def _attr_literal(Attribute a not None) -> int | float:
    """The Python value of an IntegerAttr (int) or FloatAttr (float)."""
    cdef MlirType t
    if mlirAttributeIsAInteger(a.c_attr):
        t = mlirAttributeGetType(a.c_attr)
        if (mlirTypeIsAInteger(t) and mlirIntegerTypeIsUnsigned(t)):
            return mlirIntegerAttrGetValueUInt(a.c_attr)
        if mlirTypeIsAInteger(t) and mlirIntegerTypeGetWidth(t) == 1:
            return mlirIntegerAttrGetValueInt(a.c_attr) & 1
        return mlirIntegerAttrGetValueInt(a.c_attr)
    if mlirAttributeIsAFloat(a.c_attr):
        return mlirFloatAttrGetValueDouble(a.c_attr)
    raise ValueError(f"only integer and float attributes have a literal "
                     f"value, not {a}")


def _string_attr(str s not None, context=None) -> StringAttr:
    cdef Context ctx = resolve_context(context)
    return wrap_attribute(ctx, _string_attr_handle(ctx, s))


cdef MlirAttribute _string_attr_handle(Context ctx, str s) except *:
    cdef bytes b = s.encode("utf-8")
    return mlirStringAttrGet(ctx.c_context, mlirStringRefCreate(b, len(b)))


def _string_value(Attribute a not None) -> str:
    if not mlirAttributeIsAString(a.c_attr):
        raise ValueError(f"expected a string attribute, got {a}")
    cdef MlirStringRef r = mlirStringAttrGetValue(a.c_attr)
    return r.data[:r.length].decode("utf-8")


def _type_attr(Type t not None) -> TypeAttr:
    return wrap_attribute(t.context, mlirTypeAttrGet(t.c_type))


def _type_attr_value(Attribute a not None) -> Type:
    if not mlirAttributeIsAType(a.c_attr):
        raise ValueError(f"expected a type attribute, got {a}")
    return wrap_type(a.context, mlirTypeAttrGetValue(a.c_attr))


# -- mixed static / dynamic lists (offsets, sizes, strides) ----------------

def _mixed_list(str opname, str what, xs, *, bint optional=False):
    """`xs` as a new list, for the mixed static / dynamic arguments
    (offsets, sizes, strides) of shaped ops' builders; None is empty if
    `optional`."""
    if xs is None and optional:
        return []
    if not is_sequence_arg(xs):
        raise TypeError(f"{opname}: {what} must be a sequence of ints "
                        f"and index Values, not {type(xs).__name__}")
    return list(xs)


cdef int _split_mixed_into(str opname, str what, object xs,
                           object dynamic_marker, bint nonnegative,
                           bint index_values, list static,
                           list dynamic) except -1:
    """Appends to `static` each int of `xs` and `dynamic_marker` for each
    Value (or single-result operation), and the Values to `dynamic`.
    `nonnegative` rejects negative ints, `index_values` Values whose type
    is not index."""
    cdef Py_ssize_t i = -1
    for x in xs:
        i += 1
        if isinstance(x, int):
            if isinstance(x, bool):
                raise TypeError(f"{opname}: {what}[{i}] must be an int or "
                                "an index Value, not bool")
            if nonnegative and x < 0:
                raise ValueError(f"{opname}: {what}[{i}] must be >= 0, "
                                 f"got {x}")
            static.append(x)
            continue
        if isinstance(x, Operation):
            if len(x.results) != 1:
                raise ValueError(f"{opname}: {what}[{i}] is an operation "
                                 f"with {len(x.results)} results")
            x = x.results[0]
        if not isinstance(x, Value):
            raise TypeError(f"{opname}: {what}[{i}] must be an int or an "
                            f"index Value, not {type(x).__name__}")
        if index_values and not mlirTypeIsAIndex(
                mlirValueGetType((<Value>x).handle())):
            raise TypeError(f"{opname}: {what}[{i}] must be of type index, "
                            f"not {x.type}")
        static.append(dynamic_marker)
        dynamic.append(x)
    return 0


def _split_mixed(str opname, str what, xs, dynamic_marker, *,
                 bint nonnegative=False, bint index_values=False):
    """(static ints with `dynamic_marker` in place of each Value, the
    Values) from a list of ints and Values (or single-result operations).
    `nonnegative` rejects negative ints, `index_values` Values whose type
    is not index."""
    cdef list static = [], dynamic = []
    _split_mixed_into(opname, what, xs, dynamic_marker, nonnegative,
                      index_values, static, dynamic)
    return static, dynamic


# ShapedType's dynamic size marker, as the Python int the static sizes hold.
cdef object _DYNAMIC_SIZE = mlirShapedTypeGetDynamicSize()


def _tensor_empty(target, sizes, element_type, encoding, loc, ip):
    """Builds tensor.empty into `target` (None: a new op object) from mixed
    sizes (ints static, index Values dynamic, in order), the element type
    and an optional encoding Attribute; returns the op object."""
    cdef str opname = "tensor.empty"
    if not isinstance(element_type, Type):
        raise TypeError("tensor.empty: element_type must be a Type, not "
                        f"{type(element_type).__name__}")
    if not isinstance(sizes, (list, tuple)):
        sizes = _mixed_list(opname, "sizes", sizes)
    # As upstream's: an int (a bool too) is a static size, anything else a
    # dynamic one, which the operation's creation then refuses unless it
    # is a Value (ValueError, "Operand <i> of operation ...").
    cdef list static = [], dynamic = []
    for x in sizes:
        if isinstance(x, int):
            static.append(x)
        else:
            static.append(_DYNAMIC_SIZE)
            dynamic.append(x)
    if encoding is not None and not isinstance(encoding, Attribute):
        raise TypeError("tensor.empty: encoding must be an Attribute, "
                        f"not {type(encoding).__name__}")
    result_type = _ir.RankedTensorType.get(static, element_type, encoding)
    cdef OperationState st = new_operation_state(opname, loc)
    for d in dynamic:
        st.add_operand(d, "dynamicSizes")
    st.add_result(result_type, "result")
    return st.finish(target, ip)


# -- func.func --------------------------------------------------------------

cdef object _func_op_build(target, name, type, visibility, loc, ip):
    """Builds func.func into `target` (None: a new op object) from its name,
    a FunctionType or (inputs, results), and an optional visibility;
    returns the op object (one empty region). As upstream's, the name and
    the visibility are taken as str() of what is given."""
    if not isinstance(name, str):
        name = str(name)
    if visibility is not None and not isinstance(visibility, str):
        visibility = str(visibility)
    cdef bint pair = False
    if isinstance(type, Type):
        if not mlirTypeIsAFunction((<Type>type).c_type):
            raise ValueError(f"expected a function type, got {type}")
    elif isinstance(type, tuple) or (isinstance(type, list) and len(type) == 2):
        # As upstream's: a tuple's first two items (an IndexError for a
        # shorter one); a list of two is taken too.
        type = (type[0], type[1])
        pair = True
    else:
        raise TypeError("func.func: type must be a FunctionType or a tuple "
                        f"(inputs, results), not {type.__class__.__name__}")
    if loc is None:
        resolve_context(None)   # as upstream: no Context is reported first
    cdef OperationState st = new_operation_state("func.func", loc)
    cdef Context ctx = st.loc.context
    if pair:
        inputs, results = type
        type = _function_type(list(inputs), list(results), ctx)
    elif (<Type>type).context is not ctx:
        raise ValueError("func.func: type belongs to another Context")
    _add_named(st, "sym_name", _string_attr_handle(ctx, name))
    _add_named(st, "function_type", mlirTypeAttrGet((<Type>type).c_type))
    if visibility is not None:
        _add_named(st, "sym_visibility", _string_attr_handle(ctx, visibility))
    st.add_regions(1)
    return st.finish(target, ip)


from mlir._mlir_libs.capi.ir cimport (
    MlirBlock, mlirBlockIsNull, mlirOperationGetRegion,
    mlirRegionGetFirstBlock, mlirBlockGetNumArguments, mlirBlockGetArgument,
)
from mlir._mlir_libs._ir cimport wrap_block, Region, Block
from mlir._mlir_libs.capi.ir cimport mlirBlockGetNextInRegion
from mlir._mlir_libs.capi.builtin_types cimport (
    mlirTypeIsAShaped, mlirShapedTypeGetElementType)


cdef MlirBlock _first_block(Operation op, str message) except *:
    """The first block of op's first region; IndexError(`message`) when
    that region has none."""
    cdef MlirOperation h = op_handle(op)
    if mlirOperationGetNumRegions(h) == 0:
        raise IndexError("region index out of range")
    cdef MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(h, 0))
    if mlirBlockIsNull(b):
        raise IndexError(message)
    return b


cdef object _entry_block_of(Operation op, str message):
    return wrap_block(op_primary(op), _first_block(op, message))


def _entry_block(Operation op not None, str message):
    """The first block of `op`'s first region (as op.regions[0].blocks[0]);
    IndexError(`message`) when that region has no block."""
    return _entry_block_read(op, message)


cdef object _entry_block_read(Operation op, str message):
    if not READ_SCOPES:
        return _entry_block_of(op, message)
    cdef int rt = ir_read_enter(op.context)
    try:
        return _entry_block_of(op, message)
    finally:
        ir_read_exit(op.context, rt)


cdef object _entry_block_argument_of(Operation op, intptr_t i):
    cdef MlirBlock b = _first_block(op, "block index out of range")
    if i < 0 or i >= mlirBlockGetNumArguments(b):
        raise IndexError("block argument index out of range")
    return wrap_value(op_primary(op), mlirBlockGetArgument(b, i))


def _entry_block_argument(Operation op not None, intptr_t i):
    """Argument i of the first block of `op`'s first region (as
    op.regions[0].blocks[0].arguments[i], with its IndexErrors), without
    the region, block and list objects in between."""
    if not READ_SCOPES:
        return _entry_block_argument_of(op, i)
    cdef int rt = ir_read_enter(op.context)
    try:
        return _entry_block_argument_of(op, i)
    finally:
        ir_read_exit(op.context, rt)


# -- region decorators (mlir.extras.meta), compiled --------------------------

def _op_region_builder(op, op_region, terminator=None):
    """Upstream's mlir.extras.meta.op_region_builder: a decorator whose
    function fills `op_region` of `op`. When the region has no block yet,
    its first block is created with one argument per parameter of the
    function, typed by the parameter's annotation (which must be a Type).
    The function runs with that block as insertion point and gets its
    arguments; what it returns (None, a value, or a tuple / list of values)
    goes to `terminator` as a list, built at the end of the region's last
    block. The decorator evaluates to the op's result(s), or the op."""
    def wrapper(body_builder):
        return _fill_region(op, op_region, terminator, body_builder)
    return wrapper


cdef object _annotated_entry_block(op, op_region, body_builder):
    import inspect
    sig = inspect.signature(body_builder)
    types = [p.annotation for p in sig.parameters.values()]
    for p, t in zip(sig.parameters.values(), types):
        if not isinstance(t, Type):
            # Upstream's text, then which parameter.
            raise ValueError(
                f"for {body_builder=} either missing a type "
                f"annotation or type annotation isn't a mlir type: "
                f"{sig} ({op.name}: parameter '{p.name}' needs an "
                f"MLIR Type as annotation)")
    op_region.blocks.append(*types)


cdef object _end_block_of(Region r, bint last):
    """The first (or last) block of r, or None when it has none."""
    r.check()
    cdef MlirBlock b = mlirRegionGetFirstBlock(r.c_region)
    cdef MlirBlock nxt
    if mlirBlockIsNull(b):
        return None
    if last:
        nxt = mlirBlockGetNextInRegion(b)
        while not mlirBlockIsNull(nxt):
            b = nxt
            nxt = mlirBlockGetNextInRegion(b)
    return wrap_block(r.parent, b)


cdef object _end_block(object region, bint last):
    """region.blocks[0], or region.blocks[len(region.blocks) - 1] when
    `last`, found in C for a Region (the block list's IndexError when
    there is none)."""
    cdef object b = None
    cdef int rt
    if type(region) is Region:
        rt = ir_read_enter((<Region>region).parent.context) if READ_SCOPES \
            else 0
        try:
            b = _end_block_of(<Region>region, last)
        finally:
            ir_read_exit((<Region>region).parent.context, rt)
    if b is None:
        blocks = region.blocks
        b = blocks[len(blocks) - 1] if last else blocks[0]
    return b


cdef tuple _arguments_of(object block):
    """tuple(block.arguments), made in C for a Block."""
    if type(block) is not Block:
        return tuple(block.arguments)
    cdef Block blk = <Block>block
    cdef int rt = ir_read_enter(blk.parent.context) if READ_SCOPES else 0
    cdef intptr_t i, n
    try:
        blk.check()
        n = mlirBlockGetNumArguments(blk.c_block)
        return tuple([wrap_value(blk.parent, mlirBlockGetArgument(
            blk.c_block, i)) for i in range(n)])
    finally:
        ir_read_exit(blk.parent.context, rt)


cdef object _fill_region(op, op_region, terminator, body_builder):
    if len(op_region.blocks) == 0:
        _annotated_entry_block(op, op_region, body_builder)
    entry = _end_block(op_region, False)
    with _InsertionPoint(entry):
        results = body_builder(*_arguments_of(entry))
    if terminator is not None:
        with _InsertionPoint(_end_block(op_region, True)):
            if results is None:
                values = []
            elif isinstance(results, (tuple, list)):
                values = list(results)
            else:
                values = [results]
            terminator(values)
    return get_op_result_or_op_results(op)


def _region_op(op_constructor, terminator=None):
    """Upstream's mlir.extras.meta.region_op: `name(*args, **kwargs)` builds
    the op and returns a decorator; the decorated function is its body,
    called with the arguments of the region's first block (created from
    the function's parameter annotations, which must be Types, when the
    region has no block yet); what it returns goes to `terminator` (as a
    list) when one is given. The decorator returns the op's result(s), or
    the op. Used bare (`@name`), the op is built without arguments."""

    def op_decorator(*args, **kwargs):
        op = op_constructor(*args, **kwargs)
        return _op_region_builder(op, op.regions[0], terminator)

    def maybe_no_args(*args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]) \
                and not isinstance(args[0], (Value, Operation, Type,
                                             Attribute)):
            return op_decorator()(args[0])
        return op_decorator(*args, **kwargs)

    maybe_no_args.__name__ = getattr(op_constructor, "__name__", "region_op")
    maybe_no_args.__doc__ = _region_op.__doc__
    return maybe_no_args


cdef object _InsertionPoint = _ir.InsertionPoint


def _tensor_result_types(outputs):
    """The result types of a structured op with `outputs` as its inits:
    [o.type for o in outputs] when outputs[0]'s type is a ranked tensor
    type, else []."""
    if not isinstance(outputs[0].type, _ir.RankedTensorType):
        return []
    return [o.type for o in outputs]


cdef object _element_type_of(object v):
    """v.type.element_type, read in C for a Value of a shaped type."""
    cdef MlirType t
    cdef Context ctx
    cdef int rt
    if isinstance(v, Value) and (<Value>v).parent is not None:
        ctx = (<Value>v).parent.context
        rt = ir_read_enter(ctx) if READ_SCOPES else 0
        try:
            t = mlirValueGetType((<Value>v).handle())
            if mlirTypeIsAShaped(t):
                return wrap_type(ctx, mlirShapedTypeGetElementType(t))
        finally:
            ir_read_exit(ctx, rt)
    return v.type.element_type


cdef object _append_element_type_block(Operation op, inputs, outputs):
    """Appends to op's first region a block with one argument per value of
    `inputs`, then of `outputs`: the element type of the value's (shaped)
    type, as op.regions[0].blocks.append(*[v.type.element_type for v in
    ...]); returns the block."""
    types = [_element_type_of(v) for v in inputs]
    types += [_element_type_of(v) for v in outputs]
    return _append_first_region_block(op, types, None)


cdef object _append_first_region_block(Operation op, types, arg_locs):
    """op.regions[0].blocks.append(*types, arg_locs=arg_locs), without the
    region and block-list objects in between."""
    cdef Operation o = op_primary(op)
    cdef MlirOperation h = op_handle(o)
    if mlirOperationGetNumRegions(h) == 0:
        raise IndexError("region index out of range")
    return region_append_block(
        wrap_region(o, mlirOperationGetRegion(h, 0)), types, arg_locs)


# -- linalg's structured-op helpers, compiled --------------------------------

cdef object _generic_base = None
cdef object _fill_builtin_region = None


def _set_linalg_bases(generic_init, fill_builtin_region):
    """mlir.dialects.linalg hands over the generated GenericOp's __init__
    and its native fill_builtin_region."""
    global _generic_base, _fill_builtin_region
    _generic_base = generic_init
    _fill_builtin_region = fill_builtin_region


def _linalg_generic_op_init(self, inputs=_REQ, outputs=_REQ,
                            indexing_maps=_REQ, iterator_types=_REQ, *extra,
                            doc=_REQ, library_call=_REQ, loc=_REQ, ip=_REQ):
    """linalg.GenericOp_(inputs, outputs, indexing_maps, iterator_types):
    linalg.generic with its block (one argument per input and output
    element type) created; results are the outputs' types when they are
    tensors."""
    if iterator_types is _REQ or extra:
        _python_argument_error(
            "GenericOp_.__init__",
            ("inputs", "outputs", "indexing_maps", "iterator_types"),
            (inputs, outputs, indexing_maps, iterator_types), 1, 0, extra,
            (doc is not _REQ) + (library_call is not _REQ)
            + (loc is not _REQ) + (ip is not _REQ))
    result_types = _tensor_result_types(outputs)
    if doc is _REQ and library_call is _REQ and loc is _REQ and ip is _REQ:
        # (the common call, without keyword arguments to bind)
        _generic_base(self, result_types, inputs, outputs, indexing_maps,
                      iterator_types)
    else:
        _generic_base(self, result_types, inputs, outputs, indexing_maps,
                      iterator_types,
                      doc=None if doc is _REQ else doc,
                      library_call=None if library_call is _REQ
                      else library_call,
                      loc=None if loc is _REQ else loc,
                      ip=None if ip is _REQ else ip)
    _append_element_type_block(<Operation?>self, inputs, outputs)


cdef tuple _single_init(outs):
    """(init, result types) of a structured op with the one output `outs`:
    the result types are [init.type] for a ranked tensor, else []."""
    if len(outs) > 1:
        raise ValueError(f"{outs=} must have length 1.")
    init = get_op_result_or_value(outs[0])
    t = init.type
    return init, ([t] if isinstance(t, _ir.RankedTensorType) else [])


def _linalg_single_init(outs):
    """(init, result types) of a structured op with the one output
    `outs[0]`: ValueError for more outputs; the result types are
    [init.type] for a ranked tensor, else []."""
    return _single_init(outs)


def _linalg_matmul_like_op(op_type, tuple ins, outs, indexing_maps, cast):
    """op_type (a matmul-like linalg op class) of the operands `ins` into
    outs[0], with its body; returns the op."""
    values = [get_op_result_or_value(i) for i in ins]
    init, result_types = _single_init(outs)
    if indexing_maps is None and cast is None:
        op = op_type(result_types, values, [init])
    else:
        op = op_type(result_types, values, [init],
                     indexing_maps=indexing_maps, cast=cast)
    _fill_builtin_region(op)
    return op


def _linalg_unary_op(op_type, input, outs, attribute):
    """op_type (linalg.transpose or linalg.broadcast) of `input` into
    outs[0] with `attribute` (the permutation or the dimensions), with its
    body; returns the op."""
    value = get_op_result_or_value(input)
    init, result_types = _single_init(outs)
    op = op_type(result_types, value, init, attribute)
    _fill_builtin_region(op)
    return op



# -- upstream's Python functions, compiled ------------------------------------
#
# Upstream's dialect modules define these in Python; here each is a
# compiled function that the module installs under upstream's name (with
# _take_signature), so that building IR runs no Python frame. Required
# positionals default to _REQ, so that argument errors are worded as
# CPython words them for the Python function.

cdef int _python_argument_error(str fn, tuple names, tuple values,
                                Py_ssize_t n_self, Py_ssize_t optional,
                                tuple extra, Py_ssize_t kwonly) except -1:
    """Raises CPython's TypeError for a call of the Python function `fn`
    (its qualified name) whose required positional parameters `names`
    (after `n_self` for self, followed by `optional` ones with defaults)
    got `values` (_REQ: not given) and `extra` positionals too many, with
    `kwonly` keyword-only arguments given."""
    if extra:
        _ods_too_many(fn, n_self + len(names) + optional, extra, kwonly,
                      optional)
    _missing_positionals(fn, [n for n, v in zip(names, values)
                              if v is _REQ])


def get_op_result_or_value(arg):
    """The given Value, or the single result of the given operation (an
    OpResultList gives its first result); AssertionError for anything
    else, as upstream's."""
    if isinstance(arg, Operation):
        return arg.result
    if isinstance(arg, _ir.OpResultList):
        return arg[0]
    if not isinstance(arg, Value):
        raise AssertionError(f"expects Value, got {type(arg)}")
    return arg


def get_op_results_or_values(arg):
    """The results of the given operation, or else `arg` itself (a
    sequence of values or operations), as upstream's."""
    if isinstance(arg, Operation):
        return arg.results
    return arg


def _op_values(arg):
    """A list of Values from an operation's results, or from a sequence of
    Values / single-result operations (each converted; TypeError for
    anything else)."""
    if isinstance(arg, Operation):
        return arg.results
    if isinstance(arg, _ir.OpResultList):
        return arg
    return [_op_value(a) for a in arg]


def _value_of(arg, str opname=None, str what=None):
    """A Value from a Value, or from an operation (view) with one result;
    TypeError for anything else, ValueError for another number of results.
    With `opname` and `what` (the op and its argument), the error's text
    starts with them: "pdl.operation: args[1]: ..."."""
    if opname is None:
        return _op_value(arg)
    try:
        return _op_value(arg)
    except (TypeError, ValueError) as e:
        raise type(e)(f"{opname}: {what}: {e}") from None


cdef object _op_value(arg):
    """A Value from a Value, or from an operation (view) with one result;
    TypeError for anything else."""
    if isinstance(arg, Value):
        return arg
    if isinstance(arg, Operation):
        return arg.result
    if isinstance(arg, _ir.OpResultList):
        if len(arg) != 1:
            raise ValueError(f"expected one result, got {len(arg)}")
        return arg[0]
    raise TypeError(f"expected a Value or a single-result operation, got "
                    f"{type(arg).__name__}")


def get_op_result_or_op_results(op):
    """An op's only result, its results when several, or (no results) the
    op itself as an Operation (an OpView gives its `.operation`)."""
    results = op.results
    cdef Py_ssize_t n = len(results)
    if n == 1:
        return results[0]
    if n > 1:
        return results
    if isinstance(op, _ir.OpView):
        return op.operation
    return op


def _tensor_empty_value(sizes=_REQ, element_type=_REQ, *extra,
                        encoding=_REQ, loc=_REQ, ip=_REQ):
    """tensor.empty(sizes, element_type, *, encoding=None): builds
    tensor.empty (see EmptyOp) and returns its result."""
    if element_type is _REQ or extra:
        _python_argument_error(
            "empty", ("sizes", "element_type"), (sizes, element_type), 0, 0,
            extra, (encoding is not _REQ) + (loc is not _REQ)
            + (ip is not _REQ))
    op = _tensor_empty(None, sizes, element_type,
                       None if encoding is _REQ else encoding,
                       None if loc is _REQ else loc,
                       None if ip is _REQ else ip)
    return wrap_value(op_primary(<Operation>op),
                      mlirOperationGetResult((<Operation>op).c_op, 0))


# -- scf.ForOp and func.FuncOp, compiled -------------------------------------

from mlir._mlir_libs._ir cimport region_append_block, wrap_region
from mlir._mlir_libs.capi.ir cimport mlirOperationGetRegion

cdef object _scf_for_base = None


def _set_scf_for_base(init):
    """mlir.dialects.scf hands over the generated scf.ForOp's __init__,
    which _scf_for_op_init builds the op with."""
    global _scf_for_base
    _scf_for_base = init


def _scf_for_op_init(self, lower_bound=_REQ, upper_bound=_REQ, step=_REQ,
                     iter_args=None, *extra, loc=_REQ, ip=_REQ):
    """scf.ForOp(lower_bound, upper_bound, step, iter_args=None): the loop
    op, with one result per iter_arg, and its body block (the induction
    variable, of lower_bound's type, then one argument per iter_arg)."""
    # (loc and ip default to _REQ, so that a too-many error counts those
    # given, as CPython's does)
    if step is _REQ or extra:
        _python_argument_error(
            "ForOp.__init__", ("lower_bound", "upper_bound", "step"),
            (lower_bound, upper_bound, step), 1, 1, extra,
            (loc is not _REQ) + (ip is not _REQ))
    cdef list results
    if iter_args is None:
        # The common loop without iter_args: no lists to convert.
        iter_args, results = [], []
    elif isinstance(iter_args, Value):
        raise TypeError(f"'{type(iter_args).__name__}' object is not "
                        "iterable: scf.for's iter_args must be a list of "
                        "Values or an operation producing them")
    else:
        iter_args = list(_op_values(iter_args))
        results = [a.type for a in iter_args]
    if loc is _REQ and ip is _REQ:
        _scf_for_base(self, results, lower_bound, upper_bound, step,
                      iter_args)
    else:
        _scf_for_base(self, results, lower_bound, upper_bound, step,
                      iter_args, loc=None if loc is _REQ else loc,
                      ip=None if ip is _REQ else ip)
    iv = lower_bound if isinstance(lower_bound, Value) \
        else _op_value(lower_bound)
    _append_first_region_block(<Operation?>self, [iv.type, *results], None)


def _func_op_init(self, name=_REQ, type=_REQ, *extra, visibility=_REQ,
                  body_builder=_REQ, loc=_REQ, ip=_REQ):
    """func.FuncOp(name, type, *, visibility=None, body_builder=None): a
    func.func named `name` of `type` (a FunctionType, or (inputs,
    results)); with `body_builder`, its entry block is added and
    body_builder(op) called with the insertion point there."""
    # (keyword-only parameters default to _REQ, so that a too-many error
    # counts those given, as CPython's does)
    if type is _REQ or extra:
        _python_argument_error(
            "FuncOp.__init__", ("name", "type"), (name, type), 1, 0, extra,
            (visibility is not _REQ) + (body_builder is not _REQ)
            + (loc is not _REQ) + (ip is not _REQ))
    _func_op_build(self, name, type,
                   None if visibility is _REQ else visibility,
                   None if loc is _REQ else loc, None if ip is _REQ else ip)
    if body_builder is not _REQ and body_builder is not None:
        with _ir.InsertionPoint(self.add_entry_block()):
            body_builder(self)


def _func_arguments(Operation self not None):
    """FuncOp.arguments: the entry block's arguments (IndexError for an
    external function)."""
    return _entry_block_read(self, "External function does not have a "
                             "body").arguments


def _func_type(Operation self not None):
    """FuncOp.type: the function's type (its function_type attribute's
    value)."""
    return _type_attr_value(self.function_type)


def _loop_body(Operation self not None):
    """The body block of a loop op (scf.for, affine.for): its first
    region's first block."""
    return _entry_block_read(self, "block index out of range")


def _loop_induction_variable(Operation self not None):
    """The induction variable of a loop op: its body's first argument."""
    return _entry_block_argument(self, 0)


def _func_add_entry_block(Operation self not None, arg_locs=None):
    """FuncOp.add_entry_block: appends the entry block, with one argument
    per input of the function's type (at `arg_locs`, else at the current
    Location), and returns it; IndexError if there is one already."""
    cdef MlirOperation h = op_handle(op_primary(self))
    if mlirOperationGetNumRegions(h) == 0:
        raise IndexError("region index out of range")
    if not mlirBlockIsNull(mlirRegionGetFirstBlock(
            mlirOperationGetRegion(h, 0))):
        raise IndexError("The function already has an entry block!")
    inputs, _ = _function_type_io(self.type)
    return _append_first_region_block(self, inputs, arg_locs)


# Classes named as upstream names its own (messages quote the bare name).
from mlir._mlir_libs._ir import _settle_classes as _settle
_settle(globals(), __name__)
del _settle
