/*
 * thrust/universal_allocator.h (simt): Thrust 1.17's universal allocator
 * and Thrust 3's universal_host_pinned_allocator.
 *
 * The pinned allocator takes the device system's host-pinned resource
 * (for simt's C++ device system, cudaMallocHost's memory: see
 * thrust/system/cpp/memory_resource.h), which host and device code both
 * reach, as on a GPU.  The C++ and CUDA systems name it too.
 */
#ifndef SIMT_THRUST_UNIVERSAL_ALLOCATOR_H
#define SIMT_THRUST_UNIVERSAL_ALLOCATOR_H

#include_next <thrust/universal_allocator.h>
#include <thrust/mr/allocator.h>
#include <thrust/system/cpp/memory_resource.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace cpp
{
template <typename T>
using universal_host_pinned_allocator =
    thrust::mr::stateless_resource_allocator<T, thrust::system::cpp::universal_host_pinned_memory_resource>;
} // namespace cpp
namespace cuda
{
using thrust::system::cpp::universal_host_pinned_allocator;
} // namespace cuda
} // namespace system
namespace cpp
{
using thrust::system::cpp::universal_host_pinned_allocator;
} // namespace cpp
namespace cuda
{
using thrust::system::cpp::universal_host_pinned_allocator;
} // namespace cuda

template <typename T>
using universal_host_pinned_allocator = thrust::mr::stateless_resource_allocator<
    T, thrust::system::__THRUST_DEVICE_SYSTEM_NAMESPACE::universal_host_pinned_memory_resource>;
THRUST_NAMESPACE_END

#endif
