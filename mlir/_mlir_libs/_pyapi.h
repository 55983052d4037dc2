/* CPython API calls the core makes outside Cython's own code, spelled once
 * for both builds:
 *
 * - the version-specific build (the default): CPython's macros and struct
 *   fields, as fast as they come;
 * - the stable-ABI build (Py_LIMITED_API, one `abi3` extension for every
 *   CPython from 3.11 on): the functions of the limited API that do the
 *   same, at the cost of a call each.
 *
 * MLIRCY_LIMITED_API tells the Cython code which build it is in, for the
 * few things the limited API cannot do at all (see its uses). */

#ifndef MLIR_CYTHON_PYAPI_H
#define MLIR_CYTHON_PYAPI_H

#include <Python.h>

#ifdef Py_LIMITED_API
#define MLIRCY_LIMITED_API 1

/* The buffer of a bytes object (writable while the object is new). */
static inline char *mlircy_bytes_data(PyObject *o) {
  return PyBytes_AsString(o);
}
/* Size and borrowed items of a tuple the caller has checked. */
static inline Py_ssize_t mlircy_tuple_size(PyObject *t) {
  return PyTuple_Size(t);
}
static inline PyObject *mlircy_tuple_item(PyObject *t, Py_ssize_t i) {
  return PyTuple_GetItem(t, i);
}
/* Size and borrowed items of an exact list or tuple. */
static inline Py_ssize_t mlircy_fast_size(PyObject *o) {
  return PyList_Check(o) ? PyList_Size(o) : PyTuple_Size(o);
}
static inline PyObject *mlircy_fast_item(PyObject *o, Py_ssize_t i) {
  return PyList_Check(o) ? PyList_GetItem(o, i) : PyTuple_GetItem(o, i);
}
/* A type's tp_new slot. */
static inline newfunc mlircy_tp_new(PyTypeObject *t) {
  return (newfunc)PyType_GetSlot(t, Py_tp_new);
}

#else
#define MLIRCY_LIMITED_API 0

static inline char *mlircy_bytes_data(PyObject *o) {
  return PyBytes_AS_STRING(o);
}
static inline Py_ssize_t mlircy_tuple_size(PyObject *t) {
  return PyTuple_GET_SIZE(t);
}
static inline PyObject *mlircy_tuple_item(PyObject *t, Py_ssize_t i) {
  return PyTuple_GET_ITEM(t, i);
}
static inline Py_ssize_t mlircy_fast_size(PyObject *o) {
  return PySequence_Fast_GET_SIZE(o);
}
static inline PyObject *mlircy_fast_item(PyObject *o, Py_ssize_t i) {
  return PySequence_Fast_GET_ITEM(o, i);
}
static inline newfunc mlircy_tp_new(PyTypeObject *t) { return t->tp_new; }

#endif

/* cls() without running __init__: `cls`'s tp_new with no arguments. */
static inline PyObject *mlircy_new_instance(PyTypeObject *cls,
                                            PyObject *no_args) {
  return mlircy_tp_new(cls)(cls, no_args, NULL);
}

#endif /* MLIR_CYTHON_PYAPI_H */
