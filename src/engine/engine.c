/*
 * engine.c: the worker pool and the queue of runnable work.
 *
 * Grids whose blocks are not all claimed sit on the active list; host-side
 * tasks (copies, callbacks) on the task list.  A worker runs a task, or
 * claims the next block of a grid with one atomic increment.  Idle workers
 * spin for a short while on the count of queued work before sleeping on
 * that word (a futex), so back-to-back launches do not pay an OS wake-up
 * each, and a submission makes a system call only while some sleep.
 *
 * Host threads that wait for a grid run its blocks themselves as guests
 * (engine_help): a guest record is a worker that is no OS thread of its
 * own, which a host thread takes from a pool at its first wait and gives
 * back as it exits.  A guest takes no work ahead of what the workers
 * take first (guest_pick): only the oldest grid with blocks to claim, and
 * none while a task submitted before it is queued or running.
 */
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/base.h"
#include "check/hooks.h"
#include "engine/engine.h"
#include "engine/explore.h"
#include "engine/fault.h"
#include "engine/gridsync.h"
#include "engine/kstate.h"
#include "engine/shared.h"
#include "engine/warp.h"
#include "engine/watchdog.h"
#include "trace/worker.h"

#define OFFER_SLOTS 64
/* Offers pay where workers queue on the lock: a launch of 34 small blocks
 * took 15.6 us through the lock and 12.5 with offers at 8 workers, 13.3
 * and 12.7 at 4 (the GPU machine's CPU), 6.6 and 7.4 at 2 (the 2-core
 * development VM, whose two workers never queued). */
#define OFFER_MIN_WORKERS 4
/* Threads of the engine's own that may run tasks at once while every
 * worker is stuck in one (resident.c starts them). */
#define SPARE_TASKS 16

static struct {
    pthread_once_t once;
    int started;
    int nworkers;
    int ncpu;                 /* the CPUs this process may run on */
    struct worker *workers;
    /* What the spinning workers read, apart from what the submitting
     * thread writes under the lock: a line they share costs each of its
     * writes a round of invalidations on every spinning core.  The held
     * grids' count, which a launch held for its host thread writes twice,
     * on a line of its own that the spinners read one round in eight. */
    _Alignas(64) atomic_int work; /* active grids + queued tasks; the sleepers' futex */
    atomic_int sleepers;      /* workers asleep on `work` */
    _Alignas(64) atomic_int held; /* grids on the active list held back for a guest */
    atomic_llong held_ns;     /* when the oldest of them was submitted */
    _Alignas(64) pthread_mutex_t lock;
    struct grid *active, *active_tail;
    struct task *tasks, *tasks_tail;
    unsigned long long seq;   /* grids and tasks submitted so far */
    atomic_int tasks_running; /* tasks taken and not finished */
    atomic_ullong host_task;  /* the task a waiting host thread runs (engine_run_own_task) */
    /* Tasks run by threads of the engine's own while the workers are
     * stuck in others (engine_run_stuck_tasks); 0: a free slot. */
    atomic_ullong spare_task[SPARE_TASKS];
    long spin_ns;
    int guests;               /* host threads that wait run blocks (SIMT_GUEST) */
    pthread_mutex_t guest_lock;
    struct worker *guest_pool;
    struct worker *guest_all;  /* every guest record made (never freed) */
    /* The newest grid offered to the spinning workers (offer_take):
     * its sequence number in the high half, its tickets left in the low
     * half; each ticket a reference to it taken at submission. */
    _Alignas(64) atomic_ullong offer;
    _Alignas(64) struct grid *_Atomic offer_grid[OFFER_SLOTS];
    unsigned offer_seq;       /* under lock */
} E = {.once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER,
       .guest_lock = PTHREAD_MUTEX_INITIALIZER};

SIMT_TLS struct worker *engine__self;

static engine_stall_hook stall_hooks[4];
static int nstall_hooks;

void engine_add_stall_hook(engine_stall_hook hook)
{
    for (int i = 0; i < nstall_hooks; i++)
        if (stall_hooks[i] == hook)
            return;
    if (nstall_hooks < 4)
        stall_hooks[nstall_hooks++] = hook;
}

unsigned engine_run_stall_hooks(struct worker *w)
{
    unsigned n = 0;
    for (int i = 0; i < nstall_hooks; i++)
        n += stall_hooks[i](w);
    return n;
}

struct sthread *engine_thread(void)
{
    return sched_current(engine__self);
}

int engine_workers(void)
{
    engine_start();
    return E.nworkers;
}

/* The sleepers' side of `work`: a worker sleeps only while it reads 0, and
 * a submission that raised it wakes them only if some announced sleep.
 * Both sides write their own word before reading the other's (sequentially
 * consistent), so a wake-up is never missed. */
static void release_held_locked(void);

static void work_sleep(void)
{
    /* Under the lock: a host thread holds a grid back only while some
     * worker is awake to let it go (engine_submit_grid). */
    pthread_mutex_lock(&E.lock);
    if (atomic_load_explicit(&E.held, memory_order_relaxed))
        release_held_locked();
    atomic_fetch_add(&E.sleepers, 1);
    pthread_mutex_unlock(&E.lock);
    while (atomic_load(&E.work) == 0)
        syscall(SYS_futex, &E.work, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
    atomic_fetch_sub(&E.sleepers, 1);
}

static void work_wake(int n)
{
    if (atomic_load(&E.sleepers))
        syscall(SYS_futex, &E.work, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}

/* A block record: reused from the worker's free list or made with its
 * thread records, warps and shared memory. */
static struct block *block_record(struct worker *w)
{
    struct block *b = w->free_blocks;
    if (b) {
        w->free_blocks = b->next;
        return b;
    }
    b = calloc(1, sizeof *b);
    if (b) {
        /* Mapped: zero, page aligned (a thread's hot fields are one
         * cache line), and touched only as threads use them.  A compiled
         * block uses none; cleared here, the 128 KiB were 32 page faults
         * in every worker's start (docs/PERFORMANCE.md). */
        void *t = mmap(NULL, 1024 * sizeof *b->threads, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        b->threads = t == MAP_FAILED ? NULL : t;
        b->warps = calloc(32, sizeof *b->warps);
    }
    if (!b || !b->threads || !b->warps || shared_block_init(b) != 0) {
        fprintf(stderr, "simt: error: out of memory for a block on worker %d\n", w->id);
        abort();
    }
    return b;
}

/* A worker's first block record (thread records, shared arena: page
 * faults and a mapping) is made when the worker starts, with the rest of
 * the device's set-up, not in the first launch, where every worker made
 * its own at once and they queued on the process's memory map (Xeon, 16
 * workers: PolyBench adi's first kernel started its parts 150 to 490 us
 * after the launch). */
static void prewarm(struct worker *w)
{
    struct block *b = block_record(w);
    b->next = w->free_blocks;
    w->free_blocks = b;
}

static struct block *start_block(struct worker *w, struct grid *g, unsigned long long i)
{
    struct block *b = block_record(w);
    b->grid = g;
    b->owner = w;
    b->cluster = NULL;
    b->rank = 0;
    b->waits_outside = 0;
    b->exit_hook = 0;
    b->bar_grid = 0;
    b->grid_syncs = 0;
    unsigned x0 = 0, x1 = g->nthreads;
    if (g->split > 1) {
        /* Unit i is a part of block i / split: split_x threads of x (the
         * grid's blocks are one row, engine_submit_grid). */
        x0 = (unsigned)(i % g->split) * g->split_x;
        x1 = x0 + g->split_x < g->nthreads ? x0 + g->split_x : g->nthreads;
        i /= g->split;
    }
    b->linear = i;
    grid_block_index(g, i, &b->idx);
    b->x0 = x0;
    b->nthreads = x1;
    b->next_thread = x0;
    b->fiber_retry = 0;
    b->live = x1 - x0;
    b->bar_arrived = 0;
    b->bar_count = 0;
    b->bar_stray = NULL;
    b->waiters = (struct waitq){0};
    b->ring = 0;
    b->gen++;
    watchdog_block_started(w, g);
    trace_block_start(g);
    if (explore_mode)
        explore_block_start(b);
    warp_block_begin(b, b->warps);
    shared_block_start(b);
    b->next = w->resident;
    w->resident = b;
    return b;
}

/* Starts unit u of g: one block, or every block of a cluster (ranks in
 * x-fastest order), resident together. */
static void start_unit(struct worker *w, struct grid *g, unsigned long long u)
{
    if (g->unit_blocks == 1) {
        sched_enter_block(w, start_block(w, g, u));
        return;
    }
    struct cluster *c = w->free_clusters;
    if (c)
        w->free_clusters = c->next;
    else if (!(c = calloc(1, sizeof *c))) {
        fprintf(stderr, "simt: error: out of memory for a cluster on worker %d\n", w->id);
        abort();
    }
    const unsigned *cd = g->cluster_dim;
    unsigned long long gx = g->grid_dim.x, gy = g->grid_dim.y;
    unsigned long long cgx = gx / cd[0], cgy = gy / cd[1];
    unsigned long long cx = u % cgx, cy = (u / cgx) % cgy, cz = u / (cgx * cgy);
    c->grid = g;
    c->nblocks = g->unit_blocks;
    c->finished = 0;
    c->arrived = 0;
    c->phase = 0;
    c->live = g->unit_blocks * g->nthreads;
    c->waiters = (struct waitq){0};
    for (unsigned r = 0; r < c->nblocks; r++) {
        unsigned long long bx = cx * cd[0] + r % cd[0];
        unsigned long long by = cy * cd[1] + (r / cd[0]) % cd[1];
        unsigned long long bz = cz * cd[2] + r / (cd[0] * cd[1]);
        struct block *b = start_block(w, g, bx + gx * (by + gy * bz));
        b->cluster = c;
        b->rank = r;
        b->exit_hook = 1;
        c->blocks[r] = b;
    }
    sched_enter_block(w, c->blocks[0]);
}

void engine_free_cluster(struct worker *w, struct cluster *c)
{
    c->next = w->free_clusters;
    w->free_clusters = c;
}

void engine_block_done(struct worker *w, struct grid *g)
{
    trace_block_done();
    if (g == w->grid && (g->chunk > 1 || g->parts) && !w->guest)
        w->done_pending++;
    else
        grid_block_done(g, 1);
}

/* Claims one block of w's current grid; 0 when the grid has none left.
 * Compiled plain grids are claimed in runs (g->chunk units an atomic
 * operation), and their finished blocks counted once a run is over: with
 * many workers, one shared counter per block was most of a small block's
 * cost.  A guest (a waiting host thread) claims one at a time: it may
 * leave before a run would be over. */
static int claim_from(struct grid_part *p, unsigned long long k, unsigned long long *first,
                      unsigned long long *end)
{
    if (atomic_load_explicit(&p->next, memory_order_relaxed) >= p->end)
        return 0;
    unsigned long long i = atomic_fetch_add_explicit(&p->next, k, memory_order_relaxed);
    if (i >= p->end)
        return 0;
    *first = i;
    *end = i + k < p->end ? i + k : p->end;
    return 1;
}

static void unlink_held(struct grid *g);

/* The next k units of g for w, [*first, *end); 0 when none is left.  A
 * worker starts with its own part, so that a grid launched again and again
 * (a stencil's sweeps) gives each worker the same blocks, whose data its
 * caches still hold, as a static OpenMP schedule does; then it takes from
 * the others' parts, which balances the end.  A guest only takes. */
static int claim_units(struct worker *w, struct grid *g, unsigned long long k,
                       unsigned long long *first, unsigned long long *end)
{
    if (!g->parts) {
        if (k > 1) {
            /* One worker's runs from a grid it shares with guests: at
             * most half of what is left, so that the last runs shrink
             * and the two end within about a unit of each other; a whole
             * run taken last kept the worker busy while the host thread
             * had nothing left (PolyBench convolution-3d's 64-block
             * grids, runs of eight 2 us blocks).  With parts (two workers
             * or more) whole runs stay: halving there took PolyBench lu
             * from 29-32 to 31-39 ms on the 16-core Xeon, its blocks
             * being short enough that the extra claims cost more. */
            unsigned long long at = atomic_load_explicit(&g->next_block, memory_order_relaxed);
            if (at >= g->nunits)
                return 0;
            unsigned long long half = (g->nunits - at) / 2;
            k = k <= half ? k : half > 0 ? half : 1;
        }
        unsigned long long i = atomic_fetch_add_explicit(&g->next_block, k, memory_order_relaxed);
        if (i >= g->nunits)
            return 0;
        *first = i;
        *end = i + k < g->nunits ? i + k : g->nunits;
        if (*end == g->nunits && atomic_load_explicit(&g->held, memory_order_relaxed))
            unlink_held(g); /* a guest took the last unit of its held grid */
        return 1;
    }
    if (atomic_load_explicit(&g->next_block, memory_order_relaxed) >= g->nunits)
        return 0;
    unsigned n = g->nparts, home = w->guest ? 0 : (unsigned)w->id % n;
    for (unsigned j = 0; j < n; j++)
        if (claim_from(&g->parts[(home + j) % n], k, first, end))
            return 1;
    /* Every part is claimed: the list and the guests can tell it now. */
    atomic_store_explicit(&g->next_block, g->nunits, memory_order_relaxed);
    return 0;
}

/* A worker's run: its units not started stay where a thread rescuing the
 * grid can take them from the end (a block of the run may wait for
 * them, resident.c), so the worker takes its next one with a
 * compare-and-swap too, on a line no other worker writes.  A new run
 * starts only once the last is empty, with the next generation: a taker
 * whose swap succeeds read that run's base and grid (stored before the
 * run, which it loaded with acquire). */
#define RUN_NEXT(s) (((s) >> 16) & 0xffffu)
#define RUN_END(s) ((s) & 0xffffu)

static int run_take(struct worker *w, unsigned long long *i)
{
    unsigned long long s = atomic_load_explicit(&w->run, memory_order_relaxed);
    while (RUN_NEXT(s) < RUN_END(s)) {
        if (atomic_compare_exchange_weak_explicit(&w->run, &s, s + (1ull << 16),
                                                  memory_order_relaxed, memory_order_relaxed)) {
            *i = atomic_load_explicit(&w->run_base, memory_order_relaxed) + RUN_NEXT(s);
            return 1;
        }
    }
    return 0;
}

static void run_publish(struct worker *w, const struct grid *g, unsigned long long first,
                        unsigned long long end)
{
    unsigned long long gen = (atomic_load_explicit(&w->run, memory_order_relaxed) >> 32) + 1;
    atomic_store_explicit(&w->run_base, first, memory_order_relaxed);
    atomic_store_explicit(&w->run_grid, g, memory_order_relaxed);
    atomic_store_explicit(&w->run, gen << 32 | (end - first), memory_order_release);
}

/* A rescuing thread: the last unit of a worker's run of g. */
static int run_steal(const struct grid *g, unsigned long long *i)
{
    for (int k = 0; k < E.nworkers; k++) {
        struct worker *w = &E.workers[k];
        unsigned long long s = atomic_load_explicit(&w->run, memory_order_acquire);
        while (RUN_NEXT(s) < RUN_END(s)) {
            unsigned long long base = atomic_load_explicit(&w->run_base, memory_order_relaxed);
            if (atomic_load_explicit(&w->run_grid, memory_order_relaxed) != g)
                break;
            if (atomic_compare_exchange_weak_explicit(&w->run, &s, s - 1, memory_order_acquire,
                                                      memory_order_acquire)) {
                *i = base + RUN_END(s) - 1;
                return 1;
            }
        }
    }
    return 0;
}

unsigned long long engine_units_pending(const struct grid *g)
{
    unsigned long long n = 0;
    for (int k = 0; k < E.nworkers; k++) {
        struct worker *w = &E.workers[k];
        unsigned long long s = atomic_load_explicit(&w->run, memory_order_acquire);
        if (RUN_NEXT(s) < RUN_END(s) && atomic_load_explicit(&w->run_grid, memory_order_relaxed) == g)
            n += RUN_END(s) - RUN_NEXT(s);
    }
    return n;
}

static SIMT_TLS int rescuing; /* this thread is one of resident.c's */
static void offer_revoke(struct grid *g);

static void done_flush(struct worker *w, struct grid *g)
{
    unsigned long long n = w->done_pending;
    w->done_pending = 0;
    grid_block_done(g, n);
}

static int claim_block(struct worker *w)
{
    struct grid *g = w->grid;
    unsigned long long i;
    if (w->chunk_next < w->chunk_end) {
        i = w->chunk_next++; /* a guest's unit of a held grid */
    } else if (!w->guest && run_take(w, &i)) {
        /* the worker's run */
    } else {
        /* Runs count their blocks as each is over; units claimed one at a
         * time from a worker's own part, once its claims fail. */
        if (w->done_pending && g->chunk > 1)
            done_flush(w, g);
        unsigned long long end;
        if (claim_units(w, g, w->guest ? 1 : g->chunk, &i, &end)) {
            if (!w->guest)
                run_publish(w, g, i + 1, end);
        } else if (!(rescuing && run_steal(g, &i))) {
            if (w->done_pending)
                done_flush(w, g);
            w->chunk_next = w->chunk_end = 0;
            w->grid = NULL;
            offer_revoke(g);
            grid_unref(g);
            return 0;
        }
    }
    if (atomic_load_explicit(&g->error, memory_order_relaxed)) {
        if (g->gridbar)
            for (unsigned k = 0; k < g->unit_blocks; k++)
                gridbar_block_finished(g, NULL);
        grid_block_done(g, g->unit_blocks);
        return 1;
    }
    start_unit(w, g, explore_mode ? explore_unit(g, i) : i);
    return 1;
}

int engine_claim_more(struct worker *w)
{
    return w->grid && w->grid->cooperative && claim_block(w);
}

/* Takes the first queued task off the list, as running under *running
 * (a worker's task_seq, or the host's slot); called with E.lock held.
 * Under the lock: guest_pick sees the task queued or running, never
 * neither, until it is over (engine_task_over). */
static struct task *pop_task_locked(atomic_ullong *running)
{
    struct task *t = E.tasks;
    E.tasks = t->next;
    if (!E.tasks)
        E.tasks_tail = NULL;
    atomic_store_explicit(&t->queued, 0, memory_order_relaxed);
    if (t->hidden)
        t->hidden = 0;
    else
        atomic_fetch_sub(&E.work, 1);
    atomic_store_explicit(running, t->seq, memory_order_relaxed);
    atomic_fetch_add(&E.tasks_running, 1);
    return t;
}

/* Takes the next task or grid off the lists; called with E.lock held. */
static struct task *take_locked(struct worker *w)
{
    /* A hidden task is its host's, and those behind it wait their turn. */
    if (E.tasks && !E.tasks->hidden)
        return pop_task_locked(&w->task_seq);
    struct grid *prev = NULL;
    while (prev ? prev->next : E.active) {
        struct grid *g = prev ? prev->next : E.active;
        if (atomic_load_explicit(&g->held, memory_order_relaxed)) {
            prev = g; /* a guest's to take, or let go later */
            continue;
        }
        if (prev)
            prev->next = g->next;
        else
            E.active = g->next;
        if (E.active_tail == g)
            E.active_tail = prev;
        if (atomic_load_explicit(&g->next_block, memory_order_relaxed) >= g->nunits) {
            atomic_fetch_sub(&E.work, 1);
            grid_unref(g); /* the list's reference */
            continue;
        }
        grid_ref(g);
        w->grid = g;
        if (g->nunits - atomic_load_explicit(&g->next_block, memory_order_relaxed) <= g->chunk) {
            /* This worker's first claim takes what is left: the grid
             * leaves the list now, so that the idle workers see no work
             * and go back to reading `work` instead of queueing on the
             * lock (a small launch otherwise costs every spinning worker
             * a turn at it). */
            atomic_fetch_sub(&E.work, 1);
            grid_unref(g); /* the list's reference */
            return NULL;
        }
        /* Round robin: other workers start on the next grid, so grids of
         * different streams run side by side. */
        g->next = NULL;
        if (E.active_tail)
            E.active_tail->next = g;
        else
            E.active = g;
        E.active_tail = g;
        return NULL;
    }
    return NULL;
}

static void guest_find_work(struct worker *w);
static void guest_prewarm(void);

/* Small grids a host thread launches are held back from the workers for
 * a few microseconds: a host thread that synchronizes next (most do, after
 * a small launch) runs the grid itself as a guest, with no cache line
 * crossing to another core and back (engine_help), where a worker that
 * took it would cost the launch a few microseconds of handoffs on a
 * many-core machine.  A held grid stays on the active list, where guests
 * look, but out of `work`, so that spinning workers do not queue on the
 * lock for it.  It is let go to the workers when it has waited HOLD_NS
 * (a spinning worker or a polling thread looks), when anything else is
 * submitted, when the waiting host thread waits for something else, and
 * before the last awake worker sleeps: a grid is never held while no worker would
 * let it go. */
#define HOLD_NS 4000
#define HOLD_UNITS 8

static void release_held_locked(void)
{
    int n = 0;
    for (struct grid *g = E.active; g; g = g->next) {
        if (atomic_load_explicit(&g->held, memory_order_relaxed)) {
            atomic_store_explicit(&g->held, 0, memory_order_relaxed);
            n++;
        }
    }
    atomic_fetch_sub(&E.held, n);
    atomic_fetch_add(&E.work, n);
}

int engine_has_work(void)
{
    return atomic_load_explicit(&E.work, memory_order_acquire) > 0 ||
           atomic_load_explicit(&E.held, memory_order_acquire) > 0;
}

void engine_release_held(void)
{
    if (!atomic_load_explicit(&E.held, memory_order_relaxed))
        return;
    pthread_mutex_lock(&E.lock);
    if (atomic_load_explicit(&E.held, memory_order_relaxed))
        release_held_locked();
    pthread_mutex_unlock(&E.lock);
}

/* Lets held grids go once the oldest has waited long enough. */
void engine_release_due(void)
{
    if (atomic_load_explicit(&E.held, memory_order_relaxed) &&
        simt__now_ns() - atomic_load_explicit(&E.held_ns, memory_order_relaxed) >= HOLD_NS)
        engine_release_held();
}

/* Up to HOLD_UNITS units: eight blocks of 256 threads (PolyBench
 * jacobi-1d's 2,048 threads, 20,000 launches) cost a launch and
 * synchronize 1.3 us held, 5 us given to the workers (the development VM,
 * two workers).  Never a grid claimed in parts: take_held claims from the
 * grid's one counter.  Never a grid whose blocks were split for the
 * workers (split_blocks): held, its parts ran one after another on the
 * host thread (PolyBench adi's first kernels, 2 blocks in 8 parts of 64
 * threads, each thread a loop of 512 steps, took 375 us on the GPU
 * machine instead of ~50). */
static int hold_for_guest(const struct grid *g)
{
    return !engine__self && E.guests && !explore_mode && g->unit_blocks == 1 && g->split == 1 &&
           !g->cooperative && g->nunits <= HOLD_UNITS && !g->parts &&
           atomic_load_explicit(&E.sleepers, memory_order_relaxed) < E.nworkers;
}

/* A grid that every worker may join, offered where the spinning workers
 * look without a lock: each of them took E.lock in turn to find a new
 * grid on the active list, and on the GPU machine's 16 cores the last of
 * them started a microsecond per worker after the first (Rodinia cfd's
 * small kernels ran 40 us, most of it the workers' start).  A ticket
 * taken with one compare-and-swap is a reference to the grid, made at
 * submission; the list stays as it was for every other path.  Called
 * with E.lock held. */
static void offer_locked(struct grid *g)
{
    unsigned long long tickets = (unsigned long long)E.nworkers;
    if (g->nunits < tickets)
        tickets = g->nunits;
    atomic_fetch_add_explicit(&g->refs, (int)tickets, memory_order_relaxed);
    unsigned seq = ++E.offer_seq;
    g->offer_seq = seq;
    atomic_store_explicit(&E.offer_grid[seq % OFFER_SLOTS], g, memory_order_relaxed);
    unsigned long long was =
        atomic_exchange_explicit(&E.offer, (unsigned long long)seq << 32 | tickets, memory_order_acq_rel);
    /* The last offer's slot (another than seq's): its tickets nobody took. */
    struct grid *old = atomic_load_explicit(&E.offer_grid[(was >> 32) % OFFER_SLOTS], memory_order_relaxed);
    for (unsigned left = (unsigned)was; left; left--)
        grid_unref(old);
}

/* g has no unit left to claim: the tickets not taken go back, so that
 * the grid is freed when its last worker is done with it. */
static void offer_revoke(struct grid *g)
{
    unsigned long long o = atomic_load_explicit(&E.offer, memory_order_relaxed);
    while (g->offer_seq && (unsigned)(o >> 32) == g->offer_seq && (unsigned)o) {
        if (atomic_compare_exchange_weak_explicit(&E.offer, &o, o >> 32 << 32, memory_order_relaxed,
                                                  memory_order_relaxed)) {
            for (unsigned left = (unsigned)o; left; left--)
                grid_unref(g); /* not the last: the caller holds one */
            return;
        }
    }
}

/* A ticket of the offered grid for w (which has none): 1 and w->grid set,
 * or 0.  The grid is read before the swap: a swap that succeeds saw the
 * same sequence number, whose slot is written again only 64 offers on. */
static int offer_take(struct worker *w)
{
    unsigned long long o = atomic_load_explicit(&E.offer, memory_order_acquire);
    while ((unsigned)o) {
        struct grid *g = atomic_load_explicit(&E.offer_grid[(o >> 32) % OFFER_SLOTS], memory_order_relaxed);
        if (atomic_compare_exchange_weak_explicit(&E.offer, &o, o - 1, memory_order_acquire,
                                                  memory_order_acquire)) {
            w->grid = g;
            return 1;
        }
    }
    return 0;
}

void engine_find_work(struct worker *w)
{
    if (w->guest) {
        guest_find_work(w);
        return;
    }
    if (w->grid && claim_block(w))
        return;
    trace_worker_idle(); /* nothing more of its grid: its track's slice ends */
    long deadline = 0;
    long long held_seen = atomic_load_explicit(&E.held_ns, memory_order_relaxed);
    unsigned rounds = 0;
    for (;;) {
        if (!w->grid && offer_take(w)) {
            if (claim_block(w))
                return;
            continue;
        }
        if (atomic_load_explicit(&E.work, memory_order_acquire) > 0) {
            /* Many idle workers see new work at once; one takes the lock,
             * the others keep spinning rather than queue on it. */
            if (pthread_mutex_trylock(&E.lock) != 0) {
                simt__relax();
                continue;
            }
            struct task *t = take_locked(w);
            pthread_mutex_unlock(&E.lock);
            if (t) {
                /* Host work (copies, host functions) is not a kernel,
                 * even next to a suspended block: gridDim.x says which
                 * (simt/lang/math.hpp); the block's entry sets it again. */
                dim3 gd = simt__grid_dim;
                simt__grid_dim.x = 0;
                t->run(t); /* t may be freed now */
                simt__grid_dim = gd;
                engine_task_over();
                return;
            }
            if (w->grid && claim_block(w))
                return;
            continue;
        }
        if (!deadline)
            deadline = simt__now_ns() + E.spin_ns;
        /* The clock is read every 64 pauses, as the work was before: a
         * read is a fifth of a round's time on the Xeon (perf). */
        if ((rounds & 7) != 0 || simt__now_ns() < deadline) {
            /* Eight pauses between looks: a pause takes about 140 cycles
             * on Intel cores since Skylake-SP, and the 64 of earlier
             * stops kept a new grid from a spinning worker for up to 4
             * us on the GPU machine's 2.1 GHz Xeon. */
            for (int i = 0; i < 8; i++)
                simt__relax();
            /* With a worker on every core, a host thread that launches and
             * synchronizes is one thread too many: spinning workers step
             * aside now and then, or it waits for a time slice at each
             * launch (PolyBench jacobi-1d, 40,000 launches, took minutes
             * on 16 cores).  Held grids are looked at as rarely: every
             * 512 pauses, as before. */
            if ((++rounds & 63) == 0) {
                engine_release_due();
                /* A host thread that keeps launching grids it runs itself
                 * keeps the workers awake, where they have cores of their
                 * own: asleep, they made it no longer hold its launches,
                 * and the next paid a wake-up and a handoff. */
                long long h = atomic_load_explicit(&E.held_ns, memory_order_relaxed);
                if (h != held_seen && E.nworkers < E.ncpu) {
                    held_seen = h;
                    deadline = simt__now_ns() + E.spin_ns;
                }
                sched_yield();
            }
            continue;
        }
        engine_release_due();
        work_sleep();
        deadline = 0;
    }
}

/* Gives each of n workers an equal range of g's units (see claim_units);
 * without memory for it, g is claimed from one counter. */
static void split_units(struct grid *g, unsigned n)
{
    struct grid_part *parts = aligned_alloc(_Alignof(struct grid_part), n * sizeof *parts);
    if (!parts)
        return;
    for (unsigned p = 0; p < n; p++) {
        atomic_init(&parts[p].next, g->nunits * p / n);
        parts[p].end = g->nunits * (p + 1) / n;
    }
    g->parts = parts;
    g->nparts = n;
}

/* g's blocks in parts of x threads of x, one unit each. */
static void split_at(struct grid *g, unsigned x)
{
    g->split_x = x;
    g->split = (g->block_dim.x + x - 1) / x;
    g->nunits = g->nblocks * g->split;
    g->split_t0 = simt__now_ns();
}

/* A compiled grid of few blocks for the workers, whose threads are apart
 * (no barriers, collectives or shared memory): each block becomes parts
 * of whole warps of x, one unit each, where that evens out the workers'
 * rounds: fewer blocks than workers leave workers idle (a GPU runs a
 * block's warps on all the lanes of an SM), and Rodinia cfd's 34 blocks
 * on 16 workers take three rounds where 2.1 would do.  The parts are as
 * many as make the grid's time least, counted in rounds of units of a
 * part's work; a split that gains less than a tenth is not made.  One-row
 * blocks of two warps or more only. */
static void split_blocks(struct grid *g)
{
    g->split = 1;
    g->split_x = g->nthreads;
    /* A host thread that synchronizes runs units too (engine_help): with
     * it, PolyBench adi's 2 blocks of 256 threads, each thread a chain of
     * 511 dependent divisions, went in 16 parts to 15 workers and the host
     * in one round, not in 8 parts (0.28 ms to the GPU machine's 15
     * workers).  A host thread that does not wait costs that a second
     * round of parts half the size: the same time.  Not where the
     * workers have every core already. */
    unsigned long long nw = (unsigned long long)E.nworkers + (E.guests && E.nworkers < E.ncpu);
    if (!g->block || !g->apart || g->unit_blocks != 1 || g->cooperative || g->dyn_shmem ||
        g->block_dim.y != 1 || g->block_dim.z != 1 || g->nblocks >= 4 * nw || g->block_dim.x < 64 ||
        nw < 2 || (g->ks && __atomic_load_n(&g->ks->split_short, __ATOMIC_RELAXED)) ||
        hook_checking()) /* the checker keeps one block's records on one worker */
        return;
    /* The answer depends on three small numbers: a kernel launched with
     * the same ones again reuses it (a block of 1,024 threads costs the
     * search 32 divisions a launch). */
    struct simt_kernel_state *ks = nw < 2048 ? g->ks : NULL; /* the key: 11 bits of each */
    unsigned long long key = (g->nblocks << 22 | (unsigned long long)g->block_dim.x << 11 | nw) << 7 | 1;
    unsigned long long memo = ks ? __atomic_load_n(&ks->split_memo, __ATOMIC_RELAXED) : 0;
    if ((memo & 1) && memo >> 7 == key >> 7) {
        unsigned x = (unsigned)(memo >> 1 & 63) * 32;
        if (x)
            split_at(g, x);
        return;
    }
    unsigned warps = (g->block_dim.x + 31) / 32;
    /* time(parts) = rounds(nblocks * parts) / parts, in blocks' work */
    double whole = (double)((g->nblocks + nw - 1) / nw), best = whole;
    unsigned per_best = warps;
    for (unsigned per = warps; per >= 1; per--) {
        unsigned parts = (warps + per - 1) / per;
        unsigned long long units = g->nblocks * parts;
        double t = (double)((units + nw - 1) / nw) * per / warps;
        if (t < 0.97 * best) { /* more parts cost more: only for a gain */
            best = t;
            per_best = per;
        }
    }
    int split = best <= 0.9 * whole;
    if (ks)
        __atomic_store_n(&ks->split_memo, key | (unsigned long long)(split ? per_best : 0) << 1,
                         __ATOMIC_RELAXED);
    if (split)
        split_at(g, per_best * 32);
}

/* A split grid that was over within SPLIT_SHORT_NS of its submission
 * (waking the workers is most of that) would have run as fast whole, as
 * the launches of PolyBench's adi do (two blocks, a microsecond of work,
 * a thousand times): the kernel's later launches stay whole. */
#define SPLIT_SHORT_NS 10000

void engine_split_done(struct grid *g)
{
    if (g->ks && simt__now_ns() - g->split_t0 < SPLIT_SHORT_NS)
        __atomic_store_n(&g->ks->split_short, 1, __ATOMIC_RELAXED);
}

/* A compiled plain grid of at least as many blocks as workers and a few
 * units a worker (under eight, so claimed one at a time): in per-worker
 * parts all the same, so that each worker claims its own units on a line of
 * its own and gets the same ones at every launch, as a static OpenMP
 * schedule does, rather than every worker taking each unit from one shared
 * counter (Rodinia cfd's 102 units of 64 threads on the GPU machine's 15
 * workers: claim_block and grid_block_done were a quarter of its samples).
 * Their completions are counted once a worker's claims run out
 * (engine_block_done).  Not a grid of fewer blocks than workers, split into
 * parts for them: its units are long and may be unequal (PolyBench
 * correlation's two blocks, whose threads run triangular loops, in 60 units
 * at 15 workers), and ranges per worker left correlation and covariance
 * slower on the GPU machine when tried on 3 December. */
static int static_parts(const struct grid *g)
{
    return E.nworkers >= OFFER_MIN_WORKERS && g->block && g->unit_blocks == 1 && !g->cooperative &&
           !explore_mode && g->nblocks >= (unsigned)E.nworkers && g->nunits > HOLD_UNITS &&
           g->nunits >= 2ull * (unsigned)E.nworkers;
}

void engine_submit_grid(struct grid *g)
{
    engine_start();
    g->next = NULL;
    g->chunk = 1;
    if (explore_mode) {
        /* One CUDA thread at a time, so that the scheduler picks. */
        g->block = NULL;
        g->range = NULL;
    }
    if (g->block && g->unit_blocks == 1 && !g->cooperative) {
        /* About eight runs per worker, for balance at the end. */
        unsigned long long k = g->nunits / ((unsigned long long)E.nworkers * 8);
        g->chunk = k < 1 ? 1 : k > 64 ? 64 : k;
    }
    split_blocks(g);
    g->parts = NULL;
    g->nparts = 0;
    if (E.nworkers > 1 && (g->chunk > 1 || static_parts(g)))
        split_units(g, (unsigned)E.nworkers);
    /* The completion reference and the active list's (and resident.c's
     * below, while it looks at the grid). */
    unsigned long long rescue = resident_watched(g) ? resident_wanted(g, E.nworkers) : 0;
    atomic_store_explicit(&g->refs, 2 + (rescue > 0), memory_order_relaxed);
    /* Read before the grid is published: once it is, a worker may run it
     * to completion and free it. */
    int wake = g->nunits < INT_MAX ? (int)g->nunits : INT_MAX;
    pthread_mutex_lock(&E.lock);
    g->seq = ++E.seq;
    /* What was held waits no longer: the workers run it in order. */
    if (atomic_load_explicit(&E.held, memory_order_relaxed))
        release_held_locked();
    atomic_store_explicit(&g->held, hold_for_guest(g), memory_order_relaxed);
    if (E.active_tail)
        E.active_tail->next = g;
    else
        E.active = g;
    E.active_tail = g;
    if (atomic_load_explicit(&g->held, memory_order_relaxed)) {
        atomic_store_explicit(&E.held_ns, simt__now_ns(), memory_order_relaxed);
        atomic_fetch_add(&E.held, 1);
        wake = 0;
    } else {
        atomic_fetch_add(&E.work, 1);
        if (E.nworkers >= OFFER_MIN_WORKERS && g->block && g->unit_blocks == 1 && !g->cooperative &&
            g->nunits > 1 && !explore_mode)
            offer_locked(g);
    }
    pthread_mutex_unlock(&E.lock);
    if (wake)
        work_wake(wake);
    if (rescue) {
        resident_submitted(g, rescue);
        grid_unref(g);
    }
}

void engine_submit_task(struct task *t)
{
    engine_start();
    t->next = NULL;
    pthread_mutex_lock(&E.lock);
    t->seq = ++E.seq;
    atomic_store(&t->queued, 1);
    if (atomic_load_explicit(&E.held, memory_order_relaxed))
        release_held_locked();
    if (E.tasks_tail)
        E.tasks_tail->next = t;
    else
        E.tasks = t;
    E.tasks_tail = t;
    /* Read after `queued` is raised; see engine_poll_own_task. */
    int hidden = t->hidden = atomic_load(&t->host_polls);
    if (!hidden)
        atomic_fetch_add(&E.work, 1);
    pthread_mutex_unlock(&E.lock);
    if (!hidden) /* once queued, t may be run and freed */
        work_wake(1);
}

/* A host thread that copies synchronously waits for its copy's task and
 * runs it itself (engine_run_own_task).  Such a task is queued hidden:
 * out of `work`, so that neither a sleeping worker is woken for it (a
 * system call of a microsecond or more on the host's own path) nor a
 * spinning one takes it (a worker that took it made the host wait for
 * the copy's cache lines to cross cores and back: Rodinia myocyte, a
 * copy out after each of 9,269 small kernels, ran at 10.8 us a step on
 * 16 cores against 3.7 on two).  The submission reads host_polls after
 * raising `queued`, the host clears host_polls before reading `queued`
 * (sequentially consistent, so one of the two sees the other); a host
 * that stops polling for a queued task makes it visible under the lock. */
void engine_poll_own_task(struct task *t, int polls)
{
    if (polls && (engine__self || !E.guests || explore_mode))
        return; /* engine_run_own_task would not run it */
    atomic_store(&t->host_polls, polls);
    if (polls || !atomic_load(&t->queued))
        return;
    pthread_mutex_lock(&E.lock);
    int shown = atomic_load_explicit(&t->queued, memory_order_relaxed) && t->hidden;
    if (shown) {
        t->hidden = 0;
        atomic_fetch_add(&E.work, 1);
    }
    pthread_mutex_unlock(&E.lock);
    if (shown)
        work_wake(1);
}

/* Where the running task of a thread that is not a worker is noted: the
 * host's slot (engine_run_own_task) or a spare one (engine_run_stuck_tasks). */
static SIMT_TLS atomic_ullong *task_slot;

void engine_task_over(void)
{
    struct worker *w = engine__self;
    atomic_ullong *seq = w ? &w->task_seq : task_slot;
    if (!seq || !atomic_load_explicit(seq, memory_order_relaxed))
        return;
    /* Release: what the task wrote is seen by a guest that sees it over. */
    atomic_store_explicit(seq, 0, memory_order_release);
    atomic_fetch_sub_explicit(&E.tasks_running, 1, memory_order_release);
}

/* Runs t, taken under the slot, on this thread. */
static void run_taken(struct task *t, atomic_ullong *slot)
{
    task_slot = slot;
    t->run(t); /* t may be freed now */
    engine_task_over();
    task_slot = NULL;
}

int engine_run_own_task(struct task *t)
{
    if (engine__self || !atomic_load_explicit(&t->queued, memory_order_relaxed) || !E.guests ||
        explore_mode)
        return 0;
    pthread_mutex_lock(&E.lock);
    /* The first queued task only: tasks run in submission order.  One
     * host thread at a time (guest_pick reads one slot). */
    int mine = E.tasks == t && !atomic_load_explicit(&E.host_task, memory_order_relaxed);
    if (mine)
        pop_task_locked(&E.host_task);
    pthread_mutex_unlock(&E.lock);
    if (mine)
        run_taken(t, &E.host_task);
    return mine;
}

unsigned long long engine_task_waiting(void)
{
    pthread_mutex_lock(&E.lock);
    unsigned long long seq = E.tasks && !E.tasks->hidden ? E.tasks->seq : 0;
    pthread_mutex_unlock(&E.lock);
    return seq;
}

unsigned engine_run_stuck_tasks(void)
{
    unsigned ran = 0;
    for (;;) {
        struct task *t = NULL;
        atomic_ullong *slot = NULL;
        pthread_mutex_lock(&E.lock);
        for (int i = 0; i < SPARE_TASKS && E.tasks && !E.tasks->hidden && !slot; i++)
            if (!atomic_load_explicit(&E.spare_task[i], memory_order_relaxed))
                slot = &E.spare_task[i];
        if (slot)
            t = pop_task_locked(slot);
        pthread_mutex_unlock(&E.lock);
        if (!t)
            return ran;
        run_taken(t, slot);
        ran++;
    }
}

static void first_fiber(void *arg)
{
    struct worker *w = arg;
    hook_switch_end(w->current, 1);
    sched_loop(w);
}

static void spawn_worker(int i);

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    engine__self = w;
    w->os = pthread_self();
    /* Workers start in a tree, each starting two more before its own
     * set-up (spawn_worker). */
    spawn_worker(2 * w->id + 1);
    spawn_worker(2 * w->id + 2);
    pthread_mutex_init(&w->inbox_lock, NULL);
    pthread_cond_init(&w->inbox_cv, NULL);
    w->main.thr = NULL;
    hook_fiber_adopt(&w->main);
    fault_worker_init(w);
    sched_worker_init(w);
    prewarm(w);
    w->current = &w->main;
    struct fiber *f = fiber_create(w->stack_size, first_fiber, w);
    if (!f) {
        fprintf(stderr, "simt: error: cannot allocate a fiber stack for worker %d\n", w->id);
        abort();
    }
    w->current = f;
    hook_switch_begin(&w->main, f);
    simt_fiber_switch(&w->main.sp, f->sp);
    return NULL; /* never: workers live as long as the process */
}

static int env_int(const char *name, int fallback)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return fallback;
    char *end;
    long n = strtol(v, &end, 10);
    return *end || n <= 0 || n > 4096 ? fallback : (int)n;
}

int engine_spawn(void *(*fn)(void *), void *arg, int quiet, pthread_t *t)
{
    pthread_t own;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    /* Threads that run blocks block the signals a program handles itself,
     * so they land on its own threads; the synchronous faults (and the
     * watchdog's stop) stay deliverable.  Quiet ones block all. */
    sigset_t all, old;
    sigfillset(&all);
    if (!quiet) {
        sigdelset(&all, SIGSEGV);
        sigdelset(&all, SIGBUS);
        sigdelset(&all, SIGFPE);
        sigdelset(&all, SIGILL);
        sigdelset(&all, SIGTRAP);
        sigdelset(&all, SIGABRT);
        if (watchdog_on())
            sigdelset(&all, watchdog_signal());
    }
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(t ? t : &own, &attr, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
    return rc;
}

/* Worker i, if there is one.  The host thread starts worker 0, and
 * worker i workers 2i + 1 and 2i + 2: a thread's creation took about 100
 * us on the 16-core Xeon (a virtual machine), and fifteen started one
 * after another made a short program's first launch 1.7 to 5.7 ms; in a
 * tree, the longest chain is seven (docs/PERFORMANCE.md). */
static void spawn_worker(int i)
{
    if (i >= E.nworkers)
        return;
    int rc = engine_spawn(worker_main, &E.workers[i], 0, NULL);
    if (rc != 0) {
        fprintf(stderr, "simt: error: cannot start worker %d: %s\n", i, strerror(rc));
        abort();
    }
}

/* The CPUs this process may run on (taskset, a container's cpuset), not
 * the machine's: more workers than those share them. */
static long usable_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return sysconf(_SC_NPROCESSORS_ONLN);
}

static void start_once(void)
{
    /* One worker a core, but for the host thread's own core where there
     * are eight or more: a host thread that launches while every core
     * runs a worker preempts one of them, and a grid waits for the unit
     * that worker holds (on the GPU machine's 16 cores, a launch of 34
     * small blocks took 34 us with 16 workers, 22 with 15, 12 with 14;
     * Rodinia cfd 0.84-0.89 s against 0.70-0.76).  A host thread that
     * waits runs blocks itself (engine_help), so the core is not lost to
     * the kernels. */
    long ncpu = usable_cpus();
    E.ncpu = ncpu > 0 ? (int)ncpu : 1;
    int dflt = ncpu >= 8 ? (int)ncpu - 1 : ncpu > 0 ? (int)ncpu : 1;
    E.nworkers = env_int("SIMT_WORKERS", dflt);
    E.spin_ns = (long)env_int("SIMT_SPIN_US", 50) * 1000;
    const char *guests = getenv("SIMT_GUEST");
    E.guests = !(guests && guests[0] == '0');
    E.workers = calloc((size_t)E.nworkers, sizeof *E.workers);
    if (!E.workers) {
        fprintf(stderr, "simt: error: out of memory starting %d workers\n", E.nworkers);
        abort();
    }
    fault_install();
    explore_start();
    watchdog_start();
    size_t stack = fiber_stack_size();
    for (int i = 0; i < E.nworkers; i++) {
        E.workers[i].id = i;
        E.workers[i].stack_size = stack;
    }
    spawn_worker(0);
    resident_start();
    if (E.guests)
        guest_prewarm();
    __atomic_store_n(&E.started, 1, __ATOMIC_RELEASE);
}

int engine_start(void)
{
    pthread_once(&E.once, start_once);
    return 0;
}

/* ---- guests: host threads that wait run blocks ---------------------------- */

/* The submission number of the oldest task not finished (queued or
 * running), ULLONG_MAX when none; called with E.lock held.  Tasks are
 * taken in submission order, so a queued one is younger than any that
 * runs. */
static unsigned long long first_unfinished_task_locked(void)
{
    unsigned long long first = E.tasks ? E.tasks->seq : ULLONG_MAX;
    if (atomic_load_explicit(&E.tasks_running, memory_order_acquire) == 0)
        return first;
    for (int i = 0; i < E.nworkers; i++) {
        unsigned long long s = atomic_load_explicit(&E.workers[i].task_seq, memory_order_acquire);
        if (s && s < first)
            first = s;
    }
    unsigned long long h = atomic_load_explicit(&E.host_task, memory_order_acquire);
    if (h && h < first)
        first = h;
    for (int i = 0; i < SPARE_TASKS; i++) {
        unsigned long long s = atomic_load_explicit(&E.spare_task[i], memory_order_acquire);
        if (s && s < first)
            first = s;
    }
    return first;
}

/* g, held back for a guest, leaves the active list (under the lock; if
 * still held: it was claimed to its last unit). */
static void unlink_held(struct grid *g)
{
    pthread_mutex_lock(&E.lock);
    if (atomic_load_explicit(&g->held, memory_order_relaxed)) {
        struct grid **p = &E.active, *prev = NULL;
        while (*p != g) {
            prev = *p;
            p = &(*p)->next;
        }
        *p = g->next;
        if (E.active_tail == g)
            E.active_tail = prev;
        atomic_store_explicit(&g->held, 0, memory_order_relaxed);
        atomic_fetch_sub(&E.held, 1);
        grid_unref(g); /* the list's reference; the guest holds one */
    }
    pthread_mutex_unlock(&E.lock);
}

/* g, held back for a guest, is w's: w claims a unit now and the rest one
 * by one (claim_units), while g stays held: a few small blocks run on this
 * thread at once, and blocks that take long still get the workers when
 * the hold time runs out.  The last unit takes g off the list. */
static void take_held(struct worker *w, struct grid *g)
{
    unsigned long long i = atomic_fetch_add_explicit(&g->next_block, 1, memory_order_relaxed);
    if (i < g->nunits) {
        w->chunk_next = i;
        w->chunk_end = i + 1;
    }
    if (i + 1 >= g->nunits)
        unlink_held(g);
}

/* The grid a guest may run next, if its wait wants it (referenced), or
 * NULL; unlinks spent grids on the way.  wants() runs without the
 * engine's lock.
 *
 * A guest takes no work ahead of what the workers take first: the oldest
 * grid with blocks left to claim (workers stay on a grid until its blocks
 * are all claimed, and a GPU starts blocks in the order grids were
 * submitted), and none while a task submitted before it is queued or
 * running (workers take tasks first; with one worker a copy ended before
 * a later grid started).  CUDA leaves unordered streams unordered, but
 * programs rely on a GPU doing what was submitted first first: a waiting
 * host thread that ran the grid it waited for at once ran a graph launched
 * into a non-blocking stream ahead of a legacy-stream cudaMemset (or
 * kernel) submitted before it.  The search is bounded: past it, the
 * workers run everything. */
#define GUEST_SCAN 64
static struct grid *guest_pick(struct worker *w, int (*wants)(const struct grid *, const void *),
                               const void *arg)
{
    if (!engine_has_work())
        return NULL;
    pthread_mutex_lock(&E.lock);
    struct grid *first = NULL, *prev = NULL, *g = E.active;
    int n = 0;
    while (g && n++ < GUEST_SCAN) {
        struct grid *next = g->next;
        if (atomic_load_explicit(&g->next_block, memory_order_relaxed) >= g->nunits) {
            if (prev)
                prev->next = next;
            else
                E.active = next;
            if (E.active_tail == g)
                E.active_tail = prev;
            if (atomic_exchange_explicit(&g->held, 0, memory_order_relaxed))
                atomic_fetch_sub(&E.held, 1);
            else
                atomic_fetch_sub(&E.work, 1);
            grid_unref(g); /* the list's reference */
        } else {
            if (!first || g->seq < first->seq)
                first = g;
            prev = g;
        }
        g = next;
    }
    if (g || (first && (first->cooperative || first->unit_blocks != 1 ||
                        first->seq > first_unfinished_task_locked())))
        first = NULL;
    if (first)
        grid_ref(first);
    pthread_mutex_unlock(&E.lock);
    if (first && wants && !wants(first, arg)) {
        grid_unref(first);
        first = NULL;
        /* This host thread waits for something else: what it held back
         * would only wait longer. */
        engine_release_held();
    }
    if (first && atomic_load_explicit(&first->held, memory_order_relaxed))
        take_held(w, first);
    return first;
}

/* The guest's engine_find_work: a block of a wanted grid, or back to the
 * host thread once what it waits for is done or nothing is left. */
static void guest_find_work(struct worker *w)
{
    while (!w->guest_done(w->guest_arg)) {
        if (w->grid && claim_block(w))
            return;
        if (!(w->grid = guest_pick(w, w->guest_wants, w->guest_arg)))
            break;
    }
    if (w->grid) {
        grid_unref(w->grid);
        w->grid = NULL;
    }
    sched_guest_leave(w);
}

/* A host thread keeps its guest record for its life: the device modules
 * keep per-worker state in thread-local variables (mbarrier.c's waiting
 * lists, cg_core.c's scratch areas), which must stay with the blocks and
 * threads of one record.  The record goes back to the pool as the thread
 * exits, with that state. */
static pthread_key_t guest_key;
static pthread_once_t guest_once = PTHREAD_ONCE_INIT;
static SIMT_TLS struct worker *my_guest;

static void guest_release(void *p)
{
    struct worker *w = p;
    pthread_mutex_lock(&E.guest_lock);
    w->guest_next = E.guest_pool;
    E.guest_pool = w;
    pthread_mutex_unlock(&E.guest_lock);
}

static void guest_key_create(void)
{
    pthread_key_create(&guest_key, guest_release);
}

static struct worker *guest_new(void)
{
    struct worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    /* %smid and the reports name worker 0: a guest stands in for a
     * multiprocessor the device already counts. */
    w->id = 0;
    w->guest = 1;
    w->stack_size = fiber_stack_size();
    pthread_mutex_init(&w->inbox_lock, NULL);
    pthread_cond_init(&w->inbox_cv, NULL);
    sched_worker_init(w);
    pthread_mutex_lock(&E.guest_lock);
    w->guest_all = E.guest_all;
    E.guest_all = w;
    pthread_mutex_unlock(&E.guest_lock);
    return w;
}

/* The pool starts with one guest record, its block record made (see
 * prewarm), for the host thread that synchronizes first. */
static void guest_prewarm(void)
{
    struct worker *w = guest_new();
    if (!w)
        return;
    prewarm(w);
    pthread_mutex_lock(&E.guest_lock);
    w->guest_next = E.guest_pool;
    E.guest_pool = w;
    pthread_mutex_unlock(&E.guest_lock);
}

static struct worker *guest_get(void)
{
    struct worker *w = my_guest;
    if (w)
        return w;
    pthread_once(&guest_once, guest_key_create);
    pthread_mutex_lock(&E.guest_lock);
    w = E.guest_pool;
    if (w)
        E.guest_pool = w->guest_next;
    pthread_mutex_unlock(&E.guest_lock);
    if (!w)
        w = guest_new();
    if (!w)
        return NULL;
    if (pthread_setspecific(guest_key, w) != 0) {
        guest_release(w);
        return NULL;
    }
    my_guest = w;
    return w;
}

/* Faults in a guest's CUDA threads are caught on an alternate signal stack
 * as on a worker.  A host thread that has one keeps it; one that has none
 * gets one for the rest of its life (freed as it exits).  0 when none can
 * be had: the thread then runs no blocks. */
static pthread_key_t altstack_key;
static pthread_once_t altstack_once = PTHREAD_ONCE_INIT;
static SIMT_TLS int altstack_state; /* 0 unknown, 1 usable, -1 none */

static void altstack_free(void *p)
{
    stack_t ss = {.ss_flags = SS_DISABLE};
    sigaltstack(&ss, NULL);
    free(p);
}

static void altstack_key_create(void)
{
    pthread_key_create(&altstack_key, altstack_free);
}

static int guest_altstack(void)
{
    if (altstack_state)
        return altstack_state > 0;
    stack_t old;
    altstack_state = -1;
    if (sigaltstack(NULL, &old) != 0)
        return 0;
    if (!(old.ss_flags & SS_DISABLE)) {
        altstack_state = 1;
        return 1;
    }
    pthread_once(&altstack_once, altstack_key_create);
    size_t size = 256 * 1024;
    stack_t ss = {.ss_sp = malloc(size), .ss_size = size, .ss_flags = 0};
    if (!ss.ss_sp)
        return 0;
    if (sigaltstack(&ss, NULL) != 0) {
        free(ss.ss_sp);
        return 0;
    }
    pthread_setspecific(altstack_key, ss.ss_sp);
    altstack_state = 1;
    return 1;
}

static int help(int (*done)(const void *arg), int (*wants)(const struct grid *g, const void *arg),
                const void *arg);

int engine_help(int (*done)(const void *arg), int (*wants)(const struct grid *g, const void *arg),
                const void *arg)
{
    if (!E.guests)
        return done(arg);
    return help(done, wants, arg);
}

static int all_claimed(const void *arg)
{
    const struct grid *g = arg;
    return atomic_load_explicit(&g->next_block, memory_order_relaxed) >= g->nunits &&
           !engine_units_pending(g);
}

static int is_grid(const struct grid *g, const void *arg)
{
    return g == arg;
}

static void run_guest(struct worker *w, struct grid *g, int (*done)(const void *arg),
                      int (*wants)(const struct grid *g, const void *arg), const void *arg);

/* Not bound by SIMT_GUEST, which is about host threads; g may be off the
 * active list already (all claimed, some in workers' runs). */
void engine_help_grid(struct grid *g)
{
    if (engine__self || !E.started || all_claimed(g))
        return;
    struct worker *w = guest_altstack() ? guest_get() : NULL;
    if (!w)
        return;
    grid_ref(g);
    rescuing = 1;
    run_guest(w, g, all_claimed, is_grid, g);
    rescuing = 0;
}

unsigned long long engine_units_claimed(const struct grid *g)
{
    unsigned long long n = atomic_load_explicit(&g->next_block, memory_order_relaxed);
    if (n >= g->nunits)
        return g->nunits;
    if (!g->parts)
        return n;
    n = 0;
    for (unsigned p = 0; p < g->nparts; p++) {
        unsigned long long first = g->nunits * p / g->nparts; /* split_units */
        unsigned long long at = atomic_load_explicit(&g->parts[p].next, memory_order_relaxed);
        n += (at < g->parts[p].end ? at : g->parts[p].end) - first;
    }
    return n;
}

void engine_each_active(void (*fn)(struct grid *g, void *arg), void *arg)
{
    if (!__atomic_load_n(&E.started, __ATOMIC_ACQUIRE))
        return;
    pthread_mutex_lock(&E.lock);
    int n = 0;
    for (struct grid *g = E.active; g && n++ < GUEST_SCAN; g = g->next)
        fn(g, arg);
    pthread_mutex_unlock(&E.lock);
}

static int help(int (*done)(const void *arg), int (*wants)(const struct grid *g, const void *arg),
                const void *arg)
{
    if (engine__self || !E.started || !engine_has_work() || done(arg))
        return done(arg);
    struct worker *w = guest_altstack() ? guest_get() : NULL;
    if (!w) {
        engine_release_held();
        return done(arg);
    }
    /* Most calls find nothing to run (the workers took it): they end
     * here, without a switch. */
    struct grid *g = guest_pick(w, wants, arg);
    if (!g)
        return done(arg);
    run_guest(w, g, done, wants, arg);
    return done(arg);
}

/* Runs blocks of g (referenced), then of what guest_pick gives, on this
 * thread as guest w. */
static void run_guest(struct worker *w, struct grid *g, int (*done)(const void *arg),
                      int (*wants)(const struct grid *g, const void *arg), const void *arg)
{
    w->grid = g;
    w->guest_done = done;
    w->guest_wants = wants;
    w->guest_arg = arg;
    /* The watchdog stops a stuck block of a guest as of a worker: by a
     * signal to this thread, which must let it through meanwhile. */
    sigset_t old;
    int watched = watchdog_on();
    if (watched) {
        w->os = pthread_self();
        sigset_t one;
        sigemptyset(&one);
        sigaddset(&one, watchdog_signal());
        pthread_sigmask(SIG_UNBLOCK, &one, &old);
    }
    engine__self = w;
    sched_guest_run(w);
    engine__self = NULL;
    trace_worker_idle(); /* its track's slice ends as it leaves */
    if (watched)
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    assert(!w->resident && !w->grid && !w->cur);
    /* The thread is a host thread again: host code, not a kernel
     * (simt/lang/math.hpp tells them apart by gridDim.x). */
    simt__grid_dim.x = 0;
    w->guest_done = NULL;
    w->guest_wants = NULL;
    w->guest_arg = NULL;
}

void engine_each_worker(void (*fn)(struct worker *w, void *arg), void *arg)
{
    if (!__atomic_load_n(&E.started, __ATOMIC_ACQUIRE))
        return;
    for (int i = 0; i < E.nworkers; i++)
        fn(&E.workers[i], arg);
    pthread_mutex_lock(&E.guest_lock);
    for (struct worker *w = E.guest_all; w; w = w->guest_all)
        fn(w, arg);
    pthread_mutex_unlock(&E.guest_lock);
}
