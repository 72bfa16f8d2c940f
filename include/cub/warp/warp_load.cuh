/*
 * cub/warp/warp_load.cuh: cub::WarpLoad: a logical warp's tile into its
 * lanes.  WARP_LOAD_STRIPED leaves the items striped (item i of lane l is
 * i*LOGICAL_WARP_THREADS + l); the other algorithms leave them blocked
 * (lane l holds l*N .. l*N+N-1) and read them directly.
 */
#ifndef SIMT_CUB_WARP_WARP_LOAD_CUH
#define SIMT_CUB_WARP_WARP_LOAD_CUH
#pragma GCC system_header

#include "../detail/simt_warp.cuh"

CUB_NAMESPACE_BEGIN

enum WarpLoadAlgorithm { WARP_LOAD_DIRECT, WARP_LOAD_STRIPED, WARP_LOAD_VECTORIZE, WARP_LOAD_TRANSPOSE };

template <typename InputT, int ITEMS_PER_THREAD, WarpLoadAlgorithm ALGORITHM = WARP_LOAD_DIRECT,
          int LOGICAL_WARP_THREADS = 32>
class WarpLoad {
    simt_cub::logical_warp<LOGICAL_WARP_THREADS> warp;
    int at(int i) const
    {
        return ALGORITHM == WARP_LOAD_STRIPED ? i * LOGICAL_WARP_THREADS + (int)warp.lane
                                              : (int)warp.lane * ITEMS_PER_THREAD + i;
    }

public:
    struct TempStorage : Uninitialized<NullType> {};

    WarpLoad() {}
    WarpLoad(TempStorage &) {}

    template <typename InputIteratorT> void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            items[i] = block_itr[at(i)];
    }
    template <typename InputIteratorT>
    void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            if (at(i) < valid_items)
                items[i] = block_itr[at(i)];
    }
    template <typename InputIteratorT, typename DefaultT>
    void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items,
              DefaultT oob_default)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            items[i] = at(i) < valid_items ? InputT(block_itr[at(i)]) : InputT(oob_default);
    }
};

CUB_NAMESPACE_END

#endif
