/*
 * cub/device/dispatch/tuning/tuning_reduce_by_key.cuh: the policy hub of
 * CUB's DispatchReduceByKey: a chain of policies by PTX version, each
 * naming the AgentReduceByKeyPolicy of its tiles.  The values are CUB
 * 3.0's generic ones; CUB's tunings for particular key and accumulator
 * types (with CUB's own reduction operators) on sm_80, sm_90 and sm_100
 * are not reproduced (the 800 and 900 policies take the default CUB falls
 * back on where no tuning exists, the 1000 one keeps the 900 one's), since
 * a tuning only changes how a GPU maps the work.  simt's dispatch selects
 * through the chain (so a build's architectures decide what runs, as on a
 * GPU) and reads no value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_REDUCE_BY_KEY_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_REDUCE_BY_KEY_CUH
#pragma GCC system_header

#include <cuda/cmath>
#include <cuda/std/algorithm>
#include "../../../agent/agent_reduce_by_key.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace reduce_by_key {

template <class ReductionOpT, class AccumT, class KeyT>
struct policy_hub {
    static constexpr int max_input_bytes = int{sizeof(KeyT) > sizeof(AccumT) ? sizeof(KeyT) : sizeof(AccumT)};
    static constexpr int combined_input_bytes = int{sizeof(KeyT) + sizeof(AccumT)};

    /* Six items a thread while key and accumulator are 8 bytes or less
     * each, else six 4-byte key-value pairs' worth (at least one). */
    template <CacheLoadModifier LoadModifier>
    struct DefaultPolicy {
        static constexpr int nominal_4B_items_per_thread = 6;
        static constexpr int items_per_thread =
            max_input_bytes <= 8 ? 6
                                 : ::cuda::std::clamp(::cuda::ceil_div(nominal_4B_items_per_thread * 8,
                                                                       combined_input_bytes),
                                                      1, nominal_4B_items_per_thread);
        using ReduceByKeyPolicyT =
            AgentReduceByKeyPolicy<128, items_per_thread, BLOCK_LOAD_DIRECT, LoadModifier, BLOCK_SCAN_WARP_SCANS,
                                   default_reduce_by_key_delay_constructor_t<AccumT, int>>;
    };

    struct Policy500 : DefaultPolicy<LOAD_LDG>, ChainedPolicy<500, Policy500, Policy500> {
    };

    struct Policy800 : ChainedPolicy<800, Policy800, Policy500> {
        using ReduceByKeyPolicyT = typename DefaultPolicy<LOAD_DEFAULT>::ReduceByKeyPolicyT;
    };

    struct Policy860 : DefaultPolicy<LOAD_LDG>, ChainedPolicy<860, Policy860, Policy800> {
    };

    struct Policy900 : ChainedPolicy<900, Policy900, Policy860> {
        using ReduceByKeyPolicyT = typename DefaultPolicy<LOAD_DEFAULT>::ReduceByKeyPolicyT;
    };

    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy900> {
        using ReduceByKeyPolicyT = typename Policy900::ReduceByKeyPolicyT;
    };

    using MaxPolicy = Policy1000;
};

} /* namespace reduce_by_key */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
