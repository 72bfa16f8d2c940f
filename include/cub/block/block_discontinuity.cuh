/*
 * cub/block/block_discontinuity.cuh: cub::BlockDiscontinuity: flags the
 * first (head) or last (tail) item of each run in the block's blocked
 * items.  flag_op(a, b) (or flag_op(a, b, b_index), b_index being b's
 * position in the tile) is true where b starts a new run after a.  Thread
 * 0's first item is a head and the last thread's last item a tail, unless
 * a tile predecessor (successor) item is given to compare with.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_DISCONTINUITY_CUH
#define SIMT_CUB_BLOCK_BLOCK_DISCONTINUITY_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockDiscontinuity {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    struct _TempStorage {
        simt_cub::slots<T, BLOCK_THREADS> first_items, last_items;
    };
    _TempStorage &temp_storage;
    int linear_tid;

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }
    template <typename FlagOp> static bool Apply(FlagOp &flag_op, const T &a, const T &b, int idx)
    {
        if constexpr (BinaryOpHasIdxParam<T, FlagOp>::value)
            return flag_op(a, b, idx);
        else
            return flag_op(a, b);
    }
    /* Publishes this thread's first and last items; a barrier. */
    template <int N> void Publish(T (&input)[N])
    {
        ::new ((void *)&temp_storage.first_items[linear_tid]) T(input[0]);
        ::new ((void *)&temp_storage.last_items[linear_tid]) T(input[N - 1]);
        __syncthreads();
    }
    template <int N, typename FlagT, typename FlagOp>
    void Heads(FlagT (&flags)[N], T (&input)[N], FlagOp &flag_op, const T *tile_predecessor)
    {
        if (linear_tid == 0)
            flags[0] = tile_predecessor ? Apply(flag_op, *tile_predecessor, input[0], 0) : 1;
        else
            flags[0] = Apply(flag_op, temp_storage.last_items[linear_tid - 1], input[0], linear_tid * N);
        for (int i = 1; i < N; i++)
            flags[i] = Apply(flag_op, input[i - 1], input[i], linear_tid * N + i);
    }
    template <int N, typename FlagT, typename FlagOp>
    void Tails(FlagT (&flags)[N], T (&input)[N], FlagOp &flag_op, const T *tile_successor)
    {
        if (linear_tid == BLOCK_THREADS - 1)
            flags[N - 1] =
                tile_successor ? Apply(flag_op, input[N - 1], *tile_successor, linear_tid * N + N) : 1;
        else
            flags[N - 1] =
                Apply(flag_op, input[N - 1], temp_storage.first_items[linear_tid + 1], linear_tid * N + N);
        for (int i = 0; i < N - 1; i++)
            flags[i] = Apply(flag_op, input[i], input[i + 1], linear_tid * N + i + 1);
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockDiscontinuity()
        : temp_storage(PrivateStorage()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
    BlockDiscontinuity(TempStorage &temp_storage)
        : temp_storage(temp_storage.Alias()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }

    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op)
    {
        Publish(input);
        Heads(head_flags, input, flag_op, (const T *)nullptr);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                   T tile_predecessor_item)
    {
        Publish(input);
        Heads(head_flags, input, flag_op, &tile_predecessor_item);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op)
    {
        Publish(input);
        Tails(tail_flags, input, flag_op, (const T *)nullptr);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                   T tile_successor_item)
    {
        Publish(input);
        Tails(tail_flags, input, flag_op, &tile_successor_item);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], FlagT (&tail_flags)[ITEMS_PER_THREAD],
                           T (&input)[ITEMS_PER_THREAD], FlagOp flag_op)
    {
        Publish(input);
        Heads(head_flags, input, flag_op, (const T *)nullptr);
        Tails(tail_flags, input, flag_op, (const T *)nullptr);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], FlagT (&tail_flags)[ITEMS_PER_THREAD],
                           T tile_successor_item, T (&input)[ITEMS_PER_THREAD], FlagOp flag_op)
    {
        Publish(input);
        Heads(head_flags, input, flag_op, (const T *)nullptr);
        Tails(tail_flags, input, flag_op, &tile_successor_item);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], T tile_predecessor_item,
                           FlagT (&tail_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD],
                           FlagOp flag_op)
    {
        Publish(input);
        Heads(head_flags, input, flag_op, &tile_predecessor_item);
        Tails(tail_flags, input, flag_op, (const T *)nullptr);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], T tile_predecessor_item,
                           FlagT (&tail_flags)[ITEMS_PER_THREAD], T tile_successor_item,
                           T (&input)[ITEMS_PER_THREAD], FlagOp flag_op)
    {
        Publish(input);
        Heads(head_flags, input, flag_op, &tile_predecessor_item);
        Tails(tail_flags, input, flag_op, &tile_successor_item);
    }
};

CUB_NAMESPACE_END

#endif
