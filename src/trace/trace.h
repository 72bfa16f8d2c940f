/*
 * trace.h: the timeline and the profile, as the runtime feeds them.
 *
 *   SIMT_TRACE=out.json   writes a Chrome trace-event file at exit (opens in
 *                         Perfetto's UI and chrome://tracing): a track per
 *                         stream (kernels, copies, memsets, host functions,
 *                         graph launches, event records and waits), per
 *                         worker (the host-side tasks it ran) and per host
 *                         thread (NVTX ranges and marks)
 *   SIMT_PROFILE=1        prints at exit the summaries nsys prints: per
 *                         kernel, per copy kind (time and size) and per
 *                         NVTX range
 *   SIMT_PROFILE_FROM_START=0   records nothing before cudaProfilerStart
 *
 * The runtime calls these hooks with its operations (op.h) and commands
 * (stream.h's struct cmd): an operation submitted through trace_submit
 * describes the first command it puts on the timeline (trace_track), and
 * a command is timed from trace_cmd_start (it begins running, on the
 * calling thread) to trace_cmd_end (it is done).  Grids need no
 * description: their records say it.  cudaProfilerStart and
 * cudaProfilerStop bound what is recorded.
 *
 * Each hook costs one test of a flag while nothing is recorded.
 */
#ifndef SIMT_TRACE_TRACE_H
#define SIMT_TRACE_TRACE_H

#include <stddef.h>

#include "runtime/op.h"
#include "simt.h"

struct cmd;
struct CUstream_st;

/* Set once SIMT_TRACE or SIMT_PROFILE asked for records, while the
 * profiler is not stopped.  Read relaxed: cudaProfilerStop may change it
 * while workers run (a plain load, on the processors simt runs on). */
extern int trace__on;
/* Set at start-up when SIMT_TRACE or SIMT_PROFILE is set; never changes. */
extern int trace__wanted;

cudaError_t trace__submit(struct CUstream_st *s, struct op *op);
void trace__track(const struct cmd *c);
void trace__cmd_start(const struct cmd *c);
void trace__cmd_end(const struct cmd *c);
void trace__graph(const struct cmd *entry, const struct cmd *exit, size_t nodes);
void trace__describe(const struct cmd *c, const struct op *op);
void trace__forget(const struct cmd *c);

/* op_submit's way onto the timeline: op->enqueue(s, op), with the
 * command it makes described by op (a transfer's kind and bytes, a host
 * function, an event's record or wait). */
static inline cudaError_t trace_submit(struct CUstream_st *s, struct op *op)
{
    if (SIMT_UNLIKELY(__atomic_load_n(&trace__on, __ATOMIC_RELAXED)))
        return trace__submit(s, op);
    return op->enqueue(s, op);
}

/* Command c joins the timeline (the first one an operation makes is the
 * operation's). */
static inline void trace_track(const struct cmd *c)
{
    if (SIMT_UNLIKELY(__atomic_load_n(&trace__on, __ATOMIC_RELAXED)))
        trace__track(c);
}

/* Command c begins running: a grid when its blocks go to the workers, a
 * host command when its function starts on this thread. */
static inline void trace_cmd_start(const struct cmd *c)
{
    if (SIMT_UNLIKELY(__atomic_load_n(&trace__on, __ATOMIC_RELAXED)))
        trace__cmd_start(c);
}

/* Command c is done. */
static inline void trace_cmd_end(const struct cmd *c)
{
    if (SIMT_UNLIKELY(__atomic_load_n(&trace__on, __ATOMIC_RELAXED)))
        trace__cmd_end(c);
}

/* A graph launch of `nodes` nodes, its commands between entry and exit,
 * neither enqueued yet: the launch is timed from entry's end (the
 * stream's earlier work is done) to exit's end. */
static inline void trace_graph(const struct cmd *entry, const struct cmd *exit, size_t nodes)
{
    if (SIMT_UNLIKELY(__atomic_load_n(&trace__on, __ATOMIC_RELAXED)))
        trace__graph(entry, exit, nodes);
}

/* Command c, not enqueued yet, runs what op describes (a graph's copy,
 * memset, host or event node): it joins the timeline as op's would. */
static inline void trace_describe(const struct cmd *c, const struct op *op)
{
    if (SIMT_UNLIKELY(__atomic_load_n(&trace__on, __ATOMIC_RELAXED)))
        trace__describe(c, op);
}

/* Command c, described, is discarded without running.  Not gated on
 * trace__on: cudaProfilerStop may have come in between (then it is a
 * lookup that finds nothing). */
static inline void trace_forget(const struct cmd *c)
{
    if (SIMT_UNLIKELY(trace__wanted))
        trace__forget(c);
}

/* cudaProfilerStart (on 1) and cudaProfilerStop (on 0). */
void trace_profiler(int on);

#endif /* SIMT_TRACE_TRACE_H */
