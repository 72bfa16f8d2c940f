/*
 * cub/agent/agent_sub_warp_merge_sort.cuh: cub::AgentSubWarpMergeSortPolicy
 * and cub::AgentSmallAndMediumSegmentedSortPolicy, the tunings with which
 * CUB's segmented sort sorts its small and medium segments, each in a
 * logical warp of WARP_THREADS lanes (a power of two up to 32), for
 * programs that write or read policies (the dispatch document's agent
 * layer).
 *
 * simt's device sorts do not run CUB's agents; the policy types are here
 * for programs that write or read policies.  CUB's agent class
 * (detail::sub_warp_merge_sort::AgentSubWarpSort) is a CUB internal and is
 * not provided.  A block of the small-and-medium policy holds
 * BLOCK_THREADS / WARP_THREADS segments of each kind.
 */
#ifndef SIMT_CUB_AGENT_AGENT_SUB_WARP_MERGE_SORT_CUH
#define SIMT_CUB_AGENT_AGENT_SUB_WARP_MERGE_SORT_CUH
#pragma GCC system_header

#include "../thread/thread_load.cuh"
#include "../util_type.cuh"
#include "../warp/warp_load.cuh"
#include "../warp/warp_store.cuh"

CUB_NAMESPACE_BEGIN

template <int WARP_THREADS_ARG, int ITEMS_PER_THREAD_ARG, WarpLoadAlgorithm LOAD_ALGORITHM_ARG = WARP_LOAD_DIRECT,
          CacheLoadModifier LOAD_MODIFIER_ARG = LOAD_LDG, WarpStoreAlgorithm STORE_ALGORITHM_ARG = WARP_STORE_DIRECT>
struct AgentSubWarpMergeSortPolicy {
    static constexpr int WARP_THREADS = WARP_THREADS_ARG;
    static constexpr int ITEMS_PER_THREAD = ITEMS_PER_THREAD_ARG;
    static constexpr int ITEMS_PER_TILE = WARP_THREADS * ITEMS_PER_THREAD;

    static constexpr WarpLoadAlgorithm LOAD_ALGORITHM = LOAD_ALGORITHM_ARG;
    static constexpr CacheLoadModifier LOAD_MODIFIER = LOAD_MODIFIER_ARG;
    static constexpr WarpStoreAlgorithm STORE_ALGORITHM = STORE_ALGORITHM_ARG;
};

template <int BLOCK_THREADS_ARG, typename SmallPolicy, typename MediumPolicy>
struct AgentSmallAndMediumSegmentedSortPolicy {
    static constexpr int BLOCK_THREADS = BLOCK_THREADS_ARG;
    using SmallPolicyT = SmallPolicy;
    using MediumPolicyT = MediumPolicy;

    static constexpr int SEGMENTS_PER_MEDIUM_BLOCK = BLOCK_THREADS / MediumPolicyT::WARP_THREADS;
    static constexpr int SEGMENTS_PER_SMALL_BLOCK = BLOCK_THREADS / SmallPolicyT::WARP_THREADS;
};

CUB_NAMESPACE_END

#endif
