/*
 * cub/device/device_radix_sort.cuh: cub::DeviceRadixSort (CUB 3.0's API,
 * without the decomposer overloads for user-defined key types).
 *
 * Stable, over bits [begin_bit, end_bit) of the keys in CUB's radix order
 * (detail/simt_radix.cuh): -0.0 and +0.0 are equal, NaNs go to the ends by
 * their sign.  The pointer forms leave the input alone; the DoubleBuffer
 * forms may overwrite both buffers and leave `selector` on the result,
 * which may differ from where a GPU leaves it (programs read Current()).
 */
#ifndef SIMT_CUB_DEVICE_RADIX_SORT_CUH
#define SIMT_CUB_DEVICE_RADIX_SORT_CUH
#pragma GCC system_header

#include "../detail/simt_radix.cuh"

CUB_NAMESPACE_BEGIN

struct DeviceRadixSort {
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,
                                 NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                 cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> v(const_cast<ValueT *>(d_values_in), d_values_out);
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortPairs", d_temp_storage, temp_storage_bytes,
                                    false, k, v, simt_cub::count_of(num_items), begin_bit, end_bit, false,
                                    stream);
    }
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, NumItemsT num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortPairs", d_temp_storage, temp_storage_bytes,
                                    true, d_keys, d_values, simt_cub::count_of(num_items), begin_bit, end_bit,
                                    false, stream);
    }
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                           const KeyT *d_keys_in, KeyT *d_keys_out, const ValueT *d_values_in,
                                           ValueT *d_values_out, NumItemsT num_items, int begin_bit = 0,
                                           int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> v(const_cast<ValueT *>(d_values_in), d_values_out);
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortPairsDescending", d_temp_storage,
                                    temp_storage_bytes, false, k, v, simt_cub::count_of(num_items), begin_bit,
                                    end_bit, true, stream);
    }
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                           DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values,
                                           NumItemsT num_items, int begin_bit = 0,
                                           int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortPairsDescending", d_temp_storage,
                                    temp_storage_bytes, true, d_keys, d_values, simt_cub::count_of(num_items),
                                    begin_bit, end_bit, true, stream);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, NumItemsT num_items, int begin_bit = 0,
                                int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> v;
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortKeys", d_temp_storage, temp_storage_bytes,
                                    false, k, v, simt_cub::count_of(num_items), begin_bit, end_bit, false,
                                    stream);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> v;
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortKeys", d_temp_storage, temp_storage_bytes,
                                    true, d_keys, v, simt_cub::count_of(num_items), begin_bit, end_bit, false,
                                    stream);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          const KeyT *d_keys_in, KeyT *d_keys_out, NumItemsT num_items,
                                          int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                          cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> v;
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortKeysDescending", d_temp_storage,
                                    temp_storage_bytes, false, k, v, simt_cub::count_of(num_items), begin_bit,
                                    end_bit, true, stream);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          DoubleBuffer<KeyT> &d_keys, NumItemsT num_items, int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> v;
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortKeysDescending", d_temp_storage,
                                    temp_storage_bytes, true, d_keys, v, simt_cub::count_of(num_items),
                                    begin_bit, end_bit, true, stream);
    }
};

CUB_NAMESPACE_END

#endif
