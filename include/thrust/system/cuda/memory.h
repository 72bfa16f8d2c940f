/*
 * thrust/system/cuda/memory.h (simt): thrust::cuda::malloc, free and the
 * CUDA system's allocators.  malloc returns cudaMalloc's memory (a
 * thrust::system::detail::bad_alloc when it fails, as Thrust's CUDA
 * system throws), so its raw pointer may go to a kernel; the allocators
 * are the C++ system's, whose memory is CUDA memory (see pointer.h).
 */
#ifndef SIMT_THRUST_CUDA_MEMORY_H
#define SIMT_THRUST_CUDA_MEMORY_H

#include <thrust/detail/config.h>
#include <thrust/memory.h>
#include <thrust/mr/allocator.h>
#include <thrust/system/cpp/memory.h>
#include <thrust/system/cuda/memory_resource.h>
#include <thrust/system/cuda/pointer.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace cuda
{
inline pointer<void> malloc(std::size_t n)
{
    void *p = nullptr;
    cudaError_t e = cudaMalloc(&p, n);
    if (e != cudaSuccess) {
        cudaGetLastError();
        throw thrust::system::detail::bad_alloc(cudaGetErrorString(e));
    }
    return pointer<void>(p);
}

template <typename T> inline pointer<T> malloc(std::size_t n)
{
    return pointer<T>(static_cast<T *>(thrust::raw_pointer_cast(cuda::malloc(n * sizeof(T)))));
}

inline void free(pointer<void> ptr) { cudaFree(thrust::raw_pointer_cast(ptr)); }

template <typename T> using allocator = thrust::system::cpp::allocator<T>;
template <typename T> using universal_allocator = thrust::system::cpp::universal_allocator<T>;
} // namespace cuda
} // namespace system

namespace cuda
{
using thrust::system::cuda::allocator;
using thrust::system::cuda::free;
using thrust::system::cuda::malloc;
using thrust::system::cuda::universal_allocator;
} // namespace cuda
THRUST_NAMESPACE_END

#endif
