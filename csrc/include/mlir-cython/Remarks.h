/*===-- mlir-cython/Remarks.h - optimization remarks ----------------------===*\
|*                                                                            *|
|* MLIR's remark engine (mlir/IR/Remarks.h), which MLIR 22's C API lacks:     *|
|* enabling it on a context (remarks printed as diagnostics, streamed to a    *|
|* YAML or bitstream file, or handed to a C callback), finalizing it,         *|
|* reading a remark, and emitting one at a location. Every remark of an       *|
|* engine enabled here carries its number in the engine (1, 2, ...) as its    *|
|* first argument, `RemarkId`.                                                *|
\*===----------------------------------------------------------------------===*/

#ifndef MLIR_CYTHON_REMARKS_H
#define MLIR_CYTHON_REMARKS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kinds of remarks (mlir::remark::RemarkKind).
enum MlirCyRemarkKind {
  MLIR_CY_REMARK_UNKNOWN = 0,
  MLIR_CY_REMARK_PASSED = 1,
  MLIR_CY_REMARK_MISSED = 2,
  MLIR_CY_REMARK_FAILURE = 3,
  MLIR_CY_REMARK_ANALYSIS = 4,
};

/// When the engine reports a remark: at once, or only the last one of each
/// location, name and category when it is finalized.
enum MlirCyRemarkPolicy {
  MLIR_CY_REMARK_POLICY_ALL = 0,
  MLIR_CY_REMARK_POLICY_FINAL = 1,
};

/// The formats of a remark file.
enum MlirCyRemarkFormat {
  MLIR_CY_REMARK_FORMAT_YAML = 0,
  MLIR_CY_REMARK_FORMAT_BITSTREAM = 1,
};

/// The category filters (regular expressions, empty: none) of an engine. A
/// kind is reported for a category its own filter or `all` matches.
typedef struct {
  MlirStringRef all;
  MlirStringRef passed;
  MlirStringRef missed;
  MlirStringRef analysis;
  MlirStringRef failed;
} MlirCyRemarkCategories;

/// A remark being reported; valid only during the callback it is given to.
typedef struct {
  const void *ptr;
} MlirCyRemark;

/// Called with each remark the engine reports.
typedef void (*MlirCyRemarkCallback)(MlirCyRemark remark, void *userData);

/// Enables the remark engine on `ctx`, with no sink of its own (remarks are
/// printed as diagnostics when `printAsEmitRemarks`). Fails when `ctx`
/// already has a remark engine.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirCyContextEnableRemarks(
    MlirContext ctx, MlirCyRemarkCategories categories, int policy,
    bool printAsEmitRemarks);

/// Enables the remark engine on `ctx`, streaming the remarks to the file at
/// `path` in `format` (an MlirCyRemarkFormat). Fails when `ctx` already has
/// a remark engine or the file cannot be written.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirCyContextEnableRemarksToFile(
    MlirContext ctx, MlirCyRemarkCategories categories, int policy,
    int format, MlirStringRef path, bool printAsEmitRemarks);

/// Enables the remark engine on `ctx`, handing each remark to `callback`.
/// `deleteUserData` (may be null) is called with `userData` when the engine
/// goes (finalized, or its context destroyed), or at once when this fails
/// (`ctx` already has a remark engine).
MLIR_CAPI_EXPORTED MlirLogicalResult mlirCyContextEnableRemarksWithCallback(
    MlirContext ctx, MlirCyRemarkCategories categories, int policy,
    MlirCyRemarkCallback callback, void *userData,
    void (*deleteUserData)(void *), bool printAsEmitRemarks);

/// Finalizes and removes the remark engine of `ctx` (no-op without one):
/// postponed remarks are reported, the file is written, the callback's user
/// data released.
MLIR_CAPI_EXPORTED void mlirCyContextFinalizeRemarks(MlirContext ctx);

/// Whether `ctx` has a remark engine.
MLIR_CAPI_EXPORTED bool mlirCyContextHasRemarkEngine(MlirContext ctx);

/// The kind of the remark (an MlirCyRemarkKind).
MLIR_CAPI_EXPORTED int mlirCyRemarkGetKind(MlirCyRemark remark);

/// The remark's name ("<unknown remark name>" when unset).
MLIR_CAPI_EXPORTED MlirStringRef mlirCyRemarkGetName(MlirCyRemark remark);

/// The remark's category (what the filters match).
MLIR_CAPI_EXPORTED MlirStringRef mlirCyRemarkGetCategory(MlirCyRemark remark);

/// The remark's category and subcategory, `category:subcategory`.
MLIR_CAPI_EXPORTED MlirStringRef
mlirCyRemarkGetFullCategory(MlirCyRemark remark);

/// The remark's function name ("<unknown function>" when unset).
MLIR_CAPI_EXPORTED MlirStringRef mlirCyRemarkGetFunction(MlirCyRemark remark);

/// The remark's location.
MLIR_CAPI_EXPORTED MlirLocation mlirCyRemarkGetLocation(MlirCyRemark remark);

/// The remark's number in its engine (its `RemarkId` argument), 0 when it
/// has none.
MLIR_CAPI_EXPORTED uint64_t mlirCyRemarkGetId(MlirCyRemark remark);

/// The number of the remark's key/value arguments.
MLIR_CAPI_EXPORTED intptr_t mlirCyRemarkGetNumArgs(MlirCyRemark remark);

/// The key of the remark's argument `pos` (the caller checks the range).
MLIR_CAPI_EXPORTED MlirStringRef mlirCyRemarkGetArgKey(MlirCyRemark remark,
                                                       intptr_t pos);

/// The value of the remark's argument `pos` (the caller checks the range).
MLIR_CAPI_EXPORTED MlirStringRef mlirCyRemarkGetArgValue(MlirCyRemark remark,
                                                         intptr_t pos);

/// Prints the remark's text, `[Kind] name | Category:... | key=value, ...`.
MLIR_CAPI_EXPORTED void mlirCyRemarkPrint(MlirCyRemark remark,
                                          MlirStringCallback callback,
                                          void *userData);

/// Emits a remark of `kind` at `loc` through the remark engine of its
/// context; `message` (when not empty) and the `numArgs` key/value pairs
/// become its arguments. Returns false, emitting nothing, when the context
/// has no remark engine, the engine's filters leave the category out, or
/// `kind` is MLIR_CY_REMARK_UNKNOWN (or not a kind).
MLIR_CAPI_EXPORTED bool mlirCyEmitRemark(
    MlirLocation loc, int kind, MlirStringRef name, MlirStringRef category,
    MlirStringRef subCategory, MlirStringRef function, MlirStringRef message,
    intptr_t numArgs, const MlirStringRef *keys, const MlirStringRef *values);

#ifdef __cplusplus
}
#endif

#endif // MLIR_CYTHON_REMARKS_H
