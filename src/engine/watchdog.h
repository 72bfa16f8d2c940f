/*
 * watchdog.h: kernels that make no progress (SIMT_WATCHDOG=SECONDS).
 *
 * A GPU's watchdog ends a kernel that runs too long with
 * cudaErrorLaunchTimeout, a sticky error.  simt's watches each worker: a
 * worker that holds a block and finished none, nor saw a thread reach a
 * barrier, for SECONDS is stopped (a
 * signal whose handler leaves the CUDA thread's stack as a fault does),
 * every block of that grid still running is reported with where its
 * threads are, and the grid fails with cudaErrorLaunchTimeout; the
 * process goes on.
 *
 * Off (the default in normal builds) it costs two relaxed counter updates
 * per block and nothing per thread: no thread loop looks at a clock or a
 * flag.  A checking build (simtcc --check) is watched with a limit of 60 s
 * unless simt__watchdog_default, called before the first CUDA call, gives
 * another; SIMT_WATCHDOG (seconds, 0: off) overrides either.
 */
#ifndef SIMT_ENGINE_WATCHDOG_H
#define SIMT_ENGINE_WATCHDOG_H

#include "engine/engine.h"

/* The limit a program gets when SIMT_WATCHDOG is not set (0: off); read
 * when the engine starts. */
void simt__watchdog_default(double seconds);

/* At engine start: installs the signal handler and starts the watching
 * thread when on.  Returns whether it is on. */
int watchdog_start(void);
int watchdog_on(void);
/* The signal the watchdog stops a worker with (workers leave it
 * unblocked; a guest host thread unblocks it while it runs blocks). */
int watchdog_signal(void);

/* A worker's progress as the watching thread reads it: blocks resident
 * and finished, and the grid of the latest one.  Owner-written, relaxed:
 * a plain store each. */
static inline void watchdog_block_started(struct worker *w, const struct grid *g)
{
    /* The grid first, then (release: a plain store on x86 and a stlr on
     * Arm) the count the watching thread reads first. */
    atomic_store_explicit(&w->wd_grid, g->seq, memory_order_relaxed);
    atomic_store_explicit(&w->wd_resident,
                          atomic_load_explicit(&w->wd_resident, memory_order_relaxed) + 1,
                          memory_order_release);
}

/* Progress: a block finished, a thread of one of w's blocks began to wait
 * for others (sched_park: at a __syncthreads mostly, on the fiber tier; a
 * compiled block, whose threads run in loops, tells at each barrier it
 * passes), or a block passed a grid.sync() (a cooperative kernel's blocks
 * finish only at its end).  A long block, such
 * as a checked kernel's that runs minutes between two barriers, is not
 * stuck while its threads keep arriving; so a loop that never ends but
 * passes a barrier at every round is not stopped, while a thread spinning
 * as its block waits for it at a barrier, or spinning between barriers,
 * is. */
static inline void watchdog_progress(struct worker *w)
{
    atomic_store_explicit(&w->wd_done, atomic_load_explicit(&w->wd_done, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}

static inline void watchdog_block_over(struct worker *w)
{
    atomic_store_explicit(&w->wd_resident,
                          atomic_load_explicit(&w->wd_resident, memory_order_relaxed) - 1,
                          memory_order_relaxed);
    watchdog_progress(w);
}

/* A compiled block passed a barrier (called by simt-kc's code). */
void simt__kc_barrier(void);

/* A point where the running CUDA thread may be stopped (the scheduler's
 * yield and poll paths, which a thread spinning in the engine passes):
 * stops it if the watchdog asked to. */
void watchdog_point_slow(struct worker *w, const char *site);
/* The same where the thread polls at a site of the program's (a loop of
 * its own, simt_spin; an mbarrier wait): the report names it. */
static inline void watchdog_point_at(struct worker *w, const char *site)
{
    if (__builtin_expect(atomic_load_explicit(&w->wd_kill, memory_order_relaxed) != 0, 0))
        watchdog_point_slow(w, site);
}
static inline void watchdog_point(struct worker *w)
{
    watchdog_point_at(w, NULL);
}

/* Writes the report of a stopped block (w->fault, sig 0), fails the grid
 * with cudaErrorLaunchTimeout and abandons the block. */
void watchdog_report(struct worker *w) __attribute__((noreturn));

#endif
