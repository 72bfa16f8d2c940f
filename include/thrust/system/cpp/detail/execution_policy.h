/*
 * thrust/system/cpp/detail/execution_policy.h (simt): the C++ system's tag
 * waits for the default stream's work when an algorithm dispatches on it
 * (see simt's thrust/system/cpp/detail/par.h, which does the same for
 * cpp::par: thrust::device and thrust::host).
 */
#ifndef SIMT_THRUST_CPP_EXECUTION_POLICY_H
#define SIMT_THRUST_CPP_EXECUTION_POLICY_H

#include_next <thrust/system/cpp/detail/execution_policy.h>
#include <simt/hostlib.h>

/* The stream Thrust's CUDA system would use for a policy without one. */
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
#define SIMT__THRUST_STREAM cudaStreamPerThread
#else
#define SIMT__THRUST_STREAM cudaStreamLegacy
#endif

THRUST_NAMESPACE_BEGIN
namespace detail
{
template <>
inline thrust::system::cpp::detail::tag &
derived_cast<thrust::system::cpp::detail::tag>(
    execution_policy_base<thrust::system::cpp::detail::tag> &x)
{
    simt_hostlib_wait(SIMT__THRUST_STREAM);
    return static_cast<thrust::system::cpp::detail::tag &>(x);
}

template <>
inline const thrust::system::cpp::detail::tag &
derived_cast<thrust::system::cpp::detail::tag>(
    const execution_policy_base<thrust::system::cpp::detail::tag> &x)
{
    simt_hostlib_wait(SIMT__THRUST_STREAM);
    return static_cast<const thrust::system::cpp::detail::tag &>(x);
}

} // namespace detail
THRUST_NAMESPACE_END

#endif
