//===- Location.cpp - locations from uniqued names ------------------------===//

#include "mlir-cython/Location.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Location.h"

using namespace mlir;

MlirLocation mlirCyLocationFileLineColGetWithIdentifier(MlirIdentifier filename,
                                                        unsigned line,
                                                        unsigned col) {
  return wrap(Location(FileLineColLoc::get(unwrap(filename), line, col)));
}

MlirLocation mlirCyLocationNameGetWithIdentifier(MlirIdentifier name,
                                                 MlirLocation child) {
  return wrap(Location(NameLoc::get(unwrap(name), unwrap(child))));
}
