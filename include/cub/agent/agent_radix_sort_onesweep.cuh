/*
 * cub/agent/agent_radix_sort_onesweep.cuh: cub::RadixSortStoreAlgorithm and
 * cub::AgentRadixSortOnesweepPolicy, the tuning of the tiles that CUB's
 * onesweep radix sort ranks and scatters in one pass each (with decoupled
 * look-back between tiles), for programs that write or read policies (the
 * dispatch document's agent layer).
 *
 * simt's device sorts do not run CUB's agents; the policy types are here
 * for programs that write or read policies.  CUB's agent class
 * (detail::radix_sort::AgentRadixSortOnesweep) is a CUB internal and is
 * not provided.  BLOCK_THREADS and ITEMS_PER_THREAD come from ScalingType:
 * the tuning is given for 4-byte items and scaled to ComputeT's size.
 */
#ifndef SIMT_CUB_AGENT_AGENT_RADIX_SORT_ONESWEEP_CUH
#define SIMT_CUB_AGENT_AGENT_RADIX_SORT_ONESWEEP_CUH
#pragma GCC system_header

#include "../block/block_scan.cuh"
#include "../detail/simt_policy_enums.cuh"
#include "../util_arch.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

/* How a onesweep tile writes its ranked items out (CUB 3.0's order):
 * DIRECT, each thread its own items; ALIGNED, each warp a run of them,
 * for fewer memory transactions.  CUB uses ALIGNED only for full tiles of
 * 4-byte keys. */
enum RadixSortStoreAlgorithm { RADIX_SORT_STORE_DIRECT, RADIX_SORT_STORE_ALIGNED };

/* _RANK_NUM_PARTS counts the ranker's private histograms; it matters only
 * to the RADIX_RANK_MATCH_EARLY_COUNTS_* rankings. */
template <int NOMINAL_BLOCK_THREADS_4B, int NOMINAL_ITEMS_PER_THREAD_4B, typename ComputeT, int _RANK_NUM_PARTS,
          RadixRankAlgorithm _RANK_ALGORITHM, BlockScanAlgorithm _SCAN_ALGORITHM,
          RadixSortStoreAlgorithm _STORE_ALGORITHM, int _RADIX_BITS,
          typename ScalingType =
              detail::RegBoundScaling<NOMINAL_BLOCK_THREADS_4B, NOMINAL_ITEMS_PER_THREAD_4B, ComputeT>>
struct AgentRadixSortOnesweepPolicy : ScalingType {
    enum {
        RANK_NUM_PARTS = _RANK_NUM_PARTS,
        RADIX_BITS = _RADIX_BITS,
    };

    static constexpr RadixRankAlgorithm RANK_ALGORITHM = _RANK_ALGORITHM;
    static constexpr BlockScanAlgorithm SCAN_ALGORITHM = _SCAN_ALGORITHM;
    static constexpr RadixSortStoreAlgorithm STORE_ALGORITHM = _STORE_ALGORITHM;
};

CUB_NAMESPACE_END

#endif
