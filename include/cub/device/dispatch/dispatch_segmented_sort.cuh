/*
 * cub/device/dispatch/dispatch_segmented_sort.cuh: cub::DispatchSegmentedSort
 * (CUB 3.0's parameters; dispatch_common.cuh says how simt runs it).
 * ValueT is NullType for keys alone.  The sort is
 * cub::DeviceSegmentedSort's (stable; CUB's dispatch has no separate
 * stable form).  Where the result lands follows CUB's rule, which
 * callers see through the selectors: without is_overwrite_okay, in the
 * Alternate buffers (the input stays as it was); with it, CUB's large
 * segments take one radix pass per 6 bits of the key (4 for 1-byte keys)
 * and every segment ends where an odd or even count of such passes would
 * leave it: in the Alternate buffers for an odd count, in the Current ones
 * (selectors unchanged) for an even one, where simt copies its result
 * back.  No items or no segments: nothing changes.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_SEGMENTED_SORT_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_SEGMENTED_SORT_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_segmented_sort.cuh"
#include "../device_segmented_sort.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace segmented_sort {
using local_segment_index_t = ::cuda::std::uint32_t;
using global_segment_offset_t = ::cuda::std::int64_t;

/* CUB's radix passes over a key of KeyT (RADIX_BITS of its policies from
 * sm_70 on, and before sm_62). */
template <typename KeyT>
constexpr int simt_passes()
{
    return (int)(sizeof(KeyT) * 8 + (sizeof(KeyT) > 1 ? 6 : 4) - 1) / (sizeof(KeyT) > 1 ? 6 : 4);
}
} /* namespace segmented_sort */
} /* namespace detail */

template <SortOrder Order, typename KeyT, typename ValueT, typename OffsetT, typename BeginOffsetIteratorT,
          typename EndOffsetIteratorT, typename PolicyHub = detail::segmented_sort::policy_hub<KeyT, ValueT>>
struct DispatchSegmentedSort {
    using local_segment_index_t = detail::segmented_sort::local_segment_index_t;
    using global_segment_offset_t = detail::segmented_sort::global_segment_offset_t;

    static constexpr int KEYS_ONLY = ::std::is_same<ValueT, NullType>::value;

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected (CUB's keeps no PTX
     * version).  The buffers are the caller's, so the selectors move where
     * the caller sees them. */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    DoubleBuffer<KeyT> &d_keys;
    DoubleBuffer<ValueT> &d_values;
    ::cuda::std::int64_t num_items;
    global_segment_offset_t num_segments;
    BeginOffsetIteratorT d_begin_offsets;
    EndOffsetIteratorT d_end_offsets;
    bool is_overwrite_okay;
    cudaStream_t stream;

    DispatchSegmentedSort(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                          DoubleBuffer<ValueT> &d_values, ::cuda::std::int64_t num_items,
                          global_segment_offset_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                          EndOffsetIteratorT d_end_offsets, bool is_overwrite_okay, cudaStream_t stream)
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_keys(d_keys), d_values(d_values),
          num_items(num_items), num_segments(num_segments), d_begin_offsets(d_begin_offsets),
          d_end_offsets(d_end_offsets), is_overwrite_okay(is_overwrite_okay), stream(stream)
    {
    }

    /* simt's sort, whatever the policy (its values tune a GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        if (simt_cub::size_query(d_temp_storage, temp_storage_bytes) || num_items == 0 || num_segments == 0)
            return cudaSuccess;
        /* simt sorts Current into Alternate without moving the selectors;
         * then the result goes where CUB's would be. */
        cudaError_t e = simt_cub::segmented_sort("cub::DispatchSegmentedSort", d_temp_storage, temp_storage_bytes,
                                                 false, d_keys, d_values, (simt_cub::index_t)num_segments,
                                                 d_begin_offsets, d_end_offsets, 0, (int)sizeof(KeyT) * 8,
                                                 Order == SortOrder::Descending, stream);
        if (e != cudaSuccess)
            return e;
        if (!is_overwrite_okay || detail::segmented_sort::simt_passes<KeyT>() % 2 == 1) {
            d_keys.selector ^= 1;
            d_values.selector ^= 1;
            return cudaSuccess;
        }
        return copy_back(d_keys, d_values, num_segments, d_begin_offsets, d_end_offsets, stream);
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                DoubleBuffer<ValueT> &d_values, ::cuda::std::int64_t num_items,
                                global_segment_offset_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                                EndOffsetIteratorT d_end_offsets, bool is_overwrite_okay, cudaStream_t stream)
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchSegmentedSort dispatch(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, num_segments,
                                       d_begin_offsets, d_end_offsets, is_overwrite_okay, stream);
        return MaxPolicy::Invoke(ptx_version, dispatch);
    }

private:
    /* The sorted segments from the Alternate buffers into the Current ones
     * (items outside every segment stay as they were in each). */
    static cudaError_t copy_back(DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values,
                                 global_segment_offset_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                                 EndOffsetIteratorT d_end_offsets, cudaStream_t stream)
    {
        KeyT *kdst = d_keys.Current();
        const KeyT *ksrc = d_keys.Alternate();
        ValueT *vdst = d_values.Current();
        const ValueT *vsrc = d_values.Alternate();
        simt_cub::chunks c((simt_cub::index_t)num_segments, 1, 1);
        return simt_cub::launch("cub::DispatchSegmentedSort", c.count, stream, [=](unsigned b) mutable {
            for (simt_cub::index_t s = c.lo(b); s < c.hi(b); s++) {
                simt_cub::index_t lo = (simt_cub::index_t)d_begin_offsets[s];
                simt_cub::index_t hi = (simt_cub::index_t)d_end_offsets[s];
                for (simt_cub::index_t i = lo; i < hi; i++) {
                    kdst[i] = ksrc[i];
                    if constexpr (!KEYS_ONLY)
                        vdst[i] = vsrc[i];
                }
            }
        });
    }
};

CUB_NAMESPACE_END

#endif
