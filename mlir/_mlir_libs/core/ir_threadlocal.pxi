# The thread-local stack of (Context, Location, InsertionPoint) frames that
# `with` statements push and pop. Threads never see each other's frames.

import threading

cdef object _tls = threading.local()

cdef extern from "Python.h":
    ctypedef struct Py_tss_t:
        pass
    Py_tss_t* PyThread_tss_alloc()
    int PyThread_tss_create(Py_tss_t* key)
    void* PyThread_tss_get(Py_tss_t* key)
    int PyThread_tss_set(Py_tss_t* key, void* value)

# Fast path to this thread's frame list: a borrowed pointer to the list that
# _tls owns (the list dies with its thread, and no other thread reads the
# slot). The key is allocated (the limited API's only way to have one) and
# lives as long as the process.
cdef Py_tss_t* _frames_key = PyThread_tss_alloc()
if _frames_key == NULL or PyThread_tss_create(_frames_key) != 0:
    raise MemoryError("cannot allocate a thread-specific storage key")


cdef class _Frame:
    cdef object entered     # the object whose __enter__ pushed this frame
    cdef Context context
    cdef object location    # Location or None
    cdef object ip          # InsertionPoint or None


cdef list _frames():
    cdef void* p = PyThread_tss_get(_frames_key)
    if p != NULL:
        return <list>p
    frames = []
    _tls.frames = frames
    PyThread_tss_set(_frames_key, <void*>frames)
    return frames


cdef _Frame _top_frame():
    cdef list frames = _frames()
    return frames[-1] if frames else None


cdef void _push_frame(object entered, Context context, object location,
                      object ip) except *:
    cdef list frames = _frames()
    cdef _Frame f = _Frame.__new__(_Frame)
    f.entered = entered
    f.context = context
    f.location = location
    f.ip = ip
    if frames:
        prev = <_Frame>frames[-1]
        # Within the same context, a frame inherits what it does not set.
        if prev.context is context:
            if f.location is None:
                f.location = prev.location
            if f.ip is None:
                f.ip = prev.ip
    frames.append(f)


cdef void _pop_frame(object entered) except *:
    cdef list frames = _frames()
    if not frames or (<_Frame>frames[-1]).entered is not entered:
        raise RuntimeError(
            f"unbalanced exit of {type(entered).__name__}: it is not the "
            "innermost active 'with' of this thread")
    frames.pop()


cdef Context current_context():
    cdef _Frame f = _top_frame()
    return None if f is None else f.context


cdef Context resolve_context(object context):
    """The explicit context if given, else the current one; else an error."""
    if context is not None:
        if not isinstance(context, Context):
            raise _argument_type_error(
                f"context must be a Context, not {type(context).__name__}")
        return <Context>context
    cdef Context ctx = current_context()
    if ctx is None:
        raise RuntimeError(
            "An MLIR function requires a Context but none was provided in the "
            "call or from the surrounding environment. Either pass to the "
            "function with a 'context=' argument or establish a default using "
            "'with Context():'")
    return ctx


cdef Location resolve_location(object loc):
    """The explicit location if given, else the current one; else an error."""
    if loc is not None:
        if not isinstance(loc, Location):
            raise _argument_type_error(f"loc must be a Location, not {type(loc).__name__}")
        return <Location>loc
    cdef _Frame f = _top_frame()
    if f is None or f.location is None:
        raise RuntimeError(
            "An MLIR function requires a Location but none was provided in the "
            "call or from the surrounding environment. Either pass to the "
            "function with a 'loc=' argument or establish a default using "
            "'with loc:'")
    return <Location>f.location


cdef InsertionPoint resolve_ip(object ip):
    """The explicit insertion point if given, else the current one, else
    None (create detached). ip=False forces detached creation."""
    if ip is not None:
        if ip is False:
            return None
        if not isinstance(ip, InsertionPoint):
            raise _argument_type_error(
                f"ip must be an InsertionPoint, not {type(ip).__name__}")
        return <InsertionPoint>ip
    cdef _Frame f = _top_frame()
    if f is None:
        return None
    return <InsertionPoint>f.ip if f.ip is not None else None


cdef object current_location():
    cdef _Frame f = _top_frame()
    return None if f is None else f.location


cdef object current_ip():
    cdef _Frame f = _top_frame()
    return None if f is None else f.ip
