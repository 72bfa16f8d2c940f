/*
 * resident.c: blocks that wait for blocks not started yet.
 *
 * A GPU runs at once every block of a grid that fits it (blocks per SM by
 * occupancy, times its SMs), and some programs count on it: Parboil's bfs
 * has its 14 blocks meet at a barrier of its own, an atomicAdd on a
 * global counter and a spin until it reaches 14.  CUDA does not promise
 * it, but the program works on every GPU of 14 SMs or more.  simt runs as
 * many blocks at once as it has workers (and waiting host threads), so
 * with fewer the first block spins for ever and no other starts.
 *
 * A watching thread (started at the first grid of more than one block)
 * looks at the engine's active grids every TICK_NS.  When a grid has
 * blocks nobody claimed and the engine made no progress for STALL_NS (no
 * block finished anywhere, none of the grid's claimed), it starts threads
 * of the engine's own that run the grid's blocks as guests do
 * (engine_help_grid): as many as the grid has blocks running, doubling at
 * each stall, never past what an H100 would hold at once (the grid's
 * resident_cap, which the launch's resident_cap_of computes here, off the
 * launch path) nor RESCUE_MAX living threads.  The OS
 * shares the cores among them, as an SM's warp schedulers share its
 * lanes, and the spinning blocks see the others arrive.  The kernel keeps
 * how many blocks it then ran at once (simt_kernel_state.waits_for_blocks):
 * its later launches get threads for as many at submission.  A grid larger than a GPU holds would hang
 * on the GPU too: it is left to the watchdog (SIMT_WATCHDOG), and a
 * warning says so once.
 *
 * A cooperative grid is watched too, for another reason: every block of
 * it is resident on a GPU, and one of its threads may spin on memory that
 * only another grid writes (conjugateGradientMultiDeviceCG's leaders meet
 * through host memory, one grid per device).  A worker holding such a
 * grid's blocks runs nothing else until they end: the spinning thread
 * never yields, and the others wait at grid.sync() for it.  A stalled
 * cooperative grid with blocks nobody claimed gets one thread at each
 * stall; that thread takes more of its blocks as they reach grid.sync()
 * (engine_claim_more), as a worker does; the kernel's later launches get
 * one at submission.
 *
 * A grid that only runs long looks the same for STALL_NS: it then gets
 * threads it did not need, which changes where its blocks run, never what
 * they compute.
 *
 * Tasks (copies, host functions) are watched too.  A GPU runs a stream's
 * host function on a thread of the driver's while other streams' work
 * goes on; a simt worker that runs one blocking on something only another
 * stream's command does (a gate the program opens after synchronizing
 * that stream) holds its core, and with every worker so held, no task
 * behind runs again.  When the same task stays first in the queue for
 * STALL_NS, a thread of the engine's own runs the queued tasks
 * (engine_run_stuck_tasks) and ends when none is left.
 *
 * Invariant: the grid fields rs_seen, rs_since and rs_warned are written
 * only by the watching thread (rs_since under the engine's lock first,
 * which marks the grid watched).
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/base.h"
#include "engine/engine.h"
#include "engine/kstate.h"
#include "engine/watchdog.h"

#define TICK_NS 20000000LL   /* 20 ms between looks */
#define STALL_NS 500000000LL /* no progress for this long: a stall */
#define WARN_NS 10000000000LL /* a stall nothing can help: warn after 10 s */
#define RESCUE_MAX 512       /* threads of the engine's own, living at once */

static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_int living;          /* rescue threads running */
static unsigned long long last_done; /* blocks finished engine-wide, last look */
static long long last_change;       /* when last_done last changed */
static unsigned long long task_seen; /* the first queued task, last look (0: none) */
static long long task_since;        /* since when it is first */

static void sum_done(struct worker *w, void *arg)
{
    *(unsigned long long *)arg += atomic_load_explicit(&w->wd_done, memory_order_relaxed);
}

static void *rescue_main(void *arg)
{
    struct grid *g = arg;
    engine_help_grid(g);
    grid_unref(g);
    atomic_fetch_sub_explicit(&living, 1, memory_order_relaxed);
    return NULL;
}

static void *task_main(void *arg)
{
    (void)arg;
    engine_run_stuck_tasks();
    return NULL;
}

/* One more thread for the queued tasks when the first has waited for
 * STALL_NS, another at each further stall (engine_run_stuck_tasks
 * returns at once when its spare slots are all taken). */
static void watch_tasks(long long now)
{
    unsigned long long head = engine_task_waiting();
    if (head != task_seen) {
        task_seen = head;
        task_since = now;
        return;
    }
    if (!head || now - task_since < STALL_NS)
        return;
    task_since = now;
    engine_spawn(task_main, NULL, 0, NULL); /* none now: again at the next stall */
}

/* Starts up to n threads for g, each with a reference of its own. */
static void spawn(struct grid *g, unsigned long long n)
{
    for (unsigned long long i = 0; i < n; i++) {
        if (atomic_fetch_add_explicit(&living, 1, memory_order_relaxed) >= RESCUE_MAX) {
            atomic_fetch_sub_explicit(&living, 1, memory_order_relaxed);
            break;
        }
        grid_ref(g);
        /* As workers: the program's signals land on its own threads. */
        if (engine_spawn(rescue_main, g, 0, NULL) != 0) {
            grid_unref(g);
            atomic_fetch_sub_explicit(&living, 1, memory_order_relaxed);
            break;
        }
    }
}

/* The grids watched (referenced), from the active list: a grid stays
 * watched once all its units are claimed while some of them wait in a
 * worker's run (engine_units_pending), until none is left to start. */
#define WATCH_MAX 64
static struct grid *watched[WATCH_MAX];
static unsigned nwatched;

static void add_grid(struct grid *g, void *arg)
{
    (void)arg;
    if (g->rs_since || !resident_watched(g) || nwatched == WATCH_MAX)
        return;
    g->rs_since = simt__now_ns();
    g->rs_seen = ~0ull;
    grid_ref(g);
    watched[nwatched++] = g;
}

/* What an H100 holds at once of g, computed at the first need. */
static unsigned long long cap_of(struct grid *g)
{
    unsigned long long cap = __atomic_load_n(&g->resident_cap, __ATOMIC_RELAXED);
    if (!cap) {
        cap = g->resident_cap_of ? g->resident_cap_of(g) : 1;
        __atomic_store_n(&g->resident_cap, cap, __ATOMIC_RELAXED);
    }
    return cap;
}

/* How many threads g gets now (0: none), noting its progress. */
static unsigned long long rescue_count(struct grid *g, long long now, int stalled)
{
    unsigned long long pending = engine_units_pending(g);
    unsigned long long claimed = engine_units_claimed(g) - pending;
    unsigned long long done = atomic_load_explicit(&g->blocks_done, memory_order_relaxed);
    unsigned long long p = claimed + done;
    if (p != g->rs_seen) {
        g->rs_seen = p;
        g->rs_since = now;
        return 0;
    }
    if (!stalled || now - g->rs_since < STALL_NS)
        return 0;
    if (g->cooperative) {
        /* Its later launches get their thread at submission. */
        if (g->ks && !__atomic_load_n(&g->ks->waits_for_blocks, __ATOMIC_RELAXED))
            __atomic_store_n(&g->ks->waits_for_blocks, 1, __ATOMIC_RELAXED);
        g->rs_since = now;
        return 1;
    }
    unsigned long long running = claimed > done ? claimed - done : 0;
    unsigned long long left = g->nunits - claimed;
    unsigned long long cap = cap_of(g);
    unsigned long long room = cap > running ? cap - running : 0;
    unsigned long long n = running ? running : 1;
    if (n > left)
        n = left;
    if (n > room)
        n = room;
    if (!n) {
        /* More blocks than a GPU holds at once: it would hang there too. */
        if (!g->rs_warned && now - g->rs_since >= WARN_NS && !watchdog_on()) {
            g->rs_warned = 1;
            fprintf(stderr,
                    "simt: warning: kernel %s made no progress for %lld s with %llu of its %llu "
                    "blocks not started, more than a GPU runs at once (%llu): a block that waits "
                    "for another block hangs on a GPU too; SIMT_WATCHDOG=SECONDS stops it and "
                    "reports where its threads wait\n",
                    g->name, (now - g->rs_since) / 1000000000LL, left, g->nunits, cap);
        }
        return 0;
    }
    /* The kernel's later launches start with as many blocks at once. */
    if (g->ks && running + n > (unsigned long long)__atomic_load_n(&g->ks->waits_for_blocks,
                                                                   __ATOMIC_RELAXED))
        __atomic_store_n(&g->ks->waits_for_blocks, (int)(running + n), __ATOMIC_RELAXED);
    g->rs_since = now; /* the next doubling after another stall */
    return n;
}

static void *watch(void *arg)
{
    (void)arg;
    for (;;) {
        struct timespec ts = {0, TICK_NS};
        nanosleep(&ts, NULL);
        long long now = simt__now_ns();
        unsigned long long done = 0;
        engine_each_worker(sum_done, &done);
        if (done != last_done || !last_change) {
            last_done = done;
            last_change = now;
        }
        int stalled = now - last_change >= STALL_NS;
        watch_tasks(now);
        engine_each_active(add_grid, NULL);
        unsigned k = 0;
        for (unsigned i = 0; i < nwatched; i++) {
            struct grid *g = watched[i];
            /* A grid of which an H100 holds one block at a time has no
             * block waiting for another that a GPU would run. */
            if (atomic_load_explicit(&g->error, memory_order_relaxed) ||
                (!g->cooperative && cap_of(g) <= 1) ||
                (engine_units_claimed(g) >= g->nunits && !engine_units_pending(g))) {
                grid_unref(g); /* nothing left to start */
                continue;
            }
            unsigned long long n = rescue_count(g, now, stalled);
            if (n)
                spawn(g, n);
            watched[k++] = g;
        }
        nwatched = k;
    }
    return NULL;
}

static void start(void)
{
    if (engine_spawn(watch, NULL, 1, NULL) != 0)
        fprintf(stderr, "simt: warning: cannot start the thread that watches for blocks waiting "
                        "for blocks not started: such a kernel may hang\n");
}

/* With the workers, not at the first launch of a grid it would watch,
 * which then paid for a thread's creation (about 100 us). */
void resident_start(void)
{
    pthread_once(&once, start);
}

int resident_watched(const struct grid *g)
{
    return g->cooperative || (g->unit_blocks == 1 && g->nunits > 1);
}

unsigned long long resident_wanted(struct grid *g, int nworkers)
{
    pthread_once(&once, start);
    if (g->cooperative) /* one thread, if an earlier launch stalled */
        return g->ks && __atomic_load_n(&g->ks->waits_for_blocks, __ATOMIC_RELAXED) &&
               g->nunits > 0;
    unsigned long long want = g->ks ? (unsigned long long)__atomic_load_n(
                                          &g->ks->waits_for_blocks, __ATOMIC_RELAXED) : 0;
    if (want > g->nunits)
        want = g->nunits;
    if (want <= (unsigned long long)nworkers)
        return 0; /* nearly every launch: no occupancy computed */
    unsigned long long cap = cap_of(g);
    if (want > cap)
        want = cap;
    return want > (unsigned long long)nworkers ? want - (unsigned long long)nworkers : 0;
}

void resident_submitted(struct grid *g, unsigned long long n)
{
    spawn(g, n);
}
