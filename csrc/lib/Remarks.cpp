//===- Remarks.cpp - optimization remarks ---------------------------------===//

#include "mlir-cython/Remarks.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Remark/RemarkStreamer.h"
#include "llvm/Remarks/Remark.h"
#include "llvm/Remarks/RemarkFormat.h"

#include <atomic>

using namespace mlir;
using remark::detail::Remark;
using remark::detail::RemarkEmittingPolicyBase;

namespace {

/// The argument list of a Remark, which it keeps protected.
struct RemarkArgs : Remark {
  static llvm::SmallVector<Remark::Arg, 4> &of(Remark &r) {
    return r.*(&RemarkArgs::args);
  }
};

/// The policy of every engine enabled here: numbers each remark as it is
/// reported (its first argument, `RemarkId`) and hands it to the policy
/// chosen (all remarks at once, or the final ones).
class NumberingPolicy : public RemarkEmittingPolicyBase {
public:
  explicit NumberingPolicy(std::unique_ptr<RemarkEmittingPolicyBase> inner)
      : inner(std::move(inner)) {}

  void reportRemark(const Remark &remark) override {
    connect();
    Remark numbered(remark);
    llvm::SmallVector<Remark::Arg, 4> &args = RemarkArgs::of(numbered);
    uint64_t id = ++lastId;
    args.insert(args.begin(), Remark::Arg("RemarkId", id));
    inner->reportRemark(numbered);
  }

  void finalize() override {
    connect();
    inner->finalize();
  }

private:
  /// The chosen policy reports through this one's report function, which
  /// the engine sets after construction.
  void connect() {
    if (connected)
      return;
    connected = true;
    inner->initialize([this](const Remark &r) { reportImpl(r); });
  }

  std::unique_ptr<RemarkEmittingPolicyBase> inner;
  std::atomic<uint64_t> lastId{0};
  bool connected = false;
};

/// Hands every remark to a C callback.
class CallbackStreamer : public remark::detail::MLIRRemarkStreamerBase {
public:
  CallbackStreamer(MlirCyRemarkCallback callback, void *userData,
                   void (*deleteUserData)(void *))
      : callback(callback), userData(userData),
        deleteUserData(deleteUserData) {}
  ~CallbackStreamer() override {
    if (deleteUserData)
      deleteUserData(userData);
  }
  void streamOptimizationRemark(const Remark &remark) override {
    callback(MlirCyRemark{&remark}, userData);
  }

private:
  MlirCyRemarkCallback callback;
  void *userData;
  void (*deleteUserData)(void *);
};

} // namespace

/// Every filter is given (possibly empty), as mlir-opt gives them: a kind is
/// then reported for what its own filter or `all` matches.
static remark::RemarkCategories unwrapCategories(MlirCyRemarkCategories c) {
  return remark::RemarkCategories{unwrap(c.all).str(), unwrap(c.passed).str(),
                                  unwrap(c.missed).str(),
                                  unwrap(c.analysis).str(),
                                  unwrap(c.failed).str()};
}

static std::unique_ptr<RemarkEmittingPolicyBase> makePolicy(int policy) {
  std::unique_ptr<RemarkEmittingPolicyBase> inner;
  if (policy == MLIR_CY_REMARK_POLICY_FINAL)
    inner = std::make_unique<remark::RemarkEmittingPolicyFinal>();
  else
    inner = std::make_unique<remark::RemarkEmittingPolicyAll>();
  return std::make_unique<NumberingPolicy>(std::move(inner));
}

static const Remark &unwrapRemark(MlirCyRemark r) {
  return *static_cast<const Remark *>(r.ptr);
}

MlirLogicalResult mlirCyContextEnableRemarks(MlirContext ctx,
                                             MlirCyRemarkCategories categories,
                                             int policy,
                                             bool printAsEmitRemarks) {
  MLIRContext *context = unwrap(ctx);
  if (context->getRemarkEngine())
    return mlirLogicalResultFailure();
  return wrap(remark::enableOptimizationRemarks(
      *context, /*streamer=*/nullptr, makePolicy(policy),
      unwrapCategories(categories), printAsEmitRemarks));
}

MlirLogicalResult mlirCyContextEnableRemarksToFile(
    MlirContext ctx, MlirCyRemarkCategories categories, int policy,
    int format, MlirStringRef path, bool printAsEmitRemarks) {
  MLIRContext *context = unwrap(ctx);
  if (context->getRemarkEngine())
    return mlirLogicalResultFailure();
  llvm::remarks::Format fmt = format == MLIR_CY_REMARK_FORMAT_BITSTREAM
                                  ? llvm::remarks::Format::Bitstream
                                  : llvm::remarks::Format::YAML;
  return wrap(remark::enableOptimizationRemarksWithLLVMStreamer(
      *context, unwrap(path), fmt, makePolicy(policy),
      unwrapCategories(categories), printAsEmitRemarks));
}

MlirLogicalResult mlirCyContextEnableRemarksWithCallback(
    MlirContext ctx, MlirCyRemarkCategories categories, int policy,
    MlirCyRemarkCallback callback, void *userData,
    void (*deleteUserData)(void *), bool printAsEmitRemarks) {
  MLIRContext *context = unwrap(ctx);
  if (!callback || context->getRemarkEngine()) {
    if (deleteUserData)
      deleteUserData(userData);
    return mlirLogicalResultFailure();
  }
  return wrap(remark::enableOptimizationRemarks(
      *context,
      std::make_unique<CallbackStreamer>(callback, userData, deleteUserData),
      makePolicy(policy), unwrapCategories(categories), printAsEmitRemarks));
}

void mlirCyContextFinalizeRemarks(MlirContext ctx) {
  // The engine's destructor finalizes the policy (reporting what it kept),
  // then the streamer; the streamer's destructor releases its user data.
  unwrap(ctx)->setRemarkEngine(nullptr);
}

bool mlirCyContextHasRemarkEngine(MlirContext ctx) {
  return unwrap(ctx)->getRemarkEngine() != nullptr;
}

int mlirCyRemarkGetKind(MlirCyRemark remark) {
  switch (unwrapRemark(remark).getRemarkType()) {
  case llvm::remarks::Type::Passed:
    return MLIR_CY_REMARK_PASSED;
  case llvm::remarks::Type::Missed:
    return MLIR_CY_REMARK_MISSED;
  case llvm::remarks::Type::Failure:
    return MLIR_CY_REMARK_FAILURE;
  case llvm::remarks::Type::Analysis:
    return MLIR_CY_REMARK_ANALYSIS;
  default:
    return MLIR_CY_REMARK_UNKNOWN;
  }
}

MlirStringRef mlirCyRemarkGetName(MlirCyRemark remark) {
  return wrap(unwrapRemark(remark).getRemarkName());
}

MlirStringRef mlirCyRemarkGetCategory(MlirCyRemark remark) {
  return wrap(unwrapRemark(remark).getCategoryName());
}

MlirStringRef mlirCyRemarkGetFullCategory(MlirCyRemark remark) {
  return wrap(unwrapRemark(remark).getCombinedCategoryName());
}

MlirStringRef mlirCyRemarkGetFunction(MlirCyRemark remark) {
  return wrap(unwrapRemark(remark).getFunction());
}

MlirLocation mlirCyRemarkGetLocation(MlirCyRemark remark) {
  return wrap(unwrapRemark(remark).getLocation());
}

uint64_t mlirCyRemarkGetId(MlirCyRemark remark) {
  for (const Remark::Arg &arg : unwrapRemark(remark).getArgs()) {
    uint64_t id;
    if (arg.key == "RemarkId" && !llvm::StringRef(arg.val).getAsInteger(10, id))
      return id;
  }
  return 0;
}

intptr_t mlirCyRemarkGetNumArgs(MlirCyRemark remark) {
  return static_cast<intptr_t>(unwrapRemark(remark).getArgs().size());
}

MlirStringRef mlirCyRemarkGetArgKey(MlirCyRemark remark, intptr_t pos) {
  return wrap(llvm::StringRef(unwrapRemark(remark).getArgs()[pos].key));
}

MlirStringRef mlirCyRemarkGetArgValue(MlirCyRemark remark, intptr_t pos) {
  return wrap(llvm::StringRef(unwrapRemark(remark).getArgs()[pos].val));
}

void mlirCyRemarkPrint(MlirCyRemark remark, MlirStringCallback callback,
                       void *userData) {
  detail::CallbackOstream stream(callback, userData);
  unwrapRemark(remark).print(stream);
  stream.flush();
}

bool mlirCyEmitRemark(MlirLocation loc, int kind, MlirStringRef name,
                      MlirStringRef category, MlirStringRef subCategory,
                      MlirStringRef function, MlirStringRef message,
                      intptr_t numArgs, const MlirStringRef *keys,
                      const MlirStringRef *values) {
  Location location = unwrap(loc);
  MLIRContext *context = location->getContext();
  if (!context->getRemarkEngine())
    return false;
  // A remark keeps its names as references, and the final policy keeps the
  // remark until the engine goes: the names live in the context.
  auto kept = [&](MlirStringRef s) {
    return StringAttr::get(context, unwrap(s)).getValue();
  };
  remark::RemarkOpts opts = remark::RemarkOpts::name(kept(name))
                                .category(kept(category))
                                .subCategory(kept(subCategory))
                                .function(kept(function));
  remark::detail::InFlightRemark inFlight;
  switch (kind) {
  case MLIR_CY_REMARK_PASSED:
    inFlight = remark::passed(location, opts);
    break;
  case MLIR_CY_REMARK_MISSED:
    inFlight = remark::missed(location, opts);
    break;
  case MLIR_CY_REMARK_FAILURE:
    inFlight = remark::failed(location, opts);
    break;
  case MLIR_CY_REMARK_ANALYSIS:
    inFlight = remark::analysis(location, opts);
    break;
  default:
    return false;
  }
  if (!inFlight)
    return false;
  if (message.length != 0)
    inFlight << unwrap(message);
  for (intptr_t i = 0; i < numArgs; ++i)
    inFlight << Remark::Arg(unwrap(keys[i]), unwrap(values[i]));
  // Reported when `inFlight` goes.
  return true;
}
