/*===-- mlir-cython-python/PythonObjects.h - the object model's public ABI ===*\
|*                                                                            *|
|* What a native extension built against mlir-cython may rely on across       *|
|* releases: the leading fields of the object model's classes that have       *|
|* public fields, and the table of functions mlir._mlir_libs._ir exports in   *|
|* its `_C_API` capsule. Everything else about the objects (their other       *|
|* fields, their size, the classes not listed here) is private and changes    *|
|* between releases without notice.                                           *|
|*                                                                            *|
|* Include PythonAPI.h beside it, which imports the table; this header holds *|
|* only the declarations both sides share.                                    *|
|*                                                                            *|
|* Versions. MLIR_CYTHON_ABI_VERSION changes when a declaration here          *|
|* changes incompatibly (a field moves, an entry changes its signature): a    *|
|* module built against another ABI version refuses to import.                *|
|* MLIR_CYTHON_FEATURE_VERSION grows when entries are appended to the table:  *|
|* a module needs a package whose feature version is at least the one it      *|
|* was built with.                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_PYTHONOBJECTS_H
#define MLIR_CYTHON_PYTHONOBJECTS_H

#include <Python.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#define MLIR_CYTHON_ABI_VERSION 1
#define MLIR_CYTHON_FEATURE_VERSION 1

/* The capsule mlir._mlir_libs._ir._C_API, by its name. */
#define MLIR_CYTHON_CAPSULE_NAME "mlir._mlir_libs._ir._C_API"

#ifdef __cplusplus
extern "C" {
#endif

/* The public prefix of each class's instances. The fields hold the handle
 * and the object keeping its owner alive; read them, never write them.
 * A Context's first slot is private. Operation, OpView, Block, Region and
 * Value have no public fields: their handles come from the checked
 * unwrap functions (an erased operation raises instead of handing out a
 * dangling handle). */
typedef struct MlirCyContextObject {
  PyObject_HEAD
  void *_private0;
  MlirContext c_context;
} MlirCyContextObject;

typedef struct MlirCyLocationObject {
  PyObject_HEAD
  MlirLocation c_location;
  MlirCyContextObject *context;
} MlirCyLocationObject;

typedef struct MlirCyTypeObject {
  PyObject_HEAD
  MlirType c_type;
  MlirCyContextObject *context;
} MlirCyTypeObject;

typedef struct MlirCyAttributeObject {
  PyObject_HEAD
  MlirAttribute c_attr;
  MlirCyContextObject *context;
} MlirCyAttributeObject;

typedef struct MlirCyModuleObject {
  PyObject_HEAD
  MlirModule c_module;
  MlirCyContextObject *context;
} MlirCyModuleObject;

typedef struct MlirCyTypeIDObject {
  PyObject_HEAD
  MlirTypeID c_typeid;
} MlirCyTypeIDObject;

typedef struct MlirCyDialectRegistryObject {
  PyObject_HEAD
  MlirDialectRegistry c_registry;
} MlirCyDialectRegistryObject;

/* The function table. The wrap functions return a new reference to the
 * object of a handle (the live one where the package interns objects, the
 * concrete class of a type or attribute, an OpView subclass for a
 * registered operation), or NULL with an exception set; a null handle
 * raises ValueError. The unwrap functions return the handle of an object of
 * the class (or a subclass), checked as the package's own methods check it,
 * borrowed from the object; on error a null handle with an exception set
 * (TypeError for an object of another class, RuntimeError for an erased or
 * invalidated operation). resolve_context/resolve_location return the
 * argument when it is a Context/Location, else (None) the innermost one of
 * the calling thread's `with` blocks, else raise as the package's
 * functions do. invalidate_operation and erase_operation return 0, or -1
 * with an exception set. Every entry needs the GIL (an attached thread
 * state on the free-threaded build). */
typedef struct MlirCyAPI {
  unsigned int abi_version;
  unsigned int feature_version;
  /* Feature version 1. */
  PyObject *(*wrap_context)(MlirContext);
  MlirContext (*unwrap_context)(PyObject *);
  PyObject *(*wrap_location)(MlirLocation);
  MlirLocation (*unwrap_location)(PyObject *);
  PyObject *(*wrap_type)(MlirType);
  MlirType (*unwrap_type)(PyObject *);
  PyObject *(*wrap_attribute)(MlirAttribute);
  MlirAttribute (*unwrap_attribute)(PyObject *);
  PyObject *(*wrap_module)(MlirModule);
  MlirModule (*unwrap_module)(PyObject *);
  PyObject *(*wrap_operation)(MlirOperation);
  MlirOperation (*unwrap_operation)(PyObject *);
  PyObject *(*wrap_block)(MlirBlock);
  MlirBlock (*unwrap_block)(PyObject *);
  PyObject *(*wrap_value)(MlirValue);
  MlirValue (*unwrap_value)(PyObject *);
  int (*invalidate_operation)(MlirOperation);
  int (*erase_operation)(MlirOperation);
  PyObject *(*resolve_context)(PyObject *);
  PyObject *(*resolve_location)(PyObject *);
  /* Later feature versions append here. */
} MlirCyAPI;

#ifdef __cplusplus
}
#endif

#endif /* MLIR_CYTHON_PYTHONOBJECTS_H */
