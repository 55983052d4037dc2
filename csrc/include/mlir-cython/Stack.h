/*===-- mlir-cython/Stack.h - deep input without stack overflow -----------===*\
|*                                                                            *|
|* MLIR parses, prints, verifies and walks IR by recursion: input or IR      *|
|* nested a few thousand levels deep overflows an 8 MiB thread stack. These  *|
|* shims run such a call on a large stack of the calling thread's own,       *|
|* switched to and back on the same thread (thread-locals, locks, the GIL    *|
|* and the thread's identity stay the caller's), reserved once per thread    *|
|* and committed by the kernel only as far as it is used. A call that fits   *|
|* the caller's stack runs directly, at no cost.                             *|
|*                                                                            *|
|* The mlirCyDeep* functions do what the mlir-c/ function of the same name   *|
|* does, on enough stack for their input: for text, a bound proportional to  *|
|* its length; for IR, to the nesting depth of its operations (counted       *|
|* without recursion). They return false, doing nothing, when that much      *|
|* stack cannot be had.                                                      *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_STACK_H
#define MLIR_CYTHON_STACK_H

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IntegerSet.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A function for mlirCyStackRun: receives the caller's data.
typedef void (*MlirCyStackFn)(void *userData);

/// Calls fn(userData) with at least `needed` bytes of stack free for it:
/// directly when the current stack has that much left (and a margin), else
/// on the calling thread's large stack, grown to `needed` if it is smaller.
/// Returns false without calling fn when so much stack cannot be had (the
/// large stack is in use by an enclosing call and has less left, or the
/// memory cannot be reserved).
MLIR_CAPI_EXPORTED bool mlirCyStackRun(size_t needed, MlirCyStackFn fn,
                                       void *userData);

/// Calls fn(userData) on the thread's own stack: called from code that
/// mlirCyStackRun runs on the large stack, it switches back to the thread's
/// stack (below the frames of mlirCyStackRun's caller) for the call; else it
/// calls fn directly. For callbacks into code that checks its stack pointer
/// against the thread's stack, such as CPython from 3.14 on.
MLIR_CAPI_EXPORTED void mlirCyStackRunOnThreadStack(MlirCyStackFn fn,
                                                    void *userData);

/// Calls fn(userData) on the calling thread's large stack, for calls whose
/// depth cannot be told beforehand (printing a type or an attribute): as
/// far down it as is left when called from a callback of a call on it
/// (directly when called on it); directly if it cannot be reserved.
MLIR_CAPI_EXPORTED void mlirCyStackRunLarge(MlirCyStackFn fn, void *userData);

/// Returns whether the caller runs on a large stack of mlirCyStackRun.
MLIR_CAPI_EXPORTED bool mlirCyStackIsLarge(void);

/// Returns the most bytes of stack a mlirCyDeep* function asks for: input or
/// IR needing more is refused.
MLIR_CAPI_EXPORTED size_t mlirCyStackGetLimit(void);

/// Returns the bytes of stack a mlirCyDeep* parse of `length` bytes of text
/// asks for.
MLIR_CAPI_EXPORTED size_t mlirCyStackNeededForText(size_t length);

/// Returns the bytes of stack a mlirCyDeep* function on IR nested `depth`
/// operations deep asks for.
MLIR_CAPI_EXPORTED size_t mlirCyStackNeededForDepth(intptr_t depth);

/// Returns how many levels of operations `op` holds: 1 for an operation
/// without regions' operations, one more per level of nesting. Counted
/// without recursion.
MLIR_CAPI_EXPORTED intptr_t mlirCyOperationGetDepth(MlirOperation op);

//===----------------------------------------------------------------------===//
// Parsing: stack for the length of the text.
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirCyDeepModuleCreateParse(MlirContext context,
                                                    MlirStringRef module,
                                                    MlirModule *result);

/// As mlirModuleCreateParseFromFile, for a file of `length` bytes.
MLIR_CAPI_EXPORTED bool
mlirCyDeepModuleCreateParseFromFile(MlirContext context, MlirStringRef fileName,
                                    size_t length, MlirModule *result);

MLIR_CAPI_EXPORTED bool mlirCyDeepOperationCreateParse(MlirContext context,
                                                       MlirStringRef sourceStr,
                                                       MlirStringRef sourceName,
                                                       MlirOperation *result);

MLIR_CAPI_EXPORTED bool mlirCyDeepTypeParseGet(MlirContext context,
                                               MlirStringRef type,
                                               MlirType *result);

MLIR_CAPI_EXPORTED bool mlirCyDeepAttributeParseGet(MlirContext context,
                                                    MlirStringRef attr,
                                                    MlirAttribute *result);

MLIR_CAPI_EXPORTED bool
mlirCyDeepParsePassPipeline(MlirOpPassManager passManager,
                            MlirStringRef pipeline,
                            MlirStringCallback callback, void *userData,
                            MlirLogicalResult *result);

MLIR_CAPI_EXPORTED bool
mlirCyDeepOpPassManagerAddPipeline(MlirOpPassManager passManager,
                                   MlirStringRef pipelineElements,
                                   MlirStringCallback callback, void *userData,
                                   MlirLogicalResult *result);

//===----------------------------------------------------------------------===//
// IR: stack for the nesting depth of the operation.
//===----------------------------------------------------------------------===//

// Printing an operation names it in its outermost ancestor: these count the
// depth of that ancestor.

MLIR_CAPI_EXPORTED bool
mlirCyDeepOperationPrintWithFlags(MlirOperation op, MlirOpPrintingFlags flags,
                                  MlirStringCallback callback, void *userData);

/// As mlirCyDeepOperationPrintWithFlags, first making `flags` print the
/// generic form, unverified, when `op`'s IR holds an operation MLIR's
/// verifier cannot be run on (mlirCyOperationFindUnverifiable; a custom
/// form printed unverified crashes on it). For an operation without a
/// parent one walk both looks for it and counts the depth.
MLIR_CAPI_EXPORTED bool mlirCyDeepOperationPrintWithFlagsGenericIfUnverifiable(
    MlirOperation op, MlirOpPrintingFlags flags, MlirStringCallback callback,
    void *userData);

MLIR_CAPI_EXPORTED bool
mlirCyDeepOperationPrintWithState(MlirOperation op, MlirAsmState state,
                                  MlirStringCallback callback, void *userData);

MLIR_CAPI_EXPORTED bool mlirCyDeepOperationPrint(MlirOperation op,
                                                 MlirStringCallback callback,
                                                 void *userData);

MLIR_CAPI_EXPORTED bool mlirCyDeepBlockPrint(MlirBlock block,
                                             MlirStringCallback callback,
                                             void *userData);

MLIR_CAPI_EXPORTED bool mlirCyDeepValuePrint(MlirValue value,
                                             MlirStringCallback callback,
                                             void *userData);

MLIR_CAPI_EXPORTED bool
mlirCyDeepAsmStateCreateForOperation(MlirOperation op, MlirOpPrintingFlags flags,
                                     MlirAsmState *result);

MLIR_CAPI_EXPORTED bool mlirCyDeepAsmStateCreateForValue(MlirValue value,
                                                         MlirOpPrintingFlags flags,
                                                         MlirAsmState *result);

MLIR_CAPI_EXPORTED bool
mlirCyDeepOperationWriteBytecode(MlirOperation op, MlirStringCallback callback,
                                 void *userData);

MLIR_CAPI_EXPORTED bool mlirCyDeepOperationWriteBytecodeWithConfig(
    MlirOperation op, MlirBytecodeWriterConfig config,
    MlirStringCallback callback, void *userData, MlirLogicalResult *result);

MLIR_CAPI_EXPORTED bool mlirCyDeepOperationVerify(MlirOperation op,
                                                  bool *result);

/// Whether the IR of `op` (op and everything nested in it) is closed, as the
/// bytecode writer requires: no operation in it uses a value defined outside
/// it, and no value defined in it is used outside it (by a detached
/// operation, say). MLIR's writer numbers only the values and operations it
/// walks and reads past its tables otherwise. `*result`: 0 closed; 1 an
/// operand from outside, `*culprit` its user; 2 a use outside, `*culprit`
/// the outside user.
MLIR_CAPI_EXPORTED bool mlirCyDeepOperationFindOpenValue(MlirOperation op,
                                                         int *result,
                                                         MlirOperation *culprit);

/// As mlirOperationWalk; on the large stack, each call of `callback` runs on
/// the thread's own stack (see mlirCyStackRunOnThreadStack).
MLIR_CAPI_EXPORTED bool mlirCyDeepOperationWalk(MlirOperation op,
                                                MlirOperationWalkCallback callback,
                                                void *userData,
                                                MlirWalkOrder walkOrder);

/// As mlirSymbolTableWalkSymbolTables; on the large stack, each call of
/// `callback` runs on the thread's own stack.
MLIR_CAPI_EXPORTED bool mlirCyDeepSymbolTableWalkSymbolTables(
    MlirOperation from, bool allSymUsesVisible,
    void (*callback)(MlirOperation, bool, void *userData), void *userData);

MLIR_CAPI_EXPORTED bool mlirCyDeepPassManagerRunOnOp(MlirPassManager passManager,
                                                     MlirOperation op,
                                                     MlirLogicalResult *result);

/// As mlirCyDeepPassManagerRunOnOp, unless `op`'s IR holds an operation
/// MLIR's verifier cannot be run on (mlirCyOperationFindUnverifiable; one
/// walk looks for it and counts the depth). Returns 1 when it ran, 0 when
/// such an operation kept it from running, -1 when the stack it needed
/// could not be had.
MLIR_CAPI_EXPORTED int mlirCyDeepPassManagerRunOnOpIfVerifiable(
    MlirPassManager passManager, MlirOperation op, MlirLogicalResult *result);

/// As mlirOperationDestroy (`op` must be detached or a module's operation).
MLIR_CAPI_EXPORTED bool mlirCyDeepOperationDestroy(MlirOperation op);

MLIR_CAPI_EXPORTED bool mlirCyDeepModuleDestroy(MlirModule module);

MLIR_CAPI_EXPORTED bool mlirCyDeepOperationClone(MlirOperation op,
                                                 MlirOperation *result);

MLIR_CAPI_EXPORTED bool mlirCyDeepApplyPatternsAndFoldGreedilyWithOp(
    MlirOperation op, MlirFrozenRewritePatternSet patterns,
    MlirGreedyRewriteDriverConfig config, MlirLogicalResult *result);

MLIR_CAPI_EXPORTED bool
mlirCyDeepWalkAndApplyPatterns(MlirOperation op,
                               MlirFrozenRewritePatternSet patterns);

//===----------------------------------------------------------------------===//
// Callbacks that run on the thread's own stack (see
// mlirCyStackRunOnThreadStack) when MLIR calls them on the large stack.
//===----------------------------------------------------------------------===//

/// As mlirContextAttachDiagnosticHandler.
MLIR_CAPI_EXPORTED MlirDiagnosticHandlerID
mlirCyContextAttachDiagnosticHandlerOnThreadStack(
    MlirContext context, MlirDiagnosticHandler handler, void *userData,
    void (*deleteUserData)(void *));

/// As mlirCreateExternalPass.
MLIR_CAPI_EXPORTED MlirPass mlirCyCreateExternalPassOnThreadStack(
    MlirTypeID passID, MlirStringRef name, MlirStringRef argument,
    MlirStringRef description, MlirStringRef opName,
    intptr_t nDependentDialects, MlirDialectHandle *dependentDialects,
    MlirExternalPassCallbacks callbacks, void *userData);

/// As mlirOpRewritePatternCreate.
MLIR_CAPI_EXPORTED MlirRewritePattern mlirCyOpRewritePatternCreateOnThreadStack(
    MlirStringRef rootName, unsigned benefit, MlirContext context,
    MlirRewritePatternCallbacks callbacks, void *userData,
    size_t nGeneratedNames, MlirStringRef *generatedNames);

#if MLIR_ENABLE_PDL_IN_PATTERNMATCH
/// A PDL native function and its data, owned by the caller for as long as
/// the function is registered.
typedef struct MlirCyPDLFunctionOnThreadStack {
  MlirPDLRewriteFunction function;
  void *userData;
} MlirCyPDLFunctionOnThreadStack;

/// A PDL rewrite or constraint function calling `bounce->function` on the
/// thread's own stack: register it with a MlirCyPDLFunctionOnThreadStack
/// as its user data.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirCyPDLFunctionCallOnThreadStack(
    MlirPatternRewriter rewriter, MlirPDLResultList results, size_t nValues,
    MlirPDLValue *values, void *bounce);
#endif

//===----------------------------------------------------------------------===//
// Types, attributes, locations, affine expressions, maps and integer sets
// nest without bound and without a cheap way to tell how deep: these print
// on the large stack (mlirCyStackRunLarge) whatever their size.
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED void mlirCyDeepTypePrint(MlirType type,
                                            MlirStringCallback callback,
                                            void *userData);

MLIR_CAPI_EXPORTED void mlirCyDeepAttributePrint(MlirAttribute attr,
                                                 MlirStringCallback callback,
                                                 void *userData);

MLIR_CAPI_EXPORTED void mlirCyDeepLocationPrint(MlirLocation loc,
                                                MlirStringCallback callback,
                                                void *userData);

MLIR_CAPI_EXPORTED void mlirCyDeepAffineExprPrint(MlirAffineExpr expr,
                                                  MlirStringCallback callback,
                                                  void *userData);

MLIR_CAPI_EXPORTED void mlirCyDeepAffineMapPrint(MlirAffineMap map,
                                                 MlirStringCallback callback,
                                                 void *userData);

MLIR_CAPI_EXPORTED void mlirCyDeepIntegerSetPrint(MlirIntegerSet set,
                                                  MlirStringCallback callback,
                                                  void *userData);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_STACK_H
