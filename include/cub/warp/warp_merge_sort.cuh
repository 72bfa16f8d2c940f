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
class WarpMergeSort
    : public simt_cub::merge_sort_strategy<WarpMergeSort<KeyT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS, ValueT>, KeyT,
                                           ValueT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS * ITEMS_PER_THREAD> {
    typedef simt_cub::merge_sort_strategy<WarpMergeSort, KeyT, ValueT, ITEMS_PER_THREAD,
                                          LOGICAL_WARP_THREADS * ITEMS_PER_THREAD>
        Strategy;
    typedef typename Strategy::storage_t _TempStorage;
    friend Strategy;

    simt_cub::logical_warp<LOGICAL_WARP_THREADS> warp;

    void Sync() const { __syncwarp(warp.mask); }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    WarpMergeSort() = delete;
    WarpMergeSort(TempStorage &temp_storage)
        : Strategy(temp_storage.Alias(), (int)simt_cub::logical_warp<LOGICAL_WARP_THREADS>().lane)
    {
    }

    /* The hardware lanes of the caller's logical warp. */
    unsigned int get_member_mask() const { return warp.mask; }
    /* The caller's lane in its logical warp. */
    unsigned int get_linear_tid() const { return warp.lane; }
};

CUB_NAMESPACE_END

#endif
