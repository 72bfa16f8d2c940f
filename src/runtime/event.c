/*
 * event.c: events mark a point of a stream (CUDA guide, "Events").
 *
 * Recording enqueues a no-op command; the event is complete when that
 * command is, and its completion time is the event's timestamp.  A
 * never-recorded event counts as complete (cudaEventQuery returns
 * cudaSuccess) but has no time (cudaEventElapsedTime fails).
 */
#include <stdlib.h>

#include "runtime/stream.h"

struct CUevent_st {
    unsigned flags;
    struct cmd *cmd;           /* last recording, referenced */
};

static const unsigned valid_flags =
    cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    API_ENTER();
    if (!event || (flags & ~valid_flags))
        return api_return(cudaErrorInvalidValue);
    /* CUDA: an interprocess event must also disable timing. */
    if ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming))
        return api_return(cudaErrorInvalidValue);
    struct CUevent_st *e = calloc(1, sizeof *e);
    if (!e)
        return api_return(cudaErrorMemoryAllocation);
    e->flags = flags;
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
    if (!e)
        return api_return(cudaErrorInvalidResourceHandle);
    cmd_unref(e->cmd);
    free(e);
    return cudaSuccess;
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t stream, unsigned int flags)
{
    API_ENTER();
    if (!e)
        return api_return(cudaErrorInvalidResourceHandle);
    if (flags & ~(unsigned)cudaEventRecordExternal)
        return api_return(cudaErrorInvalidValue);
    struct CUstream_st *s = stream_resolve(stream);
    if (!s)
        return api_return(cudaErrorInvalidResourceHandle);
    struct cmd *c = cmd_new(CMD_MARK);
    cmd_ref(c); /* the event's reference */
    stream_enqueue(s, c, NULL);
    struct cmd *old = e->cmd;
    e->cmd = c;
    cmd_unref(old);
    cmd_unref(c); /* the creator's reference */
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t stream)
{
    return cudaEventRecordWithFlags(e, stream, 0);
}

cudaError_t cudaEventQuery(cudaEvent_t e)
{
    API_ENTER();
    if (!e)
        return api_return(cudaErrorInvalidResourceHandle);
    if (e->cmd && !cmd_done(e->cmd))
        return api_return(cudaErrorNotReady);
    return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t e)
{
    API_ENTER();
    if (!e)
        return api_return(cudaErrorInvalidResourceHandle);
    if (e->cmd)
        cmd_wait(e->cmd);
    printf_flush();
    return api_sticky();
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    API_ENTER();
    if (!ms)
        return api_return(cudaErrorInvalidValue);
    if (!start || !end)
        return api_return(cudaErrorInvalidResourceHandle);
    /* What an H200 returns: unrecorded or timing-disabled events are
     * invalid handles here; a pending one is not ready. */
    if (!start->cmd || !end->cmd || (start->flags & cudaEventDisableTiming) ||
        (end->flags & cudaEventDisableTiming))
        return api_return(cudaErrorInvalidResourceHandle);
    if (!cmd_done(start->cmd) || !cmd_done(end->cmd))
        return api_return(cudaErrorNotReady);
    *ms = (float)((double)(end->cmd->done_ns - start->cmd->done_ns) / 1e6);
    return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t e, unsigned int flags)
{
    API_ENTER();
    struct CUstream_st *s = stream_resolve(stream);
    if (!s || !e)
        return api_return(cudaErrorInvalidResourceHandle);
    if (flags & ~(unsigned)cudaEventWaitExternal)
        return api_return(cudaErrorInvalidValue);
    if (!e->cmd)
        return cudaSuccess;
    return stream_wait_cmd(s, e->cmd);
}
