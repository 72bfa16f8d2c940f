/*
 * thrust/system/cpp/detail/par.h (simt): Thrust's C++ policies keep
 * CUDA's stream order.
 *
 * Every algorithm call of Thrust turns its policy into the policy's own
 * type through thrust::detail::derived_cast before it dispatches: with a
 * policy argument (thrust::device, thrust::host, which are cpp::par here)
 * and without one (the iterators' system, cpp::tag).  simt's versions of
 * that cast for these two types first wait, on a host thread, for the work
 * queued in the default stream (simt_hostlib_wait), as the same call on
 * Thrust's CUDA system starts after the kernels launched before it.  The
 * cast for cpp::tag is in simt's thrust/system/cpp/detail/execution_policy.h.
 */
#ifndef SIMT_THRUST_CPP_PAR_H
#define SIMT_THRUST_CPP_PAR_H

#include_next <thrust/system/cpp/detail/par.h>
#include <thrust/system/cpp/detail/execution_policy.h>

THRUST_NAMESPACE_BEGIN
namespace detail
{
SIMT__THRUST_WAITING_CAST(thrust::system::cpp::detail::par_t, simt_hostlib_wait(SIMT__THRUST_STREAM))
} // namespace detail
THRUST_NAMESPACE_END

#endif
