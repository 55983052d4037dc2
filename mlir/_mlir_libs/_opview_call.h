/* Constructing registered OpView classes without type_call's detour.
 *
 * `arith.AddIOp(a, b)` calls a Python class. For a class without a
 * vectorcall entry CPython builds an argument tuple (and a dict for keyword
 * arguments), runs type_call, which runs tp_new and then slot_tp_init, which
 * looks up __init__ and calls it with the tuple and dict: some three hundred
 * instructions per operation before the builder starts. This entry does
 * what type_call does for these classes, passing the arguments through as
 * a vector:
 *
 *   self = tp_new(cls)                  (OpView's: it takes no arguments)
 *   cls.__init__(self, *args, **kw)     (looked up on every call)
 *   a non-None return from __init__ is a TypeError, as in type_call.
 *
 * It is installed on each class register_operation() registers (vectorcall
 * entries are not inherited, so unregistered subclasses keep type_call). It
 * falls back to type_call whenever its preconditions do not hold: a class
 * whose tp_new is no longer OpView's (a __new__ was defined or assigned), or
 * whose __init__ is not a plain method descriptor (a function, or a Cython
 * function).
 *
 * Not installed on free-threaded builds: _PyType_Lookup returns a borrowed
 * reference that another thread could drop by reassigning __init__.
 */

#ifndef MLIR_CYTHON_OPVIEW_CALL_H
#define MLIR_CYTHON_OPVIEW_CALL_H

#include <Python.h>
#include <string.h>

static newfunc mlircy_opview_new = NULL;
static PyObject *mlircy_init_name = NULL;
static PyObject *mlircy_no_args = NULL;

static PyObject *mlircy_type_call(PyObject *cls, PyObject *const *args,
                                  Py_ssize_t nargs, PyObject *kwnames) {
  PyObject *tuple = PyTuple_New(nargs);
  if (!tuple)
    return NULL;
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    Py_INCREF(args[i]);
    PyTuple_SET_ITEM(tuple, i, args[i]);
  }
  PyObject *kwargs = NULL;
  if (kwnames && PyTuple_GET_SIZE(kwnames)) {
    kwargs = PyDict_New();
    if (!kwargs) {
      Py_DECREF(tuple);
      return NULL;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(kwnames); ++i) {
      if (PyDict_SetItem(kwargs, PyTuple_GET_ITEM(kwnames, i),
                         args[nargs + i]) < 0) {
        Py_DECREF(tuple);
        Py_DECREF(kwargs);
        return NULL;
      }
    }
  }
  PyObject *res = PyType_Type.tp_call(cls, tuple, kwargs);
  Py_DECREF(tuple);
  Py_XDECREF(kwargs);
  return res;
}

static PyObject *mlircy_opview_vectorcall(PyObject *cls,
                                          PyObject *const *args,
                                          size_t nargsf, PyObject *kwnames) {
  PyTypeObject *tp = (PyTypeObject *)cls;
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  PyObject *init;
  if (tp->tp_new != mlircy_opview_new ||
      !(init = _PyType_Lookup(tp, mlircy_init_name)) ||
      !PyType_HasFeature(Py_TYPE(init), Py_TPFLAGS_METHOD_DESCRIPTOR))
    return mlircy_type_call(cls, args, nargs, kwnames);
  Py_INCREF(init);
  PyObject *self = tp->tp_new(tp, mlircy_no_args, NULL);
  if (!self) {
    Py_DECREF(init);
    return NULL;
  }
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  PyObject *res;
  if (nargsf & PY_VECTORCALL_ARGUMENTS_OFFSET) {
    /* The caller lets us use args[-1]: put self there. */
    PyObject **shifted = (PyObject **)args - 1;
    PyObject *saved = shifted[0];
    shifted[0] = self;
    res = PyObject_Vectorcall(init, shifted, nargs + 1, kwnames);
    shifted[0] = saved;
  } else {
    PyObject *small[16];
    PyObject **buf = small;
    if (nargs + nkw + 1 > 16) {
      buf = (PyObject **)PyMem_Malloc((nargs + nkw + 1) * sizeof(PyObject *));
      if (!buf) {
        Py_DECREF(init);
        Py_DECREF(self);
        return PyErr_NoMemory();
      }
    }
    buf[0] = self;
    memcpy(buf + 1, args, (nargs + nkw) * sizeof(PyObject *));
    res = PyObject_Vectorcall(init, buf, nargs + 1, kwnames);
    if (buf != small)
      PyMem_Free(buf);
  }
  Py_DECREF(init);
  if (!res) {
    Py_DECREF(self);
    return NULL;
  }
  if (res != Py_None) {
    PyErr_Format(PyExc_TypeError, "__init__() should return None, not '%.200s'",
                 Py_TYPE(res)->tp_name);
    Py_DECREF(res);
    Py_DECREF(self);
    return NULL;
  }
  Py_DECREF(res);
  return self;
}

/* Installs the entry on `cls`, a subclass of `opview`; returns 1 if it did,
 * 0 if this build does not use it, -1 with an exception set on error. */
static int mlircy_install_opview_vectorcall(PyObject *cls, PyObject *opview) {
#ifdef Py_GIL_DISABLED
  (void)cls;
  (void)opview;
  return 0;
#else
  if (!mlircy_init_name) {
    mlircy_no_args = PyTuple_New(0);
    if (!mlircy_no_args)
      return -1;
    mlircy_init_name = PyUnicode_InternFromString("__init__");
    if (!mlircy_init_name)
      return -1;
  }
  mlircy_opview_new = ((PyTypeObject *)opview)->tp_new;
  ((PyTypeObject *)cls)->tp_vectorcall = mlircy_opview_vectorcall;
  return 1;
#endif
}

#endif /* MLIR_CYTHON_OPVIEW_CALL_H */
