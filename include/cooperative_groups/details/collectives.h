/*
 * cooperative_groups/details/collectives.h: reduce, inclusive_scan,
 * exclusive_scan and their asynchronous and atomic-updating forms (CUDA
 * guide 5.6.3.4 and 5.6.3.5) for thread_block_tile and coalesced_group.
 *
 * Each follows the order of operations of CUDA 13's implementation, since
 * with floating-point values or operators that do not commute the order
 * is the result: within a warp an xor butterfly (tiles, whole warps) or
 * Hillis-Steele scans (other coalesced groups) over the core's shuffles; across
 * the warps of a wider tile the same steps over the warps' partial
 * results, which every thread replays from the block's scratch area.
 */
#ifndef SIMT_CG_DETAILS_COLLECTIVES_H
#define SIMT_CG_DETAILS_COLLECTIVES_H
#pragma GCC system_header

#include "../../cooperative_groups.h"
#include "functional.h"

namespace cooperative_groups {
namespace details {

/* Which groups the collectives take: tiles and coalesced groups only. */
template <class G>
struct coll_group {
    static constexpr int kind = 0;
};
template <unsigned S, class P>
struct coll_group<thread_block_tile<S, P>> {
    static constexpr int kind = S <= 32 ? 1 : 2;
};
template <>
struct coll_group<coalesced_group> {
    static constexpr int kind = 1;
};

template <class G, class T, class Op>
struct check_collective {
    static_assert(coll_group<remove_qual<G>>::kind != 0,
                  "cooperative groups: reduce and scans take a thread_block_tile or a "
                  "coalesced_group (this group does not exclusively represent a tile)");
    static_assert(check_value<T, coll_group<remove_qual<G>>::kind == 2 ? 8 : 32>::ok, "");
    static_assert(check_op<Op, T>::ok, "");
    static constexpr bool ok = true;
};

/* ---- groups within a warp ---------------------------------------------------------------- */

/* A group of lanes of one warp as the algorithms see it. */
struct wview {
    unsigned mask, rank, size, width;
    bool coalesced;
};

template <unsigned S, class P>
static inline wview view_of(const thread_block_tile<S, P> &)
{
    return wview{warp_tile<S>::mask(), cta_rank() & (S - 1), S, S, false};
}
static inline wview view_of(const coalesced_group &g)
{
    return wview{group_access::mask_of(g), g.thread_rank(), g.size(), 32, true};
}
/* The calling thread's warp in a tile wider than a warp. */
static inline wview warp_view()
{
    return wview{0xffffffffu, laneid(), 32, 32, false};  /* whole warps: checked at the tile's making */
}

template <class T>
static inline T v_shfl(const wview &g, const char *site, const T &v, unsigned r)
{
    if (!g.coalesced)
        return shfl_idx(site, g.mask, v, (int)r, (int)g.width);
    unsigned lane = r == 0 ? (unsigned)__builtin_ctz(g.mask) : g.size == 32 ? r : fns(g.mask, 0, (int)r + 1);
    return shfl_idx(site, g.mask, v, (int)lane, 32);
}

template <class T>
static inline T v_shfl_up(const wview &g, const char *site, const T &v, unsigned d)
{
    if (!g.coalesced || g.size == 32)
        return shfl_up(site, g.mask, v, d, (int)g.width);
    unsigned lane = fns(g.mask, laneid(), -((int)d + 1));
    if (lane >= 32)
        lane = laneid();
    return shfl_idx(site, g.mask, v, (int)lane, 32);
}

/* Hillis-Steele: step i adds the partial of rank - i, op(mine, theirs). */
template <class T, class Op>
static inline T w_inclusive(const wview &g, const char *site, T out, Op &op)
{
    if (!g.coalesced || g.size == 32) {
        for (unsigned i = 1; i < g.size; i <<= 1) {
            T tmp = v_shfl_up(g, site, out, i);
            if (i <= g.rank)
                out = op(out, tmp);
        }
        return out;
    }
    for (unsigned i = 1; i < g.size; i <<= 1) {
        unsigned src = i <= g.rank ? fns(g.mask, 0, (int)(g.rank - i) + 1) : laneid();
        T tmp = shfl_idx(site, g.mask, out, (int)src, 32);
        if (i <= g.rank)
            out = op(out, tmp);
    }
    return out;
}

template <class T, class Op>
struct plus_integral {
    static constexpr bool value =
        std::is_same<remove_qual<Op>, cooperative_groups::plus<T>>::value && std::is_integral<T>::value;
};

/* An inclusive result made exclusive: by subtraction for integer sums, by
 * shifting otherwise (rank 0 gets a value-initialized T, as on a GPU). */
template <class T, class Op>
static inline T w_exclusive(const wview &g, const char *site, const T &incl, const T &val, Op &)
{
    if constexpr (plus_integral<T, Op>::value) {
        (void)g;
        (void)site;
        return incl - val;
    } else {
        T tmp = v_shfl_up(g, site, incl, 1);
        return g.rank == 0 ? T{} : tmp;
    }
}

template <class T, class Op>
static inline T w_reduce(const wview &g, const char *site, T v, Op &op)
{
    if constexpr (redux_ok<Op, T>::value) {
        return redux<Op, T>(site, g.mask, v);
    } else {
        /* Tiles, and coalesced groups of a whole warp: an xor butterfly. */
        if (!g.coalesced || g.size == 32) {
            for (unsigned m = g.size >> 1; m > 0; m >>= 1)
                v = op(v, shfl_xor(site, g.mask, v, m, (int)g.width));
            return v;
        }
        /* Other coalesced groups: a scan, whose last rank's value all get. */
        v = w_inclusive(g, site, v, op);
        return shfl_idx(site, g.mask, v, 31 - __builtin_clz(g.mask), 32);
    }
}

/* ---- tiles wider than a warp: the warps' partials, replayed -------------------------------- */

template <class T>
struct slots {
    unsigned long long v[32];
    T get(unsigned i) const { return from_slot<T>(v[i]); }
    void set(unsigned i, const T &x) { v[i] = to_slot(x); }
};

/* The xor butterfly over n partials; the value it leaves at index idx. */
template <class T, class Op>
static inline T replay_butterfly(slots<T> s, unsigned n, unsigned idx, Op &op)
{
    for (unsigned m = n >> 1; m > 0; m >>= 1) {
        slots<T> next;
        for (unsigned j = 0; j < n; j++)
            next.set(j, op(s.get(j), s.get(j ^ m)));
        s = next;
    }
    return s.get(idx);
}

template <class T, class Op>
static inline slots<T> replay_inclusive(slots<T> s, unsigned n, Op &op)
{
    for (unsigned i = 1; i < n; i <<= 1) {
        slots<T> next = s;
        for (unsigned j = i; j < n; j++)
            next.set(j, op(s.get(j), s.get(j - i)));
        s = next;
    }
    return s;
}

/* The exclusive prefix of partial w, as CUDA's inter-warp step makes it. */
template <class T, class Op>
static inline T replay_exclusive_at(const slots<T> &incl, const slots<T> &vals, unsigned w, Op &)
{
    if constexpr (plus_integral<T, Op>::value)
        return incl.get(w) - vals.get(w);
    else
        return w == 0 ? T{} : incl.get(w - 1);
}

template <unsigned Size>
struct multi {
    static constexpr unsigned n = Size / 32;
    static unsigned first() { return cta_rank() & ~(Size - 1); }
    static unsigned warp_in_tile() { return (cta_rank() & (Size - 1)) / 32; }
    static void sync(at_t at) { simt_range_sync(at.site(), first(), Size); }

    /* Each warp's lane 0 (or lane 31) publishes the warp's partial; after
     * the tile's barrier every thread reads them all. */
    template <class T>
    static slots<T> gather(const T &warp_value, unsigned lane, at_t at)
    {
        simt_cg_scratch *s = simt_cg_scratch_area();
        if (laneid() == lane)
            s->warp[cta_rank() / 32] = to_slot(warp_value);
        sync(at);
        slots<T> r;
        memcpy(r.v, &s->warp[first() / 32], n * sizeof r.v[0]);
        return r;
    }

    template <class T, class Op>
    static T reduce(T v, Op &op, at_t at)
    {
        const char *site = at.site();
        T w = w_reduce(warp_view(), site, v, op);
        slots<T> parts = gather(w, 0, at);
        T r = replay_butterfly(parts, n, warp_in_tile(), op);
        sync(at);
        return r;
    }

    template <class T, class Op, class Handler>
    static void reduce_async(T v, Op &op, Handler &handler, at_t at)
    {
        const char *site = at.site();
        T w = w_reduce(warp_view(), site, v, op);
        slots<T> parts = gather(w, 0, at);
        if (cta_rank() == first())
            handler(replay_butterfly(parts, n, 0, op));
        sync(at);
    }

    template <bool Exclusive, class T, class Op>
    static T scan(T v, Op &op, at_t at)
    {
        const char *site = at.site();
        wview wv = warp_view();
        T ws = w_inclusive(wv, site, v, op);
        slots<T> totals = gather(ws, 31, at);
        if (Exclusive)
            ws = shfl_up(site, 0xffffffffu, ws, 1, 32);
        slots<T> incl = replay_inclusive(totals, n, op);
        unsigned w = warp_in_tile();
        T prev = replay_exclusive_at(incl, totals, w, op);
        sync(at);
        if (Exclusive && laneid() == 0)
            return prev;
        if (w == 0)
            return ws;
        return op(ws, prev);
    }

    template <bool Exclusive, class A, class T, class Op>
    static T scan_update(A &dst, T v, Op &op, at_t at)
    {
        const char *site = at.site();
        wview wv = warp_view();
        T ws = w_inclusive(wv, site, v, op);
        slots<T> totals = gather(ws, 31, at);
        if (Exclusive)
            ws = shfl_up(site, 0xffffffffu, ws, 1, 32);
        slots<T> incl = replay_inclusive(totals, n, op);
        simt_cg_scratch *s = simt_cg_scratch_area();
        unsigned t0 = first() / 32;
        if (cta_rank() == first())
            s->tile[t0] = to_slot(atomic_update(dst, incl.get(n - 1), op));
        sync(at);
        T old = from_slot<T>(s->tile[t0]);
        unsigned w = warp_in_tile();
        T prev = w == 0 ? old : op(replay_exclusive_at(incl, totals, w, op), old);
        sync(at);
        if (Exclusive && laneid() == 0)
            return prev;
        return op(ws, prev);
    }
};

/* ---- dispatch ------------------------------------------------------------------------------ */

template <class T, class Op>
static inline T reduce_of(const coalesced_group &g, T v, Op &op, at_t at)
{
    return w_reduce(view_of(g), at.site(), v, op);
}
template <unsigned S, class P, class T, class Op>
static inline T reduce_of(const thread_block_tile<S, P> &g, T v, Op &op, at_t at)
{
    if constexpr (S <= 32)
        return w_reduce(view_of(g), at.site(), v, op);
    else
        return multi<S>::reduce(v, op, at);
}

template <class T, class Op, class Handler>
static inline void reduce_async_of(const coalesced_group &g, T v, Op &op, Handler &h, at_t at)
{
    T r = w_reduce(view_of(g), at.site(), v, op);
    if (g.thread_rank() == 0)
        h(r);
}
template <unsigned S, class P, class T, class Op, class Handler>
static inline void reduce_async_of(const thread_block_tile<S, P> &g, T v, Op &op, Handler &h, at_t at)
{
    if constexpr (S <= 32) {
        T r = w_reduce(view_of(g), at.site(), v, op);
        if (g.thread_rank() == 0)
            h(r);
    } else {
        multi<S>::reduce_async(v, op, h, at);
    }
}

template <bool Exclusive, class T, class Op>
static inline T w_scan(const wview &g, T v, Op &op, at_t at)
{
    const char *site = at.site();
    T incl = w_inclusive(g, site, v, op);
    if (Exclusive)
        return w_exclusive(g, site, incl, v, op);
    return incl;
}

template <bool Exclusive, class T, class Op>
static inline T scan_of(const coalesced_group &g, T v, Op &op, at_t at)
{
    return w_scan<Exclusive>(view_of(g), v, op, at);
}
template <bool Exclusive, unsigned S, class P, class T, class Op>
static inline T scan_of(const thread_block_tile<S, P> &g, T v, Op &op, at_t at)
{
    if constexpr (S <= 32)
        return w_scan<Exclusive>(view_of(g), v, op, at);
    else
        return multi<S>::template scan<Exclusive>(v, op, at);
}

/* The group's last rank updates the atomic by the total and shares the old
 * value; every thread combines it with its own scan, op(old, scan). */
template <bool Exclusive, class A, class T, class Op>
static inline T w_scan_update(const wview &g, A &dst, T v, Op &op, at_t at)
{
    const char *site = at.site();
    T incl = w_inclusive(g, site, v, op);
    T old = v;
    if (g.rank == g.size - 1)
        old = atomic_update(dst, incl, op);
    old = v_shfl(g, site, old, g.size - 1);
    if (Exclusive)
        incl = w_exclusive(g, site, incl, v, op);
    return op(old, incl);
}

template <bool Exclusive, class A, class T, class Op>
static inline T scan_update_of(const coalesced_group &g, A &dst, T v, Op &op, at_t at)
{
    return w_scan_update<Exclusive>(view_of(g), dst, v, op, at);
}
template <bool Exclusive, unsigned S, class P, class A, class T, class Op>
static inline T scan_update_of(const thread_block_tile<S, P> &g, A &dst, T v, Op &op, at_t at)
{
    if constexpr (S <= 32)
        return w_scan_update<Exclusive>(view_of(g), dst, v, op, at);
    else
        return multi<S>::template scan_update<Exclusive>(dst, v, op, at);
}

/* The value type an atomic holds. */
template <class A>
using atomic_value = remove_qual<decltype(std::declval<A &>().load())>;

template <class A>
using not_pointer = typename std::enable_if<!std::is_pointer<remove_qual<A>>::value, int>::type;

} /* namespace details */
} /* namespace cooperative_groups */

#endif /* SIMT_CG_DETAILS_COLLECTIVES_H */
