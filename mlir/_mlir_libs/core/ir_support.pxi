# Threads, and strings across the C boundary.

# The registries every thread shares (the TypeID -> class caster maps and
# their misses, the live Context and Module maps) are C++ maps: on a
# free-threaded interpreter every access to them holds this object's
# critical section, and never runs Python code while it does. With the GIL,
# cython.critical_section compiles to nothing but a reference count.
cdef object _registry_lock = object()

# Each context's own tables (its live operations and their generic views,
# its operation-name cache, its walks in progress) are guarded the same way
# by the Context's critical section, so threads may share a context.
# An object found in a live map is taken with mlircy_take_or_none, which
# fails for an object another thread is freeing (see _refs.h).
cdef extern from "_refs.h":
    void mlircy_enable_try_incref(PyObject* o) noexcept
    object mlircy_take_or_none(PyObject* o)


# Where each class of the native modules was defined, for tools (the stub
# generator) that follow a class to its module after _settle_classes has
# given it upstream's __module__.
_DEFINED_IN = {}


def _settle_classes(dict namespace, str defined_in, str home=None, dict homes=None):
    """Names the classes that module `defined_in` (its `namespace`)
    defines as upstream names its own: each type's C-level name becomes its
    bare name, which CPython's messages quote ("'IntegerType' object has no
    attribute 'x'", not the dotted path of the module it was compiled in),
    and its `__module__` becomes `homes[name]` or else `home` (upstream's
    module of it, e.g. mlir._mlir_libs._mlir.ir), when one is given.
    `homes` values may be (module, qualname) pairs. Assigning `__name__` to
    itself is what sets the C-level name (types are heap types, built from
    specs: setup.py's CYTHON_USE_TYPE_SPECS)."""
    homes = homes or {}
    for name, cls in list(namespace.items()):
        if not isinstance(cls, type) or cls.__module__ != defined_in:
            continue
        _DEFINED_IN[cls] = defined_in
        try:
            cls.__name__ = cls.__name__
        except TypeError:
            # A static type: these sources compiled without setup.py's
            # macros (tests/test_downstream_cython.py builds such a copy).
            # It keeps its dotted name and module.
            continue
        where = homes.get(name, home)
        if where is None:
            continue
        if isinstance(where, tuple):
            cls.__module__, cls.__qualname__ = where
        else:
            cls.__module__ = where


cdef int _no_constructor(object self, str detail=None) except -1:
    """Raises the TypeError of upstream's classes that Python code cannot
    construct ("<module>.<Class>: no constructor defined!"), with `detail`
    (where such objects come from) after upstream's text."""
    cdef type cls = type(self)
    cdef str text = f"{cls.__module__}.{cls.__qualname__}: no constructor defined!"
    if detail:
        text = f"{text} ({detail})"
    raise TypeError(text)


cdef inline MlirStringRef str_ref(bytes b):
    """A borrowed view of a bytes object; valid while `b` is alive."""
    return mlirStringRefCreate(<const char*>b, len(b))


from cpython.exc cimport PyErr_Clear

cdef extern from "Python.h":
    # PyUnicode_AsUTF8AndSize without Cython's error check: utf8_of raises.
    const char* _utf8_or_null "PyUnicode_AsUTF8AndSize"(object s,
                                                        Py_ssize_t* size) noexcept


cdef int _not_utf8(object s, str what) except -1:
    """Upstream's TypeError for a str that UTF-8 cannot encode (a lone
    surrogate): its conversion to std::string refuses the argument. The
    UnicodeEncodeError is its cause."""
    PyErr_Clear()
    try:
        (<str>s).encode("utf-8")
    except UnicodeEncodeError as e:
        raise _argument_type_error(f"{what} must be a str UTF-8 can encode: {e}") from e
    return 0


cdef inline const char* utf8_of(str s, Py_ssize_t* size, str what) except NULL:
    """The UTF-8 form of `s` (cached inside the str by CPython), its size
    in *size; TypeError when it has none."""
    cdef const char* data = _utf8_or_null(s, size)
    if data == NULL:
        _not_utf8(s, what)
    return data


cdef inline bytes to_bytes(object s, str what):
    """str (UTF-8 encoded) or bytes -> bytes; anything else is a TypeError."""
    cdef Py_ssize_t size
    cdef const char* data
    if isinstance(s, str):
        data = utf8_of(<str>s, &size, what)
        return data[:size]
    if isinstance(s, bytes):
        return <bytes>s
    raise _argument_type_error(f"{what} must be str or bytes, not {type(s).__name__}")


cdef str _str_param(object v, str what):
    """A str parameter, as upstream converts it: a str or an instance of a
    str subclass (numpy.str_), as an exact str; TypeError for anything
    else, in Cython's words for a typed argument."""
    if PyUnicode_CheckExact(v):
        return <str>v
    if isinstance(v, str):
        return str.__str__(v)
    raise _argument_type_error(f"Argument '{what}' has incorrect type (expected str, "
                    f"got {type(v).__name__})")


cdef int _context_param(object context) except -1:
    """A context= that a function does not otherwise use must still be a
    Context or None (TypeError, as upstream)."""
    if context is not None and not isinstance(context, Context):
        raise _argument_type_error(f"context must be a Context or None, not "
                        f"{type(context).__name__}")
    return 0


cdef inline MlirStringRef borrowed_ref(object s, str what) except *:
    """A view of a str's UTF-8 form (cached inside the str by CPython) or of
    a bytes object, without copying; valid while `s` is alive. Anything
    else is a TypeError."""
    cdef Py_ssize_t size
    cdef const char* data
    if isinstance(s, str):
        data = utf8_of(<str>s, &size, what)
        return mlirStringRefCreate(data, <size_t>size)
    if isinstance(s, bytes):
        return mlirStringRefCreate(<const char*><bytes>s, len(<bytes>s))
    raise _argument_type_error(f"{what} must be str or bytes, not {type(s).__name__}")


cdef inline str from_ref(MlirStringRef s):
    return PyUnicode_DecodeUTF8(s.data, <Py_ssize_t>s.length, "replace")


cdef void append_to_string(MlirStringRef s, void* user) noexcept nogil:
    """MlirStringCallback that appends to a std::string passed as user data."""
    (<string*>user).append(s.data, s.length)


cdef inline str decode_string(const string& s):
    return PyUnicode_DecodeUTF8(s.data(), <Py_ssize_t>s.size(), "replace")


def _llvm_version() -> str:
    """The LLVM version the C API library was built against."""
    return from_ref(mlirCyGetLLVMVersion())


cdef int check_capsule(object capsule, const char* name) except -1:
    """Raises upstream's ValueError (CPython's PyCapsule_GetPointer texts)
    unless `capsule` is a capsule of the given name
    (mlir-c/Bindings/Python/Interop.h), before the C API reads it."""
    if PyCapsule_IsValid(capsule, name):
        return 0
    if PyCapsule_CheckExact(capsule):
        raise ValueError(f"PyCapsule_GetPointer called with incorrect name "
                         f"(expected '{name.decode()}')")
    raise ValueError(f"PyCapsule_GetPointer called with invalid PyCapsule "
                     f"object (a {type(capsule).__name__})")


# -- upstream's "incompatible function arguments" TypeError ---------------
#
# Where upstream's binding layer rejects the arguments of a call before its
# function runs, it raises a TypeError listing the accepted signatures and
# the types it was called with; code matches on that text, so some of our
# functions raise the same. Types print as upstream's do: a class of this
# package under upstream's module path, an extension or builtin class
# (int, list, numpy's ndarray) by its bare name, a Python class by
# module.name.

from cpython.sequence cimport PySequence_Check

cdef str _UPSTREAM_IR = "mlir._mlir_libs._mlir.ir"


cdef str _upstream_type_name(object obj):
    """How upstream's TypeErrors name the type of `obj`."""
    cdef type t = type(obj)
    cdef str mod = getattr(t, "__module__", None) or ""
    if mod.startswith("mlir.") or (t.__flags__ & (1 << 9)):   # a heap type
        return f"{mod}.{t.__name__}"
    return t.__name__


cdef str _incompatible_text(str name, signatures, str last):
    """Upstream's text for a call `name` refuses: its first line, the
    numbered `signatures`, a blank line, then `last`."""
    lines = [f"{name}(): incompatible function arguments. The following "
             f"argument types are supported:"]
    for i, sig in enumerate(signatures):
        lines.append(f"    {i + 1}. {sig}")
    lines += ["", last]
    return "\n".join(lines)


cdef object _incompatible_arguments(str name, tuple signatures, tuple args,
                                    dict kwargs):
    """The TypeError upstream raises when no signature of `name` accepts
    (args, kwargs); `signatures` are upstream's, without the numbering."""
    invoked = [_upstream_type_name(a) for a in args]
    if kwargs:
        invoked.append("kwargs = { " + ", ".join(
            f"{k}: {_upstream_type_name(v)}" for k, v in kwargs.items()) + " }")
    return TypeError(_incompatible_text(
        name, signatures, "Invoked with types: " + ", ".join(invoked)))


# Errors about the arguments of a call that Cython raises before a
# function's body runs (its wording of a wrong count, an unknown keyword, a
# typed parameter's conversion; a refused type or None reads "Argument
# 'x' ..."); upstream's binding layer rejects the same calls as
# incompatible arguments.
cdef tuple _CYTHON_ARGUMENT_ERRORS = (
    "() takes ", "() got an unexpected keyword argument",
    "() got multiple values for ", "() keywords must be strings",
    "() needs an argument", "() missing ", "must be real number, not ",
    "object cannot be interpreted as an integer", "an integer is required")

# The compiled modules whose functions stand for upstream's Python code,
# not its nanobind extensions: their errors keep their own wording.
cdef tuple _PYTHON_SIDE_SOURCES = ("mlir/_mlir_libs/_ods_runtime.pyx",)


cdef list _signatures_of(str qualname, str name):
    """The signatures of the function a compiled frame runs (`qualname`, as
    its code object names it: module path, class, function), as its
    docstring gives them: the overloads it lists after the embedded
    signature (`file(filename, line, col, context=None) -> Location`, one
    per line), or else the embedded one (`get(width: int, ...) ->
    IntegerType`); `name(...)` when there is none. (The function is found
    through sys.modules: the stable ABI's frames have no module globals.)"""
    import sys
    parts = qualname.split(".")
    obj = None
    path = qualname
    for i in range(len(parts) - 1, 0, -1):
        mod = sys.modules.get(".".join(parts[:i]))
        if mod is not None:
            obj = mod
            path = ".".join(parts[i:])
            for part in parts[i:]:
                obj = getattr(obj, part, None)
            break
    doc = getattr(obj, "__doc__", None) if obj is not None else None
    lines = doc.split("\n") if isinstance(doc, str) else [""]
    owner = path.rpartition(".")[0]
    first = lines[0]
    if owner and first.startswith(f"{owner}.{name}("):
        first = first[len(owner) + 1:]
    overloads = []
    for line in lines[2:]:
        if not line.startswith(f"{name}("):
            break
        overloads.append(line)
    if not overloads:
        overloads = [first if first.startswith(f"{name}(") else f"{name}(...)"]
    # A classmethod's signature leaves out cls, as upstream's do.
    return [sig.replace(f"{name}(cls, ", f"{name}(", 1).replace(
        f"{name}(cls)", f"{name}()", 1) for sig in overloads]


def _argument_error_hook(exc, frame, bint first):
    """Words a TypeError about a call's arguments as upstream does.

    Called by the traceback filter (_ir.pxd) for each compiled frame of
    the package a TypeError leaves while no Python frame lies deeper. An
    error marked by _argument_type_error, or Cython's own error about the
    arguments of the function just entered (`first`), becomes upstream's
    "NAME(): incompatible function arguments. The following argument types
    are supported:" with the function's signature and then the detail,
    when the frame's function stands for one of upstream's nanobind
    functions; the outermost frame's wording is the one that stays."""
    reason = getattr(exc, "_mlircy_reason", None)
    if not isinstance(reason, str):
        if not first or len(exc.args) != 1 or type(exc.args[0]) is not str:
            return
        reason = <str>exc.args[0]
        if not (reason.startswith("Argument '") or
                any(m in reason for m in _CYTHON_ARGUMENT_ERRORS)):
            return
        exc._mlircy_reason = reason
    code = getattr(frame, "f_code", None)
    source = getattr(code, "co_filename", None)
    qualname = getattr(code, "co_name", None)
    if not isinstance(source, str) or not isinstance(qualname, str):
        return
    # (The op modules are under mlir/dialects/.)
    if source.startswith("mlir/_mlir_libs/") and \
            source not in _PYTHON_SIDE_SOURCES:
        name = qualname.rpartition(".")[2]
        exc.args = (_incompatible_text(name, _signatures_of(qualname, name),
                                       reason),)
    else:
        exc.args = (_as_named(reason, qualname),)


cdef str _as_named(str reason, str qualname):
    """Cython's error `reason` about the arguments of the function a frame
    runs (`qualname`: module path and name), with the function called by
    the name it goes by when that is another (a compiled __init__ of a
    dialect's class: "ForOp.__init__() got an unexpected keyword argument",
    as CPython words it for upstream's Python __init__)."""
    import sys
    module, _, name = qualname.rpartition(".")
    fn = getattr(sys.modules.get(module), name, None)
    known = getattr(fn, "__qualname__", None)
    if isinstance(known, str) and known != name and \
            reason.startswith(f"{name}()"):
        return known + reason[len(name):]
    return reason


# A parameter without a default, in the (name, default) tables that
# _bind_arguments binds calls to.
cdef object _REQUIRED = object()


cdef list _bind_arguments(tuple args, dict kwargs, tuple params):
    """The values of `params` for a call (args, kwargs), defaults filled
    in; None when the call does not fit (too many positional arguments,
    an unknown or repeated keyword, a required parameter missing)."""
    cdef Py_ssize_t nargs = len(args), i
    if nargs > len(params):
        return None
    cdef list out = list(args)
    cdef Py_ssize_t used = 0
    for i in range(nargs, len(params)):
        name, default = <tuple>params[i]
        value = kwargs.get(name, _REQUIRED) if kwargs else _REQUIRED
        if value is not _REQUIRED:
            out.append(value)
            used += 1
        elif default is _REQUIRED:
            return None
        else:
            out.append(default)
    if kwargs and used != len(kwargs):
        return None
    return out


cdef bint _is_sequence_arg(object o):
    """Whether a Sequence[...] parameter of upstream's takes `o`: a
    Python sequence other than str and bytes."""
    return PySequence_Check(o) and not isinstance(o, (str, bytes))


cdef bint _is_int_arg(object o):
    """Whether an int parameter of upstream's takes `o`: anything int()
    accepts through __index__ or __int__, except a float."""
    if isinstance(o, int):
        return True
    if isinstance(o, float) or isinstance(o, (str, bytes, bytearray)):
        return False
    cdef type t = type(o)
    return hasattr(t, "__index__") or hasattr(t, "__int__")


cdef str _object_repr(object obj, bint valid):
    """Python's default repr (upstream's for operations, blocks, regions
    and values), with ": invalidated" when the object can no longer be
    used."""
    cls = type(obj)
    text = f"<{cls.__module__}.{cls.__qualname__} object at {id(obj):#x}"
    return text + (">" if valid else ": invalidated>")


# -- Deep input -------------------------------------------------------------
# Parsing, printing, verifying, walking and pass runs go through the
# mlirCyDeep* shims (mlir-cython/Stack.h): MLIR recurses once per level of
# nesting, so they run on a large stack of the thread's own when the input
# (by its length) or the IR (by its depth of operations) may need more than
# the thread's stack has. They fail only when even that cannot be had.

cdef int raise_too_deep(str what) except -1:
    raise RecursionError(
        f"{what} may be nested too deeply for the stack left: deep input "
        f"runs on a stack of up to {mlirCyStackGetLimit() >> 30} GiB per "
        "thread, and a call made from a callback of such a call (a walk, a "
        "pass) has only what that one left")


def _upstream_enum_repr(self):
    """repr() of an enum member as upstream's: 'WalkResult.ADVANCE'."""
    return f"{type(self).__name__}.{self.name}"
