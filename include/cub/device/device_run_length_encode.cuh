/*
 * cub/device/device_run_length_encode.cuh: cub::DeviceRunLengthEncode
 * (CUB 3.0's API).  Encode writes each run's first item and its length;
 * NonTrivialRuns the offset and length of each run longer than one item.
 */
#ifndef SIMT_CUB_DEVICE_RUN_LENGTH_ENCODE_CUH
#define SIMT_CUB_DEVICE_RUN_LENGTH_ENCODE_CUH
#pragma GCC system_header

#include "../detail/simt_runs.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceRunLengthEncode {
    template <typename InputIteratorT, typename UniqueOutputIteratorT, typename LengthsOutputIteratorT,
              typename NumRunsOutputIteratorT>
    static cudaError_t Encode(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              UniqueOutputIteratorT d_unique_out, LengthsOutputIteratorT d_counts_out,
                              NumRunsOutputIteratorT d_num_runs_out, int num_items, cudaStream_t stream = 0)
    {
        typedef detail::non_void_value_t<LengthsOutputIteratorT, int> LengthT;
        return simt_cub::runs(
            "cub::DeviceRunLengthEncode::Encode", d_temp_storage, temp_storage_bytes,
            simt_cub::count_of(num_items), simt_cub::make_heads(d_in, ::cuda::std::equal_to<>()),
            [](simt_cub::index_t) { return true; },
            [d_in, d_unique_out, d_counts_out](simt_cub::index_t h, simt_cub::index_t k,
                                               simt_cub::index_t end) mutable {
                d_unique_out[k] = d_in[h];
                d_counts_out[k] = (LengthT)(end - h);
            },
            d_num_runs_out, stream);
    }

    template <typename InputIteratorT, typename OffsetsOutputIteratorT, typename LengthsOutputIteratorT,
              typename NumRunsOutputIteratorT>
    static cudaError_t
    NonTrivialRuns(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                   OffsetsOutputIteratorT d_offsets_out, LengthsOutputIteratorT d_lengths_out,
                   NumRunsOutputIteratorT d_num_runs_out, int num_items, cudaStream_t stream = 0)
    {
        typedef detail::non_void_value_t<LengthsOutputIteratorT, int> LengthT;
        typedef detail::non_void_value_t<OffsetsOutputIteratorT, int> OffsetT;
        simt_cub::index_t n = simt_cub::count_of(num_items);
        ::cuda::std::equal_to<> eq;
        return simt_cub::runs(
            "cub::DeviceRunLengthEncode::NonTrivialRuns", d_temp_storage, temp_storage_bytes, n,
            simt_cub::make_heads(d_in, eq),
            [d_in, eq, n](simt_cub::index_t h) { return h + 1 < n && eq(d_in[h], d_in[h + 1]); },
            [d_offsets_out, d_lengths_out](simt_cub::index_t h, simt_cub::index_t k,
                                           simt_cub::index_t end) mutable {
                d_offsets_out[k] = (OffsetT)h;
                d_lengths_out[k] = (LengthT)(end - h);
            },
            d_num_runs_out, stream);
    }
};

CUB_NAMESPACE_END

#endif
