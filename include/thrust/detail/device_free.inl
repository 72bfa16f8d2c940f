/*
 * thrust/detail/device_free.inl (simt): thrust::device_free gives back
 * what thrust::device_malloc took from cudaMalloc.
 */
#ifndef SIMT_THRUST_DEVICE_FREE_INL
#define SIMT_THRUST_DEVICE_FREE_INL

#include <thrust/detail/config.h>
#include <thrust/device_free.h>
#include <cuda_runtime_api.h>

THRUST_NAMESPACE_BEGIN

inline void device_free(thrust::device_ptr<void> ptr)
{
    cudaFree(ptr.get());
}

THRUST_NAMESPACE_END

#endif
