/*
 * worker.c: the runs of blocks each worker executed (see worker.h).
 *
 * A thread's open slice lives in its thread's storage: it is opened at
 * the first block of a grid, extended by each block that finishes, and
 * closed (recorded) when the thread starts a block of another grid, finds
 * nothing more of its grid to claim (a worker) or stops helping (a
 * guest).  Workers are idle at exit, so every slice is closed by then.
 *
 * Invariant: a closed slice ends no later than the next one starts, so
 * the slices of a worker's track never overlap.
 */
#include <string.h>

#include "trace/record.h"
#include "trace/worker.h"

#include "base/base.h"
#include "engine/engine.h"

int trace__workers;

struct run {
    const struct grid *g;    /* the grid of the open slice, or NULL */
    const char *name;        /* its kernel's name, interned (the grid may be gone at close) */
    long long t0, tdone;     /* start; end of the last block done (-1: none yet) */
    unsigned long long blocks;
    unsigned grid[3], block[3];
    size_t shmem;
};
static SIMT_TLS struct run cur;

static void close_run(long long now)
{
    if (!cur.g)
        return;
    struct rec r = {.kind = REC_WORKER_BLOCKS, .ran_on = -1, .t0 = cur.t0, .bytes = cur.blocks,
                    .shmem = cur.shmem};
    r.t1 = cur.tdone >= cur.t0 ? cur.tdone : now;
    for (int i = 0; i < 3; i++)
        r.grid[i] = cur.grid[i], r.block[i] = cur.block[i];
    cur.g = NULL;
    if (!trace_recording())
        return; /* cudaProfilerStop came in between */
    pthread_mutex_lock(&rec_lock);
    r.track = trace_thread_track_locked();
    r.name = cur.name;
    trace_add_locked(&r);
    pthread_mutex_unlock(&rec_lock);
}

void trace__block_start(const struct grid *g)
{
    if (g == cur.g)
        return;
    long long now = trace_clock();
    close_run(now);
    if (!trace_recording())
        return;
    /* The name interned last by this thread, compared without the lock:
     * every worker starts each grid, and sixteen of them queueing on
     * rec_lock at once spread the slices' starts over microseconds. */
    static SIMT_TLS const char *last;
    const char *raw = g->name ? g->name : "kernel";
    if (!last || strcmp(last, raw) != 0) {
        pthread_mutex_lock(&rec_lock);
        last = trace_intern_locked(raw);
        pthread_mutex_unlock(&rec_lock);
    }
    const char *name = last;
    cur = (struct run){g, name, now, -1, 0, {g->grid_dim.x, g->grid_dim.y, g->grid_dim.z},
                       {g->block_dim.x, g->block_dim.y, g->block_dim.z}, g->dyn_shmem};
}

void trace__block_done(void)
{
    if (!cur.g)
        return;
    cur.tdone = trace_clock();
    cur.blocks++;
}

void trace__worker_idle(void)
{
    if (cur.g)
        close_run(trace_clock());
}
