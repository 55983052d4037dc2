//===-- IRTypes.h - upstream's builtin type classes over mlir-cython -----===//
//
// The builtin type classes of upstream's "mlir/Bindings/Python/IRTypes.h"
// that extensions derive from (PyConcreteType<MyType, PyRankedTensorType>),
// for mlir-cython (see IRCore.h beside this file). They are not bound by
// extensions: their Python classes are mlir.ir's of the same name.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_CYTHON_NANOBIND_IRTYPES_H
#define MLIR_CYTHON_NANOBIND_IRTYPES_H

#include "mlir-c/BuiltinTypes.h"
#include "mlir/Bindings/Python/IRCore.h"

namespace mlir {
namespace python {
namespace MLIR_BINDINGS_PYTHON_DOMAIN {

#define MLIR_CYTHON_BUILTIN_TYPE(CLASS, BASE, NAME, ISA, TYPEID)               \
  class MLIR_PYTHON_API_EXPORTED CLASS : public PyConcreteType<CLASS, BASE> {  \
  public:                                                                      \
    static constexpr IsAFunctionTy isaFunction = ISA;                          \
    static constexpr GetTypeIDFunctionTy getTypeIdFunction = TYPEID;           \
    static constexpr const char *pyClassName = NAME;                           \
    using PyConcreteType::PyConcreteType;                                      \
  };

MLIR_CYTHON_BUILTIN_TYPE(PyIntegerType, PyType, "IntegerType",
                         mlirTypeIsAInteger, mlirIntegerTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyIndexType, PyType, "IndexType", mlirTypeIsAIndex,
                         mlirIndexTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloatType, PyType, "FloatType", mlirTypeIsAFloat,
                         nullptr)
MLIR_CYTHON_BUILTIN_TYPE(PyF32Type, PyFloatType, "F32Type", mlirTypeIsAF32,
                         mlirFloat32TypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyF64Type, PyFloatType, "F64Type", mlirTypeIsAF64,
                         mlirFloat64TypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyComplexType, PyType, "ComplexType",
                         mlirTypeIsAComplex, mlirComplexTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyShapedType, PyType, "ShapedType", mlirTypeIsAShaped,
                         nullptr)
MLIR_CYTHON_BUILTIN_TYPE(PyVectorType, PyShapedType, "VectorType",
                         mlirTypeIsAVector, mlirVectorTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyRankedTensorType, PyShapedType, "RankedTensorType",
                         mlirTypeIsARankedTensor, mlirRankedTensorTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyUnrankedTensorType, PyShapedType,
                         "UnrankedTensorType", mlirTypeIsAUnrankedTensor,
                         mlirUnrankedTensorTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyMemRefType, PyShapedType, "MemRefType",
                         mlirTypeIsAMemRef, mlirMemRefTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyUnrankedMemRefType, PyShapedType,
                         "UnrankedMemRefType", mlirTypeIsAUnrankedMemRef,
                         mlirUnrankedMemRefTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyTupleType, PyType, "TupleType", mlirTypeIsATuple,
                         mlirTupleTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFunctionType, PyType, "FunctionType",
                         mlirTypeIsAFunction, mlirFunctionTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyNoneType, PyType, "NoneType", mlirTypeIsANone,
                         mlirNoneTypeGetTypeID)

#undef MLIR_CYTHON_BUILTIN_TYPE

} // namespace MLIR_BINDINGS_PYTHON_DOMAIN
} // namespace python
} // namespace mlir

#endif // MLIR_CYTHON_NANOBIND_IRTYPES_H
