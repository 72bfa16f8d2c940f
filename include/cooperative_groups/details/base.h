/*
 * cooperative_groups/details/base.h: what every part of simt's cooperative
 * groups shares: call sites, the calling thread's place in its block and
 * warp, warp collectives on a group's lanes, and misuse reports.
 *
 * Call sites: every public function that synchronizes or communicates takes
 * SIMT_CG_AT, two defaulted parameters that GCC and Clang evaluate at the
 * caller (__builtin_FILE(), __builtin_LINE()), so the core's diagnostics
 * and its matching of call sites (divergent barriers, __activemask) name
 * the user's line, not this header's.
 */
#ifndef SIMT_CG_DETAILS_BASE_H
#define SIMT_CG_DETAILS_BASE_H
#pragma GCC system_header

#include <string.h>
#include <type_traits>
#include <utility>

#include "../../simt/core/cg_core.h"
#include "../../simt/core/device.h"
#include "../../simt/core/groups.h"
#include "../../simt/lang/warp.hpp"

/* The caller's file and line, as defaulted trailing parameters. */
#define SIMT_CG_AT const char *simt_cg_file = __builtin_FILE(), unsigned simt_cg_line = __builtin_LINE()
/* Them again, to pass on, and packed. */
#define SIMT_CG_FWD simt_cg_file, simt_cg_line
#define SIMT_CG_HERE ::cooperative_groups::details::at_t{simt_cg_file, simt_cg_line}

namespace cooperative_groups {

class thread_group;
class thread_block;
class grid_group;
class cluster_group;
class coalesced_group;
template <unsigned int Size, typename ParentT> class thread_block_tile;

namespace details {

/* Group type ids (thread_group::get_type()), CUDA's values. */
constexpr unsigned int coalesced_group_id = 1;
constexpr unsigned int grid_group_id = 3;
constexpr unsigned int thread_block_id = 4;
constexpr unsigned int multi_tile_group_id = 5;
constexpr unsigned int cluster_group_id = 6;

template <class T>
using remove_qual = typename std::remove_cv<typename std::remove_reference<T>::type>::type;

/* Where the user called: file and line, and the interned "file:line". */
struct at_t {
    const char *file;
    unsigned line;
    const char *site() const { return simt_cg_site(file, line); }
};

/* ---- the calling thread -------------------------------------------------------- */

static inline unsigned int cta_rank()
{
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
static inline unsigned int cta_size()
{
    return blockDim.x * blockDim.y * blockDim.z;
}
/* Warps are 32 consecutive linear thread ids. */
static inline unsigned int laneid()
{
    return cta_rank() & 31u;
}
static inline unsigned int lanemask_lt()
{
    return (1u << laneid()) - 1u;
}
/* The lanes the calling thread's warp has: all 32 but in a block's last,
 * partial warp. */
static inline unsigned int warp_lanes()
{
    unsigned n = cta_size() - (cta_rank() & ~31u);
    return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}
static inline unsigned int popc(unsigned int m)
{
    return (unsigned int)__builtin_popcount(m);
}

/* PTX fns.b32: the position of the |offset|-th set bit of mask counting
 * from base (inclusive) upwards (offset > 0) or downwards (offset < 0);
 * offset 0: base itself if set; 0xffffffff if there is none. */
static inline unsigned int fns(unsigned int mask, unsigned int base, int offset)
{
    if (offset == 0)
        return (mask >> base & 1u) ? base : 0xffffffffu;
    int pos = (int)base, inc = offset > 0 ? 1 : -1;
    unsigned count = (unsigned)(offset > 0 ? offset : -offset) - 1u;
    for (; pos >= 0 && pos < 32; pos += inc) {
        if (mask >> pos & 1u) {
            if (count == 0)
                return (unsigned)pos;
            count--;
        }
    }
    return 0xffffffffu;
}

/* Compacts laneMask to the group's ranks (bit r: the member of rank r). */
static inline unsigned int pack_lanes(unsigned int group_mask, unsigned int lane_mask)
{
    unsigned int pack = 0, rank = 0;
    for (unsigned bit = 0; bit < 32; bit++) {
        if (group_mask >> bit & 1u) {
            if (lane_mask >> bit & 1u)
                pack |= 1u << rank;
            rank++;
        }
    }
    return pack;
}

/* ---- what values collectives move ---------------------------------------------- */

/* CUDA guide, thread_block_tile and coalesced_group: shuffles and
 * collectives take any trivially copyable type of at most 32 bytes (8 in
 * tiles wider than a warp). */
template <class T, unsigned MaxBytes>
struct check_value {
    static_assert(std::is_trivially_copyable<T>::value,
                  "cooperative groups: collectives move trivially copyable types only "
                  "(CUDA guide, thread_block_tile)");
    static_assert(sizeof(T) <= MaxBytes,
                  "cooperative groups: a value moved by a collective can have at most 32 bytes "
                  "in groups of up to 32 threads and 8 bytes in tiles wider than a warp");
    static constexpr bool ok = true;
};

template <class T>
struct check_arithmetic {
    static_assert(std::is_integral<T>::value || std::is_floating_point<T>::value,
                  "cooperative groups: match_any and match_all take integral or floating-point "
                  "values");
    static constexpr bool ok = true;
};

/* Values kept by bytes: tiles wider than a warp exchange them through
 * 8-byte slots, and arrays of them need no default constructor. */
template <class T>
static inline unsigned long long to_slot(const T &v)
{
    unsigned long long s = 0;
    memcpy(&s, &v, sizeof(T));
    return s;
}
template <class T>
static inline T from_slot(unsigned long long s)
{
    typename std::aligned_storage<sizeof(T), alignof(T)>::type buf;
    memcpy(&buf, &s, sizeof(T));
    return *reinterpret_cast<T *>(&buf);
}

/* ---- warp collectives on a set of lanes ---------------------------------------- */

template <class T>
static inline T shfl_idx(const char *site, unsigned mask, const T &v, int src, int width)
{
    return simt_detail::shfl(site, SIMT_SHFL_IDX, mask, v, src, width);
}
template <class T>
static inline T shfl_up(const char *site, unsigned mask, const T &v, unsigned delta, int width)
{
    return simt_detail::shfl(site, SIMT_SHFL_UP, mask, v, (int)delta, width);
}
template <class T>
static inline T shfl_down(const char *site, unsigned mask, const T &v, unsigned delta, int width)
{
    return simt_detail::shfl(site, SIMT_SHFL_DOWN, mask, v, (int)delta, width);
}
template <class T>
static inline T shfl_xor(const char *site, unsigned mask, const T &v, unsigned lane_mask, int width)
{
    return simt_detail::shfl(site, SIMT_SHFL_XOR, mask, v, (int)lane_mask, width);
}
static inline unsigned ballot(const char *site, unsigned mask, int pred)
{
    return simt_vote(site, SIMT_VOTE_BALLOT, mask, pred != 0);
}

} /* namespace details */
} /* namespace cooperative_groups */

#endif /* SIMT_CG_DETAILS_BASE_H */
