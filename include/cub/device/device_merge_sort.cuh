/*
 * cub/device/device_merge_sort.cuh: cub::DeviceMergeSort (CUB 3.0's API):
 * comparison sorts with a user's strict weak ordering.  Every form is
 * stable here (detail/simt_merge.cuh); the unstable ones may order equal
 * keys differently on a GPU.
 */
#ifndef SIMT_CUB_DEVICE_MERGE_SORT_CUH
#define SIMT_CUB_DEVICE_MERGE_SORT_CUH
#pragma GCC system_header

#include "../detail/simt_merge.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceMergeSort {
    template <typename KeyIteratorT, typename ValueIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorT d_keys,
                                 ValueIteratorT d_items, OffsetT num_items, CompareOpT compare_op,
                                 cudaStream_t stream = 0)
    {
        return pairs("cub::DeviceMergeSort::SortPairs", d_temp_storage, temp_storage_bytes, d_keys, d_items,
                     d_keys, d_items, num_items, compare_op, stream);
    }
    template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyIteratorT,
              typename ValueIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t SortPairsCopy(void *d_temp_storage, size_t &temp_storage_bytes,
                                     KeyInputIteratorT d_input_keys, ValueInputIteratorT d_input_items,
                                     KeyIteratorT d_output_keys, ValueIteratorT d_output_items,
                                     OffsetT num_items, CompareOpT compare_op, cudaStream_t stream = 0)
    {
        return pairs("cub::DeviceMergeSort::SortPairsCopy", d_temp_storage, temp_storage_bytes, d_input_keys,
                     d_input_items, d_output_keys, d_output_items, num_items, compare_op, stream);
    }
    template <typename KeyIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorT d_keys,
                                OffsetT num_items, CompareOpT compare_op, cudaStream_t stream = 0)
    {
        return keys("cub::DeviceMergeSort::SortKeys", d_temp_storage, temp_storage_bytes, d_keys, d_keys,
                    num_items, compare_op, stream);
    }
    template <typename KeyInputIteratorT, typename KeyIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t SortKeysCopy(void *d_temp_storage, size_t &temp_storage_bytes,
                                    KeyInputIteratorT d_input_keys, KeyIteratorT d_output_keys,
                                    OffsetT num_items, CompareOpT compare_op, cudaStream_t stream = 0)
    {
        return keys("cub::DeviceMergeSort::SortKeysCopy", d_temp_storage, temp_storage_bytes, d_input_keys,
                    d_output_keys, num_items, compare_op, stream);
    }
    template <typename KeyIteratorT, typename ValueIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t StableSortPairs(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorT d_keys,
                                       ValueIteratorT d_items, OffsetT num_items, CompareOpT compare_op,
                                       cudaStream_t stream = 0)
    {
        return pairs("cub::DeviceMergeSort::StableSortPairs", d_temp_storage, temp_storage_bytes, d_keys,
                     d_items, d_keys, d_items, num_items, compare_op, stream);
    }
    template <typename KeyIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t StableSortKeys(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorT d_keys,
                                      OffsetT num_items, CompareOpT compare_op, cudaStream_t stream = 0)
    {
        return keys("cub::DeviceMergeSort::StableSortKeys", d_temp_storage, temp_storage_bytes, d_keys,
                    d_keys, num_items, compare_op, stream);
    }
    template <typename KeyInputIteratorT, typename KeyIteratorT, typename OffsetT, typename CompareOpT>
    static cudaError_t StableSortKeysCopy(void *d_temp_storage, size_t &temp_storage_bytes,
                                          KeyInputIteratorT d_input_keys, KeyIteratorT d_output_keys,
                                          OffsetT num_items, CompareOpT compare_op, cudaStream_t stream = 0)
    {
        return keys("cub::DeviceMergeSort::StableSortKeysCopy", d_temp_storage, temp_storage_bytes,
                    d_input_keys, d_output_keys, num_items, compare_op, stream);
    }

private:
    template <typename KIn, typename VIn, typename KOut, typename VOut, typename OffsetT, typename Comp>
    static cudaError_t pairs(const char *name, void *d_temp_storage, size_t &temp_storage_bytes, KIn kin,
                             VIn vin, KOut kout, VOut vout, OffsetT num_items, Comp comp, cudaStream_t stream)
    {
        typedef detail::it_value_t<KIn> K;
        typedef detail::it_value_t<VIn> V;
        return simt_cub::merge_sort<K, V>(name, d_temp_storage, temp_storage_bytes, kin, vin, kout, vout,
                                          simt_cub::count_of(num_items), comp, stream);
    }
    template <typename KIn, typename KOut, typename OffsetT, typename Comp>
    static cudaError_t keys(const char *name, void *d_temp_storage, size_t &temp_storage_bytes, KIn kin,
                            KOut kout, OffsetT num_items, Comp comp, cudaStream_t stream)
    {
        typedef detail::it_value_t<KIn> K;
        return simt_cub::merge_sort<K, NullType>(name, d_temp_storage, temp_storage_bytes, kin,
                                                 (NullType *)nullptr, kout, (NullType *)nullptr,
                                                 simt_cub::count_of(num_items), comp, stream);
    }
};

CUB_NAMESPACE_END

#endif
