/*
 * simt/libcu/ptx.hpp: the part of libcu++'s cuda::ptx that CUDA's barrier
 * examples use: elect.sync, the mbarrier instructions, the bulk copy that
 * completes transaction bytes on an mbarrier, and the proxy fence.
 *
 * Each is the core's operation (simt/core/mbarrier.h, simt/core/warp.h); the tag
 * arguments (sem_*, scope_*, space_*) select PTX variants that a CPU runs
 * alike.
 */
#ifndef SIMT_LIBCU_PTX_HPP
#define SIMT_LIBCU_PTX_HPP
#pragma GCC system_header

#include <stdio.h>
#include "base.hpp"
#include "../core/warp.h"

namespace cuda {
namespace ptx {

struct sem_release_t {};
struct sem_acquire_t {};
struct sem_relaxed_t {};
struct scope_cta_t {};
struct scope_cluster_t {};
struct scope_gpu_t {};
struct scope_sys_t {};
struct space_shared_t {};
struct space_cluster_t {};
struct space_global_t {};
constexpr sem_release_t sem_release{};
constexpr sem_acquire_t sem_acquire{};
constexpr sem_relaxed_t sem_relaxed{};
constexpr scope_cta_t scope_cta{};
constexpr scope_cluster_t scope_cluster{};
constexpr scope_gpu_t scope_gpu{};
constexpr scope_sys_t scope_sys{};
constexpr space_shared_t space_shared{};
constexpr space_cluster_t space_cluster{};
constexpr space_global_t space_global{};

/* %laneid: the lane of the calling thread in its warp. */
inline ::std::uint32_t get_sreg_laneid()
{
    return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31;
}

/* elect.sync: one lane of membermask (every one of them must call it)
 * is elected, the lowest. */
inline bool elect_sync(const ::std::uint32_t &membermask, SIMT__LOC)
{
    unsigned lanes = simt_vote(simt_site(simt__file, simt__line), SIMT_VOTE_BALLOT,
                               membermask, 1);
    return lanes && get_sreg_laneid() == (::std::uint32_t)__builtin_ctz(lanes);
}

inline void mbarrier_init(::std::uint64_t *addr, const ::std::uint32_t &count, SIMT__LOC)
{
    simt_mbar_init(addr, count, SIMT_MBAR_NATIVE_MAX, nullptr, nullptr, SIMT_MBAR_NATIVE, SIMT__AT);
}

inline ::std::uint64_t mbarrier_arrive(::std::uint64_t *addr, SIMT__LOC)
{
    return simt_mbar_arrive(addr, 1, 0, 0, nullptr, nullptr, SIMT_MBAR_NATIVE, SIMT__AT);
}
inline ::std::uint64_t mbarrier_arrive(::std::uint64_t *addr, const ::std::uint32_t &count,
                                       SIMT__LOC)
{
    return simt_mbar_arrive(addr, count, 0, 0, nullptr, nullptr, SIMT_MBAR_NATIVE, SIMT__AT);
}
template <class Sem, class Scope>
inline ::std::uint64_t mbarrier_arrive(Sem, Scope, space_shared_t, ::std::uint64_t *addr,
                                       SIMT__LOC)
{
    return simt_mbar_arrive(addr, 1, 0, 0, nullptr, nullptr, SIMT_MBAR_NATIVE, SIMT__AT);
}
template <class Sem, class Scope>
inline ::std::uint64_t mbarrier_arrive(Sem, Scope, space_shared_t, ::std::uint64_t *addr,
                                       const ::std::uint32_t &count, SIMT__LOC)
{
    return simt_mbar_arrive(addr, count, 0, 0, nullptr, nullptr, SIMT_MBAR_NATIVE, SIMT__AT);
}
template <class Sem, class Scope>
inline ::std::uint64_t mbarrier_arrive_expect_tx(Sem, Scope, space_shared_t,
                                                 ::std::uint64_t *addr,
                                                 const ::std::uint32_t &tx_count, SIMT__LOC)
{
    return simt_mbar_arrive(addr, 1, 0, tx_count, nullptr, nullptr, SIMT_MBAR_NATIVE, SIMT__AT);
}
template <class Sem, class Scope>
inline void mbarrier_expect_tx(Sem, Scope, space_shared_t, ::std::uint64_t *addr,
                               const ::std::uint32_t &tx_count, SIMT__LOC)
{
    simt_mbar_expect_tx(addr, tx_count, SIMT_MBAR_NATIVE, SIMT__AT);
}

inline bool mbarrier_test_wait(::std::uint64_t *addr, const ::std::uint64_t &state, SIMT__LOC)
{
    return simt_mbar_test_wait(addr, state, SIMT_MBAR_NATIVE, SIMT__AT);
}
inline bool mbarrier_test_wait_parity(::std::uint64_t *addr, const ::std::uint32_t &parity,
                                      SIMT__LOC)
{
    return simt_mbar_test_wait_parity(addr, parity, SIMT_MBAR_NATIVE, SIMT__AT);
}
inline bool mbarrier_try_wait(::std::uint64_t *addr, const ::std::uint64_t &state, SIMT__LOC)
{
    return simt_mbar_try_wait(addr, state, 0, SIMT_MBAR_NATIVE, SIMT__AT);
}
inline bool mbarrier_try_wait(::std::uint64_t *addr, const ::std::uint64_t &state,
                              const ::std::uint32_t &suspend_time_hint, SIMT__LOC)
{
    return simt_mbar_try_wait(addr, state, suspend_time_hint, SIMT_MBAR_NATIVE, SIMT__AT);
}
template <class Sem, class Scope>
inline bool mbarrier_try_wait(Sem, Scope, ::std::uint64_t *addr, const ::std::uint64_t &state,
                              SIMT__LOC)
{
    return simt_mbar_try_wait(addr, state, 0, SIMT_MBAR_NATIVE, SIMT__AT);
}
inline bool mbarrier_try_wait_parity(::std::uint64_t *addr, const ::std::uint32_t &parity,
                                     SIMT__LOC)
{
    return simt_mbar_try_wait_parity(addr, parity, 0, SIMT_MBAR_NATIVE, SIMT__AT);
}
inline bool mbarrier_try_wait_parity(::std::uint64_t *addr, const ::std::uint32_t &parity,
                                     const ::std::uint32_t &suspend_time_hint, SIMT__LOC)
{
    return simt_mbar_try_wait_parity(addr, parity, suspend_time_hint, SIMT_MBAR_NATIVE,
                                     SIMT__AT);
}
template <class Sem, class Scope>
inline bool mbarrier_try_wait_parity(Sem, Scope, ::std::uint64_t *addr,
                                     const ::std::uint32_t &parity, SIMT__LOC)
{
    return simt_mbar_try_wait_parity(addr, parity, 0, SIMT_MBAR_NATIVE, SIMT__AT);
}

/* cp.async.bulk global -> shared: size bytes (a multiple of 16, both
 * addresses 16-byte aligned) that complete as transaction bytes on the
 * mbarrier. */
template <class DstSpace>
inline void cp_async_bulk(DstSpace, space_global_t, void *dst, const void *src,
                          const ::std::uint32_t &size, ::std::uint64_t *smem_bar, SIMT__LOC)
{
    if (!simt_is_shared(dst) || (uintptr_t)dst % 16 || (uintptr_t)src % 16 || size % 16) {
        char what[200];
        snprintf(what, sizeof what,
                 "cuda::ptx::cp_async_bulk: destination %p, source %p, %u bytes", dst,
                 (const void *)src, (unsigned)size);
        simt_async_misuse(what,
                          "copy a multiple of 16 bytes between 16-byte aligned addresses, into "
                          "shared memory",
                          SIMT__AT);
    }
    simt_mbar_copy(smem_bar, dst, src, size, 0, 1, SIMT_MBAR_NATIVE, SIMT__AT);
}

/* The generic and async proxies see one memory here. */
inline void fence_proxy_async() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
template <class Space> inline void fence_proxy_async(Space) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void fence_mbarrier_init(sem_release_t, scope_cluster_t)
{
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

} /* namespace ptx */
} /* namespace cuda */

#endif /* SIMT_LIBCU_PTX_HPP */
