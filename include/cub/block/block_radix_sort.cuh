/*
 * cub/block/block_radix_sort.cuh: cub::BlockRadixSort.  The block's keys
 * (and values) are gathered in shared memory in blocked order, thread 0
 * sorts them stably over bits [begin_bit, end_bit) in CUB's radix order
 * (detail/simt_radix.cuh: -0.0 equals +0.0, so they keep that order), and
 * each thread takes back its blocked (or, for the *BlockedToStriped forms,
 * striped) share.  RADIX_BITS and the scan settings only tune a GPU.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_RADIX_SORT_CUH
#define SIMT_CUB_BLOCK_BLOCK_RADIX_SORT_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"
#include "../detail/simt_radix.cuh"
#include "block_scan.cuh"

CUB_NAMESPACE_BEGIN

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType,
          int RADIX_BITS = 4, bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockRadixSort {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
    static constexpr bool KEYS_ONLY = ::std::is_same<ValueT, NullType>::value;
    /* The tile, sorted in place by thread 0 through heap scratch: no
     * more shared memory than CUB's exchange of keys and values takes. */
    struct _TempStorage {
        simt_cub::slots<KeyT, TILE_ITEMS> keys;
        simt_cub::slots<ValueT, KEYS_ONLY ? 1 : TILE_ITEMS> values;
    };
    _TempStorage &temp_storage;
    int linear_tid;

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }

    void SortTile(KeyT (&keys)[ITEMS_PER_THREAD], ValueT *values, int begin_bit, int end_bit, bool descending,
                  bool striped)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            ::new ((void *)&temp_storage.keys[linear_tid * ITEMS_PER_THREAD + i]) KeyT(keys[i]);
            if constexpr (!KEYS_ONLY)
                ::new ((void *)&temp_storage.values[linear_tid * ITEMS_PER_THREAD + i]) ValueT(values[i]);
        }
        __syncthreads();
        if (linear_tid == 0) {
            ::std::vector<::std::pair<typename simt_cub::radix_key<KeyT>::U, simt_cub::index_t>> order;
            ::std::vector<KeyT> k(temp_storage.keys.data(), temp_storage.keys.data() + TILE_ITEMS);
            ::std::vector<ValueT> v;
            if constexpr (!KEYS_ONLY)
                v.assign(temp_storage.values.data(), temp_storage.values.data() + TILE_ITEMS);
            simt_cub::sort_serial<KeyT, ValueT>(k.data(), v.data(), temp_storage.keys.data(),
                                                temp_storage.values.data(), TILE_ITEMS, begin_bit, end_bit,
                                                descending, order);
        }
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int at = striped ? i * BLOCK_THREADS + linear_tid : linear_tid * ITEMS_PER_THREAD + i;
            keys[i] = temp_storage.keys[at];
            if constexpr (!KEYS_ONLY)
                values[i] = temp_storage.values[at];
        }
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockRadixSort()
        : temp_storage(PrivateStorage()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
    BlockRadixSort(TempStorage &temp_storage)
        : temp_storage(temp_storage.Alias()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }

    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
    {
        SortTile(keys, nullptr, begin_bit, end_bit, false, false);
    }
    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
              int end_bit = sizeof(KeyT) * 8)
    {
        SortTile(keys, values, begin_bit, end_bit, false, false);
    }
    void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
    {
        SortTile(keys, nullptr, begin_bit, end_bit, true, false);
    }
    void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                        int end_bit = sizeof(KeyT) * 8)
    {
        SortTile(keys, values, begin_bit, end_bit, true, false);
    }
    void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                              int end_bit = sizeof(KeyT) * 8)
    {
        SortTile(keys, nullptr, begin_bit, end_bit, false, true);
    }
    void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                              int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
    {
        SortTile(keys, values, begin_bit, end_bit, false, true);
    }
    void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                        int end_bit = sizeof(KeyT) * 8)
    {
        SortTile(keys, nullptr, begin_bit, end_bit, true, true);
    }
    void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                        int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
    {
        SortTile(keys, values, begin_bit, end_bit, true, true);
    }
};

CUB_NAMESPACE_END

#endif
