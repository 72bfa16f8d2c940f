/*
 * thrust/system/cpp/detail/extrema.h (simt): thrust::min_element,
 * max_element and minmax_element over device memory run on the worker
 * pool (simt_parallel.h), as CUB arg-reductions on the GPU.
 *
 * A reduction of (index, value) pairs with simt's CUB engine
 * (simt_cub::reduce): chunks pick left to right, then one block picks
 * among the chunks in order, a later item winning only when strictly
 * better.  So ties go to the smallest index: the first minimum and the
 * first maximum, as both the C++ system and Thrust's CUDA system return.
 */
#ifndef SIMT_THRUST_CPP_EXTREMA_H
#define SIMT_THRUST_CPP_EXTREMA_H

#include_next <thrust/system/cpp/detail/extrema.h>

#if defined(__SIMT_CU__)
#include <thrust/system/cpp/detail/simt_parallel.h>
#include <cub/device/device_reduce.cuh>

THRUST_NAMESPACE_BEGIN
namespace simt_detail
{
template <typename It, typename V = typename thrust::iterator_value<It>::type>
using extremum_input =
    std::integral_constant<bool, random_access<It>::value && std::is_trivially_copyable<V>::value &&
                                     std::is_default_constructible<V>::value>;

/* What the extrema keep: the best (index, value) pairs so far. */
template <typename V> struct min_max {
    indexed<V> lo, hi;
};

/* Folds [first, first + n) into the first minimum (Min), the first
 * maximum (Max) or both; the result's indices are the answer. */
template <bool Min, bool Max, typename P, typename It, typename C>
min_max<typename thrust::iterator_value<It>::type> extrema(const P &policy, It first, index_t n,
                                                           C comp, const char *name)
{
    typedef typename thrust::iterator_value<It>::type V;
    typedef min_max<V> M;
    auto in = view(first);
    auto pick = [comp](M a, const M &b) mutable {
        if (Min && comp(b.lo.v, a.lo.v))
            a.lo = b.lo;
        if (Max && comp(a.hi.v, b.hi.v))
            a.hi = b.hi;
        return a;
    };
    M r;
    run_steps(
        policy, name,
        [&](void *tmp, size_t &bytes, cudaStream_t s, void *slot) {
            return simt_cub::reduce<M>(
                name, tmp, bytes, n,
                [in](index_t i) {
                    V v = in[i];
                    return M{{i, v}, {i, v}};
                },
                pick, [slot](M *acc) { simt_cub::put((M *)slot, *acc); }, s);
        },
        &r, sizeof(M));
    return r;
}
} // namespace simt_detail

namespace system
{
namespace cpp
{
namespace detail
{
template <typename P, typename It, typename C,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::extremum_input<It>::value,
                                  int>::type = 0>
It min_element(P &policy, It first, It last, C comp)
{
    namespace sd = thrust::simt_detail;
    const sd::index_t n = last - first;
    if (!sd::parallel(n, sd::place(first)))
        return thrust::system::detail::sequential::min_element(policy, first, last, comp);
    return first + sd::extrema<true, false>(policy, first, n, comp, "thrust::min_element").lo.i;
}

template <typename P, typename It, typename C,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::extremum_input<It>::value,
                                  int>::type = 0>
It max_element(P &policy, It first, It last, C comp)
{
    namespace sd = thrust::simt_detail;
    const sd::index_t n = last - first;
    if (!sd::parallel(n, sd::place(first)))
        return thrust::system::detail::sequential::max_element(policy, first, last, comp);
    return first + sd::extrema<false, true>(policy, first, n, comp, "thrust::max_element").hi.i;
}

template <typename P, typename It, typename C,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::extremum_input<It>::value,
                                  int>::type = 0>
thrust::pair<It, It> minmax_element(P &policy, It first, It last, C comp)
{
    namespace sd = thrust::simt_detail;
    const sd::index_t n = last - first;
    if (!sd::parallel(n, sd::place(first)))
        return thrust::system::detail::sequential::minmax_element(policy, first, last, comp);
    auto r = sd::extrema<true, true>(policy, first, n, comp, "thrust::minmax_element");
    return thrust::make_pair(first + r.lo.i, first + r.hi.i);
}
} // namespace detail
} // namespace cpp
} // namespace system
THRUST_NAMESPACE_END
#endif /* __SIMT_CU__ */

#endif
