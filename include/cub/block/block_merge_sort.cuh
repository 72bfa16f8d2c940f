/*
 * cub/block/block_merge_sort.cuh: cub::BlockMergeSort: the block's
 * blocked keys (and values) sorted with compare_op, back in the blocked
 * arrangement.  Thread 0 sorts the gathered tile stably, so Sort and
 * StableSort agree here (a GPU's Sort may order equal keys otherwise).
 * With valid_items, the keys from valid_items on become oob_default
 * before the sort, as in CUB.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_MERGE_SORT_CUH
#define SIMT_CUB_BLOCK_BLOCK_MERGE_SORT_CUH
#pragma GCC system_header

#include "../detail/simt_tile_sort.cuh"

CUB_NAMESPACE_BEGIN

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockMergeSort
    : public simt_cub::merge_sort_strategy<
          BlockMergeSort<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD, ValueT, BLOCK_DIM_Y, BLOCK_DIM_Z>, KeyT, ValueT,
          ITEMS_PER_THREAD, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD> {
    typedef simt_cub::merge_sort_strategy<BlockMergeSort, KeyT, ValueT, ITEMS_PER_THREAD,
                                          BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD>
        Strategy;
    typedef typename Strategy::storage_t _TempStorage;
    friend Strategy;

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }
    void Sync() const { __syncthreads(); }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockMergeSort() : Strategy(PrivateStorage(), simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    BlockMergeSort(TempStorage &temp_storage)
        : Strategy(temp_storage.Alias(), simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
};

CUB_NAMESPACE_END

#endif
