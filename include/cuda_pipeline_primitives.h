/*
 * cuda_pipeline_primitives.h: CUDA's pipeline primitives (CUDA guide 5.6.2,
 * "Pipeline Primitives Interface"), over each thread's queue of
 * asynchronous copies in the core (simt/core/pipeline.h).  Usable from C and C++.
 *
 * A copy's bytes land when the thread waits for its batch
 * (__pipeline_wait_prior) or when the barrier it arrived on through
 * __pipeline_arrive_on completes its phase, never earlier.  Sizes other
 * than 4, 8 and 16, a zfill above the size, misaligned pointers and a
 * destination outside shared memory are reported with the caller's line.
 */
#ifndef SIMT_CUDA_PIPELINE_PRIMITIVES_H
#define SIMT_CUDA_PIPELINE_PRIMITIVES_H
#pragma GCC system_header

#include <stddef.h>
#include "cuda_awbarrier_primitives.h"
#include "simt/core/pipeline.h"

/* __pipeline_memcpy_async(dst, src, size_and_align[, zfill = 0]) */
#define SIMT__PIPE_MEMCPY(dst, src, size, zfill, ...)                                         \
    simt_pipe_memcpy_async((dst), (src), (size), (zfill), __FILE__, __LINE__)
#define __pipeline_memcpy_async(...) SIMT__PIPE_MEMCPY(__VA_ARGS__, 0, 0)

static inline void __pipeline_commit(void)
{
    simt_pipe_commit();
}

static inline void __pipeline_wait_prior(size_t prior)
{
    simt_pipe_wait_prior(prior);
}

#define __pipeline_arrive_on(bar) simt_pipe_arrive_on((bar), __FILE__, __LINE__)

#endif /* SIMT_CUDA_PIPELINE_PRIMITIVES_H */
