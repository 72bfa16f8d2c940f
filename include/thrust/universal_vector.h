/*
 * thrust/universal_vector.h (simt): Thrust 1.17's universal_vector and
 * Thrust 3's universal_host_pinned_vector, a vector in memory that host
 * and device both reach, allocated pinned on the host
 * (thrust/universal_allocator.h).  Thrust 3's unit-test framework runs its
 * vector tests on it.
 */
#ifndef SIMT_THRUST_UNIVERSAL_VECTOR_H
#define SIMT_THRUST_UNIVERSAL_VECTOR_H

#include_next <thrust/universal_vector.h>
#include <thrust/detail/vector_base.h>
#include <thrust/universal_allocator.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace cpp
{
template <typename T>
using universal_host_pinned_vector = thrust::detail::vector_base<T, universal_host_pinned_allocator<T>>;
} // namespace cpp
namespace cuda
{
using thrust::system::cpp::universal_host_pinned_vector;
} // namespace cuda
} // namespace system
namespace cpp
{
using thrust::system::cpp::universal_host_pinned_vector;
} // namespace cpp
namespace cuda
{
using thrust::system::cpp::universal_host_pinned_vector;
} // namespace cuda

template <typename T>
using universal_host_pinned_vector = thrust::detail::vector_base<T, thrust::universal_host_pinned_allocator<T>>;
THRUST_NAMESPACE_END

#endif
