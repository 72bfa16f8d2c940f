/*
 * cub/grid/grid_even_share.cuh: cub::GridEvenShare, an even split of
 * num_items into tiles among at most max_grid_size blocks.  The host calls
 * DispatchInit (which also fixes grid_size, the blocks to launch); each
 * block calls BlockInit and then walks [block_offset, block_end) in steps
 * of block_stride.  With GRID_MAPPING_RAKE the first `total_tiles %
 * grid_size` blocks get one tile more than the others, as CUB splits.
 */
#ifndef SIMT_CUB_GRID_GRID_EVEN_SHARE_CUH
#define SIMT_CUB_GRID_GRID_EVEN_SHARE_CUH
#pragma GCC system_header

#include "grid_mapping.cuh"

CUB_NAMESPACE_BEGIN

template <typename OffsetT>
struct GridEvenShare {
private:
    int total_tiles;
    int big_shares;             /* blocks with one tile more */
    OffsetT big_share_items;    /* items of such a block */
    OffsetT normal_share_items; /* items of the others */
    OffsetT normal_base_offset; /* where the others' shares begin */

public:
    OffsetT num_items;
    int grid_size;
    OffsetT block_offset;
    OffsetT block_end;
    OffsetT block_stride;

    __host__ __device__ GridEvenShare()
        : total_tiles(0), big_shares(0), big_share_items(0), normal_share_items(0), normal_base_offset(0),
          num_items(0), grid_size(0), block_offset(0), block_end(0), block_stride(0)
    {
    }

    __host__ __device__ void DispatchInit(OffsetT num_items_, int max_grid_size, int tile_items)
    {
        /* A block that BlockInit gives no share starts past the end. */
        block_offset = num_items_;
        block_end = num_items_;
        num_items = num_items_;
        total_tiles = (int)((num_items_ + tile_items - 1) / tile_items);
        grid_size = total_tiles < max_grid_size ? total_tiles : max_grid_size;
        int tiles_per_block = grid_size ? total_tiles / grid_size : 0;
        big_shares = total_tiles - tiles_per_block * grid_size;
        normal_share_items = (OffsetT)tiles_per_block * tile_items;
        normal_base_offset = (OffsetT)big_shares * tile_items;
        big_share_items = normal_share_items + tile_items;
    }

    template <int TILE_ITEMS>
    __device__ void BlockInit(int block_id, detail::constant_t<GRID_MAPPING_RAKE>)
    {
        block_stride = TILE_ITEMS;
        if (block_id < big_shares) {
            block_offset = block_id * big_share_items;
            block_end = block_offset + big_share_items;
        } else if (block_id < total_tiles) {
            block_offset = normal_base_offset + block_id * normal_share_items;
            OffsetT left = num_items - block_offset;
            block_end = block_offset + (left < normal_share_items ? left : normal_share_items);
        }
    }

    template <int TILE_ITEMS>
    __device__ void BlockInit(int block_id, detail::constant_t<GRID_MAPPING_STRIP_MINE>)
    {
        block_stride = grid_size * TILE_ITEMS;
        block_offset = block_id * TILE_ITEMS;
        block_end = num_items;
    }

    template <int TILE_ITEMS, GridMappingStrategy STRATEGY>
    __device__ void BlockInit()
    {
        BlockInit<TILE_ITEMS>((int)blockIdx.x, detail::constant_t<STRATEGY>{});
    }

    template <int TILE_ITEMS, typename OffsetT1 = OffsetT>
    __device__ void BlockInit(OffsetT1 block_offset_, OffsetT1 block_end_)
    {
        block_offset = block_offset_;
        block_end = block_end_;
        block_stride = TILE_ITEMS;
    }
};

CUB_NAMESPACE_END

#endif
