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
MLIR_CYTHON_BUILTIN_TYPE(PyFloat4E2M1FNType, PyFloatType, "Float4E2M1FNType",
                         mlirTypeIsAFloat4E2M1FN, mlirFloat4E2M1FNTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat6E2M3FNType, PyFloatType, "Float6E2M3FNType",
                         mlirTypeIsAFloat6E2M3FN, mlirFloat6E2M3FNTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat6E3M2FNType, PyFloatType, "Float6E3M2FNType",
                         mlirTypeIsAFloat6E3M2FN, mlirFloat6E3M2FNTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat8E4M3FNType, PyFloatType, "Float8E4M3FNType",
                         mlirTypeIsAFloat8E4M3FN, mlirFloat8E4M3FNTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat8E5M2Type, PyFloatType, "Float8E5M2Type",
                         mlirTypeIsAFloat8E5M2, mlirFloat8E5M2TypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat8E4M3Type, PyFloatType, "Float8E4M3Type",
                         mlirTypeIsAFloat8E4M3, mlirFloat8E4M3TypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat8E4M3FNUZType, PyFloatType,
                         "Float8E4M3FNUZType", mlirTypeIsAFloat8E4M3FNUZ,
                         mlirFloat8E4M3FNUZTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat8E4M3B11FNUZType, PyFloatType,
                         "Float8E4M3B11FNUZType", mlirTypeIsAFloat8E4M3B11FNUZ,
                         mlirFloat8E4M3B11FNUZTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat8E5M2FNUZType, PyFloatType,
                         "Float8E5M2FNUZType", mlirTypeIsAFloat8E5M2FNUZ,
                         mlirFloat8E5M2FNUZTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat8E3M4Type, PyFloatType, "Float8E3M4Type",
                         mlirTypeIsAFloat8E3M4, mlirFloat8E3M4TypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyFloat8E8M0FNUType, PyFloatType, "Float8E8M0FNUType",
                         mlirTypeIsAFloat8E8M0FNU,
                         mlirFloat8E8M0FNUTypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyBF16Type, PyFloatType, "BF16Type", mlirTypeIsABF16,
                         mlirBFloat16TypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyF16Type, PyFloatType, "F16Type", mlirTypeIsAF16,
                         mlirFloat16TypeGetTypeID)
MLIR_CYTHON_BUILTIN_TYPE(PyTF32Type, PyFloatType, "FloatTF32Type",
                         mlirTypeIsATF32, mlirFloatTF32TypeGetTypeID)
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
MLIR_CYTHON_BUILTIN_TYPE(PyOpaqueType, PyType, "OpaqueType", mlirTypeIsAOpaque,
                         mlirOpaqueTypeGetTypeID)

#undef MLIR_CYTHON_BUILTIN_TYPE

} // namespace MLIR_BINDINGS_PYTHON_DOMAIN
} // namespace python
} // namespace mlir

#endif // MLIR_CYTHON_NANOBIND_IRTYPES_H
