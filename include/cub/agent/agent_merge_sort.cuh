/*
 * cub/agent/agent_merge_sort.cuh: cub::AgentMergeSortPolicy, the tuning of
 * the tiles that CUB's merge sort sorts in a block and then merges pairwise,
 * for programs that write or read policies (the dispatch document's agent
 * layer).
 *
 * simt's device sorts do not run CUB's agents; the policy types are here
 * for programs that write or read policies.  CUB's agent classes
 * (detail::merge_sort::AgentBlockSort, AgentPartition, AgentMerge) are
 * CUB internals and are not provided.  Unlike the radix sort policies,
 * this one takes its sizes as they are: no scaling by the key's size.
 */
#ifndef SIMT_CUB_AGENT_AGENT_MERGE_SORT_CUH
#define SIMT_CUB_AGENT_AGENT_MERGE_SORT_CUH
#pragma GCC system_header

#include "../block/block_load.cuh"
#include "../block/block_merge_sort.cuh"
#include "../block/block_store.cuh"
#include "../thread/thread_load.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

template <int _BLOCK_THREADS, int _ITEMS_PER_THREAD = 1, BlockLoadAlgorithm _LOAD_ALGORITHM = BLOCK_LOAD_DIRECT,
          CacheLoadModifier _LOAD_MODIFIER = LOAD_LDG, BlockStoreAlgorithm _STORE_ALGORITHM = BLOCK_STORE_DIRECT>
struct AgentMergeSortPolicy {
    static constexpr int BLOCK_THREADS = _BLOCK_THREADS;
    static constexpr int ITEMS_PER_THREAD = _ITEMS_PER_THREAD;
    static constexpr int ITEMS_PER_TILE = BLOCK_THREADS * ITEMS_PER_THREAD;

    static constexpr BlockLoadAlgorithm LOAD_ALGORITHM = _LOAD_ALGORITHM;
    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
    static constexpr BlockStoreAlgorithm STORE_ALGORITHM = _STORE_ALGORITHM;
};

CUB_NAMESPACE_END

#endif
