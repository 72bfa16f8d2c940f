/*
 * cub/agent/agent_scan_by_key.cuh: cub::AgentScanByKeyPolicy, the tuning
 * of the tiles of CUB's DeviceScan::*ByKey, as CUB 3.0 declares it (with
 * its defaults: one item a thread, direct loads and stores, warp-scans).
 *
 * simt's device algorithms do not run CUB's agents; the policy types are
 * here for programs that write or read policies (a policy hub of their
 * own, or the one in tuning/tuning_scan_by_key.cuh).  CUB's agent,
 * detail::scan_by_key::AgentScanByKey, is one of its internals and is not
 * provided.
 */
#ifndef SIMT_CUB_AGENT_AGENT_SCAN_BY_KEY_CUH
#define SIMT_CUB_AGENT_AGENT_SCAN_BY_KEY_CUH
#pragma GCC system_header

#include "single_pass_scan_operators.cuh"
#include "../block/block_load.cuh"
#include "../block/block_scan.cuh"
#include "../block/block_store.cuh"
#include "../thread/thread_load.cuh"

CUB_NAMESPACE_BEGIN

template <int _BLOCK_THREADS, int _ITEMS_PER_THREAD = 1, BlockLoadAlgorithm _LOAD_ALGORITHM = BLOCK_LOAD_DIRECT,
          CacheLoadModifier _LOAD_MODIFIER = LOAD_DEFAULT, BlockScanAlgorithm _SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          BlockStoreAlgorithm _STORE_ALGORITHM = BLOCK_STORE_DIRECT,
          typename DelayConstructorT = detail::fixed_delay_constructor_t<350, 450>>
struct AgentScanByKeyPolicy {
    static constexpr int BLOCK_THREADS = _BLOCK_THREADS;
    static constexpr int ITEMS_PER_THREAD = _ITEMS_PER_THREAD;
    static constexpr BlockLoadAlgorithm LOAD_ALGORITHM = _LOAD_ALGORITHM;
    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
    static constexpr BlockScanAlgorithm SCAN_ALGORITHM = _SCAN_ALGORITHM;
    static constexpr BlockStoreAlgorithm STORE_ALGORITHM = _STORE_ALGORITHM;

    struct detail {
        using delay_constructor_t = DelayConstructorT;
    };
};

CUB_NAMESPACE_END

#endif
