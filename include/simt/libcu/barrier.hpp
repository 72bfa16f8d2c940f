/*
 * simt/libcu/barrier.hpp: cuda::barrier, cuda::std::barrier, cuda::memcpy_async
 * with a barrier, and the cuda::device barrier functions (libcu++,
 * "cuda::barrier"; the spec is ../shared/spec/cuda-barrier.txt).
 *
 * A barrier is its 64-bit word (the native handle) followed by its
 * completion function, if it has one; everything else is the core's
 * (simt/core/mbarrier.h).  In shared memory every scope gets the mbarrier's
 * semantics, transaction count included; elsewhere a barrier is
 * cuda::std::barrier's.  The completion function runs once per phase, in
 * the thread whose arrival completes it, before any waiter goes on.
 */
#ifndef SIMT_LIBCU_BARRIER_HPP
#define SIMT_LIBCU_BARRIER_HPP
#pragma GCC system_header

#include <stdio.h>
#include <string.h>
#include "atomic.hpp"

namespace simt_detail {
struct barrier_word {
    ::std::uint64_t simt_word;
};
template <class F, bool Empty = ::std::is_same<F, cuda::std::__empty_completion>::value>
struct completion_slot {
    F simt_f;
    completion_slot() = default;
    completion_slot(F f) : simt_f(::std::move(f)) {}
    static void run(void *self) { static_cast<completion_slot *>(self)->simt_f(); }
    simt_completion_fn fn() { return &run; }
    void *ctx() { return this; }
};
template <class F> struct completion_slot<F, true> {
    completion_slot() = default;
    completion_slot(F) {}
    simt_completion_fn fn() { return nullptr; }
    void *ctx() { return nullptr; }
};

/* The part of a group's collective copy the calling thread does: the group
 * splits the bytes, in units of the alignment, into contiguous slices. */
template <class Group>
inline void group_slice(const Group &g, ::std::size_t n, ::std::size_t unit, ::std::size_t *begin,
                        ::std::size_t *end)
{
    ::std::size_t size = (::std::size_t)g.size(), rank = (::std::size_t)g.thread_rank();
    if (unit == 0 || n % unit)
        unit = 1;
    ::std::size_t units = n / unit, per = (units + size - 1) / (size ? size : 1);
    ::std::size_t b = rank * per, e = b + per;
    b = b < units ? b : units;
    e = e < units ? e : units;
    *begin = b * unit;
    *end = e * unit;
}

struct single_thread_group {
    static constexpr unsigned size() { return 1; }
    static constexpr unsigned thread_rank() { return 0; }
    void sync() const {}
};

/* aligned_size_t's promise, checked. */
inline void check_aligned(const char *fn, const void *dst, const void *src, ::std::size_t n,
                          ::std::size_t align, const char *file, unsigned line)
{
    if (align <= 1)
        return;
    if ((uintptr_t)dst % align == 0 && (uintptr_t)src % align == 0 && n % align == 0)
        return;
    char what[256];
    snprintf(what, sizeof what,
             "%s: aligned_size_t<%zu> promises %zu-byte alignment, but the %s is not aligned "
             "(destination %p, source %p, %zu bytes)", fn, align, align,
             (uintptr_t)dst % align ? "destination" : (uintptr_t)src % align ? "source" : "size",
             dst, (const void *)src, n);
    simt_async_misuse(what, "align both pointers and the size as the aligned_size_t says", file,
                      line);
}
} /* namespace simt_detail */

namespace cuda {

template <thread_scope Scope, class CompletionFunction = std::__empty_completion>
class barrier : public simt_detail::barrier_word,
                public simt_detail::completion_slot<CompletionFunction> {
    using slot = simt_detail::completion_slot<CompletionFunction>;
    ::std::uint64_t *word() const
    {
        return const_cast<::std::uint64_t *>(&this->simt_word);
    }
    static uint32_t count_of(::std::ptrdiff_t n)
    {
        return n < 0 || n > (::std::ptrdiff_t)0xffffffffu ? 0xffffffffu : (uint32_t)n;
    }

  public:
    using arrival_token = ::std::uint64_t;

    /* libcu++'s max() for each kind of barrier. */
    static constexpr ::std::ptrdiff_t max() noexcept
    {
        return !::std::is_same<CompletionFunction, std::__empty_completion>::value
                   ? ::std::numeric_limits<::std::ptrdiff_t>::max()
               : Scope == thread_scope_block ? (1 << 20) - 1
                                             : ::std::numeric_limits<::std::int32_t>::max();
    }

    barrier() = default;
    barrier(const barrier &) = delete;
    barrier &operator=(const barrier &) = delete;
    barrier(::std::ptrdiff_t expected, CompletionFunction completion = CompletionFunction(),
            SIMT__LOC)
        : slot(::std::move(completion))
    {
        if (expected < 0 || expected > max()) {
            char what[160];
            snprintf(what, sizeof what, "cuda::barrier init: expected count %td is outside [0, %td]",
                     expected, max());
            simt_async_misuse(what, "expect between 0 and max() arrivals per phase", SIMT__AT);
        }
        simt_mbar_init(word(), count_of(expected), 0xffffffffu, this->fn(), this->ctx(),
                       SIMT_MBAR_CXX, SIMT__AT);
    }
    ~barrier()
    {
        if (simt_is_shared(this))
            simt_mbar_inval(word(), SIMT_MBAR_CXX, __FILE__, __LINE__);
    }

    friend void init(barrier *b, ::std::ptrdiff_t expected, SIMT__LOC)
    {
        new (b) barrier(expected, CompletionFunction(), SIMT__AT);
    }
    friend void init(barrier *b, ::std::ptrdiff_t expected, CompletionFunction completion,
                     SIMT__LOC)
    {
        new (b) barrier(expected, ::std::move(completion), SIMT__AT);
    }

    [[nodiscard]] arrival_token arrive(::std::ptrdiff_t update = 1, SIMT__LOC)
    {
        return simt_mbar_arrive(word(), count_of(update), 0, 0, this->fn(), this->ctx(),
                                SIMT_MBAR_CXX, SIMT__AT);
    }
    void wait(arrival_token &&token, SIMT__LOC) const
    {
        simt_mbar_wait(word(), token, SIMT_MBAR_CXX, SIMT__AT);
    }
    void wait_parity(bool parity, SIMT__LOC) const
    {
        simt_mbar_wait_parity(word(), parity, SIMT_MBAR_CXX, SIMT__AT);
    }
    void arrive_and_wait(SIMT__LOC)
    {
        simt_mbar_wait(word(), arrive(1, SIMT__AT), SIMT_MBAR_CXX, SIMT__AT);
    }
    void arrive_and_drop(SIMT__LOC)
    {
        (void)simt_mbar_arrive(word(), 1, 1, 0, this->fn(), this->ctx(), SIMT_MBAR_CXX, SIMT__AT);
    }

    bool try_wait(arrival_token &&token, SIMT__LOC) const
    {
        return simt_mbar_try_wait(word(), token, 0, SIMT_MBAR_CXX, SIMT__AT);
    }
    template <class Rep, class Period>
    bool try_wait_for(arrival_token &&token, const ::std::chrono::duration<Rep, Period> &d,
                      SIMT__LOC)
    {
        return simt_mbar_try_wait(word(), token, simt_detail::duration_ns(d), SIMT_MBAR_CXX,
                                  SIMT__AT);
    }
    template <class Clock, class Duration>
    bool try_wait_until(arrival_token &&token, const ::std::chrono::time_point<Clock, Duration> &t,
                        SIMT__LOC)
    {
        return simt_mbar_try_wait(word(), token, simt_detail::duration_ns(t - Clock::now()),
                                  SIMT_MBAR_CXX, SIMT__AT);
    }
    bool try_wait_parity(bool parity, SIMT__LOC) const
    {
        return simt_mbar_try_wait_parity(word(), parity, 0, SIMT_MBAR_CXX, SIMT__AT);
    }
    template <class Rep, class Period>
    bool try_wait_parity_for(bool parity, const ::std::chrono::duration<Rep, Period> &d, SIMT__LOC)
    {
        return simt_mbar_try_wait_parity(word(), parity, simt_detail::duration_ns(d),
                                         SIMT_MBAR_CXX, SIMT__AT);
    }
    template <class Clock, class Duration>
    bool try_wait_parity_until(bool parity, const ::std::chrono::time_point<Clock, Duration> &t,
                               SIMT__LOC)
    {
        return simt_mbar_try_wait_parity(word(), parity,
                                         simt_detail::duration_ns(t - Clock::now()),
                                         SIMT_MBAR_CXX, SIMT__AT);
    }
};

namespace std {
/* The spec's example says cuda::std::barrier<> has the type of
 * cuda::barrier<thread_scope_system>; in CUDA 13.0's libcu++ they are two
 * classes (an H200 run of tests/cuda/async/cuda_barrier.cu), with the same
 * behaviour. */
template <class CompletionFunction = __empty_completion>
class barrier : public cuda::barrier<thread_scope_system, CompletionFunction> {
  public:
    barrier() = default;
    barrier(ptrdiff_t expected, CompletionFunction completion = CompletionFunction(), SIMT__LOC)
        : cuda::barrier<thread_scope_system, CompletionFunction>(expected, ::std::move(completion),
                                                                 SIMT__AT)
    {
    }
};
} /* namespace std */

namespace device {
inline ::std::uint64_t *barrier_native_handle(barrier<thread_scope_block> &b)
{
    return &static_cast<simt_detail::barrier_word &>(b).simt_word;
}

/* libcu++: 1 <= arrive_count_update <= 2^20 - 1, 0 <= tx <= 2^20 - 1, the
 * barrier in the block's shared memory. */
inline void simt_check_tx(const char *fn, ::std::ptrdiff_t arrive, ::std::ptrdiff_t tx,
                          const char *file, unsigned line)
{
    char what[160];
    if (arrive < 1 || arrive > (1 << 20) - 1) {
        snprintf(what, sizeof what, "%s: arrival count update %td", fn, arrive);
        simt_async_misuse(what, "arrive between 1 and 2^20 - 1 times", file, line);
    }
    if (tx < 0 || tx > (1 << 20) - 1) {
        snprintf(what, sizeof what, "%s: transaction count update %td", fn, tx);
        simt_async_misuse(what, "update the transaction count by 0 to 2^20 - 1", file, line);
    }
}

[[nodiscard]] inline barrier<thread_scope_block>::arrival_token
barrier_arrive_tx(barrier<thread_scope_block> &b, ::std::ptrdiff_t arrive_count_update,
                  ::std::ptrdiff_t transaction_count_update, SIMT__LOC)
{
    simt_check_tx("cuda::device::barrier_arrive_tx", arrive_count_update,
                  transaction_count_update, SIMT__AT);
    return simt_mbar_arrive(barrier_native_handle(b), (uint32_t)arrive_count_update, 0,
                            (uint32_t)transaction_count_update, nullptr, nullptr,
                            SIMT_MBAR_NATIVE, SIMT__AT);
}

inline void barrier_expect_tx(barrier<thread_scope_block> &b,
                              ::std::ptrdiff_t transaction_count_update, SIMT__LOC)
{
    simt_check_tx("cuda::device::barrier_expect_tx", 1, transaction_count_update, SIMT__AT);
    simt_mbar_expect_tx(barrier_native_handle(b), (uint32_t)transaction_count_update,
                        SIMT_MBAR_NATIVE, SIMT__AT);
}

/* A bulk copy global -> shared that completes transaction bytes on b. */
template <class T, ::std::size_t Alignment>
inline async_contract_fulfillment memcpy_async_tx(T *dest, const T *src,
                                                  aligned_size_t<Alignment> size,
                                                  barrier<thread_scope_block> &b, SIMT__LOC)
{
    static_assert(::std::is_trivially_copyable<T>::value,
                  "memcpy_async_tx requires a trivially copyable type");
    static_assert(16 <= Alignment, "memcpy_async_tx expects arguments to be at least 16 byte aligned.");
    if (!simt_is_shared(dest)) {
        char what[160];
        snprintf(what, sizeof what,
                 "cuda::device::memcpy_async_tx: the destination %p is not in the block's "
                 "shared memory", (void *)dest);
        simt_async_misuse(what, "copy into __shared__ memory", SIMT__AT);
    }
    simt_detail::check_aligned("cuda::device::memcpy_async_tx", dest, src, size, Alignment,
                               SIMT__AT);
    simt_mbar_copy(barrier_native_handle(b), dest, src, size, 0, 1, SIMT_MBAR_NATIVE, SIMT__AT);
    return async_contract_fulfillment::async;
}
} /* namespace device */

/* cuda::memcpy_async with a barrier: the bytes are there once the
 * barrier's current phase completes (they land just before). */
template <class Group, class Size, thread_scope Scope, class F>
inline async_contract_fulfillment simt_memcpy_async_barrier(const Group &g, void *dst,
                                                            const void *src, Size size,
                                                            ::std::size_t type_align,
                                                            barrier<Scope, F> &bar,
                                                            const char *file, unsigned line)
{
    ::std::size_t n = size, align = simt_detail::size_align<Size>::value;
    simt_detail::check_aligned("cuda::memcpy_async", dst, src, n, align, file, line);
    ::std::size_t b, e;
    simt_detail::group_slice(g, n, align > type_align ? align : type_align, &b, &e);
    if (e > b)
        simt_mbar_copy(&static_cast<simt_detail::barrier_word &>(bar).simt_word,
                       (char *)dst + b, (const char *)src + b, e - b, 0, 0, SIMT_MBAR_CXX, file,
                       line);
    return async_contract_fulfillment::async;
}

template <class T, class Size, thread_scope Scope, class F>
inline async_contract_fulfillment memcpy_async(T *dst, const T *src, Size size,
                                               barrier<Scope, F> &bar, SIMT__LOC)
{
    return simt_memcpy_async_barrier(simt_detail::single_thread_group(), dst, src, size,
                                     alignof(T), bar, SIMT__AT);
}
template <class Size, thread_scope Scope, class F>
inline async_contract_fulfillment memcpy_async(void *dst, const void *src, Size size,
                                               barrier<Scope, F> &bar, SIMT__LOC)
{
    return simt_memcpy_async_barrier(simt_detail::single_thread_group(), dst, src, size, 1, bar,
                                     SIMT__AT);
}
template <class Group, class T, class Size, thread_scope Scope, class F>
inline async_contract_fulfillment memcpy_async(const Group &g, T *dst, const T *src, Size size,
                                               barrier<Scope, F> &bar, SIMT__LOC)
{
    return simt_memcpy_async_barrier(g, dst, src, size, alignof(T), bar, SIMT__AT);
}
template <class Group, class Size, thread_scope Scope, class F>
inline async_contract_fulfillment memcpy_async(const Group &g, void *dst, const void *src,
                                               Size size, barrier<Scope, F> &bar, SIMT__LOC)
{
    return simt_memcpy_async_barrier(g, dst, src, size, 1, bar, SIMT__AT);
}

} /* namespace cuda */

#endif /* SIMT_LIBCU_BARRIER_HPP */
