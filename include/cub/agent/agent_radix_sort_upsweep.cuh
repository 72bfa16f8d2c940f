/*
 * cub/agent/agent_radix_sort_upsweep.cuh: cub::AgentRadixSortUpsweepPolicy,
 * the tuning of the tiles whose digits CUB's radix sort counts before a
 * downsweep pass, for programs that write or read policies (the dispatch
 * document's agent layer).
 *
 * simt's device sorts do not run CUB's agents; the policy types are here
 * for programs that write or read policies.  CUB's agent class
 * (detail::radix_sort::AgentRadixSortUpsweep) is a CUB internal and is not
 * provided.  BLOCK_THREADS and ITEMS_PER_THREAD come from ScalingType: the
 * tuning is given for 4-byte items and scaled to ComputeT's size.
 */
#ifndef SIMT_CUB_AGENT_AGENT_RADIX_SORT_UPSWEEP_CUH
#define SIMT_CUB_AGENT_AGENT_RADIX_SORT_UPSWEEP_CUH
#pragma GCC system_header

#include "../thread/thread_load.cuh"
#include "../util_arch.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

template <int NOMINAL_BLOCK_THREADS_4B, int NOMINAL_ITEMS_PER_THREAD_4B, typename ComputeT,
          CacheLoadModifier _LOAD_MODIFIER, int _RADIX_BITS,
          typename ScalingType =
              detail::RegBoundScaling<NOMINAL_BLOCK_THREADS_4B, NOMINAL_ITEMS_PER_THREAD_4B, ComputeT>>
struct AgentRadixSortUpsweepPolicy : ScalingType {
    /* log2 of the digit's bins (an enumerator, as in CUB) */
    enum { RADIX_BITS = _RADIX_BITS };

    static constexpr CacheLoadModifier LOAD_MODIFIER = _LOAD_MODIFIER;
};

CUB_NAMESPACE_END

#endif
