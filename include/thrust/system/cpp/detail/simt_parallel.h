/*
 * thrust/system/cpp/detail/simt_parallel.h (simt): what simt's parallel
 * Thrust algorithms share (reduce.h, scan.h, scan_by_key.h, extrema.h,
 * find.h, binary_search.h, sort.h beside this file).
 *
 * Thrust's CUDA system runs reductions, scans, searches and sorts as CUB
 * kernels over device memory.  simt does the same with its own CUB's
 * engine (include/cub/detail/simt_core.cuh): an algorithm is a few steps
 * enqueued in the policy's stream as grids of one-thread blocks over
 * chunks of the input, run by the worker pool, and waited for before the
 * call returns (Thrust's CUDA system synchronizes too).  Ranges in host
 * memory, calls from a kernel or a host task, and ranges shorter than
 * `parallel_min` keep the C++ system's sequential loop.
 *
 * Inside a step, an iterator is read through its `view`: a raw pointer
 * for contiguous memory (device_vector, device_ptr, raw pointers), a
 * functor over such a view for a transform_iterator (what transform_reduce,
 * count and count_if build), else the iterator itself.  (Reading through a
 * device_reference in a kernel costs a call per element: it asks for the
 * host's stream order, which a kernel never waits for.)
 */
#ifndef SIMT_THRUST_CPP_PARALLEL_H
#define SIMT_THRUST_CPP_PARALLEL_H

#include <thrust/detail/config.h>
#include <thrust/device_ptr.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/system/cpp/detail/for_each.h>

#if defined(__SIMT_CU__)
#include <cub/detail/simt_core.cuh>

#include <type_traits>
#include <utility>

THRUST_NAMESPACE_BEGIN
namespace simt_detail
{
typedef long long index_t;

/* Below this many items a sequential loop on the calling thread beats a
 * launch and its wait (a few microseconds). */
constexpr index_t parallel_min = 1 << 15;

/* Iterators over contiguous memory, and their element type. */
template <typename It> struct contiguous {
    static constexpr bool value = false;
};
template <typename T> struct contiguous<T *> {
    static constexpr bool value = true;
    typedef T type;
};
template <typename T> struct contiguous<thrust::device_ptr<T>> {
    static constexpr bool value = true;
    typedef T type;
};
template <typename P> struct contiguous<thrust::detail::normal_iterator<P>> : contiguous<P> {};

template <typename It> inline typename contiguous<It>::type *raw(const It &it)
{
    return thrust::raw_pointer_cast(&*it);
}

/* A transform_iterator's elements, read through its functor. */
template <typename F, typename Base> struct transform_view {
    mutable F f;
    Base base;
    decltype(auto) operator[](index_t i) const { return f(base[i]); }
};

/* A view's elements converted to T (what the C++ system's exclusive scans
 * fold: each item is first stored in an init-typed temporary). */
template <typename T, typename Base> struct convert_view {
    Base base;
    T operator[](index_t i) const { return T(base[i]); }
};
template <typename T, typename Base> inline convert_view<T, Base> converted(const Base &b)
{
    return convert_view<T, Base>{b};
}

template <typename It, typename = void> struct view_of {
    typedef It type;
    static type make(const It &it) { return it; }
};
template <typename It>
struct view_of<It, typename std::enable_if<contiguous<It>::value>::type> {
    typedef typename contiguous<It>::type *type;
    static type make(const It &it) { return raw(it); }
};
template <typename F, typename B, typename R, typename V>
struct view_of<thrust::transform_iterator<F, B, R, V>, void> {
    typedef transform_view<F, typename view_of<B>::type> type;
    static type make(const thrust::transform_iterator<F, B, R, V> &it)
    {
        return type{it.functor(), view_of<B>::make(it.base())};
    }
};

template <typename It> inline typename view_of<It>::type view(const It &it)
{
    return view_of<It>::make(it);
}

/* Whether two views are the same memory (in-place calls). */
template <typename A, typename B> inline bool same_memory(const A &, const B &)
{
    return false;
}
template <typename T, typename U> inline bool same_memory(T *a, U *b)
{
    return (const void *)a == (const void *)b;
}

/* Whether a call over n items whose iterators lie in `where` (simt_detail
 * place) runs as steps. */
inline bool parallel(index_t n, int where)
{
    return n >= parallel_min && where != place_host && simt_hostlib_on_host_thread();
}

/* Runs `enqueue(d_temp, temp_bytes, stream)`, a CUB-style call that sizes
 * its temporary storage when d_temp is null, in the policy's stream with
 * `extra` bytes of device memory after its storage (where a step leaves a
 * result for the host), waits for it and copies those bytes to `result`.
 * A failure is thrust::system_error, as with Thrust's CUDA system. */
template <typename P, typename Enqueue>
void run_steps(const P &policy, const char *what, Enqueue enqueue, void *result = nullptr,
               size_t extra = 0)
{
    cudaStream_t s = stream_of(policy);
    size_t bytes = 0;
    char *tmp = nullptr;
    cudaError_t e = enqueue((void *)nullptr, bytes, s, (void *)nullptr);
    const size_t at = (bytes + 255) / 256 * 256;
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&tmp, at + (extra ? extra : 1));
    /* Accumulators are copied whole, padding too: zeroed, it is never an
     * uninitialized read to simt's checker.  (The stream's earlier work is
     * done: the policy's cast waited for it.) */
    if (e == cudaSuccess)
        e = cudaMemset(tmp, 0, at + (extra ? extra : 1));
    if (e == cudaSuccess)
        e = enqueue((void *)tmp, bytes, s, (void *)(tmp + at));
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(s);
    if (e == cudaSuccess && result)
        e = cudaMemcpy(result, tmp + at, extra, cudaMemcpyDeviceToHost);
    cudaFree(tmp);
    check(e, what);
}

/* An item with its index (the extrema's accumulator). */
template <typename V> struct indexed {
    index_t i;
    V v;
};
} // namespace simt_detail
THRUST_NAMESPACE_END
#endif /* __SIMT_CU__ */

#endif
