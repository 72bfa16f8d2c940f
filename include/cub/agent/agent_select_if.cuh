/*
 * cub/agent/agent_select_if.cuh: cub::AgentSelectIfPolicy, the tuning of
 * the tiles of CUB's selections, partitions and uniques (DeviceSelect,
 * DevicePartition's two-way forms), as CUB 3.0 declares it.
 *
 * simt's device algorithms do not run CUB's agents; the policy types are
 * here for programs that write or read policies (a policy hub of their
 * own, or the one in tuning/tuning_select_if.cuh).  CUB's agent,
 * detail::select::AgentSelectIf, is one of its internals and is not
 * provided.
 */
#ifndef SIMT_CUB_AGENT_AGENT_SELECT_IF_CUH
#define SIMT_CUB_AGENT_AGENT_SELECT_IF_CUH
#pragma GCC system_header

#include "single_pass_scan_operators.cuh"
#include "../block/block_load.cuh"
#include "../block/block_scan.cuh"
#include "../thread/thread_load.cuh"

CUB_NAMESPACE_BEGIN

/* A tile is BLOCK_THREADS * ITEMS_PER_THREAD items, loaded with
 * LOAD_ALGORITHM through LOAD_MODIFIER and scanned (the selected items'
 * output offsets) with SCAN_ALGORITHM; detail::delay_constructor_t is the
 * back-off of the tiles' look-back. */
template <int _BLOCK_THREADS, int _ITEMS_PER_THREAD, BlockLoadAlgorithm _LOAD_ALGORITHM,
          CacheLoadModifier _LOAD_MODIFIER, BlockScanAlgorithm _SCAN_ALGORITHM,
          typename DelayConstructorT = detail::fixed_delay_constructor_t<350, 450>>
struct AgentSelectIfPolicy {
    enum {
        BLOCK_THREADS = _BLOCK_THREADS,
        ITEMS_PER_THREAD = _ITEMS_PER_THREAD,
    };
    static constexpr BlockLoadAlgorithm LOAD_ALGORITHM = _LOAD_ALGORITHM;
    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
    static constexpr BlockScanAlgorithm SCAN_ALGORITHM = _SCAN_ALGORITHM;

    struct detail {
        using delay_constructor_t = DelayConstructorT;
    };
};

CUB_NAMESPACE_END

#endif
