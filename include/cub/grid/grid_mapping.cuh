/*
 * cub/grid/grid_mapping.cuh: cub::GridMappingStrategy is not provided by simt's CUB (see
 * docs/COMPATIBILITY.md, "CUB").  This header exists so that a program
 * asking for it stops here with that message, instead of reaching another
 * CUB installation's headers, which cannot work with simt's.
 */
#ifndef SIMT_CUB_GRID_GRID_MAPPING_CUH
#define SIMT_CUB_GRID_GRID_MAPPING_CUH
#error                                                                                                       \
    "simt: cub::GridMappingStrategy (<cub/grid/grid_mapping.cuh>) is not provided by simt's CUB; see docs/COMPATIBILITY.md"
#endif
