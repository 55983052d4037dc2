/* Calling a generated builder: the argument binding of every op's __init__
 * and snake_case function, done once here from a table instead of once per
 * op by Cython.
 *
 * A generated module used to define two Python functions per op, whose
 * argument parsing Cython expands into C++ for each (most of the module's
 * C++, and of its compile time). Now a builder is an object of
 * _ods_runtime's `_ods_builder` class holding an mlircy_sig: its parameter
 * names as callers write them, how many are positional and which of those
 * may be left out, and the C function that builds the op from the bound
 * values. This file binds a call's arguments to those parameters as
 * CPython binds them for a Python function of that signature, with
 * CPython's messages for the same mistakes (so the builders fail as
 * upstream's Python builders do), and calls the C function.
 *
 * The signature: `self` first for an __init__, the positional parameters
 * (required, or defaulting to None where `optional` says so), then the
 * keyword-only ones, which all default to None. No *args, no **kwargs.
 *
 * An _ods_builder is called through vectorcall (set up on its type by
 * mlircy_builder_type_ready) or, in the stable-ABI build, where a type
 * cannot have a vectorcall entry before 3.12, through its __call__, which
 * hands the same arrays here.
 */

#ifndef MLIR_CYTHON_ODS_CALL_H
#define MLIR_CYTHON_ODS_CALL_H

#include <Python.h>
#include <string.h>

/* The generated C function: `self` (None for the snake_case function) and
 * the values of the other parameters, in signature order (None where not
 * given). Returns the operation (a new reference), or NULL with an
 * exception set. */
typedef PyObject *(*mlircy_build_fn)(PyObject *self, PyObject **values);
/* What the snake_case function returns for the operation (new reference). */
typedef PyObject *(*mlircy_post_fn)(PyObject *op);
/* The error of an __init__ called on a `self` it cannot bind: raises
 * (returns -1). */
typedef int (*mlircy_self_error_fn)(PyObject *self, PyObject *qualname);

#ifndef Py_LIMITED_API
typedef vectorcallfunc mlircy_vectorcall_slot;
#define MLIRCY_TUPLE_SIZE(t) PyTuple_GET_SIZE(t)
#define MLIRCY_TUPLE_ITEM(t, i) PyTuple_GET_ITEM(t, i)
#else
typedef void *mlircy_vectorcall_slot;
#define MLIRCY_TUPLE_SIZE(t) PyTuple_Size(t)
#define MLIRCY_TUPLE_ITEM(t, i) PyTuple_GetItem(t, i)
#endif

typedef struct {
  /* The object's vectorcall entry (first, so the type's
   * tp_vectorcall_offset is where this struct is). */
  mlircy_vectorcall_slot vectorcall;
  mlircy_build_fn build;
  mlircy_post_fn post;      /* NULL: an __init__ (parameter 0 is self),
                               which returns None */
  Py_ssize_t npos;          /* positional parameters, self included */
  Py_ssize_t nparams;       /* all parameters, self included */
  PyObject *names;          /* tuple of str (the owner keeps it) */
  PyObject *qualname;       /* str, for messages (the owner keeps it) */
  const char *optional;     /* npos bytes: nonzero may be left out */
} mlircy_sig;

/* Where an _ods_builder's mlircy_sig is, from the object's start. */
static Py_ssize_t mlircy_sig_offset = 0;

/* The index of parameter `key`, -1 if there is none (no exception set),
 * -2 on error. As CPython: identity first, then equality. */
static Py_ssize_t mlircy_param_index(const mlircy_sig *s, PyObject *key) {
  Py_ssize_t n = s->nparams;
  for (Py_ssize_t i = 0; i < n; ++i)
    if (MLIRCY_TUPLE_ITEM(s->names, i) == key)
      return i;
  if (!PyUnicode_Check(key)) {
    PyErr_Format(PyExc_TypeError, "%U() keywords must be strings",
                 s->qualname);
    return -2;
  }
  for (Py_ssize_t i = 0; i < n; ++i) {
    int eq = PyObject_RichCompareBool(MLIRCY_TUPLE_ITEM(s->names, i), key,
                                      Py_EQ);
    if (eq < 0)
      return -2;
    if (eq)
      return i;
  }
  return -1;
}

/* CPython's TypeError for more positional arguments than the signature
 * takes (Python/ceval.c, too_many_positional). */
static void mlircy_too_many(const mlircy_sig *s, Py_ssize_t given,
                            PyObject **values) {
  Py_ssize_t kwonly_given = 0, defaults = 0;
  for (Py_ssize_t i = s->npos; i < s->nparams; ++i)
    kwonly_given += values[i] != NULL;
  for (Py_ssize_t i = 0; i < s->npos; ++i)
    defaults += s->optional[i] != 0;
  PyObject *sig = defaults
                      ? PyUnicode_FromFormat("from %zd to %zd",
                                             s->npos - defaults, s->npos)
                      : PyUnicode_FromFormat("%zd", s->npos);
  if (!sig)
    return;
  int plural = defaults || s->npos != 1;
  PyObject *kwonly =
      kwonly_given
          ? PyUnicode_FromFormat(
                " positional argument%s (and %zd keyword-only argument%s)",
                given != 1 ? "s" : "", kwonly_given,
                kwonly_given != 1 ? "s" : "")
          : PyUnicode_FromString("");
  if (kwonly)
    PyErr_Format(PyExc_TypeError,
                 "%U() takes %U positional argument%s but %zd%U %s given",
                 s->qualname, sig, plural ? "s" : "", given, kwonly,
                 given == 1 && !kwonly_given ? "was" : "were");
  Py_DECREF(sig);
  Py_XDECREF(kwonly);
}

/* CPython's TypeError for required positional parameters left out
 * (Python/ceval.c, missing_arguments): 'a', 'a' and 'b', 'a', 'b', and 'c'. */
static void mlircy_missing(const mlircy_sig *s, PyObject **values) {
  PyObject *missing = PyList_New(0);
  if (!missing)
    return;
  for (Py_ssize_t i = 0; i < s->npos; ++i) {
    if (values[i] || s->optional[i])
      continue;
    PyObject *r = PyObject_Repr(MLIRCY_TUPLE_ITEM(s->names, i));
    if (!r || PyList_Append(missing, r) < 0) {
      Py_XDECREF(r);
      Py_DECREF(missing);
      return;
    }
    Py_DECREF(r);
  }
  Py_ssize_t n = PyList_Size(missing);
  PyObject *listed = NULL;
  if (n == 1) {
    listed = PyList_GetItem(missing, 0);
    Py_XINCREF(listed);
  } else if (n == 2) {
    listed = PyUnicode_FromFormat("%U and %U", PyList_GetItem(missing, 0),
                                  PyList_GetItem(missing, 1));
  } else {
    PyObject *last = PyList_GetItem(missing, n - 1);
    Py_INCREF(last);
    PyObject *sep = PyUnicode_FromString(", ");
    if (sep && PyList_SetSlice(missing, n - 1, n, NULL) == 0) {
      PyObject *head = PyUnicode_Join(sep, missing);
      if (head)
        listed = PyUnicode_FromFormat("%U, and %U", head, last);
      Py_XDECREF(head);
    }
    Py_XDECREF(sep);
    Py_DECREF(last);
  }
  if (listed)
    PyErr_Format(PyExc_TypeError,
                 "%U() missing %zd required positional argument%s: %U",
                 s->qualname, n, n == 1 ? "" : "s", listed);
  Py_XDECREF(listed);
  Py_DECREF(missing);
}

#define MLIRCY_STACK_PARAMS 24

/* The class of the objects an __init__ binds (_ir's Operation), and where
 * their operation handle is: `self` is one whose handle is still NULL (a
 * new object), or mlircy_self_error raises. */
static PyTypeObject *mlircy_op_type = NULL;
static Py_ssize_t mlircy_op_handle_offset = 0;
static mlircy_self_error_fn mlircy_self_error = NULL;

/* Binds the keyword arguments and checks the counts, as CPython binds a
 * Python function's (Python/ceval.c, initialize_locals): values[i] is
 * NULL for what no argument gave. 0, or -1 with the TypeError set. */
static int mlircy_bind_slow(const mlircy_sig *s, PyObject *const *args,
                            Py_ssize_t nargs, PyObject *kwnames,
                            PyObject **values) {
  Py_ssize_t nkw = kwnames ? MLIRCY_TUPLE_SIZE(kwnames) : 0;
  for (Py_ssize_t j = 0; j < nkw; ++j) {
    PyObject *key = MLIRCY_TUPLE_ITEM(kwnames, j);
    Py_ssize_t at = mlircy_param_index(s, key);
    if (at == -1) {
      PyErr_Format(PyExc_TypeError,
                   "%U() got an unexpected keyword argument '%S'",
                   s->qualname, key);
      return -1;
    }
    if (at < 0)
      return -1;
    if (values[at]) {
      PyErr_Format(PyExc_TypeError,
                   "%U() got multiple values for argument '%S'", s->qualname,
                   key);
      return -1;
    }
    values[at] = args[nargs + j];
  }
  if (nargs > s->npos) {
    mlircy_too_many(s, nargs, values);
    return -1;
  }
  for (Py_ssize_t i = 0; i < s->npos; ++i)
    if (!values[i] && !s->optional[i]) {
      mlircy_missing(s, values);
      return -1;
    }
  for (Py_ssize_t i = 0; i < s->nparams; ++i)
    if (!values[i])
      values[i] = Py_None;
  return 0;
}

/* Binds `nargs` positional arguments and the keyword arguments named by
 * `kwnames` (their values follow the positional ones in `args`), then
 * builds. */
static inline PyObject *mlircy_builder_call(const mlircy_sig *s,
                                            PyObject *const *args,
                                            Py_ssize_t nargs,
                                            PyObject *kwnames) {
  PyObject *stack[MLIRCY_STACK_PARAMS];
  PyObject **values = stack;
  Py_ssize_t np = s->nparams, npos = s->npos;
  if (np > MLIRCY_STACK_PARAMS) {
    values = (PyObject **)PyMem_Malloc(np * sizeof(PyObject *));
    if (!values)
      return PyErr_NoMemory();
  }
  PyObject *result = NULL;
  Py_ssize_t i = 0;
  if (nargs == npos && !kwnames) {
    /* The usual call: every positional parameter given positionally. */
    for (; i < npos; ++i)
      values[i] = args[i];
    for (; i < np; ++i)
      values[i] = Py_None;
  } else {
    Py_ssize_t take = nargs < npos ? nargs : npos;
    for (; i < take; ++i)
      values[i] = args[i];
    for (; i < np; ++i)
      values[i] = NULL;
    if (mlircy_bind_slow(s, args, nargs, kwnames, values) < 0)
      goto done;
  }
  if (!s->post) {
    PyObject *self = values[0];
    if (!PyObject_TypeCheck(self, mlircy_op_type) ||
        *(void **)((char *)self + mlircy_op_handle_offset) != NULL) {
      mlircy_self_error(self, s->qualname);
      goto done;
    }
    result = s->build(self, values + 1);
    if (result) {
      Py_DECREF(result);
      result = Py_None;
      Py_INCREF(result);
    }
  } else {
    result = s->build(Py_None, values);
    if (result) {
      PyObject *op = result;
      result = s->post(op);
      Py_DECREF(op);
    }
  }
done:
  if (values != stack)
    PyMem_Free(values);
  return result;
}

#ifndef Py_LIMITED_API

static PyObject *mlircy_builder_vectorcall(PyObject *callable,
                                           PyObject *const *args,
                                           size_t nargsf, PyObject *kwnames) {
  const mlircy_sig *s =
      (const mlircy_sig *)((char *)callable + mlircy_sig_offset);
  return mlircy_builder_call(s, args, PyVectorcall_NARGS(nargsf), kwnames);
}

/* Gives the builder type its vectorcall entry (at `sig`'s place in
 * `probe`, an instance) and marks it a method descriptor: it binds as a
 * function does, so CPython may call it with the instance prepended
 * instead of making a bound method. Before the type's first real
 * instance. */
static void mlircy_builder_type_ready(PyTypeObject *tp, PyObject *probe,
                                      mlircy_sig *sig) {
  mlircy_sig_offset = (char *)sig - (char *)probe;
  tp->tp_vectorcall_offset =
      mlircy_sig_offset + (Py_ssize_t)offsetof(mlircy_sig, vectorcall);
  tp->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR;
}

static void mlircy_builder_init_slot(mlircy_sig *sig) {
  sig->vectorcall = mlircy_builder_vectorcall;
}

#define mlircy_method_new(func, self) PyMethod_New(func, self)

#else

static void mlircy_builder_type_ready(PyTypeObject *tp, PyObject *probe,
                                      mlircy_sig *sig) {
  (void)tp;
  mlircy_sig_offset = (char *)sig - (char *)probe;
}

static void mlircy_builder_init_slot(mlircy_sig *sig) {
  sig->vectorcall = NULL;
}

/* types.MethodType(func, self) (PyMethod_New is not in the stable ABI). */
static PyObject *mlircy_method_type = NULL;
static PyObject *mlircy_method_new(PyObject *func, PyObject *self) {
  if (!mlircy_method_type) {
    PyObject *types = PyImport_ImportModule("types");
    if (!types)
      return NULL;
    mlircy_method_type = PyObject_GetAttrString(types, "MethodType");
    Py_DECREF(types);
    if (!mlircy_method_type)
      return NULL;
  }
  return PyObject_CallFunctionObjArgs(mlircy_method_type, func, self, NULL);
}

#endif

#endif /* MLIR_CYTHON_ODS_CALL_H */
