/*
 * cub/block/block_adjacent_difference.cuh: cub::BlockAdjacentDifference
 * over the block's blocked items.  SubtractLeft: output[i] =
 * difference_op(input[i], predecessor of input[i]), the tile's first item
 * kept (or differenced with tile_predecessor_item); SubtractRight: with
 * the successor, the tile's last item kept (or differenced with
 * tile_successor_item).  The PartialTile forms keep the items from
 * valid_items on, as CUB does.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_ADJACENT_DIFFERENCE_CUH
#define SIMT_CUB_BLOCK_BLOCK_ADJACENT_DIFFERENCE_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockAdjacentDifference {
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
    /* valid: items at tile positions >= valid are copied; pred: the item
     * before the tile, or none. */
    template <int N, typename OutputT, typename Op>
    void Left(T (&input)[N], OutputT (&output)[N], Op &op, int valid, const T *pred)
    {
        ::new ((void *)&temp_storage.last_items[linear_tid]) T(input[N - 1]);
        __syncthreads();
        for (int i = N - 1; i > 0; i--) {
            if (linear_tid * N + i < valid)
                output[i] = op(input[i], input[i - 1]);
            else
                output[i] = input[i];
        }
        if (valid <= linear_tid * N)
            output[0] = input[0];
        else if (linear_tid == 0)
            output[0] = pred ? op(input[0], *pred) : input[0];
        else
            output[0] = op(input[0], temp_storage.last_items[linear_tid - 1]);
    }
    template <int N, typename OutputT, typename Op>
    void Right(T (&input)[N], OutputT (&output)[N], Op &op, int valid, const T *succ)
    {
        ::new ((void *)&temp_storage.first_items[linear_tid]) T(input[0]);
        __syncthreads();
        for (int i = 0; i < N; i++) {
            int idx = linear_tid * N + i;
            if (idx < valid - 1) {
                const T &next = i + 1 < N ? input[i + 1] : temp_storage.first_items[linear_tid + 1];
                output[i] = op(input[i], next);
            } else if (idx == valid - 1 && succ && valid == BLOCK_THREADS * N) {
                output[i] = op(input[i], *succ);
            } else {
                output[i] = input[i];
            }
        }
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockAdjacentDifference()
        : temp_storage(PrivateStorage()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
    BlockAdjacentDifference(TempStorage &temp_storage)
        : temp_storage(temp_storage.Alias()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }

    template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
    void SubtractLeft(T (&input)[ITEMS_PER_THREAD], OutputType (&output)[ITEMS_PER_THREAD],
                      DifferenceOpT difference_op)
    {
        Left(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, (const T *)nullptr);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    void SubtractLeft(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                      DifferenceOpT difference_op, T tile_predecessor_item)
    {
        Left(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, &tile_predecessor_item);
    }
    template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
    void SubtractLeftPartialTile(T (&input)[ITEMS_PER_THREAD], OutputType (&output)[ITEMS_PER_THREAD],
                                 DifferenceOpT difference_op, int valid_items)
    {
        Left(input, output, difference_op, valid_items, (const T *)nullptr);
    }
    template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
    void SubtractLeftPartialTile(T (&input)[ITEMS_PER_THREAD], OutputType (&output)[ITEMS_PER_THREAD],
                                 DifferenceOpT difference_op, int valid_items, T tile_predecessor_item)
    {
        Left(input, output, difference_op, valid_items, &tile_predecessor_item);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    void SubtractRight(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                       DifferenceOpT difference_op)
    {
        Right(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, (const T *)nullptr);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    void SubtractRight(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                       DifferenceOpT difference_op, T tile_successor_item)
    {
        Right(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, &tile_successor_item);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    void SubtractRightPartialTile(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                  DifferenceOpT difference_op, int valid_items)
    {
        Right(input, output, difference_op, valid_items, (const T *)nullptr);
    }
};

CUB_NAMESPACE_END

#endif
