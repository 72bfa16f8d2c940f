/*
 * cub/block/block_raking_layout.cuh: cub::BlockRakingLayout, CUB's layout
 * of a block's shared array for raking: each thread places one item
 * (PlacementPtr), then RAKING_THREADS threads (at most a warp) each reduce
 * or scan a segment of SEGMENT_LENGTH consecutive items (RakingPtr).
 * Segments of an even length above 2 are padded by one item, as CUB pads
 * them against bank conflicts, so the offsets a program computes from the
 * constants are CUB's.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_RAKING_LAYOUT_CUH
#define SIMT_CUB_BLOCK_BLOCK_RAKING_LAYOUT_CUH
#pragma GCC system_header

#include "../util_arch.cuh"
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int BLOCK_THREADS>
struct BlockRakingLayout {
    enum {
        SHARED_ELEMENTS = BLOCK_THREADS,
        MAX_RAKING_THREADS = BLOCK_THREADS < detail::warp_threads ? BLOCK_THREADS : detail::warp_threads,
        SEGMENT_LENGTH = (SHARED_ELEMENTS + MAX_RAKING_THREADS - 1) / MAX_RAKING_THREADS,
        RAKING_THREADS = (SHARED_ELEMENTS + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH,
        HAS_CONFLICTS = (CUB_PTX_SMEM_BANKS % SEGMENT_LENGTH == 0),
        CONFLICT_DEGREE = HAS_CONFLICTS ? (MAX_RAKING_THREADS * SEGMENT_LENGTH) / CUB_PTX_SMEM_BANKS : 1,
        USE_SEGMENT_PADDING = ((SEGMENT_LENGTH & 1) == 0) && (SEGMENT_LENGTH > 2),
        GRID_ELEMENTS = RAKING_THREADS * (SEGMENT_LENGTH + USE_SEGMENT_PADDING),
        UNGUARDED = (SHARED_ELEMENTS % RAKING_THREADS == 0),
    };

    struct alignas(16) _TempStorage {
        T buff[BlockRakingLayout::GRID_ELEMENTS];
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    /* Where thread linear_tid places its item. */
    static __device__ T *PlacementPtr(TempStorage &temp_storage, unsigned int linear_tid)
    {
        unsigned int offset = linear_tid;
        if (USE_SEGMENT_PADDING > 0)
            offset += offset / SEGMENT_LENGTH;
        return temp_storage.Alias().buff + offset;
    }

    /* The first item of raking thread linear_tid's segment. */
    static __device__ T *RakingPtr(TempStorage &temp_storage, unsigned int linear_tid)
    {
        return temp_storage.Alias().buff + linear_tid * (SEGMENT_LENGTH + USE_SEGMENT_PADDING);
    }
};

CUB_NAMESPACE_END

#endif
