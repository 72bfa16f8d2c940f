/*
 * cub/device/device_segmented_radix_sort.cuh: cub::DeviceSegmentedRadixSort
 * (CUB 3.0's API).  Each segment is sorted stably over bits
 * [begin_bit, end_bit) in CUB's radix order (detail/simt_radix.cuh), by
 * one block; segments are spread over the chunks.  Items outside every
 * segment are not written.  The DoubleBuffer forms leave the selectors on
 * the Alternate buffers.
 */
#ifndef SIMT_CUB_DEVICE_SEGMENTED_RADIX_SORT_CUH
#define SIMT_CUB_DEVICE_SEGMENTED_RADIX_SORT_CUH
#pragma GCC system_header

#include "../detail/simt_radix.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceSegmentedRadixSort {
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,
                                 int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
                                 EndOffsetIteratorT d_end_offsets, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> d_values(const_cast<ValueT *>(d_values_in), d_values_out);
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedRadixSort::SortPairs", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets,
                                        begin_bit, end_bit, false, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
                                 BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                 int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedRadixSort::SortPairs", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets,
                                        begin_bit, end_bit, false, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                           const KeyT *d_keys_in, KeyT *d_keys_out, const ValueT *d_values_in,
                                           ValueT *d_values_out, int num_items, int num_segments,
                                           BeginOffsetIteratorT d_begin_offsets,
                                           EndOffsetIteratorT d_end_offsets, int begin_bit = 0,
                                           int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> d_values(const_cast<ValueT *>(d_values_in), d_values_out);
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedRadixSort::SortPairsDescending", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets,
                                        begin_bit, end_bit, true, stream);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t
    SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                        DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
                        BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                        int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedRadixSort::SortPairsDescending", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets,
                                        begin_bit, end_bit, true, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, int num_items, int num_segments,
                                BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedRadixSort::SortKeys", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets,
                                        begin_bit, end_bit, false, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
                                EndOffsetIteratorT d_end_offsets, int begin_bit = 0,
                                int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedRadixSort::SortKeys", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets,
                                        begin_bit, end_bit, false, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          const KeyT *d_keys_in, KeyT *d_keys_out, int num_items,
                                          int num_segments, BeginOffsetIteratorT d_begin_offsets,
                                          EndOffsetIteratorT d_end_offsets, int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> d_keys(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedRadixSort::SortKeysDescending", d_temp_storage,
                                        temp_storage_bytes, false, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets,
                                        begin_bit, end_bit, true, stream);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          DoubleBuffer<KeyT> &d_keys, int num_items, int num_segments,
                                          BeginOffsetIteratorT d_begin_offsets,
                                          EndOffsetIteratorT d_end_offsets, int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> d_values;
        (void)num_items;
        return simt_cub::segmented_sort("cub::DeviceSegmentedRadixSort::SortKeysDescending", d_temp_storage,
                                        temp_storage_bytes, true, d_keys, d_values,
                                        (simt_cub::index_t)num_segments, d_begin_offsets, d_end_offsets,
                                        begin_bit, end_bit, true, stream);
    }
};

CUB_NAMESPACE_END

#endif
