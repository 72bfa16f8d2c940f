/*
 * simt/libcu/base.hpp: what simt's libcu++ headers share: the cuda and
 * cuda::std namespaces, thread scopes, memory orders, aligned sizes.
 *
 * cuda::std holds simt's own classes (atomic, barrier, latch, ...) and,
 * through a using-directive, every name of the host's standard library, so
 * cuda::std::move or cuda::std::chrono mean the host's.  numeric_limits is
 * libcu++'s own template, as in CCCL (derived from the host's, so it has
 * the host's specializations): code specializes ::std's and cuda::std's
 * separately, and one specialization each must not be a redefinition.
 * Inside namespace cuda, `std` names cuda::std: these headers spell the
 * host library ::std.
 *
 * Operations that can be misused take the caller's file and line as
 * defaulted arguments (SIMT__LOC), so diagnostics name the user's line.
 */
#ifndef SIMT_LIBCU_BASE_HPP
#define SIMT_LIBCU_BASE_HPP
#pragma GCC system_header

#include <stddef.h>
#include <stdint.h>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>

#include "../core/mbarrier.h"

#define SIMT__LOC const char *simt__file = __builtin_FILE(), unsigned simt__line = __builtin_LINE()
#define SIMT__AT simt__file, simt__line

namespace cuda {
namespace std {
using namespace ::std;

template <class T> class numeric_limits : public ::std::numeric_limits<T> {};

/* libcu++: the scopes are __ATOMIC_SYSTEM .. __ATOMIC_THREAD. */
enum thread_scope {
    thread_scope_system = 0,
    thread_scope_device = 1,
    thread_scope_block = 2,
    thread_scope_thread = 3
};

enum memory_order : int {
    memory_order_relaxed = __ATOMIC_RELAXED,
    memory_order_consume = __ATOMIC_CONSUME,
    memory_order_acquire = __ATOMIC_ACQUIRE,
    memory_order_release = __ATOMIC_RELEASE,
    memory_order_acq_rel = __ATOMIC_ACQ_REL,
    memory_order_seq_cst = __ATOMIC_SEQ_CST
};

struct __empty_completion {
    void operator()() noexcept {}
};
} /* namespace std */

using std::thread_scope;
using std::thread_scope_block;
using std::thread_scope_device;
using std::thread_scope_system;
using std::thread_scope_thread;
using std::memory_order;
using std::memory_order_acq_rel;
using std::memory_order_acquire;
using std::memory_order_consume;
using std::memory_order_relaxed;
using std::memory_order_release;
using std::memory_order_seq_cst;

/* A size that is a multiple of Alignment, with pointers aligned to it. */
template <::std::size_t Alignment> struct aligned_size_t {
    static constexpr ::std::size_t align = Alignment;
    ::std::size_t value;
    explicit constexpr aligned_size_t(::std::size_t s) : value(s) {}
    constexpr operator ::std::size_t() const { return value; }
};

enum async_contract_fulfillment { none, async };

namespace device {
enum class address_space { global, shared, constant, local, grid_constant, cluster_shared };
/* Where a pointer points, as far as a CPU can tell: the running block's
 * shared memory, or not. */
inline bool is_address_from(const void *p, address_space s)
{
    bool shared = simt_is_shared(p) != 0;
    return s == address_space::shared ? shared : s == address_space::global ? !shared : false;
}
} /* namespace device */
} /* namespace cuda */

namespace simt_detail {
/* The alignment an aligned_size_t (or a plain size) promises. */
template <class S> struct size_align { static constexpr ::std::size_t value = 1; };
template <::std::size_t A> struct size_align<cuda::aligned_size_t<A>> {
    static constexpr ::std::size_t value = A;
};

constexpr int fail_order(int o)
{
    return o == __ATOMIC_ACQ_REL ? __ATOMIC_ACQUIRE : o == __ATOMIC_RELEASE ? __ATOMIC_RELAXED : o;
}

template <class Rep, class Period>
inline uint64_t duration_ns(const ::std::chrono::duration<Rep, Period> &d)
{
    auto ns = ::std::chrono::duration_cast<::std::chrono::nanoseconds>(d).count();
    return ns < 0 ? 0 : (uint64_t)ns;
}
} /* namespace simt_detail */

#endif /* SIMT_LIBCU_BASE_HPP */
