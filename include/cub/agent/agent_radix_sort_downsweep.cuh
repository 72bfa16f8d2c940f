/*
 * cub/agent/agent_radix_sort_downsweep.cuh: cub::AgentRadixSortDownsweepPolicy,
 * the tuning of the tiles that CUB's radix sort ranks and scatters in one
 * digit pass (also the single-tile and segmented sorts' tiling), for
 * programs that write or read policies (the dispatch document's agent
 * layer).
 *
 * simt's device sorts do not run CUB's agents; the policy types are here
 * for programs that write or read policies.  CUB's agent class
 * (detail::radix_sort::AgentRadixSortDownsweep) is a CUB internal and is
 * not provided.  BLOCK_THREADS and ITEMS_PER_THREAD come from ScalingType:
 * the tuning is given for 4-byte items and scaled to ComputeT's size.
 */
#ifndef SIMT_CUB_AGENT_AGENT_RADIX_SORT_DOWNSWEEP_CUH
#define SIMT_CUB_AGENT_AGENT_RADIX_SORT_DOWNSWEEP_CUH
#pragma GCC system_header

#include "../block/block_load.cuh"
#include "../block/block_scan.cuh"
#include "../detail/simt_policy_enums.cuh"
#include "../thread/thread_load.cuh"
#include "../util_arch.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

template <int NOMINAL_BLOCK_THREADS_4B, int NOMINAL_ITEMS_PER_THREAD_4B, typename ComputeT,
          BlockLoadAlgorithm _LOAD_ALGORITHM, CacheLoadModifier _LOAD_MODIFIER, RadixRankAlgorithm _RANK_ALGORITHM,
          BlockScanAlgorithm _SCAN_ALGORITHM, int _RADIX_BITS,
          typename ScalingType =
              detail::RegBoundScaling<NOMINAL_BLOCK_THREADS_4B, NOMINAL_ITEMS_PER_THREAD_4B, ComputeT>>
struct AgentRadixSortDownsweepPolicy : ScalingType {
    /* log2 of the digit's bins (an enumerator, as in CUB) */
    enum { RADIX_BITS = _RADIX_BITS };

    static constexpr BlockLoadAlgorithm LOAD_ALGORITHM = _LOAD_ALGORITHM;
    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
    static constexpr RadixRankAlgorithm RANK_ALGORITHM = _RANK_ALGORITHM;
    static constexpr BlockScanAlgorithm SCAN_ALGORITHM = _SCAN_ALGORITHM;
};

CUB_NAMESPACE_END

#endif
