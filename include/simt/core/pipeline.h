/*
 * simt/core/pipeline.h: asynchronous copies of the core (C API): each CUDA
 * thread's queue of copies, committed in batches (CUDA guide 5.6.2,
 * "Pipeline Primitives Interface"; cp.async's commit groups).  The CUDA
 * names (__pipeline_*, cuda::pipeline, cuda::memcpy_async with a pipeline)
 * are header layers over these functions.
 *
 * A copy is asynchronous here as on a GPU: its bytes land when the thread
 * waits for its batch (or when a barrier it arrives on through
 * __pipeline_arrive_on completes), not before; a program that reads the
 * destination early sees the old bytes.
 */
#ifndef SIMT_PIPELINE_H
#define SIMT_PIPELINE_H
#pragma GCC system_header

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* __pipeline_memcpy_async: size_and_align 4, 8 or 16, zfill at most that,
 * dst in shared memory, both pointers aligned to size_and_align. */
void simt_pipe_memcpy_async(void *dst, const void *src, size_t size_and_align, size_t zfill,
                            const char *file, unsigned line);
/* Any copy into the calling thread's current batch (cuda::memcpy_async
 * with a pipeline): n bytes, then fill zero bytes. */
void simt_pipe_copy(void *dst, const void *src, size_t n, size_t fill);
void simt_pipe_commit(void);
/* Waits until at most min(n, 8) committed batches are in flight (CUDA's
 * headers cap cp.async.wait_group at 8). */
void simt_pipe_wait_prior(size_t n);
/* __pipeline_arrive_on: the barrier's current phase also waits for every
 * copy the thread issued so far. */
void simt_pipe_arrive_on(uint64_t *bar, const char *file, unsigned line);
/* The same for a cuda::barrier, which may be outside shared memory: then
 * the copies land now (libcu++ waits for them: cp.async.wait_all). */
void simt_pipe_arrive_on_any(uint64_t *bar, const char *file, unsigned line);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_PIPELINE_H */
