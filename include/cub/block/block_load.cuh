/*
 * cub/block/block_load.cuh: cub::BlockLoad and the direct load functions.
 *
 * Arrangements: blocked (thread t holds items t*N .. t*N+N-1), striped
 * (item i of thread t is i*BLOCK_THREADS + t), warp-striped (the same
 * within each warp's 32*N items).  Every algorithm but BLOCK_LOAD_STRIPED
 * ends in the blocked arrangement; on a CPU the transposing ones (which on
 * a GPU read striped for coalescing and exchange through shared memory)
 * read the blocked items directly: the same items in the same places, no
 * shared memory and no barrier.  Items past valid_items are left alone, or
 * set to oob_default when one is given.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_LOAD_CUH
#define SIMT_CUB_BLOCK_BLOCK_LOAD_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"
#include "../iterator/cache_modified_input_iterator.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectBlocked(int linear_tid, RandomAccessIterator block_src_it,
                              T (&dst_items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = block_src_it[linear_tid * ITEMS_PER_THREAD + i];
}
template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectBlocked(int linear_tid, RandomAccessIterator block_src_it,
                              T (&dst_items)[ITEMS_PER_THREAD], int block_items_end)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid * ITEMS_PER_THREAD + i < block_items_end)
            dst_items[i] = block_src_it[linear_tid * ITEMS_PER_THREAD + i];
}
template <typename T, typename DefaultT, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectBlocked(int linear_tid, RandomAccessIterator block_src_it,
                              T (&dst_items)[ITEMS_PER_THREAD], int block_items_end, DefaultT oob_default)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = oob_default;
    LoadDirectBlocked(linear_tid, block_src_it, dst_items, block_items_end);
}
template <typename T, int ITEMS_PER_THREAD>
inline void LoadDirectBlockedVectorized(int linear_tid, T *block_src_ptr, T (&dst_items)[ITEMS_PER_THREAD])
{
    LoadDirectBlocked(linear_tid, block_src_ptr, dst_items);
}
template <typename T, int ITEMS_PER_THREAD>
inline void LoadDirectBlockedVectorized(int linear_tid, const T *block_src_ptr,
                                        T (&dst_items)[ITEMS_PER_THREAD])
{
    LoadDirectBlocked(linear_tid, block_src_ptr, dst_items);
}

template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectStriped(int linear_tid, RandomAccessIterator block_src_it,
                              T (&dst_items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = block_src_it[linear_tid + i * BLOCK_THREADS];
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectStriped(int linear_tid, RandomAccessIterator block_src_it,
                              T (&dst_items)[ITEMS_PER_THREAD], int block_items_end)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid + i * BLOCK_THREADS < block_items_end)
            dst_items[i] = block_src_it[linear_tid + i * BLOCK_THREADS];
}
template <int BLOCK_THREADS, typename T, typename DefaultT, int ITEMS_PER_THREAD,
          typename RandomAccessIterator>
inline void LoadDirectStriped(int linear_tid, RandomAccessIterator block_src_it,
                              T (&dst_items)[ITEMS_PER_THREAD], int block_items_end, DefaultT oob_default)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = oob_default;
    LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items, block_items_end);
}

template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectWarpStriped(int linear_tid, RandomAccessIterator block_src_it,
                                  T (&dst_items)[ITEMS_PER_THREAD])
{
    int lane = linear_tid & 31, warp_offset = (linear_tid >> 5) * 32 * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = block_src_it[warp_offset + lane + i * 32];
}
template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectWarpStriped(int linear_tid, RandomAccessIterator block_src_it,
                                  T (&dst_items)[ITEMS_PER_THREAD], int block_items_end)
{
    int lane = linear_tid & 31, warp_offset = (linear_tid >> 5) * 32 * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (warp_offset + lane + i * 32 < block_items_end)
            dst_items[i] = block_src_it[warp_offset + lane + i * 32];
}
template <typename T, typename DefaultT, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectWarpStriped(int linear_tid, RandomAccessIterator block_src_it,
                                  T (&dst_items)[ITEMS_PER_THREAD], int block_items_end, DefaultT oob_default)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = oob_default;
    LoadDirectWarpStriped(linear_tid, block_src_it, dst_items, block_items_end);
}

enum BlockLoadAlgorithm {
    BLOCK_LOAD_DIRECT,
    BLOCK_LOAD_STRIPED,
    BLOCK_LOAD_VECTORIZE,
    BLOCK_LOAD_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static_assert(ALGORITHM != BLOCK_LOAD_WARP_TRANSPOSE || BLOCK_THREADS % 32 == 0,
                  "BLOCK_LOAD_WARP_TRANSPOSE needs a whole number of warps");
    int linear_tid;

public:
    /* Nothing is exchanged through shared memory (see above). */
    struct TempStorage : Uninitialized<NullType> {};

    BlockLoad() : linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    BlockLoad(TempStorage &) : linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}

    template <typename RandomAccessIterator>
    void Load(RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
    {
        if (ALGORITHM == BLOCK_LOAD_STRIPED)
            LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items);
        else
            LoadDirectBlocked(linear_tid, block_src_it, dst_items);
    }
    template <typename RandomAccessIterator>
    void Load(RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int block_items_end)
    {
        if (ALGORITHM == BLOCK_LOAD_STRIPED)
            LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items, block_items_end);
        else
            LoadDirectBlocked(linear_tid, block_src_it, dst_items, block_items_end);
    }
    template <typename RandomAccessIterator, typename DefaultT>
    void Load(RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int block_items_end,
              DefaultT oob_default)
    {
        if (ALGORITHM == BLOCK_LOAD_STRIPED)
            LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items, block_items_end,
                                             oob_default);
        else
            LoadDirectBlocked(linear_tid, block_src_it, dst_items, block_items_end, oob_default);
    }
};

CUB_NAMESPACE_END

#endif
