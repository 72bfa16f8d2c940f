/*
 * thrust/system/cpp/detail/execution_policy.h (simt): the C++ system's tag
 * waits for the default stream's work when an algorithm dispatches on it
 * (see simt's thrust/system/cpp/detail/par.h, which does the same for
 * cpp::par: thrust::device and thrust::host).
 */
#ifndef SIMT_THRUST_CPP_EXECUTION_POLICY_H
#define SIMT_THRUST_CPP_EXECUTION_POLICY_H

#include_next <thrust/system/cpp/detail/execution_policy.h>
#include <simt/core/hostlib.h>

/* The stream Thrust's CUDA system would use for a policy without one. */
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
#define SIMT__THRUST_STREAM cudaStreamPerThread
#else
#define SIMT__THRUST_STREAM cudaStreamLegacy
#endif

/* An explicit specialization of derived_cast for policy type P (both
 * overloads) that runs WAIT first.  WAIT must not read the policy: Thrust
 * also casts policies it never constructed (see simt's
 * thrust/system/cuda/execution_policy.h). */
#define SIMT__THRUST_WAITING_CAST(P, WAIT)                                            \
    template <>                                                                     \
    inline P &derived_cast<P>(execution_policy_base<P> & x)                          \
    {                                                                               \
        WAIT;                                                                       \
        return static_cast<P &>(x);                                                 \
    }                                                                               \
    template <>                                                                     \
    inline const P &derived_cast<P>(const execution_policy_base<P> &x)               \
    {                                                                               \
        WAIT;                                                                       \
        return static_cast<const P &>(x);                                           \
    }

THRUST_NAMESPACE_BEGIN
namespace detail
{
SIMT__THRUST_WAITING_CAST(thrust::system::cpp::detail::tag, simt_hostlib_wait(SIMT__THRUST_STREAM))
} // namespace detail
THRUST_NAMESPACE_END

#endif
