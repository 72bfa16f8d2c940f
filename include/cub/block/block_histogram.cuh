/*
 * cub/block/block_histogram.cuh: cub::BlockHistogram: counts the block's
 * items (bin = the item's value) into a histogram the caller keeps in
 * shared memory, with atomic adds (both algorithms give the same counts).
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_HISTOGRAM_CUH
#define SIMT_CUB_BLOCK_BLOCK_HISTOGRAM_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"

CUB_NAMESPACE_BEGIN

enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int LEGACY_PTX_ARCH = 0>
class BlockHistogram {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    int linear_tid;

public:
    struct TempStorage : Uninitialized<NullType> {};

    BlockHistogram() : linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    BlockHistogram(TempStorage &) : linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }

    template <typename CounterT> void InitHistogram(CounterT histogram[BINS])
    {
        for (int bin = linear_tid; bin < BINS; bin += BLOCK_THREADS)
            histogram[bin] = 0;
    }
    template <typename CounterT> void Histogram(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS])
    {
        InitHistogram(histogram);
        __syncthreads();
        Composite(items, histogram);
    }
    template <typename CounterT> void Composite(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            atomicAdd(histogram + items[i], CounterT(1));
    }
};

CUB_NAMESPACE_END

#endif
