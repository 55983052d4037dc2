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
from cpython.pycapsule cimport PyCapsule_IsValid, PyCapsule_CheckExact
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
from mlir._mlir_libs.capi.mlir_cython.remarks cimport *
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

# The topics of the object model, in core/ (one scope: a topic may use
# what a later one defines, except in what runs at import, such as a
# default argument's value).
include "core/ir_support.pxi"       # threads; strings across the C boundary
include "core/ir_threadlocal.pxi"   # the with-stack of contexts, locations, insertion points
include "core/ir_diagnostics.pxi"   # diagnostics, MLIRError, error capture
include "core/ir_remarks.pxi"       # optimization remarks
include "core/ir_registry.pxi"      # registries: op classes, dialects, casters
include "core/ir_gate.pxi"          # the IR gate shared by threads of a context
include "core/ir_context.pxi"       # Context, DialectRegistry
include "core/ir_location.pxi"      # Location and its kinds
include "core/ir_tracebacks.pxi"    # traceback-based locations
include "core/ir_typeattr.pxi"      # TypeID, Type, Attribute, NamedAttribute
include "core/ir_affine.pxi"        # affine expressions, maps, integer sets
include "core/ir_types.pxi"         # the builtin types
include "core/ir_attributes.pxi"    # the builtin attributes but dense ones
include "core/ir_dense.pxi"         # dense element containers, numpy interop
include "core/ir_builders.pxi"      # attribute and type builders of ODS kinds
include "core/ir_module.pxi"        # Module
include "core/ir_livemap.pxi"       # a context's map of live Operation objects
include "core/ir_traits.pxi"        # traits, structural equivalence
include "core/ir_mapping.pxi"       # IRMapping, clone through a mapping
include "core/ir_extensible.pxi"    # dialects defined at run time
include "core/ir_walk.pxi"          # Operation.walk: orders, results, state
include "core/ir_operation.pxi"     # Operation: interning, validity, ownership
include "core/ir_opstate.pxi"       # OperationState, the generic builder
include "core/ir_opview.pxi"        # OpView, OpAdaptor
include "core/ir_printing.pxi"      # printing operations: flags, AsmState, files
include "core/ir_oplists.pxi"       # an operation's attributes, operands, results...
include "core/ir_blocks.pxi"        # Region, Block, InsertionPoint
include "core/ir_values.pxi"        # Value, OpResult, BlockArgument, uses
include "core/ir_symbols.pxi"       # SymbolTable
include "core/ir_pass.pxi"          # PassManager, Python passes
include "core/ir_rewrite.pxi"       # pattern sets, PatternRewriter, drivers
include "core/ir_pdl.pxi"           # PDL modules with Python native functions
include "core/ir_conversion.pxi"    # dialect conversion
include "core/ir_interfaces.pxi"    # InferTypeOpInterface, InferShapedTypeOpInterface
include "core/ir_effects.pxi"       # memory effects, speculatability
include "core/ir_transform.pxi"     # transform ops implemented in Python
include "core/ir_pickle.pxi"        # pickling
include "core/ir_api.pxi"           # the C-level API for native extensions

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
    "RegionSequence", "Remark", "RemarkFormat", "RemarkKind", "RemarkPolicy",
    "ShapedTypeComponents", "SymbolTable", "ThreadPool", "Type", "TypeID", "Value",
    "WalkOrder",
    "WalkResult", "DynamicOpTrait", "IsTerminatorTrait", "NoTerminatorTrait",
    "IsIsolatedFromAboveTrait", "RecursiveMemoryEffectsTrait",
    "MemoryEffectsOpInterface", "ConditionallySpeculatable", "MemoryEffect",
    "SideEffectResource", "MemoryEffectInstance", "Speculatability",
    "MemoryEffectInstancesList", "DynamicType", "DynamicAttr",
    "OperationEquivalenceFlags", "IRMapping", "register_attribute_caster", "register_dialect",
    "register_op_adaptor", "register_operation", "register_type_caster", "register_value_caster",
] + _TYPE_NAMES + _ATTRIBUTE_NAMES + _DENSE_NAMES + _AFFINE_NAMES + _BUILDER_NAMES

# Upstream's homes of these classes: its native module's ir, passmanager and
# rewrite submodules (which mlir._mlir_libs._mlir re-creates), and for
# Context and MLIRError the subclasses its site initialization defines.
# (This module's namespace: `globals` is upstream's registry object here.)
import sys as _sys
_settle_classes(vars(_sys.modules[__name__]), __name__, "mlir._mlir_libs._mlir.ir", {
    "PassManager": "mlir._mlir_libs._mlir.passmanager",
    "ExternalPass": "mlir._mlir_libs._mlir.passmanager",
    "PassDisplayMode": "mlir._mlir_libs._mlir.passmanager",
    **{n: "mlir._mlir_libs._mlir.rewrite" for n in (
        "ConversionConfig", "ConversionPatternRewriter", "ConversionTarget",
        "DialectConversionFoldingMode", "FrozenRewritePatternSet",
        "GreedyRewriteConfig", "GreedyRewriteStrictness",
        "GreedySimplifyRegionLevel", "PDLModule", "PDLResultList",
        "PatternRewriter", "RewritePatternSet", "TypeConverter")},
    "Context": ("mlir._mlir_libs", "_site_initialize.<locals>.Context"),
    "MLIRError": ("mlir._mlir_libs", "_site_initialize.<locals>.MLIRError"),
    "_Globals": "mlir._mlir_libs._mlir",
})
