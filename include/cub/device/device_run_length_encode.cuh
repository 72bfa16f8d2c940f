/*
 * cub/device/device_run_length_encode.cuh: cub::DeviceRunLengthEncode
 * (CUB 3.0's API).  Encode writes each run's first item and its length;
 * NonTrivialRuns the offset and length of each run longer than one item.
 */
#ifndef SIMT_CUB_DEVICE_RUN_LENGTH_ENCODE_CUH
#define SIMT_CUB_DEVICE_RUN_LENGTH_ENCODE_CUH
#pragma GCC system_header

#include "../detail/simt_runs.cuh"

namespace simt_cub {

/* NonTrivialRuns: each run of more than one item under eq, as its first
 * offset and its length. */
template <class OffsetT, class LengthT, class In, class OffsetsOut, class LengthsOut, class NumOut, class Eq>
inline cudaError_t nontrivial_runs(const char *name, void *d_temp, size_t &temp_bytes, In in,
                                   OffsetsOut offsets_out, LengthsOut lengths_out, NumOut num_out, Eq eq,
                                   index_t n, cudaStream_t stream)
{
    return runs(
        name, d_temp, temp_bytes, n, make_heads(in, eq),
        [in, eq, n](index_t h) mutable { return h + 1 < n && eq(in[h], in[h + 1]); },
        [offsets_out, lengths_out](index_t h, index_t k, index_t end) mutable {
            offsets_out[k] = (OffsetT)h;
            lengths_out[k] = (LengthT)(end - h);
        },
        num_out, stream);
}

} /* namespace simt_cub */

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
                /* The run's last item, as CUB's (its Encode is a
                 * reduce-by-key): -0.0 and +0.0 are one run. */
                d_unique_out[k] = d_in[end - 1];
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
        return simt_cub::nontrivial_runs<OffsetT, LengthT>(
            "cub::DeviceRunLengthEncode::NonTrivialRuns", d_temp_storage, temp_storage_bytes, d_in, d_offsets_out,
            d_lengths_out, d_num_runs_out, ::cuda::std::equal_to<>(), simt_cub::count_of(num_items), stream);
    }
};

CUB_NAMESPACE_END

#endif
