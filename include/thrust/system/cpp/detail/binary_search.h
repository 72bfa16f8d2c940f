/*
 * thrust/system/cpp/detail/binary_search.h (simt): the vectorized
 * thrust::lower_bound, upper_bound and binary_search (a sorted range
 * searched for every value of another) over device memory run on the
 * worker pool (simt_parallel.h), as one kernel on the GPU.
 *
 * One step over chunks of the values.  A search over a large sorted range
 * waits on memory at every halving, so each chunk searches sixteen values
 * at once, in lock step (every search of a range of m items halves the
 * same number of times): their sixteen reads are in flight together (on
 * the 2-core VM, 2^22 searches of 2^22 ints: 3 to 5 times faster than one
 * at a time).  The halving
 * is the branch-free lower bound (Khuong and Morin, "Array layouts for
 * comparison-based searching", 2017), which finds the same index as
 * std::lower_bound: the first item that does not go before the value.
 * A large sorted range in contiguous memory is searched through a small
 * implicit B-tree of its samples instead (search_tabled below): one read of
 * memory per search where the halving makes a dozen.
 * The scalar forms keep Thrust's (one search, on the calling thread).
 */
#ifndef SIMT_THRUST_CPP_BINARY_SEARCH_H
#define SIMT_THRUST_CPP_BINARY_SEARCH_H

#include_next <thrust/system/cpp/detail/binary_search.h>

#if defined(__SIMT_CU__)
#include <thrust/system/cpp/detail/simt_parallel.h>
#include <thrust/system/detail/generic/binary_search.h>
#include <cstring>
#include <type_traits>

THRUST_NAMESPACE_BEGIN
namespace simt_detail
{
enum search_kind { search_lower, search_upper, search_found };

template <typename Hay, typename Vals, typename V>
using searchable = std::integral_constant<bool, random_access<Hay>::value &&
                                                    random_access<Vals>::value &&
                                                    std::is_trivially_copyable<V>::value &&
                                                    std::is_default_constructible<V>::value>;

/* How many of the sorted w[0, len) go before the value (they are a
 * prefix): a count over the whole window, which the compiler vectorizes
 * (32-bit counts: four or eight to a vector) and whose reads are all in
 * flight at once. */
template <typename T, typename Before>
inline index_t count_before(const T *w, index_t len, Before before)
{
    int c = 0;
    for (int i = 0; i < (int)len; i++)
        c += before(w[i]) ? 1 : 0;
    return c;
}

/* The searches of a large sorted range in contiguous memory, as an
 * implicit B-tree whose nodes are cache lines (Khuong and Morin's B-tree
 * layout, built beside the range rather than in place of it): level 1
 * holds the last item of every line's worth (64 bytes) of the range, each
 * level above the last of every line's worth of the one below, up to a
 * level of at most one line.  A search counts the items before its value
 * in the top level, then in one line of each level below, then in one
 * line of the range: one line of memory a level, and no dependent
 * halvings (a binary search reads a dozen lines of memory, each waiting
 * on the last).  Sixty-four searches go level by level together, the
 * next level's line fetched for all of them before any is counted: a line
 * is asked for 63 counts before it is needed, time enough for one from
 * the L3 or memory (with sixteen, the counts waited on the lines of the
 * two lowest levels most of the time).  Values
 * that come in order (each not before the last) are first looked for in
 * the line where the last one's answer starts: a walk of sorted values
 * through the range that needs no tree.  Returns false (nothing done)
 * where the range is small or not contiguous. */
constexpr int tab_levels_max = 24;

template <search_kind Kind, typename P, typename Hay, typename Vals, typename Out, typename C>
bool search_tabled(const P &policy, Hay hay_it, index_t m, Vals vals_it, index_t n, Out out_it, C comp,
                   const char *name)
{
    if constexpr (!contiguous<Hay>::value) {
        return false;
    } else {
        typedef typename std::remove_cv<typename contiguous<Hay>::type>::type T;
        typedef typename thrust::iterator_value<Vals>::type V;
        typedef typename thrust::iterator_difference<Hay>::type D;
        /* items a line: a node's width */
        constexpr index_t line = sizeof(T) >= 16 ? 4 : (index_t)(64 / sizeof(T));
        /* whether values compare with values (the walk needs it) */
        constexpr bool walk = std::is_same<T, V>::value;
        if (!std::is_trivially_copyable<T>::value || m < line * line * line)
            return false;
        struct levels {
            int count; /* levels above the range */
            index_t n[tab_levels_max + 1], stride[tab_levels_max + 1], at[tab_levels_max + 1];
        } lv;
        lv.count = 0;
        index_t total = 0;
        for (index_t items = m / line, stride = line; items > 0 && lv.count < tab_levels_max;
             stride *= line, items /= line) {
            lv.count++;
            lv.n[lv.count] = items;
            lv.stride[lv.count] = stride;
            lv.at[lv.count] = total;
            total += items;
            if (items <= line)
                break;
        }
        if (lv.n[lv.count] > line)
            return false;
        const T *hay = raw(hay_it);
        auto vals = view(vals_it);
        auto out = view(out_it);
        const simt_cub::chunks tc(total, 4096);
        const simt_cub::chunks c(n, 4096);
        run_steps(policy, name, [&](void *tmp, size_t &bytes, cudaStream_t s, void *) -> cudaError_t {
            if (!tmp) {
                bytes = (size_t)total * sizeof(T);
                return cudaSuccess;
            }
            T *tab = (T *)tmp;
            cudaError_t e = simt_cub::launch(name, tc.count, s, [=](unsigned b) {
                int l = 1;
                for (index_t j = tc.lo(b); j < tc.hi(b); j++) {
                    while (j >= lv.at[l] + lv.n[l])
                        l++;
                    const index_t k = j - lv.at[l];
                    std::memcpy((void *)&tab[j], (const void *)&hay[(k + 1) * lv.stride[l] - 1], sizeof(T));
                }
            });
            if (e != cudaSuccess)
                return e;
            return simt_cub::launch(name, c.count, s, [=](unsigned b) mutable {
                enum { group = 64 };
                V last_v{};
                index_t last_a = -1; /* the last value's answer; -1: none yet */
                for (index_t i = c.lo(b), hi = c.hi(b); i < hi; i += group) {
                    const int k_n = hi - i < group ? (int)(hi - i) : (int)group;
                    V v[group];
                    index_t at[group];
                    for (int k = 0; k < k_n; k++)
                        v[k] = vals[i + k];
                    /* the walk: values in order from the last answer on,
                     * while each answer lies in the line where the last
                     * one starts */
                    int k0 = 0;
                    if constexpr (walk) {
                        for (; k0 < k_n && last_a >= 0 && !comp(v[k0], last_v); k0++) {
                            const V &q = v[k0];
                            auto before = [&](const T &x) -> bool {
                                if (Kind == search_upper)
                                    return !comp(q, x);
                                return comp(x, q);
                            };
                            const index_t lo = last_a;
                            const index_t len = m - lo < line ? m - lo : line;
                            if (lo + len != m && before(hay[lo + len - 1]))
                                break;
                            at[k0] = lo + count_before(hay + lo, len, before);
                            last_v = q;
                            last_a = at[k0];
                        }
                    }
                    for (int k = k0; k < k_n; k++)
                        at[k] = 0;
                    /* at[k]: the first item of the window of level l */
                    for (int l = k0 < k_n ? lv.count : -1; l >= 0; l--) {
                        const T *w = l ? tab + lv.at[l] : hay;
                        const index_t wn = l ? lv.n[l] : m;
                        const index_t down = l ? line : 1;
                        for (int k = k0; k < k_n; k++) {
                            const V &q = v[k];
                            auto before = [&](const T &x) -> bool {
                                if (Kind == search_upper)
                                    return !comp(q, x);
                                return comp(x, q);
                            };
                            const index_t lo = at[k];
                            const index_t len = wn - lo < line ? wn - lo : line;
                            at[k] = (lo + count_before(w + lo, len, before)) * down;
                            if (l > 1)
                                __builtin_prefetch(tab + lv.at[l - 1] + at[k]);
                            else if (l == 1)
                                __builtin_prefetch(hay + at[k]);
                        }
                    }
                    for (int k = 0; k < k_n; k++) {
                        const index_t a = at[k];
                        if (Kind == search_found)
                            out[i + k] = a != m && !comp(v[k], hay[a]);
                        else
                            out[i + k] = (D)a;
                    }
                    if constexpr (walk) {
                        last_v = v[k_n - 1];
                        last_a = at[k_n - 1];
                    }
                }
            });
        });
        return true;
    }
}

/* out[i] for every value i of [vals, vals + n) searched in hay[0, m). */
template <search_kind Kind, typename P, typename Hay, typename Vals, typename Out, typename C>
void search_all(const P &policy, Hay hay_it, index_t m, Vals vals_it, index_t n, Out out_it, C comp,
                const char *name)
{
    typedef typename thrust::iterator_value<Vals>::type V;
    typedef typename thrust::iterator_difference<Hay>::type D;
    if (search_tabled<Kind>(policy, hay_it, m, vals_it, n, out_it, comp, name))
        return;
    auto hay = view(hay_it);
    auto vals = view(vals_it);
    auto out = view(out_it);
    const simt_cub::chunks c(n, 4096);
    run_steps(policy, name, [&](void *tmp, size_t &bytes, cudaStream_t s, void *) -> cudaError_t {
        if (!tmp) {
            bytes = 0;
            return cudaSuccess;
        }
        return simt_cub::launch(name, c.count, s, [=](unsigned b) mutable {
            enum { group = 16 };
            /* Whether item e goes before the answer. */
            auto before = [&](const V &v, index_t e) -> bool {
                if (Kind == search_upper)
                    return !comp(v, hay[e]);
                return comp(hay[e], v);
            };
            for (index_t i = c.lo(b), hi = c.hi(b); i < hi; i += group) {
                const int k_n = hi - i < group ? (int)(hi - i) : (int)group;
                V v[group];
                index_t base[group];
                for (int k = 0; k < k_n; k++) {
                    v[k] = vals[i + k];
                    base[k] = 0;
                }
                if (m == 0) {
                    for (int k = 0; k < k_n; k++)
                        out[i + k] = Kind == search_found ? false : (D)0;
                    continue;
                }
                for (index_t len = m; len > 1;) {
                    const index_t half = len / 2;
                    for (int k = 0; k < k_n; k++)
                        base[k] = before(v[k], base[k] + half) ? base[k] + half : base[k];
                    len -= half;
                }
                for (int k = 0; k < k_n; k++) {
                    const index_t at = base[k] + (before(v[k], base[k]) ? 1 : 0);
                    if (Kind == search_found)
                        out[i + k] = at != m && !comp(v[k], hay[at]);
                    else
                        out[i + k] = (D)at;
                }
            }
        });
    });
}
} // namespace simt_detail

namespace system
{
namespace cpp
{
namespace detail
{
#define SIMT__THRUST_VECTOR_SEARCH(NAME, KIND)                                                      \
    template <typename P, typename Hay, typename Vals, typename Out, typename C,                    \
              typename std::enable_if<                                                              \
                  thrust::simt_detail::kernel_policy<P>::value &&                                   \
                      thrust::simt_detail::searchable<                                              \
                          Hay, Vals, typename thrust::iterator_value<Vals>::type>::value,           \
                  int>::type = 0>                                                                   \
    Out NAME(P &policy, Hay first, Hay last, Vals values_first, Vals values_last, Out output,        \
             C comp)                                                                                \
    {                                                                                               \
        namespace sd = thrust::simt_detail;                                                         \
        const sd::index_t n = values_last - values_first;                                           \
        const int where = sd::combine(sd::combine(sd::place(first), sd::place(values_first)),       \
                                      sd::place(output));                                           \
        if (!sd::parallel(n, where))                                                                \
            return thrust::system::detail::generic::NAME(policy, first, last, values_first,         \
                                                         values_last, output, comp);                \
        sd::search_all<KIND>(policy, first, last - first, values_first, n, output, comp,            \
                             "thrust::" #NAME);                                                     \
        return output + n;                                                                          \
    }

SIMT__THRUST_VECTOR_SEARCH(lower_bound, thrust::simt_detail::search_lower)
SIMT__THRUST_VECTOR_SEARCH(upper_bound, thrust::simt_detail::search_upper)
SIMT__THRUST_VECTOR_SEARCH(binary_search, thrust::simt_detail::search_found)
#undef SIMT__THRUST_VECTOR_SEARCH
} // namespace detail
} // namespace cpp
} // namespace system
THRUST_NAMESPACE_END
#endif /* __SIMT_CU__ */

#endif
