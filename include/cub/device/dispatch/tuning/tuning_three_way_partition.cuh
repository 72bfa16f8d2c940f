/*
 * cub/device/dispatch/tuning/tuning_three_way_partition.cuh: the policy
 * hub of CUB's three-way partition (DispatchThreeWayPartitionIf): a chain
 * of policies by PTX version, each naming the AgentThreeWayPartitionPolicy
 * of its tiles.  The values are CUB 3.0's generic ones; CUB's tunings for
 * particular item and offset sizes on sm_80, sm_90 and sm_100 are not
 * reproduced (the 800 and 900 policies take the default CUB falls back on
 * where no tuning exists, the 1000 one keeps the 900 one's), since a
 * tuning only changes how a GPU maps the work.  simt's dispatch selects
 * through the chain (so a build's architectures decide what runs, as on a
 * GPU) and reads no value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_THREE_WAY_PARTITION_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_THREE_WAY_PARTITION_CUH
#pragma GCC system_header

#include <stdint.h>
#include <type_traits>
#include "../../../util_math.cuh"
#include "../../../agent/agent_three_way_partition.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace three_way_partition {

template <class InputT, class OffsetT>
struct policy_hub {
    /* Nine 4-byte items a thread, fewer for larger items (at least one). */
    template <typename DelayConstructor>
    struct DefaultPolicy {
        using ThreeWayPartitionPolicy =
            AgentThreeWayPartitionPolicy<256, Nominal4BItemsToItems<InputT>(9),
                                         BLOCK_LOAD_DIRECT, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, DelayConstructor>;
    };

    /* The back-off CUB's fallback takes from the pair of counts its tiles
     * scan: packed into one 64-bit word for 4-byte offsets (a primitive),
     * else a pair struct (not one). */
    using pack_delay_constructor_t = ::std::conditional_t<sizeof(OffsetT) == 4, default_delay_constructor_t<uint64_t>,
                                                          default_no_delay_constructor_t>;

    struct Policy500 : DefaultPolicy<fixed_delay_constructor_t<350, 450>>, ChainedPolicy<500, Policy500, Policy500> {
    };

    struct Policy800 : ChainedPolicy<800, Policy800, Policy500> {
        using ThreeWayPartitionPolicy = typename DefaultPolicy<pack_delay_constructor_t>::ThreeWayPartitionPolicy;
    };

    struct Policy860 : DefaultPolicy<fixed_delay_constructor_t<350, 450>>, ChainedPolicy<860, Policy860, Policy800> {
    };

    struct Policy900 : ChainedPolicy<900, Policy900, Policy860> {
        using ThreeWayPartitionPolicy = typename DefaultPolicy<pack_delay_constructor_t>::ThreeWayPartitionPolicy;
    };

    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy900> {
        using ThreeWayPartitionPolicy = typename Policy900::ThreeWayPartitionPolicy;
    };

    using MaxPolicy = Policy1000;
};

} /* namespace three_way_partition */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
