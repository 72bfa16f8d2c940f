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
class BlockMergeSort {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
    /* The tile, sorted in place by thread 0 through heap scratch. */
    typedef simt_cub::tile_sort_storage<KeyT, ValueT, ITEMS_PER_THREAD, TILE_ITEMS> _TempStorage;
    _TempStorage &temp_storage;
    int linear_tid;

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }
    template <typename CompareOp>
    void SortTile(KeyT (&keys)[ITEMS_PER_THREAD], ValueT *items, CompareOp &op, int valid, const KeyT *oob)
    {
        temp_storage.sort(linear_tid, keys, items, op, valid, oob, [] { __syncthreads(); });
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockMergeSort()
        : temp_storage(PrivateStorage()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
    BlockMergeSort(TempStorage &temp_storage)
        : temp_storage(temp_storage.Alias()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }

    template <typename CompareOp> void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op)
    {
        SortTile(keys, nullptr, compare_op, TILE_ITEMS, nullptr);
    }
    template <typename CompareOp>
    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items, KeyT oob_default)
    {
        SortTile(keys, nullptr, compare_op, valid_items, &oob_default);
    }
    template <typename CompareOp>
    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op)
    {
        SortTile(keys, items, compare_op, TILE_ITEMS, nullptr);
    }
    template <typename CompareOp, bool IS_LAST_TILE = true>
    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op,
              int valid_items, KeyT oob_default)
    {
        SortTile(keys, items, compare_op, valid_items, IS_LAST_TILE ? &oob_default : nullptr);
    }
    template <typename CompareOp> void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op)
    {
        Sort(keys, compare_op);
    }
    template <typename CompareOp>
    void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op)
    {
        Sort(keys, items, compare_op);
    }
    template <typename CompareOp>
    void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items, KeyT oob_default)
    {
        Sort(keys, compare_op, valid_items, oob_default);
    }
    template <typename CompareOp, bool IS_LAST_TILE = true>
    void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op,
                    int valid_items, KeyT oob_default)
    {
        Sort<CompareOp, IS_LAST_TILE>(keys, items, compare_op, valid_items, oob_default);
    }
};

CUB_NAMESPACE_END

#endif
