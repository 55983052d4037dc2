// The tally dialect's Python extension, written as an extension of
// upstream's bindings is (nanobind, upstream's IRCore.h/IRTypes.h classes),
// compiled against this package's versions of those headers.
#include "Tally.h"

#include "mlir-c/IR.h"
#include "mlir/Bindings/Python/IRCore.h"
#include "mlir/Bindings/Python/IRTypes.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

namespace nb = nanobind;

namespace mlir {
namespace python {
namespace MLIR_BINDINGS_PYTHON_DOMAIN {

struct PyCounterType : PyConcreteType<PyCounterType> {
  static constexpr IsAFunctionTy isaFunction = tallyTypeIsACounter;
  static constexpr GetTypeIDFunctionTy getTypeIdFunction =
      tallyCounterTypeGetTypeID;
  static constexpr const char *pyClassName = "CounterType";
  using PyConcreteType::PyConcreteType;

  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](DefaultingPyMlirContext context) {
          return PyCounterType(context->getRef(),
                               tallyCounterTypeGet(context.get()->get()));
        },
        nb::arg("context").none() = nb::none());
  }
};

} // namespace MLIR_BINDINGS_PYTHON_DOMAIN
} // namespace python
} // namespace mlir

NB_MODULE(_tally, m) {
  using namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN;
  m.def(
      "register_dialect",
      [](DefaultingPyMlirContext context, bool load) {
        MlirDialectHandle handle = mlirGetDialectHandle__tally__();
        mlirDialectHandleRegisterDialect(handle, context.get()->get());
        if (load)
          mlirDialectHandleLoadDialect(handle, context.get()->get());
      },
      nb::arg("context").none() = nb::none(), nb::arg("load") = true);
  PyCounterType::bind(m);
}
