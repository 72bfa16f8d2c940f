/*
 * cub/detail/simt_policy_enums.cuh: the enums that CUB's agent policies
 * take but whose home header simt keeps as an #error, because the block
 * primitive defined there is not provided.  One place for all of them, so
 * that a policy header can name them without reaching that #error.
 *
 * - RadixRankAlgorithm: CUB 3.0's cub/block/block_radix_rank.cuh
 *   (BlockRadixRank is not in simt); the radix sort policies take it.
 *
 * Enumerators are in CUB's order, so each has CUB's value: a policy read
 * or compared as a number means the same here as in CUB.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_POLICY_ENUMS_CUH
#define SIMT_CUB_DETAIL_SIMT_POLICY_ENUMS_CUH
#pragma GCC system_header

#include "../config.cuh"

CUB_NAMESPACE_BEGIN

/* How a block ranks its keys' digits (the radix sort agents' ranking). */
enum RadixRankAlgorithm {
    RADIX_RANK_BASIC,
    RADIX_RANK_MEMOIZE,
    RADIX_RANK_MATCH,
    RADIX_RANK_MATCH_EARLY_COUNTS_ANY,
    RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR
};

CUB_NAMESPACE_END

#endif
