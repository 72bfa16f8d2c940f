/*
 * simt/ptx/mem.hpp: inline PTX's memory, synchronization, warp and video
 * instructions (see simt/ptx/asm.hpp).
 *
 * Address spaces: global, local and const addresses are the program's
 * pointers; a .shared address is an offset in the block's shared memory
 * window, which starts at the block's arena (the window __cvta_generic_
 * to_shared and cvta.to.shared map into).  Accesses are checked as a GPU
 * checks them: a misaligned address or a .shared address outside the
 * block's shared memory is reported and ends the grid.  Loads and stores
 * with .volatile, .relaxed, .acquire or .release are atomic accesses of
 * that order; atom and red are the CUDA atomics' read-modify-writes
 * (sequentially consistent, which every .sem and .scope allows).
 */
#ifndef SIMT_PTX_MEM_HPP
#define SIMT_PTX_MEM_HPP
#pragma GCC system_header

#include "../core/cg_core.h"
#include "../core/mbarrier.h"
#include "../core/warp.h"

namespace simt_ptx {

enum { SP_GENERIC, SP_GLOBAL, SP_SHARED, SP_LOCAL, SP_CONST };
enum { ORD_PLAIN, ORD_RELAXED, ORD_ACQUIRE, ORD_RELEASE };

static inline char *shared_window() { return (char *)simt__arena.dynamic_base; }

/* The address [a + off] of an access of `align` bytes. */
template <int SPACE> static inline char *address(u64 a, long long off, unsigned align,
                                                  const char *file, unsigned line)
{
    u64 x = a + (u64)off;
    char *p;
    if (SPACE == SP_SHARED) {
        p = shared_window() + (u32)x;
        if (!simt_is_shared(p))
            simt_cg_misuse(file, line,
                           "address shared memory through its window (cvta.to.shared, "
                           "__cvta_generic_to_shared)",
                           "a .shared access at 0x%llx, outside the block's shared memory",
                           (unsigned long long)x);
    } else {
        p = (char *)(uintptr_t)x;
    }
    if ((uintptr_t)p & (align - 1))
        simt_cg_misuse(file, line, "align the address to the access's size",
                       "misaligned address %p for a %u-byte access", (void *)p, align);
    return p;
}

template <unsigned N> struct uint_of;
template <> struct uint_of<1> { typedef u8 type; };
template <> struct uint_of<2> { typedef u16 type; };
template <> struct uint_of<4> { typedef u32 type; };
template <> struct uint_of<8> { typedef u64 type; };

static constexpr int mem_order(int ord)
{
    return ord == ORD_ACQUIRE ? __ATOMIC_ACQUIRE : ord == ORD_RELEASE ? __ATOMIC_RELEASE
                                                                     : __ATOMIC_RELAXED;
}

/* Element k of an access of ALIGN bytes (a vector's whole size) at a. */
template <class T, int SPACE, int ORD, unsigned ALIGN>
static inline T ld(u64 a, long long off, int k, const char *file, unsigned line)
{
    char *p = address<SPACE>(a, off, ALIGN, file, line) + k * sizeof(T);
    T v;
    if (ORD == ORD_PLAIN) {
        memcpy(&v, p, sizeof v);
    } else {
        typedef typename uint_of<sizeof(T)>::type U;
        U u = __atomic_load_n((U *)p, mem_order(ORD));
        v = bits_as<T>(u);
    }
    return v;
}

template <class T, int SPACE, int ORD, unsigned ALIGN>
static inline void st(u64 a, long long off, int k, T v, const char *file, unsigned line)
{
    char *p = address<SPACE>(a, off, ALIGN, file, line) + k * sizeof(T);
    if (ORD == ORD_PLAIN) {
        memcpy(p, &v, sizeof v);
    } else {
        typedef typename uint_of<sizeof(T)>::type U;
        __atomic_store_n((U *)p, bits_as<U>(v), mem_order(ORD));
    }
}

/* ---- atomics ------------------------------------------------------------------------ */

/* OP: add min max inc dec and or xor exch (ptx.h's order).  atom.add.f32
 * flushes subnormals on global memory, not on shared (PTX ISA, atom). */
template <int OP, class T, int SPACE>
static inline T atom(u64 a, long long off, T b, const char *file, unsigned line)
{
    T *p = (T *)address<SPACE>(a, off, sizeof(T), file, line);
    typedef typename uint_of<sizeof(T)>::type U;
    U *q = (U *)p;
    if constexpr (std::is_floating_point<T>::value) {
        bool ftz = std::is_same<T, float>::value &&
                   (SPACE == SP_GLOBAL || (SPACE == SP_GENERIC && !simt_is_shared(p)));
        U old = __atomic_load_n(q, __ATOMIC_RELAXED), nw;
        do {
            T x = bits_as<T>(old);
            T r = ftz ? flush(flush(x) + flush(b)) : x + b;
            nw = bits_as<U>(canon(r));
        } while (!__atomic_compare_exchange_n(q, &old, nw, true, __ATOMIC_SEQ_CST,
                                              __ATOMIC_RELAXED));
        return bits_as<T>(old);
    } else {
        switch (OP) {
        case 0: return __atomic_fetch_add(p, b, __ATOMIC_SEQ_CST);
        case 5: return __atomic_fetch_and(p, b, __ATOMIC_SEQ_CST);
        case 6: return __atomic_fetch_or(p, b, __ATOMIC_SEQ_CST);
        case 7: return __atomic_fetch_xor(p, b, __ATOMIC_SEQ_CST);
        case 8: return __atomic_exchange_n(p, b, __ATOMIC_SEQ_CST);
        default: break;
        }
        T old = __atomic_load_n(p, __ATOMIC_RELAXED), nw;
        do {
            switch (OP) {
            case 1: nw = b < old ? b : old; break;
            case 2: nw = b > old ? b : old; break;
            /* CUDA guide, atomicInc/atomicDec: the GPU's wrap-around */
            case 3: nw = old >= b ? 0 : old + 1; break;
            default: nw = (old == 0 || old > b) ? b : old - 1; break;
            }
        } while (!__atomic_compare_exchange_n(p, &old, nw, true, __ATOMIC_SEQ_CST,
                                              __ATOMIC_RELAXED));
        return old;
    }
}

template <class T, int SPACE>
static inline T atom_cas(u64 a, long long off, T cmp, T v, const char *file, unsigned line)
{
    T *p = (T *)address<SPACE>(a, off, sizeof(T), file, line);
    __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return cmp;
}

/* cvta: generic <-> a space's addresses; only .shared's differ. */
template <int TO, int SPACE> static inline u64 cvta(u64 a)
{
    if (SPACE != SP_SHARED)
        return a;
    if (TO)
        return a - (u64)(uintptr_t)shared_window();
    return (u64)(uintptr_t)(shared_window() + (u32)a);
}

static inline bool is_shared(u64 a) { return simt_is_shared((const void *)(uintptr_t)a) != 0; }

static inline void fence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
/* An asm's "memory" clobber: the compiler keeps no memory in registers
 * across it. */
static inline void compiler_fence() { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

/* ---- barriers ------------------------------------------------------------------------ */

/* bar.sync a{, b}: simt's barriers span the block, so b may only count
 * the block (rounded up to whole warps, as PTX counts). */
static inline void bar_check(u32 id, long long count, const char *file, unsigned line)
{
    u32 n = blockDim.x * blockDim.y * blockDim.z;
    if (id > 15)
        simt_cg_misuse(file, line, "use barriers 0 to 15", "bar.sync on barrier %u", id);
    if (count >= 0 && count != (long long)n && count != (long long)((n + 31) & ~31u))
        simt_cg_misuse(file, line,
                       "give the barrier no thread count, or the block's: simt's barriers "
                       "span the block",
                       "barrier %u for %lld threads in a block of %u", id, count, n);
}

static inline void bar_sync(const char *site, const char *file, unsigned line, u32 id,
                            long long count)
{
    bar_check(id, count, file, line);
    simt_syncthreads(site);
}

/* bar.red: 0 popc (the count), 1 and, 2 or. */
template <int OP>
static inline u32 bar_red(const char *site, const char *file, unsigned line, u32 id,
                          long long count, bool p)
{
    bar_check(id, count, file, line);
    if (OP == 0)
        return (u32)simt_syncthreads_count(p, site);
    if (OP == 1)
        return (u32)simt_syncthreads_and(p, site);
    return (u32)simt_syncthreads_or(p, site);
}

/* ---- warps ---------------------------------------------------------------------------- */

static inline u32 activemask(const char *site) { return simt_activemask(site); }

/* vote: 0 all, 1 any, 2 uni, 3 ballot. */
template <int M> static inline u32 vote(const char *site, u32 mask, bool p)
{
    switch (M) {
    case 0: return simt_vote(site, SIMT_VOTE_ALL, mask, p);
    case 1: return simt_vote(site, SIMT_VOTE_ANY, mask, p);
    case 2: {
        u32 all = simt_vote(site, SIMT_VOTE_ALL, mask, p);
        u32 any = simt_vote(site, SIMT_VOTE_ANY, mask, p);
        return all || !any;
    }
    default: return simt_vote(site, SIMT_VOTE_BALLOT, mask, p);
    }
}

/* shfl.sync: 0 up, 1 down, 2 bfly, 3 idx; c packs the segment mask (bits
 * 12..8) and the clamp (bits 4..0).  The c that __shfl_*_sync's width
 * gives is the core's own shuffle of that width; any other c is the PTX
 * ISA's computation of each lane's source, shuffled by index. */
template <int M>
static inline u32 shfl(const char *site, u32 a, u32 b, u32 c, u32 mask, bool *p)
{
    static const int ops[4] = {SIMT_SHFL_UP, SIMT_SHFL_DOWN, SIMT_SHFL_XOR, SIMT_SHFL_IDX};
    int lane = (int)sr_laneid(), bval = (int)(b & 31), cval = (int)(c & 31);
    int seg = (int)((c >> 8) & 31);
    int maxl = (lane & seg) | (cval & ~seg), minl = lane & seg, j;
    bool pv;
    switch (M) {
    case 0: j = lane - bval; pv = j >= maxl; break;
    case 1: j = lane + bval; pv = j <= maxl; break;
    case 2: j = lane ^ bval; pv = j <= maxl; break;
    default: j = minl | (bval & ~seg); pv = j <= maxl; break;
    }
    *p = pv;
    int width = 32 - seg;
    bool canonical = (width & (width - 1)) == 0 && ((32 - width) & 31) == seg &&
                     cval == (M == 0 ? 0 : 31);
    if (canonical)
        return (u32)simt_shfl(site, ops[M], mask, a, 4, bval, width);
    return (u32)simt_shfl(site, SIMT_SHFL_IDX, mask, a, 4, pv ? j : lane, 32);
}

/* match: 0 any, 1 all. */
template <int M, class T> static inline u32 match(const char *site, u32 mask, T v, int *pred)
{
    return simt_match(site, M ? SIMT_MATCH_ALL : SIMT_MATCH_ANY, mask, (unsigned long long)v,
                      sizeof(T), M ? pred : nullptr);
}

/* redux.sync: 0 add, 1 min, 2 max (signed for .s32), 3 and, 4 or, 5 xor. */
template <int OP, class T> static inline T redux(const char *site, u32 mask, T v)
{
    static const int ops[6] = {SIMT_REDUCE_ADD, SIMT_REDUCE_UMIN, SIMT_REDUCE_UMAX,
                               SIMT_REDUCE_AND, SIMT_REDUCE_OR, SIMT_REDUCE_XOR};
    int op = ops[OP];
    if (std::is_signed<T>::value && OP == 1)
        op = SIMT_REDUCE_MIN;
    if (std::is_signed<T>::value && OP == 2)
        op = SIMT_REDUCE_MAX;
    return (T)simt_reduce(site, op, mask, (u32)v);
}

/* elect.sync: the lowest lane of membermask leads. */
static inline u32 elect(const char *site, u32 mask, bool *p)
{
    u32 lanes = simt_vote(site, SIMT_VOTE_BALLOT, mask, 1);
    u32 leader = lanes ? (u32)__builtin_ctz(lanes) : 0;
    *p = lanes && sr_laneid() == leader;
    return leader;
}

/* ---- video instructions ---------------------------------------------------------------- */

/* OP: 0 add, 1 sub, 2 avrg, 3 absdiff, 4 min, 5 max. */
template <int OP> static inline long long vcalc(long long a, long long b)
{
    switch (OP) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a + b >= 0 ? (a + b + 1) >> 1 : (a + b) >> 1;
    case 3: return a > b ? a - b : b - a;
    case 4: return a < b ? a : b;
    default: return a > b ? a : b;
    }
}

static inline long long clamp_ll(long long v, long long lo, long long hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* vadd4, ...: each of the 4 (2) lanes takes the byte (half-word) its
 * selector nibble names from b:a, sign-extended for signed types; with
 * ADD the masked lanes' results are summed into c, otherwise they are
 * merged into c's bytes. */
template <int LANES, int OP, int SD, int SA, int SB, int SAT, int ADD, u32 ASEL, u32 BSEL, u32 MASK>
static inline u32 vsimd(u32 a, u32 b, u32 c)
{
    const int bits = 32 / LANES;
    const u64 emask = (1ull << bits) - 1;
    const u32 asel = ASEL, bsel = BSEL, mask = MASK;
    u64 ab = ((u64)b << 32) | a;
    u32 d = ADD ? c : 0;
#pragma GCC unroll 4
    for (int i = 0; i < LANES; i++) {
        u64 ea = (ab >> (bits * ((asel >> 4 * i) & 15))) & emask;
        u64 eb = (ab >> (bits * ((bsel >> 4 * i) & 15))) & emask;
        long long va = SA ? (long long)(ea << (64 - bits)) >> (64 - bits) : (long long)ea;
        long long vb = SB ? (long long)(eb << (64 - bits)) >> (64 - bits) : (long long)eb;
        long long t = vcalc<OP>(va, vb);
        if (SAT)
            t = SD ? clamp_ll(t, -(1ll << (bits - 1)), (1ll << (bits - 1)) - 1)
                   : clamp_ll(t, 0, (long long)emask);
        if (ADD) {
            if ((mask >> i) & 1)
                d += (u32)t;
        } else {
            u64 lanebits = ((mask >> i) & 1) ? (u64)t & emask : ((u64)c >> (bits * i)) & emask;
            d |= (u32)(lanebits << (bits * i));
        }
    }
    return d;
}
template <int OP, int SD, int SA, int SB, int SAT, int ADD, u32 ASEL, u32 BSEL, u32 MASK>
static inline u32 vop4(u32 a, u32 b, u32 c)
{
    return vsimd<4, OP, SD, SA, SB, SAT, ADD, ASEL, BSEL, MASK>(a, b, c);
}
template <int OP, int SD, int SA, int SB, int SAT, int ADD, u32 ASEL, u32 BSEL, u32 MASK>
static inline u32 vop2(u32 a, u32 b, u32 c)
{
    return vsimd<2, OP, SD, SA, SB, SAT, ADD, ASEL, BSEL, MASK>(a, b, c);
}

/* A scalar video operand: the word (sel -1), byte sel (0..3) or half-word
 * sel - 4, sign- or zero-extended. */
static inline long long vpart(u32 a, int sel, int sgn)
{
    if (sel < 0)
        return sgn ? (long long)(int)a : (long long)a;
    int bits = sel < 4 ? 8 : 16, at = sel < 4 ? 8 * sel : 16 * (sel - 4);
    u64 e = ((u64)a >> at) & ((1ull << bits) - 1);
    return sgn ? (long long)(e << (64 - bits)) >> (64 - bits) : (long long)e;
}

/* vadd, vsub, vabsdiff, vmin, vmax: the operation on the selected parts
 * in 34-bit precision, saturated to the destination (its selected part's
 * range when it has one), then the secondary operation OP2 (1 add, 2 min,
 * 3 max) with c, or the merge of the result into c's other bits. */
template <int OP, int SD, int SA, int SB, int SAT, int OP2, int DSEL, int ASEL, int BSEL>
static inline u32 vop(u32 a, u32 b, u32 c)
{
    const int asel = ASEL, bsel = BSEL;
    long long t = vcalc<OP>(vpart(a, asel, SA), vpart(b, bsel, SB));
    if (SAT) {
        int bits = DSEL < 0 ? 32 : DSEL < 4 ? 8 : 16;
        t = SD ? clamp_ll(t, -(1ll << (bits - 1)), (1ll << (bits - 1)) - 1)
               : clamp_ll(t, 0, (long long)((1ull << bits) - 1));
    }
    long long vc = SD ? (long long)(int)c : (long long)c;
    switch (OP2) {
    case 1: t = t + vc; break;
    case 2: t = t < vc ? t : vc; break;
    case 3: t = t > vc ? t : vc; break;
    default: break;
    }
    if (DSEL >= 0) {
        int bits = DSEL < 4 ? 8 : 16, at = DSEL < 4 ? 8 * DSEL : 16 * (DSEL - 4);
        u32 m = (u32)(((1ull << bits) - 1) << at);
        return (((u32)t << at) & m) | (c & ~m);
    }
    return (u32)t;
}

} /* namespace simt_ptx */

/* CUDA's address-space conversions (sm_70 and later), into the same
 * window as cvta. */
static inline size_t __cvta_generic_to_shared(const void *p)
{
    return (size_t)simt_ptx::cvta<1, simt_ptx::SP_SHARED>((simt_ptx::u64)(uintptr_t)p);
}
static inline void *__cvta_shared_to_generic(size_t a)
{
    return (void *)(uintptr_t)simt_ptx::cvta<0, simt_ptx::SP_SHARED>((simt_ptx::u64)a);
}
static inline size_t __cvta_generic_to_global(const void *p) { return (size_t)(uintptr_t)p; }
static inline void *__cvta_global_to_generic(size_t a) { return (void *)(uintptr_t)a; }
static inline unsigned int __isShared(const void *p) { return simt_is_shared(p) != 0; }

#endif /* SIMT_PTX_MEM_HPP */
