/*
 * cub/agent/agent_reduce_by_key.cuh: cub::AgentReduceByKeyPolicy, the
 * tuning of the tiles of CUB's DeviceReduce::ReduceByKey and
 * DeviceRunLengthEncode::Encode, as CUB 3.0 declares it.
 *
 * simt's device algorithms do not run CUB's agents; the policy types are
 * here for programs that write or read policies (a policy hub of their
 * own, or the ones in tuning/tuning_reduce_by_key.cuh and
 * tuning/tuning_run_length_encode.cuh).  CUB's agent,
 * detail::reduce::AgentReduceByKey, is one of its internals and is not
 * provided.
 */
#ifndef SIMT_CUB_AGENT_AGENT_REDUCE_BY_KEY_CUH
#define SIMT_CUB_AGENT_AGENT_REDUCE_BY_KEY_CUH
#pragma GCC system_header

#include "single_pass_scan_operators.cuh"
#include "../block/block_load.cuh"
#include "../block/block_scan.cuh"
#include "../thread/thread_load.cuh"

CUB_NAMESPACE_BEGIN

template <int _BLOCK_THREADS, int _ITEMS_PER_THREAD, BlockLoadAlgorithm _LOAD_ALGORITHM,
          CacheLoadModifier _LOAD_MODIFIER, BlockScanAlgorithm _SCAN_ALGORITHM,
          typename DelayConstructorT = detail::fixed_delay_constructor_t<350, 450>>
struct AgentReduceByKeyPolicy {
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
