/*
 * mbarrier.c: split-phase barriers (CUDA guide 5.6.1, "Memory Barrier
 * Primitives Interface"; libcu++ cuda::barrier) and waiting on memory.
 *
 * A barrier in the running block's shared memory is a record in the
 * worker's table; the word the program sees holds a handle (a tag, the
 * block generation's low bits, the record's index), so every use is
 * checked: never initialized, used after inval, a token of another phase.
 * A phase completes once every expected arrival is in and the transaction
 * count is zero.  The asynchronous copies attached to a phase land when its
 * last arrival is in, just before it completes: as late as a GPU's copy
 * engine may finish them, so a program that reads a destination before its
 * wait sees the old bytes instead of working by luck.
 *
 * Waiting: wait() blocks the thread's fiber on the record until the phase
 * completes.  test_wait and try_wait are polls: while threads remain to
 * start the caller waits for the phase but gives up (a timeout) once
 * nothing else can run; with ready threads it lets them run once first;
 * with nothing else to run it answers no, and a thread that keeps polling
 * a phase nothing can complete is reported as deadlocked.
 *
 * A barrier anywhere else (cuda::barrier of device or system scope,
 * cuda::std::barrier) keeps its state in its word; arrivals are atomic
 * compare-and-swaps and waiters poll.
 *
 * Invariants: every waiter of a record waits for its current phase, so
 * completing the phase releases them all; a record belongs to one block
 * generation and is recycled once that block is over.
 */
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check/hooks.h"
#include "base/base.h"
#include "device/mbarrier.h"
#include "simt/core/cg_core.h"
#include "simt/core/mbarrier.h"

/* ---- sites -------------------------------------------------------------------- *
 * Wait sites are cooperative groups' interned "file:line" strings
 * (simt_cg_site, cg_core.c): they outlive the call, as a waiting thread's
 * site must. */

int simt_is_shared(const void *p)
{
    return engine_in_shared(p);
}

/* ---- names of the operations, as each API spells them --------------------- */

enum op { OP_INIT, OP_INVAL, OP_ARRIVE, OP_DROP, OP_EXPECT, OP_TEST, OP_TEST_PARITY, OP_TRY,
          OP_TRY_PARITY, OP_WAIT, OP_WAIT_PARITY, OP_COPY, OP_ARRIVE_ON };

static const char *op_name(int api, int op)
{
    static const char *const prim[] = {
        "__mbarrier_init", "__mbarrier_inval", "__mbarrier_arrive", "__mbarrier_arrive_and_drop",
        "mbarrier expect_tx", "__mbarrier_test_wait", "__mbarrier_test_wait_parity",
        "__mbarrier_try_wait", "__mbarrier_try_wait_parity", "mbarrier wait",
        "mbarrier wait_parity", "mbarrier copy", "__pipeline_arrive_on"};
    static const char *const cxx[] = {
        "cuda::barrier init", "cuda::barrier destructor", "cuda::barrier::arrive",
        "cuda::barrier::arrive_and_drop", "cuda::device::barrier_expect_tx",
        "cuda::barrier::try_wait", "cuda::barrier::try_wait_parity", "cuda::barrier::try_wait",
        "cuda::barrier::try_wait_parity", "cuda::barrier::wait", "cuda::barrier::wait_parity",
        "cuda::memcpy_async", "pipeline arrive_on"};
    static const char *const native[] = {
        "cuda::ptx::mbarrier_init", "cuda::ptx::mbarrier_inval", "cuda::device::barrier_arrive_tx",
        "cuda::ptx::mbarrier_arrive_drop", "cuda::device::barrier_expect_tx",
        "cuda::ptx::mbarrier_test_wait", "cuda::ptx::mbarrier_test_wait_parity",
        "cuda::ptx::mbarrier_try_wait", "cuda::ptx::mbarrier_try_wait_parity",
        "cuda::ptx::mbarrier_try_wait", "cuda::ptx::mbarrier_try_wait_parity",
        "cuda::device::memcpy_async_tx", "pipeline arrive_on"};
    return api == SIMT_MBAR_PRIM ? prim[op] : api == SIMT_MBAR_CXX ? cxx[op] : native[op];
}

/* ---- the table of shared-memory barriers -------------------------------------- */

enum { MB_FREE, MB_LIVE, MB_INVAL };
enum { AOP_COPY, AOP_COPY_TX, AOP_ARRIVE_ON };

/* An asynchronous operation that completes with the current phase. */
struct aop {
    unsigned char kind;
    uint32_t n, fill;             /* bytes copied, then zeroed */
    void *dst;
    const void *src;
    struct athread *a;            /* AOP_ARRIVE_ON: whose copies ... */
    uint64_t seq;                 /* ... numbered below this */
};

struct mbar {
    uint64_t *addr;
    struct engine_stamp st;       /* the block it belongs to */
    unsigned char state;
    uint32_t phase;               /* phases completed */
    uint32_t expected;            /* arrivals each next phase expects */
    uint32_t pending;             /* arrivals the current phase still needs ... */
    uint32_t async_pending;       /* ... of which __pipeline_arrive_on holds */
    int64_t tx;                   /* transaction count */
    simt_completion_fn completion;
    void *ctx;
    struct waitq waiters;
    uint32_t ntimed;              /* of the waiters, those with a time limit */
    struct aop *ops;
    uint32_t nops, cap_ops;
    uint32_t next_free;           /* free list: index + 1, 0 ends it */
    /* A GPU performs the arrivals of a warp's lanes at one call site as
     * one: each lane's token carries the pending count from before the
     * warp's arrival (an H200 gives 128, 96, 64 and 32 to the four warps of
     * a 128-thread block, in some order).  Lanes run one after another
     * here, interleaved with other warps', so each warp's group takes its
     * count from a running count that every new group lowers by its lanes. */
    uint32_t vphase, vpending;    /* the running count of phase vphase */
    struct {
        const char *file;
        unsigned line;
        uint32_t phase, lanes, pending;
    } group[32];                  /* by warp */
};

#define HANDLE_TAG 0x5a1bull

static SIMT_TLS struct {
    struct mbar *v;
    uint32_t n, cap;
    uint32_t free;                /* index + 1 of the first free record, 0: none */
} tab;

/* Waiters with a time limit (test_wait, try_wait) park with this key;
 * their time is up when nothing else can run. */
#define WAIT_TIMED 0x7157u
static SIMT_TLS unsigned ntimed;   /* timed waiters of all records */
/* Counts the worker's barrier events: a poll that sees none since the
 * last is futile. */
static SIMT_TLS unsigned long long epoch;

static int alive(const struct mbar *m)
{
    return engine_stamp_resident(m->st);
}

static void release_rec(uint32_t i)
{
    tab.v[i].state = MB_FREE;
    tab.v[i].nops = 0;
    tab.v[i].waiters = (struct waitq){0};
    tab.v[i].ntimed = 0;
    tab.v[i].next_free = tab.free;
    tab.free = i + 1;
}

/* Recycles the records of blocks that are over; 0 if few came free. */
static int collect(void)
{
    uint32_t freed = 0;
    for (uint32_t i = 0; i < tab.n; i++) {
        if (tab.v[i].state != MB_FREE && !alive(&tab.v[i])) {
            release_rec(i);
            freed++;
        }
    }
    return freed >= tab.n / 4 && freed > 0;
}

static uint32_t new_rec(void)
{
    if (!tab.free && tab.n == tab.cap && tab.n)
        collect();
    if (tab.free) {
        uint32_t i = tab.free - 1;
        tab.free = tab.v[i].next_free;
        return i;
    }
    if (tab.n == tab.cap) {
        uint32_t cap = tab.cap ? 2 * tab.cap : 64;
        struct mbar *v = realloc(tab.v, cap * sizeof *v);
        if (!v)
            simt__oom("mbarrier records");
        memset(v + tab.cap, 0, (cap - tab.cap) * sizeof *v);
        tab.v = v;
        tab.cap = cap;
    }
    return tab.n++;
}

/* The record the word at bar names, or -1. */
static inline long find(const uint64_t *bar)
{
    uint64_t v = *bar;
    if (v >> 48 != HANDLE_TAG)
        return -1;
    uint32_t i = (uint32_t)v;
    if (i >= tab.n)
        return -1;
    const struct mbar *m = &tab.v[i];
    if (m->state == MB_FREE || m->addr != bar || !engine_stamp_running(m->st))
        return -1;
    return i;
}

static void unusable(uint64_t *bar, int api, int op, const char *file,
                     unsigned line) __attribute__((noreturn, noinline, cold));
static void unusable(uint64_t *bar, int api, int op, const char *file,
                     unsigned line)
{
    long i = find(bar);
    if (i >= 0 && tab.v[i].state == MB_INVAL)
        engine_misuse(file, line, "initialize it again before using it (CUDA guide 5.6.1)",
                      "%s on an mbarrier after __mbarrier_inval (%p)", op_name(api, op),
                      (void *)bar);
    engine_misuse(file, line,
                  "initialize it first (__mbarrier_init, or init(&bar, count) for cuda::barrier) "
                  "and make the other threads wait for that with __syncthreads()",
                  "%s on an mbarrier that was never initialized (%p)", op_name(api, op),
                  (void *)bar);
}

/* The live record of a shared-memory barrier, or a diagnostic. */
static inline uint32_t need(uint64_t *bar, int api, int op,
                            const char *file, unsigned line)
{
    long i = find(bar);
    if (SIMT_UNLIKELY(i < 0 || tab.v[i].state != MB_LIVE))
        unusable(bar, api, op, file, line);
    return (uint32_t)i;
}

static void not_shared(const void *bar, int api, int op, const char *file, unsigned line)
    __attribute__((noreturn));
static void not_shared(const void *bar, int api, int op, const char *file, unsigned line)
{
    engine_misuse(file, line,
                  "put the barrier in __shared__ memory (CUDA guide 5.6.1: bar must be a pointer "
                  "to __shared__ memory)",
                  "%s on a barrier that is not in the block's shared memory (%p)",
                  op_name(api, op), bar);
}

/* ---- tokens ------------------------------------------------------------------ */

static uint64_t tag_of(const void *bar)
{
    return ((uintptr_t)bar >> 3) & 0x7ff;
}

static uint64_t make_token(uint32_t phase, uint32_t pending, const void *bar)
{
    return (uint64_t)phase << 32 | 1ull << 31 | tag_of(bar) << 20 | (pending & 0xfffffu);
}

/* Whether the token's phase has completed; phase: the barrier's completed
 * phases, mask: how many bits of it a token keeps. */
static inline int token_done(const void *bar, uint64_t token, uint32_t phase, uint32_t mask, int api,
                      int op, const char *file, unsigned line)
{
    if (!(token >> 31 & 1) || (token >> 20 & 0x7ff) != tag_of(bar))
        engine_misuse(file, line, "wait with the token an arrival on this same barrier returned",
                      "%s with a token (0x%016llx) that no arrival on this barrier returned",
                      op_name(api, op), (unsigned long long)token);
    uint32_t p = (uint32_t)(token >> 32) & mask;
    if (p == (phase & mask))
        return 0;
    if (p == ((phase - 1) & mask))
        return 1;
    engine_misuse(file, line,
                  "wait only with a token of the current or the immediately preceding phase (CUDA "
                  "guide 5.6.1)",
                  "%s with a token of phase %u while the barrier is in phase %u",
                  op_name(api, op), p, phase & mask);
}

static uint64_t now_ns(void)
{
    return (uint64_t)simt__now_ns();
}

/* ---- shared-memory barriers: phases ------------------------------------------- */

static void land(const struct aop *o)
{
    memcpy(o->dst, o->src, o->n);
    if (o->fill)
        memset((char *)o->dst + o->n, 0, o->fill);
    if (hook_checking())
        check_written(o->dst, (size_t)o->n + o->fill);
}

/* Every thread arrival of the phase is in: the copies attached to it land,
 * and the arrivals waiting for copies happen. */
static void flush(uint32_t i)
{
    struct mbar *m = &tab.v[i];
    for (uint32_t k = 0; k < m->nops; k++) {
        const struct aop *o = &m->ops[k];
        switch (o->kind) {
        case AOP_COPY:
            land(o);
            break;
        case AOP_COPY_TX:
            land(o);
            m->tx -= (int64_t)o->n + o->fill;
            break;
        default:
            pipe_complete_upto(o->a, o->seq);
            m->pending--;
            m->async_pending--;
            break;
        }
    }
    m->nops = 0;
}

static void complete(uint32_t i)
{
    struct mbar *m = &tab.v[i];
    if (m->completion) {
        /* CUDA: exactly once per phase, by one thread, before the next
         * phase starts.  It may init other barriers: the table can move. */
        m->completion(m->ctx);
        m = &tab.v[i];
    }
    m->phase++;
    m->pending = m->expected;
    m->async_pending = 0;
    m->tx = 0;
    epoch++;
    ntimed -= m->ntimed < ntimed ? m->ntimed : ntimed;
    m->ntimed = 0;
    engine_wake_all(&m->waiters);
    hook_barrier_release(m->addr);
    if (hook_checking())
        check_phase();
}

/* After any change: the phase completes if nothing is outstanding. */
static inline void settle(uint32_t i)
{
    struct mbar *m = &tab.v[i];
    epoch++;
    if (m->pending != m->async_pending)
        return;
    if (m->nops)
        flush(i);
    m = &tab.v[i];
    if (m->pending == 0 && m->tx == 0)
        complete(i);
}

static struct aop *new_op(uint32_t i)
{
    struct mbar *m = &tab.v[i];
    if (m->nops == m->cap_ops) {
        uint32_t cap = m->cap_ops ? 2 * m->cap_ops : 8;
        struct aop *v = realloc(m->ops, cap * sizeof *v);
        if (!v)
            simt__oom("asynchronous copies");
        m->ops = v;
        m->cap_ops = cap;
    }
    return &m->ops[m->nops++];
}

static int timed(uintptr_t key, const void *arg)
{
    (void)arg;
    return key == WAIT_TIMED;
}

/* Releases every timed waiter of the worker's barriers (their wait
 * answers no); how many there were. */
static unsigned time_out_waiters(void)
{
    unsigned n = 0;
    if (!ntimed)
        return 0;
    for (uint32_t i = 0; i < tab.n; i++) {
        struct mbar *m = &tab.v[i];
        if (m->state == MB_FREE || waitq_empty(&m->waiters) || !alive(m))
            continue;
        if (m->ntimed)
            n += engine_wake_if(&m->waiters, timed, NULL, ~0u);
        m->ntimed = 0;
    }
    ntimed = 0;
    return n;
}

static unsigned stall_hook(struct worker *w)
{
    (void)w;
    return time_out_waiters();
}

/* When every thread is blocked, timed waits give up rather than deadlock. */
__attribute__((constructor)) static void register_stall_hook(void)
{
    engine_add_stall_hook(stall_hook);
}

/* The running thread t waits on record i (a time limit: timed). */
static inline void enqueue(struct sthread *t, uint32_t i, int timed_wait, const char *file,
                           unsigned line)
{
    struct mbar *m = &tab.v[i];
    ntimed += timed_wait;
    m->ntimed += timed_wait;
    engine_count_sync(t);
    engine_poll_forget(t);
    engine_park(t, &m->waiters, simt_cg_site(file, line), timed_wait ? WAIT_TIMED : 0);
}

/* The calling thread waits for the current phase of record i. */
static void block_on(uint32_t i, int api, int op, const char *file,
                     unsigned line)
{
    struct sthread *t = engine_thread();
    struct mbar *m = &tab.v[i];
    if (!engine_others_runnable() && !time_out_waiters()) {
        /* Nothing else can run on this worker: nobody will complete it. */
        char tx[64] = "";
        if (m->tx)
            snprintf(tx, sizeof tx, " and a transaction count of %lld", (long long)m->tx);
        engine_misuse(file, line,
                      "make the expected number of threads arrive in every phase (and the expected "
                      "bytes land)",
                      "deadlock: %s waits for phase %u of the mbarrier %p, which still needs %u "
                      "arrival%s%s, and every other live thread of the block is blocked or has "
                      "exited", op_name(api, op), m->phase, (void *)m->addr,
                      m->pending - m->async_pending, m->pending - m->async_pending == 1 ? "" : "s",
                      tx);
    }
    enqueue(t, i, 0, file, line);
}

/* A test or try_wait whose phase has not completed.  The thread gives the
 * others their turn first, and the answer is whether the phase completed
 * meanwhile: while threads have not started it waits for the phase, but
 * only until nothing else can run (then its time is up); with others
 * ready it lets them run once.  With nothing else to run the answer is no,
 * and a thread that keeps polling a phase nothing else can complete is
 * deadlocked. */
#define POLL_LIMIT (1u << 20)
static int poll_phase(uint32_t i, int api, int op, const char *file,
                      unsigned line)
{
    struct sthread *t = engine_thread();
    uint64_t *bar = tab.v[i].addr;
    uint32_t phase = tab.v[i].phase;
    if (engine_unstarted()) {
        enqueue(t, i, 1, file, line);
        return find(bar) == (long)i && tab.v[i].phase != phase;
    }
    if (engine_has_ready() || time_out_waiters()) {
        engine_yield(); /* the ready threads run first */
        if (find(bar) != (long)i || tab.v[i].phase != phase)
            return find(bar) == (long)i;
    }
    /* Still incomplete.  Futile if nothing happened to any barrier of the
     * worker since this thread's last look. */
    const struct mbar *m = &tab.v[i];
    uint64_t seen = (uint64_t)m->phase << 40 ^ (uint64_t)m->pending << 20 ^ (uint64_t)m->tx ^
                    epoch * 0x9e3779b97f4a7c15ull;
    if (engine_poll_repeats(t, m->addr, seen) >= POLL_LIMIT)
        engine_misuse(file, line,
                      "make the expected number of threads arrive in every phase (and the "
                      "expected bytes land)",
                      "deadlock: %s polls phase %u of the mbarrier %p, which still needs %u "
                      "arrival%s, and no other thread of the block arrives on it",
                      op_name(api, op), m->phase, (void *)m->addr, m->pending - m->async_pending,
                      m->pending - m->async_pending == 1 ? "" : "s");
    return 0;
}

/* ---- barriers outside shared memory: the state in the word ---------------------
 *
 * bits 63..42 phase (22 bits), 41..21 pending arrivals, 20..0 expected
 * arrivals.  The last arrival of a phase leaves pending at zero while the
 * completion function runs, then starts the next phase. */

#define WMASK 0x1fffffull
#define WPHASE_MASK 0x3fffffu

static uint64_t wpack(uint32_t phase, uint32_t pending, uint32_t expected)
{
    return (uint64_t)(phase & WPHASE_MASK) << 42 | (uint64_t)pending << 21 | expected;
}
static uint32_t wphase(uint64_t v) { return (uint32_t)(v >> 42); }
static uint32_t wpending(uint64_t v) { return (uint32_t)(v >> 21 & WMASK); }
static uint32_t wexpected(uint64_t v) { return (uint32_t)(v & WMASK); }

static void zero_pending(const void *bar, int api, int op, uint32_t phase, uint32_t expected,
                         uint32_t count, uint32_t pending, const char *file, unsigned line)
    __attribute__((noreturn));
static void zero_pending(const void *bar, int api, int op, uint32_t phase, uint32_t expected,
                         uint32_t count, uint32_t pending, const char *file, unsigned line)
{
    if (pending == 0)
        engine_misuse(file, line,
                      "arrive at most the expected number of times in each phase (CUDA guide "
                      "5.6.1: the pending count must not be zero)",
                      "%s on the barrier %p whose pending count is zero (phase %u, expected count "
                      "%u)", op_name(api, op), bar, phase, expected);
    engine_misuse(file, line, "arrive at most the expected number of times in each phase",
                  "%s: %u arrivals on the barrier %p, whose phase %u has only %u pending",
                  op_name(api, op), count, bar, phase, pending);
}

static uint64_t word_arrive(uint64_t *bar, uint32_t count, int drop, simt_completion_fn cf,
                            void *ctx, int api, int op, const char *file, unsigned line)
{
    uint64_t old = __atomic_load_n(bar, __ATOMIC_RELAXED), nw;
    uint32_t left;
    do {
        uint32_t pend = wpending(old), exp = wexpected(old);
        if (count > pend || pend == 0)
            zero_pending(bar, api, op, wphase(old), exp, count, pend, file, line);
        if (drop && count > exp)
            engine_misuse(file, line, "drop at most as many arrivals as the barrier expects",
                          "%s: the barrier %p expects %u arrivals, %u cannot drop out",
                          op_name(api, op), (void *)bar, exp, count);
        left = pend - count;
        nw = wpack(wphase(old), left, exp - (drop ? count : 0));
    } while (!__atomic_compare_exchange_n(bar, &old, nw, 1, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED));
    if (left == 0) {
        if (cf)
            cf(ctx);
        /* The phase orders what came before it with what follows, as a
         * shared-memory barrier's does (complete()). */
        if (hook_checking())
            check_phase();
        __atomic_store_n(bar, wpack(wphase(nw) + 1, wexpected(nw), wexpected(nw)),
                         __ATOMIC_RELEASE);
    }
    return make_token(wphase(old), wpending(old), bar);
}

/* ---- the API ------------------------------------------------------------------- */

/* The pending count the caller's token carries (see struct mbar). */
static uint32_t warp_pending(struct mbar *m, const char *file, unsigned line)
{
    uint32_t id = engine_thread_index(), bit = 1u << (id % 32);
    if (id / 32 >= 32)
        return m->pending;
    __typeof__(m->group[0]) *g = &m->group[id / 32];
    if (g->phase == m->phase && g->line == line && g->file == file && !(g->lanes & bit)) {
        g->lanes |= bit;
        return g->pending;
    }
    if (m->vphase != m->phase) {
        m->vphase = m->phase;
        m->vpending = m->pending;
    }
    /* The lanes this warp has (the last one of a block may be partial). */
    const dim3 bd = simt__block_dim;
    uint32_t left = bd.x * bd.y * bd.z - id / 32 * 32, size = left < 32 ? left : 32;
    g->file = file;
    g->line = line;
    g->phase = m->phase;
    g->lanes = bit;
    g->pending = m->vpending >= 1 && m->vpending <= m->pending ? m->vpending : m->pending;
    m->vpending = m->vpending > size ? m->vpending - size : 0;
    return g->pending;
}

void simt_mbar_init(uint64_t *bar, uint32_t count, uint32_t max, simt_completion_fn completion,
                    void *ctx, int api, const char *file, unsigned line)
{
    if (count > max)
        engine_misuse(file, line, "expect fewer arrivals per phase",
                      "%s: expected count %u is above the maximum, %u%s", op_name(api, OP_INIT),
                      count, max, api == SIMT_MBAR_PRIM ? " (__mbarrier_maximum_count())" : "");
    if (!engine_in_shared(bar)) {
        if (api != SIMT_MBAR_CXX)
            not_shared(bar, api, OP_INIT, file, line);
        if (count > SIMT_MBAR_WORD_MAX)
            engine_misuse(file, line, "expect fewer arrivals per phase",
                          "%s: expected count %u is above %u, the most simt supports for a "
                          "barrier outside shared memory", op_name(api, OP_INIT), count,
                          SIMT_MBAR_WORD_MAX);
        __atomic_store_n(bar, wpack(0, count, count), __ATOMIC_RELEASE);
        return;
    }
    long old = find(bar);
    uint32_t i;
    if (old >= 0) {
        /* Initialized again (after inval, or over a live barrier). */
        i = (uint32_t)old;
        if (!waitq_empty(&tab.v[i].waiters))
            engine_misuse(file, line, "initialize a barrier only while no thread waits on it",
                          "%s on the mbarrier %p while threads wait on it", op_name(api, OP_INIT),
                          (void *)bar);
    } else {
        i = new_rec();
    }
    struct mbar *m = &tab.v[i];
    m->addr = bar;
    m->st = engine_stamp_now();
    m->state = MB_LIVE;
    m->phase = 0;
    m->expected = m->pending = count;
    m->async_pending = 0;
    m->tx = 0;
    m->completion = completion;
    m->ctx = ctx;
    m->waiters = (struct waitq){0};
    m->ntimed = 0;
    m->nops = 0;
    m->vphase = ~0u;
    for (int k = 0; k < 32; k++) {
        m->group[k].file = NULL;
        m->group[k].lanes = 0;
    }
    *bar = HANDLE_TAG << 48 | (uint64_t)(m->st.gen & 0xffff) << 32 | i;
    epoch++;
}

void simt_mbar_inval(uint64_t *bar, int api, const char *file, unsigned line)
{
    if (!engine_in_shared(bar)) {
        if (api != SIMT_MBAR_CXX)
            not_shared(bar, api, OP_INVAL, file, line);
        return;
    }
    uint32_t i = need(bar, api, OP_INVAL, file, line);
    if (!waitq_empty(&tab.v[i].waiters))
        engine_misuse(file, line, "invalidate a barrier only once no thread waits on it",
                      "%s on the mbarrier %p while threads wait on it", op_name(api, OP_INVAL),
                      (void *)bar);
    tab.v[i].state = MB_INVAL;
    tab.v[i].nops = 0;
    epoch++;
}

uint64_t simt_mbar_arrive(uint64_t *bar, uint32_t count, int drop, uint32_t tx,
                          simt_completion_fn completion, void *ctx, int api, const char *file,
                          unsigned line)
{
    int op = drop ? OP_DROP : OP_ARRIVE;
    /* The checker: the arriving thread synchronizes (src/check/check.c). */
    if (hook_checking())
        simt__check_fence();
    if (!engine_in_shared(bar)) {
        if (api != SIMT_MBAR_CXX)
            not_shared(bar, api, op, file, line);
        return word_arrive(bar, count, drop, completion, ctx, api, op, file, line);
    }
    uint32_t i = need(bar, api, op, file, line);
    struct mbar *m = &tab.v[i];
    uint32_t pend = m->pending - m->async_pending;
    if (count > pend || pend == 0)
        zero_pending(bar, api, op, m->phase, m->expected, count, pend, file, line);
    if (drop && count > m->expected)
        engine_misuse(file, line, "drop at most as many arrivals as the barrier expects",
                      "%s: the mbarrier %p expects %u arrivals, %u cannot drop out",
                      op_name(api, op), (void *)bar, m->expected, count);
    hook_barrier_arrive(bar, NULL);
    /* Only the primitives' tokens show their pending count. */
    uint64_t token = make_token(
        m->phase, api == SIMT_MBAR_CXX ? m->pending : warp_pending(m, file, line), bar);
    m->tx += tx;
    m->pending -= count;
    if (drop)
        m->expected -= count;
    settle(i);
    return token;
}

void simt_mbar_expect_tx(uint64_t *bar, uint32_t tx, int api, const char *file, unsigned line)
{
    if (!engine_in_shared(bar))
        not_shared(bar, api, OP_EXPECT, file, line);
    uint32_t i = need(bar, api, OP_EXPECT, file, line);
    tab.v[i].tx += tx;
    settle(i);
}

void simt_mbar_copy(uint64_t *bar, void *dst, const void *src, size_t n, size_t fill, int tx,
                    int api, const char *file, unsigned line)
{
    if (!engine_in_shared(bar)) {
        if (api != SIMT_MBAR_CXX)
            not_shared(bar, api, OP_COPY, file, line);
        /* The copy completes before the caller's next arrival, as libcu++
         * does for barriers outside shared memory. */
        memcpy(dst, src, n);
        if (fill)
            memset((char *)dst + n, 0, fill);
        if (hook_checking())
            check_written(dst, n + fill);
        return;
    }
    uint32_t i = need(bar, api, OP_COPY, file, line);
    if (n > UINT32_MAX || fill > UINT32_MAX)
        engine_misuse(file, line, "copy less at a time", "%s: a copy of %zu bytes",
                      op_name(api, OP_COPY), n + fill);
    struct aop *o = new_op(i);
    o->kind = tx ? AOP_COPY_TX : AOP_COPY;
    o->dst = dst;
    o->src = src;
    o->n = (uint32_t)n;
    o->fill = (uint32_t)fill;
    if (tx)
        settle(i); /* arrivals may all be in already, waiting for bytes */
}

void mbar_arrive_on(uint64_t *bar, struct athread *a, uint64_t seq, const char *file,
                    unsigned line)
{
    if (!engine_in_shared(bar))
        not_shared(bar, SIMT_MBAR_PRIM, OP_ARRIVE_ON, file, line);
    uint32_t i = need(bar, SIMT_MBAR_PRIM, OP_ARRIVE_ON, file, line);
    struct mbar *m = &tab.v[i];
    if (m->pending == m->async_pending)
        zero_pending(bar, SIMT_MBAR_PRIM, OP_ARRIVE_ON, m->phase, m->expected, 1, 0, file, line);
    /* CUDA guide 5.6.2.4: the pending count goes up by one now and down by
     * one once the copies are done. */
    m->pending++;
    m->async_pending++;
    struct aop *o = new_op(i);
    epoch++;
    o->kind = AOP_ARRIVE_ON;
    o->a = a;
    o->seq = seq;
}

/* ---- waiting ------------------------------------------------------------------ */

/* What a wait waits for: the phase of a token (token_done), or, when
 * parity >= 0, a phase whose parity differs from parity's (CUDA guide
 * 5.6.1: the parity names the immediately preceding phase). */
struct want {
    int parity;
    uint64_t token;
};

static int reached(uint64_t *bar, const struct want *w, uint32_t phase, uint32_t mask, int api,
                   int op, const char *file, unsigned line)
{
    if (w->parity >= 0)
        return (phase & 1) != (unsigned)w->parity;
    return token_done(bar, w->token, phase, mask, api, op, file, line);
}

static int wait_for(uint64_t *bar, const struct want *w, int block, int op, int api,
                    const char *file, unsigned line)
{
    if (!engine_in_shared(bar)) {
        if (api != SIMT_MBAR_CXX)
            not_shared(bar, api, op, file, line);
        unsigned spins = 0;
        int counted = 0;
        for (;;) {
            uint64_t v = __atomic_load_n(bar, __ATOMIC_ACQUIRE);
            if (reached(bar, w, wphase(v), WPHASE_MASK, api, op, file, line)) {
                engine_poll_end(counted);
                return 1;
            }
            if (!block)
                return 0;
            if (!counted)
                counted = engine_poll_begin();
            engine_poll_pause(&spins, simt_cg_site(file, line));
        }
    }
    uint32_t i = need(bar, api, op, file, line);
    if (reached(bar, w, tab.v[i].phase, 0xffffffffu, api, op, file, line))
        return 1;
    if (block) {
        block_on(i, api, op, file, line);
        return 1;
    }
    return poll_phase(i, api, op, file, line);
}

/* Outside shared memory a try_wait polls for at most ns (no time limit:
 * one look, as libcu++'s try_wait without a duration does). */
static int try_for(uint64_t *bar, const struct want *w, uint64_t ns, int op, int api,
                   const char *file, unsigned line)
{
    if (ns == 0 || engine_in_shared(bar))
        return wait_for(bar, w, 0, op, api, file, line);
    uint64_t end = now_ns() + ns;
    unsigned spins = 0;
    int counted = engine_poll_begin(), done;
    while (!(done = wait_for(bar, w, 0, op, api, file, line)) && now_ns() < end)
        engine_poll_pause(&spins, simt_cg_site(file, line));
    engine_poll_end(counted);
    return done;
}

#define TOKEN(t) (&(struct want){.parity = -1, .token = (t)})
#define PARITY(p) (&(struct want){.parity = (int)((p)&1u)})

int simt_mbar_test_wait(uint64_t *bar, uint64_t token, int api, const char *file, unsigned line)
{
    return wait_for(bar, TOKEN(token), 0, OP_TEST, api, file, line);
}

int simt_mbar_test_wait_parity(uint64_t *bar, unsigned parity, int api, const char *file,
                               unsigned line)
{
    return wait_for(bar, PARITY(parity), 0, OP_TEST_PARITY, api, file, line);
}

int simt_mbar_try_wait(uint64_t *bar, uint64_t token, uint64_t ns, int api, const char *file,
                       unsigned line)
{
    return try_for(bar, TOKEN(token), ns, OP_TRY, api, file, line);
}

int simt_mbar_try_wait_parity(uint64_t *bar, unsigned parity, uint64_t ns, int api,
                              const char *file, unsigned line)
{
    return try_for(bar, PARITY(parity), ns, OP_TRY_PARITY, api, file, line);
}

void simt_mbar_wait(uint64_t *bar, uint64_t token, int api, const char *file, unsigned line)
{
    wait_for(bar, TOKEN(token), 1, OP_WAIT, api, file, line);
}

void simt_mbar_wait_parity(uint64_t *bar, unsigned parity, int api, const char *file,
                           unsigned line)
{
    wait_for(bar, PARITY(parity), 1, OP_WAIT_PARITY, api, file, line);
}

/* ---- waiting on a word: atomic wait and notify --------------------------------
 *
 * In shared memory a waiter blocks until a notify names its address (C++
 * [atomics.wait]: a store alone does not wake it), so a wait nobody
 * notifies is reported as a deadlock; elsewhere waiters poll. */

/* The worker's threads waiting on words of shared memory, each parked
 * with the address as its key; the last to wait is notified first. */
static SIMT_TLS struct waitq word_waiters = {NULL, NULL, 1};

static uint64_t load_bits(const volatile void *p, unsigned size)
{
    switch (size) {
    case 1: return __atomic_load_n((const volatile uint8_t *)p, __ATOMIC_ACQUIRE);
    case 2: return __atomic_load_n((const volatile uint16_t *)p, __ATOMIC_ACQUIRE);
    case 4: return __atomic_load_n((const volatile uint32_t *)p, __ATOMIC_ACQUIRE);
    default: return __atomic_load_n((const volatile uint64_t *)p, __ATOMIC_ACQUIRE);
    }
}

void simt_atomic_wait(const volatile void *addr, uint64_t old, unsigned size, const char *file,
                      unsigned line)
{
    struct sthread *t = engine_thread();
    unsigned spins = 0;
    int shared = t && engine_in_shared((const void *)(uintptr_t)addr), counted = 0;
    while (load_bits(addr, size) == old) {
        if (!shared) {
            if (!counted)
                counted = engine_poll_begin();
            engine_poll_pause(&spins, simt_cg_site(file, line));
            continue;
        }
        engine_count_sync(t);
        engine_poll_forget(t);
        engine_park(t, &word_waiters, simt_cg_site(file, line), (uintptr_t)addr);
    }
    engine_poll_end(counted);
}

static int same_word(uintptr_t key, const void *addr)
{
    return key == (uintptr_t)addr;
}

void simt_atomic_notify(const volatile void *addr, int all)
{
    if (!engine_self())
        return;
    epoch++;
    if (!waitq_empty(&word_waiters))
        engine_wake_if(&word_waiters, same_word, (const void *)(uintptr_t)addr, all ? ~0u : 1);
}

void simt_latch_misuse(ptrdiff_t left, ptrdiff_t update, const char *file, unsigned line)
{
    if (update < 0)
        engine_misuse(file, line, "count down by zero or more (C++ [thread.latch]: update >= 0)",
                      "cuda::std::latch::count_down(%td)", update);
    engine_misuse(file, line,
                  "count down at most by the counter's value (C++ [thread.latch]: update <= "
                  "counter)",
                  "cuda::std::latch::count_down(%td) took the counter to %td", update, left);
}

void simt_semaphore_misuse(ptrdiff_t old, ptrdiff_t update, ptrdiff_t max, const char *file,
                           unsigned line)
{
    engine_misuse(file, line,
                  "release at most max() - counter (C++ [thread.sema.cnt]: update >= 0 and update "
                  "<= max() - counter)",
                  "cuda::std::counting_semaphore::release(%td) with the counter at %td and max() "
                  "%td", update, old, max);
}

void simt_async_misuse(const char *what, const char *todo, const char *file, unsigned line)
{
    engine_misuse(file, line, todo, "%s", what);
}

const char *simt_site(const char *file, unsigned line)
{
    return simt_cg_site(file, line);
}
