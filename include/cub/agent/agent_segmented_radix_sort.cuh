/*
 * cub/agent/agent_segmented_radix_sort.cuh: what CUB's header of this name
 * offers a program that writes or reads policies: the segmented radix
 * sort's tiles are tuned with AgentRadixSortDownsweepPolicy and
 * AgentRadixSortUpsweepPolicy, which this header brings, as CUB's does.
 *
 * simt's device sorts do not run CUB's agents; the policy types are here
 * for programs that write or read policies.  CUB's agent class
 * (detail::radix_sort::AgentSegmentedRadixSort), the header's only own
 * definition, is a CUB internal and is not provided.
 */
#ifndef SIMT_CUB_AGENT_AGENT_SEGMENTED_RADIX_SORT_CUH
#define SIMT_CUB_AGENT_AGENT_SEGMENTED_RADIX_SORT_CUH
#pragma GCC system_header

#include "agent_radix_sort_downsweep.cuh"
#include "agent_radix_sort_upsweep.cuh"
#include "../block/block_radix_sort.cuh"
#include "../util_type.cuh"

#endif
