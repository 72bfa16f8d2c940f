/*
 * thrust/system/cpp/detail/scan.h (simt): thrust::inclusive_scan and
 * exclusive_scan over device memory run on the worker pool
 * (simt_parallel.h), as CUB scans on the GPU; transform_inclusive_scan and
 * transform_exclusive_scan, which Thrust builds on them over a
 * transform_iterator, with them.
 *
 * simt's CUB scan (simt_cub::scan) is reduce-then-scan: every chunk folds
 * its items, one block turns the folds into each chunk's starting value,
 * every chunk scans its items from there.  The accumulator is the C++
 * system's: the input's value type for an inclusive scan, init's type for
 * an exclusive one; an associative operator gives the sequential result
 * (integers bit for bit).  In-place scans (result == first) are safe: a
 * chunk reads an item before it writes its output.
 */
#ifndef SIMT_THRUST_CPP_SCAN_H
#define SIMT_THRUST_CPP_SCAN_H

#include_next <thrust/system/cpp/detail/scan.h>

#if defined(__SIMT_CU__)
#include <thrust/system/cpp/detail/simt_parallel.h>
#include <cub/device/device_scan.cuh>

THRUST_NAMESPACE_BEGIN
namespace simt_detail
{
template <typename It, typename Out, typename Accum>
using scannable = std::integral_constant<
    bool, random_access<It>::value && random_access<Out>::value &&
              std::is_copy_constructible<Accum>::value &&
              std::is_convertible<typename thrust::iterator_value<It>::type, Accum>::value>;
} // namespace simt_detail

namespace system
{
namespace cpp
{
namespace detail
{
template <typename P, typename It, typename Out, typename Op,
          typename std::enable_if<
              thrust::simt_detail::kernel_policy<P>::value &&
                  thrust::simt_detail::scannable<It, Out,
                                                 typename thrust::iterator_value<It>::type>::value,
              int>::type = 0>
Out inclusive_scan(P &policy, It first, It last, Out result, Op op)
{
    namespace sd = thrust::simt_detail;
    typedef typename thrust::iterator_value<It>::type Accum;
    const sd::index_t n = last - first;
    if (!sd::parallel(n, sd::combine(sd::place(first), sd::place(result))))
        return thrust::system::detail::sequential::inclusive_scan(policy, first, last, result, op);
    auto in = sd::view(first);
    auto out = sd::view(result);
    sd::run_steps(policy, "inclusive_scan: failed",
                  [&](void *tmp, size_t &bytes, cudaStream_t s, void *) {
                      return simt_cub::scan<Accum, true, false>("thrust::inclusive_scan", tmp, bytes,
                                                                in, out, op, simt_cub::no_init(), n,
                                                                s);
                  });
    return result + n;
}

template <typename P, typename It, typename Out, typename T, typename Op,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::scannable<It, Out, T>::value,
                                  int>::type = 0>
Out exclusive_scan(P &policy, It first, It last, Out result, T init, Op op)
{
    namespace sd = thrust::simt_detail;
    const sd::index_t n = last - first;
    if (!sd::parallel(n, sd::combine(sd::place(first), sd::place(result))))
        return thrust::system::detail::sequential::exclusive_scan(policy, first, last, result, init,
                                                                  op);
    auto in = sd::converted<T>(sd::view(first));
    auto out = sd::view(result);
    sd::run_steps(policy, "exclusive_scan: failed",
                  [&](void *tmp, size_t &bytes, cudaStream_t s, void *) {
                      return simt_cub::scan<T, false, true>("thrust::exclusive_scan", tmp, bytes, in,
                                                            out, op, ::cub::detail::InputValue<T>(init), n,
                                                            s);
                  });
    return result + n;
}
} // namespace detail
} // namespace cpp
} // namespace system
THRUST_NAMESPACE_END
#endif /* __SIMT_CU__ */

#endif
