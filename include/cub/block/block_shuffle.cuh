/*
 * cub/block/block_shuffle.cuh: cub::BlockShuffle: moves items between the
 * block's threads through shared memory.  A thread with no source (off
 * either end of the block) keeps its output unchanged, as in CUB.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_SHUFFLE_CUH
#define SIMT_CUB_BLOCK_BLOCK_SHUFFLE_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockShuffle {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    struct _TempStorage {
        simt_cub::slots<T, BLOCK_THREADS> v;
    };
    _TempStorage &temp_storage;
    int linear_tid;

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }
    void Publish(const T &x)
    {
        ::new ((void *)&temp_storage.v[linear_tid]) T(x);
        __syncthreads();
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockShuffle()
        : temp_storage(PrivateStorage()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
    BlockShuffle(TempStorage &temp_storage)
        : temp_storage(temp_storage.Alias()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }

    /* output = the input of thread linear_tid + distance. */
    void Offset(T input, T &output, int distance = 1)
    {
        Publish(input);
        int src = linear_tid + distance;
        if (src >= 0 && src < BLOCK_THREADS)
            output = temp_storage.v[src];
    }
    /* output = the input of thread (linear_tid + distance) mod the block. */
    void Rotate(T input, T &output, unsigned int distance = 1)
    {
        Publish(input);
        unsigned int src = linear_tid + distance;
        if (src >= (unsigned)BLOCK_THREADS)
            src -= BLOCK_THREADS;
        output = temp_storage.v[src];
    }
    /* prev[i] = the item before input[i] in the blocked arrangement. */
    template <int ITEMS_PER_THREAD> void Up(T (&input)[ITEMS_PER_THREAD], T (&prev)[ITEMS_PER_THREAD])
    {
        Publish(input[ITEMS_PER_THREAD - 1]);
        for (int i = ITEMS_PER_THREAD - 1; i > 0; --i)
            prev[i] = input[i - 1];
        if (linear_tid > 0)
            prev[0] = temp_storage.v[linear_tid - 1];
    }
    template <int ITEMS_PER_THREAD>
    void Up(T (&input)[ITEMS_PER_THREAD], T (&prev)[ITEMS_PER_THREAD], T &block_suffix)
    {
        Up(input, prev);
        block_suffix = temp_storage.v[BLOCK_THREADS - 1];
    }
    /* prev[i] = the item after input[i] in the blocked arrangement. */
    template <int ITEMS_PER_THREAD> void Down(T (&input)[ITEMS_PER_THREAD], T (&prev)[ITEMS_PER_THREAD])
    {
        Publish(input[0]);
        for (int i = 0; i < ITEMS_PER_THREAD - 1; i++)
            prev[i] = input[i + 1];
        if (linear_tid < BLOCK_THREADS - 1)
            prev[ITEMS_PER_THREAD - 1] = temp_storage.v[linear_tid + 1];
    }
    template <int ITEMS_PER_THREAD>
    void Down(T (&input)[ITEMS_PER_THREAD], T (&prev)[ITEMS_PER_THREAD], T &block_prefix)
    {
        Down(input, prev);
        block_prefix = temp_storage.v[0];
    }
};

CUB_NAMESPACE_END

#endif
