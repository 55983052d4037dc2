//===- Stack.cpp - deep input without stack overflow ----------------------===//
//
// Each thread that needs it gets one large stack: an anonymous mapping
// reserved without commitment (MAP_NORESERVE), with a guard region at its
// low end. mlirCyStackRun switches the stack pointer to it, calls the
// function and switches back: the same thread, so everything keyed by the
// thread (thread-locals, the GIL, lock owners, MLIR's per-thread caches)
// is unchanged. Callbacks into Python switch back to the thread's own stack
// (mlirCyStackRunOnThreadStack) below the frames of the switching caller,
// which stay untouched meanwhile; a call made from there that needs the
// large stack again continues it below the frames already on it.
//
//===----------------------------------------------------------------------===//

#include "mlir-cython/Stack.h"
#include "mlir-cython/Verify.h"
#include "NestingDepth.h"
#include "OnThreadStack.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Operation.h"

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

using mlir_cython::onThreadStack;

namespace {

// Bytes kept free beyond what a call asks for, on either stack.
constexpr size_t kMargin = size_t(256) << 10;
// The large stack's guard region (never committed; a frame larger than this
// could step over it, and MLIR's are far smaller).
constexpr size_t kGuard = size_t(1) << 20;
// The size the large stack is reserved with at least; kept between calls.
constexpr size_t kDefaultSize = size_t(1) << 30;
// Calls that asked for more than this release the pages they used (and a
// mapping larger than kDefaultSize) when they return.
constexpr size_t kKeep = size_t(16) << 20;
// The most stack a call may ask for (address space only: committed as used).
constexpr size_t kLimit = size_t(1) << 40;
// Bytes of stack per byte of text and per level of operations, bounds with
// room to spare. Measured with LLVM 22 (Debian's build; stack touched per
// level, parsing then printing): nested `[` 1.2 KiB per byte (the most of
// any construct tried: `{a = `, `tuple<`, `(` in types, affine maps and
// sets, unary minus, `loc(fused[`, `dense<[`, pass pipelines, regions in
// generic and custom form: 4 KiB per level, 150-240 bytes per byte of
// text); IR built from Python: printing 1.1 KiB per level, verifying,
// walking, destroying 160 bytes, bytecode 550 bytes, cse+canonicalize
// 1.9 KiB.
constexpr size_t kPerTextByte = 4096;
constexpr size_t kPerDepth = 16384;
// Gap left below a switching frame before the other stack's callee frames.
constexpr uintptr_t kGap = 4096;

// Per thread; plain data (no constructor or destructor), so reaching it
// costs no initialisation check. The mapping is unmapped at thread exit by
// the destructor of `unmapKey`.
struct LargeStack {
  char *map;
  size_t size;
  // The thread's own stack: its lowest usable address (0 if unknown).
  uintptr_t threadLow;
  bool threadKnown;
  // Set while a call runs on the large stack: where the thread's stack
  // continues for a callback (below the switching frame).
  uintptr_t threadResume;
  // Set while a callback runs on the thread's stack: where the large stack
  // continues for a call from the callback (below the frames on it).
  uintptr_t largeResume;

  uintptr_t low() const { return reinterpret_cast<uintptr_t>(map) + kGuard; }
  uintptr_t high() const { return reinterpret_cast<uintptr_t>(map) + size; }
  bool holds(uintptr_t sp) const { return map && sp >= low() && sp < high(); }
};

thread_local LargeStack tls;

pthread_key_t unmapKey;
pthread_once_t unmapKeyOnce = PTHREAD_ONCE_INIT;

void unmapAtExit(void *p) {
  auto *s = static_cast<LargeStack *>(p);
  if (s->map)
    munmap(s->map, s->size);
  s->map = nullptr;
  s->size = 0;
}

inline uintptr_t stackPointer() {
  return reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
}

uintptr_t threadStackLow(LargeStack &s) {
  if (!s.threadKnown) {
    s.threadKnown = true;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void *addr = nullptr;
      size_t size = 0, guard = 0;
      if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
        pthread_attr_getguardsize(&attr, &guard);
        s.threadLow = reinterpret_cast<uintptr_t>(addr) + guard;
      }
      pthread_attr_destroy(&attr);
    }
  }
  return s.threadLow;
}

// Bytes left below `sp` on the stack that holds it (0 if unknown).
size_t remainingAt(LargeStack &s, uintptr_t sp) {
  uintptr_t low = s.holds(sp) ? s.low() : threadStackLow(s);
  return (low && sp > low) ? sp - low : 0;
}

// Reserves at least `size` bytes for the large stack. Where address space is
// limited (RLIMIT_AS, vm.overcommit_memory=2) and that much cannot be had,
// settles for the most it gets, down to kDefaultSize: the requests are
// generous bounds, far beyond what real input uses.
bool reserve(LargeStack &s, size_t size) {
  size = std::max(size, kDefaultSize);
  long page = sysconf(_SC_PAGESIZE);
  size = (size + page - 1) / page * page;
  if (s.map && s.size >= size)
    return true;
  if (s.map) {
    munmap(s.map, s.size);
    s.map = nullptr;
    s.size = 0;
  }
  for (;;) {
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1,
                   0);
    if (p != MAP_FAILED) {
      if (mprotect(p, kGuard, PROT_NONE) != 0) {
        munmap(p, size);
        return false;
      }
      s.map = static_cast<char *>(p);
      s.size = size;
      pthread_once(&unmapKeyOnce,
                   [] { pthread_key_create(&unmapKey, unmapAtExit); });
      pthread_setspecific(unmapKey, &s);
      return true;
    }
    if (size <= kDefaultSize)
      return false;
    size = std::max(kDefaultSize, size / 2 / page * page);
  }
}

// Gives back the pages a deep call committed.
void release(LargeStack &s) {
  if (s.size > kDefaultSize) {
    munmap(s.map, s.size);
    s.map = nullptr;
    s.size = 0;
    return;
  }
  madvise(s.map + kGuard, s.size - kGuard - kKeep, MADV_DONTNEED);
}

} // namespace

//===----------------------------------------------------------------------===//
// Calling on another stack
//===----------------------------------------------------------------------===//

#if defined(__x86_64__)
// callOnStack(userData, fn, top): calls fn(userData) with the stack pointer
// at `top` (16-byte aligned), returns with the caller's. The frame pointer
// keeps the caller's frame reachable for unwinders and debuggers.
extern "C" void mlircyCallOnStack(void *userData, MlirCyStackFn fn,
                                  uintptr_t top);
asm(R"(
    .text
    .p2align 4
    .globl mlircyCallOnStack
    .hidden mlircyCallOnStack
    .type mlircyCallOnStack,@function
mlircyCallOnStack:
    .cfi_startproc
    endbr64
    pushq %rbp
    .cfi_def_cfa_offset 16
    .cfi_offset %rbp, -16
    movq %rsp, %rbp
    .cfi_def_cfa_register %rbp
    movq %rdx, %rsp
    callq *%rsi
    movq %rbp, %rsp
    popq %rbp
    .cfi_def_cfa %rsp, 8
    retq
    .cfi_endproc
    .size mlircyCallOnStack, .-mlircyCallOnStack
)");
static inline void callOnStack(void *userData, MlirCyStackFn fn,
                               uintptr_t top) {
  mlircyCallOnStack(userData, fn, top & ~uintptr_t(15));
}
#else
// Elsewhere, glibc's ucontext (slower: it saves and restores the signal
// mask, a system call each way).
namespace {
struct UcCall {
  MlirCyStackFn fn;
  void *userData;
  ucontext_t back;
};
thread_local UcCall *ucCall;
void ucEntry() { ucCall->fn(ucCall->userData); }
} // namespace
static void callOnStack(void *userData, MlirCyStackFn fn, uintptr_t top) {
  UcCall call{fn, userData, {}};
  UcCall *outer = ucCall;
  ucCall = &call;
  uintptr_t base = top - (size_t(1) << 20); // any size: the callee may
  ucontext_t ctx;                           // run past it, not below low()
  getcontext(&ctx);
  ctx.uc_stack.ss_sp = reinterpret_cast<void *>(base);
  ctx.uc_stack.ss_size = top - base;
  ctx.uc_link = &call.back;
  makecontext(&ctx, ucEntry, 0);
  swapcontext(&call.back, &ctx);
  ucCall = outer;
}
#endif

namespace {
// Runs fn on the large stack (already reserved and not in use, or in use
// below `top`).
void runOnLarge(LargeStack &s, uintptr_t sp, uintptr_t top, MlirCyStackFn fn,
                void *userData) {
  uintptr_t savedThread = s.threadResume;
  uintptr_t savedLarge = s.largeResume;
  s.threadResume = sp - kGap;
  s.largeResume = 0;
  callOnStack(userData, fn, top);
  s.threadResume = savedThread;
  s.largeResume = savedLarge;
}
} // namespace

bool mlirCyStackRun(size_t needed, MlirCyStackFn fn, void *userData) {
  LargeStack &s = tls;
  uintptr_t sp = stackPointer();
  if (needed + kMargin <= remainingAt(s, sp)) {
    fn(userData);
    return true;
  }
  if (needed > kLimit || s.holds(sp))
    return false; // on the large stack already, and not enough of it left
  uintptr_t top;
  bool outermost = s.largeResume == 0;
  if (outermost) {
    if (!reserve(s, needed + kMargin + kGuard))
      return false;
    top = s.high();
  } else {
    // Within a callback of a call on the large stack: continue below it.
    top = s.largeResume;
    if (top - s.low() < needed + kMargin)
      return false;
  }
  runOnLarge(s, sp, top, fn, userData);
  if (outermost && needed > kKeep)
    release(s);
  return true;
}

void mlirCyStackRunLarge(MlirCyStackFn fn, void *userData) {
  LargeStack &s = tls;
  uintptr_t sp = stackPointer();
  if (s.holds(sp)) {
    fn(userData);
    return;
  }
  if (s.largeResume) {
    runOnLarge(s, sp, s.largeResume, fn, userData);
    return;
  }
  if (!reserve(s, kDefaultSize)) {
    fn(userData); // no better stack to be had
    return;
  }
  runOnLarge(s, sp, s.high(), fn, userData);
}

void mlirCyStackRunOnThreadStack(MlirCyStackFn fn, void *userData) {
  LargeStack &s = tls;
  uintptr_t sp = stackPointer();
  if (!s.holds(sp) || s.threadResume == 0) {
    fn(userData);
    return;
  }
  uintptr_t savedThread = s.threadResume;
  uintptr_t savedLarge = s.largeResume;
  s.largeResume = sp - kGap;
  s.threadResume = 0;
  callOnStack(userData, fn, savedThread);
  s.threadResume = savedThread;
  s.largeResume = savedLarge;
}

bool mlirCyStackIsLarge(void) { return tls.holds(stackPointer()); }

size_t mlirCyStackGetLimit(void) { return kLimit; }

size_t mlirCyStackNeededForText(size_t length) {
  // Text longer than kLimit / kPerTextByte gets the most there is: nesting
  // it all the way down would take more memory than any machine has.
  if (length > kLimit / kPerTextByte)
    return kLimit;
  return length * kPerTextByte;
}

size_t mlirCyStackNeededForDepth(intptr_t depth) {
  if (depth < 0 || size_t(depth) > kLimit / kPerDepth)
    return kLimit + 1;
  return size_t(depth) * kPerDepth;
}

intptr_t mlirCyOperationGetDepth(MlirOperation op) {
  return mlir_cython::walkNestingDepth(unwrap(op), [](mlir::Operation *) {});
}

//===----------------------------------------------------------------------===//
// The mlirCyDeep* functions
//===----------------------------------------------------------------------===//

namespace {
template <typename F>
bool runWith(size_t needed, F &f) {
  return mlirCyStackRun(
      needed, [](void *p) { (*static_cast<F *>(p))(); },
      static_cast<void *>(&f));
}

// Text this short cannot nest deep enough to matter (it needs a small
// fraction of what any thread's stack has): it skips the look-up.
constexpr size_t kShortText = 64;

template <typename F>
bool runForText(size_t length, F f) {
  if (length <= kShortText) {
    f();
    return true;
  }
  return runWith(mlirCyStackNeededForText(length), f);
}

// IR: the stack `f` needs for the operations under `root`. An operation
// whose operations hold no regions is not counted.
template <typename F>
bool runForOp(mlir::Operation *root, F f) {
  bool flat = true;
  for (mlir::Region &r : root->getRegions())
    for (mlir::Block &b : r)
      for (mlir::Operation &inner : b)
        if (inner.getNumRegions() != 0) {
          flat = false;
          goto counted;
        }
counted:
  if (flat) {
    f();
    return true;
  }
  return runWith(mlirCyStackNeededForDepth(mlirCyOperationGetDepth(wrap(root))),
                 f);
}

template <typename F>
bool runForOp(MlirOperation op, F f) {
  return runForOp(unwrap(op), f);
}

// MLIR prints an operation with the names and aliases of its outermost
// ancestor (mlir::AsmState walks all of it): printing needs the stack of
// that ancestor's IR.
mlir::Operation *outermost(mlir::Operation *op) {
  while (mlir::Operation *parent = op->getParentOp())
    op = parent;
  return op;
}

template <typename F>
bool runForPrint(MlirOperation op, F f) {
  return runForOp(outermost(unwrap(op)), f);
}

} // namespace

bool mlirCyDeepModuleCreateParse(MlirContext context, MlirStringRef module,
                                 MlirModule *result) {
  return runForText(module.length, [&] {
    *result = mlirModuleCreateParse(context, module);
  });
}

bool mlirCyDeepModuleCreateParseFromFile(MlirContext context,
                                         MlirStringRef fileName, size_t length,
                                         MlirModule *result) {
  return runForText(length, [&] {
    *result = mlirModuleCreateParseFromFile(context, fileName);
  });
}

bool mlirCyDeepOperationCreateParse(MlirContext context, MlirStringRef sourceStr,
                                    MlirStringRef sourceName,
                                    MlirOperation *result) {
  return runForText(sourceStr.length, [&] {
    *result = mlirOperationCreateParse(context, sourceStr, sourceName);
  });
}

bool mlirCyDeepTypeParseGet(MlirContext context, MlirStringRef type,
                            MlirType *result) {
  return runForText(type.length,
                    [&] { *result = mlirTypeParseGet(context, type); });
}

bool mlirCyDeepAttributeParseGet(MlirContext context, MlirStringRef attr,
                                 MlirAttribute *result) {
  return runForText(attr.length,
                    [&] { *result = mlirAttributeParseGet(context, attr); });
}

bool mlirCyDeepParsePassPipeline(MlirOpPassManager passManager,
                                 MlirStringRef pipeline,
                                 MlirStringCallback callback, void *userData,
                                 MlirLogicalResult *result) {
  return runForText(pipeline.length, [&] {
    *result = mlirParsePassPipeline(passManager, pipeline, callback, userData);
  });
}

bool mlirCyDeepOpPassManagerAddPipeline(MlirOpPassManager passManager,
                                        MlirStringRef pipelineElements,
                                        MlirStringCallback callback,
                                        void *userData,
                                        MlirLogicalResult *result) {
  return runForText(pipelineElements.length, [&] {
    *result = mlirOpPassManagerAddPipeline(passManager, pipelineElements,
                                           callback, userData);
  });
}

bool mlirCyDeepOperationPrintWithFlags(MlirOperation op,
                                       MlirOpPrintingFlags flags,
                                       MlirStringCallback callback,
                                       void *userData) {
  return runForPrint(op, [&] {
    mlirOperationPrintWithFlags(op, flags, callback, userData);
  });
}

bool mlirCyDeepOperationPrintWithFlagsGenericIfUnverifiable(
    MlirOperation op, MlirOpPrintingFlags flags, MlirStringCallback callback,
    void *userData) {
  auto print = [&] {
    mlirOperationPrintWithFlags(op, flags, callback, userData);
  };
  auto generic = [&] {
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
    mlirOpPrintingFlagsAssumeVerified(flags);
  };
  if (unwrap(op)->getParentOp()) {
    if (!mlirOperationIsNull(mlirCyOperationFindUnverifiable(op, false)))
      generic();
    return runForPrint(op, print);
  }
  intptr_t depth = 1;
  if (!mlirOperationIsNull(
          mlirCyOperationFindUnverifiableWithDepth(op, &depth)))
    generic();
  return runWith(mlirCyStackNeededForDepth(depth), print);
}

bool mlirCyDeepOperationPrintWithState(MlirOperation op, MlirAsmState state,
                                       MlirStringCallback callback,
                                       void *userData) {
  return runForPrint(op, [&] {
    mlirOperationPrintWithState(op, state, callback, userData);
  });
}

bool mlirCyDeepOperationPrint(MlirOperation op, MlirStringCallback callback,
                              void *userData) {
  return runForPrint(op, [&] { mlirOperationPrint(op, callback, userData); });
}

bool mlirCyDeepOperationWriteBytecode(MlirOperation op,
                                      MlirStringCallback callback,
                                      void *userData) {
  return runForOp(op,
                  [&] { mlirOperationWriteBytecode(op, callback, userData); });
}

bool mlirCyDeepOperationWriteBytecodeWithConfig(MlirOperation op,
                                                MlirBytecodeWriterConfig config,
                                                MlirStringCallback callback,
                                                void *userData,
                                                MlirLogicalResult *result) {
  return runForOp(op, [&] {
    *result =
        mlirOperationWriteBytecodeWithConfig(op, config, callback, userData);
  });
}

bool mlirCyDeepOperationFindOpenValue(MlirOperation op, int *result,
                                      MlirOperation *culprit) {
  return runForOp(op, [&] {
    mlir::Operation *root = unwrap(op);
    llvm::DenseSet<mlir::Operation *> inside;
    root->walk([&](mlir::Operation *o) { inside.insert(o); });
    *result = 0;
    auto definedInside = [&](mlir::Value v) {
      if (mlir::Operation *def = v.getDefiningOp())
        return inside.contains(def);
      return inside.contains(
          llvm::cast<mlir::BlockArgument>(v).getOwner()->getParentOp());
    };
    root->walk([&](mlir::Operation *o) {
      for (mlir::Value v : o->getOperands())
        if (!definedInside(v)) {
          *result = 1;
          *culprit = wrap(o);
          return mlir::WalkResult::interrupt();
        }
      auto usedOutside = [&](mlir::Value v) {
        for (mlir::OpOperand &use : v.getUses())
          if (!inside.contains(use.getOwner())) {
            *result = 2;
            *culprit = wrap(use.getOwner());
            return true;
          }
        return false;
      };
      for (mlir::Value v : o->getResults())
        if (usedOutside(v))
          return mlir::WalkResult::interrupt();
      for (mlir::Region &region : o->getRegions())
        for (mlir::Block &block : region)
          for (mlir::Value v : block.getArguments())
            if (usedOutside(v))
              return mlir::WalkResult::interrupt();
      return mlir::WalkResult::advance();
    });
  });
}

bool mlirCyDeepOperationVerify(MlirOperation op, bool *result) {
  return runForOp(op, [&] { *result = mlirOperationVerify(op); });
}

namespace {
struct WalkBounce {
  MlirOperationWalkCallback callback;
  void *userData;
  MlirOperation op;
  MlirWalkResult result;
};
MlirWalkResult walkOnThreadStack(MlirOperation op, void *p) {
  auto *w = static_cast<WalkBounce *>(p);
  if (!mlirCyStackIsLarge())
    return w->callback(op, w->userData);
  w->op = op;
  mlirCyStackRunOnThreadStack(
      [](void *q) {
        auto *v = static_cast<WalkBounce *>(q);
        v->result = v->callback(v->op, v->userData);
      },
      w);
  return w->result;
}
} // namespace

bool mlirCyDeepOperationWalk(MlirOperation op,
                             MlirOperationWalkCallback callback, void *userData,
                             MlirWalkOrder walkOrder) {
  WalkBounce w{callback, userData, {nullptr}, MlirWalkResultAdvance};
  return runForOp(op, [&] {
    mlirOperationWalk(op, walkOnThreadStack, &w, walkOrder);
  });
}

namespace {
struct SymbolWalkBounce {
  void (*callback)(MlirOperation, bool, void *);
  void *userData;
};
} // namespace

bool mlirCyDeepSymbolTableWalkSymbolTables(
    MlirOperation from, bool allSymUsesVisible,
    void (*callback)(MlirOperation, bool, void *userData), void *userData) {
  SymbolWalkBounce w{callback, userData};
  return runForOp(from, [&] {
    mlirSymbolTableWalkSymbolTables(
        from, allSymUsesVisible,
        [](MlirOperation op, bool visible, void *p) {
          auto *w = static_cast<SymbolWalkBounce *>(p);
          onThreadStack([&] { w->callback(op, visible, w->userData); });
        },
        &w);
  });
}

bool mlirCyDeepPassManagerRunOnOp(MlirPassManager passManager,
                                  MlirOperation op, MlirLogicalResult *result) {
  return runForOp(op,
                  [&] { *result = mlirPassManagerRunOnOp(passManager, op); });
}

int mlirCyDeepPassManagerRunOnOpIfVerifiable(MlirPassManager passManager,
                                             MlirOperation op,
                                             MlirLogicalResult *result) {
  intptr_t depth = 1;
  if (!mlirOperationIsNull(mlirCyOperationFindUnverifiableWithDepth(op, &depth)))
    return 0;
  auto run = [&] { *result = mlirPassManagerRunOnOp(passManager, op); };
  return runWith(mlirCyStackNeededForDepth(depth), run) ? 1 : -1;
}

bool mlirCyDeepOperationDestroy(MlirOperation op) {
  return runForOp(op, [&] { mlirOperationDestroy(op); });
}

bool mlirCyDeepModuleDestroy(MlirModule module) {
  return runForOp(mlirModuleGetOperation(module),
                  [&] { mlirModuleDestroy(module); });
}

bool mlirCyDeepOperationClone(MlirOperation op, MlirOperation *result) {
  return runForOp(op, [&] { *result = mlirOperationClone(op); });
}

bool mlirCyDeepApplyPatternsAndFoldGreedilyWithOp(
    MlirOperation op, MlirFrozenRewritePatternSet patterns,
    MlirGreedyRewriteDriverConfig config, MlirLogicalResult *result) {
  return runForOp(op, [&] {
    *result = mlirApplyPatternsAndFoldGreedilyWithOp(op, patterns, config);
  });
}

bool mlirCyDeepWalkAndApplyPatterns(MlirOperation op,
                                    MlirFrozenRewritePatternSet patterns) {
  return runForOp(op, [&] { mlirWalkAndApplyPatterns(op, patterns); });
}

//===----------------------------------------------------------------------===//
// Callbacks on the thread's own stack
//===----------------------------------------------------------------------===//

namespace {

struct DiagnosticBounce {
  MlirDiagnosticHandler handler;
  void *userData;
  void (*deleteUserData)(void *);
};

struct PassBounce {
  MlirExternalPassCallbacks callbacks;
  void *userData;
};

struct PatternBounce {
  MlirRewritePatternCallbacks callbacks;
  void *userData;
};
} // namespace

MlirDiagnosticHandlerID mlirCyContextAttachDiagnosticHandlerOnThreadStack(
    MlirContext context, MlirDiagnosticHandler handler, void *userData,
    void (*deleteUserData)(void *)) {
  auto *b = new DiagnosticBounce{handler, userData, deleteUserData};
  return mlirContextAttachDiagnosticHandler(
      context,
      [](MlirDiagnostic diag, void *p) {
        auto *b = static_cast<DiagnosticBounce *>(p);
        MlirLogicalResult r;
        onThreadStack([&] { r = b->handler(diag, b->userData); });
        return r;
      },
      b,
      [](void *p) {
        auto *b = static_cast<DiagnosticBounce *>(p);
        if (b->deleteUserData)
          onThreadStack([&] { b->deleteUserData(b->userData); });
        delete b;
      });
}

namespace {
MlirExternalPassCallbacks passBounceCallbacks(const MlirExternalPassCallbacks &c) {
  MlirExternalPassCallbacks w;
  w.construct = [](void *p) {
    auto *b = static_cast<PassBounce *>(p);
    onThreadStack([&] { b->callbacks.construct(b->userData); });
  };
  w.destruct = [](void *p) {
    auto *b = static_cast<PassBounce *>(p);
    onThreadStack([&] { b->callbacks.destruct(b->userData); });
    delete b;
  };
  w.initialize = nullptr;
  if (c.initialize)
    w.initialize = [](MlirContext ctx, void *p) {
      auto *b = static_cast<PassBounce *>(p);
      MlirLogicalResult r;
      onThreadStack([&] { r = b->callbacks.initialize(ctx, b->userData); });
      return r;
    };
  w.clone = [](void *p) -> void * {
    auto *b = static_cast<PassBounce *>(p);
    void *copy = nullptr;
    onThreadStack([&] { copy = b->callbacks.clone(b->userData); });
    return new PassBounce{b->callbacks, copy};
  };
  w.run = [](MlirOperation op, MlirExternalPass pass, void *p) {
    auto *b = static_cast<PassBounce *>(p);
    onThreadStack([&] { b->callbacks.run(op, pass, b->userData); });
  };
  return w;
}
} // namespace

MlirPass mlirCyCreateExternalPassOnThreadStack(
    MlirTypeID passID, MlirStringRef name, MlirStringRef argument,
    MlirStringRef description, MlirStringRef opName,
    intptr_t nDependentDialects, MlirDialectHandle *dependentDialects,
    MlirExternalPassCallbacks callbacks, void *userData) {
  return mlirCreateExternalPass(passID, name, argument, description, opName,
                                nDependentDialects, dependentDialects,
                                passBounceCallbacks(callbacks),
                                new PassBounce{callbacks, userData});
}

MlirRewritePattern mlirCyOpRewritePatternCreateOnThreadStack(
    MlirStringRef rootName, unsigned benefit, MlirContext context,
    MlirRewritePatternCallbacks callbacks, void *userData,
    size_t nGeneratedNames, MlirStringRef *generatedNames) {
  MlirRewritePatternCallbacks w;
  w.construct = [](void *p) {
    auto *b = static_cast<PatternBounce *>(p);
    if (b->callbacks.construct)
      onThreadStack([&] { b->callbacks.construct(b->userData); });
  };
  w.destruct = [](void *p) {
    auto *b = static_cast<PatternBounce *>(p);
    if (b->callbacks.destruct)
      onThreadStack([&] { b->callbacks.destruct(b->userData); });
    delete b;
  };
  w.matchAndRewrite = [](MlirRewritePattern pattern, MlirOperation op,
                         MlirPatternRewriter rewriter, void *p) {
    auto *b = static_cast<PatternBounce *>(p);
    MlirLogicalResult r;
    onThreadStack([&] {
      r = b->callbacks.matchAndRewrite(pattern, op, rewriter, b->userData);
    });
    return r;
  };
  return mlirOpRewritePatternCreate(rootName, benefit, context, w,
                                    new PatternBounce{callbacks, userData},
                                    nGeneratedNames, generatedNames);
}

bool mlirCyDeepBlockPrint(MlirBlock block, MlirStringCallback callback,
                          void *userData) {
  mlir::Operation *parent = unwrap(block)->getParentOp();
  if (!parent) {
    mlirBlockPrint(block, callback, userData);
    return true;
  }
  return runForOp(outermost(parent),
                  [&] { mlirBlockPrint(block, callback, userData); });
}

namespace {
mlir::Operation *valueOwner(MlirValue value) {
  mlir::Value v = unwrap(value);
  if (mlir::Operation *def = v.getDefiningOp())
    return def;
  return llvm::cast<mlir::BlockArgument>(v).getOwner()->getParentOp();
}
} // namespace

bool mlirCyDeepValuePrint(MlirValue value, MlirStringCallback callback,
                          void *userData) {
  mlir::Operation *owner = valueOwner(value);
  if (!owner) {
    mlirValuePrint(value, callback, userData);
    return true;
  }
  return runForOp(outermost(owner),
                  [&] { mlirValuePrint(value, callback, userData); });
}

bool mlirCyDeepAsmStateCreateForOperation(MlirOperation op,
                                          MlirOpPrintingFlags flags,
                                          MlirAsmState *result) {
  return runForPrint(op, [&] {
    *result = mlirAsmStateCreateForOperation(op, flags);
  });
}

bool mlirCyDeepAsmStateCreateForValue(MlirValue value,
                                      MlirOpPrintingFlags flags,
                                      MlirAsmState *result) {
  mlir::Operation *owner = valueOwner(value);
  auto create = [&] { *result = mlirAsmStateCreateForValue(value, flags); };
  if (!owner) {
    create();
    return true;
  }
  return runForOp(outermost(owner), create);
}

#if MLIR_ENABLE_PDL_IN_PATTERNMATCH
MlirLogicalResult mlirCyPDLFunctionCallOnThreadStack(
    MlirPatternRewriter rewriter, MlirPDLResultList results, size_t nValues,
    MlirPDLValue *values, void *bounce) {
  auto *b = static_cast<MlirCyPDLFunctionOnThreadStack *>(bounce);
  MlirLogicalResult r;
  onThreadStack(
      [&] { r = b->function(rewriter, results, nValues, values, b->userData); });
  return r;
}
#endif

//===----------------------------------------------------------------------===//
// Types, attributes and the like: always on the large stack
//===----------------------------------------------------------------------===//

namespace {
template <typename F>
void runLarge(F f) {
  mlirCyStackRunLarge([](void *p) { (*static_cast<F *>(p))(); },
                      static_cast<void *>(&f));
}
} // namespace

void mlirCyDeepTypePrint(MlirType type, MlirStringCallback callback,
                         void *userData) {
  runLarge([&] { mlirTypePrint(type, callback, userData); });
}

void mlirCyDeepAttributePrint(MlirAttribute attr, MlirStringCallback callback,
                              void *userData) {
  runLarge([&] { mlirAttributePrint(attr, callback, userData); });
}

void mlirCyDeepLocationPrint(MlirLocation loc, MlirStringCallback callback,
                             void *userData) {
  runLarge([&] { mlirLocationPrint(loc, callback, userData); });
}

void mlirCyDeepAffineExprPrint(MlirAffineExpr expr, MlirStringCallback callback,
                               void *userData) {
  runLarge([&] { mlirAffineExprPrint(expr, callback, userData); });
}

void mlirCyDeepAffineMapPrint(MlirAffineMap map, MlirStringCallback callback,
                              void *userData) {
  runLarge([&] { mlirAffineMapPrint(map, callback, userData); });
}

void mlirCyDeepIntegerSetPrint(MlirIntegerSet set, MlirStringCallback callback,
                               void *userData) {
  runLarge([&] { mlirIntegerSetPrint(set, callback, userData); });
}
