# The IR gate: what one context shared by threads guarantees.
#
# MLIR lets threads share a context's uniquing tables but not its IR: a
# thread reading an operation while another erases it reads freed memory.
# Code holding the GIL runs one C call at a time, so only the C calls that
# release the GIL, and C calls that call back into Python (which may let
# another thread run), can overlap with another thread's use of the same IR.
# Those calls are *sections* on their context's gate (Context.gate):
#
# - shared sections read IR without the GIL (printing, verification,
#   bytecode, translation, JIT compilation); any number run at once;
# - exclusive sections change IR without the GIL (pass runs, rewrite
#   drivers) or run Python callbacks over it that may change it
#   (Operation.walk, walk_symbol_tables): one at a time, and no shared
#   section beside them.
#
# Every other use of the context's IR checks the gate first, and waits
# (without the GIL) while another thread's section forbids it:
#
# - ir_write(ctx), just before each C call that changes IR (creating,
#   inserting, erasing, moving an operation, setting operands, successors,
#   attributes, locations, types, replacing uses, editing blocks and
#   regions): no section of another thread may be running;
# - op_check (every use of an Operation, Block, Region or Value): no
#   exclusive section of another thread may be running.
#
# A thread inside a section passes its own checks (the Python passes of
# its pass run, the callbacks of its walk, its diagnostic handlers), as do
# the LLVM worker threads running Python passes for that section (they
# join it: ir_gate_join). Threads waiting to change IR make new shared
# sections wait, so a thread printing in a loop cannot starve a writer.
#
# Gate.state holds the number of shared sections and the EXCLUSIVE bit,
# changed only by compare-and-swap, so the same code is correct without a
# GIL. With the GIL, ir_write only checks (the change it guards runs before
# the GIL can move); on a free-threaded build it also holds the gate
# exclusively for that one C call (ir_write_done), so two threads never
# change one context's IR at once. The checks' fast path is a load and a
# test; waiting, and knowing which sections this thread holds (a
# thread-local table), are out of line.
#
# Free-threaded builds have no GIL to order plain reads (navigating blocks
# and operations, names, operands, attributes, types) with another thread's
# change, so each such read runs in a *read scope* (ir_read_scope): it
# counts as a shared section in the gate's state for the duration of the
# Python-level call, and changes wait for it. A read scope that makes a
# change itself (a builder's own write, a detached operation destroyed by
# the garbage collector inside it) steps out of the count for the change
# and back in after it, so two threads reading and writing never wait for
# each other. On GIL builds a read scope is a no-op the compiler removes.

cdef extern from *:
    """
    #include <atomic>
    #include <pthread.h>
    #include <stdlib.h>

    #define MLIRCY_GATE_EXCL (1 << 30)
    /* Gate.waiting: threads waiting to change IR (low 16 bits) and to
       read it (the bits above). */
    #define MLIRCY_GATE_WRITER 1
    #define MLIRCY_GATE_READER (1 << 16)
    #define MLIRCY_GATE_WRITERS(w) ((w) & 0xFFFF)
    enum { MLIRCY_GATE_SHARED = 0, MLIRCY_GATE_EXCLUSIVE = 1,
           MLIRCY_GATE_WRITE = 2, MLIRCY_GATE_READ = 3, MLIRCY_GATE_DEFER = 4,
           MLIRCY_GATE_SCOPE = 5 };

    static inline int mlircy_gate_load(int *p) {
      return __atomic_load_n(p, __ATOMIC_SEQ_CST);
    }

    /* Sections this thread holds (or has joined), by gate; `kind`: what
       it holds in the gate's state (shared or exclusive; -1 joined). */
    typedef struct { int *gate; int depth; int kind; } mlircy_gate_held;
    /* Read scopes this thread has stepped out of for a change of its own:
       their gates and nesting depths. */
    typedef struct { int *gate; int depth; } mlircy_gate_out;
    /* A thread's table, allocated on its first use of a gate and freed
       when it exits (a thread_local owner's destructor; not a pthread key,
       whose functions carry GLIBC_2.34 versions that manylinux_2_28
       systems lack). The thread-local variable used on every read is a
       pointer with the initial-exec model: one load from the thread
       pointer, no __tls_get_addr call as a general-dynamic variable of a
       dlopen'ed module needs. Eight bytes fit the static TLS that glibc
       keeps for dlopen'ed modules; the table itself (528 bytes) might
       not. */
    typedef struct {
      mlircy_gate_held held[16];
      int nheld;
      mlircy_gate_out out[16];
      int nout;
    } mlircy_gate_tls;
    static __thread mlircy_gate_tls *mlircy_tlsp
        __attribute__((tls_model("initial-exec")));
    /* Given to a thread whose table could not be allocated: full, so its
       sections and scopes fail as "too many contexts" (a RuntimeError),
       and never written. */
    static mlircy_gate_tls mlircy_tls_full = {{}, 16, {}, 16};

    struct mlircy_tls_owner {
      mlircy_gate_tls *t;
      ~mlircy_tls_owner() {
        free(t);
        t = NULL;
        mlircy_tlsp = NULL;
      }
    };
    static thread_local mlircy_tls_owner mlircy_tls_owned;

    static __attribute__((noinline)) mlircy_gate_tls *mlircy_tls_new(void) {
      mlircy_gate_tls *t = (mlircy_gate_tls *)calloc(1, sizeof *t);
      if (!t) return &mlircy_tls_full;
      mlircy_tls_owned.t = t;     /* first use: registers the destructor */
      mlircy_tlsp = t;
      return t;
    }
    static inline mlircy_gate_tls *mlircy_tls(void) {
      mlircy_gate_tls *t = mlircy_tlsp;
      return t ? t : mlircy_tls_new();
    }

    static mlircy_gate_held *mlircy_gate_entry(int *gate) {
      mlircy_gate_tls *t = mlircy_tls();
      for (int i = 0; i < t->nheld; ++i)
        if (t->held[i].gate == gate) return &t->held[i];
      return NULL;
    }
    static int mlircy_gate_holds(int *gate) {
      return mlircy_gate_entry(gate) != NULL;
    }
    /* 0, or -1 when this thread holds sections of too many contexts. */
    static int mlircy_gate_hold(int *gate, int kind) {
      mlircy_gate_held *e = mlircy_gate_entry(gate);
      if (e) { ++e->depth; return 0; }
      mlircy_gate_tls *t = mlircy_tls();
      if (t->nheld == 16) return -1;
      t->held[t->nheld].gate = gate;
      t->held[t->nheld].depth = 1;
      t->held[t->nheld].kind = kind;
      ++t->nheld;
      return 0;
    }
    static void mlircy_gate_unhold(int *gate) {
      mlircy_gate_tls *t = mlircy_tls();
      for (int i = 0; i < t->nheld; ++i)
        if (t->held[i].gate == gate) {
          if (--t->held[i].depth == 0)
            t->held[i] = t->held[--t->nheld];
          return;
        }
    }

    /* Waiting threads of every context sleep on one condition variable:
       waits are rare, and each wakes to look at its own gate. POSIX's,
       not std::condition_variable, whose wait() the C++ runtimes of
       manylinux_2_28 systems (GLIBCXX_3.4.24) do not have under the
       name new compilers call. */
    static pthread_mutex_t mlircy_gate_mutex = PTHREAD_MUTEX_INITIALIZER;
    static pthread_cond_t mlircy_gate_cv = PTHREAD_COND_INITIALIZER;
    static std::atomic<int> mlircy_gate_sleepers{0};

    static void mlircy_gate_notify(void) {
      if (mlircy_gate_sleepers.load() > 0) {
        pthread_mutex_lock(&mlircy_gate_mutex);
        pthread_cond_broadcast(&mlircy_gate_cv);
        pthread_mutex_unlock(&mlircy_gate_mutex);
      }
    }

    static int mlircy_gate_allows(int *state, int *waiting, int kind) {
      int s = mlircy_gate_load(state);
      switch (kind) {
      case MLIRCY_GATE_SHARED:
        return !(s & MLIRCY_GATE_EXCL) &&
               MLIRCY_GATE_WRITERS(mlircy_gate_load(waiting)) == 0;
      case MLIRCY_GATE_READ:
        return !(s & MLIRCY_GATE_EXCL);
      case MLIRCY_GATE_DEFER:
        return mlircy_gate_load(waiting) == 0;
      default:
        return s == 0;
      }
    }

    /* Takes the gate if `kind` may proceed now: 1 taken (release it),
       0 may proceed holding nothing, -1 must wait, -2 would wait for
       another thread while this one holds a shared section (an error),
       -3 must let the threads waiting already (readers too) go first (a
       new exclusive section; `waited`: it is one of them). */
    static int mlircy_gate_try(int *state, int *waiting, int kind,
                               int waited) {
      mlircy_gate_held *own = mlircy_gate_entry(state);
      if (own && own->kind == MLIRCY_GATE_SCOPE &&
          (kind == MLIRCY_GATE_EXCLUSIVE || kind == MLIRCY_GATE_WRITE))
        return -4;   /* a change inside this thread's read scope */
      if (own) {
        /* Inside this thread's section (or one it joined): a change is
           allowed in an exclusive one, or when no other thread reads. */
        if (own->kind == MLIRCY_GATE_SHARED &&
            (kind == MLIRCY_GATE_EXCLUSIVE || kind == MLIRCY_GATE_WRITE) &&
            mlircy_gate_load(state) != 1)
          return -2;
        return 0;
      }
      int s = mlircy_gate_load(state);
      for (;;) {
        int want;
        switch (kind) {
        case MLIRCY_GATE_SHARED:
          if ((s & MLIRCY_GATE_EXCL) ||
              MLIRCY_GATE_WRITERS(mlircy_gate_load(waiting)) != 0)
            return -1;
          want = s + 1;
          break;
        case MLIRCY_GATE_READ:
          return (s & MLIRCY_GATE_EXCL) ? -1 : 0;
        case MLIRCY_GATE_WRITE:
    #ifndef Py_GIL_DISABLED
          /* With the GIL nothing can start before the change is done. */
          return s == 0 ? 0 : -1;
    #endif
        default:
          if (s != 0) return -1;
          if (kind == MLIRCY_GATE_EXCLUSIVE && !waited &&
              mlircy_gate_load(waiting) != 0)
            return -3;
          want = MLIRCY_GATE_EXCL;
        }
        if (__atomic_compare_exchange_n(state, &s, want, false,
                                        __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
          return 1;
      }
    }

    /* Sleeps until `kind` may be allowed (callers try again). */
    static void mlircy_gate_wait(int *state, int *waiting, int kind) {
      pthread_mutex_lock(&mlircy_gate_mutex);
      ++mlircy_gate_sleepers;
      while (!mlircy_gate_allows(state, waiting, kind))
        pthread_cond_wait(&mlircy_gate_cv, &mlircy_gate_mutex);
      --mlircy_gate_sleepers;
      pthread_mutex_unlock(&mlircy_gate_mutex);
    }

    static void mlircy_gate_release(int *state, int kind) {
      if (kind == MLIRCY_GATE_SHARED)
        __atomic_fetch_sub(state, 1, __ATOMIC_SEQ_CST);
      else
        __atomic_fetch_and(state, ~MLIRCY_GATE_EXCL, __ATOMIC_SEQ_CST);
      mlircy_gate_notify();
    }

    static void mlircy_gate_waiting_add(int *waiting, int n) {
      __atomic_fetch_add(waiting, n, __ATOMIC_SEQ_CST);
      if (n < 0) mlircy_gate_notify();
    }

    /* Read scopes (free-threaded builds). */

    /* Enters a read scope: 1 entered (leave it), -1 must wait, -2 this
       thread holds sections of too many contexts. Inside a section or
       scope of its own this thread only nests. `*at`: the entry's index
       in this thread's table, for mlircy_read_leave_at. */
    static inline int mlircy_read_try_at(mlircy_gate_tls *t, int *state,
                                         int *waiting, int *at) {
      int n = t->nheld;
      for (int i = 0; i < n; ++i)
        if (t->held[i].gate == state) {
          ++t->held[i].depth;
          *at = i;
          return 1;
        }
      if (n == 16) return -2;
      int s = mlircy_gate_load(state);
      do {
        if ((s & MLIRCY_GATE_EXCL) ||
            MLIRCY_GATE_WRITERS(mlircy_gate_load(waiting)) != 0)
          return -1;
      } while (!__atomic_compare_exchange_n(state, &s, s + 1, false,
                                            __ATOMIC_SEQ_CST,
                                            __ATOMIC_SEQ_CST));
      t->held[n].gate = state;
      t->held[n].depth = 1;
      t->held[n].kind = MLIRCY_GATE_SCOPE;
      t->nheld = n + 1;
      *at = n;
      return 1;
    }
    static int mlircy_read_try(int *state, int *waiting) {
      int at;
      return mlircy_read_try_at(mlircy_tls(), state, waiting, &at);
    }

    /* Ends the scope whose entry was found at index `i` of table `t`
       (the same thread's), nested or not. */
    static void mlircy_read_leave(int *state);
    static inline void mlircy_read_leave_at(mlircy_gate_tls *t, int *state,
                                            int i) {
      mlircy_gate_held *e = &t->held[i];
      /* The entry moves when this thread steps out of the scope and back
         in for a change of its own, or ends another entry before it:
         then the scan finds it. */
      if (i >= t->nheld || e->gate != state) {
        mlircy_read_leave(state);
        return;
      }
      if (--e->depth > 0) return;
      int kind = e->kind;
      *e = t->held[--t->nheld];
      if (kind == MLIRCY_GATE_SCOPE) {
        __atomic_fetch_sub(state, 1, __ATOMIC_SEQ_CST);
        mlircy_gate_notify();
      }
    }

    static void mlircy_read_leave(int *state) {
      mlircy_gate_tls *t = mlircy_tls();
      for (int i = 0; i < t->nheld; ++i)
        if (t->held[i].gate == state) {
          mlircy_read_leave_at(t, state, i);
          return;
        }
      /* Stepped out for a change that then failed: forget it. */
      for (int i = 0; i < t->nout; ++i)
        if (t->out[i].gate == state) {
          if (--t->out[i].depth == 0) t->out[i] = t->out[--t->nout];
          return;
        }
    }

    /* Steps out of this thread's read scope on the gate before a change
       of its own (mlircy_gate_try said -4). 0, or -1 when it cannot
       remember more (the change then waits as an error). */
    static int mlircy_read_step_out(int *state) {
      mlircy_gate_tls *t = mlircy_tls();
      mlircy_gate_held *e = mlircy_gate_entry(state);
      if (!e || e->kind != MLIRCY_GATE_SCOPE || t->nout == 16) return -1;
      t->out[t->nout].gate = state;
      t->out[t->nout].depth = e->depth;
      ++t->nout;
      *e = t->held[--t->nheld];
      __atomic_fetch_sub(state, 1, __ATOMIC_SEQ_CST);
      mlircy_gate_notify();
      return 0;
    }

    /* After a change made from a read scope: back into the scope, waiting
       as a new reader would. */
    static void mlircy_read_step_in(int *state, int *waiting) {
      mlircy_gate_tls *t = mlircy_tls();
      if (t->nout == 0 || mlircy_gate_holds(state)) return;
      for (int i = 0; i < t->nout; ++i) {
        if (t->out[i].gate != state) continue;
        int depth = t->out[i].depth;
        t->out[i] = t->out[--t->nout];
        __atomic_fetch_add(waiting, MLIRCY_GATE_READER, __ATOMIC_SEQ_CST);
        while (mlircy_read_try(state, waiting) < 0)
          mlircy_gate_wait(state, waiting, MLIRCY_GATE_SHARED);
        mlircy_gate_waiting_add(waiting, -MLIRCY_GATE_READER);
        mlircy_gate_entry(state)->depth = depth;
        return;
      }
    }

    /* Held by a function for its reads; left when the function returns.
       It keeps the thread's table and its entry's index, so that leaving
       needs no look-up. With the GIL a plain struct that nothing reads,
       so that functions declaring one compile as if they did not. */
    #if MLIRCY_READ_SCOPES
    struct mlircy_read_scope {
      int *state;
      mlircy_gate_tls *t;
      int at;
      mlircy_read_scope() : state(NULL) {}
      ~mlircy_read_scope() {
        if (state) mlircy_read_leave_at(t, state, at);
      }
    };
    /* mlircy_read_try for a scope: on 1, the scope is entered. */
    static inline int mlircy_read_scope_try(mlircy_read_scope *rs,
                                            int *state, int *waiting) {
      mlircy_gate_tls *t = mlircy_tls();
      int r = mlircy_read_try_at(t, state, waiting, &rs->at);
      if (r == 1) {
        rs->t = t;
        rs->state = state;
      }
      return r;
    }
    #else
    struct mlircy_read_scope { int *state; };
    static inline int mlircy_read_scope_try(mlircy_read_scope *rs,
                                            int *state, int *waiting) {
      return 1;
    }
    #endif
    """
    int GATE_EXCL "MLIRCY_GATE_EXCL"
    int GATE_SHARED "MLIRCY_GATE_SHARED"
    int GATE_EXCLUSIVE "MLIRCY_GATE_EXCLUSIVE"
    int GATE_WRITE "MLIRCY_GATE_WRITE"
    int GATE_READ "MLIRCY_GATE_READ"
    int GATE_DEFER "MLIRCY_GATE_DEFER"
    int GATE_SCOPE "MLIRCY_GATE_SCOPE"
    cdef cppclass mlircy_read_scope:
        int* state
    int mlircy_read_try(int* state, int* waiting) noexcept nogil
    int mlircy_read_scope_try(mlircy_read_scope* rs, int* state,
                              int* waiting) noexcept nogil
    int mlircy_read_step_out(int* state) noexcept nogil
    void mlircy_read_leave(int* state) noexcept nogil
    void mlircy_read_step_in(int* state, int* waiting) noexcept nogil
    int GATE_WRITER "MLIRCY_GATE_WRITER"
    int GATE_READER "MLIRCY_GATE_READER"
    int mlircy_gate_load(int* p) noexcept nogil
    int mlircy_gate_holds(int* gate) noexcept nogil
    int mlircy_gate_hold(int* gate, int kind) noexcept nogil
    void mlircy_gate_unhold(int* gate) noexcept nogil
    int mlircy_gate_try(int* state, int* waiting, int kind, int waited) noexcept nogil
    void mlircy_gate_wait(int* state, int* waiting, int kind) noexcept nogil
    void mlircy_gate_release(int* state, int kind) noexcept nogil
    void mlircy_gate_waiting_add(int* waiting, int n) noexcept nogil


cdef int _gate_acquire(Context ctx, int kind) except -1:
    """Waits (without the GIL) until `kind` may proceed on ctx's IR; 1 if
    the gate was taken (release it), else 0."""
    cdef int r = mlircy_gate_try(&ctx.gate.state, &ctx.gate.waiting, kind, 0)
    if r >= 0:
        return r
    # Threads waiting announce themselves: new exclusive sections let them
    # all go first, new shared ones the writers (so that no thread starves).
    cdef int unit = GATE_WRITER if kind == GATE_EXCLUSIVE or kind == GATE_WRITE \
        else GATE_READER
    cdef bint announced = False
    try:
        while r < 0:
            if r == -4:
                # A change from this thread's read scope: out of the scope
                # for it (ir_section_exit / ir_write_release step back in).
                if mlircy_read_step_out(&ctx.gate.state) < 0:
                    raise RuntimeError("a thread may hold sections of at "
                                       "most 16 contexts at once")
                r = mlircy_gate_try(&ctx.gate.state, &ctx.gate.waiting, kind, 0)
                continue
            if r == -2:
                raise RuntimeError(
                    "cannot change IR from a callback of a read (printing, "
                    "verification) while other threads read IR of the same "
                    "context")
            if r == -3:
                with nogil:
                    mlircy_gate_wait(&ctx.gate.state, &ctx.gate.waiting,
                                     GATE_DEFER)
            else:
                if not announced:
                    mlircy_gate_waiting_add(&ctx.gate.waiting, unit)
                    announced = True
                with nogil:
                    mlircy_gate_wait(&ctx.gate.state, &ctx.gate.waiting, kind)
            r = mlircy_gate_try(&ctx.gate.state, &ctx.gate.waiting, kind,
                                announced)
    finally:
        if announced:
            mlircy_gate_waiting_add(&ctx.gate.waiting, -unit)
    return r


cdef int ir_section_enter(Context ctx, bint exclusive) except -1:
    """Enters a section on ctx's IR (shared: reads it; exclusive: changes
    it) before a C call that releases the GIL or calls back into Python.
    Returns a token for ir_section_exit (0: nested in a section this
    thread holds already)."""
    cdef int kind = GATE_EXCLUSIVE if exclusive else GATE_SHARED
    if _gate_acquire(ctx, kind) == 0:
        return 0
    if mlircy_gate_hold(&ctx.gate.state, kind) < 0:
        mlircy_gate_release(&ctx.gate.state, kind)
        raise RuntimeError("a thread may hold sections of at most 16 "
                           "contexts at once")
    return 2 if exclusive else 1


cdef void ir_section_exit(Context ctx, int token) noexcept nogil:
    if token == 0:
        return
    mlircy_gate_unhold(&ctx.gate.state)
    mlircy_gate_release(&ctx.gate.state,
                        GATE_EXCLUSIVE if token == 2 else GATE_SHARED)
    if READ_SCOPES:
        mlircy_read_step_in(&ctx.gate.state, &ctx.gate.waiting)


cdef int ir_gate_join(Context ctx) noexcept nogil:
    """A worker thread running a callback of another thread's section (a
    Python pass of a multithreaded pass run) joins it for the callback:
    the gate then lets it through. Returns a token for ir_gate_leave."""
    if mlircy_gate_load(&ctx.gate.state) == 0 or \
            mlircy_gate_holds(&ctx.gate.state):
        return 0
    return 1 if mlircy_gate_hold(&ctx.gate.state, -1) == 0 else 0


cdef void ir_gate_leave(Context ctx, int token) noexcept nogil:
    if token:
        mlircy_gate_unhold(&ctx.gate.state)


cdef int ir_write_wait(Context ctx) except -1:
    cdef int r = _gate_acquire(ctx, GATE_WRITE)
    if r == 1:
        # Free-threaded: held for the change; this thread's own checks
        # during it pass.
        if mlircy_gate_hold(&ctx.gate.state, GATE_EXCLUSIVE) < 0:
            mlircy_gate_release(&ctx.gate.state, GATE_WRITE)
            raise RuntimeError("a thread may hold sections of at most 16 "
                               "contexts at once")
    return r


cdef int ir_write_release(Context ctx) noexcept nogil:
    mlircy_gate_unhold(&ctx.gate.state)
    mlircy_gate_release(&ctx.gate.state, GATE_WRITE)
    if READ_SCOPES:
        mlircy_read_step_in(&ctx.gate.state, &ctx.gate.waiting)
    return 0


cdef int ir_read_wait(Context ctx) except -1:
    return _gate_acquire(ctx, GATE_READ)


cdef int _read_scope_wait(Context ctx, int r,
                          mlircy_read_scope* rs) except -1:
    """After the try to enter a read scope on ctx said `r` (not 1): waits
    until this thread is in one (`rs`'s when given), or raises."""
    if r == -1:
        mlircy_gate_waiting_add(&ctx.gate.waiting, GATE_READER)
        try:
            while r == -1:
                with nogil:
                    mlircy_gate_wait(&ctx.gate.state, &ctx.gate.waiting,
                                     GATE_SHARED)
                if rs != NULL:
                    r = mlircy_read_scope_try(rs, &ctx.gate.state,
                                              &ctx.gate.waiting)
                else:
                    r = mlircy_read_try(&ctx.gate.state, &ctx.gate.waiting)
        finally:
            mlircy_gate_waiting_add(&ctx.gate.waiting, -GATE_READER)
    if r == -2:
        raise RuntimeError("a thread may hold sections of at most 16 "
                           "contexts at once")
    return 0


cdef inline int ir_read_scope(mlircy_read_scope* rs, PyObject* ctx) except -1:
    """On free-threaded builds, enters a read scope on the IR of `ctx` (a
    borrowed Context, or None: nothing) for the rest of the calling
    function (which declares `cdef mlircy_read_scope rs`): other threads'
    changes wait until it returns. Call it before the first check of an
    object, as `if READ_SCOPES: ir_read_scope(&rs, <PyObject*>self.context)`
    so that GIL builds do not even evaluate the context; a second call
    (another context) does nothing. Borrowed, as the object it comes from
    holds it: no reference counts taken and dropped for each read (on a
    free-threaded build each is a test of the owning thread, and an atomic
    operation for an object another thread made)."""
    cdef int r
    if READ_SCOPES and rs.state == NULL and ctx != <PyObject*>None:
        r = mlircy_read_scope_try(rs, &(<Context>ctx).gate.state,
                                  &(<Context>ctx).gate.waiting)
        if r != 1:
            _read_scope_wait(<Context>ctx, r, rs)
    return 0


cdef inline int ir_read_scope_op(mlircy_read_scope* rs, PyObject* op) except -1:
    """ir_read_scope on the context of `op` (a borrowed Operation, or
    None: nothing)."""
    if READ_SCOPES and op != <PyObject*>None:
        ir_read_scope(rs, <PyObject*>(<Operation>op).context)
    return 0


cdef int ir_parse_enter(Context ctx) except -1:
    """Before a parse of operations into ctx; returns a token for
    ir_write_done. MLIR looks up and adds operation names without locks
    while the context's multithreading is off; with the GIL held through
    the parse (gil_release_for) that is safe, and on free-threaded builds
    the parse holds the gate as a change does instead, so that no builder,
    pass run or other parse of the context adds names meanwhile."""
    if READ_SCOPES and not mlirCyContextIsMultithreadingEnabled(ctx.c_context):
        return ir_write(ctx)
    return 0


cdef int ctx_threading_changed(Context ctx) except -1:
    """After ctx's MLIR multithreading may have been switched: on
    free-threaded builds, a context with it off keeps its uniquers locked
    (see mlir-cython/Uniquers.h), as threads may create types and
    attributes in it at once with no GIL to order them."""
    if READ_SCOPES:
        mlirCyContextLockUniquers(ctx.c_context)
    return 0


cdef int ir_read_enter(Context ctx) except -1:
    """Enters a read scope on ctx (free-threaded builds), waiting as a
    reader; ir_read_scope's work, and for modules other than _ir, which end
    the scope with ir_read_exit(ctx, token): 1 entered, 0 nothing to end."""
    if not READ_SCOPES or ctx is None:
        return 0
    cdef int r = mlircy_read_try(&ctx.gate.state, &ctx.gate.waiting)
    if r != 1:
        _read_scope_wait(ctx, r, NULL)
    return 1


cdef void ir_read_exit(Context ctx, int token) noexcept:
    if token:
        mlircy_read_leave(&ctx.gate.state)
