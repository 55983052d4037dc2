/*===-- mlir-cython/Location.h - locations from uniqued names -------------===*\
|*                                                                            *|
|* A front-end makes a location per op, nearly always in the same few files:  *|
|* with the file's name uniqued once (an identifier, a StringAttr), making    *|
|* each location no longer hashes and looks up the name again.                *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_LOCATION_H
#define MLIR_CYTHON_LOCATION_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The location filename:line:col, as mlirLocationFileLineColGet makes it,
/// from the filename's identifier (mlirIdentifierGet of the same context).
MLIR_CAPI_EXPORTED MlirLocation mlirCyLocationFileLineColGetWithIdentifier(
    MlirIdentifier filename, unsigned line, unsigned col);

/// The location name(child), as mlirLocationNameGet makes it, from the
/// name's identifier (mlirIdentifierGet of the same context).
MLIR_CAPI_EXPORTED MlirLocation
mlirCyLocationNameGetWithIdentifier(MlirIdentifier name, MlirLocation child);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_LOCATION_H
