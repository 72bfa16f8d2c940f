/*
 * cub/agent/agent_adjacent_difference.cuh:
 * cub::AgentAdjacentDifferencePolicy, the tuning of the tiles of CUB's
 * DeviceAdjacentDifference, as CUB 3.0 declares it (with its defaults:
 * one item a thread, direct loads through LOAD_LDG, direct stores).
 *
 * simt's device algorithms do not run CUB's agents; the policy types are
 * here for programs that write or read policies (a policy hub of their
 * own, or the one in tuning/tuning_adjacent_difference.cuh).  CUB's
 * agents, detail::adjacent_difference::AgentDifference and
 * AgentDifferenceInit, are among its internals and are not provided.
 */
#ifndef SIMT_CUB_AGENT_AGENT_ADJACENT_DIFFERENCE_CUH
#define SIMT_CUB_AGENT_AGENT_ADJACENT_DIFFERENCE_CUH
#pragma GCC system_header

#include "../block/block_load.cuh"
#include "../block/block_store.cuh"
#include "../thread/thread_load.cuh"

CUB_NAMESPACE_BEGIN

template <int _BLOCK_THREADS, int _ITEMS_PER_THREAD = 1, BlockLoadAlgorithm _LOAD_ALGORITHM = BLOCK_LOAD_DIRECT,
          CacheLoadModifier _LOAD_MODIFIER = LOAD_LDG, BlockStoreAlgorithm _STORE_ALGORITHM = BLOCK_STORE_DIRECT>
struct AgentAdjacentDifferencePolicy {
    static constexpr int BLOCK_THREADS = _BLOCK_THREADS;
    static constexpr int ITEMS_PER_THREAD = _ITEMS_PER_THREAD;
    static constexpr int ITEMS_PER_TILE = BLOCK_THREADS * ITEMS_PER_THREAD;
    static constexpr BlockLoadAlgorithm LOAD_ALGORITHM = _LOAD_ALGORITHM;
    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
    static constexpr BlockStoreAlgorithm STORE_ALGORITHM = _STORE_ALGORITHM;
};

CUB_NAMESPACE_END

#endif
