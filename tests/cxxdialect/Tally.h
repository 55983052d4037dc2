/* The C API of the tally dialect (tests/cxxdialect/Tally.td). */
#ifndef TALLY_C_H
#define TALLY_C_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tally, tally);

/* Whether `type` is a !tally.counter. */
MLIR_CAPI_EXPORTED bool tallyTypeIsACounter(MlirType type);
/* The !tally.counter type of `ctx`. */
MLIR_CAPI_EXPORTED MlirType tallyCounterTypeGet(MlirContext ctx);
/* The TypeID of !tally.counter. */
MLIR_CAPI_EXPORTED MlirTypeID tallyCounterTypeGetTypeID(void);

#ifdef __cplusplus
}
#endif

#endif /* TALLY_C_H */
