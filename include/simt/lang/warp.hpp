/*
 * simt/lang/warp.hpp: CUDA's warp intrinsics (CUDA guide, "Warp Shuffle
 * Functions", "Warp Vote Functions", "Warp Match Functions", "Warp Reduce
 * Functions", "__syncwarp").  Any trivially copyable type can be shuffled:
 * values wider than 8 bytes go in 8-byte pieces, each its own shuffle, as
 * cooperative groups' generic shuffles do on a GPU.
 */
#ifndef SIMT_WARP_HPP
#define SIMT_WARP_HPP
#pragma GCC system_header

#include <string.h>
#include "../../simt.h"
#include "../core/device.h"
#include "../core/warp.h"

namespace simt_detail {
/* Values of at most 8 bytes take one shuffle and no loop: the compiled
 * tier sees a single collective per __shfl_*_sync, not a loop around it. */
template <class T, bool Small = (sizeof(T) <= 8)>
struct shfl_impl {
    static inline T run(const char *site, int op, unsigned mask, T var, int b, int width)
    {
        unsigned char bytes[sizeof(T)];
        memcpy(bytes, &var, sizeof(T));
        for (unsigned off = 0; off < sizeof(T); off += 8) {
            unsigned n = sizeof(T) - off < 8 ? (unsigned)(sizeof(T) - off) : 8;
            unsigned long long v = 0;
            memcpy(&v, bytes + off, n);
            v = simt_shfl(site, op, mask, v, n, b, width);
            memcpy(bytes + off, &v, n);
        }
        memcpy(&var, bytes, sizeof(T));
        return var;
    }
};
template <class T>
struct shfl_impl<T, true> {
    static inline T run(const char *site, int op, unsigned mask, T var, int b, int width)
    {
        unsigned long long v = 0;
        memcpy(&v, &var, sizeof(T));
        v = simt_shfl(site, op, mask, v, (unsigned)sizeof(T), b, width);
        memcpy(&var, &v, sizeof(T));
        return var;
    }
};
template <class T>
static inline T shfl(const char *site, int op, unsigned mask, T var, int b, int width)
{
    return shfl_impl<T>::run(site, op, mask, var, b, width);
}
template <class T>
static inline unsigned match(const char *site, int op, unsigned mask, T value, int *pred)
{
    static_assert(sizeof(T) <= 8, "__match_*_sync takes values of at most 8 bytes");
    unsigned long long v = 0;
    memcpy(&v, &value, sizeof(T));
    return simt_match(site, op, mask, v, sizeof(T), pred);
}
} /* namespace simt_detail */

template <class T>
static inline T simt__shfl_sync(const char *site, unsigned mask, T var, int srcLane, int width = 32)
{
    return simt_detail::shfl(site, SIMT_SHFL_IDX, mask, var, srcLane, width);
}
template <class T>
static inline T simt__shfl_up_sync(const char *site, unsigned mask, T var, unsigned delta,
                                   int width = 32)
{
    return simt_detail::shfl(site, SIMT_SHFL_UP, mask, var, (int)delta, width);
}
template <class T>
static inline T simt__shfl_down_sync(const char *site, unsigned mask, T var, unsigned delta,
                                     int width = 32)
{
    return simt_detail::shfl(site, SIMT_SHFL_DOWN, mask, var, (int)delta, width);
}
template <class T>
static inline T simt__shfl_xor_sync(const char *site, unsigned mask, T var, int laneMask,
                                    int width = 32)
{
    return simt_detail::shfl(site, SIMT_SHFL_XOR, mask, var, laneMask, width);
}
template <class T>
static inline unsigned simt__match_any_sync(const char *site, unsigned mask, T value)
{
    return simt_detail::match(site, SIMT_MATCH_ANY, mask, value, 0);
}
template <class T>
static inline unsigned simt__match_all_sync(const char *site, unsigned mask, T value, int *pred)
{
    return simt_detail::match(site, SIMT_MATCH_ALL, mask, value, pred);
}
static inline unsigned simt__reduce(const char *site, int op, unsigned mask, unsigned v)
{
    return simt_reduce(site, op, mask, v);
}
static inline int simt__reduce(const char *site, int op, unsigned mask, int v)
{
    /* min/max compare as signed for int operands */
    if (op == SIMT_REDUCE_UMIN)
        op = SIMT_REDUCE_MIN;
    else if (op == SIMT_REDUCE_UMAX)
        op = SIMT_REDUCE_MAX;
    return (int)simt_reduce(site, op, mask, (unsigned)v);
}
/* __syncwarp() and __syncwarp(mask) through one macro without relying on
 * comma elision (not in strict ISO modes): the site binds first. */
struct simt__syncwarp_at {
    const char *site;
    void operator()(unsigned mask = 0xffffffffu) const { simt_syncwarp(site, mask); }
};

#define __shfl_sync(...) simt__shfl_sync(SIMT_SITE, __VA_ARGS__)
#define __shfl_up_sync(...) simt__shfl_up_sync(SIMT_SITE, __VA_ARGS__)
#define __shfl_down_sync(...) simt__shfl_down_sync(SIMT_SITE, __VA_ARGS__)
#define __shfl_xor_sync(...) simt__shfl_xor_sync(SIMT_SITE, __VA_ARGS__)
#define __ballot_sync(mask, p) simt_vote(SIMT_SITE, SIMT_VOTE_BALLOT, (mask), (p) != 0)
#define __any_sync(mask, p) ((int)simt_vote(SIMT_SITE, SIMT_VOTE_ANY, (mask), (p) != 0))
#define __all_sync(mask, p) ((int)simt_vote(SIMT_SITE, SIMT_VOTE_ALL, (mask), (p) != 0))
#define __activemask() simt_activemask(SIMT_SITE)
#define __match_any_sync(mask, v) simt__match_any_sync(SIMT_SITE, (mask), (v))
#define __match_all_sync(mask, v, pred) simt__match_all_sync(SIMT_SITE, (mask), (v), (pred))
#define __reduce_add_sync(mask, v) simt__reduce(SIMT_SITE, SIMT_REDUCE_ADD, (mask), (v))
#define __reduce_min_sync(mask, v) simt__reduce(SIMT_SITE, SIMT_REDUCE_UMIN, (mask), (v))
#define __reduce_max_sync(mask, v) simt__reduce(SIMT_SITE, SIMT_REDUCE_UMAX, (mask), (v))
#define __reduce_and_sync(mask, v) simt_reduce(SIMT_SITE, SIMT_REDUCE_AND, (mask), (v))
#define __reduce_or_sync(mask, v) simt_reduce(SIMT_SITE, SIMT_REDUCE_OR, (mask), (v))
#define __reduce_xor_sync(mask, v) simt_reduce(SIMT_SITE, SIMT_REDUCE_XOR, (mask), (v))
#define __syncwarp(...) (simt__syncwarp_at{SIMT_SITE}(__VA_ARGS__))

/* Pre-Volta names, removed for sm_70 and later by nvcc but kept by old
 * code: the lanes taking part are the converged ones. */
#define __shfl(...) simt__shfl_sync(SIMT_SITE, simt_activemask(SIMT_SITE), __VA_ARGS__)
#define __shfl_up(...) simt__shfl_up_sync(SIMT_SITE, simt_activemask(SIMT_SITE), __VA_ARGS__)
#define __shfl_down(...) simt__shfl_down_sync(SIMT_SITE, simt_activemask(SIMT_SITE), __VA_ARGS__)
#define __shfl_xor(...) simt__shfl_xor_sync(SIMT_SITE, simt_activemask(SIMT_SITE), __VA_ARGS__)
#define __ballot(p) simt_vote(SIMT_SITE, SIMT_VOTE_BALLOT, simt_activemask(SIMT_SITE), (p) != 0)
#define __any(p) ((int)simt_vote(SIMT_SITE, SIMT_VOTE_ANY, simt_activemask(SIMT_SITE), (p) != 0))
#define __all(p) ((int)simt_vote(SIMT_SITE, SIMT_VOTE_ALL, simt_activemask(SIMT_SITE), (p) != 0))

#endif /* SIMT_WARP_HPP */
