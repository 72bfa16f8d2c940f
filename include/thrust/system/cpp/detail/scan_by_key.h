/*
 * thrust/system/cpp/detail/scan_by_key.h (simt): thrust::
 * inclusive_scan_by_key and exclusive_scan_by_key over device memory run
 * on the worker pool (simt_parallel.h), as CUB's ByKey scans on the GPU.
 *
 * simt's CUB ByKey scan (simt_cub::scan_by_key, cub/detail/simt_runs.cuh)
 * summarizes every chunk (its heads, the fold of its open tail), carries
 * the folds across chunks in one block, then scans every chunk.  A run
 * starts where binary_pred(previous key, key) is false, as in the C++
 * system; accumulators are its (the values' type inclusive, init's type
 * exclusive), so an associative operator gives the sequential result.
 * The output may be the values (in place), not the keys (a chunk's first
 * head reads the key before it).
 */
#ifndef SIMT_THRUST_CPP_SCAN_BY_KEY_H
#define SIMT_THRUST_CPP_SCAN_BY_KEY_H

#include_next <thrust/system/cpp/detail/scan_by_key.h>

#if defined(__SIMT_CU__)
#include <thrust/system/cpp/detail/simt_parallel.h>
#include <cub/detail/simt_runs.cuh>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace cpp
{
namespace detail
{
template <typename P, typename K, typename V, typename Out, typename Pred, typename Op,
          typename std::enable_if<
              thrust::simt_detail::kernel_policy<P>::value &&
                  thrust::simt_detail::random_access<K>::value &&
                  thrust::simt_detail::random_access<V>::value &&
                  thrust::simt_detail::random_access<Out>::value &&
                  std::is_copy_constructible<typename thrust::iterator_value<V>::type>::value,
              int>::type = 0>
Out inclusive_scan_by_key(P &policy, K first1, K last1, V first2, Out result, Pred pred, Op op)
{
    namespace sd = thrust::simt_detail;
    typedef typename thrust::iterator_value<V>::type Accum;
    const sd::index_t n = last1 - first1;
    auto keys = sd::view(first1);
    auto vals = sd::view(first2);
    auto out = sd::view(result);
    if (!sd::parallel(n, sd::combine(sd::combine(sd::place(first1), sd::place(first2)),
                                     sd::place(result))) ||
        sd::same_memory(keys, out))
        return thrust::system::detail::sequential::inclusive_scan_by_key(policy, first1, last1,
                                                                         first2, result, pred, op);
    sd::run_steps(policy, "inclusive_scan_by_key: failed",
                  [&](void *tmp, size_t &bytes, cudaStream_t s, void *) {
                      return simt_cub::scan_by_key<Accum, false>(
                          "thrust::inclusive_scan_by_key", tmp, bytes, keys,
                          [vals](sd::index_t i) { return vals[i]; }, out, pred, op, 0, n, s);
                  });
    return result + n;
}

template <typename P, typename K, typename V, typename Out, typename T, typename Pred, typename Op,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::random_access<K>::value &&
                                      thrust::simt_detail::random_access<V>::value &&
                                      thrust::simt_detail::random_access<Out>::value &&
                                      std::is_copy_constructible<T>::value,
                                  int>::type = 0>
Out exclusive_scan_by_key(P &policy, K first1, K last1, V first2, Out result, T init, Pred pred,
                          Op op)
{
    namespace sd = thrust::simt_detail;
    const sd::index_t n = last1 - first1;
    auto keys = sd::view(first1);
    auto vals = sd::view(first2);
    auto out = sd::view(result);
    if (!sd::parallel(n, sd::combine(sd::combine(sd::place(first1), sd::place(first2)),
                                     sd::place(result))) ||
        sd::same_memory(keys, out))
        return thrust::system::detail::sequential::exclusive_scan_by_key(
            policy, first1, last1, first2, result, init, pred, op);
    sd::run_steps(policy, "exclusive_scan_by_key: failed",
                  [&](void *tmp, size_t &bytes, cudaStream_t s, void *) {
                      return simt_cub::scan_by_key<T, true>(
                          "thrust::exclusive_scan_by_key", tmp, bytes, keys,
                          [vals](sd::index_t i) { return T(vals[i]); }, out, pred, op, init, n, s);
                  });
    return result + n;
}
} // namespace detail
} // namespace cpp
} // namespace system
THRUST_NAMESPACE_END
#endif /* __SIMT_CU__ */

#endif
