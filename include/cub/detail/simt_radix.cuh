/*
 * cub/detail/simt_radix.cuh: radix ordering of keys and the sorts built on
 * it (DeviceRadixSort, the segmented sorts, BlockRadixSort).
 *
 * A key orders by its bits after CUB's twiddle (Traits::TwiddleIn): the
 * sign bit flipped for signed integers, every bit of a negative floating
 * point value flipped and the sign bit of a positive one.  -0.0 is then
 * made +0.0's pattern, as CUB's digit extractors do, so the two compare
 * equal and keep their input order; NaNs sort after +inf (positive sign)
 * or before -inf (negative sign).  A descending sort inverts the twiddled
 * bits, so equal keys still keep their input order.  Only bits
 * [begin_bit, end_bit) of the twiddled key take part.
 *
 * The device sort is least-significant-digit first, 8 bits a pass, each
 * pass three steps over the chunks: count each chunk's digits, turn the
 * counts into each chunk's first output position per digit (digit-major,
 * so the pass is stable), scatter.  From msd_min items it is one such pass
 * on the top digit that varies instead, then a sort of each bucket in its
 * worker's cache (radix_sort_msd).
 */
#ifndef SIMT_CUB_DETAIL_SIMT_RADIX_CUH
#define SIMT_CUB_DETAIL_SIMT_RADIX_CUH
#pragma GCC system_header

#include <assert.h>
#include <string.h>
#include <unistd.h>
#include <algorithm>
#include <utility>
#include <memory>
#include <type_traits>
#include <vector>
#include "simt_core.cuh"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace simt_cub {

template <class K> struct radix_key {
    typedef ::cub::Traits<K> traits;
    typedef typename traits::UnsignedBits U;
    static constexpr int bits_total = (int)sizeof(U) * 8;

    static U ordered(const K &k, bool descending)
    {
        U u;
        memcpy(&u, &k, sizeof(U));
        u = traits::TwiddleIn(u);
        if (traits::CATEGORY == ::cub::FLOATING_POINT) {
            const U minus_zero = traits::TwiddleIn(U(U(1) << (bits_total - 1)));
            if (u == minus_zero)
                u = traits::TwiddleIn(U(0));
        }
        return descending ? U(~u) : u;
    }
    /* Bits [begin, end) of the ordered key, as a number. */
    static U field(const K &k, bool descending, int begin, int end)
    {
        U u = ordered(k, descending);
        int width = end - begin;
        if (width <= 0)
            return U(0);
        u = U(u >> begin);
        if (width < bits_total)
            u = U(u & U((U(1) << width) - 1));
        return u;
    }
};

/* Sorts n keys (and values, unless V is NullType) from src to dst, stably,
 * in one thread: the segmented sorts and BlockRadixSort use it.  `order`
 * is scratch space, kept by the caller across calls. */
template <class K, class V>
inline void sort_serial(const K *ksrc, const V *vsrc, K *kdst, V *vdst, index_t n, int begin_bit, int end_bit,
                        bool descending, ::std::vector<::std::pair<typename radix_key<K>::U, index_t>> &order)
{
    order.resize((size_t)n);
    for (index_t i = 0; i < n; i++)
        order[(size_t)i] = {radix_key<K>::field(ksrc[i], descending, begin_bit, end_bit), i};
    /* (field, index) pairs are unique: an unstable sort of them is the
     * stable sort of the keys */
    ::std::sort(order.begin(), order.end());
    for (index_t i = 0; i < n; i++) {
        index_t from = order[(size_t)i].second;
        kdst[i] = ksrc[from];
        if constexpr (!::std::is_same<V, ::cub::NullType>::value)
            vdst[i] = vsrc[from];
    }
}

/* The segmented sorts: segment s, [begin[s], end[s]), sorted from the
 * Current buffers into the Alternate ones; the DoubleBuffer forms then
 * select the Alternates (every segment's result is there), the pointer
 * forms pass the output as the Alternate.  Items outside every segment
 * are not written. */
template <class K, class V, class Begin, class End>
inline cudaError_t segmented_sort(const char *name, void *d_temp, size_t &temp_bytes, bool overwrite,
                                  ::cub::DoubleBuffer<K> &keys, ::cub::DoubleBuffer<V> &values,
                                  index_t segments, Begin begin, End end, int begin_bit, int end_bit,
                                  bool descending, cudaStream_t stream)
{
    if (size_query(d_temp, temp_bytes) || segments <= 0)
        return cudaSuccess;
    if (overwrite && end_bit <= begin_bit)
        return cudaSuccess;
    const K *ksrc = keys.Current();
    const V *vsrc = values.Current();
    K *kdst = keys.Alternate();
    V *vdst = values.Alternate();
    chunks c(segments, 1, 1);
    cudaError_t e = launch(name, c.count, stream, [=](unsigned b) mutable {
        ::std::vector<::std::pair<typename radix_key<K>::U, index_t>> order;
        for (index_t s = c.lo(b); s < c.hi(b); s++) {
            index_t lo = (index_t)begin[s], hi = (index_t)end[s];
            if (hi > lo)
                sort_serial<K, V>(ksrc + lo, vsrc ? vsrc + lo : nullptr, kdst + lo,
                                  vdst ? vdst + lo : nullptr, hi - lo, begin_bit, end_bit, descending, order);
        }
    });
    if (e == cudaSuccess && overwrite) {
        keys.selector ^= 1;
        values.selector ^= 1;
    }
    return e;
}

/* Copies n items in the stream, chunk-parallel. */
template <class T>
inline cudaError_t copy_items(const char *name, const T *src, T *dst, index_t n, cudaStream_t stream)
{
    chunks c(n, 1 << 16);
    return launch(name, c.count, stream, [=](unsigned b) {
        for (index_t i = c.lo(b); i < c.hi(b); i++)
            dst[i] = src[i];
    });
}

/* The device radix sort.  Pass p reads ksrc[p] and writes kdst[p]; the
 * caller picks the buffers (it knows where the result must land). */
template <class K, class V> struct radix_plan {
    static constexpr int digit_bits = 8;
    static constexpr int digits = 1 << digit_bits;
    int passes;
    static int passes_for(int begin_bit, int end_bit)
    {
        return end_bit > begin_bit ? (end_bit - begin_bit + digit_bits - 1) / digit_bits : 0;
    }
    static size_t table_bytes(const chunks &c) { return (size_t)c.count * digits * sizeof(index_t); }
};

/* Each chunk's count of every digit value: table[b * D + d]. */
template <class K, class Digit>
inline cudaError_t count_digits(const char *name, const chunks &c, index_t *table, int D, const K *ksrc, Digit digit,
                                cudaStream_t stream)
{
    return launch(name, c.count, stream, [=](unsigned b) {
        /* locals: the counts' stores would make the loop reload members */
        index_t *const h = table + (size_t)b * D;
        const index_t lo = c.lo(b), hi = c.hi(b);
        const K *const keys = ksrc;
        const Digit dg = digit;
        for (int d = 0; d < D; d++)
            h[d] = 0;
        for (index_t i = lo; i < hi; i++)
            h[dg(keys[i])]++;
    });
}

template <class K, class V>
inline cudaError_t radix_pass(const char *name, const chunks &c, index_t *table, const K *ksrc, const V *vsrc,
                              K *kdst, V *vdst, int shift, int width, bool descending, cudaStream_t stream)
{
    typedef radix_key<K> rk;
    const int D = radix_plan<K, V>::digits;
    const index_t n = c.n;
    auto digit = [=](const K &k) { return (unsigned)rk::field(k, descending, shift, shift + width); };
    auto scatter = [=](unsigned b, index_t *off) {
        const index_t lo = c.lo(b), hi = c.hi(b);
        const K *const ks = ksrc;
        const V *const vs = vsrc;
        K *const kd = kdst;
        V *const vd = vdst;
        for (index_t i = lo; i < hi; i++) {
            const K k = ks[i];
            const index_t to = off[digit(k)]++;
            kd[to] = k;
            if constexpr (!::std::is_same<V, ::cub::NullType>::value)
                vd[to] = vs[i];
        }
    };
    if (c.count == 1)
        return launch(name, 1, stream, [=](unsigned) {
            index_t off[D] = {0};
            for (index_t i = 0; i < n; i++)
                off[digit(ksrc[i])]++;
            index_t run = 0;
            for (int d = 0; d < D; d++) {
                index_t t = off[d];
                off[d] = run;
                run += t;
            }
            scatter(0, off);
        });
    cudaError_t e = count_digits(name, c, table, D, ksrc, digit, stream);
    if (e != cudaSuccess)
        return e;
    e = launch(name, 1, stream, [=](unsigned) {
        index_t run = 0;
        for (int d = 0; d < D; d++)
            for (unsigned b = 0; b < c.count; b++) {
                index_t t = table[(size_t)b * D + d];
                table[(size_t)b * D + d] = run;
                run += t;
            }
    });
    if (e != cudaSuccess)
        return e;
    return launch(name, c.count, stream, [=](unsigned b) {
        index_t off[D];
        for (int d = 0; d < D; d++)
            off[d] = table[(size_t)b * D + d];
        scatter(b, off);
    });
}

/* Copies n bytes to dst around the cache where SSE2 has streaming
 * stores (the lines are not read before they are written), and fences
 * them: what another thread reads next is there. */
inline void stream_copy(void *dst, const void *src, size_t n)
{
#if defined(__SSE2__)
    char *d = (char *)dst;
    const char *s = (const char *)src;
    size_t head = (size_t)((16 - (uintptr_t)d % 16) % 16);
    if (head > n)
        head = n;
    memcpy(d, s, head);
    size_t i = head;
    for (; i + 16 <= n; i += 16)
        _mm_stream_si128((__m128i *)(void *)(d + i), _mm_loadu_si128((const __m128i *)(const void *)(s + i)));
    memcpy(d + i, s + i, n - i);
    _mm_sfence();
#else
    memcpy(dst, src, n);
#endif
}

/* A bucket's scratch of n items of T, left uninitialized where T allows
 * it (a vector's clearing of 64 KiB a bucket was a memset of the whole
 * input over the buckets' step). */
template <class T, bool Trivial = ::std::is_trivially_default_constructible<T>::value>
struct scratch_items {
    ::std::unique_ptr<T[]> p;
    void make(size_t n) { p.reset(new T[n]); }
    T *data() { return p.get(); }
};
template <class T>
struct scratch_items<T, false> {
    ::std::vector<T> v;
    void make(size_t n) { v.resize(n); }
    T *data() { return v.data(); }
};

/* One bucket of the large sort: the m keys (and values) at kx, whose
 * ordered bits from `below` up are all equal, sorted stably by bits
 * [begin_bit, below) into kfin (another buffer of m items; kx's are then
 * scratch), in the caller's cache.  LSD passes of up to 11 bits: one read
 * counts the digits of every pass, a pass whose digit is the same for
 * every key is skipped, and the buffers alternate so that the last pass
 * writes kfin (a scratch buffer of m items takes the first pass where kx
 * would be both its source and its destination).  With `staged`, every
 * pass writes one of two scratch buffers and the result is streamed out
 * to kfin (stream_copy): the last pass's stores then land in lines the
 * cache holds, where kfin's lines, written in the digits' order, would
 * each be read from memory first (a bucket's 64 KiB in 1,024 lines). */
template <class C, class K, class V>
inline void sort_bucket_counted(K *kx, V *vx, K *kfin, V *vfin, index_t m, int begin_bit, int below,
                                bool descending, bool staged)
{
    typedef radix_key<K> rk;
    typedef typename rk::U U;
    constexpr bool pairs = !::std::is_same<V, ::cub::NullType>::value;
    constexpr int most = 11;
    constexpr int max_passes = (rk::bits_total + most - 1) / most;
    const int bits = below - begin_bit;
    int passes = bits > 0 ? (bits + most - 1) / most : 0;
    const int width = passes ? (bits + passes - 1) / passes : 0;
    const size_t D = (size_t)1 << width;
    const U dm = U((U(1) << width) - 1);
    ::std::vector<C> count((size_t)passes * D);
    {
        /* one read counts every pass's digits; two or three passes (the
         * usual cases) unrolled: a loop over the passes inside the loop
         * over the keys took as long as the two scatters (a bucket of 2^14
         * ints in the cache) */
        C *const c0 = count.data();
        const K *const keys = kx;
        const bool desc = descending;
        const int w = width, w2 = 2 * width;
        if (passes == 2) {
            C *const c1 = c0 + D;
            for (index_t i = 0; i < m; i++) {
                const U u = U(rk::ordered(keys[i], desc) >> begin_bit);
                c0[u & dm]++;
                c1[U(u >> w) & dm]++;
            }
        } else if (passes == 3) {
            C *const c1 = c0 + D, *const c2 = c0 + 2 * D;
            for (index_t i = 0; i < m; i++) {
                const U u = U(rk::ordered(keys[i], desc) >> begin_bit);
                c0[u & dm]++;
                c1[U(u >> w) & dm]++;
                c2[U(u >> w2) & dm]++;
            }
        } else {
            for (index_t i = 0; i < m; i++) {
                const U u = U(rk::ordered(keys[i], desc) >> begin_bit);
                for (int p = 0; p < passes; p++)
                    c0[(size_t)p * D + (size_t)(U(u >> (p * w)) & dm)]++;
            }
        }
    }
    /* the passes that move keys */
    int moving[max_passes], k_n = 0;
    {
        const U u0 = U(rk::ordered(kx[0], descending) >> begin_bit);
        for (int p = 0; p < passes; p++)
            if (count[(size_t)p * D + (size_t)(U(u0 >> (p * width)) & dm)] != m)
                moving[k_n++] = p;
    }
    assert(kfin != kx);
    K *kcur = kx;
    V *vcur = vx;
    if (k_n == 0) {
        memcpy((void *)kfin, (const void *)kx, (size_t)m * sizeof(K));
        if constexpr (pairs)
            memcpy((void *)vfin, (const void *)vx, (size_t)m * sizeof(V));
        return;
    }
    auto pass = [&](int p, const K *ks, const V *vs, K *kd, V *vd) {
        C *off = &count[(size_t)p * D];
        C run = 0;
        for (size_t i = 0; i < D; i++) {
            const C t = off[i];
            off[i] = run;
            run += t;
        }
        const int sh = begin_bit + p * width;
        for (index_t i = 0; i < m; i++) {
            const K k = ks[i];
            const C to = off[(size_t)(U(rk::ordered(k, descending) >> sh) & dm)]++;
            kd[to] = k;
            if constexpr (pairs)
                vd[to] = vs[i];
        }
    };
    if (staged) {
        typedef typename ::std::conditional<pairs, V, char>::type VS;
        scratch_items<K> ks[2];
        scratch_items<VS> vs[2];
        for (int j = 0; j < 2 && j < k_n; j++) {
            ks[j].make((size_t)m);
            if constexpr (pairs)
                vs[j].make((size_t)m);
        }
        const K *kc = kx;
        const V *vc = vx;
        for (int j = 0; j < k_n; j++) {
            K *kd = ks[j % 2].data();
            V *vd = nullptr;
            if constexpr (pairs)
                vd = vs[j % 2].data();
            pass(moving[j], kc, vc, kd, vd);
            kc = kd;
            vc = vd;
        }
        stream_copy((void *)kfin, (const void *)kc, (size_t)m * sizeof(K));
        if constexpr (pairs)
            stream_copy((void *)vfin, (const void *)vc, (size_t)m * sizeof(V));
        return;
    }
    /* destinations from the last pass back: kfin, then kx, alternating; a
     * first pass that would write its own source goes to scratch */
    scratch_items<K> kscratch;
    scratch_items<typename ::std::conditional<pairs, V, char>::type> vscratch;
    for (int j = 0; j < k_n; j++) {
        const int p = moving[j];
        const int from_last = k_n - 1 - j;
        K *kdst = from_last % 2 == 0 ? kfin : kx;
        V *vdst = from_last % 2 == 0 ? vfin : vx;
        if (kdst == kcur) {
            if (!kscratch.data()) {
                kscratch.make((size_t)m);
                if constexpr (pairs)
                    vscratch.make((size_t)m);
            }
            kdst = kscratch.data();
            if constexpr (pairs)
                vdst = vscratch.data();
        }
        pass(p, kcur, vcur, kdst, vdst);
        kcur = kdst;
        vcur = vdst;
    }
    if (kcur != kfin) {
        memcpy((void *)kfin, (const void *)kcur, (size_t)m * sizeof(K));
        if constexpr (pairs)
            memcpy((void *)vfin, (const void *)vcur, (size_t)m * sizeof(V));
    }
}

/* Counts of 32 bits where the bucket's size allows: half the cache. */
template <class K, class V>
inline void sort_bucket(K *kx, V *vx, K *kfin, V *vfin, index_t m, int begin_bit, int below, bool descending,
                        bool staged)
{
    if (m < ((index_t)1 << 32))
        sort_bucket_counted<uint32_t>(kx, vx, kfin, vfin, m, begin_bit, below, descending, staged);
    else
        sort_bucket_counted<index_t>(kx, vx, kfin, vfin, m, begin_bit, below, descending, staged);
}

/* Large sorts: one pass on the most significant digit that varies, then
 * each digit's bucket sorted alone.  The buckets of a large input fit a
 * worker's cache, so only the first pass streams through memory; an LSD
 * sort streams through it once for each digit.  The top digit is the
 * msd_top_bits(n) bits ending at the highest bit that varies; which bit
 * that is, a sample of the keys tells first (its highest varying bit is
 * never above the input's), so that one read of the input counts each
 * chunk's top digits and finds the bits that vary (each chunk's OR of
 * every key XOR the first) together; only where the sample missed a
 * higher bit are the digits counted again.  Then the digit-major prefix
 * of the counts, the stable scatter of src into x; then one block per
 * bucket sorts its items in its cache (sort_bucket) and leaves them in
 * y.  src may be y, never x.  `table` holds msd_table_items(c, bits)
 * items. */
constexpr int msd_top_bits_max = 12;

/* The first-level data cache of a core, in bytes (32 KiB where the system
 * does not say). */
inline size_t l1_data_bytes()
{
    static const size_t bytes = [] {
        long v = 0;
#if defined(_SC_LEVEL1_DCACHE_SIZE)
        v = sysconf(_SC_LEVEL1_DCACHE_SIZE); /* glibc's; 0 where unknown */
#endif
        return v >= 4096 ? (size_t)v : (size_t)32 << 10;
    }();
    return bytes;
}

/* The top digit's width, 8 bits at least and 12 at most (the scatter's
 * line buffers, 64 bytes a digit, stay in the second-level cache).  With
 * few workers the buckets' passes, which run in a core's cache, take most
 * of the time: buckets that fit the first-level cache.  With many, the top
 * pass, which streams through memory and has more to do the more digits
 * it has, takes more: buckets of twice that.  2^24 ints on the 16-core
 * Xeon (48 KiB L1), copy + sort: one worker, 10 bits (64 KiB buckets) 174
 * ms, 11 bits 127 ms; 16 workers, 10 bits 20.2-22.3 ms, 11 bits 23.2-24.0;
 * equal at 8 (docs/PERFORMANCE.md). */
inline int msd_top_bits(index_t n, size_t item_bytes)
{
    const size_t bytes = (size_t)n * item_bytes;
    const size_t fit = l1_data_bytes() * (workers() >= 8 ? 2 : 1);
    int tb = 8;
    while (tb < msd_top_bits_max && (bytes >> tb) > fit)
        tb++;
    return tb;
}

/* counts [digit][chunk], chunk masks, 4 words of the top digit's place,
 * bucket starts [digit + 1] */
inline size_t msd_table_items(const chunks &c, int bits)
{
    const size_t D = (size_t)1 << bits;
    return (size_t)c.count * D + c.count + 4 + D + 1;
}

template <class K, class V>
inline cudaError_t radix_sort_msd(const char *name, const chunks &c, index_t *table, const K *ksrc, const V *vsrc,
                                  K *kx, V *vx, K *ky, V *vy, int begin_bit, int end_bit,
                                  bool descending, cudaStream_t stream)
{
    typedef radix_key<K> rk;
    typedef typename rk::U U;
    constexpr bool pairs = !::std::is_same<V, ::cub::NullType>::value;
    const int tb = msd_top_bits(c.n, sizeof(K) + (pairs ? sizeof(V) : 0));
    const unsigned D = 1u << tb;
    const U span_mask = U(((end_bit - begin_bit >= rk::bits_total) ? U(~U(0)) : U((U(1) << (end_bit - begin_bit)) - 1))
                          << begin_bit);
    const unsigned chunks_n = c.count;
    index_t *count = table;                               /* [digit][chunk] */
    index_t *masks = table + (size_t)chunks_n * D;        /* [chunk] */
    index_t *top = masks + chunks_n;                      /* shift, width, highest bit, recount */
    index_t *start = top + 4;                             /* [digit + 1]: bucket starts */
    const index_t n = c.n;
    /* the top digit of the keys whose varying bits are m */
    auto place = [=](U m) {
        int hi = begin_bit;
        for (int bit = rk::bits_total - 1; bit >= begin_bit; bit--)
            if ((m >> bit) & 1) {
                hi = bit + 1;
                break;
            }
        int shift = hi - tb > begin_bit ? hi - tb : begin_bit;
        top[0] = shift;
        top[1] = hi - shift;
        top[2] = hi;
    };
    auto digit_of = [=](U u, int shift, int width) -> unsigned {
        return width ? (unsigned)(U(u >> shift) & U((1u << width) - 1)) : 0u;
    };
    /* digit-major, so that the scatter is stable: a digit's items from
     * chunk 0 first */
    auto prefix = [=] {
        index_t run = 0;
        for (unsigned d = 0; d < D; d++) {
            start[d] = run;
            index_t *col = count + (size_t)d * chunks_n;
            for (unsigned b = 0; b < chunks_n; b++) {
                index_t t = col[b];
                col[b] = run;
                run += t;
            }
        }
        start[D] = run;
    };
    /* Chunk b's digit counts into its column of the table, through counts
     * of its own; returns the OR of every key XOR `first` (the bits that
     * vary).  Everything the loop reads is a local: its stores then alias
     * nothing the compiler must reload (the closure's members would be). */
    auto tally = [=](unsigned b, int shift, int width, U first) -> U {
        const index_t lo = c.lo(b), hi = c.hi(b);
        const K *const keys = ksrc;
        const bool desc = descending;
        /* h: four tables of D counts, 32-bit where the chunk allows; four
         * keys at a time, one to each table, so that the counts' loads
         * and stores do not wait on each other (2^24 ints, one worker and
         * the host thread on the development VM: 12.6 -> 10.5 ms) */
        auto into = [lo, hi, keys, desc, first, shift, width, b, count, chunks_n, D, digit_of](auto *h) {
            auto *const h1 = h + D, *const h2 = h + 2 * (size_t)D, *const h3 = h + 3 * (size_t)D;
            U m0 = 0, m1 = 0;
            index_t i = lo;
            for (; i + 4 <= hi; i += 4) {
                const U u0 = rk::ordered(keys[i], desc), u1 = rk::ordered(keys[i + 1], desc);
                const U u2 = rk::ordered(keys[i + 2], desc), u3 = rk::ordered(keys[i + 3], desc);
                m0 |= U(U(u0 ^ first) | U(u1 ^ first));
                m1 |= U(U(u2 ^ first) | U(u3 ^ first));
                h[digit_of(u0, shift, width)]++;
                h1[digit_of(u1, shift, width)]++;
                h2[digit_of(u2, shift, width)]++;
                h3[digit_of(u3, shift, width)]++;
            }
            for (; i < hi; i++) {
                const U u = rk::ordered(keys[i], desc);
                m0 |= U(u ^ first);
                h[digit_of(u, shift, width)]++;
            }
            for (unsigned d = 0; d < D; d++)
                count[(size_t)d * chunks_n + b] = (index_t)(h[d] + h1[d] + h2[d] + h3[d]);
            return U(m0 | m1);
        };
        U m;
        if (hi - lo < ((index_t)1 << 32)) {
            ::std::vector<uint32_t> h(4 * (size_t)D);
            m = into(h.data());
        } else {
            ::std::vector<index_t> h(4 * (size_t)D);
            m = into(h.data());
        }
        return m;
    };
    cudaError_t e = launch(name, 1, stream, [=](unsigned) {
        const U first = rk::ordered(ksrc[0], descending);
        const index_t samples = n < 1024 ? n : 1024, stride = n / samples;
        U m = 0;
        for (index_t j = 0; j < samples; j++)
            m |= U(rk::ordered(ksrc[j * stride], descending) ^ first);
        place(U(m & span_mask));
        top[3] = 0;
    });
    if (e != cudaSuccess)
        return e;
    e = launch(name, chunks_n, stream, [=](unsigned b) {
        const U first = rk::ordered(ksrc[0], descending);
        const int shift = (int)top[0], width = (int)top[1];
        masks[b] = (index_t)(tally(b, shift, width, first) & span_mask);
    });
    if (e != cudaSuccess)
        return e;
    e = launch(name, 1, stream, [=](unsigned) {
        U m = 0;
        for (unsigned b = 0; b < chunks_n; b++)
            m |= (U)masks[b];
        const index_t guessed = top[2];
        place(m);
        if (top[2] != guessed)
            top[3] = 1;
        else
            prefix();
    });
    if (e != cudaSuccess)
        return e;
    /* the sample missed the highest varying bit: count again */
    e = launch(name, chunks_n, stream, [=](unsigned b) {
        if (!top[3])
            return;
        tally(b, (int)top[0], (int)top[1], rk::ordered(ksrc[0], descending));
    });
    if (e != cudaSuccess)
        return e;
    e = launch(name, 1, stream, [=](unsigned) {
        if (top[3])
            prefix();
    });
    if (e != cudaSuccess)
        return e;
    /* Large inputs with several workers: the scatter's full lines go
     * around the cache (non-temporal stores: no read of each line before
     * it is written, no cache lines taken from the workers' other data).
     * On the 16-core Xeon, 2^24 ints, copy + sort: 16 workers 19.8-23.6
     * ms against 22.8-27.4, 4 workers 68.6 against 85.4; one worker was
     * slower (its buckets then come back from memory), so it keeps the
     * cached stores, as do inputs that a cache holds. */
    const bool cap_stream = workers() >= 4 && (size_t)n * sizeof(K) >= ((size_t)16 << 20);
    const K *const cap_ksrc = ksrc;
    const V *const cap_vsrc = vsrc;
    K *const cap_kx = kx;
    V *const cap_vx = vx;
    e = launch(name, chunks_n, stream, [=](unsigned b) {
        /* The closure captures cap_*; the loop reads locals of the
         * usual names: the line buffers' memcpy stores bytes, which alias
         * every member of the closure, so a member read in the loop is
         * reloaded at each key. */
        const int shift = (int)top[0], width = (int)top[1];
        const index_t lo = c.lo(b), hi = c.hi(b);
        const K *const ksrc = cap_ksrc;
        const V *const vsrc = cap_vsrc;
        K *const kx = cap_kx;
        V *const vx = cap_vx;
        const bool stream_lines = cap_stream;
        auto digit = [shift, width, desc = descending](const K &k) -> unsigned {
            return width ? (unsigned)(U(rk::ordered(k, desc) >> shift) & U((1u << width) - 1)) : 0u;
        };
        ::std::vector<index_t> offv(D);
        index_t *off = offv.data();
        for (unsigned d = 0; d < D; d++)
            off[d] = count[(size_t)d * chunks_n + b];
        if constexpr (!pairs || ::std::is_trivially_copyable<V>::value) {
            /* Through a cache line's worth of items per digit, written out
             * whole when full: a scatter of single stores to hundreds of
             * streams misses the cache (and the TLB) at nearly every store
             * (a 256-way scatter of 2^22 ints on the development VM: 110
             * ms, buffered 36 ms).  A digit's lines are the destination's
             * own: its first is written from the slot where the digit's
             * items start, so that every full line is one aligned 64-byte
             * store and never half of two lines. */
            constexpr int L = sizeof(K) >= 64 ? 1 : (int)(64 / sizeof(K));
            typedef typename ::std::conditional<pairs, V, char>::type VL;
            struct alignas(64) kline { K k[L]; };
            struct alignas(64) vline { VL v[pairs ? L : 1]; };
            ::std::vector<kline> kl(D);
            ::std::vector<vline> vl(pairs ? D : 0);
            ::std::vector<unsigned char> fill(D), first(D);
            for (unsigned d = 0; d < D; d++) {
                /* off[d]: where the digit's current line starts */
                const unsigned mis =
                    64 % sizeof(K) == 0 ? (unsigned)(((uintptr_t)(kx + off[d]) % 64) / sizeof(K)) : 0u;
                fill[d] = first[d] = (unsigned char)mis;
                off[d] -= mis;
            }
            for (index_t i = lo; i < hi; i++) {
                const unsigned d = digit(ksrc[i]);
                unsigned f = fill[d];
                memcpy((void *)&kl[d].k[f], (const void *)&ksrc[i], sizeof(K));
                if constexpr (pairs)
                    memcpy((void *)&vl[d].v[f], (const void *)&vsrc[i], sizeof(V));
                if (++f == (unsigned)L) {
                    const unsigned s0 = first[d];
                    if (s0 == 0) {
#if defined(__SSE2__)
                        if (stream_lines && sizeof(kline) == 64 && (uintptr_t)(kx + off[d]) % 64 == 0) {
                            __m128i *to = (__m128i *)(void *)(kx + off[d]);
                            const __m128i *fr = (const __m128i *)(const void *)kl[d].k;
                            _mm_stream_si128(to, fr[0]);
                            _mm_stream_si128(to + 1, fr[1]);
                            _mm_stream_si128(to + 2, fr[2]);
                            _mm_stream_si128(to + 3, fr[3]);
                        } else
#endif
                        memcpy((void *)(kx + off[d]), (const void *)kl[d].k, L * sizeof(K));
                        if constexpr (pairs)
                            memcpy((void *)(vx + off[d]), (const void *)vl[d].v, L * sizeof(V));
                    } else {
                        memcpy((void *)(kx + off[d] + s0), (const void *)&kl[d].k[s0], (L - s0) * sizeof(K));
                        if constexpr (pairs)
                            memcpy((void *)(vx + off[d] + s0), (const void *)&vl[d].v[s0], (L - s0) * sizeof(V));
                        first[d] = 0;
                    }
                    off[d] += L;
                    f = 0;
                }
                fill[d] = (unsigned char)f;
            }
            for (unsigned d = 0; d < D; d++) {
                const unsigned s0 = first[d];
                memcpy((void *)(kx + off[d] + s0), (const void *)&kl[d].k[s0], (fill[d] - s0) * sizeof(K));
                if constexpr (pairs)
                    memcpy((void *)(vx + off[d] + s0), (const void *)&vl[d].v[s0], (fill[d] - s0) * sizeof(V));
            }
#if defined(__SSE2__)
            /* the streamed lines are seen before the buckets' step reads them */
            if (stream_lines)
                _mm_sfence();
#endif
        } else {
            for (index_t i = lo; i < hi; i++) {
                index_t to = off[digit(ksrc[i])]++;
                kx[to] = ksrc[i];
                vx[to] = vsrc[i];
            }
        }
    });
    if (e != cudaSuccess)
        return e;
    /* Buckets of large inputs are sorted in scratch buffers and streamed
     * out where they fit a core's second-level cache (stage_max_bytes): their
     * writes go around the cache as the top scatter's do.  2^24 ints, copy
     * + sort on the 16-core Xeon: one worker 87.8 -> 82.5 ms, four 35.0 ->
     * 32.7; sixteen no change (10.5-11.9 against 10.6-11.1; memory's
     * bandwidth, not a line's read, is then what a write waits for). */
    constexpr index_t stage_max_bytes = (index_t)1 << 20;
    const bool cap_staged = (size_t)n * sizeof(K) >= ((size_t)16 << 20) &&
                            (!pairs || ::std::is_trivially_copyable<V>::value);
    return launch(name, D, stream, [=](unsigned d) {
        const index_t lo = start[d], m = start[d + 1] - lo;
        if (m == 0)
            return;
        const bool staged =
            cap_staged && m * (index_t)(sizeof(K) + (pairs ? sizeof(V) : 0)) <= stage_max_bytes;
        sort_bucket<K, V>(kx + lo, pairs ? vx + lo : nullptr, ky + lo, pairs ? vy + lo : nullptr, m, begin_bit,
                          (int)top[0], descending, staged);
    });
}

/* From this many items the device sort is radix_sort_msd. */
constexpr index_t msd_min = 1 << 17;

/* CUB's DeviceRadixSort protocol.  Pointer form (overwrite == false):
 * keys_in/values_in stay unchanged and the result lands in
 * keys_out/values_out, with temporary storage for the passes in between.
 * DoubleBuffer form: both buffers may be overwritten and the selectors
 * move to where the result is. */
template <class K, class V>
inline cudaError_t radix_sort(const char *name, void *d_temp, size_t &temp_bytes, bool overwrite,
                              ::cub::DoubleBuffer<K> &keys, ::cub::DoubleBuffer<V> &values, index_t n,
                              int begin_bit, int end_bit, bool descending, cudaStream_t stream)
{
    const bool pairs = !::std::is_same<V, ::cub::NullType>::value;
    chunks c(n, 1 << 15);
    int passes = radix_plan<K, V>::passes_for(begin_bit, end_bit);
    const bool msd = n >= msd_min && passes > 1;
    bool need_alt = !overwrite && passes > 1;
    void *p[3];
    size_t table_sz = radix_plan<K, V>::table_bytes(c);
    if (msd) {
        const size_t items = msd_table_items(c, msd_top_bits(n, sizeof(K) + (pairs ? sizeof(V) : 0)));
        if (items * sizeof(index_t) > table_sz)
            table_sz = items * sizeof(index_t);
    }
    size_t sz[3] = {table_sz, need_alt ? (size_t)n * sizeof(K) : 0,
                    need_alt && pairs ? (size_t)n * sizeof(V) : 0};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp || n == 0)
        return e;
    if (msd) {
        /* the result lands in Current (DoubleBuffer: the selectors stay)
         * or in the output; the scatter goes to the other buffer */
        if (overwrite)
            return radix_sort_msd<K, V>(name, c, (index_t *)p[0], keys.Current(), values.Current(),
                                        keys.Alternate(), values.Alternate(), keys.Current(), values.Current(),
                                        begin_bit, end_bit, descending, stream);
        return radix_sort_msd<K, V>(name, c, (index_t *)p[0], keys.Current(), values.Current(), (K *)p[1],
                                    (V *)p[2], keys.Alternate(), values.Alternate(), begin_bit, end_bit,
                                    descending, stream);
    }
    index_t *table = (index_t *)p[0];
    K *kbuf[2];
    V *vbuf[2];
    const K *ksrc = keys.Current();
    const V *vsrc = values.Current();
    if (overwrite) {
        if (passes == 0)
            return cudaSuccess;
        kbuf[0] = keys.Alternate();
        kbuf[1] = keys.Current();
        vbuf[0] = values.Alternate();
        vbuf[1] = values.Current();
    } else {
        if (passes == 0) {
            if ((e = copy_items(name, keys.Current(), keys.Alternate(), n, stream)) != cudaSuccess)
                return e;
            if constexpr (!::std::is_same<V, ::cub::NullType>::value)
                e = copy_items(name, values.Current(), values.Alternate(), n, stream);
            return e;
        }
        /* the last pass must write the output (Alternate of the pair
         * built from the pointers) */
        bool odd = passes % 2 == 1;
        kbuf[odd ? 0 : 1] = keys.Alternate();
        kbuf[odd ? 1 : 0] = (K *)p[1];
        vbuf[odd ? 0 : 1] = values.Alternate();
        vbuf[odd ? 1 : 0] = (V *)p[2];
    }
    for (int pass = 0; pass < passes; pass++) {
        int shift = begin_bit + pass * radix_plan<K, V>::digit_bits;
        int width =
            end_bit - shift < radix_plan<K, V>::digit_bits ? end_bit - shift : radix_plan<K, V>::digit_bits;
        K *kdst = kbuf[pass & 1];
        V *vdst = vbuf[pass & 1];
        e = radix_pass<K, V>(name, c, table, ksrc, vsrc, kdst, vdst, shift, width, descending, stream);
        if (e != cudaSuccess)
            return e;
        ksrc = kdst;
        vsrc = vdst;
    }
    if (overwrite && passes % 2 == 1) {
        keys.selector ^= 1;
        values.selector ^= 1;
    }
    return cudaSuccess;
}

} /* namespace simt_cub */

#endif
