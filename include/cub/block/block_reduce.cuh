/*
 * cub/block/block_reduce.cuh: cub::BlockReduce.  Every thread deposits its
 * input, then thread 0 reduces and is the only thread whose result is
 * defined (as in CUB).  For BLOCK_REDUCE_WARP_REDUCTIONS (the default)
 * thread 0 follows CUB's association exactly: each warp's tree, then the
 * warps' results in order, so floating-point results are a GPU's; the
 * raking algorithms reduce in the same order here (a GPU's raking order
 * differs, which only shows in floating point).  A thread's own items
 * (the array forms) are folded in order first.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_REDUCE_CUH
#define SIMT_CUB_BLOCK_BLOCK_REDUCE_CUH
#pragma GCC system_header

#include "../detail/simt_block.cuh"
#include "../thread/thread_operators.cuh"

CUB_NAMESPACE_BEGIN

enum BlockReduceAlgorithm {
    BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
    BLOCK_REDUCE_RAKING,
    BLOCK_REDUCE_WARP_REDUCTIONS,
    BLOCK_REDUCE_WARP_REDUCTIONS_NONDETERMINISTIC
};

template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    struct _TempStorage {
        simt_cub::slots<T, BLOCK_THREADS> in;
    };
    _TempStorage &temp_storage;
    int linear_tid;

    static _TempStorage &PrivateStorage()
    {
        __shared__ _TempStorage private_storage;
        return private_storage;
    }

public:
    struct TempStorage : Uninitialized<_TempStorage> {};

    BlockReduce()
        : temp_storage(PrivateStorage()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }
    BlockReduce(TempStorage &temp_storage)
        : temp_storage(temp_storage.Alias()),
          linear_tid(simt_cub::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>())
    {
    }

    template <typename ReductionOp> T Reduce(T input, ReductionOp reduction_op)
    {
        return Reduce(input, reduction_op, BLOCK_THREADS);
    }
    template <int ITEMS_PER_THREAD, typename ReductionOp>
    T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op)
    {
        T partial = inputs[0];
        for (int i = 1; i < ITEMS_PER_THREAD; i++)
            partial = reduction_op(partial, inputs[i]);
        return Reduce(partial, reduction_op, BLOCK_THREADS);
    }
    template <typename ReductionOp> T Reduce(T input, ReductionOp reduction_op, int num_valid)
    {
        if (linear_tid < BLOCK_THREADS)
            ::new ((void *)&temp_storage.in[linear_tid]) T(input);
        __syncthreads();
        if (linear_tid != 0)
            return input;
        int valid = num_valid < BLOCK_THREADS ? num_valid : BLOCK_THREADS;
        if (valid <= 0)
            return input;
        T *v = temp_storage.in.data();
        T acc = simt_cub::warp_tree(v, valid < 32 ? valid : 32, reduction_op);
        for (int w = 32; w < valid; w += 32)
            acc =
                reduction_op(acc, simt_cub::warp_tree(v + w, valid - w < 32 ? valid - w : 32, reduction_op));
        return acc;
    }
    T Sum(T input) { return Reduce(input, ::cuda::std::plus<>()); }
    template <int ITEMS_PER_THREAD> T Sum(T (&inputs)[ITEMS_PER_THREAD])
    {
        return Reduce(inputs, ::cuda::std::plus<>());
    }
    T Sum(T input, int num_valid) { return Reduce(input, ::cuda::std::plus<>(), num_valid); }
};

CUB_NAMESPACE_END

#endif
