/*
 * cub/device/dispatch/dispatch_histogram.cuh: cub::DispatchHistogram
 * (CUB 3.0's parameters; dispatch_common.cuh says how simt runs it):
 * DispatchRange and DispatchEven, each for samples of one byte or more
 * (the is_byte_sample argument), with row strides counted in samples.
 * Bins are cub::DeviceHistogram's.  PolicyHub is void by default, as in
 * CUB, which then picks its own hub (one for Range, one for Even), so the
 * class has no MaxPolicy of its own.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_HISTOGRAM_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_HISTOGRAM_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_histogram.cuh"
#include "../device_histogram.cuh"

CUB_NAMESPACE_BEGIN

template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT, typename LevelT,
          typename OffsetT, typename PolicyHub = void>
struct DispatchHistogram {
    static_assert(NUM_CHANNELS <= 4, "cub::DispatchHistogram: histograms have at most 4 channels, as in CUB 3.0");
    static_assert(NUM_ACTIVE_CHANNELS <= NUM_CHANNELS,
                  "cub::DispatchHistogram: at most NUM_CHANNELS channels can be active, as in CUB 3.0");

    using SampleT = detail::it_value_t<SampleIteratorT>;

    /* The last argument says whether the samples are bytes (CUB's two
     * overloads); both run the same way here. */
    template <bool ByteSamples>
    static cudaError_t DispatchRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                     ::cuda::std::array<CounterT *, NUM_ACTIVE_CHANNELS> d_output_histograms,
                                     ::cuda::std::array<int, NUM_ACTIVE_CHANNELS> num_output_levels,
                                     ::cuda::std::array<const LevelT *, NUM_ACTIVE_CHANNELS> d_levels,
                                     OffsetT num_row_pixels, OffsetT num_rows, OffsetT row_stride_samples,
                                     cudaStream_t stream, ::cuda::std::integral_constant<bool, ByteSamples>)
    {
        return range(d_temp_storage, temp_storage_bytes, d_samples, d_output_histograms, num_output_levels, d_levels,
                     num_row_pixels, num_rows, row_stride_samples, stream);
    }

    /* A range whose bin arithmetic could overflow is cudaErrorInvalidValue
     * (the size query then says 1 byte), except for byte samples: CUB
     * bins those by value and maps the 256 values with the same scale
     * without checking it. */
    template <bool ByteSamples>
    static cudaError_t DispatchEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                    ::cuda::std::array<CounterT *, NUM_ACTIVE_CHANNELS> d_output_histograms,
                                    ::cuda::std::array<int, NUM_ACTIVE_CHANNELS> num_output_levels,
                                    ::cuda::std::array<LevelT, NUM_ACTIVE_CHANNELS> lower_level,
                                    ::cuda::std::array<LevelT, NUM_ACTIVE_CHANNELS> upper_level,
                                    OffsetT num_row_pixels, OffsetT num_rows, OffsetT row_stride_samples,
                                    cudaStream_t stream, ::cuda::std::integral_constant<bool, ByteSamples>)
    {
        return even<ByteSamples>(d_temp_storage, temp_storage_bytes, d_samples, d_output_histograms,
                                 num_output_levels, lower_level, upper_level, num_row_pixels, num_rows,
                                 row_stride_samples, stream);
    }

private:
    /* The caller's hub, or CUB's default for Range or Even. */
    template <bool IsEven>
    using max_policy = typename ::std::conditional<
        ::std::is_void<PolicyHub>::value,
        detail::histogram::policy_hub<SampleT, CounterT, NUM_CHANNELS, NUM_ACTIVE_CHANNELS, IsEven>,
        PolicyHub>::type::MaxPolicy;

    static cudaError_t range(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                             ::cuda::std::array<CounterT *, NUM_ACTIVE_CHANNELS> d_output_histograms,
                             ::cuda::std::array<int, NUM_ACTIVE_CHANNELS> num_output_levels,
                             ::cuda::std::array<const LevelT *, NUM_ACTIVE_CHANNELS> d_levels,
                             OffsetT num_row_pixels, OffsetT num_rows, OffsetT row_stride_samples,
                             cudaStream_t stream)
    {
        typedef simt_cub::range_bins<SampleT, LevelT> BinOf;
        ::std::array<BinOf, NUM_ACTIVE_CHANNELS> ops;
        for (int ch = 0; ch < NUM_ACTIVE_CHANNELS; ch++)
            ops[ch] = BinOf{d_levels[ch], num_output_levels[ch]};
        return detail::simt_dispatch::dispatch<max_policy<false>>([&] {
            return simt_cub::histogram<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
                "cub::DispatchHistogram::DispatchRange", d_temp_storage, temp_storage_bytes, d_samples,
                d_output_histograms, ops, num_output_levels, (simt_cub::index_t)num_row_pixels,
                (simt_cub::index_t)num_rows, (simt_cub::index_t)row_stride_samples, stream);
        });
    }

    template <bool IsByteSample>
    static cudaError_t even(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                            ::cuda::std::array<CounterT *, NUM_ACTIVE_CHANNELS> d_output_histograms,
                            ::cuda::std::array<int, NUM_ACTIVE_CHANNELS> num_output_levels,
                            ::cuda::std::array<LevelT, NUM_ACTIVE_CHANNELS> lower_level,
                            ::cuda::std::array<LevelT, NUM_ACTIVE_CHANNELS> upper_level, OffsetT num_row_pixels,
                            OffsetT num_rows, OffsetT row_stride_samples, cudaStream_t stream)
    {
        typedef typename ::std::common_type<LevelT, SampleT>::type CommonT;
        static_assert(::std::is_convertible<CommonT, int>::value,
                      "cub::DispatchHistogram::DispatchEven: the common type of LevelT and the sample type must "
                      "convert to int, as in CUB 3.0");
        static_assert(::std::is_trivially_copyable<CommonT>::value,
                      "cub::DispatchHistogram::DispatchEven: the common type of LevelT and the sample type must "
                      "be trivially copyable, as in CUB 3.0");
        typedef simt_cub::even_bins<SampleT, LevelT> BinOf;
        ::std::array<BinOf, NUM_ACTIVE_CHANNELS> ops;
        for (int ch = 0; ch < NUM_ACTIVE_CHANNELS; ch++) {
            cudaError_t e = ops[ch].init(num_output_levels[ch], lower_level[ch], upper_level[ch]);
            if (e != cudaSuccess && !IsByteSample) {
                if (!d_temp_storage)
                    temp_storage_bytes = 1;
                return e;
            }
        }
        return detail::simt_dispatch::dispatch<max_policy<true>>([&] {
            return simt_cub::histogram<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
                "cub::DispatchHistogram::DispatchEven", d_temp_storage, temp_storage_bytes, d_samples,
                d_output_histograms, ops, num_output_levels, (simt_cub::index_t)num_row_pixels,
                (simt_cub::index_t)num_rows, (simt_cub::index_t)row_stride_samples, stream);
        });
    }
};

CUB_NAMESPACE_END

#endif
