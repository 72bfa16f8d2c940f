/*
 * cub/warp/warp_merge_sort.cuh: cub::WarpMergeSort is not provided by simt's CUB (see
 * docs/COMPATIBILITY.md, "CUB").  This header exists so that a program
 * asking for it stops here with that message, instead of reaching another
 * CUB installation's headers, which cannot work with simt's.
 */
#ifndef SIMT_CUB_WARP_WARP_MERGE_SORT_CUH
#define SIMT_CUB_WARP_WARP_MERGE_SORT_CUH
#error                                                                                                       \
    "simt: cub::WarpMergeSort (<cub/warp/warp_merge_sort.cuh>) is not provided by simt's CUB; see docs/COMPATIBILITY.md"
#endif
