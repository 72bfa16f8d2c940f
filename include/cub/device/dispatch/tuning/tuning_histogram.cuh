/*
 * cub/device/dispatch/tuning/tuning_histogram.cuh: the policy hub of CUB's
 * histograms (DispatchHistogram's default for DispatchRange, IsEven false,
 * and DispatchEven, IsEven true): a chain of policies by PTX version, each
 * naming the AgentHistogramPolicy of the histogram kernel.  The values are
 * CUB 3.0's generic ones; CUB's tunings for one channel of 1- or 2-byte
 * primitive samples with 4-byte counters on sm_90 and sm_100 are not
 * reproduced (the 900 and 1000 policies keep the 500 one's values, which
 * is what CUB picks for every other sample), since a tuning only changes
 * how a GPU maps the work.  simt's dispatch selects through the chain (so
 * a build's architectures decide what runs, as on a GPU) and reads no
 * value.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_HISTOGRAM_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_HISTOGRAM_CUH
#pragma GCC system_header

#include "../../../agent/agent_histogram.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace histogram {

template <class SampleT, class CounterT, int NumChannels, int NumActiveChannels, bool IsEven>
struct policy_hub {
    /* Samples per 4-byte word, rounded up: wide samples get fewer items. */
    static constexpr int v_scale = (sizeof(SampleT) + sizeof(int) - 1) / sizeof(int);

    /* A thread's pixels for a nominal count of 4-byte samples: shared
     * among the active channels, at least one. */
    static constexpr int t_scale(int nominalItemsPerThread)
    {
        return nominalItemsPerThread / NumActiveChannels / v_scale > 1
                   ? nominalItemsPerThread / NumActiveChannels / v_scale
                   : 1;
    }

    struct Policy500 : ChainedPolicy<500, Policy500, Policy500> {
        using AgentHistogramPolicyT =
            AgentHistogramPolicy<384, t_scale(16), BLOCK_LOAD_DIRECT, LOAD_LDG, true, SMEM, false>;
    };

    struct Policy900 : ChainedPolicy<900, Policy900, Policy500> {
        using AgentHistogramPolicyT = typename Policy500::AgentHistogramPolicyT;
    };

    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy900> {
        using AgentHistogramPolicyT = typename Policy900::AgentHistogramPolicyT;
    };

    using MaxPolicy = Policy1000;
};

} /* namespace histogram */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
