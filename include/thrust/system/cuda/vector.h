/*
 * thrust/system/cuda/vector.h (simt): thrust::cuda::vector and
 * universal_vector, the C++ system's vectors (CUDA memory; see pointer.h).
 */
#ifndef SIMT_THRUST_CUDA_VECTOR_H
#define SIMT_THRUST_CUDA_VECTOR_H

#include <thrust/detail/config.h>
#include <thrust/system/cpp/vector.h>
#include <thrust/system/cuda/memory.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace cuda
{
template <typename T, typename Allocator = allocator<T>> using vector = thrust::detail::vector_base<T, Allocator>;
template <typename T, typename Allocator = universal_allocator<T>>
using universal_vector = thrust::detail::vector_base<T, Allocator>;
} // namespace cuda
} // namespace system

namespace cuda
{
using thrust::system::cuda::universal_vector;
using thrust::system::cuda::vector;
} // namespace cuda
THRUST_NAMESPACE_END

#endif
