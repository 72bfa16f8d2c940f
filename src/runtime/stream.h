/*
 * stream.h: the device timeline: commands, streams and their ordering
 * (timeline.c), streams (stream.c) and stream capture (capture.c).
 *
 * Every asynchronous operation is a command in a stream.  A command runs
 * once its dependencies are done: the previous command of its stream, the
 * legacy default stream's rules (CUDA guide, "Implicit Synchronization":
 * the legacy stream waits for all blocking streams and they wait for it),
 * and event waits.  Commands of different streams run concurrently on the
 * worker pool.  A graph launch is a batch of commands whose dependencies
 * are the graph's edges, between an entry and an exit command of its
 * stream.
 *
 * A capturing stream (CUDA guide, "Stream Capture") runs nothing: each
 * operation becomes a node of the capture's graph, depending on the
 * stream's capture frontier (its last nodes), and becomes the frontier.
 *
 * Invariants: a stream's `last` command is done only if every earlier
 * command of the stream is done, so depending on `last` suffices; a
 * stream belongs to at most one capture sequence, and only while that
 * sequence is active.
 */
#ifndef SIMT_RUNTIME_STREAM_H
#define SIMT_RUNTIME_STREAM_H

#include <stdatomic.h>

#include "engine/engine.h"
#include "runtime/runtime.h"

enum cmd_kind {
    CMD_GRID,   /* a kernel: grid's blocks run on the workers */
    CMD_HOST,   /* host-side work: copies, memsets, host functions */
    CMD_MARK    /* no work: event records and waits, joins */
};

struct cmd {
    enum cmd_kind kind;
    atomic_int refs;           /* taken and dropped by holders, without the lock */
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
    struct cmd *wait_for;      /* batches: one more dependency (referenced) */
    struct cmd *ready_next;    /* in a list of ready commands, under the lock */
    long long done_ns;         /* completion time (CLOCK_MONOTONIC) */
    struct race_info *race;    /* checking builds: its clock (streamrace.c) */
};

struct capture;

struct CUstream_st {
    unsigned flags;            /* cudaStreamNonBlocking */
    int priority;
    int legacy;                /* the legacy default stream */
    int per_thread;            /* a per-thread default stream */
    int destroyed;
    int device;                /* created by device code */
    int ordinal;               /* the device it belongs to */
    unsigned long long id;     /* cudaStreamGetId */
    struct cmd *last;          /* newest command (a reference) */
    struct CUstream_st *next;  /* all streams */
    /* Capture state, under the capture lock. */
    struct capture *cap;
    cudaGraphNode_t *frontier; /* the nodes the next captured one depends on */
    size_t nfront, capfront;
    struct CUstream_st *cap_next; /* the other streams of its capture */
    /* Launch attributes set on the stream (cudaStreamSetAttribute): hints
     * that change nothing on a CPU, kept to be read back.  Zero-filled
     * streams read as a GPU's fresh ones: stream_attrs_default. */
    struct cudaAccessPolicyWindow apw;
    int sync_policy;              /* 0: never set (reads as -1, as an H100's) */
    unsigned char msd_default, msd_remote_flip; /* memSyncDomainMap ^ {0, 1} */
    int msd;                      /* memSyncDomain */
};

/* Resolves a handle (0, cudaStreamLegacy, cudaStreamPerThread or created)
 * to a stream; NULL if the handle is not a live stream. */
struct CUstream_st *stream_resolve(cudaStream_t s);
/* stream_resolve on the host with device's default streams, not the
 * current device's (NCCL: a communicator's stream 0 is its device's). */
struct CUstream_st *stream_resolve_on(cudaStream_t s, int device);
/* The error of a call given h when stream_resolve(h) is NULL: another
 * object's handle is a destroyed context (an H100); a destroyed stream or
 * an address that never was a handle is an invalid resource handle. */
cudaError_t stream_error(cudaStream_t h);

/* Whether s is a blocking stream: one the legacy stream synchronizes with. */
static inline int stream_is_blocking(const struct CUstream_st *s)
{
    return !s->legacy && !(s->flags & cudaStreamNonBlocking);
}

/* Stream priorities run from 0 (least) to -5 (greatest); a priority
 * outside clamps to the range (cudaStreamCreateWithPriority, stream and
 * kernel-node attributes). */
#define STREAM_PRIORITY_LEAST 0
#define STREAM_PRIORITY_GREATEST (-5)
static inline int stream_priority_clamp(int p)
{
    return p > STREAM_PRIORITY_LEAST      ? STREAM_PRIORITY_LEAST
           : p < STREAM_PRIORITY_GREATEST ? STREAM_PRIORITY_GREATEST
                                          : p;
}

/* The memory synchronization domain map as streams and kernel nodes keep
 * it (msd_default, msd_remote_flip): remote is stored flipped, so that a
 * zero-filled record reads as a GPU's default map. */
static inline void msd_map_get(cudaLaunchAttributeValue *v, unsigned char dflt, unsigned char flip)
{
    v->memSyncDomainMap.default_ = dflt;
    v->memSyncDomainMap.remote = (unsigned char)(flip ^ 1);
}
static inline void msd_map_set(const cudaLaunchAttributeValue *v, unsigned char *dflt,
                               unsigned char *flip)
{
    *dflt = v->memSyncDomainMap.default_;
    *flip = (unsigned char)(v->memSyncDomainMap.remote ^ 1);
}

/* An access policy window as streams and kernel nodes take it into *to
 * (an H100 checks only that the hit ratio is a fraction: the window is a
 * hint); 0 when it is refused. */
static inline int access_window_take(const struct cudaAccessPolicyWindow *w,
                                     struct cudaAccessPolicyWindow *to)
{
    if (!(w->hitRatio >= 0.0f && w->hitRatio <= 1.0f))
        return 0;
    *to = *w;
    return 1;
}

/* A new command, referenced once; NULL when out of memory. */
struct cmd *cmd_new(enum cmd_kind kind);
/* Adds c to stream s and starts it when its dependencies are done; after
 * is an extra dependency (an event's command) or NULL.  The caller keeps
 * its reference. */
void stream_enqueue(struct CUstream_st *s, struct cmd *c, struct cmd *after);
/* Like stream_enqueue for CMD_HOST, but when c can start at once it is
 * not queued: returns 1 and the caller runs c->fn itself, then calls
 * cmd_complete.  Saves a hand-off for synchronous copies. */
int stream_enqueue_inline(struct CUstream_st *s, struct cmd *c);
/* Runs fn(arg) at once, with no command, when nothing is pending on the
 * timeline (so nothing can come before it) and nothing asks for a command
 * (checking, tracing, device code); 0, not run, otherwise.  Under the
 * timeline's lock: a command another host thread enqueues meanwhile comes
 * after it.  fn must not enqueue. */
int timeline_run_idle(void (*fn)(void *), void *arg);
/* Enqueues n commands as one operation of s: cmds[i] waits for the
 * commands cmds[deps[k]], k in [dep_start[i], dep_start[i+1]), all of
 * lower index, and for its own wait_for; commands without dependencies
 * wait for s's order and for `after`.  The next command of s waits for
 * all of them.  Takes over the callers' references; returns the batch's
 * exit command, referenced.  NULL when out of memory: nothing enqueued,
 * the commands still the caller's. */
struct cmd *stream_enqueue_batch(struct CUstream_st *s, struct cmd **cmds, int n,
                                 const int *dep_start, const int *deps, struct cmd *after);
/* Adds n commands, linked as in stream_enqueue_batch, to the operation
 * whose not-yet-done command `exit` ends it: they run in exit's stream,
 * those without dependencies at once, and exit waits for them.  Used by a
 * running command (a conditional node) to add its body.  Takes over the
 * callers' references. */
void stream_expand(struct cmd *exit, struct cmd **cmds, int n, const int *dep_start,
                   const int *deps);
/* A gate: a command in no stream, pending on the timeline until its
 * owner completes it (cmd_complete); commands wait for it as for an
 * event's command.  Referenced once, as cmd_new's. */
struct cmd *cmd_gate_new(void);
void cmd_complete(struct cmd *c, int error);
void cmd_ref(struct cmd *c);
void cmd_unref(struct cmd *c);
/* Blocks until c is done. */
void cmd_wait(struct cmd *c);
/* cmd_wait for a CMD_HOST command the caller made to run its own work (a
 * synchronous copy): when its turn comes, the caller runs it itself. */
void cmd_wait_own(struct cmd *c);
int cmd_done(const struct cmd *c);
/* Blocks until every command of every stream is done; then pools give
 * memory back (a device synchronization). */
void timeline_wait_all(void);
/* cudaDeviceSynchronize: blocks until the work submitted to device d is
 * done (with one device, timeline_wait_all). */
void timeline_wait_device(int d);
/* The newest command not yet done of each stream of device d (d < 0: of
 * every device), referenced, in *out (malloc'd): what the work submitted
 * so far ends with.  Their count, or -1 when memory ran out. */
int timeline_pending_ends(int d, struct cmd ***out);
/* Runs fn(arg) in stream order, synchronously: used by the blocking API
 * calls (cudaMemcpy, cudaMemset).  cudaErrorMemoryAllocation: fn did not
 * run. */
cudaError_t stream_run_sync(struct CUstream_st *s, void (*fn)(void *), void *arg);
/* Queues fn(arg) asynchronously; arg is freed by fn's owner.
 * cudaErrorMemoryAllocation: nothing was queued. */
cudaError_t stream_run_async(struct CUstream_st *s, void (*fn)(void *), void *arg);

cudaError_t stream_sync(struct CUstream_st *s);

/* ---- the timeline's list of streams (timeline.c) ------------------------- */

/* Device d's legacy default stream. */
struct CUstream_st *timeline_legacy_of(int d);
/* Adds a new stream (created or per-thread) to the list, with its id. */
void timeline_add_stream(struct CUstream_st *s);
/* A destroyed stream, or the stream of a thread that ended: it goes once
 * its last command is done. */
void timeline_release_stream(struct CUstream_st *s);
/* What waiting for stream s waits for: its newest command and, for the
 * legacy stream, the newest command of every blocking stream (the legacy
 * stream's next command would wait for them).  Fills v (referenced) and
 * returns the count, at most max. */
int timeline_ends_of(struct CUstream_st *s, struct cmd **v, int max);
/* A checking build: the host has seen s's last commands (for the legacy
 * stream, the blocking streams' too) done, waited for or not. */
void timeline_host_saw_ends(struct CUstream_st *s);
/* cudaDeviceReset: device d's created streams and ended threads' streams
 * go, its others forget their commands (d < 0: every device's). */
void timeline_reset_streams(int d);
/* Makes the next command of s wait for `after` (an event's command). */
cudaError_t stream_wait_cmd(struct CUstream_st *s, struct cmd *after);
/* cudaDeviceReset: waits for everything and forgets all streams. */
void stream_reset_all(void);
/* cudaDeviceReset with several devices: waits for device d's work and
 * forgets its streams. */
void stream_reset_device(int d);

/* ---- stream capture ---------------------------------------------------- */

/* The first step of every asynchronous operation on s.  Returns
 * cudaSuccess with *node NULL when the operation is to run (s is not
 * capturing); cudaSuccess with *node set to a new node of type `type`,
 * linked after s's frontier, when s captures (the caller fills the
 * node's parameters, then calls capture_done); or the error the
 * operation returns (the legacy stream while a blocking stream captures:
 * cudaErrorStreamCaptureImplicit, and those captures are invalidated; an
 * invalidated capture: cudaErrorStreamCaptureInvalidated). */
cudaError_t capture_op(struct CUstream_st *s, enum cudaGraphNodeType type, cudaGraphNode_t *node);
/* Ends what capture_op began when it returned a node. */
void capture_done(void);
/* Between capture_op and capture_done: the operation could not fill node
 * (out of memory); node becomes empty and s's capture is invalidated. */
void capture_op_failed(struct CUstream_st *s, cudaGraphNode_t node);
/* Whether a call that is not permitted during capture may run: returns
 * cudaErrorStreamCaptureUnsupported (and invalidates the captures that
 * forbid it) when the calling thread may not make potentially unsafe API
 * calls (CUDA runtime API, cudaStreamBeginCapture and
 * cudaThreadExchangeStreamCaptureMode), else cudaSuccess. */
cudaError_t capture_check_unsafe(void);
/* For calls that synchronize with or query stream s: an error when s is
 * capturing, or is the legacy stream while a blocking stream captures. */
cudaError_t capture_check_sync(struct CUstream_st *s);
/* For calls that synchronize with the whole device (cudaDeviceSynchronize):
 * an error when any stream is capturing under rules that forbid it. */
cudaError_t capture_check_device_sync(void);
/* Whether any capture sequence is active (a cheap test). */
int capture_active(void);

/* Events and capture (event.c calls these with the event's lock held). */
struct capture_mark {
    unsigned long long id;     /* the capture sequence, 0: not captured */
    cudaGraphNode_t *nodes;    /* the frontier it recorded */
    size_t n;
};
/* cudaEventRecord on a capturing stream: records s's frontier in *m. */
cudaError_t capture_record(struct CUstream_st *s, struct capture_mark *m);
/* cudaStreamWaitEvent(s, e) where e was recorded in capture m: joins s to
 * the capture or adds m's nodes to its frontier; an error if m's capture
 * has ended or is another than s's (a merge). */
cudaError_t capture_wait(struct CUstream_st *s, const struct capture_mark *m);
/* A capturing stream s waits for work outside its capture: the capture
 * is invalidated (cudaErrorStreamCaptureIsolation); cudaSuccess when s is
 * not capturing. */
cudaError_t capture_isolation(struct CUstream_st *s);
/* An operation that cannot be captured was issued to capturing stream s:
 * its capture is invalidated; returns cudaErrorStreamCaptureUnsupported. */
cudaError_t capture_forbid(struct CUstream_st *s);
/* Whether capture sequence id is still active. */
int capture_is_active(unsigned long long id);
/* The error of using an event last recorded in capture id (0: none) as a
 * completed point: cudaErrorCapturedEvent while the capture is active
 * (invalidating it when `invalidate`), cudaErrorInvalidValue after it. */
cudaError_t capture_event_error(unsigned long long id, int invalidate);
/* Whether s is capturing (its capture may be invalidated). */
int stream_is_capturing(struct CUstream_st *s);
/* s is destroyed or its thread ended: it leaves its capture (ending it
 * if s began it; otherwise its frontier must still rejoin the origin). */
void capture_leave(struct CUstream_st *s);
/* cudaDeviceReset: every capture sequence ends and its graph goes. */
void capture_reset_all(void);

/* ---- events (event.c) -------------------------------------------------- */

/* The command of e's last recording, referenced, or NULL. */
struct cmd *event_cmd(cudaEvent_t e);
/* Makes c (a graph's event record node) e's last recording. */
void event_set_cmd(cudaEvent_t e, struct cmd *c);

/* ---- memory pools (mempool.c) ------------------------------------------ */

/* A synchronization point: pools give back what exceeds their release
 * threshold (CUDA runtime API, cudaMemPoolAttrReleaseThreshold). */
void mempool_trim_all(void);
/* cudaDeviceReset: pools forget every allocation. */
void mempool_reset(void);

#endif
