/*
 * thrust/system/cuda/memory_resource.h (simt): the CUDA system's memory
 * resources (thrust::system::cuda::memory_resource, the universal and
 * pinned ones) and the template they are made of,
 * detail::cuda_memory_resource<Alloc, Free, Pointer>, which programs
 * instantiate with their own functions (a free that ignores
 * cudaErrorCudartUnloading for a global device_vector).
 *
 * The resources are the C++ system's (system/cpp/memory_resource.h: CUDA
 * memory, tagged as that system's pointers; see pointer.h for why).
 */
#ifndef SIMT_THRUST_CUDA_MEMORY_RESOURCE_H
#define SIMT_THRUST_CUDA_MEMORY_RESOURCE_H

#include <thrust/detail/config.h>
#include <thrust/mr/memory_resource.h>
#include <thrust/system/cpp/memory_resource.h>
#include <thrust/system/cuda/pointer.h>
#include <thrust/system/detail/bad_alloc.h>
#include <cuda_runtime_api.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace cuda
{
namespace detail
{
template <cudaError_t (*Alloc)(void **, std::size_t), cudaError_t (*Free)(void *), typename Pointer>
class cuda_memory_resource final : public thrust::mr::memory_resource<Pointer>
{
public:
    Pointer do_allocate(std::size_t bytes, std::size_t alignment = THRUST_MR_DEFAULT_ALIGNMENT) override
    {
        (void)alignment;
        void *p = nullptr;
        cudaError_t e = Alloc(&p, bytes);
        if (e != cudaSuccess) {
            cudaGetLastError(); /* the failure is reported by the exception */
            throw thrust::system::detail::bad_alloc(cudaGetErrorString(e));
        }
        return Pointer(p);
    }

    void do_deallocate(Pointer p, std::size_t bytes, std::size_t alignment) override
    {
        (void)bytes;
        (void)alignment;
        /* A failed free is not an exception (destructors call this); it
         * stays the last error, as with Thrust's CUDA system. */
        Free(thrust::raw_pointer_cast(p));
    }
};

inline cudaError_t cudaMallocManaged(void **p, std::size_t bytes)
{
    return ::cudaMallocManaged(p, bytes, cudaMemAttachGlobal);
}

typedef cuda_memory_resource<::cudaMalloc, ::cudaFree, thrust::system::cuda::pointer<void>> device_memory_resource;
typedef cuda_memory_resource<detail::cudaMallocManaged, ::cudaFree, thrust::system::cuda::universal_pointer<void>>
    managed_memory_resource;
typedef cuda_memory_resource<::cudaMallocHost, ::cudaFreeHost, thrust::system::cuda::universal_pointer<void>>
    pinned_memory_resource;
} // namespace detail

typedef thrust::system::cpp::memory_resource memory_resource;
typedef thrust::system::cpp::universal_memory_resource universal_memory_resource;
typedef thrust::system::cpp::universal_host_pinned_memory_resource universal_host_pinned_memory_resource;
} // namespace cuda
} // namespace system
THRUST_NAMESPACE_END

#endif
