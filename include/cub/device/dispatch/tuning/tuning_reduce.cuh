/*
 * cub/device/dispatch/tuning/tuning_reduce.cuh: the policy hub of CUB's
 * reductions (DispatchReduce, DispatchTransformReduce,
 * DispatchSegmentedReduce): a chain of policies by PTX version, each
 * naming the AgentReducePolicy of its reduce, single-tile and segmented
 * kernels.  The values are CUB 3.0's generic ones; CUB's tunings for
 * particular types on sm_100 are not reproduced (the 1000 policy keeps the
 * 600 one's values), since a tuning only changes how a GPU maps the work.
 * simt's dispatch selects through the chain (so a build's architectures
 * decide what runs, as on a GPU) and reads no value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_REDUCE_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_REDUCE_CUH
#pragma GCC system_header

#include "../../../agent/agent_reduce.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace reduce {

template <typename AccumT, typename OffsetT, typename ReductionOpT>
struct policy_hub {
    struct Policy500 : ChainedPolicy<500, Policy500, Policy500> {
        static constexpr int threads_per_block = 256;
        static constexpr int items_per_thread = 20;
        static constexpr int items_per_vec_load = 4;
        using ReducePolicy = AgentReducePolicy<threads_per_block, items_per_thread, AccumT, items_per_vec_load,
                                               BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_LDG>;
        using SingleTilePolicy = ReducePolicy;
        using SegmentedReducePolicy = ReducePolicy;
    };

    struct Policy600 : ChainedPolicy<600, Policy600, Policy500> {
        static constexpr int threads_per_block = 256;
        static constexpr int items_per_thread = 16;
        static constexpr int items_per_vec_load = 4;
        using ReducePolicy = AgentReducePolicy<threads_per_block, items_per_thread, AccumT, items_per_vec_load,
                                               BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_LDG>;
        using SingleTilePolicy = ReducePolicy;
        using SegmentedReducePolicy = ReducePolicy;
    };

    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy600> {
        using ReducePolicy = typename Policy600::ReducePolicy;
        using SingleTilePolicy = ReducePolicy;
        using SegmentedReducePolicy = ReducePolicy;
    };

    using MaxPolicy = Policy1000;
};

} /* namespace reduce */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
