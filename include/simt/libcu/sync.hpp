/*
 * simt/libcu/sync.hpp: cuda::std::latch, cuda::latch, and the counting and
 * binary semaphores (libcu++; C++ [thread.latch], [thread.sema]).
 *
 * Both are a counter with atomic wait and notify: in shared memory a
 * waiting thread blocks until a count_down or release wakes it, so a latch
 * that never reaches zero is reported as a deadlock instead of hanging.
 */
#ifndef SIMT_LIBCU_SYNC_HPP
#define SIMT_LIBCU_SYNC_HPP
#pragma GCC system_header

#include "atomic.hpp"
#include "../core/device.h"

namespace simt_detail {

template <int Scope> class latch_impl {
    ptrdiff_t simt_count;

  public:
    static constexpr ptrdiff_t max() noexcept { return ::std::numeric_limits<ptrdiff_t>::max(); }
    constexpr explicit latch_impl(ptrdiff_t expected) : simt_count(expected) {}
    latch_impl(const latch_impl &) = delete;
    latch_impl &operator=(const latch_impl &) = delete;

    void count_down(ptrdiff_t update = 1, SIMT__LOC)
    {
        ptrdiff_t left = __atomic_sub_fetch(&simt_count, update, __ATOMIC_RELEASE);
        if (left < 0 || update < 0)
            simt_latch_misuse(left, update, SIMT__AT);
        if (left == 0)
            simt_atomic_notify(&simt_count, 1);
    }
    bool try_wait() const noexcept { return __atomic_load_n(&simt_count, __ATOMIC_ACQUIRE) == 0; }
    void wait(SIMT__LOC) const
    {
        for (;;) {
            ptrdiff_t c = __atomic_load_n(&simt_count, __ATOMIC_ACQUIRE);
            if (c == 0)
                return;
            simt_atomic_wait(&simt_count, (uint64_t)c, sizeof c, SIMT__AT);
        }
    }
    void arrive_and_wait(ptrdiff_t update = 1, SIMT__LOC)
    {
        count_down(update, SIMT__AT);
        wait(SIMT__AT);
    }
};

/* [thread.sema.cnt]: acquire waits while the counter is zero. */
template <int Scope, ptrdiff_t Max> class semaphore_impl {
    ptrdiff_t simt_count;

    bool take()
    {
        ptrdiff_t c = __atomic_load_n(&simt_count, __ATOMIC_RELAXED);
        while (c > 0)
            if (__atomic_compare_exchange_n(&simt_count, &c, c - 1, true, __ATOMIC_ACQUIRE,
                                            __ATOMIC_RELAXED))
                return true;
        return false;
    }

  public:
    /* libcu++ answers its own bound, not LeastMaxValue. */
    static constexpr ptrdiff_t max() noexcept
    {
        return Max == 1 ? 1 : ::std::numeric_limits<ptrdiff_t>::max();
    }
    constexpr explicit semaphore_impl(ptrdiff_t desired) : simt_count(desired) {}
    semaphore_impl(const semaphore_impl &) = delete;
    semaphore_impl &operator=(const semaphore_impl &) = delete;

    void release(ptrdiff_t update = 1, SIMT__LOC)
    {
        ptrdiff_t old = __atomic_fetch_add(&simt_count, update, __ATOMIC_RELEASE);
        if (update < 0 || old > max() - update)
            simt_semaphore_misuse(old, update, Max, SIMT__AT);
        simt_atomic_notify(&simt_count, update > 1);
    }
    void acquire(SIMT__LOC)
    {
        while (!take())
            simt_atomic_wait(&simt_count, 0, sizeof simt_count, SIMT__AT);
    }
    bool try_acquire() noexcept { return take(); }
    template <class Rep, class Period>
    bool try_acquire_for(const ::std::chrono::duration<Rep, Period> &d)
    {
        auto end = ::std::chrono::steady_clock::now() + d;
        while (!take()) {
            if (::std::chrono::steady_clock::now() >= end)
                return false;
            simt_nanosleep(64);
        }
        return true;
    }
    template <class Clock, class Duration>
    bool try_acquire_until(const ::std::chrono::time_point<Clock, Duration> &t)
    {
        return try_acquire_for(t - Clock::now());
    }
};

} /* namespace simt_detail */

namespace cuda {
namespace std {
class latch : public simt_detail::latch_impl<thread_scope_system> {
  public:
    constexpr explicit latch(ptrdiff_t expected)
        : simt_detail::latch_impl<thread_scope_system>(expected)
    {
    }
};

template <ptrdiff_t LeastMaxValue = numeric_limits<int>::max()>
class counting_semaphore : public simt_detail::semaphore_impl<thread_scope_system, LeastMaxValue> {
  public:
    constexpr explicit counting_semaphore(ptrdiff_t desired)
        : simt_detail::semaphore_impl<thread_scope_system, LeastMaxValue>(desired)
    {
    }
};
using binary_semaphore = counting_semaphore<1>;
} /* namespace std */

template <thread_scope Scope> class latch : public simt_detail::latch_impl<Scope> {
  public:
    constexpr explicit latch(ptrdiff_t expected) : simt_detail::latch_impl<Scope>(expected) {}
};

template <thread_scope Scope, ptrdiff_t LeastMaxValue = ::std::numeric_limits<int>::max()>
class counting_semaphore : public simt_detail::semaphore_impl<Scope, LeastMaxValue> {
  public:
    constexpr explicit counting_semaphore(ptrdiff_t desired)
        : simt_detail::semaphore_impl<Scope, LeastMaxValue>(desired)
    {
    }
};
template <thread_scope Scope> using binary_semaphore = counting_semaphore<Scope, 1>;
} /* namespace cuda */

#endif /* SIMT_LIBCU_SYNC_HPP */
