# cython: language_level=3, annotation_typing=False
"""The MLIR object model: mlir.ir's extension types.

House rules (read before editing):
- One topic per .pxi file, included below; a reader finds "where are
  locations?" from the file list alone.
- C handles live in fields named c_*; every object that wraps a handle also
  holds a strong reference to the Python object owning that handle
  (Context for context-owned values), so the owner outlives it.
- Objects are made by factories (wrap_*, *_for_handle), never by filling
  fields from outside this module.
- A C call that can take time runs without the GIL; callbacks into Python
  are declared `noexcept with gil` and never let an exception escape into C.
- Types that destroy a C object in __dealloc__ and hold their owner are
  @cython.no_gc_clear, so the owner is still alive when they destroy.
- Python annotations of def functions are their types for the typing
  stubs (gen/stubs.py reads the signatures Cython embeds), not checks:
  annotation_typing is off, and arguments are checked in the body, with
  upstream's exceptions.
"""

cimport cython
from cpython.pycapsule cimport PyCapsule_IsValid
from cpython.ref cimport PyObject
from cpython.object cimport PyTypeObject
from cpython.unicode cimport PyUnicode_DecodeUTF8, PyUnicode_AsUTF8AndSize, PyUnicode_CheckExact
from cython.operator cimport dereference as deref
from libc.stdint cimport int32_t, int64_t, intptr_t, uintptr_t
from libc.stdio cimport fwrite, fflush, stderr
from libcpp cimport bool
from libcpp.string cimport string
from libcpp.unordered_map cimport unordered_map
from libcpp.unordered_set cimport unordered_set
from libcpp.vector cimport vector

from mlir._mlir_libs.capi.support cimport *
from mlir._mlir_libs.capi.ir cimport *
from mlir._mlir_libs.capi.diagnostics cimport *
from mlir._mlir_libs.capi.builtin_attributes cimport *
from mlir._mlir_libs.capi.builtin_types cimport *
from mlir._mlir_libs.capi.affine_map cimport *
from mlir._mlir_libs.capi.affine_expr cimport (
    MlirAffineExpr, mlirAffineExprGetContext, mlirAffineExprEqual,
    mlirAffineExprPrint, mlirAffineExprDump, mlirAffineExprIsSymbolicOrConstant,
    mlirAffineExprIsPureAffine, mlirAffineExprGetLargestKnownDivisor,
    mlirAffineExprIsMultipleOf, mlirAffineExprIsFunctionOfDim,
    mlirAffineExprShiftDims, mlirAffineExprShiftSymbols,
    mlirSimplifyAffineExpr, mlirAffineExprIsADim, mlirAffineDimExprGet,
    mlirAffineDimExprGetPosition, mlirAffineExprIsASymbol,
    mlirAffineSymbolExprGet, mlirAffineSymbolExprGetPosition,
    mlirAffineExprIsAConstant, mlirAffineConstantExprGet,
    mlirAffineConstantExprGetValue, mlirAffineExprIsAAdd, mlirAffineAddExprGet,
    mlirAffineExprIsAMul, mlirAffineMulExprGet, mlirAffineExprIsAMod,
    mlirAffineModExprGet, mlirAffineExprIsAFloorDiv, mlirAffineFloorDivExprGet,
    mlirAffineExprIsACeilDiv, mlirAffineCeilDivExprGet, mlirAffineExprIsABinary,
    mlirAffineBinaryOpExprGetLHS, mlirAffineBinaryOpExprGetRHS,
)
from mlir._mlir_libs.capi.integer_set cimport *
from mlir._mlir_libs.capi.interfaces cimport *
from mlir._mlir_libs.capi.debug cimport (
    mlirEnableGlobalDebug, mlirIsGlobalDebugEnabled, mlirSetGlobalDebugType,
    mlirSetGlobalDebugTypes,
)
from mlir._mlir_libs.capi.mlir_cython.builtin_attributes cimport *
from cpython.mem cimport PyMem_Malloc, PyMem_Free
from cpython.bool cimport PyBool_Check
from cpython.long cimport PyLong_CheckExact, PyLong_AsLongLongAndOverflow
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from mlir._mlir_libs.capi.bindings.python.interop cimport (
    mlirPythonContextToCapsule, mlirPythonCapsuleToContext,
    mlirPythonLocationToCapsule, mlirPythonCapsuleToLocation,
    mlirPythonModuleToCapsule, mlirPythonCapsuleToModule,
    mlirPythonCapsuleToPassManager,
    mlirPythonDialectRegistryToCapsule, mlirPythonCapsuleToDialectRegistry,
    mlirPythonOperationToCapsule, mlirPythonCapsuleToOperation,
    mlirPythonTypeToCapsule, mlirPythonCapsuleToType,
    mlirPythonAttributeToCapsule, mlirPythonCapsuleToAttribute,
    mlirPythonValueToCapsule, mlirPythonCapsuleToValue,
    mlirPythonBlockToCapsule, mlirPythonTypeIDToCapsule,
    mlirPythonCapsuleToTypeID, mlirPythonPassManagerToCapsule,
    mlirPythonAffineExprToCapsule, mlirPythonCapsuleToAffineExpr,
    mlirPythonAffineMapToCapsule, mlirPythonCapsuleToAffineMap,
    mlirPythonIntegerSetToCapsule, mlirPythonCapsuleToIntegerSet,
    MLIR_PYTHON_CAPSULE_AFFINE_EXPR, MLIR_PYTHON_CAPSULE_AFFINE_MAP,
    MLIR_PYTHON_CAPSULE_INTEGER_SET,
    MLIR_PYTHON_CAPSULE_CONTEXT, MLIR_PYTHON_CAPSULE_LOCATION,
    MLIR_PYTHON_CAPSULE_MODULE, MLIR_PYTHON_CAPSULE_DIALECT_REGISTRY,
    MLIR_PYTHON_CAPSULE_OPERATION, MLIR_PYTHON_CAPSULE_TYPE,
    MLIR_PYTHON_CAPSULE_ATTRIBUTE, MLIR_PYTHON_CAPSULE_VALUE,
    MLIR_PYTHON_CAPSULE_TYPEID,
)
from mlir._mlir_libs.capi.mlir_cython.version cimport mlirCyGetLLVMVersion
from mlir._mlir_libs.capi.mlir_cython.location cimport (
    mlirCyLocationFileLineColGetWithIdentifier,
    mlirCyLocationNameGetWithIdentifier)
from mlir._mlir_libs.capi.mlir_cython.operation cimport (
    mlirCyOperationSetProperties, mlirCyBlockGetLastOperation,
    mlirCyOperationGetRegisteredNameKey, mlirCyContextGetRegisteredNameKey,
    mlirCyOperationCreateFromState, mlirCyContextIsDialectLoadable,
    mlirCyContextIsDialectLoaded,
    mlirCyContextGetDetachedNameKey, mlirCyContextReleaseNames)
from mlir._mlir_libs.capi.mlir_cython.traits cimport *
from mlir._mlir_libs.capi.mlir_cython.builtin_types cimport *
from mlir._mlir_libs.capi.mlir_cython.equivalence cimport *
from mlir._mlir_libs.capi.mlir_cython.mapping cimport *
from mlir._mlir_libs.capi.mlir_cython.verify cimport (
    mlirCyOperationFindDroppedAttribute, mlirCyOperationFindUnverifiable,
    mlirCyOperationStateRefusesInference)
from mlir._mlir_libs.capi.mlir_cython.thread_pool cimport (
    mlirCyLlvmThreadPoolGetMaxConcurrency, mlirCyContextIsMultithreadingEnabled)
from mlir._mlir_libs.capi.mlir_cython.uniquers cimport mlirCyContextLockUniquers
from mlir._mlir_libs.capi.mlir_cython.stack cimport (
    MlirCyPDLFunctionOnThreadStack, mlirCyPDLFunctionCallOnThreadStack,
    mlirCyDeepSymbolTableWalkSymbolTables,
    mlirCyCreateExternalPassOnThreadStack, mlirCyDeepAffineExprPrint,
    mlirCyDeepAffineMapPrint, mlirCyDeepApplyPatternsAndFoldGreedilyWithOp,
    mlirCyDeepAsmStateCreateForOperation, mlirCyDeepAsmStateCreateForValue,
    mlirCyDeepAttributeParseGet, mlirCyDeepAttributePrint,
    mlirCyDeepBlockPrint, mlirCyDeepIntegerSetPrint,
    mlirCyDeepLocationPrint, mlirCyDeepModuleCreateParse,
    mlirCyDeepModuleCreateParseFromFile, mlirCyDeepModuleDestroy,
    mlirCyDeepOpPassManagerAddPipeline, mlirCyDeepOperationClone,
    mlirCyDeepOperationCreateParse, mlirCyDeepOperationDestroy,
    mlirCyDeepOperationPrint, mlirCyDeepOperationPrintWithFlags,
    mlirCyDeepOperationPrintWithFlagsGenericIfUnverifiable,
    mlirCyDeepOperationPrintWithState, mlirCyDeepOperationVerify,
    mlirCyDeepOperationWalk, mlirCyDeepOperationWriteBytecode,
    mlirCyDeepOperationFindOpenValue,
    mlirCyDeepOperationWriteBytecodeWithConfig, mlirCyDeepParsePassPipeline,
    mlirCyDeepPassManagerRunOnOpIfVerifiable,
    mlirCyDeepTypeParseGet,
    mlirCyDeepTypePrint, mlirCyDeepValuePrint,
    mlirCyDeepWalkAndApplyPatterns,
    mlirCyOpRewritePatternCreateOnThreadStack, mlirCyStackGetLimit)

# CPython calls outside Cython's own code, for the version-specific and the
# stable-ABI (abi3) builds alike.
cdef extern from "_pyapi.h":
    bint MLIRCY_LIMITED_API
    char* mlircy_bytes_data(object o)
    Py_ssize_t mlircy_tuple_size(PyObject* t)
    PyObject* mlircy_tuple_item(PyObject* t, Py_ssize_t i)
    Py_ssize_t mlircy_fast_size(object o)
    PyObject* mlircy_fast_item(object o, Py_ssize_t i)
    object mlircy_new_instance(PyTypeObject* cls, PyObject* no_args)

include "ir_support.pxi"
include "ir_threadlocal.pxi"
include "ir_diagnostics.pxi"
include "ir_registry.pxi"
include "ir_gate.pxi"
include "ir_context.pxi"
include "ir_location.pxi"
include "ir_tracebacks.pxi"
include "ir_typeattr.pxi"
include "ir_affine.pxi"
include "ir_types.pxi"
include "ir_attributes.pxi"
include "ir_dense.pxi"
include "ir_builders.pxi"
include "ir_module.pxi"
include "ir_livemap.pxi"
include "ir_traits.pxi"
include "ir_mapping.pxi"
include "ir_extensible.pxi"
include "ir_operation.pxi"
include "ir_opstate.pxi"
include "ir_oplists.pxi"
include "ir_blocks.pxi"
include "ir_values.pxi"
include "ir_symbols.pxi"
include "ir_pass.pxi"
include "ir_rewrite.pxi"
include "ir_interfaces.pxi"
include "ir_effects.pxi"
include "ir_transform.pxi"
include "ir_pickle.pxi"
include "ir_api.pxi"

__all__ = [
    "AsmState", "Attribute", "Block", "BlockArgument", "BlockArgumentList",
    "BlockIterator", "BlockList", "BlockPredecessors", "BlockSuccessors", "Context", "Diagnostic", "DiagnosticHandler",
    "DiagnosticInfo",
    "DiagnosticSeverity", "Dialect", "DialectDescriptor", "DialectRegistry",
    "Dialects",
    "InferShapedTypeOpInterface", "InferTypeOpInterface",
    "InsertionPoint", "Location", "UnknownLoc", "FileLineColLoc", "NameLoc",
    "CallSiteLoc", "FusedLoc", "MLIRError", "Module", "NamedAttribute",
    "OpAttributeMap", "OpOperand", "OpOperandIterator", "OpOperandList", "OpResult", "OpResultList",
    "OpSuccessors", "OpAdaptor", "OpView", "Operation", "OperationIterator",
    "OperationList", "Region", "RegionIterator",
    "RegionSequence", "ShapedTypeComponents", "SymbolTable", "ThreadPool", "Type", "TypeID", "Value",
    "WalkOrder",
    "WalkResult", "DynamicOpTrait", "IsTerminatorTrait", "NoTerminatorTrait",
    "IsIsolatedFromAboveTrait", "RecursiveMemoryEffectsTrait",
    "MemoryEffectsOpInterface", "ConditionallySpeculatable", "MemoryEffect",
    "SideEffectResource", "MemoryEffectInstance", "Speculatability",
    "MemoryEffectInstancesList", "DynamicType", "DynamicAttr",
    "OperationEquivalenceFlags", "IRMapping", "register_attribute_caster", "register_dialect",
    "register_op_adaptor", "register_operation", "register_type_caster", "register_value_caster",
] + _TYPE_NAMES + _ATTRIBUTE_NAMES + _DENSE_NAMES + _AFFINE_NAMES + _BUILDER_NAMES
