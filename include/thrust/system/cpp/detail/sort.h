/*
 * thrust/system/cpp/detail/sort.h (simt): Thrust's sorts of numbers in
 * device memory are CUB radix sorts.
 *
 * Thrust's CUDA system sorts arithmetic keys compared with less or greater
 * by CUB's radix sort (stable: equal keys keep their order, -0.0 and +0.0
 * are equal, NaNs go to the ends by sign); other sorts by a merge sort.
 * simt does the same with its own CUB (include/cub): sort, stable_sort,
 * sort_by_key and stable_sort_by_key of integer, float or double keys in
 * contiguous device memory (device_vector, device_ptr, a raw device
 * pointer), with trivially copyable values, run as CUB's stream-ordered
 * steps over the worker pool in the policy's stream, waited for before the
 * call returns.  The rest keeps Thrust's sequential sort.
 */
#ifndef SIMT_THRUST_CPP_SORT_H
#define SIMT_THRUST_CPP_SORT_H

#include_next <thrust/system/cpp/detail/sort.h>

#if defined(__SIMT_CU__)
#include <thrust/functional.h>
#include <thrust/system/cpp/detail/for_each.h>
#include <thrust/system/cpp/detail/simt_parallel.h>
#include <cub/device/device_radix_sort.cuh>

#include <functional>
#include <type_traits>

THRUST_NAMESPACE_BEGIN
namespace simt_detail
{
/* The comparisons a radix sort implements: 1 ascending, 2 descending. */
template <typename T, typename C> struct radix_order {
    static constexpr int value = 0;
};
template <typename T> struct radix_order<T, thrust::less<T>> {
    static constexpr int value = 1;
};
template <typename T> struct radix_order<T, std::less<T>> {
    static constexpr int value = 1;
};
template <typename T> struct radix_order<T, thrust::greater<T>> {
    static constexpr int value = 2;
};
template <typename T> struct radix_order<T, std::greater<T>> {
    static constexpr int value = 2;
};

template <typename T>
using radix_key = std::integral_constant<bool, (std::is_integral<T>::value &&
                                                !std::is_same<T, bool>::value) ||
                                                   std::is_same<T, float>::value ||
                                                   std::is_same<T, double>::value>;

/* (Specializations, so that an iterator that is not contiguous never has
 * its element type asked for.) */
template <typename K, typename C, bool = contiguous<K>::value>
struct radix_sortable : std::false_type {};
template <typename K, typename C>
struct radix_sortable<K, C, true>
    : std::integral_constant<bool, radix_key<typename contiguous<K>::type>::value &&
                                       radix_order<typename contiguous<K>::type, C>::value != 0> {
};
template <typename K, typename V, typename C,
          bool = radix_sortable<K, C>::value && contiguous<V>::value>
struct radix_sortable_pairs : std::false_type {};
template <typename K, typename V, typename C>
struct radix_sortable_pairs<K, V, C, true>
    : std::integral_constant<bool,
                             std::is_trivially_copyable<typename contiguous<V>::type>::value &&
                                 !std::is_const<typename contiguous<V>::type>::value> {};

/* Sorts keys[0, n) (and vals, unless it is null) with CUB in the policy's
 * stream; false when the caller should sort on the host. */
template <typename P, typename K, typename V>
bool radix_sort(const P &policy, K *keys, V *vals, long long n, bool descending)
{
    if (!simt_hostlib_on_host_thread() || place_of_address(keys) != place_device ||
        (vals && place_of_address(vals) != place_device))
        return false;
    if (n < 2)
        return true;
    cudaStream_t s = stream_of(policy);
    K *kalt = nullptr;
    V *valt = nullptr;
    void *tmp = nullptr;
    size_t bytes = 0;
    cudaError_t e = cudaMalloc(&kalt, (size_t)n * sizeof(K));
    if (e == cudaSuccess && vals)
        e = cudaMalloc(&valt, (size_t)n * sizeof(V));
    cub::DoubleBuffer<K> kb(keys, kalt);
    cub::DoubleBuffer<V> vb(vals, valt);
    for (int pass = 0; pass < 2 && e == cudaSuccess; pass++) {
        if (vals)
            e = descending ? cub::DeviceRadixSort::SortPairsDescending(tmp, bytes, kb, vb, n, 0,
                                                                       (int)sizeof(K) * 8, s)
                           : cub::DeviceRadixSort::SortPairs(tmp, bytes, kb, vb, n, 0,
                                                             (int)sizeof(K) * 8, s);
        else
            e = descending ? cub::DeviceRadixSort::SortKeysDescending(tmp, bytes, kb, n, 0,
                                                                      (int)sizeof(K) * 8, s)
                           : cub::DeviceRadixSort::SortKeys(tmp, bytes, kb, n, 0,
                                                            (int)sizeof(K) * 8, s);
        if (e == cudaSuccess && pass == 0)
            e = cudaMalloc(&tmp, bytes);
    }
    if (e == cudaSuccess && kb.Current() != keys)
        e = cudaMemcpyAsync(keys, kb.Current(), (size_t)n * sizeof(K), cudaMemcpyDeviceToDevice, s);
    if (e == cudaSuccess && vals && vb.Current() != vals)
        e = cudaMemcpyAsync(vals, vb.Current(), (size_t)n * sizeof(V), cudaMemcpyDeviceToDevice, s);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(s);
    cudaFree(tmp);
    cudaFree(valt);
    cudaFree(kalt);
    check(e, "radix_sort: failed on 2nd step");
    return true;
}
} // namespace simt_detail

namespace system
{
namespace cpp
{
namespace detail
{
template <typename P, typename K, typename C,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::radix_sortable<K, C>::value,
                                  int>::type = 0>
void stable_sort(P &policy, K first, K last, C comp)
{
    typedef typename thrust::simt_detail::contiguous<K>::type T;
    const bool down = thrust::simt_detail::radix_order<T, C>::value == 2;
    if (!thrust::simt_detail::radix_sort(policy, thrust::simt_detail::raw(first), (char *)nullptr,
                                         last - first, down))
        thrust::system::detail::sequential::stable_sort(policy, first, last, comp);
}

template <typename P, typename K, typename V, typename C,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::radix_sortable_pairs<K, V, C>::value,
                                  int>::type = 0>
void stable_sort_by_key(P &policy, K first, K last, V values, C comp)
{
    typedef typename thrust::simt_detail::contiguous<K>::type T;
    const bool down = thrust::simt_detail::radix_order<T, C>::value == 2;
    if (!thrust::simt_detail::radix_sort(policy, thrust::simt_detail::raw(first),
                                         thrust::simt_detail::raw(values), last - first, down))
        thrust::system::detail::sequential::stable_sort_by_key(policy, first, last, values, comp);
}
} // namespace detail
} // namespace cpp
} // namespace system
THRUST_NAMESPACE_END
#endif /* __SIMT_CU__ */

#endif
