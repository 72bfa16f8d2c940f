/*
 * cub/detail/simt_warp.cuh: the logical warp the warp collectives run in:
 * LOGICAL_WARP_THREADS consecutive lanes of a hardware warp (a power of
 * two), of which the lanes the block really has take part.  Values move
 * between lanes with index shuffles whose source is always a taking-part
 * lane, so the last, short warp of a block works as the others do.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_WARP_CUH
#define SIMT_CUB_DETAIL_SIMT_WARP_CUH
#pragma GCC system_header

#include "../util_ptx.cuh"

namespace simt_cub {

template <int L> struct logical_warp {
    static_assert(L >= 1 && L <= 32 && (L & (L - 1)) == 0,
                  "simt's CUB supports logical warps of a power of two of lanes (1 to 32)");
    unsigned base; /* the logical warp's first hardware lane */
    unsigned lane; /* the caller's lane in the logical warp */
    unsigned mask; /* the logical warp's existing lanes, as hardware lanes */
    int size;      /* how many lanes exist */

    logical_warp()
    {
        unsigned hw = ::cub::LaneId();
        base = hw & ~(unsigned)(L - 1);
        lane = hw - base;
        unsigned lanes = (L == 32 ? 0xffffffffu : ((1u << L) - 1) << base) & ::cub::detail::existing_lanes();
        mask = lanes;
        size = __builtin_popcount(lanes);
    }
    /* The value of logical lane `src` (the caller's own when src does not
     * exist). */
    template <class T> T from(T v, int src) const
    {
        unsigned s = src >= 0 && src < size ? base + (unsigned)src : base + lane;
        return __shfl_sync(mask, v, (int)s, 32);
    }
    unsigned ballot(int p) const { return __ballot_sync(mask, p) >> base; }
};

} /* namespace simt_cub */

#endif
