# Process-wide registries: OpView classes by operation name, dialect classes
# by namespace, the dialect module search path, and value casters. Type and
# attribute casters live with types (ir_types.pxi).

cdef dict _op_classes = {}          # "arith.addi" -> OpView subclass
cdef dict _dialect_classes = {}     # "arith" -> Dialect subclass
cdef dict _op_adaptor_classes = {}  # "arith.addi" -> OpAdaptor subclass
cdef list _dialect_search_prefixes = ["mlir.dialects"]
from cpython.pythread cimport PyThread_get_thread_ident

cdef dict _dialect_modules = {}     # namespace -> module, or None if absent
cdef dict _value_casters = {}       # TypeID -> callable(Value) -> Value
cdef unsigned long _registry_version = 1

import importlib

# Dialects whose Python module is not named after their namespace (a Python
# keyword, or upstream's module name): tried after the namespace itself.
cdef dict _module_name_aliases = {
    "acc": "openacc", "omp": "openmp", "async": "async_dialect",
}


# (namespace, thread) of the dialect module imports under way: a thread
# that meets its own import again (the module's import sees IR of its own
# dialect) gets None, while another thread imports too, which waits for the
# first import to finish (Python's per-module import lock) and gets the
# module, never a half-registered dialect.
cdef set _dialect_imports = set()


cdef object _import_dialect_module(str namespace):
    """Imports the Python module of a dialect from the search path, once."""
    try:
        return _dialect_modules[namespace]
    except KeyError:
        pass
    key = (namespace, PyThread_get_thread_ident())
    if key in _dialect_imports:
        return None
    _dialect_imports.add(key)
    try:
        mod = None
        names = [namespace]
        if namespace in _module_name_aliases:
            names.append(_module_name_aliases[namespace])
        for prefix in list(_dialect_search_prefixes):
            for name in names:
                modname = f"{prefix}.{name}"
                try:
                    mod = importlib.import_module(modname)
                except ModuleNotFoundError as e:
                    if e.name is not None and modname.startswith(e.name):
                        continue     # this prefix has no such module
                    raise
                break
            if mod is not None:
                break
        _dialect_modules[namespace] = mod
        return mod
    finally:
        _dialect_imports.discard(key)


cdef object _resolve_op_class(str name):
    """The registered OpView class of an operation name (importing its
    dialect's module on first need), or OpView."""
    cls = _op_classes.get(name)
    if cls is None:
        ns, dot, _ = name.partition(".")
        if dot and ns not in _dialect_modules:
            _import_dialect_module(ns)
            cls = _op_classes.get(name)
    return OpView if cls is None else cls


def register_dialect(dialect_class: type[_D]) -> type[_D]:
    """Class decorator registering a Dialect subclass by DIALECT_NAMESPACE."""
    ns = getattr(dialect_class, "DIALECT_NAMESPACE", None)
    if not isinstance(ns, str):
        raise AttributeError(
            f"{dialect_class!r} has no str DIALECT_NAMESPACE attribute")
    _dialect_classes[ns] = dialect_class
    return dialect_class


cdef extern from "_opview_call.h":
    int mlircy_init_opview_vectorcall(object opview) except -1
    void mlircy_install_opview_vectorcall(object cls)

mlircy_init_opview_vectorcall(OpView)


def register_operation(dialect_class: type[Dialect] | None, *,
                       replace: bool = False) -> Callable[[type[_Op]], type[_Op]]:
    """Class decorator registering an OpView subclass for its
    OPERATION_NAME. replace=True lets an extension class take over from the
    generated one."""
    def decorator(op_class):
        global _registry_version
        name = getattr(op_class, "OPERATION_NAME", None)
        if not isinstance(name, str):
            raise AttributeError(
                f"{op_class!r} has no str OPERATION_NAME attribute")
        if not (isinstance(op_class, type) and issubclass(op_class, OpView)):
            raise TypeError(f"{op_class!r} is not an OpView subclass")
        if name in _op_classes and not replace:
            raise RuntimeError(
                f"Operation '{name}' is already registered; pass replace=True "
                "to override it")
        _op_classes[name] = op_class
        _registry_version += 1
        # Construction by vectorcall, without type_call's argument tuple
        # and dict (_opview_call.h).
        mlircy_install_opview_vectorcall(op_class)
        # Op classes are reachable as attributes of the dialect class too.
        if dialect_class is not None:
            try:
                setattr(dialect_class, op_class.__name__, op_class)
            except (AttributeError, TypeError):
                pass
        return op_class
    return decorator


def register_op_adaptor(op_class: type, *,
                        replace: bool = False) -> Callable[[type[_A]], type[_A]]:
    """Class decorator registering an OpAdaptor subclass for the operations
    its OPERATION_NAME names, the adaptor conversion patterns receive for
    them; it also becomes `op_class.Adaptor`. replace=True lets a class take
    over from the registered one."""
    if not isinstance(op_class, type):
        raise TypeError(f"{op_class!r} is not a class")

    def decorator(adaptor_class):
        name = getattr(adaptor_class, "OPERATION_NAME", None)
        if not isinstance(name, str):
            raise AttributeError(
                f"{adaptor_class!r} has no str OPERATION_NAME attribute")
        if not (isinstance(adaptor_class, type) and
                issubclass(adaptor_class, OpAdaptor)):
            raise TypeError(f"{adaptor_class!r} is not an OpAdaptor subclass")
        if name in _op_adaptor_classes and not replace:
            raise RuntimeError(
                f"Operation adaptor of '{name}' is already registered; pass "
                "replace=True to override it")
        _op_adaptor_classes[name] = adaptor_class
        try:
            op_class.Adaptor = adaptor_class
        except (AttributeError, TypeError):
            pass
        return adaptor_class
    return decorator


cdef object _resolve_op_adaptor_class(str name):
    """The registered OpAdaptor class of an operation name (importing its
    dialect's module on first need), or OpAdaptor."""
    cls = _op_adaptor_classes.get(name)
    if cls is None:
        ns, dot, _ = name.partition(".")
        if dot and ns not in _dialect_modules:
            _import_dialect_module(ns)
            cls = _op_adaptor_classes.get(name)
    return OpAdaptor if cls is None else cls


def register_value_caster(typeid: TypeID, *,
                          replace: bool = False) -> Callable[[_F], _F]:
    """Decorator registering a function that turns a Value of the given
    type (by TypeID) into a richer Value subclass."""
    if not isinstance(typeid, TypeID):
        raise TypeError("register_value_caster needs a TypeID")

    def decorator(caster):
        if typeid in _value_casters and not replace:
            raise RuntimeError(
                f"Value caster is already registered: "
                f"{_value_casters[typeid]!r}")
        _value_casters[typeid] = caster
        return caster
    return decorator


cdef class _Globals:
    """The process-wide registry upstream exposes as _cext.globals."""

    def append_dialect_search_prefix(self, module_name) -> None:
        module_name = _str_param(module_name, "module_name")
        _dialect_search_prefixes.append(module_name)
        # Dialects not found before may be found now.
        for ns in [k for k, v in _dialect_modules.items() if v is None]:
            del _dialect_modules[ns]

    @property
    def dialect_search_prefixes(self) -> list[str]:
        return list(_dialect_search_prefixes)

    @dialect_search_prefixes.setter
    def dialect_search_prefixes(self, value):
        _dialect_search_prefixes[:] = list(value)
        _dialect_modules.clear()

    @property
    def dialect_search_modules(self):
        """Upstream's name of dialect_search_prefixes: the packages searched
        for a dialect's Python module (`<prefix>.<namespace>`)."""
        return list(_dialect_search_prefixes)

    @dialect_search_modules.setter
    def dialect_search_modules(self, value):
        self.dialect_search_prefixes = value

    def _check_dialect_module_loaded(self, str namespace not None) -> bool:
        return _import_dialect_module(namespace) is not None

    def _register_operation_impl(self, str name not None,
                                 op_class: type[OpView], *,
                                 replace: bool = False) -> None:
        op_class.OPERATION_NAME = name
        register_operation(None, replace=replace)(op_class)

    def _register_dialect_impl(self, str namespace not None,
                               dialect_class: type[Dialect]) -> None:
        dialect_class.DIALECT_NAMESPACE = namespace
        register_dialect(dialect_class)

    def _lookup_operation_class(self,
                                str name not None) -> type[OpView] | None:
        cls = _resolve_op_class(name)
        return None if cls is OpView else cls

    # -- traceback-based locations (ir_tracebacks.pxi) ----------------------

    def loc_tracebacks_enabled(self) -> bool:
        """Whether operations and modules created without loc= are located
        at the Python call stack creating them (see mlir.ir.loc_tracebacks)
        rather than at the current Location."""
        return True if _tb_enabled else False

    def set_loc_tracebacks_enabled(self, enabled: bool, /) -> None:
        """Turns traceback-based locations on (True) or off (False)."""
        _set_tracebacks_enabled(self, enabled)

    def loc_tracebacks_frame_limit(self) -> int:
        """The most Python frames a traceback location holds (10 unless
        set; at most 512)."""
        return _tb_frame_limit

    def set_loc_tracebacks_frame_limit(self, limit: int | None, /) -> None:
        """Sets the most Python frames a traceback location holds: an int,
        where more than 512 (or a negative int, or None) means 512; 0 makes
        traceback locations unknown."""
        _set_tracebacks_frame_limit(self, limit)

    def traceback_action_on_explicit_loc(self) -> OnExplicitAction:
        """What an explicit loc= does while traceback locations are on (an
        OnExplicitAction)."""
        return OnExplicitAction(_tb_on_explicit)

    def set_traceback_action_on_explicit_loc(self,
                                             action: OnExplicitAction | int,
                                             /) -> None:
        """Sets what an explicit loc= does while traceback locations are on:
        an OnExplicitAction (or its int value)."""
        global _tb_on_explicit
        _tb_on_explicit = _traceback_action(
            self, "set_traceback_action_on_explicit_loc", action,
            OnExplicitAction)

    def traceback_action_on_current_loc(self) -> CurrentLocAction:
        """How the current Location composes with traceback locations (a
        CurrentLocAction)."""
        return CurrentLocAction(_tb_current_loc)

    def set_traceback_action_on_current_loc(self,
                                            action: CurrentLocAction | int,
                                            /) -> None:
        """Sets how the current Location composes with traceback locations:
        a CurrentLocAction (or its int value)."""
        global _tb_current_loc
        _tb_current_loc = _traceback_action(
            self, "set_traceback_action_on_current_loc", action,
            CurrentLocAction)

    def register_traceback_file_inclusion(self, file: str, /) -> None:
        """Keeps the frames of files whose name starts with `file` in
        traceback locations, even where an exclusion matches them (and
        takes `file` out of the exclusions)."""
        _register_traceback_file(self, "register_traceback_file_inclusion",
                                 file, True)

    def register_traceback_file_exclusion(self, file: str, /) -> None:
        """Leaves the frames of files whose name starts with `file` out of
        traceback locations, unless an inclusion matches them (and takes
        `file` out of the inclusions)."""
        _register_traceback_file(self, "register_traceback_file_exclusion",
                                 file, False)


globals = _Globals()


class Dialect:
    """Base of the dialect classes generated per dialect: a view of a
    loaded dialect through its descriptor."""

    def __init__(self, descriptor: DialectDescriptor):
        self._descriptor = descriptor

    @property
    def descriptor(self):
        """The DialectDescriptor this dialect object was made from."""
        return self._descriptor

    def __repr__(self):
        return f"<Dialect {self.descriptor.namespace} (class {type(self).__module__}.{type(self).__name__})>"
