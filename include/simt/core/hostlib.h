/*
 * simt/core/hostlib.h: what host-side libraries built on simt (Thrust) call to
 * keep CUDA's stream order.
 */
#ifndef SIMT_HOSTLIB_H
#define SIMT_HOSTLIB_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Commands of all streams not done yet: read-only here. */
extern long simt__pending_cmds;

void simt_hostlib_wait_queued(cudaStream_t stream);

/* Waits, on a host thread, for the work queued in every stream (as
 * cudaDeviceSynchronize, without its error), under the same conditions as
 * simt_hostlib_wait. */
void simt_hostlib_wait_all(void);

/* Whether the caller is a host thread (not a kernel's or a host task's
 * worker), which may launch work and wait for it. */
int simt_hostlib_on_host_thread(void);

/* Waits, on a host thread, for the work queued in `stream` (with the
 * legacy default stream: for every blocking stream's work queued before
 * the call), as a blocking CUDA call in that stream would.  Does nothing
 * in a kernel, in a host task or while a stream capture is in progress.
 * Thrust's sequential algorithms call it for every element they touch
 * through a device_reference: with nothing queued anywhere, the common
 * case, it costs one load. */
static inline void simt_hostlib_wait(cudaStream_t stream)
{
    if (__atomic_load_n(&simt__pending_cmds, __ATOMIC_ACQUIRE) != 0)
        simt_hostlib_wait_queued(stream);
}

#ifdef __cplusplus
}
#endif

#endif /* SIMT_HOSTLIB_H */
