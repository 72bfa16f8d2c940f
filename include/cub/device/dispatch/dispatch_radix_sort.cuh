/*
 * cub/device/dispatch/dispatch_radix_sort.cuh: cub::DispatchRadixSort and
 * DispatchSegmentedRadixSort (CUB 3.0's parameters; dispatch_common.cuh
 * says how simt runs them).  ValueT is NullType for keys alone.  With
 * is_overwrite_okay the sort may use both buffers and leaves `selector` on
 * the result (simt's passes decide which buffer that is); without, the
 * input stays as it was, the result is in the other buffer and the
 * selectors move to it, as CUB's do.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_RADIX_SORT_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_RADIX_SORT_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_radix_sort.cuh"
#include "../device_radix_sort.cuh"
#include "../device_segmented_radix_sort.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace radix {
/* After a sort that did not overwrite: the result is in the other buffer. */
template <typename KeyT, typename ValueT>
inline void simt_moved(cudaError_t error, void *d_temp_storage, bool is_overwrite_okay, DoubleBuffer<KeyT> &d_keys,
                       DoubleBuffer<ValueT> &d_values)
{
    if (error == cudaSuccess && d_temp_storage && !is_overwrite_okay) {
        d_keys.selector ^= 1;
        d_values.selector ^= 1;
    }
}
} /* namespace radix */
} /* namespace detail */

template <SortOrder Order, typename KeyT, typename ValueT, typename OffsetT,
          typename DecomposerT = detail::identity_decomposer_t,
          typename PolicyHub = detail::radix::policy_hub<KeyT, ValueT, OffsetT>>
struct DispatchRadixSort {
    static constexpr bool KEYS_ONLY = ::std::is_same<ValueT, NullType>::value;

    using max_policy_t = typename PolicyHub::MaxPolicy;
    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected.  The buffers are the
     * caller's, so the selectors move where the caller sees them. */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    DoubleBuffer<KeyT> &d_keys;
    DoubleBuffer<ValueT> &d_values;
    OffsetT num_items;
    int begin_bit;
    int end_bit;
    cudaStream_t stream;
    int ptx_version;
    bool is_overwrite_okay;
    DecomposerT decomposer;

    DispatchRadixSort(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                      DoubleBuffer<ValueT> &d_values, OffsetT num_items, int begin_bit, int end_bit,
                      bool is_overwrite_okay, cudaStream_t stream, int ptx_version, DecomposerT decomposer = {})
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_keys(d_keys), d_values(d_values),
          num_items(num_items), begin_bit(begin_bit), end_bit(end_bit), stream(stream), ptx_version(ptx_version),
          is_overwrite_okay(is_overwrite_okay), decomposer(decomposer)
    {
    }

    /* simt's sort, whatever the policy (its values tune a GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        constexpr bool descending = Order == SortOrder::Descending;
        /* Nothing to sort: the buffers stay as they are (CUB decides this
         * here, under the policy, so a direct Invoke sees it too). */
        if (num_items == 0 || (begin_bit == end_bit && is_overwrite_okay)) {
            if (!d_temp_storage)
                temp_storage_bytes = 1;
            return cudaSuccess;
        }
        if constexpr (::std::is_same<DecomposerT, detail::identity_decomposer_t>::value) {
            cudaError_t e = simt_cub::radix_sort("cub::DispatchRadixSort", d_temp_storage, temp_storage_bytes,
                                                 is_overwrite_okay, d_keys, d_values, simt_cub::count_of(num_items),
                                                 begin_bit, end_bit, descending, stream);
            detail::radix::simt_moved(e, d_temp_storage, is_overwrite_okay, d_keys, d_values);
            return e;
        } else {
            /* A decomposer sort leaves its result in the other buffer,
             * overwriting or not. */
            return detail::radix::decomposer_sort("cub::DispatchRadixSort", d_temp_storage, temp_storage_bytes,
                                                  d_keys, d_values, simt_cub::count_of(num_items), decomposer,
                                                  begin_bit, end_bit, descending, true, stream);
        }
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                DoubleBuffer<ValueT> &d_values, OffsetT num_items, int begin_bit, int end_bit,
                                bool is_overwrite_okay, cudaStream_t stream, DecomposerT decomposer = {})
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchRadixSort dispatch(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit,
                                   end_bit, is_overwrite_okay, stream, ptx_version, decomposer);
        return max_policy_t::Invoke(ptx_version, dispatch);
    }
};

template <SortOrder Order, typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT,
          typename OffsetT, typename PolicyHub = detail::radix::policy_hub<KeyT, ValueT, OffsetT>,
          typename DecomposerT = detail::identity_decomposer_t>
struct DispatchSegmentedRadixSort {
    static constexpr bool KEYS_ONLY = ::std::is_same<ValueT, NullType>::value;

    using max_policy_t = typename PolicyHub::MaxPolicy;
    using MaxPolicy = typename PolicyHub::MaxPolicy;

    void *d_temp_storage;
    size_t &temp_storage_bytes;
    DoubleBuffer<KeyT> &d_keys;
    DoubleBuffer<ValueT> &d_values;
    OffsetT num_items;
    OffsetT num_segments;
    BeginOffsetIteratorT d_begin_offsets;
    EndOffsetIteratorT d_end_offsets;
    int begin_bit;
    int end_bit;
    cudaStream_t stream;
    int ptx_version;
    bool is_overwrite_okay;
    DecomposerT decomposer;

    DispatchSegmentedRadixSort(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                               DoubleBuffer<ValueT> &d_values, OffsetT num_items, OffsetT num_segments,
                               BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, int begin_bit,
                               int end_bit, bool is_overwrite_okay, cudaStream_t stream, int ptx_version,
                               DecomposerT decomposer = {})
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_keys(d_keys), d_values(d_values),
          num_items(num_items), num_segments(num_segments), d_begin_offsets(d_begin_offsets),
          d_end_offsets(d_end_offsets), begin_bit(begin_bit), end_bit(end_bit), stream(stream),
          ptx_version(ptx_version), is_overwrite_okay(is_overwrite_okay), decomposer(decomposer)
    {
    }

    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        static_assert(::std::is_same<DecomposerT, detail::identity_decomposer_t>::value,
                      "simt: cub::DispatchSegmentedRadixSort sorts fundamental keys only (no decomposer), as "
                      "cub::DeviceSegmentedRadixSort does");
        if (num_items == 0 || num_segments == 0 || (begin_bit == end_bit && is_overwrite_okay)) {
            if (!d_temp_storage)
                temp_storage_bytes = 1;
            return cudaSuccess;
        }
        /* simt's segmented sort moves the selectors itself when it may
         * overwrite. */
        cudaError_t e = simt_cub::segmented_sort("cub::DispatchSegmentedRadixSort", d_temp_storage,
                                                 temp_storage_bytes, is_overwrite_okay, d_keys, d_values,
                                                 (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets,
                                                 begin_bit, end_bit, Order == SortOrder::Descending, stream);
        detail::radix::simt_moved(e, d_temp_storage, is_overwrite_okay, d_keys, d_values);
        return e;
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
                                BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, int begin_bit,
                                int end_bit, bool is_overwrite_okay, cudaStream_t stream)
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchSegmentedRadixSort dispatch(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items,
                                            num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit,
                                            is_overwrite_okay, stream, ptx_version);
        return max_policy_t::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
