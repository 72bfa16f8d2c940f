/*
 * cub/device/device_reduce.cuh: cub::DeviceReduce (CUB 3.0's API).
 *
 * A reduction is two steps in the stream: each chunk folds its items left
 * to right, then one block folds the chunks' results in chunk order and
 * applies init as CUB does: the output is reduction_op(init, aggregate),
 * or init for no items (so Min over {+inf} is FLT_MAX, as on a GPU).
 * Operators are only ever applied left to right, so an associative but
 * non-commutative operator gives CUB's result; floating-point sums
 * associate differently from a GPU's tree (equal where the sums are
 * exact).  ReduceByKey is detail/simt_runs.cuh's.
 */
#ifndef SIMT_CUB_DEVICE_REDUCE_CUH
#define SIMT_CUB_DEVICE_REDUCE_CUH
#pragma GCC system_header

#include <limits>
#include "../detail/simt_core.cuh"
#include "../thread/thread_operators.cuh"
#include "../iterator/arg_index_input_iterator.cuh"
#include "../detail/simt_runs.cuh"

namespace simt_cub {

/* Folds get(0..n) with op in the stream and calls finish(&aggregate), or
 * finish(nullptr) for no items, in one block. */
template <class Accum, class Get, class Op, class Finish>
inline cudaError_t reduce(const char *name, void *d_temp, size_t &temp_bytes, index_t n, Get get, Op op,
                          Finish finish, cudaStream_t stream)
{
    chunks c(n);
    void *p[1];
    size_t sz[1] = {c.count * sizeof(Accum)};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp)
        return e;
    Accum *part = (Accum *)p[0];
    if (c.count == 1)
        return launch(name, 1, stream, [=](unsigned) mutable {
            if (n == 0) {
                finish((Accum *)nullptr);
                return;
            }
            Accum acc(get(0));
            for (index_t i = 1; i < n; i++)
                acc = op(acc, get(i));
            finish(&acc);
        });
    e = launch(name, c.count, stream, [=](unsigned b) mutable {
        index_t lo = c.lo(b), hi = c.hi(b);
        Accum acc(get(lo));
        for (index_t i = lo + 1; i < hi; i++)
            acc = op(acc, get(i));
        put(part + b, acc);
    });
    if (e != cudaSuccess)
        return e;
    return launch(name, 1, stream, [=](unsigned) mutable {
        Accum acc(part[0]);
        for (unsigned b = 1; b < c.count; b++)
            acc = op(acc, part[b]);
        finish(&acc);
    });
}

/* DeviceReduce::Reduce and what is built on it: *out = op(init, aggregate). */
template <class In, class Out, class Op, class Init, class Accum>
inline cudaError_t reduce_init(const char *name, void *d_temp, size_t &temp_bytes, In in, Out out, index_t n,
                               Op op, Init init, cudaStream_t stream)
{
    return reduce<Accum>(
        name, d_temp, temp_bytes, n, [in](index_t i) { return in[i]; }, op,
        [out, op, init](Accum *acc) mutable {
            if (acc)
                *out = op(init, *acc);
            else
                *out = init;
        },
        stream);
}

/* The (index, value) pair of the first extremum, Better(a, b) telling
 * whether b beats a. */
template <class Index, class T, class Better> struct arg_pick {
    Better better;
    ::cub::KeyValuePair<Index, T> operator()(const ::cub::KeyValuePair<Index, T> &a,
                                             const ::cub::KeyValuePair<Index, T> &b) const
    {
        return better(a, b) ? b : a;
    }
};

} /* namespace simt_cub */

CUB_NAMESPACE_BEGIN

struct DeviceReduce {
    template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename T,
              typename NumItemsT>
    static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op, T init,
                              cudaStream_t stream = 0)
    {
        typedef simt_cub::accum_t<ReductionOpT, detail::it_value_t<InputIteratorT>, T> AccumT;
        return simt_cub::reduce_init<InputIteratorT, OutputIteratorT, ReductionOpT, T, AccumT>(
            "cub::DeviceReduce::Reduce", d_temp_storage, temp_storage_bytes, d_in, d_out,
            simt_cub::count_of(num_items), reduction_op, init, stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        typedef detail::non_void_value_t<OutputIteratorT, detail::it_value_t<InputIteratorT>> InitT;
        typedef ::cuda::std::plus<> Op;
        typedef simt_cub::accum_t<Op, detail::it_value_t<InputIteratorT>, InitT> AccumT;
        return simt_cub::reduce_init<InputIteratorT, OutputIteratorT, Op, InitT, AccumT>(
            "cub::DeviceReduce::Sum", d_temp_storage, temp_storage_bytes, d_in, d_out,
            simt_cub::count_of(num_items), Op(), InitT{}, stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<InputIteratorT> InitT;
        typedef ::cuda::minimum<> Op;
        typedef simt_cub::accum_t<Op, detail::it_value_t<InputIteratorT>, InitT> AccumT;
        return simt_cub::reduce_init<InputIteratorT, OutputIteratorT, Op, InitT, AccumT>(
            "cub::DeviceReduce::Min", d_temp_storage, temp_storage_bytes, d_in, d_out,
            simt_cub::count_of(num_items), Op(), ::std::numeric_limits<InitT>::max(), stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<InputIteratorT> InitT;
        typedef ::cuda::maximum<> Op;
        typedef simt_cub::accum_t<Op, detail::it_value_t<InputIteratorT>, InitT> AccumT;
        return simt_cub::reduce_init<InputIteratorT, OutputIteratorT, Op, InitT, AccumT>(
            "cub::DeviceReduce::Max", d_temp_storage, temp_storage_bytes, d_in, d_out,
            simt_cub::count_of(num_items), Op(), ::std::numeric_limits<InitT>::lowest(), stream);
    }

    /* CUB 3's ArgMin: the first minimum's value and its index (64-bit);
     * nothing is written for no items. */
    template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
    static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              ExtremumOutIteratorT d_min_out, IndexOutIteratorT d_index_out,
                              ::cuda::std::int64_t num_items, cudaStream_t stream = 0)
    {
        return arg_extremum<true>("cub::DeviceReduce::ArgMin", d_temp_storage, temp_storage_bytes, d_in,
                                  d_min_out, d_index_out, num_items, stream);
    }
    template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
    static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              ExtremumOutIteratorT d_max_out, IndexOutIteratorT d_index_out,
                              ::cuda::std::int64_t num_items, cudaStream_t stream = 0)
    {
        return arg_extremum<false>("cub::DeviceReduce::ArgMax", d_temp_storage, temp_storage_bytes, d_in,
                                   d_max_out, d_index_out, num_items, stream);
    }

    /* The older ArgMin/ArgMax (deprecated in CUB 3): a KeyValuePair<int, T>
     * of the first extremum; {1, max()} ({1, lowest()}) for no items. */
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, cudaStream_t stream = 0)
    {
        return arg_pair<cub::ArgMin>("cub::DeviceReduce::ArgMin", d_temp_storage, temp_storage_bytes, d_in,
                                     d_out, num_items, true, stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, cudaStream_t stream = 0)
    {
        return arg_pair<cub::ArgMax>("cub::DeviceReduce::ArgMax", d_temp_storage, temp_storage_bytes, d_in,
                                     d_out, num_items, false, stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename TransformOpT,
              typename T, typename NumItemsT>
    static cudaError_t TransformReduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                       OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op,
                                       TransformOpT transform_op, T init, cudaStream_t stream = 0)
    {
        typedef typename ::std::invoke_result<TransformOpT, detail::it_value_t<InputIteratorT>>::type X;
        typedef simt_cub::accum_t<ReductionOpT, X, T> AccumT;
        return simt_cub::reduce<AccumT>(
            "cub::DeviceReduce::TransformReduce", d_temp_storage, temp_storage_bytes,
            simt_cub::count_of(num_items),
            [d_in, transform_op](simt_cub::index_t i) mutable { return transform_op(d_in[i]); }, reduction_op,
            [d_out, reduction_op, init](AccumT *acc) mutable {
                if (acc)
                    *d_out = reduction_op(init, *acc);
                else
                    *d_out = init;
            },
            stream);
    }

    template <typename KeysInputIteratorT, typename UniqueOutputIteratorT, typename ValuesInputIteratorT,
              typename AggregatesOutputIteratorT, typename NumRunsOutputIteratorT, typename ReductionOpT,
              typename NumItemsT>
    static cudaError_t
    ReduceByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                UniqueOutputIteratorT d_unique_out, ValuesInputIteratorT d_values_in,
                AggregatesOutputIteratorT d_aggregates_out, NumRunsOutputIteratorT d_num_runs_out,
                ReductionOpT reduction_op, NumItemsT num_items, cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<ValuesInputIteratorT> V;
        typedef simt_cub::accum_t<ReductionOpT, V, V> AccumT;
        return simt_cub::reduce_by_key<AccumT>(
            "cub::DeviceReduce::ReduceByKey", d_temp_storage, temp_storage_bytes, d_keys_in, d_unique_out,
            [d_values_in](simt_cub::index_t i) { return d_values_in[i]; }, d_aggregates_out, d_num_runs_out,
            ::cuda::std::equal_to<>(), reduction_op, simt_cub::count_of(num_items), stream);
    }

private:
    template <bool IsMin, typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
    static cudaError_t arg_extremum(const char *name, void *d_temp_storage, size_t &temp_storage_bytes,
                                    InputIteratorT d_in, ExtremumOutIteratorT d_ext_out,
                                    IndexOutIteratorT d_index_out, ::cuda::std::int64_t num_items,
                                    cudaStream_t stream)
    {
        typedef detail::it_value_t<InputIteratorT> InputValueT;
        typedef detail::non_void_value_t<ExtremumOutIteratorT, InputValueT> ValueT;
        typedef KeyValuePair<::cuda::std::int64_t, ValueT> Pair;
        typedef typename ::std::conditional<IsMin, cub::ArgMin, cub::ArgMax>::type Op;
        return simt_cub::reduce<Pair>(
            name, d_temp_storage, temp_storage_bytes, simt_cub::count_of(num_items),
            [d_in](simt_cub::index_t i) { return Pair(i, ValueT(d_in[i])); }, Op(),
            [d_ext_out, d_index_out](Pair *acc) mutable {
                if (acc) {
                    *d_ext_out = acc->value;
                    *d_index_out = acc->key;
                }
            },
            stream);
    }

    template <typename Op, typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t arg_pair(const char *name, void *d_temp_storage, size_t &temp_storage_bytes,
                                InputIteratorT d_in, OutputIteratorT d_out, int num_items, bool is_min,
                                cudaStream_t stream)
    {
        typedef detail::it_value_t<InputIteratorT> InputValueT;
        typedef detail::non_void_value_t<OutputIteratorT, KeyValuePair<int, InputValueT>> Pair;
        typedef typename Pair::Value ValueT;
        Pair empty(1, is_min ? ValueT(::std::numeric_limits<InputValueT>::max())
                             : ValueT(::std::numeric_limits<InputValueT>::lowest()));
        return simt_cub::reduce<Pair>(
            name, d_temp_storage, temp_storage_bytes, simt_cub::count_of(num_items),
            [d_in](simt_cub::index_t i) { return Pair((int)i, ValueT(d_in[i])); }, Op(),
            [d_out, empty](Pair *acc) mutable { *d_out = acc ? *acc : empty; }, stream);
    }
};

CUB_NAMESPACE_END

#endif
