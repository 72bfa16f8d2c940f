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
 * so the pass is stable), scatter.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_RADIX_CUH
#define SIMT_CUB_DETAIL_SIMT_RADIX_CUH
#pragma GCC system_header

#include <string.h>
#include <algorithm>
#include <utility>
#include <vector>
#include "simt_core.cuh"

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

template <class K, class V>
inline cudaError_t radix_pass(const char *name, const chunks &c, index_t *table, const K *ksrc, const V *vsrc,
                              K *kdst, V *vdst, int shift, int width, bool descending, cudaStream_t stream)
{
    typedef radix_key<K> rk;
    const int D = radix_plan<K, V>::digits;
    const index_t n = c.n;
    auto digit = [=](const K &k) { return (unsigned)rk::field(k, descending, shift, shift + width); };
    auto scatter = [=](unsigned b, index_t *off) {
        for (index_t i = c.lo(b); i < c.hi(b); i++) {
            index_t to = off[digit(ksrc[i])]++;
            kdst[to] = ksrc[i];
            if constexpr (!::std::is_same<V, ::cub::NullType>::value)
                vdst[to] = vsrc[i];
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
    cudaError_t e = launch(name, c.count, stream, [=](unsigned b) {
        index_t *h = table + (size_t)b * D;
        for (int d = 0; d < D; d++)
            h[d] = 0;
        for (index_t i = c.lo(b); i < c.hi(b); i++)
            h[digit(ksrc[i])]++;
    });
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
    bool need_alt = !overwrite && passes > 1;
    void *p[3];
    size_t sz[3] = {radix_plan<K, V>::table_bytes(c), need_alt ? (size_t)n * sizeof(K) : 0,
                    need_alt && pairs ? (size_t)n * sizeof(V) : 0};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp || n == 0)
        return e;
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
