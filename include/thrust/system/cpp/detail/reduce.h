/*
 * thrust/system/cpp/detail/reduce.h (simt): thrust::reduce over device
 * memory runs on the worker pool (simt_parallel.h), as a CUB reduction on
 * the GPU; transform_reduce, count and count_if, which Thrust builds on
 * reduce over a transform_iterator, with it.
 *
 * simt's CUB reduction (simt_cub::reduce): every chunk folds its items left
 * to right starting from its first item, one block folds the chunks'
 * results in order, and the result is op(init, aggregate), Thrust's CUDA
 * system's.  So the accumulator is init's type, as in the C++ system, and
 * an associative operator gives the sequential result (integers bit for
 * bit; floating-point sums associate by chunks, as a GPU's by tiles).
 * Accumulators simt cannot copy as bytes (they live in temporary device
 * memory), and element types that do not convert to init's, keep the
 * sequential loop.
 */
#ifndef SIMT_THRUST_CPP_REDUCE_H
#define SIMT_THRUST_CPP_REDUCE_H

#include_next <thrust/system/cpp/detail/reduce.h>

#if defined(__SIMT_CU__)
#include <thrust/system/cpp/detail/simt_parallel.h>
#include <cub/device/device_reduce.cuh>

#include <cstring>

THRUST_NAMESPACE_BEGIN
namespace simt_detail
{
template <typename It, typename T>
using reducible = std::integral_constant<
    bool, random_access<It>::value && std::is_trivially_copyable<T>::value &&
              std::is_convertible<typename thrust::iterator_value<It>::type, T>::value>;
} // namespace simt_detail

namespace system
{
namespace cpp
{
namespace detail
{
template <typename P, typename It, typename T, typename Op,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::reducible<It, T>::value,
                                  int>::type = 0>
T reduce(P &policy, It first, It last, T init, Op op)
{
    namespace sd = thrust::simt_detail;
    const sd::index_t n = last - first;
    if (!sd::parallel(n, sd::place(first)))
        return thrust::system::detail::sequential::reduce(policy, first, last, init, op);
    auto in = sd::view(first);
    alignas(T) unsigned char out[sizeof(T)];
    sd::run_steps(
        policy, "reduce: failed",
        [&](void *tmp, size_t &bytes, cudaStream_t s, void *slot) {
            return simt_cub::reduce<T>(
                "thrust::reduce", tmp, bytes, n, [in](sd::index_t i) { return in[i]; }, op,
                [slot, op, init](T *acc) mutable {
                    simt_cub::put((T *)slot, acc ? T(op(init, *acc)) : init);
                },
                s);
        },
        out, sizeof(T));
    T r(init);
    std::memcpy((void *)&r, out, sizeof(T));
    return r;
}
} // namespace detail
} // namespace cpp
} // namespace system
THRUST_NAMESPACE_END
#endif /* __SIMT_CU__ */

#endif
