/*
 * engine.h: the execution engine's shared structures.
 *
 * A launch is a grid: a queue of blocks that workers (OS threads, one per
 * core by default) claim and run.  A block runs on one worker from start to
 * end; its CUDA threads run one after another as plain calls, and a thread
 * gets a fiber of its own only when it blocks (barrier, collective): the
 * blocked thread keeps the stack it was running on and another fiber goes
 * on with the next unstarted thread.
 *
 * Invariants:
 *  - everything in a worker (its block, fibers, ready list) is touched only
 *    by that worker's OS thread;
 *  - a block's live count is its threads minus those that exited; a
 *    barrier generation completes when every live thread has arrived;
 *  - a grid's blocks_done counts blocks that finished, failed or were
 *    skipped after a failure, so it always reaches nblocks.
 */
#ifndef SIMT_ENGINE_ENGINE_H
#define SIMT_ENGINE_ENGINE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "simt.h"
#include "engine/fiber.h"

extern SIMT_TLS uint3 simt__thread_idx;
extern SIMT_TLS simt_run simt__run;

/* Scheduling states of a CUDA thread: written only by the scheduler
 * (sched.c); primitives park and wake threads through engine/sync.h. */
enum thread_state { TS_UNSTARTED, TS_RUNNING, TS_BLOCKED, TS_READY, TS_EXITED };

struct sthread;

/* Threads parked on a synchronization object, in the order they parked
 * (engine/sync.h); a stack wakes the last to park first.  Zeroed: an
 * empty list (not a stack). */
struct waitq {
    struct sthread *head, *tail;
    unsigned char stack;
};

/* One CUDA thread of the block being run.  While it runs as a plain call
 * nothing here is written (the hot path only sets threadIdx); the record
 * comes alive when the thread blocks: then it holds the fiber with its
 * stack, stamped with the block's generation, until it ends.  The
 * primitives' own state lives with them, not here. */
struct sthread {
    /* The first cache line: all that a barrier's park and resume touch
     * (the ready list runs through a thousand of these per barrier; a
     * second line each cost the fiber tier's barrier 3-5% on the VM). */
    void *sp;                 /* its fiber's saved stack pointer while parked */
    struct fiber *fiber;      /* the fiber holding its stack */
    struct sthread *next;     /* its wait list, then the ready list */
    struct block *blk;        /* its block, while parked */
    const char *wait_site;    /* where it waits, for diagnostics */
    uint3 tid;
    unsigned char state;      /* TS_BLOCKED or TS_READY while parked */
    unsigned syncs;           /* warp and block synchronizations passed ... */
    unsigned syncs_gen;       /* ... in the block of this generation */
    /* The second: set when it first parks, or by other primitives. */
    unsigned gen;             /* block generation it parked in */
    int coll_pred;
    unsigned long long coll_result; /* a warp collective's result */
    uintptr_t wait_key;       /* the parking primitive's note (engine_park) */
    /* Polling (engine_poll_repeats): the object it last polled, the state
     * it saw there, and how many polls in a row saw that. */
    const void *poll_obj;
    unsigned long long poll_seen;
    unsigned poll_count;
} __attribute__((aligned(64)));

struct grid;
struct warp;
struct cluster;

enum { RING_NONE, RING_BLOCK, RING_WARP };

struct block {
    struct grid *grid;
    uint3 idx;
    unsigned nthreads;
    unsigned next_thread;     /* next unstarted thread (simt__run.next while it runs) */
    unsigned live;            /* threads not exited (unstarted included) */
    /* __syncthreads, one generation at a time */
    unsigned bar_arrived;
    int bar_count;
    const char *bar_site;           /* site of the generation's first arrival */
    struct sthread *bar_first;      /* its thread */
    struct sthread *bar_stray;      /* first thread waiting at another site */
    const char *bar_stray_site;
    struct waitq waiters;
    unsigned bar_gen;               /* barrier generations completed */
    int bar_grid;                   /* this generation is a grid.sync() */
    struct {
        int count;                  /* predicates set */
        unsigned total;             /* threads that took part */
    } bar_results[2];               /* by generation parity */
    /* The ring (sched.c, sync.h): while set, the threads of a range (the
     * block, or one warp) all hold fibers and pass its barriers or
     * collectives one after another in index order, so a thread that
     * arrives hands the worker straight to the next one and their
     * records are not kept up to date (sched_ring_flush writes them back
     * before anything else looks). */
    unsigned ring;                  /* RING_NONE, RING_BLOCK or RING_WARP */
    unsigned ring_warp;             /* RING_WARP: which */
    unsigned ring_passed;           /* generations the ring completed */
    struct sthread *ring_run;       /* the running thread */
    struct sthread *ring_first, *ring_end; /* the range */
    const char *ring_prev_site;     /* where the ring's last generation met */
    unsigned gen;                   /* tells this block's parked threads from stale ones */
    struct sthread *threads;        /* [nthreads] (capacity 1024) */
    struct warp *warps;             /* [ceil(nthreads / 32)] (capacity 32) */
    unsigned warp_pending;          /* collectives and __activemask waiters in flight */
    unsigned amask_waiters;         /* of those, the __activemask waiters */
    unsigned warps_ready;           /* warps[] set up (at the first collective) */
    /* A compiled block function faulted: the block runs again on the fiber
     * tier, whose report names the faulting thread. */
    unsigned char fiber_retry;
    char *arena;                    /* its shared memory */
    size_t arena_cap;
    char *static_base;              /* where its static __shared__ variables start */
    unsigned long long linear;      /* block index in the grid */
    unsigned x0;                    /* its first thread: 0 unless the grid is split */
    struct block *next;             /* the worker's resident or free list */
    struct cluster *cluster;        /* its cluster, if the launch has clusters */
    unsigned rank;                  /* rank in the cluster */
    int waits_outside;              /* its threads wait for other blocks (grid.sync) */
    unsigned long long grid_syncs;  /* grid.sync()s it arrived at (synccheck) */
    struct worker *owner;           /* the worker it is resident on */
    struct block *gb_next;          /* grid barrier's waiting list, then an inbox */
    /* Exits need bookkeeping beyond the block (clusters count threads). */
    int exit_hook;
    /* Schedule exploration (explore.h): the order its threads start in
     * (the i-th to start is order[i]; start_rank is the inverse) and its random
     * stream.  order NULL: index order. */
    unsigned short *order, *start_rank;
    unsigned long long rng;
    void *check;                    /* the checker's state for it (src/check), or NULL */
};

/* The blocks of one cluster, resident together on one worker. */
struct cluster {
    struct grid *grid;
    unsigned nblocks;
    unsigned started;               /* blocks started so far */
    unsigned finished;
    struct block *blocks[16];       /* by rank */
    uint3 idx;                      /* cluster index in the grid of clusters */
    /* cluster.sync() and barrier_arrive/wait, one phase at a time */
    unsigned live;                  /* threads of the cluster not exited */
    unsigned arrived;
    unsigned phase;
    struct waitq waiters;
    struct cluster *next;           /* free list */
};

/* A host-side command the workers run (copies, memsets, host functions). */
struct task {
    void (*run)(struct task *t);
    struct task *next;
    unsigned long long seq;           /* submission order (engine_submit_task) */
    atomic_int queued;                /* on the task list, not yet taken */
    /* A host thread polls for this task to run it itself (its
     * synchronous copy): its submission wakes no sleeping worker. */
    atomic_int host_polls;
    /* Queued out of `work` while its host polls (under E.lock). */
    int hidden;
};

/* How a grid ended for a reason the host must hear about. */
struct grid_fault {
    int error;                /* cudaError_t */
    char message[768];        /* already printed when set */
};

/* One worker's range of a grid's units: [next, end) not yet claimed. */
struct grid_part {
    _Alignas(64) atomic_ullong next;
    unsigned long long end;
};

struct grid {
    simt_kernel *kernel;              /* may be NULL (C API launches) */
    struct simt_kernel_state *ks;
    const char *name;
    dim3 grid_dim, block_dim;
    size_t dyn_shmem;
    simt_thread_fn fn;
    simt_range_fn range;              /* the launch's own thread loop, or NULL */
    simt_block_fn block;              /* its compiled block function, or NULL */
    int apart;                        /* its threads apart: blocks may split (KC_APART) */
    /* Units per block: more than one where a grid of fewer blocks than
     * workers is split (engine_submit_grid); each unit then runs
     * split_x threads of x (the last fewer). */
    unsigned split, split_x;
    long long split_t0;               /* a split grid's submission (ns) */
    void *args;
    void (*release)(void *args);
    unsigned long long nblocks;
    unsigned nthreads;                /* per block */
    /* Workers claim units: one block, or a whole cluster (co-scheduled on
     * one worker), in order. */
    unsigned cluster_dim[3];          /* blocks per cluster along x, y, z (1,1,1: none) */
    unsigned unit_blocks;             /* blocks per unit */
    unsigned long long nunits;
    int cooperative;                  /* all blocks resident together (grid.sync) */
    struct gridbar *gridbar;          /* cooperative grids: the grid-wide barrier */
    /* Units claimed at once by one worker: more than one for compiled
     * plain grids, whose blocks never wait (engine_submit_grid). */
    unsigned long long chunk;
    /* Compiled plain grids of enough blocks: worker i claims from its own
     * range of units first (parts[i]), then from the others' (engine.c,
     * claim_units); NULL otherwise.  next_block then only says, once it
     * is nunits, that every part is claimed. */
    struct grid_part *parts;
    unsigned nparts;
    unsigned offer_seq;               /* its offer to the workers (engine.c), 0: none */
    /* Written by every worker: each on a cache line of its own, away from
     * what workers only read.  error, read for every block a worker
     * starts, once shared blocks_done's line: a waiting host thread that
     * counts each block it runs there (a guest, engine.c) took the line
     * from every worker once a block, and a grid of 65,536 small blocks
     * held in the last-level cache ran half as fast again (the GPU
     * machine's 16 cores, docs/PERFORMANCE.md). */
    _Alignas(64) atomic_ullong next_block; /* next unit to claim */
    _Alignas(64) atomic_ullong blocks_done;
    _Alignas(64) atomic_int error;    /* first failure, 0 while none */
    atomic_int deferred_error;        /* fails the grid once it is done (assert) */
    void (*on_done)(struct grid *g);  /* runs once, on the worker finishing it */
    void *owner;
    /* Dynamic parallelism (src/runtime/devrt.h): a grid is complete when
     * its blocks are, the work its threads launched is, and then its tail
     * launches.  holds: 1 for the blocks plus one per child not complete;
     * parent: the grid whose thread launched this one (referenced), or
     * NULL; devrt: the device runtime's state of the grid (its blocks'
     * NULL streams, its tail queue), made at its first use. */
    atomic_int holds;
    struct grid *parent;
    _Atomic(void *) devrt;
    /* A kernel node's grid of a graph instantiated for device launch: the
     * executable graph (cudaGetCurrentGraphExec), else NULL. */
    void *graph_exec;
    /* References: one until on_done has run, one for the active list,
     * one per worker claiming from it.  Workers read next_block after the
     * grid is done, so it must outlive them. */
    atomic_int refs;
    struct grid *next;                /* active list */
    /* On the active list for a guest only, not counted in the engine's
     * work (engine.c, hold_for_guest); written under the engine's lock. */
    atomic_int held;
    unsigned long long seq;           /* submission order, shared with tasks */
    /* Checking builds: the key its command's clock is known by
     * (runtime/streamrace.c), 0 if none. */
    uint32_t race_key;
    int device;                       /* the device it runs on (SIMT_DEVICES) */
    /* Blocks an H100 would run at once (occupancy times its SMs; 0: not
     * computed yet: resident.c asks resident_cap_of, the launch's, when a
     * stall needs it, never on the launch path), and resident.c's watch
     * of the grid's progress. */
    unsigned long long (*resident_cap_of)(const struct grid *g);
    unsigned long long resident_cap;
    unsigned long long rs_seen;
    long long rs_since;
    int rs_warned;
};

/* A hardware fault in a CUDA thread, as the signal handler saw it. */
struct fault_info {
    int pending;
    int sig;
    void *addr;
    const void *pc;
    int write;                        /* 1 write, 0 read, -1 unknown */
    int in_guard;                     /* in a fiber stack's guard region */
    uint3 tid;
    /* sig 0: the watchdog stopped the thread (watchdog.c); whether the
     * block ran as a compiled block function then. */
    int compiled;
};

struct worker {
    int id;
    pthread_t os;
    struct fiber main;                /* the OS thread's own context */
    struct fiber *current;            /* fiber running now */
    struct fiber *idle;               /* parked fibers, stacks kept */
    struct sthread *ready, *ready_tail;
    struct block *cur;                /* block of the running thread, or NULL */
    struct block *resident;           /* blocks started and not finished */
    struct block *free_blocks;        /* block records to reuse */
    struct grid *grid;                /* grid it claims blocks from */
    /* A guest's claimed unit of a held grid (take_held), and a worker's
     * blocks of its grid finished but not yet counted in the grid
     * (counted when its run is over). */
    unsigned long long chunk_next, chunk_end, done_pending;
    /* A worker's run of more than one unit, published (engine.c,
     * run_take): a thread rescuing the grid may take its last units
     * (resident.c).  run: generation << 32 | next << 16 | end, offsets
     * from run_base. */
    atomic_ullong run, run_base;
    _Atomic(const struct grid *) run_grid;
    struct cluster *free_clusters;
    /* Threads other workers release (grid.sync): drained into the ready
     * list by this worker. */
    pthread_mutex_t inbox_lock;
    pthread_cond_t inbox_cv;
    struct block *inbox;
    int inbox_sleeping;
    size_t stack_size;
    void *altstack;
    struct fault_info fault;
    struct fiber *escape;             /* spare fiber reserved for fault escapes */
    /* The submission number of the task this worker runs, 0 while none
     * (guests wait for earlier tasks: see guest_pick). */
    atomic_ullong task_seq;
    /* A guest: a host thread that waits runs blocks on this record (see
     * engine_help); its main fiber is the host thread's own context. */
    int guest;
    int (*guest_done)(const void *arg);
    int (*guest_wants)(const struct grid *g, const void *arg);
    const void *guest_arg;
    struct worker *guest_next;        /* the pool of idle guest records */
    struct worker *guest_all;         /* every guest record, for the watchdog */
    /* The watchdog (watchdog.h).  Written by the worker, relaxed: blocks
     * resident, progress (blocks finished and blocks released from a
     * grid.sync()), the submission number of the grid of its latest
     * block. */
    atomic_uint wd_resident;
    atomic_ullong wd_done;
    atomic_ullong wd_grid;
    /* Written by the watching thread: the grid whose blocks this worker
     * must stop (0: none); the worker clears it. */
    atomic_ullong wd_kill;
    unsigned wd_deferred;             /* stop signals that found it in the engine */
    /* The watching thread's own: the finished count it saw last, and since
     * when. */
    unsigned long long wd_seen;
    long long wd_since;
};

/* ---- engine.c: the pool ------------------------------------------------ */
int engine_start(void);               /* idempotent; 0 or -errno */
/* A detached thread of the engine's own running fn(arg) (t: its id, or
 * NULL): with the program's signals blocked and faults deliverable, as on
 * workers, or with every signal blocked (quiet: watching threads).
 * pthread_create's result. */
int engine_spawn(void *(*fn)(void *), void *arg, int quiet, pthread_t *t);
int engine_workers(void);
void engine_split_done(struct grid *g); /* a split grid is complete */
int engine_tier_compiled(void);      /* SIMT_TIER is not "fiber" */
extern SIMT_TLS int simt__kc_declined; /* the block function did not run */
extern SIMT_TLS unsigned simt__kc_x0, simt__kc_x1; /* its part of the block (tier.c) */
void engine_submit_grid(struct grid *g);
/* A block of g finished on w: counted now, or with the rest of w's run. */
void engine_block_done(struct worker *w, struct grid *g);
void engine_submit_task(struct task *t);
/* Runs fn(arg, i) for every i < n on the calling thread and the idle
 * workers (parallel.c); returns once all have run.  Any thread may call
 * it, a worker running a task too: it never waits for a worker to be
 * free. */
void engine_parallel(void (*fn)(void *arg, size_t i), void *arg, size_t n);
/* The running task's work is over (its copy made, its callback returned):
 * guests may start later grids before the worker is done telling waiters.
 * Called by the task, at most once; the engine calls it after run(). */
void engine_task_over(void);
/* A host thread waiting for its own task t runs it, if t is the first
 * queued (1), rather than wait for a worker to take it (0: not now). */
int engine_run_own_task(struct task *t);
/* The waiting host thread polls for t from now on (1), or no longer (0:
 * a worker is woken for t if it is queued by then). */
void engine_poll_own_task(struct task *t, int polls);
/* The submission number of the first queued task a worker may take, 0
 * when none (resident.c watches it). */
unsigned long long engine_task_waiting(void);
/* Runs queued tasks on the calling thread, one of the engine's own, while
 * the workers are stuck in tasks that wait (a host function blocking on
 * something only a later command does), until none is queued; returns how
 * many it ran. */
unsigned engine_run_stuck_tasks(void);
/* Scheduler side: runs one task or sets up one block on w, sleeping while
 * there is nothing to do. */
void engine_find_work(struct worker *w);
/* Stall hooks: called when every resident thread of w is blocked, before
 * that is reported as a deadlock; a hook that releases threads (a timed
 * wait giving up, as on a GPU) returns how many it released. */
typedef unsigned (*engine_stall_hook)(struct worker *w);
void engine_add_stall_hook(engine_stall_hook hook);
unsigned engine_run_stall_hooks(struct worker *w);
/* Called by a host thread that waits until done(arg): runs blocks of the
 * active grids that wants(g, arg) names (NULL: any) on this thread, as a
 * guest worker, until done(arg) or none is left to claim; returns
 * done(arg).  Cheap when there is nothing to run.  Guests take only plain
 * grids: a cluster's or a cooperative grid's blocks must be co-resident
 * with blocks of other workers' (grid.sync hands blocks back through the
 * owner's inbox), so they stay with the workers.  On workers (a kernel or
 * a host task that waits) it only returns done(arg). */
int engine_help(int (*done)(const void *arg), int (*wants)(const struct grid *g, const void *arg),
                const void *arg);
/* Runs blocks of g as a guest does, on a thread of the engine's own
 * (resident.c), until g has none left to claim. */
void engine_help_grid(struct grid *g);
/* Units of g claimed so far, and of those, units in workers' runs not
 * started yet (which a rescuing thread may take). */
unsigned long long engine_units_claimed(const struct grid *g);
unsigned long long engine_units_pending(const struct grid *g);
/* Calls fn on the active grids (those with units left to claim), under
 * the engine's lock. */
void engine_each_active(void (*fn)(struct grid *g, void *arg), void *arg);
/* resident.c: grids whose blocks wait for blocks not started (and
 * cooperative grids nobody started).  Whether g is watched; how many
 * threads of the engine's own g gets at submission (its kernel's earlier
 * stalls; 0 for nearly every grid, read before g is published), and
 * starting them (the caller holds a reference). */
/* Starts the thread that watches grids (once; engine_start). */
void resident_start(void);
int resident_watched(const struct grid *g);
unsigned long long resident_wanted(struct grid *g, int nworkers);
void resident_submitted(struct grid *g, unsigned long long n);
/* Whether grids or tasks are queued (held-back grids included). */
int engine_has_work(void);
/* Lets grids held back for a guest go to the workers: all of them, or
 * (engine_release_due) once the oldest has waited its time. */
void engine_release_held(void);
void engine_release_due(void);
/* Calls fn on every worker and guest record (the watchdog's rounds). */
void engine_each_worker(void (*fn)(struct worker *w, void *arg), void *arg);
/* Cooperative grids: starts one more of w's grid's blocks; 0 if none. */
int engine_claim_more(struct worker *w);
void engine_free_cluster(struct worker *w, struct cluster *c);
/* The worker this OS thread is, or NULL on host threads. */
extern SIMT_TLS struct worker *engine__self;
static inline struct worker *engine_self(void)
{
    return engine__self;
}
/* The CUDA thread running on this OS thread, or NULL. */
struct sthread *engine_thread(void);

/* ---- sched.c: running blocks on a worker ------------------------------- */
void sched_loop(struct worker *w) __attribute__((noreturn));
void sched_worker_init(struct worker *w);
/* Guests (engine_help): runs w's scheduler loop on a fresh fiber from the
 * host thread's own context, returning once the loop gives the thread
 * back; the loop leaves through sched_guest_leave, with no block
 * resident. */
void sched_guest_run(struct worker *w);
void sched_guest_leave(struct worker *w) __attribute__((noreturn));
void sched_enter_block(struct worker *w, struct block *b);
/* The CUDA thread running on w (from threadIdx), or NULL outside blocks. */
/* The running block's next thread and its returned threads are counted
 * in simt__run (a thread loop compiled into the program advances them):
 * brings the block up to date for the engine code that follows. */
static inline __attribute__((always_inline)) void sched_sync_counts(struct block *b)
{
    b->next_thread = simt__run.next;
    b->live -= simt__run.exited;
    simt__run.exited = 0;
}

static inline struct sthread *sched_current(struct worker *w)
{
    if (!w || !w->cur)
        return 0;
    struct block *b = w->cur;
    sched_sync_counts(b);
    /* A thread that parked before runs on the fiber that holds it (the
     * fiber lets go of it as the thread ends). */
    struct sthread *held = w->current->thr;
    if (held)
        return held;
    const dim3 bd = b->grid->block_dim;
    const uint3 t = simt__thread_idx;
    return &b->threads[t.x + bd.x * (t.y + bd.y * t.z)];
}
/* Counts a synchronization point the thread passes: how far along a lane
 * is, which __activemask uses to release the lanes that are behind first. */
static inline void sched_count_sync(const struct block *b, struct sthread *t)
{
    if (t->syncs_gen != b->gen) {
        t->syncs_gen = b->gen;
        t->syncs = 0;
    }
    t->syncs++;
}

/* Whether thread id of b has started (it may have exited since). */
static inline int sched_started(const struct block *b, unsigned id)
{
    return (b->order ? b->start_rank[id] : id) < b->next_thread;
}

/* Whether t holds a fiber of the running block (blocked or ready). */
static inline int sched_is_parked(const struct block *b, const struct sthread *t)
{
    return t->gen == b->gen && (t->state == TS_BLOCKED || t->state == TS_READY);
}
/* Parking, waking and polling (engine/sync.h) are implemented in sched.c
 * too; the engine's own primitives use them as the device's do. */
/* Ends the running CUDA thread without returning (engine_exit). */
void sched_exit_current(struct worker *w) __attribute__((noreturn));
/* Abandons the running block: the grid has failed. */
void sched_abort_block(struct worker *w) __attribute__((noreturn));
/* Lets other threads of w run first (engine_yield). */
void sched_yield_current(struct worker *w);
/* From a fault handler: leaves the faulting thread's stack for a fresh
 * fiber, which reports the fault (w->fault) out of signal context. */
void sched_escape_fault(struct worker *w) __attribute__((noreturn));

/* ---- grid.c ------------------------------------------------------------ */
/* Records err as the grid's failure (first one wins) and skips its
 * unclaimed blocks. */
void grid_fail(struct grid *g, int err);
/* Records err to be reported once the grid is done; it keeps running. */
void grid_fail_deferred(struct grid *g, int err);
/* The grid's result once done: cudaSuccess or the error it failed with. */
int grid_result(struct grid *g);
void grid_block_done(struct grid *g, unsigned long long n);
void grid_block_index(const struct grid *g, unsigned long long i, uint3 *idx);
void grid_ref(struct grid *g);
void grid_unref(struct grid *g);
/* A zeroed grid, or NULL; grid_free gives it (and its parts) back. */
struct grid *grid_alloc(void);
void grid_free(struct grid *g);

/* ---- builtins.c -------------------------------------------------------- */
/* Writable aliases of threadIdx & co. (see builtins.c).  Engine code reads
 * and writes the variables only through these. */
extern SIMT_TLS uint3 simt__thread_idx;
extern SIMT_TLS uint3 simt__block_idx;
extern SIMT_TLS dim3 simt__block_dim;
extern SIMT_TLS dim3 simt__grid_dim;

static inline void builtins_set_thread_xyz(unsigned x, unsigned y, unsigned z)
{
    simt__thread_idx.x = x;
    simt__thread_idx.y = y;
    simt__thread_idx.z = z;
}
static inline void builtins_set_thread(uint3 tid)
{
    builtins_set_thread_xyz(tid.x, tid.y, tid.z);
}
static inline void builtins_set_block(const struct grid *g, uint3 idx)
{
    simt__block_idx = idx;
    simt__block_dim = g->block_dim;
    simt__grid_dim = g->grid_dim;
}

/* ---- barrier.c --------------------------------------------------------- */
void barrier_thread_exited(struct worker *w, struct block *b);
/* Every live thread arrived: wakes the waiters. */
void barrier_release(struct worker *w, struct block *b);
/* All live threads are blocked and nothing can release them. */
void barrier_deadlock(struct worker *w, struct block *b) __attribute__((noreturn));

#endif /* SIMT_ENGINE_ENGINE_H */
