/*
 * thrust/system/cpp/detail/copy.h (simt): thrust::copy between contiguous
 * ranges of one trivially copyable type in device memory runs on the
 * worker pool (simt_parallel.h), as Thrust's CUDA system runs it as a
 * kernel: chunks of the range copied by the workers in the policy's
 * stream, waited for before the call returns.  (The C++ system's copy
 * is a loop on the calling thread: 2^24 ints took 8.6 ms on the device
 * machine's CPU, most of a sort's time in a copy-then-sort.)  Overlapping
 * ranges, host memory and the other iterators keep that loop.
 */
#ifndef SIMT_THRUST_CPP_COPY_H
#define SIMT_THRUST_CPP_COPY_H

#include_next <thrust/system/cpp/detail/copy.h>

#if defined(__SIMT_CU__)
#include <thrust/system/cpp/detail/simt_parallel.h>

#include <cstring>
#include <type_traits>

THRUST_NAMESPACE_BEGIN
namespace simt_detail
{
template <typename In, typename Out, bool = contiguous<In>::value &&contiguous<Out>::value>
struct block_copyable : std::false_type {};
template <typename In, typename Out>
struct block_copyable<In, Out, true>
    : std::integral_constant<
          bool, std::is_same<typename std::remove_cv<typename contiguous<In>::type>::type,
                             typename contiguous<Out>::type>::value &&
                    std::is_trivially_copyable<typename contiguous<Out>::type>::value> {};
} // namespace simt_detail

namespace system
{
namespace cpp
{
namespace detail
{
template <typename P, typename In, typename Out,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::block_copyable<In, Out>::value,
                                  int>::type = 0>
Out copy(P &policy, In first, In last, Out result)
{
    namespace sd = thrust::simt_detail;
    typedef typename sd::contiguous<Out>::type T;
    const sd::index_t n = last - first;
    const int where = sd::combine(sd::place(first), sd::place(result));
    const T *src = n > 0 ? sd::raw(first) : nullptr;
    T *dst = n > 0 ? sd::raw(result) : nullptr;
    if (!sd::parallel(n, where) || (dst < src + n && src < dst + n))
        return thrust::system::detail::sequential::copy(policy, first, last, result);
    const simt_cub::chunks c(n, 1 << 14);
    sd::run_steps(policy, "copy: failed", [&](void *tmp, size_t &bytes, cudaStream_t s, void *) -> cudaError_t {
        if (!tmp) {
            bytes = 0;
            return cudaSuccess;
        }
        return simt_cub::launch("thrust::copy", c.count, s, [=](unsigned b) {
            std::memcpy((void *)(dst + c.lo(b)), (const void *)(src + c.lo(b)),
                        (size_t)(c.hi(b) - c.lo(b)) * sizeof(T));
        });
    });
    return result + n;
}
} // namespace detail
} // namespace cpp
} // namespace system
THRUST_NAMESPACE_END
#endif /* __SIMT_CU__ */

#endif
