/* A downstream extension in plain C (CPython C API, no Cython): it uses
 * the package's C-level API (mlir-cython-python/PythonAPI.h, the versioned
 * one) to turn Python objects into MLIR C API handles and back. Compiled by
 * tests/test_downstream_c.py, a second time with IRAPI_LEGACY_HEADER
 * against mlir/_mlir_libs/_ir_api.h (Cython's header of the same functions,
 * which extensions written before the versioned one include). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#ifdef IRAPI_LEGACY_HEADER
#include "mlir/_mlir_libs/_ir_api.h"
#define MlirCy_ImportAPI import_mlir___mlir_libs___ir
#else
#include "mlir-cython-python/PythonAPI.h"
#endif

/* count_ops(module) -> number of operations in the module's body. */
static PyObject *count_ops(PyObject *self, PyObject *arg) {
  MlirModule module = mlir_unwrap_module(arg);
  if (mlirModuleIsNull(module))
    return NULL;
  long n = 0;
  MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  while (!mlirOperationIsNull(op)) {
    ++n;
    op = mlirOperationGetNextInBlock(op);
  }
  return PyLong_FromLong(n);
}

/* first_op(module) -> the object of the first operation of its body. */
static PyObject *first_op(PyObject *self, PyObject *arg) {
  MlirModule module = mlir_unwrap_module(arg);
  if (mlirModuleIsNull(module))
    return NULL;
  return mlir_wrap_operation(
      mlirBlockGetFirstOperation(mlirModuleGetBody(module)));
}

/* integer_type(context, width) -> IntegerType made in C. */
static PyObject *integer_type(PyObject *self, PyObject *args) {
  PyObject *ctx_obj;
  int width;
  if (!PyArg_ParseTuple(args, "Oi", &ctx_obj, &width))
    return NULL;
  MlirContext ctx = mlir_unwrap_context(ctx_obj);
  if (mlirContextIsNull(ctx))
    return NULL;
  return mlir_wrap_type(mlirIntegerTypeGet(ctx, (unsigned)width));
}

/* parse_module(context, text) -> a Module parsed in C, owned by Python. */
static PyObject *parse_module(PyObject *self, PyObject *args) {
  PyObject *ctx_obj;
  const char *text;
  if (!PyArg_ParseTuple(args, "Os", &ctx_obj, &text))
    return NULL;
  MlirContext ctx = mlir_unwrap_context(ctx_obj);
  if (mlirContextIsNull(ctx))
    return NULL;
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  if (mlirModuleIsNull(module)) {
    PyErr_SetString(PyExc_ValueError, "parse error");
    return NULL;
  }
  return mlir_wrap_module(module);
}

/* operand_owner(op) -> the object of the op defining op's first operand. */
static PyObject *operand_owner(PyObject *self, PyObject *arg) {
  MlirOperation op = mlir_unwrap_operation(arg);
  if (mlirOperationIsNull(op))
    return NULL;
  MlirValue v = mlirOperationGetOperand(op, 0);
  PyObject *value = mlir_wrap_value(v);
  if (!value)
    return NULL;
  PyObject *owner = PyObject_GetAttrString(value, "owner");
  Py_DECREF(value);
  return owner;
}

/* erase_first(module, raw): erases the first operation of the module's
 * body in C: through mlir_erase_operation, or (raw true) with the raw
 * mlirOperationDestroy after mlir_invalidate_operation. */
static PyObject *erase_first(PyObject *self, PyObject *args) {
  PyObject *obj;
  int raw;
  if (!PyArg_ParseTuple(args, "Op", &obj, &raw))
    return NULL;
  MlirModule m = mlir_unwrap_module(obj);
  if (mlirModuleIsNull(m))
    return NULL;
  MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  if (raw) {
    if (mlir_invalidate_operation(op) < 0)
      return NULL;
    mlirOperationDestroy(op);
  } else if (mlir_erase_operation(op) < 0) {
    return NULL;
  }
  Py_RETURN_NONE;
}

/* roundtrip(kind, obj) -> wrap(unwrap(obj)) for kind in "context",
 * "location", "type", "attribute", "module", "operation", "block",
 * "value". */
static PyObject *roundtrip(PyObject *self, PyObject *args) {
  const char *kind;
  PyObject *obj;
  if (!PyArg_ParseTuple(args, "sO", &kind, &obj))
    return NULL;
#define ROUNDTRIP(name, Kind)                                                  \
  if (strcmp(kind, #name) == 0) {                                              \
    Mlir##Kind h = mlir_unwrap_##name(obj);                                    \
    if (mlir##Kind##IsNull(h))                                                 \
      return NULL;                                                             \
    return mlir_wrap_##name(h);                                                \
  }
  ROUNDTRIP(context, Context)
  ROUNDTRIP(location, Location)
  ROUNDTRIP(type, Type)
  ROUNDTRIP(attribute, Attribute)
  ROUNDTRIP(module, Module)
  ROUNDTRIP(operation, Operation)
  ROUNDTRIP(block, Block)
  ROUNDTRIP(value, Value)
#undef ROUNDTRIP
  PyErr_SetString(PyExc_KeyError, kind);
  return NULL;
}

/* wrap_null(kind) -> wraps a null handle of the kind (raises). */
static PyObject *wrap_null(PyObject *self, PyObject *arg) {
  const char *kind = PyUnicode_AsUTF8(arg);
  if (!kind)
    return NULL;
  if (strcmp(kind, "context") == 0) {
    MlirContext h = {NULL};
    return mlir_wrap_context(h);
  }
  if (strcmp(kind, "type") == 0) {
    MlirType h = {NULL};
    return mlir_wrap_type(h);
  }
  if (strcmp(kind, "operation") == 0) {
    MlirOperation h = {NULL};
    return mlir_wrap_operation(h);
  }
  if (strcmp(kind, "value") == 0) {
    MlirValue h = {NULL};
    return mlir_wrap_value(h);
  }
  PyErr_SetString(PyExc_KeyError, kind);
  return NULL;
}

static PyMethodDef methods[] = {
    {"count_ops", count_ops, METH_O, NULL},
    {"first_op", first_op, METH_O, NULL},
    {"integer_type", integer_type, METH_VARARGS, NULL},
    {"parse_module", parse_module, METH_VARARGS, NULL},
    {"operand_owner", operand_owner, METH_O, NULL},
    {"roundtrip", roundtrip, METH_VARARGS, NULL},
    {"erase_first", erase_first, METH_VARARGS, NULL},
    {"wrap_null", wrap_null, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "irapi", NULL,
                                       -1, methods};

PyMODINIT_FUNC PyInit_irapi(void) {
  /* Imports mlir._mlir_libs._ir and its function table. */
  if (MlirCy_ImportAPI() < 0)
    return NULL;
  return PyModule_Create(&moduledef);
}
