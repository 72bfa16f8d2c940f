/*
 * cub/block/block_radix_rank.cuh: cub::BlockRadixRank is not provided by simt's CUB (see
 * docs/COMPATIBILITY.md, "CUB").  This header exists so that a program
 * asking for it stops here with that message, instead of reaching another
 * CUB installation's headers, which cannot work with simt's.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_RADIX_RANK_CUH
#define SIMT_CUB_BLOCK_BLOCK_RADIX_RANK_CUH
#error                                                                                                       \
    "simt: cub::BlockRadixRank (<cub/block/block_radix_rank.cuh>) is not provided by simt's CUB; see docs/COMPATIBILITY.md"
#endif
