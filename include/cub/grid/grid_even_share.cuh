/*
 * cub/grid/grid_even_share.cuh: cub::GridEvenShare is not provided by simt's CUB (see
 * docs/COMPATIBILITY.md, "CUB").  This header exists so that a program
 * asking for it stops here with that message, instead of reaching another
 * CUB installation's headers, which cannot work with simt's.
 */
#ifndef SIMT_CUB_GRID_GRID_EVEN_SHARE_CUH
#define SIMT_CUB_GRID_GRID_EVEN_SHARE_CUH
#error                                                                                                       \
    "simt: cub::GridEvenShare (<cub/grid/grid_even_share.cuh>) is not provided by simt's CUB; see docs/COMPATIBILITY.md"
#endif
