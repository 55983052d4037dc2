# Dialects defined at run time (mlir.dialects.ext): private entry points
# over csrc's Extensible.h. A dialect's types and attributes are MLIR's
# dynamic types and attributes; its operations have traits and a verifier
# written in Python.

from mlir._mlir_libs.capi.mlir_cython.extensible cimport *


cdef bytes _ext_name(object name, str what):
    if not isinstance(name, str) or not name:
        raise ValueError(f"{what} must be a non-empty str, not {name!r}")
    return name.encode("utf-8")


def _ext_load_dialect(str namespace not None, context=None):
    """Loads the dynamic dialect `namespace` into the context (created empty
    the first time); RuntimeError if a dialect of that name that is not
    defined in Python is loaded or registered there."""
    cdef Context ctx = resolve_context(context)
    cdef bytes ns = _ext_name(namespace, "the dialect name")
    if not mlirCyDynamicDialectLoad(ctx.c_context, str_ref(ns)):
        raise RuntimeError(f"a dialect named '{namespace}' that is not "
                           "defined in Python exists in this context")


def _ext_define_type(str namespace not None, str name not None, context=None,
                     bint attribute=False):
    """Defines type (or attribute) `name` in the loaded dynamic dialect
    (unless it has it); returns the TypeID of its instances."""
    cdef Context ctx = resolve_context(context)
    cdef bytes ns = _ext_name(namespace, "the dialect name")
    cdef bytes n = _ext_name(name, "the name")
    cdef MlirTypeID tid
    cdef bint ok
    if attribute:
        ok = mlirCyDynamicDialectAddAttr(ctx.c_context, str_ref(ns),
                                         str_ref(n), &tid)
    else:
        ok = mlirCyDynamicDialectAddType(ctx.c_context, str_ref(ns),
                                         str_ref(n), &tid)
    if not ok:
        raise RuntimeError(f"dialect '{namespace}' is not loaded")
    return wrap_typeid(tid)


cdef vector[MlirAttribute] _ext_params(Context ctx, object params) except *:
    cdef vector[MlirAttribute] out
    for p in params:
        if not isinstance(p, Attribute):
            raise TypeError("parameters must be Attributes (a Type as a "
                            f"TypeAttr), not {type(p).__name__}")
        if (<Attribute>p).context is not ctx:
            raise ValueError("a parameter belongs to another context")
        out.push_back((<Attribute>p).c_attr)
    return out


cdef object _dynamic_instance(Context ctx, bytes ns, bytes name, params,
                              bint attribute):
    """The dynamic type (or attribute) `ns.name` of `params`
    (Attributes), or None when ctx's dialect `ns` defines no such one."""
    cdef vector[MlirAttribute] ps = _ext_params(ctx, params)
    cdef MlirAttribute a
    cdef MlirType t
    if attribute:
        a = mlirCyDynamicAttrGet(ctx.c_context, str_ref(ns), str_ref(name),
                                 ps.size(), ps.data())
        return None if a.ptr == NULL else wrap_attribute(ctx, a)
    t = mlirCyDynamicTypeGet(ctx.c_context, str_ref(ns), str_ref(name),
                             ps.size(), ps.data())
    return None if t.ptr == NULL else wrap_type(ctx, t)


cdef object _ext_get(str namespace, str name, params, object context,
                     bint attribute):
    cdef Context ctx = resolve_context(context)
    got = _dynamic_instance(ctx, _ext_name(namespace, "the dialect name"),
                            _ext_name(name, "the name"), params, attribute)
    if got is None:
        raise RuntimeError(f"{'attribute' if attribute else 'type'} "
                           f"'{namespace}.{name}' is not defined in this "
                           "context (load its dialect first)")
    return got


def _ext_get_type(str namespace not None, str name not None, params,
                  context=None):
    """The type `namespace.name` with `params` (Attributes)."""
    return _ext_get(namespace, name, params, context, False)


def _ext_get_attr(str namespace not None, str name not None, params,
                  context=None):
    """The attribute `namespace.name` with `params` (Attributes)."""
    return _ext_get(namespace, name, params, context, True)


def _ext_params_of(obj):
    """The parameters of a type or attribute of a dialect defined in
    Python, as a list of Attributes."""
    cdef intptr_t i, n
    if isinstance(obj, Type):
        if not mlirCyTypeIsADynamicType((<Type>obj).c_type):
            raise ValueError(f"{obj} is not a type of a dialect defined in "
                             "Python")
        n = mlirCyDynamicTypeGetNumParams((<Type>obj).c_type)
        return [wrap_attribute((<Type>obj).context,
                               mlirCyDynamicTypeGetParam((<Type>obj).c_type, i))
                for i in range(n)]
    if isinstance(obj, Attribute):
        if not mlirCyAttributeIsADynamicAttr((<Attribute>obj).c_attr):
            raise ValueError(f"{obj} is not an attribute of a dialect "
                             "defined in Python")
        n = mlirCyDynamicAttrGetNumParams((<Attribute>obj).c_attr)
        return [wrap_attribute(
                    (<Attribute>obj).context,
                    mlirCyDynamicAttrGetParam((<Attribute>obj).c_attr, i))
                for i in range(n)]
    raise TypeError(f"expected a Type or an Attribute, not "
                    f"{type(obj).__name__}")


cdef object _ext_borrowed_lock = threading.RLock()


cdef object _call_on_op(Context ctx, MlirOperation op, object fn,
                        bint opview):
    """fn(the object of `op`, as its OpView class if `opview`), for Python
    code MLIR calls with an operation (verifiers, interfaces)."""
    cdef MlirOperation top = _top_of(op)
    # IR that no Python object owns (the parser's, before it makes the
    # module; a pass's detached ops): objects made here must not take
    # ownership of it. A non-owning object of its top anchors them; all are
    # dropped after.
    if live_module(top.ptr) is not None or live_get(ctx, top.ptr) is not None:
        obj = wrap_operation_any(ctx, op)
        return fn(as_opview(op_primary(obj)) if opview else obj)
    # One at a time: MLIR may verify in parallel, and the objects of one
    # call must not be dropped under another.
    with _ext_borrowed_lock:
        anchor = wrap_operation(ctx, top, ctx)
        try:
            obj = wrap_operation_any(ctx, op)
            return fn(as_opview(op_primary(obj)) if opview else obj)
        finally:
            obj = None
            ctx.invalidate_nested(top, True)
            del anchor


cdef MlirLogicalResult _ext_verify(MlirOperation op, void* user) noexcept with gil:
    cdef Context ctx
    cdef bytes msg = None
    try:
        ctx = context_for_handle(mlirOperationGetContext(op))
        problem = _call_on_op(ctx, op, <object>user, False)
        if problem is None:
            return mlirLogicalResultSuccess()
        msg = str(problem).encode("utf-8")
        mlirEmitError(mlirOperationGetLocation(op), msg)
    except BaseException as e:
        _emit_callback_error(op, "the verifier", e)
    return mlirLogicalResultFailure()


cdef void _emit_callback_error(MlirOperation op, str what,
                               object e) noexcept:
    """Reports an exception of Python code MLIR called for `op` as an error
    diagnostic on it: '<what> raised <type>: <message>'."""
    try:
        msg = f"{what} raised {type(e).__name__}: {e}".encode("utf-8")
        mlirEmitError(mlirOperationGetLocation(op), msg)
    except BaseException:
        pass


def _ext_define_op(str namespace not None, str name not None, traits,
                   verifier, context=None):
    """Defines operation `name` in the loaded dynamic dialect, with the
    traits (classes naming a TypeID in `_trait_typeid`) and `verifier`:
    verifier(op) returns None when op is valid, else the error message.
    RuntimeError if the name is registered already."""
    cdef Context ctx = resolve_context(context)
    cdef bytes ns = _ext_name(namespace, "the dialect name")
    cdef bytes n = _ext_name(name, "the name")
    cdef vector[MlirTypeID] ids
    for t in traits:
        ids.push_back(trait_typeid(t).c_typeid)
    if not callable(verifier):
        raise TypeError("verifier must be callable")
    Py_INCREF(verifier)
    if not mlirCyDynamicDialectAddOp(ctx.c_context, str_ref(ns), str_ref(n),
                                     ids.size(), ids.data(), _ext_verify,
                                     <void*>verifier, _decref_user):
        Py_DECREF(verifier)
        raise RuntimeError(f"operation '{namespace}.{name}' is already "
                           "registered in this context (or its dialect is "
                           "not loaded)")


cdef tuple _split_full_name(object full_name, str what):
    """(dialect bytes, name bytes) of 'dialect.name'."""
    if not isinstance(full_name, str):
        raise TypeError(f"{what} must be a str, not {type(full_name).__name__}")
    ns, dot, name = full_name.partition(".")
    if not dot or not ns or not name:
        raise ValueError(f"{what} must be 'dialect.name', not {full_name!r}")
    return ns.encode("utf-8"), name.encode("utf-8")


cdef object _dynamic_get(object full_name, object params, object context,
                         bint attribute):
    """DynamicType.get / DynamicAttr.get."""
    cdef str what = "attribute" if attribute else "type"
    cdef Context ctx = resolve_context(context)
    cdef bytes ns, name
    ns, name = _split_full_name(
        full_name, "full_attr_name" if attribute else "full_type_name")
    got = _dynamic_instance(ctx, ns, name, params, attribute)
    if got is None:
        raise ValueError(f"no dynamic {what} '{full_name}' in this context")
    return got


cdef object _lookup_typeid(object full_name, object context, bint attribute,
                           str what):
    cdef Context ctx = resolve_context(context)
    cdef bytes ns, name
    ns, name = _split_full_name(full_name, what)
    cdef MlirTypeID tid
    if not mlirCyDynamicLookupTypeID(ctx.c_context, str_ref(ns),
                                     str_ref(name), attribute, &tid):
        raise ValueError(f"no dynamic {'attribute' if attribute else 'type'} "
                         f"'{full_name}' in this context")
    return wrap_typeid(tid)


cdef class DynamicType(Type):
    """A type of a dialect defined at run time (MLIR's DynamicType: IRDL
    or mlir.dialects.ext), with its parameters as attributes."""

    @staticmethod
    def isinstance(other):
        """Whether `other` is a dynamic type."""
        return isinstance(other, Type) and \
            mlirCyTypeIsADynamicType((<Type>other).c_type)

    @staticmethod
    def get(full_type_name: str, attributes: Sequence[Attribute],
            context=None) -> DynamicType:
        """The dynamic type `full_type_name` ('dialect.name') with the
        parameters `attributes`; ValueError if its dialect defines no such
        type in the context."""
        return _dynamic_get(full_type_name, attributes, context, False)

    @property
    def params(self) -> list[Attribute]:
        """The type's parameters (a list of Attribute)."""
        return _ext_params_of(self)

    @property
    def type_name(self) -> str:
        """The type's full name, 'dialect.name'."""
        return (from_ref(mlirDialectGetNamespace(mlirTypeGetDialect(
            self.c_type))) + "." + from_ref(mlirCyDynamicTypeGetName(
                self.c_type)))

    @staticmethod
    def lookup_typeid(full_type_name: str, context=None) -> TypeID:
        """The TypeID of the dynamic types `full_type_name` (their
        definition's) in the context; ValueError if there is none."""
        return _lookup_typeid(full_type_name, context, False,
                              "full_type_name")


cdef class DynamicAttr(Attribute):
    """An attribute of a dialect defined at run time (MLIR's DynamicAttr:
    IRDL or mlir.dialects.ext), with its parameters as attributes."""

    @staticmethod
    def isinstance(other):
        """Whether `other` is a dynamic attribute."""
        return isinstance(other, Attribute) and \
            mlirCyAttributeIsADynamicAttr((<Attribute>other).c_attr)

    @staticmethod
    def get(full_attr_name: str, attributes: Sequence[Attribute],
            context=None) -> DynamicAttr:
        """The dynamic attribute `full_attr_name` ('dialect.name') with the
        parameters `attributes`; ValueError if its dialect defines no such
        attribute in the context."""
        return _dynamic_get(full_attr_name, attributes, context, True)

    @property
    def params(self) -> list[Attribute]:
        """The attribute's parameters (a list of Attribute)."""
        return _ext_params_of(self)

    @property
    def attr_name(self) -> str:
        """The attribute's full name, 'dialect.name'."""
        return (from_ref(mlirDialectGetNamespace(mlirAttributeGetDialect(
            self.c_attr))) + "." + from_ref(mlirCyDynamicAttrGetName(
                self.c_attr)))

    @staticmethod
    def lookup_typeid(full_attr_name: str, context=None) -> TypeID:
        """The TypeID of the dynamic attributes `full_attr_name` (their
        definition's) in the context; ValueError if there is none."""
        return _lookup_typeid(full_attr_name, context, True, "full_attr_name")
