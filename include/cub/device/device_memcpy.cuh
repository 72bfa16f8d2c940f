/*
 * cub/device/device_memcpy.cuh: cub::DeviceMemcpy::Batched (CUB 3.0's
 * API): buffer i, buffer_sizes[i] bytes from input_buffer_it[i] to
 * output_buffer_it[i], buffers spread over the chunks.
 */
#ifndef SIMT_CUB_DEVICE_MEMCPY_CUH
#define SIMT_CUB_DEVICE_MEMCPY_CUH
#pragma GCC system_header

#include <string.h>
#include "../detail/simt_core.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceMemcpy {
    template <typename InputBufferIt, typename OutputBufferIt, typename BufferSizeIteratorT>
    static cudaError_t Batched(void *d_temp_storage, size_t &temp_storage_bytes,
                               InputBufferIt input_buffer_it, OutputBufferIt output_buffer_it,
                               BufferSizeIteratorT buffer_sizes, ::cuda::std::int64_t num_buffers,
                               cudaStream_t stream = 0)
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        simt_cub::chunks c(simt_cub::count_of(num_buffers), 1, 1);
        if (c.n == 0)
            return cudaSuccess;
        return simt_cub::launch("cub::DeviceMemcpy::Batched", c.count, stream, [=](unsigned b) mutable {
            for (simt_cub::index_t r = c.lo(b); r < c.hi(b); r++)
                memcpy((void *)output_buffer_it[r], (const void *)input_buffer_it[r],
                       (size_t)buffer_sizes[r]);
        });
    }
};

CUB_NAMESPACE_END

#endif
