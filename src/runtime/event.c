/*
 * event.c: events mark a point of a stream (CUDA guide, "Events").
 *
 * Recording enqueues a no-op command; the event is complete when that
 * command is, and its completion time is the event's timestamp.  A
 * never-recorded event counts as complete (cudaEventQuery returns
 * cudaSuccess) but has no time (cudaEventElapsedTime fails).
 *
 * Recorded in a capturing stream, an event marks a point of the capture
 * instead (the stream's frontier): waiting for it joins the capture.
 * Until it is recorded again it is a captured event, which cannot be
 * queried or waited for (cudaErrorCapturedEvent during its capture,
 * cudaErrorInvalidValue after, as an H200 answers).
 *
 * Each event has its own lock: one host thread may record an event while
 * another waits for it.  Every call validates its events through the
 * handle registry: a destroyed event is an invalid resource handle, and a
 * handle that never was an event reads as an H100 reads one (another
 * object's handle: cudaErrorContextIsDestroyed).
 */
#include <pthread.h>
#include <stdlib.h>

#include "engine/sync.h"
#include "runtime/devrt.h"
#include "runtime/handle.h"
#include "runtime/op.h"
#include "runtime/stream.h"
#include "runtime/streamrace.h"
#include "check/hooks.h"

struct CUevent_st {
    unsigned flags;
    int ordinal;               /* the device current at its creation */
    pthread_mutex_t lock;
    struct cmd *cmd;           /* last recording, referenced */
    struct capture_mark cap;   /* last recorded in a capture: cap.id != 0 */
};

/* The error of a call given an event in state st, or cudaSuccess when it
 * is live.  An H100 (CUDA 13) crashes on a destroyed event; NULL is an
 * invalid handle and another object's handle a destroyed context there. */
static cudaError_t event_error(enum handle_state st)
{
    switch (st) {
    case HANDLE_LIVE: return cudaSuccess;
    case HANDLE_MISMATCH: return cudaErrorContextIsDestroyed;
    case HANDLE_DESTROYED:
    case HANDLE_FOREIGN: break;
    }
    return cudaErrorInvalidResourceHandle;
}

static cudaError_t event_check(cudaEvent_t e)
{
    return event_error(simt__handle_check(HANDLE_EVENT, HANDLE(e)));
}

static const unsigned valid_flags =
    cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    API_ENTER();
    if (!event || (flags & ~valid_flags))
        return api_return(cudaErrorInvalidValue);
    /* CUDA: an interprocess event must also disable timing, and so must
     * every event of device code (CUDA guide 5.6.4.6). */
    if ((flags & (cudaEventInterprocess | cudaEventDisableTiming)) == cudaEventInterprocess ||
        (engine_in_kernel() && !(flags & cudaEventDisableTiming)))
        return api_return(cudaErrorInvalidValue);
    struct CUevent_st *e = calloc(1, sizeof *e);
    if (!e)
        return api_return(cudaErrorMemoryAllocation);
    e->flags = flags;
    e->ordinal = device_current();
    pthread_mutex_init(&e->lock, NULL);
    if (simt__handle_add(HANDLE_EVENT, HANDLE(e)) != 0) {
        pthread_mutex_destroy(&e->lock);
        free(e);
        return api_return(cudaErrorMemoryAllocation);
    }
    *event = e;
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventDestroy(cudaEvent_t e)
{
    API_ENTER();
    /* Unregistered first: a second destroy finds nothing to free. */
    cudaError_t err = event_error(simt__handle_remove(HANDLE_EVENT, HANDLE(e)));
    if (err != cudaSuccess)
        return api_return(err);
    cmd_unref(e->cmd);
    free(e->cap.nodes);
    pthread_mutex_destroy(&e->lock);
    free(e);
    return cudaSuccess;
}

struct cmd *event_cmd(cudaEvent_t e)
{
    pthread_mutex_lock(&e->lock);
    struct cmd *c = e->cmd;
    if (c)
        cmd_ref(c);
    pthread_mutex_unlock(&e->lock);
    return c;
}

/* Makes c e's recording (c referenced by the caller for the event). */
static void set_cmd_locked(cudaEvent_t e, struct cmd *c)
{
    struct cmd *old = e->cmd;
    e->cmd = c;
    e->cap.id = 0;
    cmd_unref(old);
}

void event_set_cmd(cudaEvent_t e, struct cmd *c)
{
    cmd_ref(c);
    pthread_mutex_lock(&e->lock);
    set_cmd_locked(e, c);
    pthread_mutex_unlock(&e->lock);
}

/* The timeline's side of a recording (op.h): a mark in stream order. */
static cudaError_t enqueue_record(struct CUstream_st *s, struct op *op)
{
    cudaEvent_t e = op->u.event.e;
    struct cmd *c = cmd_new(CMD_MARK);
    if (!c)
        return cudaErrorMemoryAllocation;
    cmd_ref(c); /* the event's reference */
    /* Enqueued under the event's lock, so that recordings of one event
     * from several threads replace each other in enqueue order. */
    pthread_mutex_lock(&e->lock);
    stream_enqueue(s, c, NULL);
    set_cmd_locked(e, c);
    pthread_mutex_unlock(&e->lock);
    cmd_unref(c); /* the creator's reference */
    return cudaSuccess;
}

/* Recording in a capturing stream. */
static cudaError_t record_captured(cudaEvent_t e, struct CUstream_st *s, unsigned flags)
{
    if (flags & cudaEventRecordExternal) {
        struct op op = {.kind = OP_EVENT_RECORD, .u.event = {e, NULL}};
        cudaError_t err = op_submit(s, &op);
        if (err != cudaSuccess)
            return err;
    }
    pthread_mutex_lock(&e->lock);
    cudaError_t err = capture_record(s, &e->cap);
    if (err == cudaSuccess && e->cap.id != 0) {
        cmd_unref(e->cmd);
        e->cmd = NULL;
    }
    pthread_mutex_unlock(&e->lock);
    return err;
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t stream, unsigned int flags)
{
    API_ENTER();
    cudaError_t bad = event_check(e);
    if (bad != cudaSuccess)
        return api_return(bad);
    /* The device runtime's tail launch and fire-and-forget streams take
     * no events (CUDA guide 5.6.4.8.2-3). */
    if ((flags & ~(unsigned)cudaEventRecordExternal) || devrt_named(stream))
        return api_return(cudaErrorInvalidValue);
    struct CUstream_st *s = stream_resolve(stream);
    if (!s)
        return api_return(stream_error(stream));
    /* The event and the stream must be one device's (CUDA guide,
     * "Stream and Event Behavior"). */
    if (!engine_in_kernel() && s->ordinal != e->ordinal)
        return api_return(cudaErrorInvalidResourceHandle);
    if (stream_is_capturing(s)) {
        cudaError_t err = record_captured(e, s, flags);
        return err == cudaSuccess ? cudaSuccess : api_return(err);
    }
    /* An H200: external records exist only in graphs. */
    if (flags & cudaEventRecordExternal)
        return api_return(cudaErrorIllegalState);
    /* Should s begin capturing meanwhile, an empty node is harmless. */
    struct op op = {.kind = OP_MARK, .enqueue = enqueue_record, .u.event = {e, NULL}};
    cudaError_t err = op_submit(s, &op);
    return err == cudaSuccess ? cudaSuccess : api_return(err);
}

cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t stream)
{
    return cudaEventRecordWithFlags(e, stream, 0);
}

/* Whether e may be queried or waited for now (an H200): a live event
 * (event_check), not while it marks a point of an active capture
 * (cudaErrorCapturedEvent, and the capture is invalidated) or of one that
 * ended (cudaErrorInvalidValue), nor when the calling thread may not make
 * potentially unsafe calls. */
static cudaError_t check_wait(cudaEvent_t e)
{
    cudaError_t live = event_check(e);
    if (live != cudaSuccess)
        return live;
    pthread_mutex_lock(&e->lock);
    unsigned long long id = e->cap.id;
    pthread_mutex_unlock(&e->lock);
    cudaError_t err = capture_event_error(id, 1);
    return err != cudaSuccess ? err : capture_check_unsafe();
}

cudaError_t cudaEventQuery(cudaEvent_t e)
{
    API_ENTER();
    cudaError_t err = check_wait(e);
    if (err != cudaSuccess)
        return api_return(err);
    pthread_mutex_lock(&e->lock);
    int busy = e->cmd && !cmd_done(e->cmd);
    pthread_mutex_unlock(&e->lock);
    if (!busy && hook_checking())
        streamrace_host_waited_all(); /* the host saw it done (more: hides races only) */
    /* An H200: not ready is no error, cudaGetLastError stays clean. */
    return busy ? cudaErrorNotReady : cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t e)
{
    API_ENTER();
    cudaError_t err = check_wait(e);
    if (err != cudaSuccess)
        return api_return(err);
    struct cmd *c = event_cmd(e);
    if (c) {
        cmd_wait(c);
        cmd_unref(c);
    }
    printf_flush();
    mempool_trim_all();
    return api_sticky();
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    API_ENTER();
    if (!ms)
        return api_return(cudaErrorInvalidValue);
    cudaError_t bad = event_check(start);
    if (bad == cudaSuccess)
        bad = event_check(end);
    if (bad != cudaSuccess)
        return api_return(bad);
    /* A captured event has no time; an H200 leaves its capture alone. */
    pthread_mutex_lock(&start->lock);
    unsigned long long ida = start->cap.id;
    pthread_mutex_unlock(&start->lock);
    pthread_mutex_lock(&end->lock);
    unsigned long long idb = end->cap.id;
    pthread_mutex_unlock(&end->lock);
    cudaError_t err = capture_event_error(ida, 0);
    if (err == cudaSuccess)
        err = capture_event_error(idb, 0);
    if (err != cudaSuccess)
        return api_return(err);
    struct cmd *a = event_cmd(start), *b = event_cmd(end);
    /* What an H200 returns: unrecorded or timing-disabled events are
     * invalid handles here; a pending one is not ready (no error). */
    if (!a || !b || (start->flags & cudaEventDisableTiming) || (end->flags & cudaEventDisableTiming) ||
        start->ordinal != end->ordinal)
        err = cudaErrorInvalidResourceHandle;
    else if (!cmd_done(a) || !cmd_done(b))
        err = cudaErrorNotReady;
    else
        *ms = (float)((double)(b->done_ns - a->done_ns) / 1e6);
    cmd_unref(a);
    cmd_unref(b);
    if (err == cudaErrorNotReady)
        return err;
    return err == cudaSuccess ? cudaSuccess : api_return(err);
}

/* cudaStreamWaitEvent on a capturing stream with cudaEventWaitExternal:
 * a wait node. */
static cudaError_t wait_external(struct CUstream_st *s, cudaEvent_t e)
{
    struct op op = {.kind = OP_EVENT_WAIT, .u.event = {e, NULL}};
    return op_submit(s, &op);
}

/* The timeline's side of a wait (op.h): s's next command waits for the
 * event's recording. */
static cudaError_t enqueue_wait(struct CUstream_st *s, struct op *op)
{
    return op->u.event.after ? stream_wait_cmd(s, op->u.event.after) : cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t e, unsigned int flags)
{
    API_ENTER();
    if (devrt_named(stream)) /* as cudaEventRecordWithFlags */
        return api_return(event_check(e) != cudaSuccess ? event_check(e) : cudaErrorInvalidValue);
    struct CUstream_st *s = stream_resolve(stream);
    cudaError_t bad = s ? event_check(e) : stream_error(stream);
    if (bad != cudaSuccess)
        return api_return(bad);
    if (flags & ~(unsigned)cudaEventWaitExternal)
        return api_return(cudaErrorInvalidValue);
    int capturing = stream_is_capturing(s);
    cudaError_t err;
    if (flags & cudaEventWaitExternal) {
        /* An H200: external waits exist only in graphs. */
        err = capturing ? wait_external(s, e) : cudaErrorIllegalState;
        return err == cudaSuccess ? cudaSuccess : api_return(err);
    }
    pthread_mutex_lock(&e->lock);
    if (e->cap.id != 0) {
        err = capture_wait(s, &e->cap);
        pthread_mutex_unlock(&e->lock);
        return err == cudaSuccess ? cudaSuccess : api_return(err);
    }
    struct cmd *c = e->cmd;
    if (c)
        cmd_ref(c);
    pthread_mutex_unlock(&e->lock);
    if (capturing) {
        /* Work outside the capture: only in-stream order may cross its
         * boundary (an H200: even an event that completed long ago). */
        cmd_unref(c);
        err = c ? capture_isolation(s) : cudaSuccess;
        return err == cudaSuccess ? cudaSuccess : api_return(err);
    }
    struct op op = {.kind = OP_MARK, .enqueue = enqueue_wait, .u.event = {e, c}};
    err = op_submit(s, &op);
    cmd_unref(c);
    return err == cudaSuccess ? cudaSuccess : api_return(err);
}
