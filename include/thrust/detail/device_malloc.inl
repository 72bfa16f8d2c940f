/*
 * thrust/detail/device_malloc.inl (simt): thrust::device_malloc returns
 * CUDA memory, which cudaMemcpy and cudaFree accept, as on Thrust's CUDA
 * system.
 */
#ifndef SIMT_THRUST_DEVICE_MALLOC_INL
#define SIMT_THRUST_DEVICE_MALLOC_INL

#include <thrust/detail/config.h>
#include <thrust/device_malloc.h>
#include <thrust/system/detail/bad_alloc.h>
#include <cuda_runtime_api.h>

THRUST_NAMESPACE_BEGIN

inline thrust::device_ptr<void> device_malloc(const std::size_t n)
{
    void *p = nullptr;
    cudaError_t e = cudaMalloc(&p, n);
    if (e != cudaSuccess) {
        cudaGetLastError();
        throw thrust::system::detail::bad_alloc(cudaGetErrorString(e));
    }
    return thrust::device_ptr<void>(p);
}

template <typename T>
thrust::device_ptr<T> device_malloc(const std::size_t n)
{
    return thrust::device_ptr<T>(
        static_cast<T *>(thrust::device_malloc(n * sizeof(T)).get()));
}

THRUST_NAMESPACE_END

#endif
