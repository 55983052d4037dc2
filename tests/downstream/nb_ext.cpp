// A downstream C++ extension built with nanobind and LLVM 22's
// mlir/Bindings/Python/NanobindAdaptors.h: it takes and returns mlir-cython
// objects through the capsule protocol of mlir-c/Bindings/Python/Interop.h.
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

namespace nb = nanobind;

NB_MODULE(nb_ext, m) {
  m.def("count_ops", [](MlirModule module) {
    int n = 0;
    for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
      ++n;
    return n;
  });
  m.def("first_op", [](MlirModule module) -> MlirOperation {
    return mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  });
  m.def("op_name", [](MlirOperation op) -> MlirStringRef {
    return mlirIdentifierStr(mlirOperationGetName(op));
  });
  m.def("i17", [](MlirContext ctx) -> MlirType { return mlirIntegerTypeGet(ctx, 17); },
        nb::arg("context").none() = nb::none());
  m.def("width", [](MlirType t) { return mlirIntegerTypeGetWidth(t); });
  m.def("same_context", [](MlirContext ctx, MlirOperation op) {
    return mlirContextEqual(ctx, mlirOperationGetContext(op));
  });
}
