/*
 * stream.h: the device timeline: commands, streams and their ordering.
 *
 * Every asynchronous operation is a command in a stream.  A command runs
 * once its dependencies are done: the previous command of its stream, the
 * legacy default stream's rules (CUDA guide, "Implicit Synchronization":
 * the legacy stream waits for all blocking streams and they wait for it),
 * and event waits.  Commands of different streams run concurrently on the
 * worker pool.
 *
 * Invariant: a stream's `last` command is done only if every earlier
 * command of the stream is done, so depending on `last` suffices.
 */
#ifndef SIMT_RUNTIME_STREAM_H
#define SIMT_RUNTIME_STREAM_H

#include <stdatomic.h>

#include "engine/engine.h"
#include "runtime/runtime.h"

enum cmd_kind {
    CMD_GRID,   /* a kernel: grid's blocks run on the workers */
    CMD_HOST,   /* host-side work: copies, memsets, host functions */
    CMD_MARK    /* no work: event records and waits */
};

struct cmd {
    enum cmd_kind kind;
    int refs;                  /* under the timeline lock */
    int deps;                  /* unmet dependencies, under the lock */
    atomic_int done;
    int error;
    struct CUstream_st *stream;
    struct cmd **succ;         /* commands waiting for this one */
    int nsucc, capsucc;
    struct task task;          /* CMD_HOST: queued on the workers */
    void (*fn)(void *arg);     /* CMD_HOST work */
    void *arg;
    struct grid *grid;         /* CMD_GRID */
    long long done_ns;         /* completion time (CLOCK_MONOTONIC) */
};

struct CUstream_st {
    unsigned flags;            /* cudaStreamNonBlocking */
    int priority;
    int legacy;                /* the legacy default stream */
    int per_thread;            /* a per-thread default stream */
    int destroyed;
    struct cmd *last;          /* newest command (a reference) */
    struct CUstream_st *next;  /* all streams */
};

/* Resolves a handle (0, cudaStreamLegacy, cudaStreamPerThread or created)
 * to a stream; NULL if the handle is not a live stream. */
struct CUstream_st *stream_resolve(cudaStream_t s);

struct cmd *cmd_new(enum cmd_kind kind);
/* Adds c to stream s and starts it when its dependencies are done; after
 * is an extra dependency (an event's command) or NULL.  Takes over the
 * caller's reference. */
void stream_enqueue(struct CUstream_st *s, struct cmd *c, struct cmd *after);
/* Like stream_enqueue for CMD_HOST, but when c can start at once it is
 * not queued: returns 1 and the caller runs c->fn itself, then calls
 * cmd_complete.  Saves a hand-off for synchronous copies. */
int stream_enqueue_inline(struct CUstream_st *s, struct cmd *c);
void cmd_complete(struct cmd *c, int error);
void cmd_ref(struct cmd *c);
void cmd_unref(struct cmd *c);
/* Blocks until c is done. */
void cmd_wait(struct cmd *c);
int cmd_done(const struct cmd *c);
/* Blocks until every command of every stream is done. */
void timeline_wait_all(void);
/* Runs fn(arg) in stream order, synchronously: used by the blocking API
 * calls (cudaMemcpy, cudaMemset). */
void stream_run_sync(struct CUstream_st *s, void (*fn)(void *), void *arg);
/* Queues fn(arg) asynchronously; arg is freed by fn's owner. */
void stream_run_async(struct CUstream_st *s, void (*fn)(void *), void *arg);

cudaError_t stream_sync(struct CUstream_st *s);
/* Makes the next command of s wait for `after` (an event's command). */
cudaError_t stream_wait_cmd(struct CUstream_st *s, struct cmd *after);
/* cudaDeviceReset: waits for everything and forgets all streams. */
void stream_reset_all(void);

#endif
