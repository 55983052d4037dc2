# Helpers shared by the dialect type/attribute modules (_mlirDialects*.pyx),
# included textually by each. Conventions are those of ir_types.pxi:
#   X.get*(..., context=None)  constructors
#   X(t)                       cast; ValueError on another kind
#   X.isinstance(t)            kind check
#   X.static_typeid            TypeID; registered as caster on import, so
#                              types/attributes coming out of the API are X
# Every class declares one C field of its own (`_own_allocation`): Type and
# Attribute (no_gc, with a freelist) hand out freelist objects to any class
# of their exact size, and a class defined here is GC-tracked (the .pxd does
# not say its base is no_gc), so it must never get one.
cimport cython
import operator
from libc.stdint cimport intptr_t, int64_t, uint64_t, uint32_t
from libcpp.vector cimport vector
from cpython.ref cimport PyObject

from mlir._mlir_libs.capi.support cimport MlirStringRef, MlirTypeID, mlirStringRefCreate
from mlir._mlir_libs.capi.ir cimport (
    MlirAttribute, MlirContext, MlirLocation, MlirType, MlirDialectHandle,
    mlirContextCreateWithThreading, mlirContextDestroy,
    mlirDialectHandleLoadDialect, mlirTypeGetTypeID, mlirAttributeGetTypeID,
    mlirTypeGetContext, mlirAttributeGetContext, mlirLocationUnknownGet,
)
from mlir._mlir_libs._ir cimport (
    Type, Attribute, Context, Location, TypeID, _ErrorCapture,
    resolve_context, resolve_location, wrap_type, wrap_attribute,
    type_handle, attribute_handle, context_for_handle,
    Module, Operation, op_handle, is_sequence_arg, _argument_type_error,
    _bool_arg,
)
from mlir._mlir_libs import _ir as _ir_module

_register_type_caster = _ir_module.register_type_caster
_register_attribute_caster = _ir_module.register_attribute_caster


cdef inline MlirStringRef _ref(bytes b):
    return mlirStringRefCreate(b, len(b))


cdef inline str _str(MlirStringRef s):
    return s.data[:s.length].decode("utf-8")


cdef bytes _utf8(object s, str what):
    if isinstance(s, str):
        return (<str>s).encode("utf-8")
    if isinstance(s, bytes):
        return <bytes>s
    raise _argument_type_error(f"{what} must be a str, not {type(s).__name__}")


cdef object _int_param(object v, str what):
    """An int parameter, as upstream converts it: an int, a bool or
    anything with __index__ (numpy integers), as a Python int; TypeError
    for anything else (a float too)."""
    if isinstance(v, int):
        return v
    if not isinstance(v, float) and hasattr(type(v), "__index__"):
        return operator.index(v)
    raise _argument_type_error(f"{what} must be an int, not {type(v).__name__}")


cdef list _int_seq_param(object v, str what):
    """A Sequence[int] parameter as a list of Python ints: a sequence other
    than str and bytes whose items are ints (as _int_param), else
    TypeError, as upstream."""
    if isinstance(v, (str, bytes)) or not (is_sequence_arg(v) or hasattr(v, "__iter__")):
        raise _argument_type_error(f"{what} must be a sequence of ints, not "
                        f"{type(v).__name__}")
    return [_int_param(x, what) for x in v]


cdef list _float_seq_param(object v, str what):
    """A Sequence[float] parameter as a list of floats (as _float_param)."""
    if isinstance(v, (str, bytes)) or not (is_sequence_arg(v) or hasattr(v, "__iter__")):
        raise _argument_type_error(f"{what} must be a sequence of floats, not "
                        f"{type(v).__name__}")
    return [_float_param(x, what) for x in v]


cdef object _float_param(object v, str what):
    """A float parameter: a float, or an int (or anything with __float__
    but a str), as upstream."""
    if isinstance(v, float):
        return v
    if isinstance(v, (str, bytes)) or not (hasattr(type(v), "__float__")
                                           or hasattr(type(v), "__index__")):
        raise _argument_type_error(f"{what} must be a float, not {type(v).__name__}")
    return float(v)


cdef int _type_param(object v, str what) except -1:
    if not isinstance(v, Type):
        raise _argument_type_error(f"{what} must be a Type, not {type(v).__name__}")
    return 0


cdef int _attr_param(object v, str what) except -1:
    if not isinstance(v, Attribute):
        raise _argument_type_error(f"{what} must be an Attribute, not {type(v).__name__}")
    return 0


cdef int _affine_map_param(object v, str what, bint optional) except -1:
    if (v is None and optional) or isinstance(v, _ir_module.AffineMap):
        return 0
    raise _argument_type_error(f"{what} must be an AffineMap{' or None' if optional else ''}, "
                    f"not {type(v).__name__}")


cdef int _context_param(object v) except -1:
    if v is not None and not isinstance(v, Context):
        raise _argument_type_error(f"context must be a Context or None, not "
                        f"{type(v).__name__}")
    return 0


cdef TypeID _typeid(MlirTypeID t):
    if t.ptr == NULL:
        raise ValueError("null TypeID")
    cdef TypeID r = TypeID.__new__(TypeID)
    r.c_typeid = t
    return r


cdef Type _mk_type(type cls, Context ctx, MlirType t, str what=None):
    """An instance of the concrete class `cls` for a handle of its kind."""
    if t.ptr == NULL:
        raise ValueError(what or f"could not create {cls.__name__}")
    cdef Type r = <Type>cls.__new__(cls)
    r.c_type = t
    r.context = ctx
    return r


cdef Attribute _mk_attr(type cls, Context ctx, MlirAttribute a, str what=None):
    if a.ptr == NULL:
        raise ValueError(what or f"could not create {cls.__name__}")
    cdef Attribute r = <Attribute>cls.__new__(cls)
    r.c_attr = a
    r.context = ctx
    return r


cdef Context _ctx_of_type(object t, str what):
    if not isinstance(t, Type):
        raise _argument_type_error(f"{what} must be a Type, not {type(t).__name__}")
    return (<Type>t).context


cdef Context _ctx_of_attr(object a, str what):
    if not isinstance(a, Attribute):
        raise _argument_type_error(f"{what} must be an Attribute, not {type(a).__name__}")
    return (<Attribute>a).context


cdef int _same_context(Context ctx, object context) except -1:
    """An explicit context= must agree with the context of the arguments."""
    if context is not None and resolve_context(context) is not ctx:
        raise ValueError("context= differs from the context of the arguments")
    return 0


cdef int _fill_types(vector[MlirType]& out, object types, str what) except -1:
    if isinstance(types, Type) or not is_sequence_arg(types):
        raise _argument_type_error(f"{what}s must be a sequence of Types, not "
                        f"{type(types).__name__}")
    out.clear()
    for t in types:
        out.push_back(type_handle(t, what))
    return 0


cdef int _check_types_context(object types, Context ctx, str what) except -1:
    for t in types:
        if (<Type>t).context is not ctx:
            raise ValueError(f"{what} belongs to another context")
    return 0


cdef MlirLocation _loc_for(object loc, Context ctx) except *:
    """`loc`, else the current Location of ctx, else an unknown location."""
    if loc is not None:
        return resolve_location(loc).c_location
    try:
        cur = resolve_location(None)
    except (ValueError, RuntimeError):
        cur = None
    if cur is not None and (<Location>cur).context is ctx:
        return (<Location>cur).c_location
    return mlirLocationUnknownGet(ctx.c_context)


cdef str _diag_text(list errors, str fallback):
    msgs = [d.message for d in errors]
    return "\n".join(msgs) if msgs else fallback


cdef object _value_error(str fallback, list errors):
    """For _ErrorCapture.check: ValueError with MLIR's error messages, one
    per line, or `fallback` when there are none."""
    return ValueError(_diag_text(errors, fallback))


cdef MlirContext _scratch_context(MlirDialectHandle h):
    """A private context with one dialect loaded, for finding the TypeID of
    a class whose C API has no TypeID getter (TypeIDs are process-wide).
    Destroyed by _drop_scratch_context."""
    cdef MlirContext c = mlirContextCreateWithThreading(False)
    mlirDialectHandleLoadDialect(h, c)
    return c


cdef void _drop_scratch_context(MlirContext c):
    mlirContextDestroy(c)


# Without replace=: a TypeID already taken (by a builtin class, or a class
# that is really a builtin attribute, like emitc's CmpPredicateAttr, an
# IntegerAttr) stops the import instead of hijacking the other kind.
cdef int _register_type(type cls) except -1:
    _register_type_caster(cls.static_typeid, cls)
    return 0


cdef int _register_attr(type cls) except -1:
    _register_attribute_caster(cls.static_typeid, cls)
    return 0


cdef object _reparsed_type(type cls, Context ctx, MlirType t):
    """A type made by a C constructor that does not verify: reparse its
    printed form, which runs MLIR's verifier, and raise ValueError with the
    diagnostic if that fails."""
    cdef Type r = _mk_type(cls, ctx, t)
    text = str(r)
    try:
        _ir_module.Type.parse(text, context=ctx)
    except _ir_module.MLIRError as e:
        msgs = [d.message for d in e.error_diagnostics]
        raise ValueError("; ".join(msgs) or f"invalid type {text}") from None
    return r


cdef Operation _module_operation(object module):
    """The operation of a Module, an Operation, or an OpView-like object
    with an `operation` (TypeError for anything else)."""
    if isinstance(module, Module):
        return <Operation>module.operation
    if isinstance(module, Operation):
        return <Operation>module
    op = getattr(module, "operation", None)
    if isinstance(op, Operation):
        return <Operation>op
    raise TypeError(f"module must be a Module or an Operation, not "
                    f"{type(module).__name__}")
