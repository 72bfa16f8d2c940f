/*
 * cub/device/dispatch/tuning/tuning_scan.cuh: the policy hub of CUB's scans
 * (DispatchScan): a chain of policies by PTX version, each naming the
 * AgentScanPolicy of its scan kernel.  CUB 3.0's values: the generic
 * policies, and for sm_80 and sm_90 its tunings of plus, minimum and
 * maximum over arithmetic accumulators of 1, 2, 4 and 8 bytes (float and
 * double their own).  Not reproduced: the 128-bit integer tunings and
 * the sm_100 ones (Policy1000 keeps Policy900's).  simt's dispatch selects
 * through the chain and reads no value: a tuning only changes how a GPU
 * maps the work.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_SCAN_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_SCAN_CUH
#pragma GCC system_header

#include <functional>
#include <cuda/functional>
#include "../../../agent/agent_scan.cuh"
#include "../../../thread/thread_operators.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace scan {

/* The operators CUB's tunings are measured for. */
template <class Op>
struct tuned_op : ::std::false_type {
};
template <class T>
struct tuned_op<::cuda::std::plus<T>> : ::std::true_type {
};
template <class T>
struct tuned_op<::cuda::minimum<T>> : ::std::true_type {
};
template <class T>
struct tuned_op<::cuda::maximum<T>> : ::std::true_type {
};
template <>
struct tuned_op<Sum> : ::std::true_type {
};
template <>
struct tuned_op<Min> : ::std::true_type {
};
template <>
struct tuned_op<Max> : ::std::true_type {
};

/* One tuning: threads and items for 4-byte items, the look-back delay's
 * two GPU timings, transposing loads and stores. */
template <int Threads, int Items, unsigned Delay, unsigned L2WriteLatency>
struct tuning_values {
    static constexpr bool tuned = true;
    static constexpr int threads = Threads;
    static constexpr int items = Items;
    using delay_constructor = fixed_delay_constructor_t<Delay, L2WriteLatency>;
};
struct untuned {
    static constexpr bool tuned = false;
};

/* CUB's sm_80 and sm_90 tunings, by accumulator (float and double apart
 * from the other types of their size). */
template <class AccumT, bool Tuned = Traits<AccumT>::PRIMITIVE>
struct sm80_tuning : untuned {
};
template <class AccumT>
struct sm80_tuning<AccumT, true>
    : ::std::conditional_t<
          ::std::is_same<AccumT, float>::value, tuning_values<288, 8, 724, 1050>,
          ::std::conditional_t<
              ::std::is_same<AccumT, double>::value, tuning_values<384, 12, 388, 1100>,
              ::std::conditional_t<
                  sizeof(AccumT) == 1, tuning_values<320, 14, 368, 725>,
                  ::std::conditional_t<
                      sizeof(AccumT) == 2, tuning_values<352, 16, 488, 1040>,
                      ::std::conditional_t<sizeof(AccumT) == 4, tuning_values<320, 12, 268, 1180>,
                                           ::std::conditional_t<sizeof(AccumT) == 8,
                                                                tuning_values<288, 22, 716, 785>, untuned>>>>>> {
};

template <class AccumT, bool Tuned = Traits<AccumT>::PRIMITIVE>
struct sm90_tuning : untuned {
};
template <class AccumT>
struct sm90_tuning<AccumT, true>
    : ::std::conditional_t<
          ::std::is_same<AccumT, float>::value, tuning_values<128, 24, 688, 1140>,
          ::std::conditional_t<
              ::std::is_same<AccumT, double>::value, tuning_values<224, 24, 576, 1215>,
              ::std::conditional_t<
                  sizeof(AccumT) == 1, tuning_values<192, 22, 168, 1140>,
                  ::std::conditional_t<
                      sizeof(AccumT) == 2, tuning_values<512, 12, 376, 1125>,
                      ::std::conditional_t<sizeof(AccumT) == 4, tuning_values<128, 24, 648, 1245>,
                                           ::std::conditional_t<sizeof(AccumT) == 8,
                                                                tuning_values<224, 24, 632, 1290>, untuned>>>>>> {
};

template <typename InputValueT, typename OutputValueT, typename AccumT, typename OffsetT, typename ScanOpT>
struct policy_hub {
    /* Accumulators this large are transposed a warp's slice at a time. */
    static constexpr bool large_values = sizeof(AccumT) > 128;
    static constexpr BlockLoadAlgorithm scan_transposed_load =
        large_values ? BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED : BLOCK_LOAD_WARP_TRANSPOSE;
    static constexpr BlockStoreAlgorithm scan_transposed_store =
        large_values ? BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED : BLOCK_STORE_WARP_TRANSPOSE;

    struct Policy500 : ChainedPolicy<500, Policy500, Policy500> {
        using ScanPolicyT = AgentScanPolicy<128, 12, AccumT, BLOCK_LOAD_DIRECT, LOAD_CA,
                                            BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED, BLOCK_SCAN_RAKING>;
    };
    struct Policy520 : ChainedPolicy<520, Policy520, Policy500> {
        using ScanPolicyT = AgentScanPolicy<128, 12, AccumT, BLOCK_LOAD_DIRECT, LOAD_CA, scan_transposed_store,
                                            BLOCK_SCAN_WARP_SCANS>;
    };
    struct DefaultPolicy {
        using ScanPolicyT = AgentScanPolicy<128, 15, AccumT, scan_transposed_load, LOAD_DEFAULT,
                                            scan_transposed_store, BLOCK_SCAN_WARP_SCANS>;
    };

    /* A tuning's policy where CUB has one for this operator and
     * accumulator, else the default. */
    template <class Tuning, bool = tuned_op<ScanOpT>::value && Tuning::tuned>
    struct tuned_policy {
        using type = typename DefaultPolicy::ScanPolicyT;
    };
    template <class Tuning>
    struct tuned_policy<Tuning, true> {
        using type = AgentScanPolicy<Tuning::threads, Tuning::items, AccumT, scan_transposed_load, LOAD_DEFAULT,
                                     scan_transposed_store, BLOCK_SCAN_WARP_SCANS,
                                     MemBoundScaling<Tuning::threads, Tuning::items, AccumT>,
                                     typename Tuning::delay_constructor>;
    };

    struct Policy600 : DefaultPolicy, ChainedPolicy<600, Policy600, Policy520> {
    };
    struct Policy800 : ChainedPolicy<800, Policy800, Policy600> {
        using ScanPolicyT = typename tuned_policy<sm80_tuning<AccumT>>::type;
    };
    struct Policy860 : DefaultPolicy, ChainedPolicy<860, Policy860, Policy800> {
    };
    struct Policy900 : ChainedPolicy<900, Policy900, Policy860> {
        using ScanPolicyT = typename tuned_policy<sm90_tuning<AccumT>>::type;
    };
    struct Policy1000 : ChainedPolicy<1000, Policy1000, Policy900> {
        using ScanPolicyT = typename Policy900::ScanPolicyT;
    };

    using MaxPolicy = Policy1000;
};

} /* namespace scan */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
