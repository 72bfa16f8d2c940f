/*
 * cub/warp/warp_store.cuh: cub::WarpStore: a logical warp's items to its
 * tile.  WARP_STORE_STRIPED writes striped items; the other algorithms
 * write blocked items, directly.
 */
#ifndef SIMT_CUB_WARP_WARP_STORE_CUH
#define SIMT_CUB_WARP_WARP_STORE_CUH
#pragma GCC system_header

#include "../detail/simt_warp.cuh"

CUB_NAMESPACE_BEGIN

enum WarpStoreAlgorithm { WARP_STORE_DIRECT, WARP_STORE_STRIPED, WARP_STORE_VECTORIZE, WARP_STORE_TRANSPOSE };

template <typename T, int ITEMS_PER_THREAD, WarpStoreAlgorithm ALGORITHM = WARP_STORE_DIRECT,
          int LOGICAL_WARP_THREADS = 32>
class WarpStore {
    simt_cub::logical_warp<LOGICAL_WARP_THREADS> warp;
    int at(int i) const
    {
        return ALGORITHM == WARP_STORE_STRIPED ? i * LOGICAL_WARP_THREADS + (int)warp.lane
                                               : (int)warp.lane * ITEMS_PER_THREAD + i;
    }

public:
    struct TempStorage : Uninitialized<NullType> {};

    WarpStore() {}
    WarpStore(TempStorage &) {}

    template <typename OutputIteratorT> void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            block_itr[at(i)] = items[i];
    }
    template <typename OutputIteratorT>
    void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            if (at(i) < valid_items)
                block_itr[at(i)] = items[i];
    }
};

CUB_NAMESPACE_END

#endif
