/*
 * cub/agent/agent_radix_sort_histogram.cuh: cub::AgentRadixSortHistogramPolicy
 * and cub::AgentRadixSortExclusiveSumPolicy, the tunings of the two steps
 * that open CUB's onesweep radix sort (count every pass's digits over the
 * whole input, then scan the counts), for programs that write or read
 * policies (the dispatch document's agent layer).
 *
 * simt's device sorts do not run CUB's agents; the policy types are here
 * for programs that write or read policies.  CUB's agent classes
 * (detail::radix_sort::AgentRadixSortHistogram and its exclusive-sum
 * kernel) are CUB internals and are not provided.  As in CUB, the members
 * are enumerators, and NUM_PARTS (the private histograms a block splits
 * its counts into) is given for 4-byte keys and shrinks with wider ones.
 */
#ifndef SIMT_CUB_AGENT_AGENT_RADIX_SORT_HISTOGRAM_CUH
#define SIMT_CUB_AGENT_AGENT_RADIX_SORT_HISTOGRAM_CUH
#pragma GCC system_header

#include <algorithm>
#include "../config.cuh"

CUB_NAMESPACE_BEGIN

template <int _BLOCK_THREADS, int _ITEMS_PER_THREAD, int NOMINAL_4B_NUM_PARTS, typename ComputeT, int _RADIX_BITS>
struct AgentRadixSortHistogramPolicy {
    enum {
        BLOCK_THREADS = _BLOCK_THREADS,
        ITEMS_PER_THREAD = _ITEMS_PER_THREAD,
        NUM_PARTS = ::std::max(1, NOMINAL_4B_NUM_PARTS * 4 / ::std::max(4, (int)sizeof(ComputeT))),
        RADIX_BITS = _RADIX_BITS,
    };
};

template <int _BLOCK_THREADS, int _RADIX_BITS>
struct AgentRadixSortExclusiveSumPolicy {
    enum {
        BLOCK_THREADS = _BLOCK_THREADS,
        RADIX_BITS = _RADIX_BITS,
    };
};

CUB_NAMESPACE_END

#endif
