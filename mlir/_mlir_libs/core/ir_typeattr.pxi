# TypeID, Type, Attribute, NamedAttribute: the context-owned value classes
# that concrete types and attributes (ir_types.pxi, ir_attributes.pxi)
# derive from, and the TypeID -> class casters that make every type and
# attribute coming out of the API its concrete class.

cdef dict _type_casters = {}        # TypeID -> callable(Type) -> Type
cdef dict _attribute_casters = {}   # TypeID -> callable(Attribute) -> Attribute


# The same registries as C++ maps keyed by the TypeID pointer, for the hot
# path (wrap_type / wrap_attribute): no TypeID object, no dict lookup. The
# dicts above own the callables; the maps borrow them and are updated
# together with the dicts. `cls` is set for the builtin concrete classes,
# which are instantiated directly instead of calling the caster; `choose`
# for builtin TypeIDs shared by several classes (dense elements, dense
# arrays): it returns the class for a handle, borrowed.
ctypedef PyObject* (*_ChooseClass)(MlirAttribute) noexcept

cdef struct _Caster:
    PyObject* fn
    PyObject* cls
    _ChooseClass choose

cdef unordered_map[uintptr_t, _Caster] _type_caster_map
cdef unordered_map[uintptr_t, _Caster] _attribute_caster_map
cdef tuple _empty_args = ()


cdef extern from "Python.h":
    object PyNumber_Index(object o)


cdef object _index_arg(object v, str what):
    """v as a Python int, as operator.index(v) (ints, bools, numpy
    integers); TypeError naming the argument otherwise. Every integer
    parameter goes through this before a C conversion: Cython's own
    conversion to a C integer would truncate a float."""
    if PyLong_CheckExact(v):
        return v
    try:
        return PyNumber_Index(v)
    except TypeError:
        raise _argument_type_error(f"{what} must be an int, not "
                        f"{type(v).__name__}") from None


cdef inline object _new_instance(PyObject* cls):
    """cls() without running __init__ (cls is an extension type)."""
    return mlircy_new_instance(<PyTypeObject*>cls, <PyObject*>_empty_args)


# Every caster and class ever registered, kept alive: the maps' borrowed
# pointers stay valid for a thread that read them just before another
# thread replaced the registration (register_*_caster(replace=True)).
cdef list _caster_keepalive = []


cdef int _set_caster(unordered_map[uintptr_t, _Caster]& m, dict d,
                     TypeID typeid, object fn, object cls) except -1:
    cdef _Caster c
    d[typeid] = (fn, cls)
    _caster_keepalive.append((fn, cls))
    c.fn = <PyObject*>fn
    c.cls = <PyObject*>cls if cls is not None else NULL
    c.choose = NULL
    with cython.critical_section(_registry_lock):
        m[<uintptr_t>typeid.c_typeid.ptr] = c
    return 0


cdef int _register_chooser(TypeID typeid, object base,
                           _ChooseClass choose) except -1:
    """Registers a builtin attribute TypeID shared by several classes:
    `choose` picks the class of each handle (NULL: `base`'s caster)."""
    _set_caster(_attribute_caster_map, _attribute_casters, typeid, base, None)
    with cython.critical_section(_registry_lock):
        _attribute_caster_map[<uintptr_t>typeid.c_typeid.ptr].choose = choose
    return 0


cdef bint _find_caster(unordered_map[uintptr_t, _Caster]& m, uintptr_t tid,
                       _Caster* out) noexcept:
    """Copies the caster of a TypeID pointer into *out; False if none."""
    cdef bint found = False
    with cython.critical_section(_registry_lock):
        it = m.find(tid)
        if it != m.end():
            out[0] = deref(it).second
            found = True
    return found


@cython.final
cdef class TypeID:
    """Identity of a type, attribute or operation class."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "TypeIDs are obtained from types, attributes and "
                              "operations")

    def __eq__(self, other):
        if not isinstance(other, TypeID):
            return NotImplemented
        return mlirTypeIDEqual(self.c_typeid, (<TypeID>other).c_typeid)

    def __hash__(self):
        return mlirTypeIDHashValue(self.c_typeid)

    def __repr__(self):
        return f"TypeID({<uintptr_t>self.c_typeid.ptr:#x})"

    @property
    def _CAPIPtr(self):
        return mlirPythonTypeIDToCapsule(self.c_typeid)

    @staticmethod
    def _CAPICreate(capsule):
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_TYPEID)
        return wrap_typeid(mlirPythonCapsuleToTypeID(capsule))


cdef TypeID wrap_typeid(MlirTypeID t):
    if t.ptr == NULL:
        raise ValueError("null TypeID")
    cdef TypeID r = TypeID.__new__(TypeID)
    r.c_typeid = t
    return r


cdef str _print_type(MlirType t):
    cdef string buf
    mlirCyDeepTypePrint(t, append_to_string, &buf)
    return decode_string(buf)


cdef str _print_attribute(MlirAttribute a):
    cdef string buf
    mlirCyDeepAttributePrint(a, append_to_string, &buf)
    return decode_string(buf)


class _NoTypeID:
    """The `static_typeid` of a class that has no TypeID of its own (a
    base such as ShapedType, or a class sharing its kind's TypeID such as
    BoolAttr): reading it raises upstream's AttributeError."""

    def __get__(self, obj, cls):
        raise AttributeError(f"{cls.__name__} has no typeid.")


from types import GenericAlias as _GenericAlias


@cython.no_gc
@cython.freelist(32)
cdef class Type:
    """An MLIR type. Concrete subclasses (IntegerType, ...) accept a Type in
    their constructor and raise ValueError if it is of another kind."""

    @classmethod
    def __class_getitem__(cls, args):
        """`IntegerType[32]`: a type constraint naming an instance (as
        mlir.dialects.ext reads annotations)."""
        return _GenericAlias(cls, args)

    def __init__(self, cast_from_type: Type):
        if not isinstance(cast_from_type, Type):
            raise _argument_type_error(f"expected a Type, got {type(cast_from_type).__name__}")
        cdef Type other = <Type>cast_from_type
        check = getattr(type(self), "isinstance", None)
        if type(self) is not Type and check is not None and not check(other):
            raise ValueError(
                f"Cannot cast type to {type(self).__name__} (from Type({other}))")
        self.c_type = other.c_type
        self.context = other.context

    @staticmethod
    def parse(asm, context=None) -> Type:
        """Parses a type; raises MLIRError with MLIR's diagnostic."""
        asm = _str_param(asm, "asm")
        cdef Context ctx = resolve_context(context)
        cdef bytes b = asm.encode("utf-8")
        cdef MlirType t
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        cdef bint ran = mlirCyDeepTypeParseGet(ctx.c_context, str_ref(b), &t)
        cap.check(not ran or t.ptr != NULL, "Unable to parse type")
        if not ran:
            raise_too_deep("the type")
        return wrap_type(ctx, t)

    def __eq__(self, other):
        if not isinstance(other, Type):
            return NotImplemented
        return mlirTypeEqual(self.c_type, (<Type>other).c_type)

    def __hash__(self):
        return hash(<uintptr_t>self.c_type.ptr)

    def __str__(self):
        return _print_type(self.c_type)

    def __repr__(self):
        name = type(self).__name__
        return f"{name}({_print_type(self.c_type)})"

    def dump(self):
        """Prints the type to stderr, for debugging."""
        mlirTypeDump(self.c_type)

    @property
    def typeid(self) -> TypeID:
        """The TypeID of the type's class."""
        return wrap_typeid(mlirTypeGetTypeID(self.c_type))

    def maybe_downcast(self) -> Type:
        """This type as its registered concrete class (if any)."""
        return wrap_type(self.context, self.c_type)

    def __reduce__(self):
        return (_unpickle_type, (_print_type(self.c_type),))

    @property
    def _CAPIPtr(self):
        return mlirPythonTypeToCapsule(self.c_type)

    @staticmethod
    def _CAPICreate(capsule):
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_TYPE)
        cdef MlirType t = mlirPythonCapsuleToType(capsule)
        return wrap_type(context_for_handle(mlirTypeGetContext(t)), t)


# TypeIDs of types/attributes for which no caster was found even after
# their dialect's Python module was looked for: not looked for again.
cdef unordered_map[uintptr_t, bint] _caster_misses


cdef bint _load_dialect_of(uintptr_t typeid, MlirDialect dialect) except -1:
    """As upstream's caster lookup: on a miss, import the Python module of
    the dialect (mlir.dialects.<ns>, which registers its classes) once.
    True if something was imported, so the lookup is worth repeating."""
    cdef bint seen
    with cython.critical_section(_registry_lock):
        seen = _caster_misses.count(typeid) != 0
    if seen or dialect.ptr == NULL:
        return False
    ns = from_ref(mlirDialectGetNamespace(dialect))
    # Another thread may be importing the module right now: importing
    # waits for it (_import_dialect_module), so the lookup is repeated.
    imported = ns not in _dialect_modules and \
        _import_dialect_module(ns) is not None
    if ns in _dialect_modules:      # not when this thread's import re-entered
        with cython.critical_section(_registry_lock):
            _caster_misses[typeid] = True
    return imported


cdef Type wrap_type(Context context, MlirType t):
    """A type as its concrete registered class (plain Type if none)."""
    if t.ptr == NULL:
        raise ValueError("null type")
    cdef Type r
    cdef _Caster c
    cdef uintptr_t tid = <uintptr_t>mlirTypeGetTypeID(t).ptr
    cdef bint found = _find_caster(_type_caster_map, tid, &c)
    if not found and _load_dialect_of(tid, mlirTypeGetDialect(t)):
        found = _find_caster(_type_caster_map, tid, &c)
    if found and c.cls != NULL:
        r = <Type>_new_instance(c.cls)
        r.c_type = t
        r.context = context
        return r
    r = Type.__new__(Type)
    r.c_type = t
    r.context = context
    if found:
        return (<object>c.fn)(r)
    return r


cdef MlirType type_handle(object t, str what) except *:
    if not isinstance(t, Type):
        raise _argument_type_error(f"{what} must be a Type, not {type(t).__name__}")
    return (<Type>t).c_type


cdef object _register_caster(object typeid, object caster, bint replace,
                             str who):
    """As upstream, types and attributes share one caster registry: a
    caster registered for a TypeID (through either function) is the one
    types and attributes of that TypeID come out as, and registering twice
    needs replace=True."""
    if not isinstance(typeid, TypeID):
        raise TypeError(f"{who} needs a TypeID")

    def decorator(fn):
        if not callable(fn):
            raise TypeError(f"{who}: the caster must be callable")
        if (typeid in _type_casters or typeid in _attribute_casters) \
                and not replace:
            found = _type_casters.get(typeid, _attribute_casters.get(typeid))
            raise RuntimeError(f"Type caster is already registered with "
                               f"caster: {found}")
        _set_caster(_type_caster_map, _type_casters, typeid, fn, None)
        _set_caster(_attribute_caster_map, _attribute_casters, typeid, fn,
                    None)
        return fn
    if caster is not None:
        return decorator(caster)
    return decorator


def register_type_caster(typeid: TypeID,
                         caster: Callable[[Type], Type] | None = None, *,
                         replace: bool = False) -> Any:
    """Registers caster(Type) -> Type subclass for types of a TypeID; every
    type of that kind coming out of the API is then of that class. Usable as
    a decorator: @register_type_caster(MyType.static_typeid). Types and
    attributes share the registry (as upstream): an attribute TypeID
    registers an attribute caster."""
    return _register_caster(typeid, caster, replace, "register_type_caster")


@cython.no_gc
@cython.freelist(32)
cdef class Attribute:
    """An MLIR attribute. Concrete subclasses accept an Attribute in their
    constructor and raise ValueError if it is of another kind."""

    @classmethod
    def __class_getitem__(cls, args):
        """`IntegerAttr[...]`: an attribute constraint naming an instance
        (as mlir.dialects.ext reads annotations)."""
        return _GenericAlias(cls, args)

    def __init__(self, cast_from_attr: Attribute):
        if not isinstance(cast_from_attr, Attribute):
            raise _argument_type_error(
                f"expected an Attribute, got {type(cast_from_attr).__name__}")
        cdef Attribute other = <Attribute>cast_from_attr
        check = getattr(type(self), "isinstance", None)
        if type(self) is not Attribute and check is not None and not check(other):
            raise ValueError(
                f"Cannot cast attribute to {type(self).__name__} "
                f"(from Attribute({other}))")
        self.c_attr = other.c_attr
        self.context = other.context

    @staticmethod
    def parse(asm, context=None) -> Attribute:
        """Parses an attribute; raises MLIRError with MLIR's diagnostic."""
        asm = _str_param(asm, "asm")
        cdef Context ctx = resolve_context(context)
        cdef bytes b = asm.encode("utf-8")
        cdef MlirAttribute a
        cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
        cdef bint ran = mlirCyDeepAttributeParseGet(ctx.c_context, str_ref(b),
                                                    &a)
        cap.check(not ran or a.ptr != NULL, "Unable to parse attribute")
        if not ran:
            raise_too_deep("the attribute")
        return wrap_attribute(ctx, a)

    def __eq__(self, other):
        if not isinstance(other, Attribute):
            return NotImplemented
        return mlirAttributeEqual(self.c_attr, (<Attribute>other).c_attr)

    def __hash__(self):
        return hash(<uintptr_t>self.c_attr.ptr)

    def __str__(self):
        return _print_attribute(self.c_attr)

    def __repr__(self):
        return f"{type(self).__name__}({_print_attribute(self.c_attr)})"

    def dump(self):
        """Prints the attribute to stderr, for debugging."""
        mlirAttributeDump(self.c_attr)

    @property
    def type(self) -> Type:
        """The type of a typed attribute (NoneType for untyped ones)."""
        return wrap_type(self.context, mlirAttributeGetType(self.c_attr))

    @property
    def typeid(self) -> TypeID:
        """The TypeID of the attribute's class."""
        return wrap_typeid(mlirAttributeGetTypeID(self.c_attr))

    def get_named(self, name) -> NamedAttribute:
        """A NamedAttribute pairing `name` (a str) with this attribute."""
        name = _str_param(name, "name")
        return NamedAttribute(name, self)

    def maybe_downcast(self) -> Attribute:
        """This attribute as its registered concrete class (if any)."""
        return wrap_attribute(self.context, self.c_attr)

    def __reduce__(self):
        return (_unpickle_attribute, (_print_attribute(self.c_attr),))

    @property
    def _CAPIPtr(self):
        return mlirPythonAttributeToCapsule(self.c_attr)

    @staticmethod
    def _CAPICreate(capsule):
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_ATTRIBUTE)
        cdef MlirAttribute a = mlirPythonCapsuleToAttribute(capsule)
        return wrap_attribute(context_for_handle(mlirAttributeGetContext(a)), a)


cdef Attribute wrap_attribute(Context context, MlirAttribute a):
    """An attribute as its concrete registered class."""
    if a.ptr == NULL:
        raise ValueError("null attribute")
    cdef Attribute r
    cdef PyObject* cls
    cdef _Caster c
    cdef uintptr_t tid = <uintptr_t>mlirAttributeGetTypeID(a).ptr
    cdef bint found = _find_caster(_attribute_caster_map, tid, &c)
    if not found and _load_dialect_of(tid, mlirAttributeGetDialect(a)):
        found = _find_caster(_attribute_caster_map, tid, &c)
    if found:
        cls = c.cls
        if cls == NULL and c.choose != NULL:
            cls = c.choose(a)
        if cls != NULL:
            r = <Attribute>_new_instance(cls)
            r.c_attr = a
            r.context = context
            return r
    r = Attribute.__new__(Attribute)
    r.c_attr = a
    r.context = context
    if found:
        return (<object>c.fn)(r)
    return r


cdef MlirAttribute attribute_handle(object a, str what) except *:
    if not isinstance(a, Attribute):
        raise _argument_type_error(f"{what} must be an Attribute, not {type(a).__name__}")
    return (<Attribute>a).c_attr


# The handles of objects about to become part of `ctx`'s IR: an object of
# another context would dangle once that context is destroyed, so it is a
# ValueError (MLIR itself does not check).

cdef MlirType type_handle_in(object t, Context ctx, str what) except *:
    cdef MlirType h = type_handle(t, what)
    if (<Type>t).context is not ctx:
        raise ValueError(f"{what}: a Type of another Context")
    return h


cdef MlirAttribute attribute_handle_in(object a, Context ctx,
                                       str what) except *:
    cdef MlirAttribute h = attribute_handle(a, what)
    if (<Attribute>a).context is not ctx:
        raise ValueError(f"{what}: an Attribute of another Context")
    return h


def register_attribute_caster(typeid: TypeID,
                              caster: Callable[[Attribute], Attribute] | None = None,
                              *, replace: bool = False) -> Any:
    """As register_type_caster, for attributes (the same registry)."""
    return _register_caster(typeid, caster, replace,
                            "register_attribute_caster")


@cython.final
cdef class NamedAttribute:
    """A (name, attribute) pair, as stored on operations."""
    cdef readonly str name
    """The attribute's name."""
    cdef readonly Attribute attr
    """The Attribute paired with the name."""

    def __init__(self, name, Attribute attr not None):
        name = _str_param(name, "name")
        self.name = name
        self.attr = attr

    def __repr__(self):
        return f"NamedAttribute({self.name}={self.attr})"

    def __eq__(self, other):
        if not isinstance(other, NamedAttribute):
            return NotImplemented
        return (self.name == (<NamedAttribute>other).name
                and self.attr == (<NamedAttribute>other).attr)

    def __hash__(self):
        return hash((self.name, self.attr))


cdef NamedAttribute wrap_named_attribute(Context context, MlirNamedAttribute na):
    cdef NamedAttribute r = NamedAttribute.__new__(NamedAttribute)
    r.name = from_ref(mlirIdentifierStr(na.name))
    r.attr = wrap_attribute(context, na.attribute)
    return r
