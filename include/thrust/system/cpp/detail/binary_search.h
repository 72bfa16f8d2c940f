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
 * The scalar forms keep Thrust's (one search, on the calling thread).
 */
#ifndef SIMT_THRUST_CPP_BINARY_SEARCH_H
#define SIMT_THRUST_CPP_BINARY_SEARCH_H

#include_next <thrust/system/cpp/detail/binary_search.h>

#if defined(__SIMT_CU__)
#include <thrust/system/cpp/detail/simt_parallel.h>
#include <thrust/system/detail/generic/binary_search.h>

THRUST_NAMESPACE_BEGIN
namespace simt_detail
{
enum search_kind { search_lower, search_upper, search_found };

template <typename Hay, typename Vals, typename V>
using searchable = std::integral_constant<bool, random_access<Hay>::value &&
                                                    random_access<Vals>::value &&
                                                    std::is_trivially_copyable<V>::value &&
                                                    std::is_default_constructible<V>::value>;

/* out[i] for every value i of [vals, vals + n) searched in hay[0, m). */
template <search_kind Kind, typename P, typename Hay, typename Vals, typename Out, typename C>
void search_all(const P &policy, Hay hay_it, index_t m, Vals vals_it, index_t n, Out out_it, C comp,
                const char *name)
{
    typedef typename thrust::iterator_value<Vals>::type V;
    typedef typename thrust::iterator_difference<Hay>::type D;
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
