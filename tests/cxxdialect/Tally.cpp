// The tally dialect's C++ (its ODS definitions are generated from
// Tally.td by mlir-tblgen) and its C API (Tally.h).
#include "Tally.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include "TallyDialect.h.inc"
#define GET_TYPEDEF_CLASSES
#include "TallyTypes.h.inc"
#define GET_OP_CLASSES
#include "TallyOps.h.inc"

using namespace mlir;

#include "TallyDialect.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "TallyTypes.cpp.inc"
#define GET_OP_CLASSES
#include "TallyOps.cpp.inc"

void tally::TallyDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "TallyTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TallyOps.cpp.inc"
      >();
}

LogicalResult tally::StartOp::verify() {
  // (I64Attr is signless: its accessor gives the bits as uint64_t.)
  int64_t initial = getInitialAttr().getInt();
  if (initial < 0)
    return emitOpError("starts at ")
           << initial << ", but a count cannot be negative";
  return success();
}

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tally, tally, tally::TallyDialect)

bool tallyTypeIsACounter(MlirType type) {
  return llvm::isa<tally::CounterType>(unwrap(type));
}

MlirType tallyCounterTypeGet(MlirContext ctx) {
  return wrap(tally::CounterType::get(unwrap(ctx)));
}

MlirTypeID tallyCounterTypeGetTypeID(void) {
  return wrap(TypeID::get<tally::CounterType>());
}
