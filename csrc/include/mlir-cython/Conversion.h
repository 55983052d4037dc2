/*===-- mlir-cython/Conversion.h - dialect conversion with C callbacks ----===*\
|*                                                                            *|
|* MLIR's dialect conversion (ConversionTarget, TypeConverter, 1:1          *|
|* conversion patterns, partial and full conversion), which MLIR 22's C API *|
|* lacks. Type conversions and patterns call C callbacks; when MLIR calls    *|
|* them on the large stack of the mlirCyDeep* functions, they run on the    *|
|* thread's own stack (see Stack.h).                                         *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_CONVERSION_H
#define MLIR_CYTHON_CONVERSION_H

#include "mlir-c/IR.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct MlirCyConversionTarget {
  void *ptr;
} MlirCyConversionTarget;

typedef struct MlirCyTypeConverter {
  void *ptr;
} MlirCyTypeConverter;

typedef struct MlirCyConversionConfig {
  void *ptr;
} MlirCyConversionConfig;

typedef struct MlirCyConversionPatternRewriter {
  void *ptr;
} MlirCyConversionPatternRewriter;

//===----------------------------------------------------------------------===//
// ConversionTarget
//===----------------------------------------------------------------------===//

/// Creates a target with no legality rules, to be destroyed with
/// mlirCyConversionTargetDestroy (after every conversion using it). The
/// operations a pattern creates or changes other than through the rewriter
/// (reported with the functions below) are legal unless it names them.
MLIR_CAPI_EXPORTED MlirCyConversionTarget
mlirCyConversionTargetCreate(MlirContext context);

MLIR_CAPI_EXPORTED void
mlirCyConversionTargetDestroy(MlirCyConversionTarget target);

/// Marks operations named `name` ("dialect.op") legal.
MLIR_CAPI_EXPORTED void
mlirCyConversionTargetAddLegalOp(MlirCyConversionTarget target,
                                 MlirStringRef name);

/// Marks operations named `name` illegal.
MLIR_CAPI_EXPORTED void
mlirCyConversionTargetAddIllegalOp(MlirCyConversionTarget target,
                                   MlirStringRef name);

/// Marks the operations of the dialect with namespace `name` legal.
MLIR_CAPI_EXPORTED void
mlirCyConversionTargetAddLegalDialect(MlirCyConversionTarget target,
                                      MlirStringRef name);

/// Marks the operations of the dialect with namespace `name` illegal.
MLIR_CAPI_EXPORTED void
mlirCyConversionTargetAddIllegalDialect(MlirCyConversionTarget target,
                                        MlirStringRef name);

//===----------------------------------------------------------------------===//
// TypeConverter
//===----------------------------------------------------------------------===//

/// A type conversion: sets `*converted` and returns success when it converts
/// `type`; returns failure when it does not apply (the conversions added
/// before it are tried next).
typedef MlirLogicalResult (*MlirCyTypeConversionCallback)(MlirType type,
                                                          MlirType *converted,
                                                          void *userData);

/// Creates a type converter without conversions (it converts nothing), to be
/// destroyed with mlirCyTypeConverterDestroy (after every pattern using it).
MLIR_CAPI_EXPORTED MlirCyTypeConverter mlirCyTypeConverterCreate(void);

MLIR_CAPI_EXPORTED void
mlirCyTypeConverterDestroy(MlirCyTypeConverter converter);

/// Adds a conversion; the last added is tried first. `userData` is borrowed:
/// it must outlive the converter.
MLIR_CAPI_EXPORTED void
mlirCyTypeConverterAddConversion(MlirCyTypeConverter converter,
                                 MlirCyTypeConversionCallback callback,
                                 void *userData);

/// Returns `type` converted, or a null type when no conversion applies.
MLIR_CAPI_EXPORTED MlirType
mlirCyTypeConverterConvertType(MlirCyTypeConverter converter, MlirType type);

//===----------------------------------------------------------------------===//
// Conversion patterns and their rewriter
//===----------------------------------------------------------------------===//

/// The callbacks of a 1:1 conversion pattern. `construct` and `destruct`
/// (each may be null) are called when the pattern takes and drops
/// `userData`. `matchAndRewrite` receives the matched operation, its
/// operands as converted so far (one value per operand) and the rewriter;
/// it returns success when it rewrote the operation.
typedef struct MlirCyConversionPatternCallbacks {
  void (*construct)(void *userData);
  void (*destruct)(void *userData);
  MlirLogicalResult (*matchAndRewrite)(MlirOperation op, intptr_t nOperands,
                                       MlirValue *operands,
                                       MlirCyConversionPatternRewriter rewriter,
                                       void *userData);
} MlirCyConversionPatternCallbacks;

/// Creates a conversion pattern on operations named `rootName`, for
/// mlirRewritePatternSetAdd. `converter` is borrowed: it must outlive the
/// pattern. An operand converted to several values (1:N) makes the pattern
/// fail to match without calling `matchAndRewrite`.
MLIR_CAPI_EXPORTED MlirRewritePattern mlirCyOpConversionPatternCreate(
    MlirStringRef rootName, unsigned benefit, MlirContext context,
    MlirCyTypeConverter converter, MlirCyConversionPatternCallbacks callbacks,
    void *userData);

/// The rewriter a conversion driver hands to a pattern that is not a
/// conversion pattern (only valid for the rewriters of conversion drivers).
MLIR_CAPI_EXPORTED MlirCyConversionPatternRewriter
mlirCyConversionPatternRewriterFromPatternRewriter(
    MlirPatternRewriter rewriter);

/// The rewriter as a RewriterBase, for the mlirRewriterBase* functions.
MLIR_CAPI_EXPORTED MlirRewriterBase mlirCyConversionPatternRewriterAsBase(
    MlirCyConversionPatternRewriter rewriter);

/// Converts the types of the block arguments of `region` with `converter`
/// (the entry block's included). Returns failure when some type does not
/// convert.
MLIR_CAPI_EXPORTED MlirLogicalResult
mlirCyConversionPatternRewriterConvertRegionTypes(
    MlirCyConversionPatternRewriter rewriter, MlirRegion region,
    MlirCyTypeConverter converter);

/// Reports to the driver an operation that was just inserted, newly created,
/// by other means than the rewriter (while a pattern of the driver runs): it
/// is rolled back with the pattern, and legal for a target that does not
/// know its name.
MLIR_CAPI_EXPORTED void mlirCyConversionPatternRewriterNotifyOperationInserted(
    MlirCyConversionPatternRewriter rewriter, MlirOperation op);

/// Reports to the driver a block that was just inserted, newly created, by
/// other means than the rewriter: it is rolled back with the pattern.
MLIR_CAPI_EXPORTED void mlirCyConversionPatternRewriterNotifyBlockInserted(
    MlirCyConversionPatternRewriter rewriter, MlirBlock block);

/// Moves `block` to the end of `region` through the rewriter (rolled back
/// with the pattern).
MLIR_CAPI_EXPORTED void mlirCyConversionPatternRewriterMoveBlockToEnd(
    MlirCyConversionPatternRewriter rewriter, MlirBlock block,
    MlirRegion region);

/// Before an in-place change of `op` by other means than the rewriter: its
/// state is restored if the pattern is rolled back.
MLIR_CAPI_EXPORTED void mlirCyConversionPatternRewriterStartOpModification(
    MlirCyConversionPatternRewriter rewriter, MlirOperation op);

/// After that change: `op` counts as changed by the pattern (legal for a
/// target that does not know its name).
MLIR_CAPI_EXPORTED void mlirCyConversionPatternRewriterFinalizeOpModification(
    MlirCyConversionPatternRewriter rewriter, MlirOperation op);

//===----------------------------------------------------------------------===//
// ConversionConfig and the drivers
//===----------------------------------------------------------------------===//

/// When the driver tries to fold operations that are not legal.
enum MlirCyDialectConversionFoldingMode {
  MLIR_CY_DIALECT_CONVERSION_FOLDING_MODE_NEVER = 0,
  MLIR_CY_DIALECT_CONVERSION_FOLDING_MODE_BEFORE_PATTERNS = 1,
  MLIR_CY_DIALECT_CONVERSION_FOLDING_MODE_AFTER_PATTERNS = 2,
};

/// Creates MLIR's default configuration, to be destroyed with
/// mlirCyConversionConfigDestroy.
MLIR_CAPI_EXPORTED MlirCyConversionConfig mlirCyConversionConfigCreate(void);

MLIR_CAPI_EXPORTED void
mlirCyConversionConfigDestroy(MlirCyConversionConfig config);

MLIR_CAPI_EXPORTED void
mlirCyConversionConfigSetFoldingMode(MlirCyConversionConfig config, int mode);

MLIR_CAPI_EXPORTED int
mlirCyConversionConfigGetFoldingMode(MlirCyConversionConfig config);

MLIR_CAPI_EXPORTED void
mlirCyConversionConfigSetBuildMaterializations(MlirCyConversionConfig config,
                                               bool enabled);

MLIR_CAPI_EXPORTED bool
mlirCyConversionConfigGetBuildMaterializations(MlirCyConversionConfig config);

/// Applies a partial (`full` false) or full conversion to `op` on enough
/// stack for its nesting (see Stack.h): returns false, doing nothing, when
/// that much stack cannot be had; else sets `*result`.
MLIR_CAPI_EXPORTED bool mlirCyDeepApplyConversion(
    MlirOperation op, MlirCyConversionTarget target,
    MlirFrozenRewritePatternSet patterns, MlirCyConversionConfig config,
    bool full, MlirLogicalResult *result);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_CONVERSION_H
