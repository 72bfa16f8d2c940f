/*
 * hostlib.c: stream order for libraries whose "device" work runs on the
 * calling host thread.
 *
 * simt builds Thrust with its C++ system: an algorithm on a device_vector
 * runs at the call, on the host thread.  With CUDA's backend the same call
 * is work in the default stream, which starts after the kernels launched
 * before it; here the call waits for them instead, as a blocking CUDA call
 * (cudaMemcpy) does.
 */
#include "engine/engine.h"
#include "runtime/runtime.h"
#include "runtime/stream.h"
#include "simt/core/hostlib.h"

static void nothing(void *arg)
{
    (void)arg;
}

void simt_hostlib_wait_queued(cudaStream_t stream)
{
    /* A kernel or a host task calling the library runs in stream order
     * already, and a worker must never block on the stream it serves. */
    if (engine_self())
        return;
    /* A blocking wait would invalidate a capture in progress (as
     * cudaMemcpy does); the host-side call needs nothing captured. */
    if (capture_active())
        return;
    struct CUstream_st *s = stream_resolve(stream);
    if (s)
        stream_run_sync(s, nothing, NULL);
}

int simt_hostlib_on_host_thread(void)
{
    return engine_self() == NULL;
}

void simt_hostlib_wait_all(void)
{
    if (engine_self() || capture_active())
        return;
    timeline_wait_all();
}
