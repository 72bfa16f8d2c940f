/*
 * worker.h: the engine's side of the timeline's worker tracks.
 *
 * With SIMT_TRACE set, each worker thread's track shows the runs of
 * blocks it executed: one slice per grid it worked on, from its first
 * block of that grid to its last, with the number of blocks.  The engine
 * calls trace_block_start as a worker starts a block, trace_block_done as
 * one finishes, and trace_worker_idle when the worker's grid has no block
 * left for it (the slice ends there).  Guests (host threads that run
 * blocks while they wait) are not traced here: their blocks show on the
 * stream's kernel slice.
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

static inline void trace_block_start(const struct grid *g, int guest)
{
    if (__builtin_expect(trace__workers, 0) && !guest)
        trace__block_start(g);
}

static inline void trace_block_done(int guest)
{
    if (__builtin_expect(trace__workers, 0) && !guest)
        trace__block_done();
}

static inline void trace_worker_idle(void)
{
    if (__builtin_expect(trace__workers, 0))
        trace__worker_idle();
}

#endif /* SIMT_TRACE_WORKER_H */
