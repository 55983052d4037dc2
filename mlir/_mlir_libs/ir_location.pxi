# Location: source locations, context-owned values.

cdef Location wrap_location(Context context, MlirLocation loc):
    cdef Location l = Location.__new__(Location)
    l.c_location = loc
    l.context = context
    return l


@cython.final
cdef class Location:
    """A source location. A context manager: `with Location.unknown():`
    makes it the current location (and its context the current context)."""

    def __init__(self, *args, **kwargs):
        raise TypeError("Locations are made by Location.unknown(), "
                        "Location.file(), ...")

    @staticmethod
    def unknown(context=None):
        cdef Context ctx = resolve_context(context)
        return wrap_location(ctx, mlirLocationUnknownGet(ctx.c_context))

    @staticmethod
    def file(filename, int line, int col, context=None):
        cdef Context ctx = resolve_context(context)
        cdef bytes f = to_bytes(filename, "filename")
        return wrap_location(ctx, mlirLocationFileLineColGet(
            ctx.c_context, str_ref(f), line, col))

    @staticmethod
    def name(name, childLoc=None, context=None):
        cdef Context ctx = resolve_context(context)
        cdef bytes n = to_bytes(name, "name")
        cdef MlirLocation child
        if childLoc is None:
            child = mlirLocationUnknownGet(ctx.c_context)
        elif isinstance(childLoc, Location):
            child = (<Location>childLoc).c_location
        else:
            raise TypeError("childLoc must be a Location")
        return wrap_location(ctx, mlirLocationNameGet(ctx.c_context, str_ref(n),
                                                      child))

    def __enter__(self):
        _push_frame(self, self.context, self, None)
        return self

    def __exit__(self, exc_type, exc, tb):
        _pop_frame(self)

    def __eq__(self, other):
        if not isinstance(other, Location):
            return NotImplemented
        return mlirLocationEqual(self.c_location, (<Location>other).c_location)

    def __hash__(self):
        return hash(<uintptr_t>self.c_location.ptr)

    def __str__(self):
        cdef string buf
        mlirLocationPrint(self.c_location, append_to_string, &buf)
        return decode_string(buf)

    def __repr__(self):
        return str(self)

    @property
    def _CAPIPtr(self):
        return mlirPythonLocationToCapsule(self.c_location)

    @staticmethod
    def _CAPICreate(capsule):
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_LOCATION)
        cdef MlirLocation loc = mlirPythonCapsuleToLocation(capsule)
        return wrap_location(context_for_handle(mlirLocationGetContext(loc)),
                             loc)
