/*
 * cub/grid/grid_mapping.cuh: cub::GridMappingStrategy, how a grid's blocks
 * share a range of tiles (GridEvenShare's two static mappings, or tiles
 * taken from a GridQueue).
 */
#ifndef SIMT_CUB_GRID_GRID_MAPPING_CUH
#define SIMT_CUB_GRID_GRID_MAPPING_CUH
#pragma GCC system_header

#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

enum GridMappingStrategy {
    GRID_MAPPING_RAKE,       /* each block one contiguous run of tiles */
    GRID_MAPPING_STRIP_MINE, /* blocks take every grid_size-th tile */
    GRID_MAPPING_DYNAMIC,    /* blocks take tiles from a GridQueue */
};

CUB_NAMESPACE_END

#endif
