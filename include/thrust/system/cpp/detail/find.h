/*
 * thrust/system/cpp/detail/find.h (simt): thrust::find_if (and find and
 * find_if_not, which Thrust builds on it) over device memory runs on the
 * worker pool (simt_parallel.h), as Thrust's CUDA system's search runs
 * over the GPU.
 *
 * One step over chunks of the range: each chunk tests its items in order
 * and lowers a shared "first found" index to its first match; a chunk that
 * sees a match before its own start stops early (the later chunks' work
 * is wasted, not wrong).  The answer is the smallest matching index: the
 * sequential one, whatever order the chunks ran in.  The predicate may be
 * called on items after the first match, as on a GPU.
 */
#ifndef SIMT_THRUST_CPP_FIND_H
#define SIMT_THRUST_CPP_FIND_H

#include_next <thrust/system/cpp/detail/find.h>

#if defined(__SIMT_CU__)
#include <thrust/system/cpp/detail/simt_parallel.h>

THRUST_NAMESPACE_BEGIN
namespace system
{
namespace cpp
{
namespace detail
{
template <typename P, typename It, typename Pred,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::random_access<It>::value,
                                  int>::type = 0>
It find_if(P &policy, It first, It last, Pred pred)
{
    namespace sd = thrust::simt_detail;
    const sd::index_t n = last - first;
    if (!sd::parallel(n, sd::place(first)))
        return thrust::system::detail::sequential::find_if(policy, first, last, pred);
    auto in = sd::view(first);
    const simt_cub::chunks c(n, 1 << 16);
    sd::index_t found = n;
    const sd::index_t none = n;
    sd::run_steps(
        policy, "find_if: failed",
        [&](void *tmp, size_t &bytes, cudaStream_t s, void *slot) -> cudaError_t {
            if (!tmp) {
                bytes = 0;
                return cudaSuccess;
            }
            sd::index_t *first_found = (sd::index_t *)slot;
            cudaError_t e = cudaMemcpyAsync(first_found, &none, sizeof none, cudaMemcpyHostToDevice, s);
            if (e != cudaSuccess)
                return e;
            return simt_cub::launch("thrust::find_if", c.count, s, [=](unsigned b) mutable {
                const sd::index_t lo = c.lo(b), hi = c.hi(b);
                /* Checked every 4096 items: how far an earlier match may
                 * let a chunk run on. */
                for (sd::index_t i = lo; i < hi; i += 4096) {
                    if (__atomic_load_n(first_found, __ATOMIC_RELAXED) < lo)
                        return;
                    const sd::index_t end = i + 4096 < hi ? i + 4096 : hi;
                    for (sd::index_t j = i; j < end; j++) {
                        if (pred(in[j])) {
                            sd::index_t seen = __atomic_load_n(first_found, __ATOMIC_RELAXED);
                            while (j < seen && !__atomic_compare_exchange_n(
                                                   first_found, &seen, j, true, __ATOMIC_RELAXED,
                                                   __ATOMIC_RELAXED)) {
                            }
                            return;
                        }
                    }
                }
            });
        },
        &found, sizeof found);
    return first + found;
}
} // namespace detail
} // namespace cpp
} // namespace system
THRUST_NAMESPACE_END
#endif /* __SIMT_CU__ */

#endif
