/*
 * thrust/system/cuda/pointer.h (simt): Thrust's CUDA system's pointer
 * types, for programs that name them.
 *
 * simt's device system is Thrust's C++ one (thrust/detail/config/
 * device_system.h), whose memory is CUDA memory
 * (system/cpp/memory_resource.h); a thrust::cuda::pointer<T> is that
 * system's pointer, so the algorithms dispatch as device_vector's do.
 * Thrust's own header of this name needs Thrust's CUDA backend and the CUB
 * its release shipped with (its config.h stops the build with "The version
 * of CUB in your include path is not compatible").
 */
#ifndef SIMT_THRUST_CUDA_POINTER_H
#define SIMT_THRUST_CUDA_POINTER_H

#include <thrust/detail/config.h>
#include <thrust/system/cpp/pointer.h>
#include <thrust/system/cuda/execution_policy.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace cuda
{
template <typename T> using pointer = thrust::system::cpp::pointer<T>;
template <typename T> using universal_pointer = thrust::system::cpp::universal_pointer<T>;
template <typename T> using reference = thrust::system::cpp::reference<T>;
} // namespace cuda
} // namespace system

namespace cuda
{
using thrust::system::cuda::pointer;
using thrust::system::cuda::reference;
using thrust::system::cuda::universal_pointer;
} // namespace cuda
THRUST_NAMESPACE_END

#endif
