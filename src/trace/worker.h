/*
 * worker.h: the engine's side of the timeline's worker tracks.
 *
 * With SIMT_TRACE set, each worker thread's track shows the runs of
 * blocks it executed: one slice per grid it worked on, from its first
 * block of that grid to its last, with the number of blocks.  A host
 * thread that runs blocks while it waits (a guest, engine_help) shows its
 * runs on its own track.  The engine calls trace_block_start as a thread
 * starts a block, trace_block_done as one finishes, and trace_worker_idle
 * when the thread's grid has no block left for it or the guest leaves
 * (the slice ends there).
 *
 * Each hook costs one test of a flag while no trace file is wanted.
 */
#ifndef SIMT_TRACE_WORKER_H
#define SIMT_TRACE_WORKER_H

struct grid;

/* Set once at start-up when SIMT_TRACE names a file; never changes. */
extern int trace__workers;

void trace__block_start(const struct grid *g);
void trace__block_done(void);
void trace__worker_idle(void);

static inline void trace_block_start(const struct grid *g)
{
    if (__builtin_expect(trace__workers, 0))
        trace__block_start(g);
}

static inline void trace_block_done(void)
{
    if (__builtin_expect(trace__workers, 0))
        trace__block_done();
}

static inline void trace_worker_idle(void)
{
    if (__builtin_expect(trace__workers, 0))
        trace__worker_idle();
}

#endif /* SIMT_TRACE_WORKER_H */
