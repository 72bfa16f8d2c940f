/*
 * cub/device/dispatch/tuning/tuning_segmented_sort.cuh: the policy hub of
 * CUB's segmented sort (DispatchSegmentedSort): a chain of policies by PTX
 * version, each naming LargeSegmentPolicy (the radix sort of a segment
 * longer than PARTITIONING_THRESHOLD items, a block per segment) and
 * SmallAndMediumSegmentedSortPolicyT (the merge sorts of shorter segments,
 * a logical warp per segment).  The values are CUB 3.0's (it has no
 * per-type tunings here).  simt's dispatch selects through the chain (so a
 * build's architectures decide what runs, as on a GPU) and reads no value;
 * where its result lands follows the RADIX_BITS of these policies
 * (dispatch_segmented_sort.cuh).
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_SEGMENTED_SORT_CUH
#define SIMT_CUB_DEVICE_DISPATCH_TUNING_TUNING_SEGMENTED_SORT_CUH
#pragma GCC system_header

#include <type_traits>
#include "../../../util_math.cuh"
#include "../../../agent/agent_radix_sort_downsweep.cuh"
#include "../../../agent/agent_sub_warp_merge_sort.cuh"
#include "../../../util_device.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace segmented_sort {

/* ValueT is NullType for keys alone. */
template <typename KeyT, typename ValueT>
struct policy_hub {
    /* The wider of key and value: what the tiles' sizes are scaled to. */
    using DominantT = ::std::conditional_t<(sizeof(ValueT) > sizeof(KeyT)), ValueT, KeyT>;
    /* an int, as in CUB */
    static constexpr int KEYS_ONLY = ::std::is_same<ValueT, NullType>::value;

private:
    /* Each policy's small and medium segments: BlockThreads threads hold
     * segments of SmallThreads and of MediumThreads lanes. */
    template <int BlockThreads, int SmallThreads, int SmallItems, int MediumThreads, int MediumItems,
              WarpLoadAlgorithm Load, CacheLoadModifier Modifier>
    using small_and_medium =
        AgentSmallAndMediumSegmentedSortPolicy<BlockThreads,
                                               AgentSubWarpMergeSortPolicy<SmallThreads, SmallItems, Load, Modifier>,
                                               AgentSubWarpMergeSortPolicy<MediumThreads, MediumItems, Load, Modifier>>;

public:
    struct Policy500 : ChainedPolicy<500, Policy500, Policy500> {
        static constexpr int BLOCK_THREADS = 256;
        static constexpr int RADIX_BITS = sizeof(KeyT) > 1 ? 6 : 4;
        static constexpr int PARTITIONING_THRESHOLD = 300;

        using LargeSegmentPolicy = AgentRadixSortDownsweepPolicy<BLOCK_THREADS, 16, DominantT, BLOCK_LOAD_DIRECT,
                                                                 LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                                                 BLOCK_SCAN_RAKING_MEMOIZE, RADIX_BITS>;

        static constexpr int ITEMS_PER_SMALL_THREAD = Nominal4BItemsToItems<DominantT>(7);
        static constexpr int ITEMS_PER_MEDIUM_THREAD = Nominal4BItemsToItems<DominantT>(7);
        using SmallAndMediumSegmentedSortPolicyT = small_and_medium<BLOCK_THREADS, 4, ITEMS_PER_SMALL_THREAD, 32,
                                                                    ITEMS_PER_MEDIUM_THREAD, WARP_LOAD_DIRECT,
                                                                    LOAD_DEFAULT>;
    };

    struct Policy600 : ChainedPolicy<600, Policy600, Policy500> {
        static constexpr int BLOCK_THREADS = 256;
        static constexpr int RADIX_BITS = sizeof(KeyT) > 1 ? 6 : 4;
        static constexpr int PARTITIONING_THRESHOLD = 500;

        using LargeSegmentPolicy = AgentRadixSortDownsweepPolicy<BLOCK_THREADS, 19, DominantT, BLOCK_LOAD_TRANSPOSE,
                                                                 LOAD_DEFAULT, RADIX_RANK_MATCH,
                                                                 BLOCK_SCAN_WARP_SCANS, RADIX_BITS>;

        static constexpr int ITEMS_PER_SMALL_THREAD = Nominal4BItemsToItems<DominantT>(9);
        static constexpr int ITEMS_PER_MEDIUM_THREAD = Nominal4BItemsToItems<DominantT>(9);
        using SmallAndMediumSegmentedSortPolicyT = small_and_medium<BLOCK_THREADS, 4, ITEMS_PER_SMALL_THREAD, 32,
                                                                    ITEMS_PER_MEDIUM_THREAD, WARP_LOAD_DIRECT,
                                                                    LOAD_DEFAULT>;
    };

    struct Policy610 : ChainedPolicy<610, Policy610, Policy600> {
        static constexpr int BLOCK_THREADS = 256;
        static constexpr int RADIX_BITS = sizeof(KeyT) > 1 ? 6 : 4;
        static constexpr int PARTITIONING_THRESHOLD = 500;

        using LargeSegmentPolicy = AgentRadixSortDownsweepPolicy<BLOCK_THREADS, 19, DominantT, BLOCK_LOAD_DIRECT,
                                                                 LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                                                 BLOCK_SCAN_WARP_SCANS, RADIX_BITS>;

        static constexpr int ITEMS_PER_SMALL_THREAD = Nominal4BItemsToItems<DominantT>(9);
        static constexpr int ITEMS_PER_MEDIUM_THREAD = Nominal4BItemsToItems<DominantT>(9);
        using SmallAndMediumSegmentedSortPolicyT = small_and_medium<BLOCK_THREADS, 4, ITEMS_PER_SMALL_THREAD, 32,
                                                                    ITEMS_PER_MEDIUM_THREAD, WARP_LOAD_DIRECT,
                                                                    LOAD_DEFAULT>;
    };

    /* sm_62: 5-bit digits for keys over a byte. */
    struct Policy620 : ChainedPolicy<620, Policy620, Policy610> {
        static constexpr int BLOCK_THREADS = 256;
        static constexpr int RADIX_BITS = sizeof(KeyT) > 1 ? 5 : 4;
        static constexpr int PARTITIONING_THRESHOLD = 500;

        using LargeSegmentPolicy = AgentRadixSortDownsweepPolicy<BLOCK_THREADS, 16, DominantT, BLOCK_LOAD_TRANSPOSE,
                                                                 LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                                                 BLOCK_SCAN_RAKING_MEMOIZE, RADIX_BITS>;

        static constexpr int ITEMS_PER_SMALL_THREAD = Nominal4BItemsToItems<DominantT>(9);
        static constexpr int ITEMS_PER_MEDIUM_THREAD = Nominal4BItemsToItems<DominantT>(9);
        using SmallAndMediumSegmentedSortPolicyT = small_and_medium<BLOCK_THREADS, 4, ITEMS_PER_SMALL_THREAD, 32,
                                                                    ITEMS_PER_MEDIUM_THREAD, WARP_LOAD_DIRECT,
                                                                    LOAD_DEFAULT>;
    };

    struct Policy700 : ChainedPolicy<700, Policy700, Policy620> {
        static constexpr int BLOCK_THREADS = 256;
        static constexpr int RADIX_BITS = sizeof(KeyT) > 1 ? 6 : 4;
        static constexpr int PARTITIONING_THRESHOLD = 500;

        using LargeSegmentPolicy = AgentRadixSortDownsweepPolicy<BLOCK_THREADS, 19, DominantT, BLOCK_LOAD_DIRECT,
                                                                 LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                                                 BLOCK_SCAN_WARP_SCANS, RADIX_BITS>;

        static constexpr int ITEMS_PER_SMALL_THREAD = Nominal4BItemsToItems<DominantT>(7);
        static constexpr int ITEMS_PER_MEDIUM_THREAD = Nominal4BItemsToItems<DominantT>(KEYS_ONLY ? 11 : 7);
        using SmallAndMediumSegmentedSortPolicyT =
            small_and_medium<BLOCK_THREADS, KEYS_ONLY ? 4 : 8, ITEMS_PER_SMALL_THREAD, 32, ITEMS_PER_MEDIUM_THREAD,
                             WARP_LOAD_DIRECT, LOAD_DEFAULT>;
    };

    /* From sm_80 on, RADIX_BITS is no member (the large-segment policy
     * still has it). */
    struct Policy800 : ChainedPolicy<800, Policy800, Policy700> {
        static constexpr int BLOCK_THREADS = 256;
        static constexpr int PARTITIONING_THRESHOLD = 500;

        using LargeSegmentPolicy = AgentRadixSortDownsweepPolicy<BLOCK_THREADS, 23, DominantT, BLOCK_LOAD_TRANSPOSE,
                                                                 LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                                                 BLOCK_SCAN_WARP_SCANS, (sizeof(KeyT) > 1) ? 6 : 4>;

        static constexpr int ITEMS_PER_SMALL_THREAD = Nominal4BItemsToItems<DominantT>(9);
        static constexpr int ITEMS_PER_MEDIUM_THREAD = Nominal4BItemsToItems<DominantT>(KEYS_ONLY ? 7 : 11);
        using SmallAndMediumSegmentedSortPolicyT =
            small_and_medium<BLOCK_THREADS, KEYS_ONLY ? 4 : 2, ITEMS_PER_SMALL_THREAD, 32, ITEMS_PER_MEDIUM_THREAD,
                             WARP_LOAD_TRANSPOSE, LOAD_DEFAULT>;
    };

    struct Policy860 : ChainedPolicy<860, Policy860, Policy800> {
        static constexpr int BLOCK_THREADS = 256;
        static constexpr int PARTITIONING_THRESHOLD = 500;

        using LargeSegmentPolicy = AgentRadixSortDownsweepPolicy<BLOCK_THREADS, 23, DominantT, BLOCK_LOAD_TRANSPOSE,
                                                                 LOAD_DEFAULT, RADIX_RANK_MEMOIZE,
                                                                 BLOCK_SCAN_WARP_SCANS, (sizeof(KeyT) > 1) ? 6 : 4>;

        static constexpr bool LARGE_ITEMS = sizeof(DominantT) > 4;
        static constexpr int ITEMS_PER_SMALL_THREAD = Nominal4BItemsToItems<DominantT>(LARGE_ITEMS ? 7 : 9);
        static constexpr int ITEMS_PER_MEDIUM_THREAD = Nominal4BItemsToItems<DominantT>(LARGE_ITEMS ? 9 : 7);
        using SmallAndMediumSegmentedSortPolicyT =
            small_and_medium<BLOCK_THREADS, LARGE_ITEMS ? 8 : 2, ITEMS_PER_SMALL_THREAD, 16, ITEMS_PER_MEDIUM_THREAD,
                             WARP_LOAD_TRANSPOSE, LOAD_LDG>;
    };

    using MaxPolicy = Policy860;
};

} /* namespace segmented_sort */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
