/*
 * simt/libcu/atomic.hpp: cuda::atomic, cuda::atomic_ref, cuda::std::atomic,
 * cuda::std::atomic_ref, cuda::std::atomic_flag and the fences (libcu++,
 * "cuda::atomic").
 *
 * Every operation is the GCC __atomic builtin with the order asked for.
 * Scopes narrower than the system's change nothing on a CPU, whose memory
 * is coherent: a block-scope atomic is as strong as a system-scope one,
 * which every program valid for the narrower scope tolerates.  wait()
 * blocks (shared memory) or polls (elsewhere) until the value changes; see
 * simt_atomic_wait.
 */
#ifndef SIMT_LIBCU_ATOMIC_HPP
#define SIMT_LIBCU_ATOMIC_HPP
#pragma GCC system_header

#include <string.h>
#include "base.hpp"

namespace simt_detail {

template <class T> struct atomic_ok {
    static constexpr bool value = (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                                   sizeof(T) == 8) &&
                                  ::std::is_trivially_copyable<T>::value;
};

template <class T> inline uint64_t bits_of(const T &v)
{
    uint64_t b = 0;
    memcpy(&b, &v, sizeof(T));
    return b;
}

/* The operations of an atomic object at *D::ptr() (CRTP: cuda::atomic holds
 * the value, atomic_ref a pointer to it). */
template <class D, class T> struct atomic_ops {
    static_assert(atomic_ok<T>::value,
                  "simt: cuda::atomic needs a trivially copyable type of 1, 2, 4 or 8 bytes");
    T *p() const { return static_cast<const D *>(this)->simt_ptr(); }

    static constexpr bool is_always_lock_free = true;
    bool is_lock_free() const noexcept { return true; }

    T load(cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        T r;
        __atomic_load(p(), &r, o);
        return r;
    }
    void store(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        __atomic_store(p(), &v, o);
    }
    operator T() const noexcept { return load(); }
    T exchange(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        T r;
        __atomic_exchange(p(), &v, &r, o);
        return r;
    }
    bool compare_exchange_weak(T &expected, T desired, cuda::std::memory_order s,
                               cuda::std::memory_order f) const noexcept
    {
        return __atomic_compare_exchange(p(), &expected, &desired, true, s, f);
    }
    bool compare_exchange_strong(T &expected, T desired, cuda::std::memory_order s,
                                 cuda::std::memory_order f) const noexcept
    {
        return __atomic_compare_exchange(p(), &expected, &desired, false, s, f);
    }
    bool compare_exchange_weak(T &expected, T desired,
                               cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const
        noexcept
    {
        return __atomic_compare_exchange(p(), &expected, &desired, true, o, fail_order(o));
    }
    bool compare_exchange_strong(T &expected, T desired,
                                 cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const
        noexcept
    {
        return __atomic_compare_exchange(p(), &expected, &desired, false, o, fail_order(o));
    }
    void wait(T old, cuda::std::memory_order o = cuda::std::memory_order_seq_cst, SIMT__LOC) const
    {
        (void)o;
        simt_atomic_wait(p(), bits_of(old), sizeof(T), SIMT__AT);
    }
    void notify_one() const noexcept { simt_atomic_notify(p(), 0); }
    void notify_all() const noexcept { simt_atomic_notify(p(), 1); }

  protected:
    /* Applies f to the value under a compare-and-swap loop; the old value. */
    template <class F> T update(F f, cuda::std::memory_order o) const
    {
        T old = load(cuda::std::memory_order_relaxed), next;
        do {
            next = f(old);
        } while (!__atomic_compare_exchange(p(), &old, &next, true, o, __ATOMIC_RELAXED));
        return old;
    }
};

template <class D, class T, class Enable = void> struct atomic_arith : atomic_ops<D, T> {};

/* Integers (CUDA's atomics add fetch_min and fetch_max). */
template <class D, class T>
struct atomic_arith<D, T,
                    typename ::std::enable_if<::std::is_integral<T>::value &&
                                              !::std::is_same<T, bool>::value>::type>
    : atomic_ops<D, T> {
    using atomic_ops<D, T>::p;
    T fetch_add(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return __atomic_fetch_add(p(), v, o);
    }
    T fetch_sub(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return __atomic_fetch_sub(p(), v, o);
    }
    T fetch_and(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return __atomic_fetch_and(p(), v, o);
    }
    T fetch_or(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return __atomic_fetch_or(p(), v, o);
    }
    T fetch_xor(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return __atomic_fetch_xor(p(), v, o);
    }
    T fetch_min(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return this->update([v](T x) { return v < x ? v : x; }, o);
    }
    T fetch_max(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return this->update([v](T x) { return v > x ? v : x; }, o);
    }
    T operator++(int) const noexcept { return fetch_add(1); }
    T operator--(int) const noexcept { return fetch_sub(1); }
    T operator++() const noexcept { return __atomic_add_fetch(p(), 1, __ATOMIC_SEQ_CST); }
    T operator--() const noexcept { return __atomic_sub_fetch(p(), 1, __ATOMIC_SEQ_CST); }
    T operator+=(T v) const noexcept { return __atomic_add_fetch(p(), v, __ATOMIC_SEQ_CST); }
    T operator-=(T v) const noexcept { return __atomic_sub_fetch(p(), v, __ATOMIC_SEQ_CST); }
    T operator&=(T v) const noexcept { return __atomic_and_fetch(p(), v, __ATOMIC_SEQ_CST); }
    T operator|=(T v) const noexcept { return __atomic_or_fetch(p(), v, __ATOMIC_SEQ_CST); }
    T operator^=(T v) const noexcept { return __atomic_xor_fetch(p(), v, __ATOMIC_SEQ_CST); }
};

/* Floating point: add and subtract (libcu++), min and max. */
template <class D, class T>
struct atomic_arith<D, T, typename ::std::enable_if<::std::is_floating_point<T>::value>::type>
    : atomic_ops<D, T> {
    T fetch_add(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return this->update([v](T x) { return x + v; }, o);
    }
    T fetch_sub(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return this->update([v](T x) { return x - v; }, o);
    }
    T fetch_min(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return this->update([v](T x) { return v < x ? v : x; }, o);
    }
    T fetch_max(T v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const noexcept
    {
        return this->update([v](T x) { return v > x ? v : x; }, o);
    }
    T operator+=(T v) const noexcept { return fetch_add(v) + v; }
    T operator-=(T v) const noexcept { return fetch_sub(v) - v; }
};

/* Pointers step by whole objects. */
template <class D, class T>
struct atomic_arith<D, T *, void> : atomic_ops<D, T *> {
    using atomic_ops<D, T *>::p;
    T *fetch_add(ptrdiff_t v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const
        noexcept
    {
        return __atomic_fetch_add(p(), v * (ptrdiff_t)sizeof(T), o);
    }
    T *fetch_sub(ptrdiff_t v, cuda::std::memory_order o = cuda::std::memory_order_seq_cst) const
        noexcept
    {
        return __atomic_fetch_sub(p(), v * (ptrdiff_t)sizeof(T), o);
    }
    T *operator++(int) const noexcept { return fetch_add(1); }
    T *operator--(int) const noexcept { return fetch_sub(1); }
    T *operator++() const noexcept { return fetch_add(1) + 1; }
    T *operator--() const noexcept { return fetch_sub(1) - 1; }
    T *operator+=(ptrdiff_t v) const noexcept { return fetch_add(v) + v; }
    T *operator-=(ptrdiff_t v) const noexcept { return fetch_sub(v) - v; }
};

/* An atomic object holding its value. */
template <class T, int Scope>
struct atomic_value : atomic_arith<atomic_value<T, Scope>, T> {
    alignas(sizeof(T) > alignof(T) ? sizeof(T) : alignof(T)) mutable T simt_v;
    T *simt_ptr() const { return &simt_v; }
    atomic_value() noexcept = default;
    constexpr atomic_value(T v) noexcept : simt_v(v) {}
    atomic_value(const atomic_value &) = delete;
    atomic_value &operator=(const atomic_value &) = delete;
    atomic_value &operator=(const atomic_value &) volatile = delete;
    T operator=(T v) noexcept
    {
        this->store(v);
        return v;
    }
};

/* A reference to an object used atomically. */
template <class T, int Scope>
struct atomic_reference : atomic_arith<atomic_reference<T, Scope>, T> {
    static constexpr size_t required_alignment = sizeof(T) > alignof(T) ? sizeof(T) : alignof(T);
    T *simt_r;
    T *simt_ptr() const { return simt_r; }
    explicit atomic_reference(T &obj) noexcept : simt_r(&obj) {}
    atomic_reference(const atomic_reference &) noexcept = default;
    atomic_reference &operator=(const atomic_reference &) = delete;
    T operator=(T v) const noexcept
    {
        this->store(v);
        return v;
    }
};

} /* namespace simt_detail */

namespace cuda {
namespace std {

template <class T> struct atomic : simt_detail::atomic_value<T, thread_scope_system> {
    using value_type = T;
    atomic() noexcept = default;
    constexpr atomic(T v) noexcept : simt_detail::atomic_value<T, thread_scope_system>(v) {}
    using simt_detail::atomic_value<T, thread_scope_system>::operator=;
};

template <class T> struct atomic_ref : simt_detail::atomic_reference<T, thread_scope_system> {
    using value_type = T;
    explicit atomic_ref(T &obj) noexcept : simt_detail::atomic_reference<T, thread_scope_system>(obj)
    {
    }
    using simt_detail::atomic_reference<T, thread_scope_system>::operator=;
};

struct atomic_flag {
    alignas(4) mutable unsigned simt_v;
    atomic_flag() noexcept = default;
    constexpr atomic_flag(bool v) noexcept : simt_v(v) {}
    atomic_flag(const atomic_flag &) = delete;
    atomic_flag &operator=(const atomic_flag &) = delete;
    bool test_and_set(memory_order o = memory_order_seq_cst) noexcept
    {
        return __atomic_exchange_n(&simt_v, 1u, o) != 0;
    }
    bool test(memory_order o = memory_order_seq_cst) const noexcept
    {
        return __atomic_load_n(&simt_v, o) != 0;
    }
    void clear(memory_order o = memory_order_seq_cst) noexcept { __atomic_store_n(&simt_v, 0u, o); }
    void wait(bool old, memory_order o = memory_order_seq_cst, SIMT__LOC) const
    {
        (void)o;
        simt_atomic_wait(&simt_v, old ? 1u : 0u, 4, SIMT__AT);
    }
    void notify_one() noexcept { simt_atomic_notify(&simt_v, 0); }
    void notify_all() noexcept { simt_atomic_notify(&simt_v, 1); }
};

inline void atomic_thread_fence(memory_order o) noexcept { __atomic_thread_fence(o); }
inline void atomic_signal_fence(memory_order o) noexcept { __atomic_signal_fence(o); }
template <class T> inline T kill_dependency(T y) noexcept { return y; }

/* The C-style free functions. */
template <class A> inline auto atomic_load(const A *a) noexcept -> decltype(a->load())
{
    return a->load();
}
template <class A, class T> inline void atomic_store(A *a, T v) noexcept { a->store(v); }
template <class A, class T> inline auto atomic_exchange(A *a, T v) noexcept -> decltype(a->load())
{
    return a->exchange(v);
}
template <class A, class T> inline auto atomic_fetch_add(A *a, T v) noexcept -> decltype(a->load())
{
    return a->fetch_add(v);
}
template <class A, class T> inline auto atomic_fetch_sub(A *a, T v) noexcept -> decltype(a->load())
{
    return a->fetch_sub(v);
}
template <class A, class T>
inline bool atomic_compare_exchange_strong(A *a, T *expected, T desired) noexcept
{
    return a->compare_exchange_strong(*expected, desired);
}
template <class A, class T>
inline bool atomic_compare_exchange_weak(A *a, T *expected, T desired) noexcept
{
    return a->compare_exchange_weak(*expected, desired);
}

} /* namespace std */

template <class T, thread_scope Scope = thread_scope_system>
struct atomic : simt_detail::atomic_value<T, Scope> {
    using value_type = T;
    atomic() noexcept = default;
    constexpr atomic(T v) noexcept : simt_detail::atomic_value<T, Scope>(v) {}
    using simt_detail::atomic_value<T, Scope>::operator=;
};

template <class T, thread_scope Scope = thread_scope_system>
struct atomic_ref : simt_detail::atomic_reference<T, Scope> {
    using value_type = T;
    explicit atomic_ref(T &obj) noexcept : simt_detail::atomic_reference<T, Scope>(obj) {}
    using simt_detail::atomic_reference<T, Scope>::operator=;
};

template <thread_scope Scope = thread_scope_system> struct atomic_flag : std::atomic_flag {
    using std::atomic_flag::atomic_flag;
};

/* The scope narrows what must be ordered; a CPU fence orders everything. */
inline void atomic_thread_fence(memory_order o, thread_scope s = thread_scope_system) noexcept
{
    (void)s;
    __atomic_thread_fence(o);
}
using std::atomic_signal_fence;

} /* namespace cuda */

#endif /* SIMT_LIBCU_ATOMIC_HPP */
