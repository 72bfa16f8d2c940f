/*
 * cub/device/dispatch/tuning/tuning_run_length_encode.cuh: the policy
 * hubs of CUB's run-length encodings: rle::encode's (DeviceRunLengthEncode
 * ::Encode, which CUB runs through DispatchReduceByKey; simt's Encode does
 * not dispatch) names an AgentReduceByKeyPolicy, rle::non_trivial_runs's
 * (DeviceRleDispatch) an AgentRlePolicy, each in a chain of policies by
 * PTX version.  The values are CUB 3.0's generic ones; CUB's tunings for
 * particular length and key types on sm_80, sm_90 and sm_100 are not
 * reproduced (the 800 and 900 policies take the default CUB falls back on
 * where no tuning exists, the 1000 one keeps the 900 one's), since a
 * tuning only changes how a GPU maps the work.  simt's dispatch selects
 * through the chain (so a build's architectures decide what runs, as on a
 * GPU) and reads no value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_RUN_LENGTH_ENCODE_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_RUN_LENGTH_ENCODE_CUH
#pragma GCC system_header

#include <cuda/cmath>
#include <cuda/std/algorithm>
#include "../../../util_math.cuh"
#include "../../../agent/agent_reduce_by_key.cuh"
#include "../../../agent/agent_rle.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace rle {
namespace encode {

template <class LengthT, class KeyT>
struct policy_hub {
    static constexpr int max_input_bytes = int{sizeof(KeyT) > sizeof(LengthT) ? sizeof(KeyT) : sizeof(LengthT)};
    static constexpr int combined_input_bytes = int{sizeof(KeyT) + sizeof(LengthT)};

    /* Six items a thread while key and length are 8 bytes or less each,
     * else six 4-byte key-length pairs' worth (at least one). */
    template <CacheLoadModifier LoadModifier>
    struct DefaultPolicy {
        static constexpr int nominal_4B_items_per_thread = 6;
        static constexpr int items =
            max_input_bytes <= 8 ? 6
                                 : ::cuda::std::clamp(::cuda::ceil_div(nominal_4B_items_per_thread * 8,
                                                                       combined_input_bytes),
                                                      1, nominal_4B_items_per_thread);
        using ReduceByKeyPolicyT =
            AgentReduceByKeyPolicy<128, items, BLOCK_LOAD_DIRECT, LoadModifier, BLOCK_SCAN_WARP_SCANS,
                                   default_reduce_by_key_delay_constructor_t<LengthT, int>>;
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

} /* namespace encode */

namespace non_trivial_runs {

template <class LengthT, class KeyT>
struct policy_hub {
    /* Fifteen 4-byte keys a thread, fewer for larger keys (at least one);
     * the look-back's back-off is chosen as for a reduce-by-key of
     * DelayConstructorKey keys (CUB's 500 and 860 policies take int). */
    template <BlockLoadAlgorithm BlockLoad, typename DelayConstructorKey, CacheLoadModifier LoadModifier>
    struct DefaultPolicy {
        static constexpr int nominal_4B_items_per_thread = 15;
        static constexpr int ITEMS_PER_THREAD = Nominal4BItemsToItems<KeyT>(nominal_4B_items_per_thread);
        using RleSweepPolicyT =
            AgentRlePolicy<96, ITEMS_PER_THREAD, BlockLoad, LoadModifier, true, BLOCK_SCAN_WARP_SCANS,
                           default_reduce_by_key_delay_constructor_t<DelayConstructorKey, int>>;
    };

    struct Policy500 : DefaultPolicy<BLOCK_LOAD_DIRECT, int, LOAD_LDG>, ChainedPolicy<500, Policy500, Policy500> {
    };

    struct Policy800 : ChainedPolicy<800, Policy800, Policy500> {
        using RleSweepPolicyT =
            typename DefaultPolicy<BLOCK_LOAD_WARP_TRANSPOSE, LengthT, LOAD_DEFAULT>::RleSweepPolicyT;
    };

    struct Policy860 : DefaultPolicy<BLOCK_LOAD_DIRECT, int, LOAD_LDG>, ChainedPolicy<860, Policy860, Policy800> {
    };

    struct Policy900 : ChainedPolicy<900, Policy900, Policy860> {
        using RleSweepPolicyT =
            typename DefaultPolicy<BLOCK_LOAD_WARP_TRANSPOSE, LengthT, LOAD_DEFAULT>::RleSweepPolicyT;
    };

    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy900> {
        using RleSweepPolicyT = typename Policy900::RleSweepPolicyT;
    };

    using MaxPolicy = Policy1000;
};

} /* namespace non_trivial_runs */
} /* namespace rle */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
