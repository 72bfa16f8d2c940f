/*
 * cub/util_ptx.cuh: thread and warp helpers (CUB's PTX wrappers).  Lane
 * and warp numbers come from the linear thread index, 32 lanes a warp.
 * The Shuffle* helpers name their source lane explicitly, and never one
 * outside member_mask, so a warp shorter than 32 threads (the last one of
 * a block) shuffles without reading lanes it does not have.
 */
#ifndef SIMT_CUB_UTIL_PTX_CUH
#define SIMT_CUB_UTIL_PTX_CUH
#pragma GCC system_header

#include <stdint.h>
#include "util_type.cuh"

CUB_NAMESPACE_BEGIN

/* The linear thread index of a block of these static dimensions (a
 * dimension given as 1 does not take part, as in CUB). */
inline int RowMajorTid(int block_dim_x, int block_dim_y, int block_dim_z)
{
    return ((block_dim_z == 1) ? 0 : (int)(threadIdx.z * block_dim_x * block_dim_y)) +
           ((block_dim_y == 1) ? 0 : (int)(threadIdx.y * block_dim_x)) + (int)threadIdx.x;
}
inline unsigned int LaneId()
{
    return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31;
}
inline unsigned int WarpId()
{
    return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) >> 5;
}
inline unsigned int LaneMaskLt()
{
    return (1u << LaneId()) - 1;
}
inline unsigned int LaneMaskLe()
{
    return LaneId() == 31 ? 0xffffffffu : (2u << LaneId()) - 1;
}
inline unsigned int LaneMaskGt()
{
    return ~LaneMaskLe();
}
inline unsigned int LaneMaskGe()
{
    return ~LaneMaskLt();
}

/* The lanes of logical warp `warp_id` (of LOGICAL_WARP_THREADS lanes) in
 * its hardware warp. */
template <int LOGICAL_WARP_THREADS> inline unsigned int WarpMask(unsigned int warp_id)
{
    constexpr bool is_pow_of_two = (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0;
    constexpr bool is_arch_warp = LOGICAL_WARP_THREADS == 32;
    unsigned int member_mask = 0xFFFFFFFFu >> (32 - LOGICAL_WARP_THREADS);
    if (is_pow_of_two && !is_arch_warp)
        member_mask <<= warp_id * LOGICAL_WARP_THREADS;
    return member_mask;
}

namespace detail {
/* The lanes of the caller's hardware warp that exist in this block. */
inline unsigned int existing_lanes()
{
    unsigned n = blockDim.x * blockDim.y * blockDim.z;
    unsigned first = (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & ~31u;
    return n - first >= 32 ? 0xffffffffu : (1u << (n - first)) - 1;
}
} /* namespace detail */

/* Shuffles of a logical warp of LOGICAL_WARP_THREADS lanes: the source is
 * the caller's lane plus (minus) src_offset within the logical warp;
 * outside [first_thread, last_thread] the caller keeps its own input. */
template <int LOGICAL_WARP_THREADS, typename T>
inline T ShuffleUp(T input, int src_offset, int first_thread, unsigned int member_mask)
{
    unsigned lane = LaneId(), base = lane & ~(unsigned)(LOGICAL_WARP_THREADS - 1) & 31;
    int rel = (int)(lane - base) - src_offset;
    unsigned src = rel >= first_thread && (member_mask >> (base + rel) & 1) ? base + rel : lane;
    return __shfl_sync(member_mask, input, (int)src, 32);
}
template <int LOGICAL_WARP_THREADS, typename T>
inline T ShuffleDown(T input, int src_offset, int last_thread, unsigned int member_mask)
{
    unsigned lane = LaneId(), base = lane & ~(unsigned)(LOGICAL_WARP_THREADS - 1) & 31;
    int rel = (int)(lane - base) + src_offset;
    unsigned src = rel <= last_thread && rel < 32 && (member_mask >> (base + rel) & 1) ? base + rel : lane;
    return __shfl_sync(member_mask, input, (int)src, 32);
}
template <int LOGICAL_WARP_THREADS, typename T>
inline T ShuffleIndex(T input, int src_lane, unsigned int member_mask)
{
    unsigned lane = LaneId(), base = lane & ~(unsigned)(LOGICAL_WARP_THREADS - 1) & 31;
    unsigned src = base + ((unsigned)src_lane & (LOGICAL_WARP_THREADS - 1));
    if (!(member_mask >> src & 1))
        src = lane;
    return __shfl_sync(member_mask, input, (int)src, 32);
}

template <typename UnsignedBits>
inline unsigned int BFE(UnsignedBits source, unsigned int bit_start, unsigned int num_bits)
{
    const unsigned long long mask = num_bits >= 64 ? ~0ull : (1ull << num_bits) - 1;
    return (unsigned int)(((unsigned long long)source >> bit_start) & mask);
}
inline void BFI(unsigned int &ret, unsigned int x, unsigned int y, unsigned int bit_start,
                unsigned int num_bits)
{
    unsigned int mask = (num_bits >= 32 ? 0xffffffffu : (1u << num_bits) - 1) << bit_start;
    ret = (y & ~mask) | ((x << bit_start) & mask);
}
inline unsigned int SHL_ADD(unsigned int x, unsigned int shift, unsigned int addend)
{
    return (x << shift) + addend;
}
inline unsigned int SHR_ADD(unsigned int x, unsigned int shift, unsigned int addend)
{
    return (x >> shift) + addend;
}
inline void CTA_SYNC()
{
    __syncthreads();
}
inline int CTA_SYNC_AND(int p)
{
    return __syncthreads_and(p);
}
inline int CTA_SYNC_OR(int p)
{
    return __syncthreads_or(p);
}
inline void WARP_SYNC(unsigned int member_mask)
{
    __syncwarp(member_mask);
}
inline int WARP_ANY(int predicate, unsigned int member_mask)
{
    return __any_sync(member_mask, predicate);
}
inline int WARP_ALL(int predicate, unsigned int member_mask)
{
    return __all_sync(member_mask, predicate);
}
inline int WARP_BALLOT(int predicate, unsigned int member_mask)
{
    return (int)__ballot_sync(member_mask, predicate);
}

CUB_NAMESPACE_END

#endif
