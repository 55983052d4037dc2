/*===-- mlir-cython/SMTTypes.h - smt dialect type accessors ------------===*\
|*                                                                            *|
|* mlir-c/Dialect/SMT.h builds !smt.array, !smt.sort and !smt.func types but  *|
|* cannot read their parts back; these shims do. Callers check the kind.      *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_SMTTYPES_H
#define MLIR_CYTHON_SMTTYPES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The domain (index) type of an !smt.array type.
MLIR_CAPI_EXPORTED MlirType mlirCySMTArrayTypeGetDomain(MlirType type);

/// The range (element) type of an !smt.array type.
MLIR_CAPI_EXPORTED MlirType mlirCySMTArrayTypeGetRange(MlirType type);

/// The identifier of an !smt.sort type.
MLIR_CAPI_EXPORTED MlirIdentifier mlirCySMTSortTypeGetIdentifier(MlirType type);

/// The number of sort parameters of an !smt.sort type.
MLIR_CAPI_EXPORTED intptr_t mlirCySMTSortTypeGetNumParams(MlirType type);

/// The pos-th sort parameter of an !smt.sort type.
MLIR_CAPI_EXPORTED MlirType mlirCySMTSortTypeGetParam(MlirType type,
                                                      intptr_t pos);

/// The number of domain types of an !smt.func type.
MLIR_CAPI_EXPORTED intptr_t mlirCySMTFuncTypeGetNumDomain(MlirType type);

/// The pos-th domain type of an !smt.func type.
MLIR_CAPI_EXPORTED MlirType mlirCySMTFuncTypeGetDomain(MlirType type,
                                                       intptr_t pos);

/// The range type of an !smt.func type.
MLIR_CAPI_EXPORTED MlirType mlirCySMTFuncTypeGetRange(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_SMTTYPES_H
