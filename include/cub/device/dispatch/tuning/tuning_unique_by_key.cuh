/*
 * cub/device/dispatch/tuning/tuning_unique_by_key.cuh: the policy hub of
 * CUB's DispatchUniqueByKey: a chain of policies by PTX version, each
 * naming the AgentUniqueByKeyPolicy of its tiles.  The values are CUB
 * 3.0's generic ones; CUB's tunings for particular key and value types on
 * sm_80, sm_90 and sm_100 are not reproduced (the 800 and 900 policies
 * take the default CUB falls back on where no tuning exists, the 1000 one
 * keeps the 900 one's), since a tuning only changes how a GPU maps the
 * work.  simt's dispatch selects through the chain (so a build's
 * architectures decide what runs, as on a GPU) and reads no value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_UNIQUE_BY_KEY_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_UNIQUE_BY_KEY_CUH
#pragma GCC system_header

#include "../../../util_math.cuh"
#include "../../../agent/agent_unique_by_key.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace unique_by_key {

template <class KeyT, class ValueT>
struct policy_hub {
    /* Nominal4bItemsPerThread 4-byte keys a thread, fewer for larger keys
     * (at least one). */
    template <int Nominal4bItemsPerThread, int Threads>
    struct DefaultPolicy {
        static constexpr int items_per_thread = Nominal4BItemsToItems<KeyT>(Nominal4bItemsPerThread);
        using UniqueByKeyPolicyT =
            AgentUniqueByKeyPolicy<Threads, items_per_thread, BLOCK_LOAD_WARP_TRANSPOSE, LOAD_LDG,
                                   BLOCK_SCAN_WARP_SCANS, default_delay_constructor_t<int>>;
    };

    struct Policy500 : DefaultPolicy<9, 128>, ChainedPolicy<500, Policy500, Policy500> {
    };

    struct Policy520 : DefaultPolicy<11, 64>, ChainedPolicy<520, Policy520, Policy500> {
    };

    struct Policy800 : ChainedPolicy<800, Policy800, Policy520> {
        using UniqueByKeyPolicyT = typename DefaultPolicy<11, 64>::UniqueByKeyPolicyT;
    };

    struct Policy860 : DefaultPolicy<11, 64>, ChainedPolicy<860, Policy860, Policy800> {
    };

    struct Policy900 : ChainedPolicy<900, Policy900, Policy860> {
        using UniqueByKeyPolicyT = typename DefaultPolicy<11, 64>::UniqueByKeyPolicyT;
    };

    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy900> {
        using UniqueByKeyPolicyT = typename Policy900::UniqueByKeyPolicyT;
    };

    using MaxPolicy = Policy1000;
};

} /* namespace unique_by_key */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
