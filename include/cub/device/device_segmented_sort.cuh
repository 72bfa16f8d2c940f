/*
 * cub/device/device_segmented_sort.cuh: cub::DeviceSegmentedSort (CUB
 * 3.0's API).  Keys order as in DeviceRadixSort (all bits; -0.0 equals
 * +0.0); every form is stable here, the Stable* ones as CUB promises and
 * the others as CUB happens to be.  Each segment is sorted by one block;
 * the DoubleBuffer forms leave the selectors on the Alternate buffers.
 */
#ifndef SIMT_CUB_DEVICE_SEGMENTED_SORT_CUH
#define SIMT_CUB_DEVICE_SEGMENTED_SORT_CUH
#pragma GCC system_header

#include "../detail/simt_radix.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceSegmentedSort {
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, ::cuda::std::int64_t num_items,
                                ::cuda::std::int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                                EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::SortKeys", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, false, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                ::cuda::std::int64_t num_items, ::cuda::std::int64_t num_segments,
                                BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::SortKeys", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, false, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          const KeyT *d_keys_in, KeyT *d_keys_out,
                                          ::cuda::std::int64_t num_items, ::cuda::std::int64_t num_segments,
                                          BeginOffsetIteratorT d_begin_offsets,
                                          EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::SortKeysDescending", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, true, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          DoubleBuffer<KeyT> &d_keys, ::cuda::std::int64_t num_items,
                                          ::cuda::std::int64_t num_segments,
                                          BeginOffsetIteratorT d_begin_offsets,
                                          EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::SortKeysDescending", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, true, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t StableSortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                      KeyT *d_keys_out, ::cuda::std::int64_t num_items,
                                      ::cuda::std::int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                                      EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::StableSortKeys", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, false, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t StableSortKeys(void *d_temp_storage, size_t &temp_storage_bytes,
                                      DoubleBuffer<KeyT> &d_keys, ::cuda::std::int64_t num_items,
                                      ::cuda::std::int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                                      EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::StableSortKeys", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, false, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t
    StableSortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                             KeyT *d_keys_out, ::cuda::std::int64_t num_items,
                             ::cuda::std::int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                             EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::StableSortKeysDescending", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, true, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t StableSortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                                DoubleBuffer<KeyT> &d_keys, ::cuda::std::int64_t num_items,
                                                ::cuda::std::int64_t num_segments,
                                                BeginOffsetIteratorT d_begin_offsets,
                                                EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::StableSortKeysDescending", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, true, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,
                                 ::cuda::std::int64_t num_items, ::cuda::std::int64_t num_segments,
                                 BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                 cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> d_values(const_cast<ValueT *>(d_values_in), d_values_out);
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::SortPairs", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, false, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, ::cuda::std::int64_t num_items,
                                 ::cuda::std::int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                                 EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::SortPairs", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, false, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                           const KeyT *d_keys_in, KeyT *d_keys_out, const ValueT *d_values_in,
                                           ValueT *d_values_out, ::cuda::std::int64_t num_items,
                                           ::cuda::std::int64_t num_segments,
                                           BeginOffsetIteratorT d_begin_offsets,
                                           EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> d_values(const_cast<ValueT *>(d_values_in), d_values_out);
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::SortPairsDescending", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, true, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                           DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values,
                                           ::cuda::std::int64_t num_items, ::cuda::std::int64_t num_segments,
                                           BeginOffsetIteratorT d_begin_offsets,
                                           EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::SortPairsDescending", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, true, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t
    StableSortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in, KeyT *d_keys_out,
                    const ValueT *d_values_in, ValueT *d_values_out, ::cuda::std::int64_t num_items,
                    ::cuda::std::int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                    EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> d_values(const_cast<ValueT *>(d_values_in), d_values_out);
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::StableSortPairs", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, false, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t StableSortPairs(void *d_temp_storage, size_t &temp_storage_bytes,
                                       DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values,
                                       ::cuda::std::int64_t num_items, ::cuda::std::int64_t num_segments,
                                       BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                       cudaStream_t stream = 0)
    {
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::StableSortPairs", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, false, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t
    StableSortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                              KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,
                              ::cuda::std::int64_t num_items, ::cuda::std::int64_t num_segments,
                              BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                              cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> d_values(const_cast<ValueT *>(d_values_in), d_values_out);
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::StableSortPairsDescending", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, true, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t
    StableSortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                              DoubleBuffer<ValueT> &d_values, ::cuda::std::int64_t num_items,
                              ::cuda::std::int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                              EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedSort::StableSortPairsDescending", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets, 0,
                                        (int)sizeof(KeyT) * 8, true, stream);
    }
};

CUB_NAMESPACE_END

#endif
