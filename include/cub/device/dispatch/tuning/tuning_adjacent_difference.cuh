/*
 * cub/device/dispatch/tuning/tuning_adjacent_difference.cuh: the policy
 * hub of CUB's DispatchAdjacentDifference: one policy for every PTX
 * version, naming the AgentAdjacentDifferencePolicy of its tiles, with CUB
 * 3.0's values (CUB has no tunings here).  simt's dispatch selects through
 * the chain (so a build's architectures decide what runs, as on a GPU)
 * and reads no value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_ADJACENT_DIFFERENCE_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_ADJACENT_DIFFERENCE_CUH
#pragma GCC system_header

#include <cuda/cmath>
#include "../../../util_math.cuh"
#include "../../../agent/agent_adjacent_difference.cuh"
#include "../../../util_device.cuh"
#include "../../../util_type.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace adjacent_difference {

template <typename InputIteratorT, bool MayAlias>
struct policy_hub {
    using ValueT = it_value_t<InputIteratorT>;

    /* Seven items a thread up to 8 bytes, fewer for larger ones (about
     * seven 8-byte items' worth, at least one).  A difference in place may
     * overwrite what other blocks still read, so its loads avoid the
     * read-only cache (LOAD_CA rather than LOAD_LDG). */
    struct Policy500 : ChainedPolicy<500, Policy500, Policy500> {
        using AdjacentDifferencePolicy = AgentAdjacentDifferencePolicy<
            128, Nominal8BItemsToItems<ValueT>(7),
            BLOCK_LOAD_WARP_TRANSPOSE, MayAlias ? LOAD_CA : LOAD_LDG, BLOCK_STORE_WARP_TRANSPOSE>;
    };

    using MaxPolicy = Policy500;
};

} /* namespace adjacent_difference */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
