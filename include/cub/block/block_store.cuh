/*
 * cub/block/block_store.cuh: cub::BlockStore and the direct store
 * functions.  BLOCK_STORE_STRIPED writes items held in the striped
 * arrangement; every other algorithm writes items held in the blocked
 * arrangement (thread t's items to t*N .. t*N+N-1), which on a CPU is a
 * direct store (see block_load.cuh).  Only the first valid_items items of
 * the tile are written when a count is given.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_STORE_CUH
#define SIMT_CUB_BLOCK_BLOCK_STORE_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                               int valid_items)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid * ITEMS_PER_THREAD + i < valid_items)
            block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}
template <typename T, int ITEMS_PER_THREAD>
inline void StoreDirectBlockedVectorized(int linear_tid, T *block_ptr, T (&items)[ITEMS_PER_THREAD])
{
    StoreDirectBlocked(linear_tid, block_ptr, items);
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        block_itr[linear_tid + i * BLOCK_THREADS] = items[i];
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                               int valid_items)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid + i * BLOCK_THREADS < valid_items)
            block_itr[linear_tid + i * BLOCK_THREADS] = items[i];
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
{
    int lane = linear_tid & 31, warp_offset = (linear_tid >> 5) * 32 * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        block_itr[warp_offset + lane + i * 32] = items[i];
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                                   int valid_items)
{
    int lane = linear_tid & 31, warp_offset = (linear_tid >> 5) * 32 * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (warp_offset + lane + i * 32 < valid_items)
            block_itr[warp_offset + lane + i * 32] = items[i];
}

enum BlockStoreAlgorithm {
    BLOCK_STORE_DIRECT,
    BLOCK_STORE_STRIPED,
    BLOCK_STORE_VECTORIZE,
    BLOCK_STORE_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int LEGACY_PTX_ARCH = 0>
class BlockStore {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    int linear_tid;

public:
    struct TempStorage : Uninitialized<NullType> {};

    BlockStore() : linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    BlockStore(TempStorage &) : linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}

    template <typename OutputIteratorT> void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
    {
        if (ALGORITHM == BLOCK_STORE_STRIPED)
            StoreDirectStriped<BLOCK_THREADS>(linear_tid, block_itr, items);
        else
            StoreDirectBlocked(linear_tid, block_itr, items);
    }
    template <typename OutputIteratorT>
    void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items)
    {
        if (ALGORITHM == BLOCK_STORE_STRIPED)
            StoreDirectStriped<BLOCK_THREADS>(linear_tid, block_itr, items, valid_items);
        else
            StoreDirectBlocked(linear_tid, block_itr, items, valid_items);
    }
};

CUB_NAMESPACE_END

#endif
