/*
 * sched.c: running a block's CUDA threads on one worker.
 *
 * The scheduler loop runs on whatever fiber is current.  It starts the
 * next unstarted thread as a plain call; when a thread blocks, the fiber it
 * runs on stays with it and a spare fiber takes the loop over.  Released
 * threads go on the ready list and resume in FIFO order when the running
 * thread blocks or exits, so a kernel with barriers costs one switch per
 * thread per barrier and a kernel without costs none.
 *
 * It is the only writer of a thread's scheduling state: primitives park
 * and wake threads through engine_park and engine_wake* (engine/sync.h),
 * and threads that poll memory go through engine_poll_* below.
 *
 * Invariant: a fiber is in exactly one place: running (w->current), idle
 * (w->idle, parked inside this loop), or holding a parked thread of the
 * running block (blocked or ready, stamped with the block's generation).
 */
#include <assert.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/base.h"
#include "check/hooks.h"
#include "engine/engine.h"
#include "engine/cluster.h"
#include "engine/explore.h"
#include "engine/fault.h"
#include "engine/gridsync.h"
#include "engine/ring.h"
#include "engine/shared.h"
#include "engine/tier.h"
#include "engine/sync.h"
#include "engine/warp.h"
#include "engine/watchdog.h"
#include "simt/core/device.h"

static void fiber_main(void *arg);

/* A fiber whose stack must be reset once we have left it (see leave()). */
SIMT_TLS struct fiber *sched__reset_pending;
SIMT_TLS struct block *sched__ring_block;

void sched_after_switch(struct worker *w)
{
    struct fiber *f = sched__reset_pending;
    if (f) {
        sched__reset_pending = NULL;
        fiber_reset(f, fiber_main, w);
        if (w->fault.pending) {
            /* The faulting thread's fiber becomes the next escape. */
            w->escape = f;
            w->fault.pending = 0;
            if (w->cur && w->cur->fiber_retry == 2 && w->fault.sig != 0) {
                /* A compiled block function does not know which thread
                 * faulted: the block runs again on the fiber tier
                 * (nothing of it has exited yet), which faults again and
                 * reports the thread.  The grid fails either way. */
                w->cur->fiber_retry = 1;
                return; /* f is the escape fiber now, not an idle one */
            }
            fault_report(w);
        }
        f->next = w->idle;
        w->idle = f;
    }
}

/* Makes b the block whose threads run: its built-in variables and shared
 * memory. */
void sched_enter_block(struct worker *w, struct block *b)
{
    if (w->cur) {
        w->cur->next_thread = simt__run.next;
        w->cur->live -= simt__run.exited;
        simt__run.exited = 0;
    }
    w->cur = b;
    simt__run.next = b->next_thread;
    builtins_set_block(b->grid, b->idx);
    shared_block_enter(b);
}

/* Leaves the running fiber, its context saved at *save, for `to`, whose
 * context is at to_sp: a fiber that holds a parked thread keeps its stack
 * pointer in the thread's record (the record is what the ready list
 * reaches, so resuming one loads no line of the fiber's own), an idle one
 * in the fiber (struct fiber's sp). */
static inline __attribute__((always_inline)) void switch_save(struct worker *w, void **save,
                                                              struct fiber *to, void *to_sp,
                                                              struct sthread *thr)
{
    struct fiber *from = w->current;
    assert(from != to && thr == to->thr);
    w->current = to;
    simt__run.events++;
    if (thr) {
        if (thr->blk != w->cur)
            sched_enter_block(w, thr->blk);
        builtins_set_thread(thr->tid);
    }
    hook_switch_begin(from, to);
    simt_fiber_switch(save, to_sp);
    hook_switch_end(from, 0);
    if (__builtin_expect(sched__reset_pending != NULL, 0))
        sched_after_switch(w);
}

/* To an idle fiber (no thread): the one the loop runs on next. */
static inline __attribute__((always_inline)) void switch_to(struct worker *w, struct fiber *to)
{
    switch_save(w, &w->current->sp, to, to->sp, NULL);
}

/* From the running fiber, its thread parked (hold()), to another. */
static inline __attribute__((always_inline)) void park_to(struct worker *w, struct sthread *self,
                                                          struct fiber *to, struct sthread *next)
{
    switch_save(w, &self->sp, to, next ? next->sp : to->sp, next);
}

static void fiber_main(void *arg)
{
    struct worker *w = arg;
    hook_switch_end(w->current, 1);
    sched_after_switch(w);
    sched_loop(w);
}

static struct fiber *spare_fiber(struct worker *w)
{
    struct fiber *f = w->idle;
    if (f) {
        w->idle = f->next;
        f->next = NULL;
        return f;
    }
    f = fiber_create(w->stack_size, fiber_main, w);
    if (!f) {
        fprintf(stderr, "simt: error: out of memory for a fiber stack of %zu bytes on worker %d"
                        " — lower SIMT_STACK_SIZE or the block size\n",
                w->stack_size, w->id);
        abort();
    }
    return f;
}

/* Leaves the current fiber for good: its stack is dropped. */
static void leave(struct worker *w) __attribute__((noreturn));
static void leave(struct worker *w)
{
    struct fiber *next = spare_fiber(w);
    sched__reset_pending = w->current;
    switch_to(w, next);
    abort(); /* unreachable: the fiber was reset */
}

/* The one step by which a parked thread is woken (engine_wake,
 * engine_wake_all, engine_wake_if): where a race detector draws the edge
 * from the running thread to t. */
static inline void woken(struct sthread *t)
{
    t->state = TS_READY;
}

/* Appends the list head..tail, already woken, to w's ready list. */
static inline void ready_append(struct worker *w, struct sthread *head, struct sthread *tail)
{
    tail->next = NULL;
    if (w->ready_tail)
        w->ready_tail->next = head;
    else
        w->ready = head;
    w->ready_tail = tail;
}

static void ready_push(struct worker *w, struct sthread *t)
{
    woken(t);
    ready_append(w, t, t);
}

/* The next ready thread, leaving the parked list: it is about to run.
 * (Schedule exploration shuffles what a barrier wakes as it wakes it,
 * engine_wake_all, not here: this runs once per thread per barrier.) */
static struct sthread *ready_pop(struct worker *w)
{
    struct sthread *t = w->ready;
    assert(t && t->state == TS_READY);
    w->ready = t->next;
    if (!w->ready)
        w->ready_tail = NULL;
    t->next = NULL;
    t->state = TS_RUNNING;
    return t;
}

/* Writes the ring of the running block, if it runs in one, back into the
 * lists and records: before anything parks, wakes, exits or reads them. */
static inline void ring_check(struct worker *w)
{
    struct block *b = w->cur;
    if (__builtin_expect(b && b->ring, 0))
        sched_ring_flush(w, b);
}

/* Whether t still waits: parked, in the generation of the block its record
 * serves (not left behind by an abandoned block). */
static inline int waiting(const struct sthread *t)
{
    return t->state == TS_BLOCKED && t->gen == t->blk->gen;
}

void engine_wake(struct sthread *t)
{
    ring_check(engine__self);
    assert(waiting(t)); /* sync.h: no thread of an abandoned block */
    ready_push(engine__self, t);
}

void engine_wake_all(struct waitq *q)
{
    struct worker *w = engine__self;
    ring_check(w);
    struct sthread *head = q->head, *tail = q->tail;
    if (!head)
        return;
    q->head = q->tail = NULL;
    if (__builtin_expect(explore_mode == EXPLORE_RANDOM, 0))
        head = explore_wake_order(head->blk, head, &tail);
    for (struct sthread *t = head;; t = t->next) {
        assert(waiting(t));
        woken(t);
        if (t == tail)
            break;
    }
    ready_append(w, head, tail);
}

/* The states are set walking the array, whose lines the hardware
 * prefetches, not following the list: that is a dependent load per
 * thread, a thousand per barrier.  The list's order stays the wake order. */
void engine_wake_all_but(struct waitq *q, struct sthread *threads, unsigned n,
                         const struct sthread *running)
{
    struct worker *w = engine__self;
    ring_check(w);
    struct sthread *head = q->head, *tail = q->tail;
    if (!head || __builtin_expect(explore_mode == EXPLORE_RANDOM, 0)) {
        engine_wake_all(q);
        return;
    }
    q->head = q->tail = NULL;
    for (unsigned i = 0; i < n; i++) {
        struct sthread *t = &threads[i];
        if (t != running) {
            assert(waiting(t));
            woken(t);
        }
    }
    ready_append(w, head, tail);
}

void engine_wake_lanes(struct sthread *lanes, unsigned mask)
{
    struct worker *w = engine__self;
    ring_check(w);
    if (__builtin_expect(explore_mode == EXPLORE_RANDOM, 0)) {
        struct waitq q = {0};
        for (; mask; mask &= mask - 1)
            waitq_add(&q, &lanes[__builtin_ctz(mask)]);
        engine_wake_all(&q);
        return;
    }
    struct sthread *head = NULL, *tail = NULL;
    for (; mask; mask &= mask - 1) {
        struct sthread *t = &lanes[__builtin_ctz(mask)];
        assert(waiting(t));
        woken(t);
        if (tail)
            tail->next = t;
        else
            head = t;
        tail = t;
    }
    if (head)
        ready_append(w, head, tail);
}

unsigned engine_wake_if(struct waitq *q, int (*pick)(uintptr_t key, const void *arg),
                        const void *arg, unsigned max)
{
    struct worker *w = engine__self;
    ring_check(w);
    struct sthread **p = &q->head, *last = NULL;
    unsigned n = 0;
    while (*p && n < max) {
        struct sthread *t = *p;
        int stale = !waiting(t);
        if (stale || pick(t->wait_key, arg)) {
            *p = t->next;
            if (!stale) {
                ready_push(w, t);
                n++;
            }
            continue;
        }
        last = t;
        p = &t->next;
    }
    if (!*p)
        q->tail = last;
    return n;
}

/* Gives t's stack to it: from now on t lives on the current fiber. */
static void hold(struct worker *w, struct sthread *t)
{
    struct fiber *self = w->current;
    if (self->thr == t)
        return; /* it parked before: nothing of this has changed */
    t->tid = simt__thread_idx;
    t->fiber = self;
    t->gen = w->cur->gen;
    t->blk = w->cur;
    self->thr = t;
}

/* The first `lines` cache lines of parked thread t's stack from its
 * saved pointer, where its resumption pops and returns (none if t is
 * NULL): on their way while other threads run before it. */
static inline void prefetch_stack(const struct sthread *t, int lines)
{
    if (!t)
        return;
    const char *sp = t->sp;
    for (int l = 0; l < lines; l++)
        __builtin_prefetch(sp + 64 * l);
}

/* Parks the running thread t (hold() gives it the current fiber) and runs
 * something else: a ready thread, or the loop on a spare fiber. */
static void block_current(struct worker *w, struct sthread *t)
{
    hold(w, t);
    struct block *b = w->cur;
    if (b->amask_waiters) {
        unsigned id = (unsigned)(t - b->threads);
        if (b->warps[id / 32].amask_waiting)
            warp_thread_blocked(w, b, id);
    }
    if (w->ready) {
        struct sthread *n = ready_pop(w);
        /* The thread after n resumes at n's next park: the line of its
         * stack the switch pops first comes in meanwhile (a thousand
         * parked threads' stacks do not stay cached; prefetching more
         * lines, or two threads ahead, measured slower on an earlier
         * VM and the same on the 2026-12-07 one: docs/PERFORMANCE.md). */
        prefetch_stack(w->ready, 1);
        park_to(w, t, n->fiber, n);
    } else {
        park_to(w, t, spare_fiber(w), NULL);
    }
}

/* The one way a thread parks (engine_park links it into its list first):
 * where a race detector notes what t waits for and a schedule explorer
 * picks who runs next. */
void sched_park(struct worker *w, struct sthread *t, const char *site)
{
    assert(t && w->cur);
    ring_check(w);
    t->state = TS_BLOCKED;
    t->wait_site = site;
    /* A thread that starts waiting for others (at a barrier, mostly) is
     * working, however long its block runs between barriers: the
     * watchdog counts it (watchdog.h). */
    watchdog_progress(w);
    block_current(w, t);
}

void sched_yield_current(struct worker *w)
{
    struct sthread *t = sched_current(w);
    if (!t)
        return;
    ring_check(w);
    watchdog_point(w);
    struct block *b = w->cur;
    struct sthread *n = NULL;
    struct fiber *next;
    /* Unstarted threads first: threads that spin, yielding, for one that
     * has not started yet would otherwise only ever resume each other. */
    if (b->next_thread < b->nthreads) {
        next = spare_fiber(w);
    } else if (w->ready) {
        n = ready_pop(w);
        next = n->fiber;
    } else {
        return;
    }
    hold(w, t);
    ready_push(w, t);
    park_to(w, t, next, n);
}

void engine_yield(void)
{
    sched_yield_current(engine__self);
}

/* ---- polling ------------------------------------------------------------------ */

/* Whether a thread that has not started yet could run on w. */
static int unstarted(const struct worker *w)
{
    for (const struct block *b = w->resident; b; b = b->next)
        if (b->next_thread < b->nthreads)
            return 1;
    return 0;
}

int engine_unstarted(void)
{
    struct worker *w = engine__self;
    if (!w)
        return 0;
    sched_current(w); /* brings w->cur's counts up to date */
    ring_check(w);
    return unstarted(w);
}

int engine_has_ready(void)
{
    struct worker *w = engine__self;
    if (!w)
        return 0;
    ring_check(w);
    return w->ready != NULL;
}

/* Threads polling memory that other threads change (a barrier outside
 * shared memory, an atomic wait).  sched_yield_current resumes ready
 * threads before it starts new ones, so two pollers would pass the worker
 * back and forth for ever while the thread they wait for has not started.
 * While threads remain to start, a poller that is not the only one steps
 * aside: it is parked until no thread is left to start or no other poller
 * is polling.  The counts are those of one block (the last that polled). */
static SIMT_TLS unsigned pollers;          /* polling and not parked */
static SIMT_TLS struct waitq parked = {NULL, NULL, 1};
static SIMT_TLS const struct block *poll_block;
static SIMT_TLS unsigned poll_gen;

static int any(uintptr_t key, const void *arg)
{
    (void)key;
    (void)arg;
    return 1;
}

static void wake_parked(void)
{
    pollers += engine_wake_if(&parked, any, NULL, ~0u);
}

int engine_poll_begin(void)
{
    struct worker *w = engine__self;
    if (!sched_current(w))
        return 0;
    if (poll_block != w->cur || poll_gen != w->cur->gen) {
        /* Counts of a block that is over (it may have been aborted). */
        poll_block = w->cur;
        poll_gen = w->cur->gen;
        pollers = 0;
        parked.head = parked.tail = NULL;
    }
    pollers++;
    return 1;
}

void engine_poll_end(int counted)
{
    if (!counted)
        return;
    if (pollers)
        pollers--;
    if (!pollers && parked.head)
        wake_parked();
}

void engine_poll_pause(unsigned *spins, const char *site)
{
    struct worker *w = engine__self;
    struct sthread *t = sched_current(w);
    if (t) {
        ring_check(w);
        watchdog_point_at(w, site);
        int starting = unstarted(w);
        if (parked.head && !starting)
            wake_parked();
        if (starting && pollers > 1) {
            pollers--;
            engine_park(t, &parked, site, 0);
            return;
        }
        if (w->ready || w->cur->next_thread < w->cur->nthreads) {
            sched_yield_current(w); /* switches: another thread runs first */
            return;
        }
    }
    /* What the thread waits for is another block's or the host's doing
     * (perhaps a grid held back for the host: engine.c). */
    unsigned n = ++*spins;
    if ((n & 63) == 0)
        engine_release_due();
    if (n < 64) {
        simt__relax();
    } else if (n < 256) {
        sched_yield();
    } else {
        struct timespec ts = {0, n < 4096 ? 1000 : 50000};
        nanosleep(&ts, NULL);
    }
}

/* A round of a loop that waits for another thread: simt-kc puts the call
 * at the top of each round of such a loop (src/compiler/kc_spin.c), with
 * the loop's count, 0 where the loop is entered.  A GPU runs the thread
 * the loop waits for meanwhile; here, every SPIN_EVERY rounds (a loop
 * that only checks a flag as it works runs on between), lanes of its
 * warp that wait at a lockstep point (or an __activemask) for it go on,
 * as a GPU runs them while this lane has diverged, and the round is a
 * poll of the engine's (engine_poll_pause: the block's other threads run,
 * or the wait backs off, a round counting for SPIN_EVERY). */
#define SPIN_EVERY 16

void simt_spin(unsigned *spins, const char *site)
{
    if (++*spins % SPIN_EVERY)
        return;
    struct worker *w = engine__self;
    struct sthread *t = sched_current(w);
    /* kc_scan.c keeps such loops off the compiled tier, whose block
     * function cannot switch threads. */
    assert(!t || w->cur->fiber_retry != 2);
    if (t && w->cur->amask_waiters)
        warp_thread_blocked(w, w->cur, (unsigned)(t - w->cur->threads));
    unsigned rounds = *spins / SPIN_EVERY - 1;
    engine_poll_pause(&rounds, site);
}

unsigned engine_poll_repeats(struct sthread *t, const void *obj, uint64_t seen)
{
    /* A barrier of the block passed meanwhile is progress too. */
    seen = (seen ^ (uint64_t)engine__self->cur->bar_gen << 52) | 1;
    if (t->poll_obj == obj && t->poll_seen == seen)
        return ++t->poll_count;
    t->poll_obj = obj;
    t->poll_seen = seen;
    return t->poll_count = 1;
}

int engine_stamp_resident(struct engine_stamp s)
{
    if (s.blk->gen != s.gen)
        return 0;
    for (const struct block *b = engine__self->resident; b; b = b->next)
        if (b == s.blk)
            return 1;
    return 0;
}

/* The running thread (id) ended; wakes what waited for it to arrive. */
static void thread_exited(struct worker *w, struct block *b, unsigned id)
{
    w->current->thr = NULL;
    if (b->warp_pending)
        warp_thread_exited(w, b, id);
    if (b->cluster)
        cluster_thread_exited(w, b);
    if (b->bar_arrived)
        barrier_thread_exited(w, b);
}

/* ---- the ring ------------------------------------------------------------------ */

int sched_ring_start(struct worker *w, struct block *b, unsigned kind, struct sthread *first,
                     unsigned n, struct sthread *running, const char *site)
{
    assert(w->cur == b && !b->ring && running >= first && running < first + n);
    if (b->cluster || b->exit_hook || b->order || b->grid->cooperative ||
        explore_mode != EXPLORE_OFF || hook_checking())
        return 0;
    /* The running thread may never have parked: it takes its fiber now,
     * so the thread before it in the ring can switch to it. */
    hold(w, running);
    assert(b->owner == w);
    /* Each thread's list link names the one after it in the ring (no
     * thread of the range is on a list meanwhile). */
    for (unsigned i = 0; i + 1 < n; i++)
        first[i].next = &first[i + 1];
    first[n - 1].next = first;
    b->ring = kind;
    if (kind == RING_BLOCK)
        sched__ring_block = b;
    b->ring_first = first;
    b->ring_end = first + n;
    b->ring_run = running;
    b->ring_passed = 0;
    b->ring_prev_site = site;
    return 1;
}

/* In the ring, with r running and a threads arrived at the current
 * generation: r-a .. r-1 (modulo the range) wait there, in that order of
 * arrival, on the barrier's list (a collective's wait on none); r+1 ..
 * r-a-1 were released by the generation before and resume in that
 * order, after the threads outside the ring that were ready already.
 * Each thread passed every generation the ring completed, and those
 * waiting one more. */
void sched_ring_flush(struct worker *w, struct block *b)
{
    assert(b->ring && w->cur == b);
    struct sthread *first = b->ring_first, *run = b->ring_run;
    unsigned n = (unsigned)(b->ring_end - first), r = (unsigned)(run - first), a = 0;
    const char *site = NULL;
    struct waitq *q = NULL;
    if (b->ring == RING_BLOCK) {
        a = b->bar_arrived;
        site = b->bar_site;
        q = &b->waiters;
    } else {
        const struct warp *wp = &b->warps[b->ring_warp];
        if (wp->ncoll) {
            a = simt__popcount32(wp->coll[0].arrived);
            site = wp->coll[0].site;
        }
    }
    b->ring = RING_NONE;
    sched__ring_block = NULL;
    unsigned passed = b->ring_passed;
    run->state = TS_RUNNING;
    run->syncs += passed;
    for (unsigned k = a; k >= 1; k--) {
        struct sthread *t = &first[(r + n - k) % n];
        t->state = TS_BLOCKED;
        t->wait_site = site;
        t->syncs += passed + 1;
        if (q)
            waitq_push(q, t);
    }
    for (unsigned k = 1; k < n - a; k++) {
        struct sthread *t = &first[(r + k) % n];
        t->wait_site = b->ring_prev_site;
        t->syncs += passed;
        ready_push(w, t);
    }
}

void sched_escape_fault(struct worker *w)
{
    /* No allocation in a signal handler: the worker keeps a fiber for
     * this (see sched_worker_init). */
    ring_check(w);
    struct fiber *next = w->escape;
    w->escape = NULL;
    w->fault.pending = 1;
    sched__reset_pending = w->current;
    switch_to(w, next);
    abort(); /* unreachable: the fiber was reset */
}

void sched_worker_init(struct worker *w)
{
    w->escape = fiber_create(w->stack_size, fiber_main, w);
    if (!w->escape) {
        fprintf(stderr, "simt: error: cannot allocate a fiber stack for worker %d\n", w->id);
        abort();
    }
}

/* A guest's fibers hold no thread between two waits, only frames of this
 * loop, which may have kept the address of a thread-local variable of the
 * host thread that ran them last: each run starts them afresh, so a guest
 * record can serve any host thread. */
void sched_guest_run(struct worker *w)
{
    assert(w->guest && !w->resident && !w->ready);
    for (struct fiber *f = w->idle; f; f = f->next)
        fiber_reset(f, fiber_main, w);
    struct fiber *f = spare_fiber(w);
    w->main.thr = NULL;
    hook_fiber_adopt(&w->main);
    w->current = f;
    hook_switch_begin(&w->main, f);
    simt_fiber_switch(&w->main.sp, f->sp);
    hook_switch_end(&w->main, 0);
}

void sched_guest_leave(struct worker *w)
{
    struct fiber *self = w->current;
    assert(w->guest && !w->resident && !w->cur);
    self->thr = NULL;
    self->next = w->idle;
    w->idle = self;
    w->current = &w->main;
    hook_switch_begin(self, &w->main);
    simt_fiber_switch(&self->sp, w->main.sp);
    abort(); /* unreachable: the next run resets this fiber */
}

void sched_exit_current(struct worker *w)
{
    struct sthread *t = sched_current(w);
    ring_check(w);
    w->cur->live--;
    thread_exited(w, w->cur, (unsigned)(t - w->cur->threads));
    leave(w);
}

void engine_exit(void)
{
    sched_exit_current(engine__self);
}

static void unlink_resident(struct worker *w, struct block *b)
{
    for (struct block **p = &w->resident; *p; p = &(*p)->next) {
        if (*p == b) {
            *p = b->next;
            break;
        }
    }
}

static void free_record(struct worker *w, struct block *b)
{
    b->next = w->free_blocks;
    w->free_blocks = b;
}

/* b is over (finished or abandoned): it leaves the worker.  A cluster's
 * records stay until the whole cluster is over (their shared memory may
 * still be named by the others). */
static void block_over(struct worker *w, struct block *b)
{
    struct grid *g = b->grid;
    b->live = 0;
    watchdog_block_over(w);
    unlink_resident(w, b);
    if (w->cur == b) {
        b->next_thread = simt__run.next;
        simt__run.exited = 0;
        w->cur = NULL;
        /* No kernel runs here now: the math functions of simt/lang/math.hpp
         * tell kernels from host code (callbacks) by gridDim.x. */
        simt__grid_dim.x = 0;
    }
    shared_block_end(w);
    struct cluster *c = b->cluster;
    if (!c) {
        free_record(w, b);
    } else if (cluster_block_finished(w, b)) {
        for (unsigned r = 0; r < c->nblocks; r++)
            free_record(w, c->blocks[r]);
        engine_free_cluster(w, c);
    }
    if (g->gridbar)
        gridbar_block_finished(g, b);
    engine_block_done(w, g);
}

void sched_abort_block(struct worker *w)
{
    sched_current(w);
    ring_check(w);
    struct block *b = w->cur;
    for (unsigned i = 0; i < b->nthreads; i++) {
        struct sthread *t = &b->threads[i];
        if (sched_started(b, i) && sched_is_parked(b, t)) {
            t->state = TS_EXITED;
            if (t->fiber != w->current) {
                fiber_reset(t->fiber, fiber_main, w);
                t->fiber->next = w->idle;
                w->idle = t->fiber;
            }
        }
    }
    /* Other resident blocks keep their ready threads. */
    struct sthread **p = &w->ready;
    w->ready_tail = NULL;
    while (*p) {
        if ((*p)->blk == b) {
            *p = (*p)->next;
        } else {
            w->ready_tail = *p;
            p = &(*p)->next;
        }
    }
    block_over(w, b);
    leave(w);
}

/* Runs unstarted threads of b as plain calls, one after another, until
 * none is left or one of them blocked (then the state others changed
 * must be re-read: back to the scheduler loop).  This is the hot path of
 * every kernel: it writes threadIdx and the next thread's index, nothing
 * else, and keeps its state in locals. */
/* The thread that just returned on this fiber: threadIdx still holds it
 * (it is restored on every switch back). */
static unsigned t_index_of(struct worker *w, struct block *b)
{
    return (unsigned)(sched_current(w) - b->threads);
}

static void run_threads(struct worker *w, struct block *b)
{
    struct grid *g = b->grid;
    simt_run *r = &simt__run;
    r->end = b->nthreads;
    r->bx = g->block_dim.x;
    r->by = g->block_dim.y;
    /* Events that need every exit seen: threads waiting for the others
     * (barrier, collectives) or per-thread counts (clusters). */
    r->notify = (b->bar_arrived | b->warp_pending | (unsigned)b->exit_hook) != 0;
    int compiled = 0;
    if (g->block && r->next == b->x0 && !b->fiber_retry) {
        /* The compiled tier: every thread of the block (or of its part),
         * barriers included, in one call that never parks (or none, if it
         * declines). */
        simt__kc_declined = 0;
        simt__kc_x0 = b->x0;
        simt__kc_x1 = b->nthreads;
        b->fiber_retry = 2; /* running compiled: a fault reruns it (after_switch) */
        int timed = tier_isa_enter(g, b);
        long long t0 = timed ? simt__now_ns() : 0;
        g->block(g->args);
        if (timed)
            tier_isa_leave(g, timed, simt__now_ns() - t0);
        b->fiber_retry = 0;
        compiled = !simt__kc_declined;
        if (compiled) {
            r->next = r->end;
            r->exited += r->end - b->x0;
        }
    }
    if (!compiled && g->range) {
        g->range(g->args);
    } else if (!compiled && b->order) {
        /* Schedule exploration: the next thread in the block's order, then
         * back to the scheduler loop, which picks what runs next. */
        unsigned id = b->order[r->next];
        unsigned bx = r->bx, by = r->by;
        builtins_set_thread_xyz(id % bx, (id / bx) % by, id / (bx * by));
        r->next++;
        g->fn(g->args);
        r->exited++;
    } else if (!compiled) {
        simt_thread_fn fn = g->fn;
        void *args = g->args;
        unsigned bx = r->bx, by = r->by, n = r->end;
        unsigned i = r->next;
        unsigned x = i, y = 0, z = 0;
        if (by != 1 || g->block_dim.z != 1 || i >= bx) {
            x = i % bx;
            y = (i / bx) % by;
            z = i / (bx * by);
        }
        while (i < n) {
            builtins_set_thread_xyz(x, y, z);
            r->next = ++i;
            if (++x == bx) {
                x = 0;
                if (++y == by) {
                    y = 0;
                    z++;
                }
            }
            unsigned long before = r->events;
            fn(args);
            r->exited++;
            if (__builtin_expect((r->events != before) | r->notify, 0))
                break;
        }
    }
    /* Back on this fiber, the running block is b again (a thread of b
     * returned), and simt__run.next is b's. */
    if (b->ring)
        sched_ring_flush(w, b);
    b->next_thread = r->next;
    unsigned exited = r->exited;
    r->exited = 0;
    if (exited) {
        b->live -= exited;
        /* A compiled block waits for nothing: nothing to wake. */
        if (!compiled || b->warp_pending || b->cluster || b->bar_arrived)
            thread_exited(w, b, t_index_of(w, b));
        else
            w->current->thr = NULL;
    }
}

/* A resident block with threads not started yet, other than b. */
static struct block *startable(struct worker *w)
{
    sched_current(w); /* brings w->cur's counts up to date */
    for (struct block *o = w->resident; o; o = o->next)
        if (o->next_thread < o->nthreads)
            return o;
    return NULL;
}

void sched_loop(struct worker *w)
{
    for (;;) {
        struct block *b = w->cur;
        if (b && b->ring)
            sched_ring_flush(w, b);
        if (b && simt__run.next < b->nthreads &&
            !(explore_mode == EXPLORE_RANDOM && w->ready && explore_below(b, 2))) {
            run_threads(w, b);
        } else if (b && b->live == 0) {
            /* Before resuming others: they may belong to other blocks. */
            block_over(w, b);
        } else if (w->ready) {
            struct sthread *t = ready_pop(w);
            /* The stack of the thread two after t: the lines its resumption
             * pops and returns through (the switch's, the park's and the
             * barrier's frames) come in while t and the next run.  A
             * block's threads resume here one after another once its first
             * barrier released them, each running from the barrier to its
             * exit (1,024-thread blocks, one __syncthreads, one worker on
             * the development VM: 92.6-99.5 -> 70.0-74.4 ns a thread;
             * two lines or one thread ahead 72-80). */
            const struct sthread *after = w->ready;
            prefetch_stack(after && after->next ? after->next : after, 4);
            struct fiber *self = w->current;
            self->thr = NULL;
            self->next = w->idle;
            w->idle = self;
            switch_save(w, &self->sp, t->fiber, t->sp, t);
        } else if (w->resident) {
            /* Nothing of the current block can run: another resident block,
             * blocks other workers handed back, or more blocks of a
             * cooperative grid. */
            engine_drain_inbox(w);
            if (w->ready)
                continue;
            struct block *o = startable(w);
            if (o) {
                sched_enter_block(w, o);
                continue;
            }
            for (o = w->resident; o; o = o->next)
                if (!o->waits_outside)
                    break;
            if (o) {
                /* Its live threads are all blocked, waiting for each other,
                 * unless a timed wait gives up. */
                if (engine_run_stall_hooks(w))
                    continue;
                sched_enter_block(w, o);
                /* A block of a grid that failed already (a cluster's
                 * block waits for one aborted after a fault or a
                 * timeout): abandoned, with no report of its own. */
                if (atomic_load_explicit(&o->grid->error, memory_order_relaxed))
                    sched_abort_block(w);
                barrier_deadlock(w, o);
            }
            if (!engine_claim_more(w))
                engine_wait_inbox(w);
        } else {
            engine_find_work(w);
        }
    }
}
