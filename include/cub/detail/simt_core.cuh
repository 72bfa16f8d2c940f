/*
 * cub/detail/simt_core.cuh: what simt's device-wide algorithms are built
 * from (docs/ARCHITECTURE.md, "CUB").
 *
 * A device-wide algorithm is a few steps enqueued in the caller's stream as
 * grids of single-thread blocks: block b of a step handles chunk b of the
 * input (a contiguous range, a multiple of 64 items long), and a step that
 * combines the chunks' partial results is a grid of one block.  Stream
 * order, asynchrony, graph capture and the worker pool's parallelism are
 * the engine's, exactly as for a user's kernel; a step's body runs with a
 * kernel's meaning of math functions (gridDim.x != 0).
 *
 * Invariants: the number of chunks depends only on the item count and the
 * worker count, so a size query (d_temp_storage == nullptr) and the run
 * that follows it agree on the temporary storage; everything a step needs
 * lives in the functor it captures or in d_temp_storage, so a captured
 * graph can replay the steps.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_CORE_CUH
#define SIMT_CUB_DETAIL_SIMT_CORE_CUH
#pragma GCC system_header

#include <stddef.h>
#include <stdint.h>
#include <new>
#include <type_traits>
#include <utility>
#include <cuda_runtime.h>
#include <simt.h>
#include "../util_type.cuh"

namespace simt_cub {

typedef long long index_t;

template <class It> using value_t = typename ::std::iterator_traits<It>::value_type;

/* CUB's accumulator type: what op(a, b) returns, decayed
 * (cuda::std::__accumulator_t). */
template <class Op, class A, class B>
using accum_t = typename ::std::decay<typename ::std::invoke_result<Op, A, B>::type>::type;

/* The engine's workers (cudaDevAttrMultiProcessorCount is their count). */
inline unsigned workers()
{
    static const unsigned w = [] {
        int v = 0;
        if (cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess || v < 1)
            v = 1;
        return (unsigned)v;
    }();
    return w;
}

/* The chunks of n items: at most four per worker (so that a worker busy
 * with another grid delays little), at least `grain` items each (so that a
 * chunk outweighs its block's start), each a multiple of `align` items
 * (64 by default, so that one 64-bit word of flags never spans two
 * chunks). */
struct chunks {
    index_t n, per;
    unsigned count;
    explicit chunks(index_t items, index_t grain = 16384, index_t align = 64)
    {
        n = items > 0 ? items : 0;
        index_t want = (n + grain - 1) / grain;
        index_t cap = 4 * (index_t)workers();
        if (want > cap)
            want = cap;
        if (want < 1)
            want = 1;
        per = (n + want - 1) / want;
        per = (per + align - 1) / align * align;
        if (per == 0)
            per = align;
        count = (unsigned)((n + per - 1) / per);
        if (count == 0)
            count = 1;
    }
    index_t lo(unsigned b) const { return (index_t)b * per < n ? (index_t)b * per : n; }
    index_t hi(unsigned b) const { return ((index_t)b + 1) * per < n ? ((index_t)b + 1) * per : n; }
};

/* CUB's AliasTemporaries: each allocation 256-byte aligned inside one blob.
 * With d_temp == nullptr only the size is set; a blob smaller than needed
 * is cudaErrorInvalidValue, as CUB returns it (not a launch error: the
 * last error is left alone). */
template <int N>
inline cudaError_t alias(void *d_temp, size_t &temp_bytes, void *(&ptr)[N], const size_t (&size)[N])
{
    const size_t align = 256;
    size_t offsets[N];
    size_t total = 0;
    for (int i = 0; i < N; i++) {
        offsets[i] = total;
        total += (size[i] + align - 1) / align * align;
    }
    total += align - 1;
    if (!d_temp) {
        temp_bytes = total;
        return cudaSuccess;
    }
    if (temp_bytes < total)
        return cudaErrorInvalidValue;
    char *base = (char *)(((uintptr_t)d_temp + align - 1) & ~(uintptr_t)(align - 1));
    for (int i = 0; i < N; i++)
        ptr[i] = base + offsets[i];
    return cudaSuccess;
}

/* For algorithms that need no storage: CUB still asks for a (1-byte)
 * blob, so that the allocate-then-call idiom works unchanged. */
inline bool size_query(void *d_temp, size_t &temp_bytes)
{
    if (d_temp)
        return false;
    temp_bytes = 1;
    return true;
}

template <class F> struct step {
    F f;
    static void run(void *p) { static_cast<step *>(p)->f((unsigned)blockIdx.x); }
    static void release(void *p) { delete static_cast<step *>(p); }
};

/* Enqueues `blocks` single-thread blocks in `stream`, block b calling f(b).
 * `name` is what diagnostics call the step (a fault in a user's operator
 * names it).  Returns the launch's error, recorded as launches record it. */
template <class F>
inline cudaError_t launch(const char *name, unsigned blocks, cudaStream_t stream, const F &f)
{
    static simt_kernel desc = [name] {
        simt_kernel k = simt_kernel();
        k.name = name;
        k.file = "cub";
        return k;
    }();
    step<F> *s = new step<F>{f};
    return simt_launch_ex(&desc, dim3(blocks), dim3(1), 0, stream, &step<F>::run, s, &step<F>::release,
                          nullptr);
}

/* Placement-constructs: temporary storage is raw memory. */
template <class T, class V> inline void put(T *p, V &&v)
{
    ::new ((void *)p) T(static_cast<V &&>(v));
}

/* The item count of a CUB call as a signed 64-bit count (negative: none). */
template <class N> inline index_t count_of(N n)
{
    index_t v = (index_t)n;
    return v > 0 ? v : 0;
}

} /* namespace simt_cub */

#endif
