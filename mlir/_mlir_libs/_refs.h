/* Taking a reference to an object reached through a borrowed pointer.
 *
 * The live maps of the object model (a context's operations, the live
 * Contexts and Modules) hold borrowed pointers: an object removes itself in
 * its __dealloc__. With the GIL, an object found in a map is alive. On a
 * free-threaded interpreter another thread may be dropping the last
 * reference at the same moment, and a plain Py_INCREF would revive an object
 * that is already being freed. There, objects entered into a map are marked
 * (mlircy_enable_try_incref) so that their last decref and
 * mlircy_try_incref race through one compare-and-swap: taking the reference
 * fails once the object is dying, and the caller treats it as absent.
 * CPython 3.14 provides this as PyUnstable_TryIncRef; for 3.13 the same
 * steps are spelled out on the object's shared reference count. */
#ifndef MLIR_CYTHON_REFS_H
#define MLIR_CYTHON_REFS_H

#include <Python.h>
#include <stdint.h>

#if defined(Py_GIL_DISABLED) && PY_VERSION_HEX >= 0x030E0000
static inline void mlircy_enable_try_incref(PyObject *o) {
  PyUnstable_EnableTryIncRef(o);
}
static inline int mlircy_try_incref(PyObject *o) {
  return PyUnstable_TryIncRef(o);
}
#elif defined(Py_GIL_DISABLED)
static inline void mlircy_enable_try_incref(PyObject *o) {
  if (_Py_IsImmortal(o))
    return;
  for (;;) {
    Py_ssize_t shared = _Py_atomic_load_ssize_relaxed(&o->ob_ref_shared);
    if ((shared & _Py_REF_SHARED_FLAG_MASK) != 0)
      return;
    if (_Py_atomic_compare_exchange_ssize(&o->ob_ref_shared, &shared,
                                          shared | _Py_REF_MAYBE_WEAKREF))
      return;
  }
}
static inline int mlircy_try_incref(PyObject *o) {
  uint32_t local = _Py_atomic_load_uint32_relaxed(&o->ob_ref_local);
  if (local == UINT32_MAX)                    /* immortal */
    return 1;
  if (local != 0 && _Py_IsOwnedByCurrentThread(o)) {
    /* Only the owning thread changes the local count, and it holds one. */
    _Py_atomic_store_uint32_relaxed(&o->ob_ref_local, local + 1);
    return 1;
  }
  Py_ssize_t shared = _Py_atomic_load_ssize_relaxed(&o->ob_ref_shared);
  for (;;) {
    if (shared == 0 || shared == _Py_REF_MERGED)  /* dying, or never marked */
      return 0;
    if (_Py_atomic_compare_exchange_ssize(
            &o->ob_ref_shared, &shared, shared + (1 << _Py_REF_SHARED_SHIFT)))
      return 1;
  }
}
#else
static inline void mlircy_enable_try_incref(PyObject *o) { (void)o; }
static inline int mlircy_try_incref(PyObject *o) {
  Py_INCREF(o);
  return 1;
}
#endif

/* A new reference to `o`, or to None if `o` is NULL or dying. */
static inline PyObject *mlircy_take_or_none(PyObject *o) {
  if (o != NULL && mlircy_try_incref(o))
    return o;
  Py_INCREF(Py_None);
  return Py_None;
}

#endif
