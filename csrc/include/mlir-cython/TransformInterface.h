/*===-- mlir-cython/TransformInterface.h - transforms from C --------------===*\
|*                                                                            *|
|* The transform dialect's TransformOpInterface implemented through C        *|
|* callbacks (MLIR 22's C API lacks it): attached to a registered operation  *|
|* name, its apply gets the interpreter's rewriter, results and state, which *|
|* the functions below read and fill, checking what MLIR only asserts.      *|
|* Callbacks run on the thread's own stack (see Stack.h).                   *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_TRANSFORMINTERFACE_H
#define MLIR_CYTHON_TRANSFORMINTERFACE_H

#include "mlir-c/IR.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"
#include "mlir-cython/Attach.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The interpreter's state and the results of the transform being applied,
/// valid during the apply callback only.
typedef struct {
  void *ptr;
} MlirCyTransformState;

typedef struct {
  void *ptr;
} MlirCyTransformResults;

/// What an apply returns: DiagnosedSilenceableFailure's three states.
enum MlirCyTransformOutcome {
  MLIR_CY_TRANSFORM_SUCCESS = 0,
  MLIR_CY_TRANSFORM_SILENCEABLE_FAILURE = 1,
  MLIR_CY_TRANSFORM_DEFINITE_FAILURE = 2,
};

/// Applies transform `op`: returns an MlirCyTransformOutcome, or -1 when it
/// failed after emitting an error diagnostic (a definite failure).
typedef int (*MlirCyTransformApplyCallback)(MlirOperation op,
                                            MlirRewriterBase rewriter,
                                            MlirCyTransformResults results,
                                            MlirCyTransformState state,
                                            void *userData);

/// Whether `op` may take the same handle twice: 1 yes, 0 no, -1 failed
/// (taken as no).
typedef int (*MlirCyTransformAllowsRepeatedCallback)(MlirOperation op,
                                                     void *userData);

/// What the state and result functions report.
enum MlirCyTransformCheck {
  MLIR_CY_TRANSFORM_OK = 0,
  /// The handle is not an operand (a result is not a result) of the
  /// transform being applied.
  MLIR_CY_TRANSFORM_NOT_OWN = 1,
  /// The handle's type is not of the kind asked for.
  MLIR_CY_TRANSFORM_WRONG_KIND = 2,
  /// The result was set already.
  MLIR_CY_TRANSFORM_ALREADY_SET = 3,
};

/// The handle kinds: operations, values, parameters.
enum MlirCyTransformHandleKind {
  MLIR_CY_TRANSFORM_OPS = 0,
  MLIR_CY_TRANSFORM_VALUES = 1,
  MLIR_CY_TRANSFORM_PARAMS = 2,
};

/// The TypeID of TransformOpInterface.
MLIR_CAPI_EXPORTED MlirTypeID mlirCyTransformOpInterfaceTypeID(void);

/// Makes the operations named `opName` in `ctx` implement
/// TransformOpInterface through the callbacks. Returns an
/// MlirCyAttachResult (see Attach.h); attaching again replaces them.
MLIR_CAPI_EXPORTED int mlirCyTransformOpInterfaceAttach(
    MlirContext ctx, MlirStringRef opName,
    MlirCyTransformApplyCallback apply,
    MlirCyTransformAllowsRepeatedCallback allowsRepeated, void *userData);

/// Calls `collect` with each payload item (an MlirOperation, MlirValue or
/// MlirAttribute, by `kind`, in its `ptr`) that `handle`, an operand of the
/// transform being applied, is mapped to. Returns an MlirCyTransformCheck.
MLIR_CAPI_EXPORTED int
mlirCyTransformStateGet(MlirCyTransformState state, MlirValue handle,
                        int kind, void (*collect)(void *item, void *userData),
                        void *userData);

/// The payload root of the interpreter run.
MLIR_CAPI_EXPORTED MlirOperation
mlirCyTransformStateGetTopLevel(MlirCyTransformState state);

/// Sets result `result` (of the transform being applied) to `n` payload
/// items (MlirOperation, MlirValue or MlirAttribute pointers, by `kind`).
/// Returns an MlirCyTransformCheck.
MLIR_CAPI_EXPORTED int
mlirCyTransformResultsSet(MlirCyTransformResults results, MlirValue result,
                          int kind, intptr_t n, void *const *items);

/// Adds the patterns of a PatternDescriptorOpInterface operation `op` to
/// `patterns` (the set being populated, valid during the call); returns
/// false on failure (after emitting an error diagnostic).
typedef bool (*MlirCyPatternDescriptorCallback)(MlirOperation op,
                                                MlirRewritePatternSet patterns,
                                                void *userData);

/// The TypeID of PatternDescriptorOpInterface.
MLIR_CAPI_EXPORTED MlirTypeID mlirCyPatternDescriptorOpInterfaceTypeID(void);

/// Makes the operations named `opName` in `ctx` implement
/// PatternDescriptorOpInterface through `populate`. Returns an
/// MlirCyAttachResult (see Attach.h); attaching again replaces it.
MLIR_CAPI_EXPORTED int mlirCyPatternDescriptorOpInterfaceAttach(
    MlirContext ctx, MlirStringRef opName,
    MlirCyPatternDescriptorCallback populate, void *userData);

/// Moves every pattern of `from` into `into` (left empty: destroy it as
/// usual).
MLIR_CAPI_EXPORTED void
mlirCyRewritePatternSetMoveInto(MlirRewritePatternSet from,
                                MlirRewritePatternSet into);

/// SideEffects resources of the transform dialect: the handles' mapping
/// (TransformMappingResource) and the payload IR (PayloadIRResource).
MLIR_CAPI_EXPORTED const void *mlirCyTransformMappingResource(void);
MLIR_CAPI_EXPORTED const void *mlirCyTransformPayloadIRResource(void);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_TRANSFORMINTERFACE_H
