/*
 * cub/agent/agent_merge.cuh: cub::detail::merge::agent_policy_t, the
 * tuning of the tiles in which CUB's DeviceMerge merges two sorted ranges,
 * for programs that write or read policies (the dispatch document's agent
 * layer).  As CUB's header does, it also brings AgentMergeSortPolicy.
 *
 * simt's device merges do not run CUB's agents; the policy types are here
 * for programs that write or read policies.  CUB's agent class
 * (detail::merge::agent_t) is a CUB internal and is not provided.  CUB
 * keeps this policy in namespace detail and gives it the member names of
 * the merge sort policy (its policy wrapper reads them), so both read
 * alike.
 */
#ifndef SIMT_CUB_AGENT_AGENT_MERGE_CUH
#define SIMT_CUB_AGENT_AGENT_MERGE_CUH
#pragma GCC system_header

#include "agent_merge_sort.cuh"
#include "../block/block_load.cuh"
#include "../block/block_store.cuh"
#include "../thread/thread_load.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace merge {

template <int ThreadsPerBlock, int ItemsPerThread, BlockLoadAlgorithm LoadAlgorithm,
          CacheLoadModifier LoadCacheModifier, BlockStoreAlgorithm StoreAlgorithm>
struct agent_policy_t {
    static constexpr int BLOCK_THREADS = ThreadsPerBlock;
    static constexpr int ITEMS_PER_THREAD = ItemsPerThread;
    static constexpr int ITEMS_PER_TILE = BLOCK_THREADS * ITEMS_PER_THREAD;
    static constexpr BlockLoadAlgorithm LOAD_ALGORITHM = LoadAlgorithm;
    static constexpr CacheLoadModifier LOAD_MODIFIER = LoadCacheModifier;
    static constexpr BlockStoreAlgorithm STORE_ALGORITHM = StoreAlgorithm;
};

} /* namespace merge */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
