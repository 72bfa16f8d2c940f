/*
 * thrust/system/cpp/detail/for_each.h (simt): Thrust's element-wise
 * algorithms on device memory run as kernels.
 *
 * With Thrust's CUDA system, for_each (and what Thrust builds on it:
 * transform, generate, fill, sequence, tabulate, uninitialized_fill, ...)
 * is a kernel: the functor runs in a CUDA thread, sees that thread's
 * threadIdx and blockIdx, and calls the GPU's math functions.  simt does
 * the same when the range lies in device memory (or is made only of
 * counting and constant iterators): a grid of 256-thread blocks, thread i
 * applying the functor to element i (through a plain reference, as the
 * CUDA system's loop does), in the policy's stream, waited for
 * before the call returns (as Thrust's CUDA system synchronizes).  Ranges
 * in host memory (host_vector, std::vector) and calls from a kernel keep
 * the C++ system's sequential loop, as host code.
 */
#ifndef SIMT_THRUST_CPP_FOR_EACH_H
#define SIMT_THRUST_CPP_FOR_EACH_H

#include_next <thrust/system/cpp/detail/for_each.h>
#include <thrust/detail/raw_reference_cast.h>
#include <thrust/detail/type_traits.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/cpp/detail/par.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system/detail/bad_alloc.h>
#include <thrust/system_error.h>
#include <simt.h>
#include <simt/core/hostlib.h>

#include <iterator>
#include <type_traits>

THRUST_NAMESPACE_BEGIN
template <typename T> class device_ptr;
template <typename Element, typename Tag, typename Reference, typename Derived> class pointer;
template <typename Incrementable, typename System, typename Traversal, typename Difference>
class counting_iterator;
template <typename Value, typename Incrementable, typename System> class constant_iterator;
template <typename System> class discard_iterator;
template <typename AdaptableUnaryFunction, typename Iterator, typename Reference, typename Value>
class transform_iterator;
template <typename ElementIterator, typename IndexIterator> class permutation_iterator;
template <typename IteratorTuple> class zip_iterator;
template <typename BidirectionalIterator> class reverse_iterator;
namespace detail
{
template <typename Pointer> class normal_iterator;
}
namespace system
{
namespace detail
{
namespace sequential
{
namespace radix_sort_detail
{
template <unsigned int RadixBits, typename KeyType> struct bucket_functor;
}
} // namespace sequential
} // namespace detail
} // namespace system

namespace simt_detail
{
/* Where an iterator's elements live. */
enum memory_place { place_neutral = 0, place_host = 1, place_device = 2 };

inline int combine(int a, int b)
{
    return a > b ? a : b;
}

inline int place_of_address(const void *p)
{
    cudaPointerAttributes a;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        cudaGetLastError();
        return place_host;
    }
    return a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged ? place_device
                                                                              : place_host;
}

template <typename It> inline int place(const It &)
{
    return place_host;
}
template <typename T> inline int place(T *const &p)
{
    return place_of_address(p);
}
template <typename T> inline int place(const thrust::device_ptr<T> &)
{
    return place_device;
}
template <typename E, typename T, typename R, typename D>
inline int place(const thrust::pointer<E, T, R, D> &p)
{
    return place_of_address(p.get());
}
template <typename P> inline int place(const thrust::detail::normal_iterator<P> &it)
{
    return place(it.base());
}
template <typename I, typename S, typename T, typename D>
inline int place(const thrust::counting_iterator<I, S, T, D> &)
{
    return place_neutral;
}
template <typename V, typename I, typename S>
inline int place(const thrust::constant_iterator<V, I, S> &)
{
    return place_neutral;
}
template <typename S> inline int place(const thrust::discard_iterator<S> &)
{
    return place_neutral;
}
template <typename F, typename I, typename R, typename V>
inline int place(const thrust::transform_iterator<F, I, R, V> &it)
{
    return place(it.base());
}
/* Its base is the index iterator (the elements' is private); the indices
 * of a gather from device memory are in device memory too. */
template <typename E, typename I> inline int place(const thrust::permutation_iterator<E, I> &it)
{
    return place(it.base());
}
template <typename B> inline int place(const thrust::reverse_iterator<B> &it)
{
    return place(it.base());
}

template <typename Tuple, size_t... K>
inline int place_tuple(const Tuple &t, std::index_sequence<K...>)
{
    int p = place_neutral;
    int parts[] = {place_neutral, (p = combine(p, place(thrust::get<K>(t))))...};
    (void)parts;
    return p;
}
template <typename T> inline int place(const thrust::zip_iterator<T> &it)
{
    return place_tuple(it.get_iterator_tuple(),
                       std::make_index_sequence<thrust::tuple_size<T>::value>());
}

/* Thrust's sequential radix sort (system/detail/sequential/
 * stable_radix_sort.inl, what the C++ system's sort falls back to for
 * keys sort.h does not give CUB) scatters through a transform_iterator
 * whose bucket_functor post-increments a histogram: it counts on the
 * scatter running in order.  A for_each whose iterator or functor type
 * holds one keeps the sequential loop (as a kernel it ordered keys wrongly
 * and overran its buffers). */
template <typename T> struct in_order_only : std::false_type {};
template <unsigned int R, typename K>
struct in_order_only<thrust::system::detail::sequential::radix_sort_detail::bucket_functor<R, K>> : std::true_type {};
template <template <typename...> class C, typename... A>
struct in_order_only<C<A...>> : std::integral_constant<bool, (in_order_only<A>::value || ...)> {};

/* The policies whose device work simt runs as kernels, and their streams. */
template <typename P> struct kernel_policy : std::false_type {};
template <> struct kernel_policy<thrust::system::cpp::detail::tag> : std::true_type {};
template <> struct kernel_policy<thrust::system::cpp::detail::par_t> : std::true_type {};
template <> struct kernel_policy<thrust::cuda_cub::par_t> : std::true_type {};
template <> struct kernel_policy<thrust::cuda_cub::par_nosync_t> : std::true_type {};
template <> struct kernel_policy<thrust::cuda_cub::execute_on_stream> : std::true_type {};
template <> struct kernel_policy<thrust::cuda_cub::execute_on_stream_nosync> : std::true_type {};

template <typename P> inline cudaStream_t stream_of(const P &p)
{
    return thrust::cuda_cub::stream(p);
}
inline cudaStream_t stream_of(const thrust::system::cpp::detail::tag &)
{
    return SIMT__THRUST_STREAM;
}
inline cudaStream_t stream_of(const thrust::system::cpp::detail::par_t &)
{
    return SIMT__THRUST_STREAM;
}
template <typename P> inline bool waits(const P &)
{
    return true;
}
inline bool waits(const thrust::cuda_cub::par_nosync_t &)
{
    return false;
}
inline bool waits(const thrust::cuda_cub::execute_on_stream_nosync &)
{
    return false;
}

/* A failed CUDA call of a Thrust algorithm: thrust::system_error, as with
 * Thrust's CUDA system (the error is not left as the last error). */
inline void check(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) {
        cudaGetLastError();
        throw thrust::system_error(e, thrust::system_category(), what);
    }
}

template <typename It, typename Size, typename F> struct for_each_grid {
    It first;
    Size n;
    F f;
    static void run(void *p)
    {
        for_each_grid *g = static_cast<for_each_grid *>(p);
        Size i = (Size)blockIdx.x * (Size)blockDim.x + (Size)threadIdx.x;
        if (i < g->n)
            g->f(thrust::raw_reference_cast(*(g->first + i)));
    }
    static void release(void *p) { delete static_cast<for_each_grid *>(p); }
};

template <typename It>
using random_access = std::is_convertible<
    typename std::iterator_traits<It>::iterator_category, std::random_access_iterator_tag>;

/* Runs f over [first, first + n) as a kernel when that is what Thrust's
 * CUDA system would do; false when the caller should loop on the host. */
template <typename P, typename It, typename Size, typename F>
bool for_each_kernel(const P &policy, It first, Size n, const F &f)
{
    if (n <= 0 || !simt_hostlib_on_host_thread() || place(first) == place_host ||
        in_order_only<It>::value || in_order_only<F>::value)
        return false;
    static simt_kernel desc = [] {
        simt_kernel k = simt_kernel();
        k.name = "thrust::for_each";
        k.file = "thrust";
        return k;
    }();
    const unsigned threads = 256;
    const unsigned long long blocks = ((unsigned long long)n + threads - 1) / threads;
    cudaStream_t s = stream_of(policy);
    cudaError_t e = simt_launch_ex(&desc, dim3((unsigned)blocks), dim3(threads), 0, s,
                                   &for_each_grid<It, Size, F>::run,
                                   new for_each_grid<It, Size, F>{first, n, f},
                                   &for_each_grid<It, Size, F>::release, nullptr);
    if (e == cudaSuccess && waits(policy))
        e = cudaStreamSynchronize(s);
    check(e, "for_each: failed to synchronize");
    return true;
}
} // namespace simt_detail

namespace system
{
namespace cpp
{
namespace detail
{
template <typename P, typename It, typename F,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::random_access<It>::value,
                                  int>::type = 0>
It for_each(P &policy, It first, It last, F f)
{
    /* first advanced, not last: Thrust's generic transform passes
     * zip(last, result) as the end and reads the result's end from what
     * for_each returns (a sequential loop's advanced iterator). */
    if (thrust::simt_detail::for_each_kernel(policy, first, last - first, f))
        return first + (last - first);
    return thrust::system::detail::sequential::for_each(policy, first, last, f);
}

template <typename P, typename It, typename Size, typename F,
          typename std::enable_if<thrust::simt_detail::kernel_policy<P>::value &&
                                      thrust::simt_detail::random_access<It>::value,
                                  int>::type = 0>
It for_each_n(P &policy, It first, Size n, F f)
{
    if (thrust::simt_detail::for_each_kernel(policy, first, n, f))
        return first + n;
    return thrust::system::detail::sequential::for_each_n(policy, first, n, f);
}
} // namespace detail
} // namespace cpp
} // namespace system
THRUST_NAMESPACE_END

#endif
