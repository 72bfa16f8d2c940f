/*
 * thrust/system/cpp/memory_resource.h (simt): the C++ system's memory,
 * which is device_vector's here, is CUDA memory.
 *
 * Thrust's C++ system would allocate device_vector storage with operator
 * new; programs hand that storage to kernels and to cudaMemcpy, which
 * accepts only memory the CUDA runtime allocated.  (Thrust's temporary
 * buffers and host_vector keep the host's allocator.)  These resources take it
 * from cudaMalloc (device), cudaMallocManaged (universal) and
 * cudaMallocHost (pinned), tagged as the C++ system's pointers.
 */
#ifndef SIMT_THRUST_CPP_MEMORY_RESOURCE_H
#define SIMT_THRUST_CPP_MEMORY_RESOURCE_H

#include <thrust/detail/config.h>
#include <thrust/mr/fancy_pointer_resource.h>
#include <thrust/mr/memory_resource.h>
#include <thrust/system/cpp/pointer.h>
#include <thrust/system/detail/bad_alloc.h>
#include <cuda_runtime_api.h>

#include <string>

THRUST_NAMESPACE_BEGIN
namespace simt_detail
{
enum class cuda_memory_kind { device, managed, pinned };

/* Alignment: cudaMalloc's 256 bytes covers every alignment Thrust asks. */
template <cuda_memory_kind Kind>
class cuda_memory_resource final : public thrust::mr::memory_resource<>
{
public:
    void *do_allocate(std::size_t bytes, std::size_t alignment) override
    {
        (void)alignment;
        void *p = nullptr;
        cudaError_t e;
        if (Kind == cuda_memory_kind::device)
            e = cudaMalloc(&p, bytes);
        else if (Kind == cuda_memory_kind::managed)
            e = cudaMallocManaged(&p, bytes, cudaMemAttachGlobal);
        else
            e = cudaMallocHost(&p, bytes);
        if (e != cudaSuccess) {
            cudaGetLastError(); /* the failure is reported by the exception */
            throw thrust::system::detail::bad_alloc(cudaGetErrorString(e));
        }
        return p;
    }

    void do_deallocate(void *p, std::size_t bytes, std::size_t alignment) override
    {
        (void)bytes;
        (void)alignment;
        /* As Thrust's CUDA system, a failed free (a sticky error in the
         * context) is not an exception: destructors call this. */
        if (Kind == cuda_memory_kind::pinned)
            cudaFreeHost(p);
        else
            cudaFree(p);
    }
};
} // namespace simt_detail

namespace system
{
namespace cpp
{
namespace detail
{
typedef thrust::mr::fancy_pointer_resource<
    simt_detail::cuda_memory_resource<simt_detail::cuda_memory_kind::device>,
    thrust::cpp::pointer<void>>
    native_resource;
typedef thrust::mr::fancy_pointer_resource<
    simt_detail::cuda_memory_resource<simt_detail::cuda_memory_kind::managed>,
    thrust::cpp::universal_pointer<void>>
    universal_native_resource;
typedef thrust::mr::fancy_pointer_resource<
    simt_detail::cuda_memory_resource<simt_detail::cuda_memory_kind::pinned>,
    thrust::cpp::universal_pointer<void>>
    pinned_native_resource;
} // namespace detail

typedef detail::native_resource memory_resource;
typedef detail::universal_native_resource universal_memory_resource;
typedef detail::pinned_native_resource universal_host_pinned_memory_resource;
} // namespace cpp
} // namespace system

THRUST_NAMESPACE_END

/* device_vector's memory is the CUDA system's too: with Thrust's CUDA
 * system, <thrust/device_vector.h> brings thrust::cuda::pointer and
 * system::cuda::detail::cuda_memory_resource, which programs name. */
#include <thrust/system/cuda/memory_resource.h>

#endif
