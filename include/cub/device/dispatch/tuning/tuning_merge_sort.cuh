/*
 * cub/device/dispatch/tuning/tuning_merge_sort.cuh: the policy hub of CUB's
 * merge sort (DispatchMergeSort): a chain of policies by PTX version, each
 * naming the AgentMergeSortPolicy of the block sort and merge kernels.
 * The values are CUB 3.0's (it has no per-type tunings here).  CUB's
 * MergeSortPolicyWrapper, which reads a policy at run time for its
 * kernels, is not provided.  simt's dispatch selects through the chain (so
 * a build's architectures decide what runs, as on a GPU) and reads no
 * value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_MERGE_SORT_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_MERGE_SORT_CUH
#pragma GCC system_header

#include "../../../util_math.cuh"
#include "../../../agent/agent_merge_sort.cuh"
#include "../../../util_device.cuh"
#include "../../../util_type.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace merge_sort {

template <typename KeyIteratorT>
struct policy_hub {
    using KeyT = it_value_t<KeyIteratorT>;

    struct Policy500 : ChainedPolicy<500, Policy500, Policy500> {
        using MergeSortPolicy = AgentMergeSortPolicy<256, Nominal4BItemsToItems<KeyT>(11), BLOCK_LOAD_WARP_TRANSPOSE,
                                                     LOAD_LDG, BLOCK_STORE_WARP_TRANSPOSE>;
    };

    struct Policy520 : ChainedPolicy<520, Policy520, Policy500> {
        using MergeSortPolicy = AgentMergeSortPolicy<512, Nominal4BItemsToItems<KeyT>(15), BLOCK_LOAD_WARP_TRANSPOSE,
                                                     LOAD_LDG, BLOCK_STORE_WARP_TRANSPOSE>;
    };

    struct Policy600 : ChainedPolicy<600, Policy600, Policy520> {
        using MergeSortPolicy = AgentMergeSortPolicy<256, Nominal4BItemsToItems<KeyT>(17), BLOCK_LOAD_WARP_TRANSPOSE,
                                                     LOAD_DEFAULT, BLOCK_STORE_WARP_TRANSPOSE>;
    };

    using MaxPolicy = Policy600;
};

} /* namespace merge_sort */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
