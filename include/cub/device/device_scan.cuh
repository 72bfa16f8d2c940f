/*
 * cub/device/device_scan.cuh: cub::DeviceScan (CUB 3.0's API).
 *
 * A scan is reduce-then-scan in three steps: each chunk folds its items,
 * one block folds those into the value each chunk starts from, and each
 * chunk scans its items from there.  In-place scans (d_in == d_out) are
 * safe: an item is read before its output is written.  Accumulator types
 * are CUB's: what scan_op(input, init) returns (the input's type when
 * there is no init).  Floating-point sums associate as the chunks fall,
 * not as a GPU's tiles do (equal where the sums are exact).
 */
#ifndef SIMT_CUB_DEVICE_SCAN_CUH
#define SIMT_CUB_DEVICE_SCAN_CUH
#pragma GCC system_header

#include "../detail/simt_core.cuh"
#include "../detail/simt_runs.cuh"
#include "../thread/thread_operators.cuh"
/* CUB 3.0's device_scan.cuh brings these (through its dispatch layer);
 * programs writing their own single-pass scans count on it. */
#include "../agent/single_pass_scan_operators.cuh"
#include "../util_math.cuh"

namespace simt_cub {

/* out[i] = fold of in[0..i] (Inclusive) or of in[0..i) (exclusive), the
 * fold starting from init when HasInit.  Init is converted to the
 * accumulator when a step runs, so a FutureValue is read then. */
template <class Accum, bool Inclusive, bool HasInit, class In, class Out, class Op, class Init>
inline cudaError_t scan(const char *name, void *d_temp, size_t &temp_bytes, In in, Out out, Op op, Init init,
                        index_t n, cudaStream_t stream)
{
    chunks c(n);
    void *p[2];
    size_t sz[2] = {c.count * sizeof(Accum), c.count * sizeof(Accum)};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp || n == 0)
        return e;
    Accum *part = (Accum *)p[0], *carry = (Accum *)p[1];
    /* The serial scan of chunk b, from *start (the fold of everything
     * before it) or from nothing. */
    auto write = [=](unsigned b, const Accum *start) mutable {
        index_t lo = c.lo(b), hi = c.hi(b), i = lo;
        if (lo >= hi)
            return;
        Accum acc = start ? *start : Accum(in[lo]);
        if (!start) { /* only an inclusive scan without init starts bare */
            out[i++] = acc;
        }
        for (; i < hi; i++) {
            auto x = in[i];
            if constexpr (Inclusive) {
                acc = op(acc, x);
                out[i] = acc;
            } else {
                out[i] = acc;
                acc = op(acc, x);
            }
        }
    };
    if (c.count == 1)
        return launch(name, 1, stream, [=](unsigned) mutable {
            if constexpr (HasInit) {
                Accum first = Accum(static_cast<typename Init::value_type>(init));
                write(0, &first);
            } else {
                write(0, nullptr);
            }
        });
    e = launch(name, c.count, stream, [=](unsigned b) mutable {
        index_t lo = c.lo(b), hi = c.hi(b);
        Accum acc(in[lo]);
        for (index_t i = lo + 1; i < hi; i++)
            acc = op(acc, in[i]);
        put(part + b, acc);
    });
    if (e != cudaSuccess)
        return e;
    e = launch(name, 1, stream, [=](unsigned) mutable {
        unsigned b = 0;
        if constexpr (HasInit)
            put(carry, Accum(static_cast<typename Init::value_type>(init)));
        else
            put(carry + (++b), part[0]);
        for (; b + 1 < c.count; b++)
            put(carry + b + 1, op(carry[b], part[b]));
    });
    if (e != cudaSuccess)
        return e;
    return launch(name, c.count, stream,
                  [=](unsigned b) mutable { write(b, (HasInit || b > 0) ? carry + b : nullptr); });
}

/* No initial value: what a scan takes for one (see detail::InputValue). */
struct no_init {
    typedef int value_type;
    explicit operator int() const { return 0; }
};

} /* namespace simt_cub */

CUB_NAMESPACE_BEGIN

struct DeviceScan {
    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                    OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<InputIteratorT> InitT;
        return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, ::cuda::std::plus<>(), InitT{},
                             num_items, stream);
    }
    template <typename IteratorT, typename NumItemsT>
    static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                    NumItemsT num_items, cudaStream_t stream = 0)
    {
        return ExclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
              typename NumItemsT>
    static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value,
                                     NumItemsT num_items, cudaStream_t stream = 0)
    {
        typedef simt_cub::accum_t<ScanOpT, detail::it_value_t<InputIteratorT>, InitValueT> AccumT;
        return simt_cub::scan<AccumT, false, true>(
            "cub::DeviceScan::ExclusiveScan", d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op,
            detail::InputValue<InitValueT>(init_value), simt_cub::count_of(num_items), stream);
    }
    template <typename IteratorT, typename ScanOpT, typename InitValueT, typename NumItemsT>
    static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                     ScanOpT scan_op, InitValueT init_value, NumItemsT num_items,
                                     cudaStream_t stream = 0)
    {
        return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, init_value,
                             num_items, stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
              typename InitValueIterT = InitValueT *, typename NumItemsT = int>
    static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, ScanOpT scan_op,
                                     FutureValue<InitValueT, InitValueIterT> init_value, NumItemsT num_items,
                                     cudaStream_t stream = 0)
    {
        typedef simt_cub::accum_t<ScanOpT, detail::it_value_t<InputIteratorT>, InitValueT> AccumT;
        return simt_cub::scan<AccumT, false, true>(
            "cub::DeviceScan::ExclusiveScan", d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op,
            detail::InputValue<InitValueT, InitValueIterT>(init_value),
            simt_cub::count_of(num_items), stream);
    }
    template <typename IteratorT, typename ScanOpT, typename InitValueT,
              typename InitValueIterT = InitValueT *, typename NumItemsT = int>
    static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                     ScanOpT scan_op, FutureValue<InitValueT, InitValueIterT> init_value,
                                     NumItemsT num_items, cudaStream_t stream = 0)
    {
        return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, init_value,
                             num_items, stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                    OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, ::cuda::std::plus<>(),
                             num_items, stream);
    }
    template <typename IteratorT, typename NumItemsT>
    static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                    NumItemsT num_items, cudaStream_t stream = 0)
    {
        return InclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename NumItemsT>
    static cudaError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, ScanOpT scan_op, NumItemsT num_items,
                                     cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<InputIteratorT> InputT;
        typedef simt_cub::accum_t<ScanOpT, InputT, InputT> AccumT;
        return simt_cub::scan<AccumT, true, false>(
            "cub::DeviceScan::InclusiveScan", d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op,
            simt_cub::no_init(), simt_cub::count_of(num_items), stream);
    }
    template <typename IteratorT, typename ScanOpT, typename NumItemsT>
    static cudaError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                     ScanOpT scan_op, NumItemsT num_items, cudaStream_t stream = 0)
    {
        return InclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, num_items, stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
              typename NumItemsT>
    static cudaError_t InclusiveScanInit(void *d_temp_storage, size_t &temp_storage_bytes,
                                         InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op,
                                         InitValueT init_value, NumItemsT num_items, cudaStream_t stream = 0)
    {
        typedef simt_cub::accum_t<ScanOpT, detail::it_value_t<InputIteratorT>, InitValueT> AccumT;
        return simt_cub::scan<AccumT, true, true>(
            "cub::DeviceScan::InclusiveScanInit", d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op,
            detail::InputValue<InitValueT>(init_value), simt_cub::count_of(num_items), stream);
    }

    template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
              typename EqualityOpT = ::cuda::std::equal_to<>, typename NumItemsT = uint32_t>
    static cudaError_t ExclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes,
                                         KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
                                         ValuesOutputIteratorT d_values_out, NumItemsT num_items,
                                         EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<ValuesInputIteratorT> InitT;
        return ExclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                                  ::cuda::std::plus<>(), InitT{}, num_items, equality_op, stream);
    }

    template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
              typename ScanOpT, typename InitValueT, typename EqualityOpT = ::cuda::std::equal_to<>,
              typename NumItemsT = uint32_t>
    static cudaError_t ExclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes,
                                          KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
                                          ValuesOutputIteratorT d_values_out, ScanOpT scan_op,
                                          InitValueT init_value, NumItemsT num_items,
                                          EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
    {
        typedef simt_cub::accum_t<ScanOpT, detail::it_value_t<ValuesInputIteratorT>, InitValueT> AccumT;
        return simt_cub::scan_by_key<AccumT, true>(
            "cub::DeviceScan::ExclusiveScanByKey", d_temp_storage, temp_storage_bytes, d_keys_in,
            [d_values_in](simt_cub::index_t i) { return d_values_in[i]; }, d_values_out, equality_op, scan_op,
            init_value, simt_cub::count_of(num_items), stream);
    }

    template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
              typename EqualityOpT = ::cuda::std::equal_to<>, typename NumItemsT = uint32_t>
    static cudaError_t InclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes,
                                         KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
                                         ValuesOutputIteratorT d_values_out, NumItemsT num_items,
                                         EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
    {
        return InclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                                  ::cuda::std::plus<>(), num_items, equality_op, stream);
    }

    template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
              typename ScanOpT, typename EqualityOpT = ::cuda::std::equal_to<>, typename NumItemsT = uint32_t>
    static cudaError_t
    InclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                       ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out, ScanOpT scan_op,
                       NumItemsT num_items, EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
    {
        typedef detail::it_value_t<ValuesInputIteratorT> V;
        typedef simt_cub::accum_t<ScanOpT, V, V> AccumT;
        return simt_cub::scan_by_key<AccumT, false>(
            "cub::DeviceScan::InclusiveScanByKey", d_temp_storage, temp_storage_bytes, d_keys_in,
            [d_values_in](simt_cub::index_t i) { return d_values_in[i]; }, d_values_out, equality_op, scan_op,
            V(), simt_cub::count_of(num_items), stream);
    }
};

CUB_NAMESPACE_END

#endif
