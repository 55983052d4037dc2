# Traceback-based locations (upstream's mlir.ir.loc_tracebacks).
#
# While globals.set_loc_tracebacks_enabled(True) holds (mlir.ir's
# loc_tracebacks() turns it on for a block), an operation or module created
# without loc= is located where the Python call stack creating it is,
# instead of at the current Location. The stack is read from the
# interpreter's frames, innermost first: each frame whose file is kept
# becomes a NameLoc of its code's qualified name around a FileLineColRange
# of the instruction it is executing (the call being made: lines and
# 0-based columns as code.co_positions() gives them), and the kept frames,
# at most the frame limit of them, nest as
#     callsite(frame0 at callsite(frame1 at ... frameN))
# (one frame alone is its NameLoc; none is loc(unknown)).
#
# Compiled code has no Python frame: our builders (generated dialect
# modules, arith.constant, Operation.create) add nothing, so the innermost
# frame is the Python code that called them. Upstream's generated builders
# are Python and exclude their own files on import instead.
#
# Which files are kept: a file whose name starts with a registered
# inclusion is kept; else one that starts with a registered exclusion is
# left out; else it is kept. Registering a name in one set takes it out of
# the other. (Upstream builds one regular expression per set; once a set
# has been emptied by such a move, its empty expression matches every
# file. Here an empty set matches nothing, which is what the sets mean.)
#
# How the three sources of a location compose while the setting is on
# (upstream main's loc_tracebacks(on_explicit_actn=, current_loc_actn=)):
# an explicit loc= is used (OnExplicitAction.USE_EXPLICIT) or replaced by
# the call stack's location (USE_TRACEBACK); with
# CurrentLocAction.NAMELOC_WRAP, that location is then wrapped in the chain
# of NameLocs the current Location starts with (none when it is not a
# NameLoc), outermost first; with FALLBACK the current Location is not used.
#
# With the setting off, creating an operation costs one test of a C flag
# (operation_location).
#
# Python 3.10 has neither code.co_qualname nor column positions: frames
# are then named by co_name and located at line:0, as upstream does.

import itertools

from cpython.number cimport PyIndex_Check

cdef extern from *:
    """
    #include <frameobject.h>
    #include "_pyapi.h"
    #if PY_VERSION_HEX >= 0x030B0000
    #define MLIRCY_CODE_POSITIONS 1
    #else
    #define MLIRCY_CODE_POSITIONS 0
    #endif

    /* The interpreter's innermost Python frame, or None when no Python
       code is running (a new reference either way). */
    static PyObject* mlircy_innermost_frame(void) {
      PyObject* frame = (PyObject*)PyEval_GetFrame();
      if (frame == NULL)
        frame = Py_None;
      Py_INCREF(frame);
      return frame;
    }

    /* Where `frame` is: the position of the instruction it executes (3.11
       and later: start/end line and 0-based start/end column; 3.10: the
       line, columns 0). Unknown parts are 0. -1 with an exception set when
       the interpreter fails; 1 in the stable-ABI build, whose API has no
       instruction positions (the caller asks the frame in Python). */
    static int mlircy_frame_position(PyObject* frame, int* line, int* col,
                                     int* end_line, int* end_col) {
      *line = *col = *end_line = *end_col = 0;
    #if MLIRCY_LIMITED_API
      return 1;
    #elif MLIRCY_CODE_POSITIONS
      PyCodeObject* code = PyFrame_GetCode((PyFrameObject*)frame);
      int found = PyCode_Addr2Location(
          code, PyFrame_GetLasti((PyFrameObject*)frame), line, col,
          end_line, end_col);
      Py_DECREF(code);
      if (!found && PyErr_Occurred())
        return -1;
    #else
      *line = PyFrame_GetLineNumber((PyFrameObject*)frame);
      *end_line = *line;
    #endif
      if (*line < 0) *line = 0;
      if (*col < 0) *col = 0;
      if (*end_line < 0) *end_line = 0;
      if (*end_col < 0) *end_col = 0;
      return 0;
    }
    """
    bint MLIRCY_CODE_POSITIONS
    object mlircy_innermost_frame()
    int mlircy_frame_position(object frame, int* line, int* col,
                              int* end_line, int* end_col) except -1


cdef int _frame_position_py(object frame, int* line, int* col, int* end_line,
                            int* end_col) except -1:
    """mlircy_frame_position through the frame's Python attributes: the
    position of instruction f_lasti (2-byte code units) in co_positions()."""
    cdef Py_ssize_t index = frame.f_lasti // 2
    if index < 0:
        return 0
    pos = next(itertools.islice(frame.f_code.co_positions(), index, None),
               None)
    if pos is None:
        return 0
    line[0], end_line[0], col[0], end_col[0] = [
        p if p is not None and p > 0 else 0 for p in pos]
    return 0


# The most frames a traceback location holds: the frame limit's ceiling.
cdef Py_ssize_t _TB_MAX_FRAMES = 512

cdef bint _tb_enabled = False
cdef Py_ssize_t _tb_frame_limit = 10


@cython.final
cdef class _TracebackFiles:
    """The registered inclusions and exclusions (file name prefixes) and
    the verdict already reached for each file name seen. Guarded by its
    own critical section on a free-threaded interpreter."""
    cdef tuple included
    cdef tuple excluded
    cdef dict verdicts

    def __cinit__(self):
        self.included = ()
        self.excluded = ()
        self.verdicts = {}

    cdef int register(self, str prefix, bint keep) except -1:
        """Adds `prefix` to the inclusions (keep) or the exclusions, and
        takes it out of the other set."""
        with cython.critical_section(self):
            if keep:
                self.included = _with_prefix(self.included, prefix)
                self.excluded = _without_prefix(self.excluded, prefix)
            else:
                self.excluded = _with_prefix(self.excluded, prefix)
                self.included = _without_prefix(self.included, prefix)
            self.verdicts = {}
        return 0

    cdef bint keeps(self, str file) except -1:
        """Whether the frames of `file` go into traceback locations."""
        with cython.critical_section(self):
            verdict = self.verdicts.get(file)
            if verdict is None:
                # str.startswith(()) is False: an empty set matches nothing.
                verdict = (file.startswith(self.included)
                           or not file.startswith(self.excluded))
                self.verdicts[file] = verdict
            return verdict is True


cdef tuple _with_prefix(tuple prefixes, str prefix):
    """`prefixes` with `prefix` added (once)."""
    return prefixes if prefix in prefixes else prefixes + (prefix,)


cdef tuple _without_prefix(tuple prefixes, str prefix):
    """`prefixes` without `prefix`."""
    return tuple(p for p in prefixes if p != prefix)


cdef _TracebackFiles _tb_files = _TracebackFiles()


cdef inline MlirStringRef _utf8_ref(str s) except *:
    """A borrowed UTF-8 view of `s`, valid while `s` is alive (the str
    caches its encoding)."""
    cdef Py_ssize_t size
    cdef const char* data = PyUnicode_AsUTF8AndSize(s, &size)
    return mlirStringRefCreate(data, size)


cdef MlirLocation _frame_location(Context ctx, object frame, object code,
                                  str file) except *:
    """The NameLoc of one Python frame: its code's qualified name around
    the position of the instruction it executes."""
    cdef int line, col, end_line, end_col
    if mlircy_frame_position(frame, &line, &col, &end_line, &end_col) == 1:
        _frame_position_py(frame, &line, &col, &end_line, &end_col)
    cdef MlirLocation at
    cdef str name
    if MLIRCY_CODE_POSITIONS:
        name = code.co_qualname
        at = mlirLocationFileLineColRangeGet(
            ctx.c_context, _utf8_ref(file), line, col, end_line, end_col)
    else:
        name = code.co_name
        at = mlirLocationFileLineColGet(ctx.c_context, _utf8_ref(file),
                                        line, 0)
    return mlirLocationNameGet(ctx.c_context, _utf8_ref(name), at)


cdef Location traceback_location():
    """The location of the Python call stack running now, in the current
    Context (upstream's RuntimeError when there is none)."""
    cdef Context ctx = resolve_context(None)
    cdef Py_ssize_t limit = _tb_frame_limit
    cdef vector[MlirLocation] frames
    cdef object frame = mlircy_innermost_frame()
    cdef str file
    while frame is not None and <Py_ssize_t>frames.size() < limit:
        code = frame.f_code
        file = code.co_filename
        if _tb_files.keeps(file):
            frames.push_back(_frame_location(ctx, frame, code, file))
        frame = frame.f_back
    if frames.empty():
        return wrap_location(ctx, mlirLocationUnknownGet(ctx.c_context))
    cdef MlirLocation loc = frames.back()
    cdef Py_ssize_t i
    for i in range(<Py_ssize_t>frames.size() - 2, -1, -1):
        loc = mlirLocationCallSiteGet(frames[i], loc)
    return wrap_location(ctx, loc)


class OnExplicitAction(enum.Enum):
    """With traceback locations on: whether an explicit loc= is used
    (USE_EXPLICIT) or replaced by the call stack's location
    (USE_TRACEBACK)."""
    USE_EXPLICIT = 0
    USE_TRACEBACK = 1


class CurrentLocAction(enum.Enum):
    """With traceback locations on: whether the current Location is left
    out (FALLBACK: used only while they are off) or its NameLocs wrap the
    location (NAMELOC_WRAP)."""
    FALLBACK = 0
    NAMELOC_WRAP = 1


cdef int _tb_on_explicit = 0        # an OnExplicitAction's value
cdef int _tb_current_loc = 0        # a CurrentLocAction's value


cdef inline Location operation_location(object loc):
    """Where an operation created with `loc` goes: `loc` when given, else
    the current Location; while traceback locations are on, as the actions
    compose them (_traceback_operation_location)."""
    if not _tb_enabled:
        return resolve_location(loc)
    return _traceback_operation_location(loc)


cdef Location _traceback_operation_location(object loc):
    cdef Location base
    if loc is not None and _tb_on_explicit == 0:
        base = resolve_location(loc)
    else:
        if loc is not None and not isinstance(loc, Location):
            raise TypeError(f"loc must be a Location, not {type(loc).__name__}")
        base = traceback_location()
    if _tb_current_loc == 1:
        return _wrap_in_current_names(base)
    return base


cdef Location _wrap_in_current_names(Location base):
    """`base` inside the NameLocs the current Location begins with (the
    whole chain, outermost outside; none if it is not a NameLoc or of
    another context)."""
    cur = current_location()
    if cur is None or (<Location>cur).context is not base.context:
        return base
    cdef vector[MlirIdentifier] names
    cdef MlirLocation walk = (<Location>cur).c_location
    while mlirLocationIsAName(walk):
        names.push_back(mlirLocationNameGetName(walk))
        walk = mlirLocationNameGetChildLoc(walk)
    if names.empty():
        return base
    cdef MlirLocation loc = base.c_location
    cdef Py_ssize_t i
    for i in range(<Py_ssize_t>names.size() - 1, -1, -1):
        loc = mlirLocationNameGet(base.context.c_context,
                                  mlirIdentifierStr(names[i]), loc)
    return wrap_location(base.context, loc)


# -- the settings, as upstream's _Globals methods take them ---------------

cdef int _set_tracebacks_enabled(object self, object enabled) except -1:
    """True or False (nothing else, as upstream's bool parameter)."""
    global _tb_enabled
    if not PyBool_Check(enabled):
        raise _incompatible_arguments(
            "set_loc_tracebacks_enabled",
            ("set_loc_tracebacks_enabled(self, arg: bool, /) -> None",),
            (self, enabled), {})
    _tb_enabled = enabled is True
    return 0


cdef int _set_tracebacks_frame_limit(object self, object limit) except -1:
    """None: the ceiling; an int (or an object with __index__, not a
    float) of 32 bits: at most the ceiling, a negative one the ceiling
    (upstream stores it as an unsigned size)."""
    global _tb_frame_limit
    cdef object n
    if limit is None:
        n = _TB_MAX_FRAMES
    else:
        n = None
        if PyIndex_Check(limit) and not isinstance(limit, float):
            n = PyNumber_Index(limit)
            if not -(1 << 31) <= n < (1 << 31):
                n = None
        if n is None:
            raise _incompatible_arguments(
                "set_loc_tracebacks_frame_limit",
                ("set_loc_tracebacks_frame_limit(self, arg: int | None) "
                 "-> None",),
                (self, limit), {})
    _tb_frame_limit = (_TB_MAX_FRAMES if n < 0 or n > _TB_MAX_FRAMES
                       else <Py_ssize_t>n)
    return 0


cdef int _traceback_action(object self, str method, object action,
                           object kind) except -1:
    """The value of an action: a member of `kind` (upstream's enum), or its
    int value."""
    if isinstance(action, kind):
        return action.value
    if PyIndex_Check(action) and not isinstance(action, float) and \
            not isinstance(action, enum.Enum):
        n = PyNumber_Index(action)
        if n in (0, 1):
            return n
    raise _incompatible_arguments(
        method, (f"{method}(self, arg: mlir._mlir_libs._mlir.{kind.__name__}"
                 f", /) -> None",), (self, action), {})


cdef int _register_traceback_file(object self, str method, object file,
                                  bint keep) except -1:
    """A str that encodes to UTF-8 (upstream's std::string parameter),
    registered as an inclusion (keep) or an exclusion."""
    valid = isinstance(file, str)
    if valid:
        try:
            PyUnicode_AsUTF8AndSize(file, NULL)
        except UnicodeEncodeError:
            valid = False
    if not valid:
        raise _incompatible_arguments(
            method, (f"{method}(self, arg: str, /) -> None",),
            (self, file), {})
    _tb_files.register(<str>file, keep)
    return 0
