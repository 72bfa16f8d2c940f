/*
 * thrust/system/cuda/execution_policy.h (simt): thrust::cuda::par,
 * par_nosync and their .on(stream), for programs that name Thrust's CUDA
 * system.
 *
 * simt's device system is Thrust's C++ one (simt's
 * thrust/detail/config/device_system.h): these policies are C++-system
 * policies that carry a stream.  An algorithm given one first waits, on
 * the host thread, for the work queued in that stream, then runs at the
 * call; so it starts after the stream's earlier work, as on the GPU, and
 * is done when the call returns (which par_nosync allows as well).  An
 * allocator passed as par(alloc) (an lvalue) gives Thrust's temporary
 * storage from it; passed to par_nosync or as a const, it is accepted and
 * the storage comes from the host instead.
 */
#ifndef SIMT_THRUST_CUDA_EXECUTION_POLICY_H
#define SIMT_THRUST_CUDA_EXECUTION_POLICY_H

#include <thrust/detail/config.h>
#include <thrust/detail/execution_policy.h>
#include <thrust/system/cpp/detail/execution_policy.h>
#include <thrust/system/cpp/detail/par.h>
#include <simt/core/hostlib.h>

THRUST_NAMESPACE_BEGIN
namespace cuda_cub
{
struct execute_on_stream
    : thrust::system::cpp::detail::execution_policy<execute_on_stream>
{
    cudaStream_t stream;

    __host__ __device__ constexpr explicit execute_on_stream(cudaStream_t s = SIMT__THRUST_STREAM)
        : stream(s)
    {
    }
};

struct execute_on_stream_nosync
    : thrust::system::cpp::detail::execution_policy<execute_on_stream_nosync>
{
    cudaStream_t stream;

    __host__ __device__ constexpr explicit execute_on_stream_nosync(
        cudaStream_t s = SIMT__THRUST_STREAM)
        : stream(s)
    {
    }
};

struct par_t : thrust::system::cpp::detail::execution_policy<par_t>
{
    __host__ __device__ constexpr par_t() {}

    execute_on_stream on(cudaStream_t s) const { return execute_on_stream(s); }

    /* par(alloc): the C++ system's policy with the allocator, so that
     * Thrust's temporary storage comes from it (a caching allocator sees
     * its calls); the algorithm then runs on the calling thread, after the
     * default stream's earlier work. */
    template <typename Allocator>
    auto operator()(Allocator &alloc) const -> decltype(thrust::system::cpp::detail::par_t()(alloc))
    {
        simt_hostlib_wait(SIMT__THRUST_STREAM);
        return thrust::system::cpp::detail::par_t()(alloc);
    }

    template <typename Allocator>
    par_t operator()(const Allocator &) const
    {
        return *this;
    }
};

struct par_nosync_t : thrust::system::cpp::detail::execution_policy<par_nosync_t>
{
    __host__ __device__ constexpr par_nosync_t() {}

    execute_on_stream_nosync on(cudaStream_t s) const { return execute_on_stream_nosync(s); }

    template <typename Allocator>
    par_nosync_t operator()(Allocator &&) const
    {
        return *this;
    }
};

THRUST_INLINE_CONSTANT par_t par;
THRUST_INLINE_CONSTANT par_nosync_t par_nosync;

/* The stream a policy's work is ordered after. */
inline cudaStream_t stream(const par_t &) { return SIMT__THRUST_STREAM; }
inline cudaStream_t stream(const par_nosync_t &) { return SIMT__THRUST_STREAM; }
inline cudaStream_t stream(const execute_on_stream &p) { return p.stream; }
inline cudaStream_t stream(const execute_on_stream_nosync &p) { return p.stream; }

/* CUDA's system tag, for code that names it. */
typedef par_t tag;
} // namespace cuda_cub

/* thrust::cuda and thrust::system::cuda are namespaces, as in Thrust,
 * not aliases: Thrust's own headers (system/cuda/error.h, ...) add to
 * them.  Names not declared there are cuda_cub's. */
namespace cuda
{
using namespace thrust::cuda_cub;
}
namespace system
{
namespace cuda
{
using namespace thrust::cuda_cub;
}
} // namespace system

namespace detail
{
/* Thrust also casts policies it never constructed: an element read through
 * a temporary buffer's pointer dereferences a null policy pointer (the
 * policy types are empty in Thrust's design).  So the casts of the
 * stream-carrying policies never read the stream: they wait for every
 * stream's work, which includes theirs. */
SIMT__THRUST_WAITING_CAST(thrust::cuda_cub::par_t, simt_hostlib_wait(SIMT__THRUST_STREAM))
SIMT__THRUST_WAITING_CAST(thrust::cuda_cub::par_nosync_t, simt_hostlib_wait(SIMT__THRUST_STREAM))
SIMT__THRUST_WAITING_CAST(thrust::cuda_cub::execute_on_stream, simt_hostlib_wait_all())
SIMT__THRUST_WAITING_CAST(thrust::cuda_cub::execute_on_stream_nosync, simt_hostlib_wait_all())
} // namespace detail
THRUST_NAMESPACE_END

#endif
