/*
 * cub/warp/warp_merge_sort.cuh: cub::WarpMergeSort: a logical warp's
 * blocked keys (and values) sorted with compare_op, back in the blocked
 * arrangement, each logical warp with its own TempStorage.  As
 * BlockMergeSort here, the warp's first lane sorts the gathered tile
 * stably between two __syncwarp()s of the logical warp, so Sort and
 * StableSort agree (a GPU's Sort may order equal keys otherwise).
 */
#ifndef SIMT_CUB_WARP_WARP_MERGE_SORT_CUH
#define SIMT_CUB_WARP_WARP_MERGE_SORT_CUH
#pragma GCC system_header

#include "../detail/simt_tile_sort.cuh"
#include "../detail/simt_warp.cuh"

CUB_NAMESPACE_BEGIN

template <typename KeyT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = detail::warp_threads,
          typename ValueT = NullType>
class WarpMergeSort {
    static constexpr int TILE_ITEMS = LOGICAL_WARP_THREADS * ITEMS_PER_THREAD;
    typedef simt_cub::tile_sort_storage<KeyT, ValueT, ITEMS_PER_THREAD, TILE_ITEMS> _TempStorage;
    _TempStorage &temp_storage;
    simt_cub::logical_warp<LOGICAL_WARP_THREADS> warp;

    template <typename CompareOp>
    void SortTile(KeyT (&keys)[ITEMS_PER_THREAD], ValueT *items, CompareOp &op, int valid, const KeyT *oob)
    {
        unsigned mask = warp.mask;
        temp_storage.sort((int)warp.lane, keys, items, op, valid, oob, [mask] { __syncwarp(mask); });
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    WarpMergeSort() = delete;
    WarpMergeSort(TempStorage &temp_storage) : temp_storage(temp_storage.Alias()) {}

    /* The hardware lanes of the caller's logical warp. */
    unsigned int get_member_mask() const { return warp.mask; }
    /* The caller's lane in its logical warp. */
    unsigned int get_linear_tid() const { return warp.lane; }

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
