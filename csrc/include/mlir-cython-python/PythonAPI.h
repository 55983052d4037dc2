/*===-- mlir-cython-python/PythonAPI.h - objects for native code ----------===*\
|*                                                                            *|
|* For extensions in C or C++ (Cython code cimports mlir.ir, which wraps      *|
|* this header). Include the MLIR C API headers you use, then this one:       *|
|*                                                                            *|
|*   #include "mlir-c/IR.h"                                                   *|
|*   #include "mlir-cython-python/PythonAPI.h"                                *|
|*   ...                                                                      *|
|*   PyMODINIT_FUNC PyInit_mine(void) {                                       *|
|*     if (MlirCy_ImportAPI() < 0) return NULL;                               *|
|*     ...                                                                    *|
|*   PyObject *ctx = mlir_wrap_context(c_ctx);      // new reference          *|
|*   MlirModule m = mlir_unwrap_module(obj);                                  *|
|*   if (mlirModuleIsNull(m)) return NULL;          // exception set          *|
|*                                                                            *|
|* MlirCy_ImportAPI() imports mlir._mlir_libs._ir, takes its function table   *|
|* and checks its versions (ImportError when this module was built against    *|
|* an incompatible release). The functions below import it themselves when    *|
|* it has not been imported yet, so a translation unit that forgets to call   *|
|* it gets the ImportError from its first call, not a crash. What each        *|
|* function does is written at the table, in PythonObjects.h.                 *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_PYTHONAPI_H
#define MLIR_CYTHON_PYTHONAPI_H

#include "mlir-cython-python/PythonObjects.h"

/* One pointer per translation unit; every thread stores the same value. */
static const MlirCyAPI *MlirCy_API_ = NULL;

/* 0 once the table is imported and compatible, else -1 with an exception
 * set. */
static int MlirCy_ImportAPI(void) {
  if (__atomic_load_n(&MlirCy_API_, __ATOMIC_ACQUIRE))
    return 0;
  PyObject *module = PyImport_ImportModule("mlir._mlir_libs._ir");
  if (!module)
    return -1;
  PyObject *capsule = PyObject_GetAttrString(module, "_C_API");
  Py_DECREF(module);
  if (!capsule)
    return -1;
  /* The table is static data of the module, which is never unloaded. */
  const MlirCyAPI *api = (const MlirCyAPI *)PyCapsule_GetPointer(
      capsule, MLIR_CYTHON_CAPSULE_NAME);
  Py_DECREF(capsule);
  if (!api)
    return -1;
  if (api->abi_version != MLIR_CYTHON_ABI_VERSION) {
    PyErr_Format(PyExc_ImportError,
                 "this module was built against ABI version %d of "
                 "mlir-cython's C API, but the installed mlir-cython has ABI "
                 "version %u: rebuild the module against it",
                 MLIR_CYTHON_ABI_VERSION, api->abi_version);
    return -1;
  }
  if (api->feature_version < MLIR_CYTHON_FEATURE_VERSION) {
    PyErr_Format(PyExc_ImportError,
                 "this module was built against feature version %d of "
                 "mlir-cython's C API, but the installed mlir-cython has "
                 "feature version %u: upgrade mlir-cython",
                 MLIR_CYTHON_FEATURE_VERSION, api->feature_version);
    return -1;
  }
  __atomic_store_n(&MlirCy_API_, api, __ATOMIC_RELEASE);
  return 0;
}

/* The table, imported on first use; NULL with an exception set when that
 * fails. */
static inline const MlirCyAPI *MlirCy_GetAPI(void) {
  const MlirCyAPI *api = __atomic_load_n(&MlirCy_API_, __ATOMIC_ACQUIRE);
  if (api)
    return api;
  return MlirCy_ImportAPI() < 0 ? NULL : MlirCy_API_;
}

#define MLIR_CYTHON_WRAP_(name, Handle)                                        \
  static inline PyObject *mlir_wrap_##name(Handle h) {                         \
    const MlirCyAPI *api = MlirCy_GetAPI();                                    \
    return api ? api->wrap_##name(h) : NULL;                                   \
  }                                                                            \
  static inline Handle mlir_unwrap_##name(PyObject *obj) {                     \
    const MlirCyAPI *api = MlirCy_GetAPI();                                    \
    if (!api) {                                                                \
      Handle none = {NULL};                                                    \
      return none;                                                             \
    }                                                                          \
    return api->unwrap_##name(obj);                                            \
  }

MLIR_CYTHON_WRAP_(context, MlirContext)
MLIR_CYTHON_WRAP_(location, MlirLocation)
MLIR_CYTHON_WRAP_(type, MlirType)
MLIR_CYTHON_WRAP_(attribute, MlirAttribute)
MLIR_CYTHON_WRAP_(module, MlirModule)
MLIR_CYTHON_WRAP_(operation, MlirOperation)
MLIR_CYTHON_WRAP_(block, MlirBlock)
MLIR_CYTHON_WRAP_(value, MlirValue)
#undef MLIR_CYTHON_WRAP_

static inline int mlir_invalidate_operation(MlirOperation op) {
  const MlirCyAPI *api = MlirCy_GetAPI();
  return api ? api->invalidate_operation(op) : -1;
}

static inline int mlir_erase_operation(MlirOperation op) {
  const MlirCyAPI *api = MlirCy_GetAPI();
  return api ? api->erase_operation(op) : -1;
}

static inline PyObject *mlir_resolve_context(PyObject *context_or_none) {
  const MlirCyAPI *api = MlirCy_GetAPI();
  return api ? api->resolve_context(context_or_none) : NULL;
}

static inline PyObject *mlir_resolve_location(PyObject *location_or_none) {
  const MlirCyAPI *api = MlirCy_GetAPI();
  return api ? api->resolve_location(location_or_none) : NULL;
}

#endif /* MLIR_CYTHON_PYTHONAPI_H */
