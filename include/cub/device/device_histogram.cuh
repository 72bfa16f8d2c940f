/*
 * cub/device/device_histogram.cuh: cub::DeviceHistogram (CUB 3.0's API):
 * HistogramEven, HistogramRange and their multi-channel and 2D forms.
 *
 * Bins are chosen with CUB's arithmetic: for Even, floating-point samples
 * take bin (int)((sample - lower) * (bins / (upper - lower))) in the common
 * type, integers ((sample - lower) * bins) / (upper - lower) in 32- or
 * 64-bit unsigned arithmetic (and a range whose product could overflow is
 * cudaErrorInvalidValue, as CUB checks it); for Range, the last level not
 * above the sample (converted to the level type).  Samples outside
 * [lower, upper) are not counted; 1-byte samples below zero are not
 * counted either (CUB counts byte samples by value first, with (int)sample
 * as the index).
 *
 * Each chunk counts into its own private counters in temporary storage,
 * which a last step sums into the output (CUB overwrites the output
 * histogram); with more than 4096 bins the chunks count into the zeroed
 * output with atomic adds instead.
 */
#ifndef SIMT_CUB_DEVICE_HISTOGRAM_CUH
#define SIMT_CUB_DEVICE_HISTOGRAM_CUH
#pragma GCC system_header

#include <limits.h>
#include <array>
#include <cuda/std/array>
#include <limits>
#include <type_traits>
#include "../detail/simt_core.cuh"

namespace simt_cub {

/* CUB's bin selection for HistogramEven. */
template <class SampleT, class LevelT> struct even_bins {
    typedef typename ::std::common_type<LevelT, SampleT>::type CommonT;
    typedef typename ::std::conditional<sizeof(SampleT) + sizeof(CommonT) <= sizeof(uint32_t), uint32_t,
                                        uint64_t>::type IntT;
    CommonT lo, hi;
    int bins;
    CommonT reciprocal;

    cudaError_t init(int num_levels, LevelT lower, LevelT upper)
    {
        lo = static_cast<CommonT>(lower);
        hi = static_cast<CommonT>(upper);
        bins = num_levels - 1;
        if constexpr (::std::is_integral<CommonT>::value) {
            if (bins > 0 &&
                static_cast<IntT>(hi - lo) > ::std::numeric_limits<IntT>::max() / static_cast<IntT>(bins))
                return cudaErrorInvalidValue;
        } else {
            reciprocal =
                static_cast<CommonT>(static_cast<CommonT>(num_levels - 1) / static_cast<CommonT>(hi - lo));
        }
        return cudaSuccess;
    }
    int operator()(SampleT sample) const
    {
        if (sizeof(SampleT) == 1 && (int)sample < 0)
            return -1;
        CommonT s = static_cast<CommonT>(sample);
        if (!(s >= lo && s < hi))
            return -1;
        int bin;
        if constexpr (::std::is_integral<CommonT>::value)
            bin = (int)((static_cast<IntT>(s - lo) * static_cast<IntT>(bins)) / static_cast<IntT>(hi - lo));
        else
            bin = static_cast<int>((s - lo) * reciprocal);
        return bin < bins ? bin : -1;
    }
};

/* CUB's bin selection for HistogramRange. */
template <class SampleT, class LevelT> struct range_bins {
    const LevelT *levels;
    int num_levels;
    int operator()(SampleT sample) const
    {
        if (sizeof(SampleT) == 1 && (int)sample < 0)
            return -1;
        LevelT v = (LevelT)sample;
        int lo = 0, n = num_levels; /* upper bound: first level > v */
        while (n > 0) {
            int half = n / 2;
            if (!(v < levels[lo + half])) {
                lo += half + 1;
                n -= half + 1;
            } else {
                n = half;
            }
        }
        int bin = lo - 1;
        return bin < num_levels - 1 ? bin : -1;
    }
};

template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT, class BinOf>
inline cudaError_t histogram(const char *name, void *d_temp, size_t &temp_bytes, SampleIt samples,
                             ::std::array<CounterT *, NUM_ACTIVE_CHANNELS> out,
                             ::std::array<BinOf, NUM_ACTIVE_CHANNELS> bin_of,
                             ::std::array<int, NUM_ACTIVE_CHANNELS> num_levels, index_t row_pixels,
                             index_t rows, index_t row_stride, cudaStream_t stream)
{
    index_t total_bins = 0;
    ::std::array<index_t, NUM_ACTIVE_CHANNELS> first_bin;
    ::std::array<int, NUM_ACTIVE_CHANNELS> bins;
    for (int ch = 0; ch < NUM_ACTIVE_CHANNELS; ch++) {
        bins[ch] = num_levels[ch] > 1 ? num_levels[ch] - 1 : 0;
        first_bin[ch] = total_bins;
        total_bins += bins[ch];
    }
    if (row_pixels < 0)
        row_pixels = 0;
    if (rows < 0)
        rows = 0;
    index_t pixels = row_pixels * rows;
    chunks c(pixels);
    const bool atomic = total_bins > 4096 && ::std::is_integral<CounterT>::value;
    void *p[1];
    size_t sz[1] = {atomic ? 0 : (size_t)c.count * (size_t)total_bins * sizeof(index_t)};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp)
        return e;
    index_t *priv = (index_t *)p[0];
    auto count = [=](unsigned b, auto add) mutable {
        for (index_t i = c.lo(b); i < c.hi(b); i++) {
            index_t row = i / row_pixels, px = i % row_pixels;
            index_t at = row * row_stride + px * NUM_CHANNELS;
            for (int ch = 0; ch < NUM_ACTIVE_CHANNELS; ch++) {
                int bin = bin_of[ch](samples[at + ch]);
                if (bin >= 0 && bin < bins[ch])
                    add(ch, bin);
            }
        }
    };
    if (atomic) {
        e = launch(name, 1, stream, [=](unsigned) {
            for (int ch = 0; ch < NUM_ACTIVE_CHANNELS; ch++)
                for (int k = 0; k < bins[ch]; k++)
                    out[ch][k] = CounterT(0);
        });
        if (e != cudaSuccess || pixels == 0)
            return e;
        return launch(name, c.count, stream, [=](unsigned b) mutable {
            count(b,
                  [&](int ch, int bin) { __atomic_fetch_add(&out[ch][bin], CounterT(1), __ATOMIC_RELAXED); });
        });
    }
    if (pixels > 0) {
        e = launch(name, c.count, stream, [=](unsigned b) mutable {
            index_t *mine = priv + (size_t)b * total_bins;
            for (index_t k = 0; k < total_bins; k++)
                mine[k] = 0;
            count(b, [&](int ch, int bin) { mine[first_bin[ch] + bin]++; });
        });
        if (e != cudaSuccess)
            return e;
    }
    const unsigned parts = pixels > 0 ? c.count : 0;
    return launch(name, 1, stream, [=](unsigned) {
        for (int ch = 0; ch < NUM_ACTIVE_CHANNELS; ch++)
            for (int k = 0; k < bins[ch]; k++) {
                index_t sum = 0;
                for (unsigned b = 0; b < parts; b++)
                    sum += priv[(size_t)b * total_bins + first_bin[ch] + k];
                out[ch][k] = CounterT(sum);
            }
    });
}

template <size_t N, typename T> inline ::std::array<typename ::std::remove_const<T>::type, N> to_array(T *ptr)
{
    ::std::array<typename ::std::remove_const<T>::type, N> a{};
    for (size_t i = 0; i < N; i++)
        a[i] = ptr[i];
    return a;
}

} /* namespace simt_cub */

CUB_NAMESPACE_BEGIN

struct DeviceHistogram {
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes,
                                     SampleIteratorT d_samples, CounterT *d_histogram, int num_levels,
                                     LevelT lower_level, LevelT upper_level, OffsetT num_samples,
                                     cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<SampleIteratorT> SampleT;
        return MultiHistogramEven<1, 1>(
            d_temp_storage, temp_storage_bytes, d_samples, ::std::array<CounterT *, 1>{d_histogram},
            ::std::array<int, 1>{num_levels}, ::std::array<LevelT, 1>{lower_level},
            ::std::array<LevelT, 1>{upper_level}, num_samples, static_cast<OffsetT>(1),
            sizeof(SampleT) * num_samples, stream);
    }
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes,
                                     SampleIteratorT d_samples, CounterT *d_histogram, int num_levels,
                                     LevelT lower_level, LevelT upper_level, OffsetT num_row_samples,
                                     OffsetT num_rows, size_t row_stride_bytes, cudaStream_t stream = 0)
    {
        return MultiHistogramEven<1, 1>(
            d_temp_storage, temp_storage_bytes, d_samples, ::std::array<CounterT *, 1>{d_histogram},
            ::std::array<int, 1>{num_levels}, ::std::array<LevelT, 1>{lower_level},
            ::std::array<LevelT, 1>{upper_level}, num_row_samples, num_rows, row_stride_bytes, stream);
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT,
              typename LevelT, typename OffsetT>
    static cudaError_t MultiHistogramEven(void *d_temp_storage, size_t &temp_storage_bytes,
                                          SampleIteratorT d_samples,
                                          ::std::array<CounterT *, NUM_ACTIVE_CHANNELS> d_histogram,
                                          ::std::array<int, NUM_ACTIVE_CHANNELS> num_levels,
                                          ::std::array<LevelT, NUM_ACTIVE_CHANNELS> lower_level,
                                          ::std::array<LevelT, NUM_ACTIVE_CHANNELS> upper_level,
                                          OffsetT num_pixels, cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<SampleIteratorT> SampleT;
        return MultiHistogramEven<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, lower_level, upper_level,
            num_pixels, static_cast<OffsetT>(1), sizeof(SampleT) * NUM_CHANNELS * num_pixels, stream);
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT,
              typename LevelT, typename OffsetT>
    static cudaError_t
    MultiHistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                       CounterT *d_histogram[NUM_ACTIVE_CHANNELS], const int num_levels[NUM_ACTIVE_CHANNELS],
                       const LevelT lower_level[NUM_ACTIVE_CHANNELS],
                       const LevelT upper_level[NUM_ACTIVE_CHANNELS], OffsetT num_pixels,
                       cudaStream_t stream = 0)
    {
        return MultiHistogramEven<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            d_temp_storage, temp_storage_bytes, d_samples,
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(d_histogram),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(num_levels),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(lower_level),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(upper_level), num_pixels, stream);
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT,
              typename LevelT, typename OffsetT>
    static cudaError_t
    MultiHistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                       ::std::array<CounterT *, NUM_ACTIVE_CHANNELS> d_histogram,
                       ::std::array<int, NUM_ACTIVE_CHANNELS> num_levels,
                       ::std::array<LevelT, NUM_ACTIVE_CHANNELS> lower_level,
                       ::std::array<LevelT, NUM_ACTIVE_CHANNELS> upper_level, OffsetT num_row_pixels,
                       OffsetT num_rows, size_t row_stride_bytes, cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<SampleIteratorT> SampleT;
        typedef simt_cub::even_bins<SampleT, LevelT> BinOf;
        ::std::array<BinOf, NUM_ACTIVE_CHANNELS> ops;
        for (int ch = 0; ch < NUM_ACTIVE_CHANNELS; ch++) {
            cudaError_t e = ops[ch].init(num_levels[ch], lower_level[ch], upper_level[ch]);
            if (e != cudaSuccess)
                return e;
        }
        return simt_cub::histogram<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            "cub::DeviceHistogram::HistogramEven", d_temp_storage, temp_storage_bytes, d_samples, d_histogram,
            ops, num_levels, (simt_cub::index_t)num_row_pixels, (simt_cub::index_t)num_rows,
            (simt_cub::index_t)(row_stride_bytes / sizeof(SampleT)), stream);
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT,
              typename LevelT, typename OffsetT>
    static cudaError_t
    MultiHistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                       CounterT *d_histogram[NUM_ACTIVE_CHANNELS], const int num_levels[NUM_ACTIVE_CHANNELS],
                       const LevelT lower_level[NUM_ACTIVE_CHANNELS],
                       const LevelT upper_level[NUM_ACTIVE_CHANNELS], OffsetT num_row_pixels,
                       OffsetT num_rows, size_t row_stride_bytes, cudaStream_t stream = 0)
    {
        return MultiHistogramEven<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            d_temp_storage, temp_storage_bytes, d_samples,
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(d_histogram),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(num_levels),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(lower_level),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(upper_level), num_row_pixels, num_rows, row_stride_bytes,
            stream);
    }

    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramRange(void *d_temp_storage, size_t &temp_storage_bytes,
                                      SampleIteratorT d_samples, CounterT *d_histogram, int num_levels,
                                      const LevelT *d_levels, OffsetT num_samples, cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<SampleIteratorT> SampleT;
        return MultiHistogramRange<1, 1>(
            d_temp_storage, temp_storage_bytes, d_samples, ::std::array<CounterT *, 1>{d_histogram},
            ::std::array<int, 1>{num_levels}, ::std::array<const LevelT *, 1>{d_levels}, num_samples,
            (OffsetT)1, (size_t)(sizeof(SampleT) * num_samples), stream);
    }
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramRange(void *d_temp_storage, size_t &temp_storage_bytes,
                                      SampleIteratorT d_samples, CounterT *d_histogram, int num_levels,
                                      const LevelT *d_levels, OffsetT num_row_samples, OffsetT num_rows,
                                      size_t row_stride_bytes, cudaStream_t stream = 0)
    {
        return MultiHistogramRange<1, 1>(
            d_temp_storage, temp_storage_bytes, d_samples, ::std::array<CounterT *, 1>{d_histogram},
            ::std::array<int, 1>{num_levels}, ::std::array<const LevelT *, 1>{d_levels}, num_row_samples,
            num_rows, row_stride_bytes, stream);
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT,
              typename LevelT, typename OffsetT>
    static cudaError_t MultiHistogramRange(void *d_temp_storage, size_t &temp_storage_bytes,
                                           SampleIteratorT d_samples,
                                           ::std::array<CounterT *, NUM_ACTIVE_CHANNELS> d_histogram,
                                           ::std::array<int, NUM_ACTIVE_CHANNELS> num_levels,
                                           ::std::array<const LevelT *, NUM_ACTIVE_CHANNELS> d_levels,
                                           OffsetT num_pixels, cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<SampleIteratorT> SampleT;
        return MultiHistogramRange<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, d_levels, num_pixels,
            (OffsetT)1, (size_t)(sizeof(SampleT) * NUM_CHANNELS * num_pixels), stream);
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT,
              typename LevelT, typename OffsetT>
    static cudaError_t
    MultiHistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                        CounterT *d_histogram[NUM_ACTIVE_CHANNELS], const int num_levels[NUM_ACTIVE_CHANNELS],
                        const LevelT *const d_levels[NUM_ACTIVE_CHANNELS], OffsetT num_pixels,
                        cudaStream_t stream = 0)
    {
        return MultiHistogramRange<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            d_temp_storage, temp_storage_bytes, d_samples,
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(d_histogram),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(num_levels),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(d_levels), num_pixels, stream);
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT,
              typename LevelT, typename OffsetT>
    static cudaError_t
    MultiHistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                        ::std::array<CounterT *, NUM_ACTIVE_CHANNELS> d_histogram,
                        ::std::array<int, NUM_ACTIVE_CHANNELS> num_levels,
                        ::std::array<const LevelT *, NUM_ACTIVE_CHANNELS> d_levels, OffsetT num_row_pixels,
                        OffsetT num_rows, size_t row_stride_bytes, cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<SampleIteratorT> SampleT;
        typedef simt_cub::range_bins<SampleT, LevelT> BinOf;
        ::std::array<BinOf, NUM_ACTIVE_CHANNELS> ops;
        for (int ch = 0; ch < NUM_ACTIVE_CHANNELS; ch++)
            ops[ch] = BinOf{d_levels[ch], num_levels[ch]};
        return simt_cub::histogram<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            "cub::DeviceHistogram::HistogramRange", d_temp_storage, temp_storage_bytes, d_samples,
            d_histogram, ops, num_levels, (simt_cub::index_t)num_row_pixels, (simt_cub::index_t)num_rows,
            (simt_cub::index_t)(row_stride_bytes / sizeof(SampleT)), stream);
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT,
              typename LevelT, typename OffsetT>
    static cudaError_t
    MultiHistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                        CounterT *d_histogram[NUM_ACTIVE_CHANNELS], const int num_levels[NUM_ACTIVE_CHANNELS],
                        const LevelT *const d_levels[NUM_ACTIVE_CHANNELS], OffsetT num_row_pixels,
                        OffsetT num_rows, size_t row_stride_bytes, cudaStream_t stream = 0)
    {
        return MultiHistogramRange<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            d_temp_storage, temp_storage_bytes, d_samples,
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(d_histogram),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(num_levels),
            simt_cub::to_array<NUM_ACTIVE_CHANNELS>(d_levels), num_row_pixels, num_rows, row_stride_bytes,
            stream);
    }
};

CUB_NAMESPACE_END

#endif
