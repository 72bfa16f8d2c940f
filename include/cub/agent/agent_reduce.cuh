/*
 * cub/agent/agent_reduce.cuh: cub::AgentReducePolicy, the tuning of CUB's
 * reduction tiles, and cub::detail::reduce::AgentReduce, the block-wide
 * reduction of a range of tiles that CUB's reduce kernels run, for
 * programs that write such kernels themselves (the dispatch document's
 * agent layer).
 *
 * simt's own device reductions do not run it (cub/device/device_reduce.cuh);
 * it is built from BlockReduce with the policy's algorithm.  Each thread
 * folds the items it loads in order, tile after tile (items striped across
 * the block: a tile's item i goes to thread i % BLOCK_THREADS), then the
 * block reduces the threads' aggregates; the result is defined in thread 0
 * only, as in CUB.  A partial tile is reduced over its valid threads.
 * Integer results are CUB's; a floating-point sum may associate otherwise
 * than CUB's vectorized loads do.
 */
#ifndef SIMT_CUB_AGENT_AGENT_REDUCE_CUH
#define SIMT_CUB_AGENT_AGENT_REDUCE_CUH
#pragma GCC system_header

#include "../block/block_reduce.cuh"
#include "../grid/grid_even_share.cuh"
#include "../thread/thread_load.cuh"
#include "../util_arch.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

/* The tuning of a reduction tile: BLOCK_THREADS and ITEMS_PER_THREAD come
 * from ScalingType (given for 4-byte items, scaled to ComputeT's size). */
template <int NOMINAL_BLOCK_THREADS_4B, int NOMINAL_ITEMS_PER_THREAD_4B, typename ComputeT, int _VECTOR_LOAD_LENGTH,
          BlockReduceAlgorithm _BLOCK_ALGORITHM, CacheLoadModifier _LOAD_MODIFIER,
          typename ScalingType =
              detail::MemBoundScaling<NOMINAL_BLOCK_THREADS_4B, NOMINAL_ITEMS_PER_THREAD_4B, ComputeT>>
struct AgentReducePolicy : ScalingType {
    static constexpr int VECTOR_LOAD_LENGTH = _VECTOR_LOAD_LENGTH;
    static constexpr BlockReduceAlgorithm BLOCK_ALGORITHM = _BLOCK_ALGORITHM;
    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
};

namespace detail {
namespace reduce {

/* The identity: what DispatchReduce and AgentReduce apply by default. */
struct identity {
    template <typename T>
    __host__ __device__ T &&operator()(T &&t) const noexcept
    {
        return static_cast<T &&>(t);
    }
};

template <typename AgentReducePolicy, typename InputIteratorT, typename OutputIteratorT, typename OffsetT,
          typename ReductionOp, typename AccumT, typename TransformOp = identity>
struct AgentReduce {
    using InputT = it_value_t<InputIteratorT>;

    static constexpr int BLOCK_THREADS = AgentReducePolicy::BLOCK_THREADS;
    static constexpr int ITEMS_PER_THREAD = AgentReducePolicy::ITEMS_PER_THREAD;
    static constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
    static constexpr int VECTOR_LOAD_LENGTH = AgentReducePolicy::VECTOR_LOAD_LENGTH < ITEMS_PER_THREAD
                                                  ? AgentReducePolicy::VECTOR_LOAD_LENGTH
                                                  : ITEMS_PER_THREAD;
    static constexpr CacheLoadModifier LOAD_MODIFIER = AgentReducePolicy::LOAD_MODIFIER;
    static constexpr BlockReduceAlgorithm BLOCK_ALGORITHM = AgentReducePolicy::BLOCK_ALGORITHM;

    using BlockReduceT = BlockReduce<AccumT, BLOCK_THREADS, AgentReducePolicy::BLOCK_ALGORITHM>;

    struct _TempStorage {
        typename BlockReduceT::TempStorage reduce;
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &temp_storage;
    InputIteratorT d_in;
    ReductionOp reduction_op;
    TransformOp transform_op;

    __device__ AgentReduce(TempStorage &temp_storage, InputIteratorT d_in, ReductionOp reduction_op,
                           TransformOp transform_op = {})
        : temp_storage(temp_storage.Alias()), d_in(d_in), reduction_op(reduction_op), transform_op(transform_op)
    {
    }

    /* The block's aggregate of [block_offset, block_end) walked in tiles of
     * `stride` items (TILE_ITEMS, or the grid's share for strip-mining);
     * defined in thread 0.  An empty range is not allowed (as in CUB). */
    __device__ AccumT ConsumeStrided(OffsetT block_offset, OffsetT block_end, OffsetT stride)
    {
        const int tid = (int)threadIdx.x;
        AccumT aggregate{};
        bool have = false;
        OffsetT valid_threads = 0;
        for (OffsetT tile = block_offset; tile < block_end; tile += stride) {
            OffsetT left = block_end - tile;
            OffsetT in_tile = left < (OffsetT)TILE_ITEMS ? left : (OffsetT)TILE_ITEMS;
            for (OffsetT i = tid; i < in_tile; i += BLOCK_THREADS) {
                AccumT item = transform_op(d_in[tile + i]);
                aggregate = have ? AccumT(reduction_op(aggregate, item)) : item;
                have = true;
            }
            if (in_tile > valid_threads)
                valid_threads = in_tile;
        }
        int valid = valid_threads < (OffsetT)BLOCK_THREADS ? (int)valid_threads : BLOCK_THREADS;
        if (valid == BLOCK_THREADS)
            return BlockReduceT(temp_storage.reduce).Reduce(aggregate, reduction_op);
        return BlockReduceT(temp_storage.reduce).Reduce(aggregate, reduction_op, valid);
    }

    __device__ AccumT ConsumeRange(OffsetT block_offset, OffsetT block_end)
    {
        return ConsumeStrided(block_offset, block_end, (OffsetT)TILE_ITEMS);
    }

    /* This block's tiles of an even split the host prepared
     * (DispatchInit): every grid_size-th tile from the block's own, as
     * CUB strip-mines them. */
    __device__ AccumT ConsumeTiles(GridEvenShare<OffsetT> &even_share)
    {
        even_share.template BlockInit<TILE_ITEMS, GRID_MAPPING_STRIP_MINE>();
        return ConsumeStrided(even_share.block_offset, even_share.block_end, even_share.block_stride);
    }
};

} /* namespace reduce */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
