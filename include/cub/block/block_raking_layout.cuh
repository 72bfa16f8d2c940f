/*
 * cub/block/block_raking_layout.cuh: cub::BlockRakingLayout is not provided by simt's CUB (see
 * docs/COMPATIBILITY.md, "CUB").  This header exists so that a program
 * asking for it stops here with that message, instead of reaching another
 * CUB installation's headers, which cannot work with simt's.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_RAKING_LAYOUT_CUH
#define SIMT_CUB_BLOCK_BLOCK_RAKING_LAYOUT_CUH
#error                                                                                                       \
    "simt: cub::BlockRakingLayout (<cub/block/block_raking_layout.cuh>) is not provided by simt's CUB; see docs/COMPATIBILITY.md"
#endif
