/*
 * cub/device/device_segmented_reduce.cuh: cub::DeviceSegmentedReduce
 * (CUB 3.0's API).  Segment s is [d_begin_offsets[s], d_end_offsets[s]);
 * an empty segment gets the initial value; Reduce, Sum, Min and Max write
 * reduction_op(init, aggregate) as CUB does; ArgMin and ArgMax write the
 * first extremum with its offset within the segment ({1, max()} or
 * {1, lowest()} for an empty one).  Segments are spread over the chunks
 * in order, each folded by one block.
 */
#ifndef SIMT_CUB_DEVICE_SEGMENTED_REDUCE_CUH
#define SIMT_CUB_DEVICE_SEGMENTED_REDUCE_CUH
#pragma GCC system_header

#include <limits>
#include "../detail/simt_core.cuh"
#include "../thread/thread_operators.cuh"

namespace simt_cub {

/* out[s] = finish(&fold of segment s) or finish(nullptr) for an empty one. */
template <class Accum, class Get, class Out, class Begin, class End, class Op, class Finish>
inline cudaError_t segmented_reduce(const char *name, void *d_temp, size_t &temp_bytes, Get get, Out out,
                                    index_t segments, Begin begin, End end, Op op, Finish finish,
                                    cudaStream_t stream)
{
    if (size_query(d_temp, temp_bytes) || segments <= 0)
        return cudaSuccess;
    chunks c(segments, 1, 1);
    return launch(name, c.count, stream, [=](unsigned b) mutable {
        for (index_t s = c.lo(b); s < c.hi(b); s++) {
            index_t lo = (index_t)begin[s], hi = (index_t)end[s];
            if (hi <= lo) {
                out[s] = finish((Accum *)nullptr, lo);
                continue;
            }
            Accum acc(get(lo, lo));
            for (index_t i = lo + 1; i < hi; i++)
                acc = op(acc, get(i, lo));
            out[s] = finish(&acc, lo);
        }
    });
}

} /* namespace simt_cub */

CUB_NAMESPACE_BEGIN

struct DeviceSegmentedReduce {
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT, typename ReductionOpT, typename T>
    static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                              BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                              ReductionOpT reduction_op, T initial_value, cudaStream_t stream = 0)
    {
        return with_init("cub::DeviceSegmentedReduce::Reduce", d_temp_storage, temp_storage_bytes, d_in,
                         d_out, num_segments, d_begin_offsets, d_end_offsets, reduction_op, initial_value,
                         stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                           BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                           cudaStream_t stream = 0)
    {
        typedef detail::non_void_value_t<OutputIteratorT, detail::it_value_t<InputIteratorT>> OutputT;
        return with_init("cub::DeviceSegmentedReduce::Sum", d_temp_storage, temp_storage_bytes, d_in, d_out,
                         num_segments, d_begin_offsets, d_end_offsets, ::cuda::std::plus<>(), OutputT(),
                         stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                           BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                           cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<InputIteratorT> InputT;
        return with_init("cub::DeviceSegmentedReduce::Min", d_temp_storage, temp_storage_bytes, d_in, d_out,
                         num_segments, d_begin_offsets, d_end_offsets, ::cuda::minimum<>(),
                         ::std::numeric_limits<InputT>::max(), stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                           BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                           cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<InputIteratorT> InputT;
        return with_init("cub::DeviceSegmentedReduce::Max", d_temp_storage, temp_storage_bytes, d_in, d_out,
                         num_segments, d_begin_offsets, d_end_offsets, ::cuda::maximum<>(),
                         ::std::numeric_limits<InputT>::lowest(), stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                              BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                              cudaStream_t stream = 0)
    {
        return arg<cub::ArgMin>("cub::DeviceSegmentedReduce::ArgMin", true, d_temp_storage,
                                temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets,
                                stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                              BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                              cudaStream_t stream = 0)
    {
        return arg<cub::ArgMax>("cub::DeviceSegmentedReduce::ArgMax", false, d_temp_storage,
                                temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets,
                                stream);
    }

private:
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT, typename ReductionOpT, typename T>
    static cudaError_t
    with_init(const char *name, void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
              OutputIteratorT d_out, ::cuda::std::int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
              EndOffsetIteratorT d_end_offsets, ReductionOpT reduction_op, T init, cudaStream_t stream)
    {
        typedef simt_cub::accum_t<ReductionOpT, detail::it_value_t<InputIteratorT>, T> AccumT;
        typedef detail::non_void_value_t<OutputIteratorT, AccumT> OutputT;
        return simt_cub::segmented_reduce<AccumT>(
            name, d_temp_storage, temp_storage_bytes,
            [d_in](simt_cub::index_t i, simt_cub::index_t) { return d_in[i]; }, d_out, num_segments,
            d_begin_offsets, d_end_offsets, reduction_op,
            [reduction_op, init](AccumT *acc, simt_cub::index_t) mutable {
                return acc ? OutputT(reduction_op(init, *acc)) : OutputT(init);
            },
            stream);
    }
    template <typename Op, typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t arg(const char *name, bool is_min, void *d_temp_storage, size_t &temp_storage_bytes,
                           InputIteratorT d_in, OutputIteratorT d_out, ::cuda::std::int64_t num_segments,
                           BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                           cudaStream_t stream)
    {
        typedef detail::it_value_t<InputIteratorT> InputValueT;
        typedef detail::non_void_value_t<OutputIteratorT, KeyValuePair<int, InputValueT>> Pair;
        typedef typename Pair::Value ValueT;
        Pair empty(1, is_min ? ValueT(::std::numeric_limits<InputValueT>::max())
                             : ValueT(::std::numeric_limits<InputValueT>::lowest()));
        return simt_cub::segmented_reduce<Pair>(
            name, d_temp_storage, temp_storage_bytes,
            [d_in](simt_cub::index_t i, simt_cub::index_t lo) {
                return Pair((int)(i - lo), ValueT(d_in[i]));
            },
            d_out, num_segments, d_begin_offsets, d_end_offsets, Op(),
            [empty](Pair *acc, simt_cub::index_t) { return acc ? *acc : empty; }, stream);
    }
};

CUB_NAMESPACE_END

#endif
