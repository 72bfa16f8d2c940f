/*
 * cub/device/dispatch/tuning/tuning_select_if.cuh: the policy hub of CUB's
 * selections and two-way partitions (DispatchSelectIf): a chain of
 * policies by PTX version, each naming the AgentSelectIfPolicy of its
 * tiles.  The values are CUB 3.0's generic ones; CUB's tunings for
 * particular item types on sm_80, sm_90 and sm_100 are not reproduced
 * (the 800 and 900 policies take the default CUB falls back on where no
 * tuning exists, the 1000 one keeps the 900 one's), since a tuning only
 * changes how a GPU maps the work.  simt's dispatch selects through the
 * chain (so a build's architectures decide what runs, as on a GPU) and
 * reads no value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_SELECT_IF_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_SELECT_IF_CUH
#pragma GCC system_header

#include "../dispatch_common.cuh"
#include "../../../util_math.cuh"
#include "../../../agent/agent_select_if.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace select {

template <class InputT, class FlagT, class OffsetT, bool DistinctPartitions, SelectImpl Impl>
struct policy_hub {
    static constexpr bool may_alias = Impl == SelectImpl::SelectPotentiallyInPlace;
    static constexpr bool keep_rejects = Impl == SelectImpl::Partition;

    /* Ten 4-byte items a thread, fewer for larger items (at least one). */
    template <CacheLoadModifier LoadModifier>
    struct DefaultPolicy {
        static constexpr int nominal_4B_items_per_thread = 10;
        static constexpr int items_per_thread = Nominal4BItemsToItems<InputT>(nominal_4B_items_per_thread);
        using SelectIfPolicyT = AgentSelectIfPolicy<128, items_per_thread, BLOCK_LOAD_DIRECT, LoadModifier,
                                                    BLOCK_SCAN_WARP_SCANS, fixed_delay_constructor_t<350, 450>>;
    };

    /* An in-place selection may write what other blocks still read, so
     * its loads avoid the read-only cache (LOAD_CA rather than LOAD_LDG). */
    struct Policy500 : DefaultPolicy<may_alias ? LOAD_CA : LOAD_LDG>, ChainedPolicy<500, Policy500, Policy500> {
    };

    struct Policy800 : ChainedPolicy<800, Policy800, Policy500> {
        using SelectIfPolicyT = typename DefaultPolicy<LOAD_DEFAULT>::SelectIfPolicyT;
    };

    struct Policy860 : DefaultPolicy<may_alias ? LOAD_CA : LOAD_LDG>, ChainedPolicy<860, Policy860, Policy800> {
    };

    struct Policy900 : ChainedPolicy<900, Policy900, Policy860> {
        using SelectIfPolicyT = typename DefaultPolicy<LOAD_DEFAULT>::SelectIfPolicyT;
    };

    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy900> {
        using SelectIfPolicyT = typename Policy900::SelectIfPolicyT;
    };

    using MaxPolicy = Policy1000;
};

} /* namespace select */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
