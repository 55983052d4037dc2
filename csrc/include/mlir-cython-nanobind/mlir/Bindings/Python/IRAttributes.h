//===-- IRAttributes.h - upstream's builtin attribute classes -----------===//
//
// The builtin attribute classes of upstream's
// "mlir/Bindings/Python/IRAttributes.h" that extensions name and derive
// from (PyConcreteAttribute<MyAttr, PyDictAttribute>), for mlir-cython (see
// IRCore.h beside this file). They are not bound by extensions: their
// Python classes are mlir.ir's of the same name. (Upstream's dense array
// templates, PyDenseArrayAttribute and its PyDense*ArrayAttribute
// instances, are not here: their element accessors are bound by mlir.ir.)
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_CYTHON_NANOBIND_IRATTRIBUTES_H
#define MLIR_CYTHON_NANOBIND_IRATTRIBUTES_H

#include "mlir-c/BuiltinAttributes.h"
#include "mlir/Bindings/Python/IRCore.h"

namespace mlir {
namespace python {
namespace MLIR_BINDINGS_PYTHON_DOMAIN {

#define MLIR_CYTHON_BUILTIN_ATTRIBUTE(CLASS, BASE, NAME, ISA, TYPEID)          \
  class MLIR_PYTHON_API_EXPORTED CLASS                                         \
      : public PyConcreteAttribute<CLASS, BASE> {                              \
  public:                                                                      \
    static constexpr IsAFunctionTy isaFunction = ISA;                          \
    static constexpr GetTypeIDFunctionTy getTypeIdFunction = TYPEID;           \
    static constexpr const char *pyClassName = NAME;                           \
    using PyConcreteAttribute::PyConcreteAttribute;                            \
  };

MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyAffineMapAttribute, PyAttribute,
                             "AffineMapAttr", mlirAttributeIsAAffineMap,
                             mlirAffineMapAttrGetTypeID)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyIntegerSetAttribute, PyAttribute,
                             "IntegerSetAttr", mlirAttributeIsAIntegerSet,
                             mlirIntegerSetAttrGetTypeID)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyArrayAttribute, PyAttribute, "ArrayAttr",
                             mlirAttributeIsAArray, mlirArrayAttrGetTypeID)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyFloatAttribute, PyAttribute, "FloatAttr",
                             mlirAttributeIsAFloat, mlirFloatAttrGetTypeID)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyIntegerAttribute, PyAttribute, "IntegerAttr",
                             mlirAttributeIsAInteger, nullptr)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyBoolAttribute, PyAttribute, "BoolAttr",
                             mlirAttributeIsABool, nullptr)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PySymbolRefAttribute, PyAttribute,
                             "SymbolRefAttr", mlirAttributeIsASymbolRef,
                             nullptr)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyFlatSymbolRefAttribute, PyAttribute,
                             "FlatSymbolRefAttr", mlirAttributeIsAFlatSymbolRef,
                             nullptr)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyOpaqueAttribute, PyAttribute, "OpaqueAttr",
                             mlirAttributeIsAOpaque, mlirOpaqueAttrGetTypeID)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyDenseElementsAttribute, PyAttribute,
                             "DenseElementsAttr", mlirAttributeIsADenseElements,
                             nullptr)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyDenseIntElementsAttribute,
                             PyDenseElementsAttribute, "DenseIntElementsAttr",
                             mlirAttributeIsADenseIntElements, nullptr)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyDenseResourceElementsAttribute, PyAttribute,
                             "DenseResourceElementsAttr",
                             mlirAttributeIsADenseResourceElements, nullptr)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyDictAttribute, PyAttribute, "DictAttr",
                             mlirAttributeIsADictionary,
                             mlirDictionaryAttrGetTypeID)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyDenseFPElementsAttribute,
                             PyDenseElementsAttribute, "DenseFPElementsAttr",
                             mlirAttributeIsADenseFPElements, nullptr)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyTypeAttribute, PyAttribute, "TypeAttr",
                             mlirAttributeIsAType, mlirTypeAttrGetTypeID)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyUnitAttribute, PyAttribute, "UnitAttr",
                             mlirAttributeIsAUnit, mlirUnitAttrGetTypeID)
MLIR_CYTHON_BUILTIN_ATTRIBUTE(PyStridedLayoutAttribute, PyAttribute,
                             "StridedLayoutAttr", mlirAttributeIsAStridedLayout,
                             mlirStridedLayoutAttrGetTypeID)

#undef MLIR_CYTHON_BUILTIN_ATTRIBUTE

} // namespace MLIR_BINDINGS_PYTHON_DOMAIN
} // namespace python
} // namespace mlir

#endif // MLIR_CYTHON_NANOBIND_IRATTRIBUTES_H
