# Location: source locations, context-owned values.

# The default of Location.file's parameters: not passed.
cdef object _NOT_GIVEN = object()


# The TypeIDs of the location kinds, set once the classes exist (below).
cdef MlirTypeID _UNKNOWN_LOC_ID, _FILE_LOC_ID, _NAME_LOC_ID, _CALLSITE_LOC_ID, \
    _FUSED_LOC_ID


cdef Location wrap_location(Context context, MlirLocation loc):
    """The Location object of a handle, as the subclass of its kind
    (FileLineColLoc, NameLoc, ...), as upstream main downcasts."""
    cdef MlirTypeID t = mlirAttributeGetTypeID(mlirLocationGetAttribute(loc))
    cdef Location l
    if t.ptr == _FILE_LOC_ID.ptr:
        l = FileLineColLoc.__new__(FileLineColLoc)
    elif t.ptr == _NAME_LOC_ID.ptr:
        l = NameLoc.__new__(NameLoc)
    elif t.ptr == _UNKNOWN_LOC_ID.ptr:
        l = UnknownLoc.__new__(UnknownLoc)
    elif t.ptr == _CALLSITE_LOC_ID.ptr:
        l = CallSiteLoc.__new__(CallSiteLoc)
    elif t.ptr == _FUSED_LOC_ID.ptr:
        l = FusedLoc.__new__(FusedLoc)
    else:
        l = Location.__new__(Location)
    l.c_location = loc
    l.context = context
    return l


class _CurrentLocation:
    """Location.current: the innermost `with Location` of this thread, or
    None."""
    def __get__(self, obj, objtype=None):
        return current_location()


# A freelist: a front-end makes a location per op; the subclasses share
# Location's allocation (they add no fields).
@cython.freelist(64)
@cython.no_gc
cdef class Location:
    """A source location. A context manager: `with Location.unknown():`
    makes it the current location (and its context the current context).
    Every location comes back as the subclass of its kind: UnknownLoc,
    FileLineColLoc, NameLoc, CallSiteLoc or FusedLoc (upstream main's
    classes)."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "Locations are made by Location.unknown(), "
                              "Location.file(), ...")

    current = _CurrentLocation()

    @staticmethod
    def unknown(context=None) -> Location:
        """The unknown location of `context` (or the current Context)."""
        cdef Context ctx = resolve_context(context)
        return wrap_location(ctx, mlirLocationUnknownGet(ctx.c_context))

    @staticmethod
    def file(filename=_NOT_GIVEN, line=_NOT_GIVEN, col=_NOT_GIVEN,
             end_line=_NOT_GIVEN, end_col=_NOT_GIVEN, context=_NOT_GIVEN, *,
             start_line=_NOT_GIVEN, start_col=_NOT_GIVEN):
        """file(filename, line, col, context=None) -> Location
        file(filename, start_line, start_col, end_line, end_col, context=None) -> Location

        A file:line:col location, or the range from start_line:start_col to
        end_line:end_col. Line and column are C ints, stored unsigned by
        MLIR (-1 is 4294967295), as upstream."""
        cdef object c = None
        # The common call, file(name, line, col[, context]), binds directly
        # (a fixed signature: no argument tuple or keyword dict is made).
        if end_col is _NOT_GIVEN and start_line is _NOT_GIVEN \
                and start_col is _NOT_GIVEN:
            if end_line is not _NOT_GIVEN:
                if context is _NOT_GIVEN:
                    c = end_line            # the fourth positional: context
                else:
                    c = _NOT_GIVEN
            elif context is not _NOT_GIVEN:
                c = context
            if c is not _NOT_GIVEN and _loc_file_args_ok(filename, line, col, c):
                return _loc_file(filename, line, col, None, None, c)
        # Any other call: rebuild (args, kwargs) and bind them to each of
        # upstream's overloads in turn, as nanobind does.
        cdef list given = [filename, line, col, end_line, end_col, context]
        cdef Py_ssize_t n = 0
        while n < 6 and given[n] is not _NOT_GIVEN:
            n += 1
        args = tuple(given[:n])
        kwargs = {}
        for name, value in zip(("filename", "line", "col", "end_line",
                                "end_col", "context")[n:], given[n:]):
            if value is not _NOT_GIVEN:
                kwargs[name] = value
        if start_line is not _NOT_GIVEN:
            kwargs["start_line"] = start_line
        if start_col is not _NOT_GIVEN:
            kwargs["start_col"] = start_col
        cdef list b = _bind_arguments(args, kwargs, _LOC_FILE_PARAMS)
        if b is not None and _loc_file_args_ok(b[0], b[1], b[2], b[3]):
            return _loc_file(b[0], b[1], b[2], None, None, b[3])
        b = _bind_arguments(args, kwargs, _LOC_RANGE_PARAMS)
        if b is not None and _loc_file_args_ok(b[0], b[1], b[2], b[5]) \
                and _is_c_int_arg(b[3]) and _is_c_int_arg(b[4]):
            return _loc_file(b[0], b[1], b[2], b[3], b[4], b[5])
        raise _incompatible_arguments("file", _LOC_FILE_SIGNATURES, args,
                                      kwargs)

    @staticmethod
    def name(name: str, childLoc: Location | None = None,
             context=None) -> Location:
        """The location named `name` (a str or bytes) around `childLoc` (the
        unknown location if None)."""
        cdef Context ctx = resolve_context(context)
        cdef bytes n
        cdef MlirLocation child
        cdef NameLoc r
        if childLoc is None:
            child = mlirLocationUnknownGet(ctx.c_context)
        elif isinstance(childLoc, Location):
            child = (<Location>childLoc).c_location
        else:
            raise _argument_type_error("childLoc must be a Location")
        if not PyUnicode_CheckExact(name):
            n = to_bytes(name, "name")
            return wrap_location(ctx, mlirLocationNameGet(
                ctx.c_context, str_ref(n), child))
        # Known to be a NameLoc, its name uniqued once per context.
        r = NameLoc.__new__(NameLoc)
        r.c_location = mlirCyLocationNameGetWithIdentifier(
            _cached_identifier(ctx, name, "name"), child)
        r.context = ctx
        return r

    @staticmethod
    def callsite(callee: Location, frames: Sequence[Location],
                 context=None) -> Location:
        """callee called from frames[0], itself called from frames[1], ..."""
        _context_param(context)
        if not isinstance(callee, Location):
            raise _argument_type_error("callee must be a Location")
        if not is_sequence_arg(frames):
            raise _argument_type_error(f"frames must be a sequence of "
                                       f"Locations, not {type(frames).__name__}")
        frames = list(frames)
        if not frames:
            raise ValueError("No caller frames provided.")
        for f in frames:
            if not isinstance(f, Location):
                raise _argument_type_error("frames must be Locations")
        cdef MlirLocation caller = (<Location>frames[-1]).c_location
        for f in reversed(frames[:-1]):
            caller = mlirLocationCallSiteGet((<Location>f).c_location, caller)
        cdef Location c = <Location>callee
        return wrap_location(c.context, mlirLocationCallSiteGet(c.c_location, caller))

    @staticmethod
    def fused(locations: Sequence[Location], metadata: Attribute | None = None,
              context=None) -> Location:
        """The fusion of `locations` (Locations of `context` or the current
        Context, ValueError otherwise) with an optional `metadata`
        Attribute; MLIR may fold trivial cases into a simpler location."""
        cdef Context ctx = resolve_context(context)
        cdef vector[MlirLocation] locs
        if not is_sequence_arg(locations):
            raise _argument_type_error(f"locations must be a sequence of "
                                       f"Locations, not {type(locations).__name__}")
        for l in locations:
            if not isinstance(l, Location):
                raise _argument_type_error("locations must be Locations")
            if (<Location>l).context is not ctx:
                raise ValueError("fused: a Location of another Context")
            locs.push_back((<Location>l).c_location)
        cdef MlirAttribute meta
        meta.ptr = NULL
        if metadata is not None:
            meta = attribute_handle_in(metadata, ctx, "metadata")
        return wrap_location(ctx, mlirLocationFusedGet(ctx.c_context, locs.size(),
                                                       locs.data(), meta))

    @staticmethod
    def from_attr(attribute: Attribute, context=None) -> Location:
        """The Location a location attribute holds (as Location.attr gives);
        ValueError for another attribute."""
        cdef MlirAttribute a = attribute_handle(attribute, "attribute")
        cdef Context ctx = resolve_context(context) if context is not None \
            else (<Attribute>attribute).context
        cdef MlirLocation loc = mlirLocationFromAttribute(a)
        if loc.ptr == NULL:
            raise ValueError(f"attribute is not a location: {attribute}")
        return wrap_location(ctx, loc)

    @property
    def typeid(self) -> TypeID:
        """The TypeID of the location's kind (upstream main)."""
        return wrap_typeid(mlirAttributeGetTypeID(
            mlirLocationGetAttribute(self.c_location)))

    @property
    def attr(self) -> Attribute:
        """The location as a LocationAttr attribute."""
        return wrap_attribute(self.context, mlirLocationGetAttribute(self.c_location))

    def emit_error(self, message) -> None:
        """Emits an error diagnostic at this location."""
        message = _str_param(message, "message")
        cdef bytes b = message.encode("utf-8")
        mlirEmitError(self.c_location, b)
        if deferred_pending():
            _deliver_deferred(self.context)

    def emit_remark(self, kind: RemarkKind, name: str, *, category: str = "",
                    sub_category: str = "", function_name: str = "",
                    message: str = "",
                    args: Sequence[tuple[str, str]] = ()) -> bool:
        """Emits an optimization remark of `kind` at this location through
        its context's remark engine (Context.enable_remarks); `message`
        (when not empty) and the `args` key/value pairs become its
        arguments. Returns whether it was emitted: False when the context
        has no remark engine, the filters leave `category` out, or `kind`
        is RemarkKind.UNKNOWN."""
        return _emit_remark(self, kind, name, category, sub_category,
                            function_name, message, args)

    # -- kinds and fields ---------------------------------------------------

    def is_a_file(self):
        """Whether this is a file location (file:line:col, or a range)."""
        return mlirLocationIsAFileLineColRange(self.c_location)

    def is_a_name(self):
        """Whether this is a name location."""
        return mlirLocationIsAName(self.c_location)

    def is_a_callsite(self):
        """Whether this is a call site location."""
        return mlirLocationIsACallSite(self.c_location)

    def is_a_fused(self):
        """Whether this is a fused location."""
        return mlirLocationIsAFused(self.c_location)

    def is_a_unknown(self):
        """Whether this is the unknown location."""
        return mlirLocationEqual(self.c_location,
                                 mlirLocationUnknownGet(self.context.c_context))

    def _expect(self, bint ok, str kind) -> None:
        if not ok:
            raise ValueError(f"Location is not a {kind} location: {self}")

    @property
    def filename(self) -> str:
        """The file name of a file location."""
        self._expect(mlirLocationIsAFileLineColRange(self.c_location), "file")
        return from_ref(mlirIdentifierStr(
            mlirLocationFileLineColRangeGetFilename(self.c_location)))

    @property
    def start_line(self) -> int:
        """The start line of a file location."""
        self._expect(mlirLocationIsAFileLineColRange(self.c_location), "file")
        return mlirLocationFileLineColRangeGetStartLine(self.c_location)

    @property
    def start_col(self) -> int:
        """The start column of a file location."""
        self._expect(mlirLocationIsAFileLineColRange(self.c_location), "file")
        return mlirLocationFileLineColRangeGetStartColumn(self.c_location)

    @property
    def end_line(self) -> int:
        """The end line of a file location."""
        self._expect(mlirLocationIsAFileLineColRange(self.c_location), "file")
        return mlirLocationFileLineColRangeGetEndLine(self.c_location)

    @property
    def end_col(self) -> int:
        """The end column of a file location."""
        self._expect(mlirLocationIsAFileLineColRange(self.c_location), "file")
        return mlirLocationFileLineColRangeGetEndColumn(self.c_location)

    @property
    def name_str(self) -> str:
        """The name of a name location."""
        self._expect(mlirLocationIsAName(self.c_location), "name")
        return from_ref(mlirIdentifierStr(mlirLocationNameGetName(self.c_location)))

    @property
    def child_loc(self) -> Location:
        """The location a name location wraps."""
        self._expect(mlirLocationIsAName(self.c_location), "name")
        return wrap_location(self.context, mlirLocationNameGetChildLoc(self.c_location))

    @property
    def callee(self) -> Location:
        """The callee of a call-site location."""
        self._expect(mlirLocationIsACallSite(self.c_location), "callsite")
        return wrap_location(self.context, mlirLocationCallSiteGetCallee(self.c_location))

    @property
    def caller(self) -> Location:
        """The caller of a call-site location."""
        self._expect(mlirLocationIsACallSite(self.c_location), "callsite")
        return wrap_location(self.context, mlirLocationCallSiteGetCaller(self.c_location))

    @property
    def locations(self) -> list[Location]:
        """The locations a fused location combines; [] for any other."""
        if not mlirLocationIsAFused(self.c_location):
            return []
        cdef unsigned int n = mlirLocationFusedGetNumLocations(self.c_location)
        cdef vector[MlirLocation] out
        out.resize(n)
        if n:
            mlirLocationFusedGetLocations(self.c_location, out.data())
        return [wrap_location(self.context, out[i]) for i in range(n)]

    @property
    def metadata(self) -> Attribute | None:
        """A fused location's metadata attribute; None if it has none or
        the location is not fused."""
        if not mlirLocationIsAFused(self.c_location):
            return None
        cdef MlirAttribute a = mlirLocationFusedGetMetadata(self.c_location)
        return None if a.ptr == NULL else wrap_attribute(self.context, a)

    # -- protocol -----------------------------------------------------------

    def __enter__(self):
        _push_frame(self, self.context, self, None)
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any):
        _pop_frame(self)

    def __eq__(self, other):
        if not isinstance(other, Location):
            return NotImplemented
        return mlirLocationEqual(self.c_location, (<Location>other).c_location)

    def __hash__(self):
        return hash(<uintptr_t>self.c_location.ptr)

    def __str__(self):
        cdef string buf
        mlirCyDeepLocationPrint(self.c_location, append_to_string, &buf)
        return decode_string(buf)

    def __repr__(self):
        return str(self)

    def __reduce__(self):
        return (_unpickle_location, (str(self),))

    @property
    def _CAPIPtr(self):
        return mlirPythonLocationToCapsule(self.c_location)

    @staticmethod
    def _CAPICreate(capsule):
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_LOCATION)
        cdef MlirLocation loc = mlirPythonCapsuleToLocation(capsule)
        return wrap_location(context_for_handle(mlirLocationGetContext(loc)),
                             loc)


# -- the kinds: upstream main's Location subclasses ---------------------------

cdef int _cast_location(Location self, object loc, MlirTypeID kind,
                        str cls_name) except -1:
    """The casting constructor of a kind's class: `FileLineColLoc(loc)`
    takes a Location of that kind (ValueError for another)."""
    if not isinstance(loc, Location):
        raise _argument_type_error(f"{cls_name}() takes a Location, not "
                        f"{type(loc).__name__}")
    cdef MlirLocation c = (<Location>loc).c_location
    if mlirAttributeGetTypeID(mlirLocationGetAttribute(c)).ptr != kind.ptr:
        raise ValueError(f"Cannot cast location to {cls_name} (from {loc})")
    self.c_location = c
    self.context = (<Location>loc).context
    return 0


@cython.final
@cython.no_gc
cdef class UnknownLoc(Location):
    """`loc(unknown)`: no source location."""
    static_typeid = wrap_typeid(_unknown_loc_typeid())

    def __init__(self, loc: Location):
        _cast_location(self, loc, _UNKNOWN_LOC_ID, "UnknownLoc")

    @staticmethod
    def get(context=None) -> UnknownLoc:
        """The unknown location of the context."""
        return Location.unknown(context)


@cython.final
@cython.no_gc
cdef class FileLineColLoc(Location):
    """`loc("file":line:col)` or a range `loc("file":l:c to l2:c2)`; its
    filename, start_line, start_col, end_line and end_col."""
    static_typeid = wrap_typeid(mlirLocationFileLineColRangeGetTypeID())

    def __init__(self, loc: Location):
        _cast_location(self, loc, _FILE_LOC_ID, "FileLineColLoc")

    @staticmethod
    def get(filename=_NOT_GIVEN, line=_NOT_GIVEN, col=_NOT_GIVEN,
            end_line=_NOT_GIVEN, end_col=_NOT_GIVEN, context=_NOT_GIVEN, *,
            start_line=_NOT_GIVEN, start_col=_NOT_GIVEN) -> FileLineColLoc:
        """A file location: get(filename, line, col, context=None), or a
        range: get(filename, start_line, start_col, end_line, end_col,
        context=None); as Location.file."""
        return Location.file(filename, line, col, end_line, end_col, context,
                             start_line=start_line, start_col=start_col)


@cython.final
@cython.no_gc
cdef class NameLoc(Location):
    """`loc("name"(child))`: a name and a child location (name_str,
    child_loc)."""
    static_typeid = wrap_typeid(mlirLocationNameGetTypeID())

    def __init__(self, loc: Location):
        _cast_location(self, loc, _NAME_LOC_ID, "NameLoc")

    @staticmethod
    def get(name: str, childLoc: Location | None = None,
            context=None) -> NameLoc:
        """The location `name`, around childLoc (default unknown); as
        Location.name."""
        return Location.name(name, childLoc, context)


@cython.final
@cython.no_gc
cdef class CallSiteLoc(Location):
    """`loc(callsite(callee at caller))`: callee and caller."""
    static_typeid = wrap_typeid(mlirLocationCallSiteGetTypeID())

    def __init__(self, loc: Location):
        _cast_location(self, loc, _CALLSITE_LOC_ID, "CallSiteLoc")

    @staticmethod
    def get(callee: Location, frames: Sequence[Location],
            context=None) -> CallSiteLoc:
        """callee called from frames[0], itself called from frames[1], ...;
        as Location.callsite."""
        return Location.callsite(callee, frames, context)


@cython.final
@cython.no_gc
cdef class FusedLoc(Location):
    """`loc(fused<metadata>[...])`: locations fused, with optional
    metadata (locations, metadata)."""
    static_typeid = wrap_typeid(mlirLocationFusedGetTypeID())

    def __init__(self, loc: Location):
        _cast_location(self, loc, _FUSED_LOC_ID, "FusedLoc")

    @staticmethod
    def get(locations: Sequence[Location], metadata: Attribute | None = None,
            context=None) -> FusedLoc:
        """The fused location of `locations`; ValueError where MLIR would
        collapse them to another kind (one location, or none, without
        metadata), for which Location.fused returns that kind."""
        loc = Location.fused(locations, metadata, context)
        if not isinstance(loc, FusedLoc):
            raise ValueError(f"FusedLoc.get would collapse to {loc} "
                             f"({type(loc).__name__}); use Location.fused "
                             "for that")
        return loc


cdef int _init_location_kinds() except -1:
    global _UNKNOWN_LOC_ID, _FILE_LOC_ID, _NAME_LOC_ID, _CALLSITE_LOC_ID, \
        _FUSED_LOC_ID
    _UNKNOWN_LOC_ID = (<TypeID>UnknownLoc.static_typeid).c_typeid
    _FILE_LOC_ID = mlirLocationFileLineColRangeGetTypeID()
    _NAME_LOC_ID = mlirLocationNameGetTypeID()
    _CALLSITE_LOC_ID = mlirLocationCallSiteGetTypeID()
    _FUSED_LOC_ID = mlirLocationFusedGetTypeID()
    return 0


cdef MlirTypeID _unknown_loc_typeid():
    """UnknownLoc's TypeID: the C API has no getter, so take it from an
    instance in a scratch context (TypeIDs are static)."""
    cdef MlirContext c = mlirContextCreateWithThreading(False)
    cdef MlirTypeID t = mlirAttributeGetTypeID(mlirLocationGetAttribute(
        mlirLocationUnknownGet(c)))
    mlirContextDestroy(c)
    return t


_init_location_kinds()


# -- Location.file's two overloads, bound as upstream's ----------------------

cdef tuple _LOC_FILE_PARAMS = (("filename", _REQUIRED), ("line", _REQUIRED),
                               ("col", _REQUIRED), ("context", None))
cdef tuple _LOC_RANGE_PARAMS = (
    ("filename", _REQUIRED), ("start_line", _REQUIRED),
    ("start_col", _REQUIRED), ("end_line", _REQUIRED),
    ("end_col", _REQUIRED), ("context", None))
cdef tuple _LOC_FILE_SIGNATURES = (
    "file(filename: str, line: int, col: int, context: Context | None = "
    "None) -> mlir._mlir_libs._mlir.ir.Location",
    "file(filename: str, start_line: int, start_col: int, end_line: int, "
    "end_col: int, context: Context | None = None) -> "
    "mlir._mlir_libs._mlir.ir.Location")


cdef bint _is_c_int_arg(object o):
    """Whether upstream's `int` parameter (a C int) takes `o`."""
    cdef int overflow = 0
    cdef long long v
    if PyLong_CheckExact(o):
        v = PyLong_AsLongLongAndOverflow(o, &overflow)
        return overflow == 0 and -2147483648 <= v <= 2147483647
    if not _is_int_arg(o):
        return False
    try:
        v = int(o)
    except Exception:
        return False
    return -2147483648 <= v <= 2147483647


cdef bint _loc_file_args_ok(object filename, object line, object col,
                            object context):
    return (isinstance(filename, str) and _is_c_int_arg(line)
            and _is_c_int_arg(col)
            and (context is None or isinstance(context, Context)))


cdef Location _loc_file(object filename, object line, object col,
                        object end_line, object end_col, object context):
    """The location of checked arguments: C ints, kept unsigned as MLIR
    does; a str subclass's filename as a str."""
    cdef Context ctx = resolve_context(context)
    if not PyUnicode_CheckExact(filename):
        filename = _str_param(filename, "filename")
    cdef unsigned int l = <unsigned int><int>line
    cdef unsigned int c = <unsigned int><int>col
    cdef FileLineColLoc r
    cdef MlirStringRef f
    if end_line is None:
        # Known to be a FileLineColLoc: no dispatch on its kind. The file's
        # name is uniqued once per context: MLIR uniques only the location.
        r = FileLineColLoc.__new__(FileLineColLoc)
        r.c_location = mlirCyLocationFileLineColGetWithIdentifier(
            _cached_identifier(ctx, filename, "filename"), l, c)
        r.context = ctx
        return r
    f = borrowed_ref(filename, "filename")
    return wrap_location(ctx, mlirLocationFileLineColRangeGet(
        ctx.c_context, f, l, c, <unsigned int><int>end_line,
        <unsigned int><int>end_col))
