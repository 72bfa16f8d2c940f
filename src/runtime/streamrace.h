/*
 * streamrace.h: races between stream commands (checking builds).
 *
 * Two commands race when nothing orders them (stream order, an event, a
 * host synchronization) and they touch the same memory, one writing.
 * Transfers (copies and sets, whose ranges are known at submission) are
 * compared here, each with the last ones; kernels, whose footprints only
 * their accesses tell, are compared by the checker's shadow (check.c),
 * whose records name the command that made them by a key this module
 * gives and orders (streamrace_ordered, check.h).
 *
 * Order is tracked with vector clocks over 64 slots (a stream's slot is
 * its id modulo 64: streams sharing a slot count as one, which only hides
 * races).  Every command linked into the timeline gets a clock; a command
 * whose predecessor has none (made before checking began) counts as after
 * everything submitted so far.  The host's clock joins a command's clock
 * when the host waits for it, and everything's on a device-wide wait or a
 * query that finds work done.
 *
 * Everything here runs under the timeline lock, except the host joins,
 * which take the module's own lock; all of it only when hook_checking().
 */
#ifndef SIMT_RUNTIME_STREAMRACE_H
#define SIMT_RUNTIME_STREAMRACE_H

#include "runtime/op.h"
#include "runtime/stream.h"

/* The transfer the calling thread submits next (copy.c, before its
 * enqueue): its footprint goes with the command linked next on this
 * thread. */
void streamrace_note(const struct xfer *x, int dst_known, int src_known);

/* Under the timeline lock: c is being linked into s; join the clocks of
 * what it follows with streamrace_after (NULL: unknown), then
 * streamrace_linked. */
struct race_clock;
struct race_clock *streamrace_begin(void);
void streamrace_after(struct race_clock *vc, const struct cmd *before);
void streamrace_linked(struct cmd *c, struct CUstream_st *s, struct race_clock *vc);
void streamrace_free(struct cmd *c);

/* c's clock misses what orders it (a command a running one adds): the
 * checker treats its accesses as ordered with everything. */
void streamrace_unname(struct cmd *c);

/* Runs c's host work fn(arg), telling the checker which command's
 * transfer runs (streamrace_running, check.h). */
void streamrace_run(const struct cmd *c, void (*fn)(void *), void *arg);

/* The host waited for c, or for everything submitted so far. */
void streamrace_host_waited(const struct cmd *c);
void streamrace_host_waited_all(void);

#endif
