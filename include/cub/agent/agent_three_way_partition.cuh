/*
 * cub/agent/agent_three_way_partition.cuh:
 * cub::AgentThreeWayPartitionPolicy, the tuning of the tiles of CUB's
 * three-way partition (DevicePartition::If with two selection operators),
 * as CUB 3.0 declares it.
 *
 * simt's device algorithms do not run CUB's agents; the policy types are
 * here for programs that write or read policies (a policy hub of their
 * own, or the one in tuning/tuning_three_way_partition.cuh).  CUB's agent,
 * detail::three_way_partition::AgentThreeWayPartition, is one of its
 * internals and is not provided.
 */
#ifndef SIMT_CUB_AGENT_AGENT_THREE_WAY_PARTITION_CUH
#define SIMT_CUB_AGENT_AGENT_THREE_WAY_PARTITION_CUH
#pragma GCC system_header

#include "single_pass_scan_operators.cuh"
#include "../block/block_load.cuh"
#include "../block/block_scan.cuh"
#include "../thread/thread_load.cuh"

CUB_NAMESPACE_BEGIN

/* A tile is BLOCK_THREADS * ITEMS_PER_THREAD items, loaded with
 * LOAD_ALGORITHM through LOAD_MODIFIER; SCAN_ALGORITHM scans the two
 * parts' counts; detail::delay_constructor_t is the look-back's back-off. */
template <int _BLOCK_THREADS, int _ITEMS_PER_THREAD, BlockLoadAlgorithm _LOAD_ALGORITHM,
          CacheLoadModifier _LOAD_MODIFIER, BlockScanAlgorithm _SCAN_ALGORITHM,
          class DelayConstructorT = detail::fixed_delay_constructor_t<350, 450>>
struct AgentThreeWayPartitionPolicy {
    static constexpr int BLOCK_THREADS = _BLOCK_THREADS;
    static constexpr int ITEMS_PER_THREAD = _ITEMS_PER_THREAD;
    static constexpr BlockLoadAlgorithm LOAD_ALGORITHM = _LOAD_ALGORITHM;
    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
    static constexpr BlockScanAlgorithm SCAN_ALGORITHM = _SCAN_ALGORITHM;

    struct detail {
        using delay_constructor_t = DelayConstructorT;
    };
};

CUB_NAMESPACE_END

#endif
