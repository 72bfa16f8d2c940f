/*
 * cub/warp/warp_reduce.cuh: cub::WarpReduce, computed as CUB's shuffle
 * implementation computes it: at offsets 1, 2, 4, 8, 16 each lane combines
 * its value with the lane `offset` above it, when that lane is valid (and,
 * for the segmented forms, in its segment).  Lane 0 (each segment's first
 * lane) gets the result, with a GPU's association, so floating-point
 * results are a GPU's.  TempStorage is empty: nothing goes through shared
 * memory, so logical warps may share one.
 */
#ifndef SIMT_CUB_WARP_WARP_REDUCE_CUH
#define SIMT_CUB_WARP_WARP_REDUCE_CUH
#pragma GCC system_header

#include "../detail/simt_warp.cuh"
#include "../thread/thread_operators.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0> class WarpReduce {
    simt_cub::logical_warp<LOGICAL_WARP_THREADS> warp;

    /* last_lane: the last lane whose value the caller's result may take. */
    template <typename ReductionOp> T Tree(T v, int last_lane, ReductionOp &op)
    {
        for (int offset = 1; offset < LOGICAL_WARP_THREADS; offset *= 2) {
            T other = warp.from(v, (int)warp.lane + offset);
            if ((int)warp.lane + offset <= last_lane)
                v = op(v, other);
        }
        return v;
    }
    template <bool HEAD, typename FlagT, typename ReductionOp>
    T Segmented(T input, FlagT flag, ReductionOp &op)
    {
        unsigned flags = warp.ballot(flag ? 1 : 0);
        if (HEAD)
            flags >>= 1; /* a head at lane i ends the segment at lane i-1 */
        flags &= ~((1u << warp.lane) - 1);
        flags |= 1u << (warp.size - 1);
        int last_lane = __builtin_ctz(flags);
        return Tree(input, last_lane, op);
    }

public:
    struct TempStorage : Uninitialized<NullType> {};

    WarpReduce(TempStorage &) {}

    template <typename ReductionOp> T Reduce(T input, ReductionOp reduction_op)
    {
        return Tree(input, warp.size - 1, reduction_op);
    }
    template <typename ReductionOp> T Reduce(T input, ReductionOp reduction_op, int valid_items)
    {
        int last = (valid_items < warp.size ? valid_items : warp.size) - 1;
        return Tree(input, last, reduction_op);
    }
    T Sum(T input) { return Reduce(input, ::cuda::std::plus<>()); }
    T Sum(T input, int valid_items) { return Reduce(input, ::cuda::std::plus<>(), valid_items); }
    template <typename FlagT> T HeadSegmentedSum(T input, FlagT head_flag)
    {
        return HeadSegmentedReduce(input, head_flag, ::cuda::std::plus<>());
    }
    template <typename FlagT> T TailSegmentedSum(T input, FlagT tail_flag)
    {
        return TailSegmentedReduce(input, tail_flag, ::cuda::std::plus<>());
    }
    template <typename ReductionOp, typename FlagT>
    T HeadSegmentedReduce(T input, FlagT head_flag, ReductionOp reduction_op)
    {
        return Segmented<true>(input, head_flag, reduction_op);
    }
    template <typename ReductionOp, typename FlagT>
    T TailSegmentedReduce(T input, FlagT tail_flag, ReductionOp reduction_op)
    {
        return Segmented<false>(input, tail_flag, reduction_op);
    }
};

CUB_NAMESPACE_END

#endif
