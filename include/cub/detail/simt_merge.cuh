/*
 * cub/detail/simt_merge.cuh: comparison sorting and merging
 * (DeviceMergeSort, DeviceMerge).
 *
 * Merge sort: each chunk is loaded into temporary storage and sorted there
 * by one block (insertion sort of short runs, then bottom-up merges); then
 * rounds merge pairs of sorted runs, every round a grid whose block b
 * writes output positions [lo(b), hi(b)) of whichever merges overlap them,
 * finding where its slice starts in each input by a merge-path search.
 * The last round writes the output.  Merges take from the left input on
 * ties, so the sort is stable.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_MERGE_CUH
#define SIMT_CUB_DETAIL_SIMT_MERGE_CUH
#pragma GCC system_header

#include <type_traits>
#include "simt_core.cuh"

namespace simt_cub {

/* How many of the first d outputs of merging a[0..na) and b[0..nb) come
 * from a (a before b on ties). */
template <class A, class B, class Comp>
inline index_t merge_path(A a, index_t na, B b, index_t nb, index_t d, Comp &comp)
{
    index_t lo = d > nb ? d - nb : 0, hi = d < na ? d : na;
    while (lo < hi) {
        index_t mid = (lo + hi) / 2;
        if (!comp(b[d - mid - 1], a[mid]))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Writes outputs [d0, d1) of the merge of (ka, va)[0..na) and
 * (kb, vb)[0..nb) to (ko, vo)[d0..d1). */
template <bool Pairs, class KA, class VA, class KB, class VB, class KO, class VO, class Comp>
inline void merge_slice(KA ka, VA va, index_t na, KB kb, VB vb, index_t nb, KO ko, VO vo, index_t d0,
                        index_t d1, Comp &comp)
{
    index_t i = merge_path(ka, na, kb, nb, d0, comp), j = d0 - i;
    for (index_t d = d0; d < d1; d++) {
        bool from_b = i >= na || (j < nb && comp(kb[j], ka[i]));
        if (from_b) {
            ko[d] = kb[j];
            if constexpr (Pairs)
                vo[d] = vb[j];
            j++;
        } else {
            ko[d] = ka[i];
            if constexpr (Pairs)
                vo[d] = va[i];
            i++;
        }
    }
}

/* Sorts k[0..n) (and v) stably in one thread, with scratch (sk, sv) of n. */
template <bool Pairs, class K, class V, class Comp>
inline void sort_chunk(K *k, V *v, K *sk, V *sv, index_t n, Comp &comp)
{
    const index_t run = 16;
    for (index_t lo = 0; lo < n; lo += run) {
        index_t hi = lo + run < n ? lo + run : n;
        for (index_t i = lo + 1; i < hi; i++) {
            K key = k[i];
            V val;
            if constexpr (Pairs)
                val = v[i];
            index_t j = i;
            for (; j > lo && comp(key, k[j - 1]); j--) {
                k[j] = k[j - 1];
                if constexpr (Pairs)
                    v[j] = v[j - 1];
            }
            k[j] = key;
            if constexpr (Pairs)
                v[j] = val;
        }
    }
    K *fk = k, *tk = sk;
    V *fv = v, *tv = sv;
    for (index_t w = run; w < n; w *= 2) {
        for (index_t lo = 0; lo < n; lo += 2 * w) {
            index_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            merge_slice<Pairs>(fk + lo, fv + lo, mid - lo, fk + mid, fv + mid, hi - mid, tk + lo, tv + lo, 0,
                               hi - lo, comp);
        }
        K *t = fk;
        fk = tk;
        tk = t;
        V *u = fv;
        fv = tv;
        tv = u;
    }
    if (fk != k)
        for (index_t i = 0; i < n; i++) {
            k[i] = fk[i];
            if constexpr (Pairs)
                v[i] = fv[i];
        }
}

template <class K, class V, class KIn, class VIn, class KOut, class VOut, class Comp>
inline cudaError_t merge_sort(const char *name, void *d_temp, size_t &temp_bytes, KIn kin, VIn vin, KOut kout,
                              VOut vout, index_t n, Comp comp, cudaStream_t stream)
{
    const bool pairs = !::std::is_same<V, ::cub::NullType>::value;
    chunks c(n, 1 << 14, 1);
    void *p[4];
    size_t sz[4] = {(size_t)n * sizeof(K), (size_t)n * sizeof(K), pairs ? (size_t)n * sizeof(V) : 0,
                    pairs ? (size_t)n * sizeof(V) : 0};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp || n == 0)
        return e;
    K *kb[2] = {(K *)p[0], (K *)p[1]};
    V *vb[2] = {(V *)p[2], (V *)p[3]};
    const index_t per = c.per;
    /* load and sort the chunks into kb[0]; with a single chunk, write out */
    e = launch(name, c.count, stream, [=](unsigned b) mutable {
        index_t lo = c.lo(b), hi = c.hi(b);
        for (index_t i = lo; i < hi; i++) {
            put(kb[0] + i, kin[i]);
            if constexpr (!::std::is_same<V, ::cub::NullType>::value)
                put(vb[0] + i, vin[i]);
        }
        sort_chunk<!::std::is_same<V, ::cub::NullType>::value>(kb[0] + lo, vb[0] + lo, kb[1] + lo, vb[1] + lo,
                                                               hi - lo, comp);
        if (c.count == 1)
            for (index_t i = lo; i < hi; i++) {
                kout[i] = kb[0][i];
                if constexpr (!::std::is_same<V, ::cub::NullType>::value)
                    vout[i] = vb[0][i];
            }
    });
    int from = 0;
    for (index_t w = per; e == cudaSuccess && w < n; w *= 2) {
        bool last = 2 * w >= n;
        K *fk = kb[from], *tk = kb[from ^ 1];
        V *fv = vb[from], *tv = vb[from ^ 1];
        e = launch(name, c.count, stream, [=](unsigned b) mutable {
            index_t d0 = c.lo(b), d1 = c.hi(b);
            for (index_t m = d0 / (2 * w) * (2 * w); m < d1; m += 2 * w) {
                index_t mid = m + w < n ? m + w : n, end = m + 2 * w < n ? m + 2 * w : n;
                index_t s0 = d0 > m ? d0 - m : 0, s1 = (d1 < end ? d1 : end) - m;
                if (last)
                    merge_slice<!::std::is_same<V, ::cub::NullType>::value>(fk + m, fv + m, mid - m, fk + mid,
                                                                            fv + mid, end - mid, kout + m,
                                                                            vout + m, s0, s1, comp);
                else
                    merge_slice<!::std::is_same<V, ::cub::NullType>::value>(
                        fk + m, fv + m, mid - m, fk + mid, fv + mid, end - mid, tk + m, tv + m, s0, s1, comp);
            }
        });
        from ^= 1;
    }
    return e;
}

} /* namespace simt_cub */

#endif
