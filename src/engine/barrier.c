/*
 * barrier.c: __syncthreads and its _count/_and/_or forms.
 *
 * CUDA guide, "Synchronization Functions": the barrier waits until every
 * thread of the block has reached it.  Threads that have exited no longer
 * count, so a generation completes when every live thread has arrived.
 * Arrivals from two different __syncthreads are undefined behaviour (a GPU
 * happens to match them up); simt reports them, and a block whose live
 * threads are all blocked with nothing left to release them is a deadlock,
 * reported instead of hanging.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "check/check.h"
#include "check/hooks.h"
#include "engine/diag.h"
#include "engine/engine.h"
#include "engine/gridsync.h"
#include "engine/ring.h"
#include "engine/sync.h"
#include "engine/watchdog.h"
#include "simt/core/device.h"
#include "simt/core/groups.h"

enum bar_mode { BAR_PLAIN, BAR_COUNT, BAR_AND, BAR_OR, BAR_GRID };

/* One call site, one string object (SIMT_BARRIER_SITE): two __syncthreads
 * on one line are two barriers. */
static int same_site(const char *a, const char *b)
{
    return a == b;
}

static void diverged(struct worker *w, struct block *b) __attribute__((noreturn, noinline, cold));
static void diverged(struct worker *w, struct block *b)
{
    char tail[768];
    uint3 t1 = b->bar_first->tid, t2 = b->bar_stray->tid;
    if (b->bar_stray == sched_current(w))
        t2 = simt__thread_idx;
    snprintf(tail, sizeof tail,
             ": thread (%u,%u,%u) waits at %s while thread (%u,%u,%u) waits at %s — every "
             "live thread of a block must reach the same __syncthreads (CUDA guide, "
             "Synchronization Functions)",
             t1.x, t1.y, t1.z, b->bar_site, t2.x, t2.y, t2.z, b->bar_stray_site);
    struct engine_failure f = {cudaErrorLaunchFailure, "divergent __syncthreads", WHO_BLOCK,
                               NULL, 0, NULL, tail};
    engine_fail_with(&f);
}

/* synccheck: the generation completes without threads that exited.  PTX
 * (barrier{.cta}) waits only for threads that have not exited, so a GPU
 * goes on; CUDA C++ leaves a __syncthreads that some threads never reach
 * undefined (CUDA guide, Synchronization Functions), and cooperative
 * groups' sync() needs every thread of the group.  Reported once per
 * barrier, and the block goes on as on a GPU.  exiting: the running thread
 * is the one that exited (its exit completed the generation). */
static void exited_before(struct worker *w, struct block *b, int exiting)
    __attribute__((noinline, cold));
static void exited_before(struct worker *w, struct block *b, int exiting)
{
    if (!report_first((uint64_t)(uintptr_t)b->bar_site, 0x5359u))
        return;
    const struct sthread *running = sched_current(w);
    const dim3 bd = b->grid->block_dim;
    unsigned gone = b->nthreads - b->live, first = b->nthreads;
    for (unsigned i = 0; i < b->nthreads && first == b->nthreads; i++) {
        const struct sthread *t = &b->threads[i];
        if (sched_started(b, i) && !sched_is_parked(b, t) && (exiting || t != running))
            first = i;
    }
    char what[160], tail[768];
    snprintf(what, sizeof what, "barrier reached by %u of %u threads", b->live, b->nthreads);
    int n = snprintf(tail, sizeof tail, ": ");
    if (first < b->nthreads)
        n += snprintf(tail + n, sizeof tail - (size_t)n, "thread (%u,%u,%u)%s", first % bd.x,
                      (first / bd.x) % bd.y, first / (bd.x * bd.y), gone > 1 ? " and others" : "");
    else
        n += snprintf(tail + n, sizeof tail - (size_t)n, "%u threads", gone);
    snprintf(tail + n, sizeof tail - (size_t)n,
             " exited without reaching it — every thread of the block must reach each "
             "__syncthreads and this_thread_block().sync() (CUDA guide, Synchronization "
             "Functions); a GPU waits only for threads that have not exited");
    struct engine_failure f = {cudaErrorLaunchFailure, what, WHO_BLOCK, NULL, 0, b->bar_site, tail};
    engine_report_with(&f);
}

static inline int checks_sync(const struct block *b)
{
    return hook_checking() && (simt__check_on & CHECK_SYNC) && b->live != b->nthreads;
}

/* A full block's release by running (every one of its nthreads arrived,
 * so none exited and the block is not a part of a split one): the ring
 * (ring.h), unless the block's warps have collectives in flight. */
static inline int ring_start(struct worker *w, struct block *b, struct sthread *running)
{
    assert(b->live == b->nthreads && b->x0 == 0);
    return !b->warp_pending &&
           sched_ring_start(w, b, RING_BLOCK, b->threads, b->nthreads, running, b->bar_site);
}

/* Every live thread has arrived: wake them all.  running: the last to
 * arrive, when it releases a block none of whose threads exited (then all
 * the others wait), else NULL. */
static inline __attribute__((always_inline)) void release(struct worker *w, struct block *b,
                                                          struct sthread *running)
{
    if (b->bar_stray)
        diverged(w, b);
    /* The generation's results, for the waiters to read as they resume
     * (the next generation writes the other slot). */
    b->bar_results[b->bar_gen & 1].count = b->bar_count;
    b->bar_results[b->bar_gen & 1].total = b->bar_arrived;
    b->bar_gen++;
    if (running && ring_start(w, b, running))
        b->waiters.head = b->waiters.tail = NULL; /* released, in the ring */
    else if (running)
        engine_wake_all_but(&b->waiters, b->threads, b->nthreads, running);
    else
        engine_wake_all(&b->waiters);
    b->bar_arrived = 0;
    b->bar_grid = 0;
    hook_barrier_release(b);
}

void barrier_release(struct worker *w, struct block *b)
{
    release(w, b, NULL);
}

/* What a barrier of mode returns when count of the generation's n
 * threads set their predicate. */
static inline __attribute__((always_inline)) int result(enum bar_mode mode, int count, unsigned n)
{
    switch (mode) {
    case BAR_COUNT:
        return count;
    case BAR_OR:
        return count != 0;
    case BAR_AND:
        return count == (int)n;
    default:
        return 0;
    }
}

/* An arrival in the block's ring (ring.h): every thread of the block
 * lives and waits here one after another, so only the site is checked (a
 * thread at another barrier leaves the ring first). */
static inline __attribute__((always_inline)) int ring_arrive(struct worker *w, struct block *b,
                                                             const char *site, int pred,
                                                             enum bar_mode mode)
{
    struct sthread *t = b->ring_run;
    if (b->bar_arrived == 0) {
        b->bar_site = site;
        b->bar_first = t;
        b->bar_count = 0;
    }
    b->bar_count += pred != 0;
    unsigned n = ++b->bar_arrived, gen = b->bar_gen;
    if (n == b->nthreads) {
        b->bar_results[gen & 1].count = b->bar_count;
        b->bar_results[gen & 1].total = n;
        b->bar_gen = gen + 1;
        b->bar_arrived = 0;
        b->ring_passed++;
        b->ring_prev_site = site;
        /* The ring's threads reached a barrier: progress (watchdog.h). */
        watchdog_progress(w);
        return result(mode, b->bar_count, n);
    }
    sched_ring_park(w, b, t);
    return result(mode, b->bar_results[gen & 1].count, b->bar_results[gen & 1].total);
}

static int arrive_lists(const char *site, int pred, enum bar_mode mode, const char *what)
    __attribute__((noinline));

/* The ring's arrivals here; the rest, which keep lists and may report,
 * out of line (arrive_lists), so that this path saves no registers. */
static inline __attribute__((always_inline)) int arrive(const char *site, int pred,
                                                        enum bar_mode mode, const char *what)
{
    struct worker *w = engine_self();
    struct block *b = w ? w->cur : NULL;
    if (b && b->ring == RING_BLOCK && mode != BAR_GRID &&
        __builtin_expect(b->bar_arrived == 0 || same_site(site, b->bar_site), 1))
        return ring_arrive(w, b, site, pred, mode);
    return arrive_lists(site, pred, mode, what);
}

static int arrive_lists(const char *site, int pred, enum bar_mode mode, const char *what)
{
    struct worker *w = engine_self();
    if (w && w->cur && w->cur->ring)
        sched_ring_flush(w, w->cur); /* a thread at another barrier, or grid.sync() */
    struct sthread *t = sched_current(w);
    if (!t) {
        fprintf(stderr, "simt: error: %s called outside a kernel at %s — barriers synchronize "
                        "the threads of a block and exist only in device code\n", what, site);
        return pred;
    }
    struct block *b = w->cur;
    hook_barrier_arrive(b, site);
    sched_count_sync(b, t);
    if (b->bar_arrived == 0) {
        b->bar_site = site;
        b->bar_first = t;
        b->bar_stray = NULL;
        b->bar_count = 0;
    } else if (!b->bar_stray && !same_site(site, b->bar_site)) {
        b->bar_stray = t;
        b->bar_stray_site = site;
    }
    b->bar_count += pred != 0;
    if (mode == BAR_GRID)
        b->bar_grid = 1;
    unsigned n = ++b->bar_arrived;
    int count;
    if (n == b->live && (mode != BAR_GRID || gridbar_block_arrived(w, b))) {
        if (checks_sync(b))
            exited_before(w, b, 0);
        count = b->bar_count;
        if (mode != BAR_GRID)
            release(w, b, n == b->nthreads ? t : NULL);
    } else {
        unsigned gen = b->bar_gen;
        engine_park_unkeyed(t, &b->waiters, site);
        count = b->bar_results[gen & 1].count;
        n = b->bar_results[gen & 1].total;
    }
    return result(mode, count, n);
}

void barrier_thread_exited(struct worker *w, struct block *b)
{
    if (b->bar_arrived && b->bar_arrived == b->live) {
        if (checks_sync(b))
            exited_before(w, b, 1);
        if (!b->bar_grid)
            barrier_release(w, b);
        else
            gridbar_block_arrived(w, b);
    }
}

/* cooperative_groups::this_grid().sync() */
void simt_grid_sync(const char *site)
{
    struct worker *w = engine_self();
    struct sthread *t = sched_current(w);
    if (t && !w->cur->grid->cooperative) {
        struct engine_failure f = {
            cudaErrorLaunchFailure, "grid.sync()", WHO_THREAD, NULL, 0, site,
            ", but the grid was not launched cooperatively: its blocks need not be resident "
            "together, so the grid cannot synchronize — launch it with "
            "cudaLaunchCooperativeKernel"};
        engine_fail_with(&f);
    }
    arrive(site, 0, BAR_GRID, "grid.sync()");
}

int simt_grid_is_cooperative(void)
{
    struct worker *w = engine_self();
    return w && w->cur && w->cur->grid->cooperative;
}

void barrier_deadlock(struct worker *w, struct block *b)
{
    char tail[768];
    int len = snprintf(tail, sizeof tail,
                       ": all %u live threads are blocked and none can release the others",
                       b->live);
    for (unsigned i = 0; i < b->nthreads && len < (int)sizeof tail - 120; i++) {
        struct sthread *t = &b->threads[i];
        if (sched_started(b, i) && sched_is_parked(b, t) && t->state == TS_BLOCKED) {
            len += snprintf(tail + len, sizeof tail - (size_t)len,
                            "; thread (%u,%u,%u) waits at %s", t->tid.x, t->tid.y, t->tid.z,
                            t->wait_site ? t->wait_site : "?");
            break;
        }
    }
    snprintf(tail + len, sizeof tail - (size_t)len,
             " — make every thread reach the same barriers and collectives");
    (void)w;
    struct engine_failure f = {cudaErrorLaunchFailure, "deadlock", WHO_BLOCK, NULL, 0, NULL, tail};
    engine_fail_with(&f);
}

/* x86-64: simt_syncthreads is fiber_x86_64.S's, which calls this and
 * returns by jmp (why there). */
#if defined(__x86_64__)
void simt__syncthreads_body(const char *site) __attribute__((visibility("hidden")));
void simt__syncthreads_body(const char *site)
#else
void simt_syncthreads(const char *site)
#endif
{
    arrive(site, 0, BAR_PLAIN, "__syncthreads");
}

int simt_syncthreads_count(int predicate, const char *site)
{
    return arrive(site, predicate, BAR_COUNT, "__syncthreads_count");
}

int simt_syncthreads_and(int predicate, const char *site)
{
    return arrive(site, predicate, BAR_AND, "__syncthreads_and");
}

int simt_syncthreads_or(int predicate, const char *site)
{
    return arrive(site, predicate, BAR_OR, "__syncthreads_or");
}
