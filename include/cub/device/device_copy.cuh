/*
 * cub/device/device_copy.cuh: cub::DeviceCopy::Batched (CUB 3.0's API):
 * copies range i, sizes[i] items from input_it[i] to output_it[i], ranges
 * spread over the chunks.
 */
#ifndef SIMT_CUB_DEVICE_COPY_CUH
#define SIMT_CUB_DEVICE_COPY_CUH
#pragma GCC system_header

#include "../detail/simt_core.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceCopy {
    template <typename InputIt, typename OutputIt, typename SizeIteratorT>
    static cudaError_t Batched(void *d_temp_storage, size_t &temp_storage_bytes, InputIt input_it,
                               OutputIt output_it, SizeIteratorT sizes, ::cuda::std::int64_t num_ranges,
                               cudaStream_t stream = 0)
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes))
            return cudaSuccess;
        simt_cub::chunks c(simt_cub::count_of(num_ranges), 1, 1);
        if (c.n == 0)
            return cudaSuccess;
        return simt_cub::launch("cub::DeviceCopy::Batched", c.count, stream, [=](unsigned b) mutable {
            for (simt_cub::index_t r = c.lo(b); r < c.hi(b); r++) {
                auto in = input_it[r];
                auto out = output_it[r];
                simt_cub::index_t n = (simt_cub::index_t)sizes[r];
                for (simt_cub::index_t i = 0; i < n; i++)
                    out[i] = in[i];
            }
        });
    }
};

CUB_NAMESPACE_END

#endif
