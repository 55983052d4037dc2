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
 * __init__ is found as type_call finds it: the first entry of that name in
 * the dictionaries of the class's MRO, undecorated (a staticmethod there is
 * a staticmethod, not its function), as a new reference, so another thread
 * reassigning __init__ cannot free it under us. On the GIL builds of the
 * CPython versions this was written for (3.11 to 3.14), that lookup is
 * CPython's _PyType_Lookup, which caches it; elsewhere (free-threaded
 * builds, later versions) it is spelled out with public API:
 * PyType_GetDict and PyDict_GetItemRef over the class's __mro__.
 *
 * The stable-ABI build (Py_LIMITED_API) cannot set a type's vectorcall
 * entry: its op classes are called through type_call, as any class.
 */

#ifndef MLIR_CYTHON_OPVIEW_CALL_H
#define MLIR_CYTHON_OPVIEW_CALL_H

#include <Python.h>
#include <string.h>

#ifdef Py_LIMITED_API

static int mlircy_init_opview_vectorcall(PyObject *opview) { return 0; }
static void mlircy_install_opview_vectorcall(PyObject *cls) {}

#else

static newfunc mlircy_opview_new = NULL;
static PyObject *mlircy_init_name = NULL;
static PyObject *mlircy_no_args = NULL;

#if !defined(Py_GIL_DISABLED) && PY_VERSION_HEX < 0x030F0000
#define MLIRCY_INTERNAL_TYPE_LOOKUP 1
#else
#define MLIRCY_INTERNAL_TYPE_LOOKUP 0
#endif

static PyObject *mlircy_mro_name = NULL;

/* The entry `name` of the first dictionary on `tp`'s MRO that has one, as a
 * new reference; NULL (with no exception set) if there is none or the
 * lookup failed. */
static PyObject *mlircy_type_lookup(PyTypeObject *tp, PyObject *name) {
#if MLIRCY_INTERNAL_TYPE_LOOKUP
  PyObject *res = _PyType_Lookup(tp, name);
  Py_XINCREF(res);
  return res;
#else
  PyObject *mro = PyObject_GetAttr((PyObject *)tp, mlircy_mro_name);
  PyObject *res = NULL;
  if (mro && PyTuple_Check(mro)) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(mro) && !res; ++i) {
      PyObject *base = PyTuple_GET_ITEM(mro, i);
      if (!PyType_Check(base))
        continue;
      PyObject *dict = PyType_GetDict((PyTypeObject *)base);
      if (!dict)
        break;
      int found = PyDict_GetItemRef(dict, name, &res);
      Py_DECREF(dict);
      if (found < 0)
        break;
    }
  }
  Py_XDECREF(mro);
  PyErr_Clear();
  return res;
#endif
}

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
  if (tp->tp_new != mlircy_opview_new)
    return mlircy_type_call(cls, args, nargs, kwnames);
  PyObject *init = mlircy_type_lookup(tp, mlircy_init_name);
  if (!init)
    return mlircy_type_call(cls, args, nargs, kwnames);
  if (!PyType_HasFeature(Py_TYPE(init), Py_TPFLAGS_METHOD_DESCRIPTOR)) {
    Py_DECREF(init);
    return mlircy_type_call(cls, args, nargs, kwnames);
  }
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

/* Sets up the entry for subclasses of `opview`; called once, when the
 * module is imported. Returns 0, or -1 with an exception set. */
static int mlircy_init_opview_vectorcall(PyObject *opview) {
  mlircy_no_args = PyTuple_New(0);
  if (!mlircy_no_args)
    return -1;
  mlircy_init_name = PyUnicode_InternFromString("__init__");
  if (!mlircy_init_name)
    return -1;
  mlircy_mro_name = PyUnicode_InternFromString("__mro__");
  if (!mlircy_mro_name)
    return -1;
  mlircy_opview_new = ((PyTypeObject *)opview)->tp_new;
  return 0;
}

/* Installs the entry on `cls`, a subclass of the `opview` given to
 * mlircy_init_opview_vectorcall. */
static void mlircy_install_opview_vectorcall(PyObject *cls) {
  ((PyTypeObject *)cls)->tp_vectorcall = mlircy_opview_vectorcall;
}

#endif /* Py_LIMITED_API */

#endif /* MLIR_CYTHON_OPVIEW_CALL_H */
