/*
 * cuda_pipeline.h: the pipeline primitives and nvcuda::experimental::pipeline,
 * CUDA's C++ class over them (a thread-scope pipeline: the thread's own
 * batches of asynchronous copies).
 */
#ifndef SIMT_CUDA_PIPELINE_H
#define SIMT_CUDA_PIPELINE_H
#pragma GCC system_header

#include "cuda_pipeline_primitives.h"

#ifdef __cplusplus
#include <type_traits>
#include "cuda_awbarrier.h"

namespace nvcuda {
namespace experimental {

template <size_t N, typename T> inline auto segment(T *ptr) -> T (*)[N]
{
    return (T(*)[N])ptr;
}

class pipeline {
  public:
    pipeline() : current_batch(0) {}
    pipeline(const pipeline &) = delete;
    pipeline(pipeline &&) = delete;
    pipeline &operator=(const pipeline &) = delete;
    pipeline &operator=(pipeline &&) = delete;

    size_t commit()
    {
        simt_pipe_commit();
        return current_batch++;
    }
    void commit_and_wait()
    {
        (void)commit();
        simt_pipe_wait_prior(0);
    }
    void wait(size_t batch)
    {
        simt_pipe_wait_prior(current_batch > batch ? current_batch - batch : 0);
    }
    template <unsigned N> void wait_prior() { simt_pipe_wait_prior(N); }
    void arrive_on(awbarrier &barrier, SIMT__LOC)
    {
        simt_pipe_arrive_on(&barrier.barrier, SIMT__AT);
    }
    /* A cuda::barrier<thread_scope_block> in shared memory: its word first. */
    template <class Barrier> void arrive_on(Barrier &barrier, SIMT__LOC)
    {
        simt_pipe_arrive_on(reinterpret_cast<uint64_t *>(&barrier), SIMT__AT);
    }

  private:
    size_t current_batch;
};

/* One object, copied asynchronously into the thread's current batch. */
template <class T> inline void memcpy_async(T &dst, const T &src, pipeline &)
{
    if (std::is_trivially_copyable<T>::value)
        simt_pipe_copy(&dst, &src, sizeof(T), 0);
    else
        dst = src;
}

/* A 4-, 8- or 16-byte segment, zero-filled beyond the source's SrcN. */
template <class T, size_t DstN, size_t SrcN>
inline void memcpy_async(T (*dst)[DstN], const T (*src)[SrcN], pipeline &)
{
    static_assert(sizeof(*dst) == 4 || sizeof(*dst) == 8 || sizeof(*dst) == 16,
                  "Unsupported copy size.");
    static_assert(sizeof(*src) <= sizeof(*dst),
                  "Source size must be less than or equal to destination size.");
    simt_pipe_copy(*dst, *src, sizeof(*src), sizeof(*dst) - sizeof(*src));
}

} /* namespace experimental */
} /* namespace nvcuda */
#endif /* __cplusplus */

#endif /* SIMT_CUDA_PIPELINE_H */
