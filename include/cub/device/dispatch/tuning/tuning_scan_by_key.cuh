/*
 * cub/device/dispatch/tuning/tuning_scan_by_key.cuh: the policy hub of
 * CUB's DispatchScanByKey: a chain of policies by PTX version, each naming
 * the AgentScanByKeyPolicy of its tiles.  The values are CUB 3.0's generic
 * ones; CUB's tunings for particular key and value types (with CUB's own
 * scan operators) on sm_80, sm_90 and sm_100 are not reproduced (the 800
 * and 900 policies take the default CUB falls back on where no tuning
 * exists, the 1000 one keeps the 900 one's), since a tuning only changes
 * how a GPU maps the work.  simt's dispatch selects through the chain (so
 * a build's architectures decide what runs, as on a GPU) and reads no
 * value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_SCAN_BY_KEY_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_SCAN_BY_KEY_CUH
#pragma GCC system_header

#include "../../../util_math.cuh"
#include "../../../agent/agent_scan_by_key.cuh"
#include "../../../util_device.cuh"
#include "../../../util_type.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace scan_by_key {

template <typename KeysInputIteratorT, typename AccumT, typename ValueT, typename ScanOpT>
struct policy_hub {
    using key_t = it_value_t<KeysInputIteratorT>;
    static constexpr int max_input_bytes = int{sizeof(key_t) > sizeof(AccumT) ? sizeof(key_t) : sizeof(AccumT)};
    static constexpr int combined_input_bytes = int{sizeof(key_t) + sizeof(AccumT)};

    /* Nominal 4-byte items a thread while key and accumulator are 8 bytes
     * or less each, else as many 4-byte key-value pairs' worth (at least
     * one). */
    static constexpr int items_for(int nominal_4b_items_per_thread)
    {
        return max_input_bytes <= 8 ? nominal_4b_items_per_thread
                                    : Nominal4BItemsToItemsCombined(nominal_4b_items_per_thread, combined_input_bytes);
    }

    struct Policy500 : ChainedPolicy<500, Policy500, Policy500> {
        static constexpr int nominal_4b_items_per_thread = 6;
        static constexpr int items_per_thread = items_for(nominal_4b_items_per_thread);
        using ScanByKeyPolicyT =
            AgentScanByKeyPolicy<128, items_per_thread, BLOCK_LOAD_WARP_TRANSPOSE, LOAD_CA, BLOCK_SCAN_WARP_SCANS,
                                 BLOCK_STORE_WARP_TRANSPOSE, default_reduce_by_key_delay_constructor_t<AccumT, int>>;
    };

    /* DelayConstructurValueT: the value type the look-back's back-off is
     * chosen for (CUB's 800 and 900 fallbacks take ValueT, not AccumT). */
    template <CacheLoadModifier LoadModifier, typename DelayConstructurValueT>
    struct DefaultPolicy {
        static constexpr int nominal_4b_items_per_thread = 9;
        static constexpr int items_per_thread = items_for(nominal_4b_items_per_thread);
        using ScanByKeyPolicyT =
            AgentScanByKeyPolicy<256, items_per_thread, BLOCK_LOAD_WARP_TRANSPOSE, LoadModifier, BLOCK_SCAN_WARP_SCANS,
                                 BLOCK_STORE_WARP_TRANSPOSE,
                                 default_reduce_by_key_delay_constructor_t<DelayConstructurValueT, int>>;
    };

    struct Policy520 : DefaultPolicy<LOAD_CA, AccumT>, ChainedPolicy<520, Policy520, Policy500> {
    };

    struct Policy800 : ChainedPolicy<800, Policy800, Policy520> {
        using ScanByKeyPolicyT = typename DefaultPolicy<LOAD_DEFAULT, ValueT>::ScanByKeyPolicyT;
    };

    struct Policy860 : DefaultPolicy<LOAD_CA, AccumT>, ChainedPolicy<860, Policy860, Policy800> {
    };

    struct Policy900 : ChainedPolicy<900, Policy900, Policy860> {
        using ScanByKeyPolicyT = typename DefaultPolicy<LOAD_DEFAULT, ValueT>::ScanByKeyPolicyT;
    };

    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy900> {
        using ScanByKeyPolicyT = typename Policy900::ScanByKeyPolicyT;
    };

    using MaxPolicy = Policy1000;
};

} /* namespace scan_by_key */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
