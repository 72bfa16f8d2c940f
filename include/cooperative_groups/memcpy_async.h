/*
 * cooperative_groups/memcpy_async.h: cg::memcpy_async, wait and wait_prior
 * (CUDA guide 5.6.3.2) over the core's per-thread asynchronous copies
 * (simt/core/pipeline.h).
 *
 * Each member copies its share of the bytes as one batch of its own
 * pipeline (as CUDA's implementation issues cp.async per thread and
 * commits): a copy from global into shared memory lands when the thread
 * waits for its batch, so reading the destination before cg::wait sees the
 * old bytes, as on a GPU; other copies are done at once.  wait and
 * wait_prior then synchronize the group.
 */
#ifndef SIMT_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define SIMT_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#pragma GCC system_header

#include <stddef.h>
#include <stdint.h>

#include "../cooperative_groups.h"
#include "../simt/core/mbarrier.h"
#include "../simt/core/pipeline.h"

namespace cooperative_groups {
namespace details {

template <class G>
struct async_group : std::false_type {};
template <>
struct async_group<thread_block> : std::true_type {};
template <>
struct async_group<coalesced_group> : std::true_type {};
template <unsigned S, class P>
struct async_group<thread_block_tile<S, P>> : std::true_type {};

template <class G>
static inline void check_async_group()
{
    static_assert(async_group<remove_qual<G>>::value,
                  "memcpy_async: the group must be a thread_block, a thread_block_tile or a "
                  "coalesced_group (groups whose threads share the block's shared memory)");
}

/* A size: bytes or elements, and the alignment it promises (aligned_size_t
 * or anything of the form Template<N> convertible to size_t). */
template <class S, class = void>
struct size_of_layout {
    static constexpr size_t align = 0;
    static size_t get(const S &s) { return (size_t)s; }
};
template <template <size_t> class A, size_t N>
struct size_of_layout<A<N>, void> {
    static constexpr size_t align = N;
    static size_t get(const A<N> &s) { return (size_t)s; }
};

/* The calling member's share: contiguous slices of 16-byte multiples. */
template <class G>
static inline void copy_share(const G &g, char *dst, const char *src, size_t bytes, size_t align,
                              at_t at)
{
    if (align) {
        const char *bad = (uintptr_t)dst % align ? "destination" : (uintptr_t)src % align ? "source" : 0;
        if (bad)
            simt_cg_misuse(at.file, at.line,
                           "align both pointers as the aligned_size_t promises (CUDA guide "
                           "5.6.3.2.1)",
                           "memcpy_async with aligned_size_t<%zu>, but the %s %p is not aligned "
                           "to %zu bytes",
                           align, bad, bad[0] == 'd' ? (const void *)dst : (const void *)src, align);
        if (bytes % align)
            simt_cg_misuse(at.file, at.line,
                           "copy a multiple of the aligned_size_t's alignment (CUDA guide "
                           "5.6.3.2.1)",
                           "memcpy_async of %zu bytes with aligned_size_t<%zu>", bytes, align);
    }
    size_t n = g.num_threads(), rank = g.thread_rank();
    size_t share = (bytes + n - 1) / n;
    share = (share + 15) & ~(size_t)15;
    size_t begin = rank * share;
    if (begin < bytes) {
        size_t len = bytes - begin < share ? bytes - begin : share;
        if (simt_is_shared(dst) && !simt_is_shared(src))
            simt_pipe_copy(dst + begin, src + begin, len, 0);
        else
            memmove(dst + begin, src + begin, len);
    }
    simt_pipe_commit();
}

} /* namespace details */

/* Usage 1: count bytes (CUDA guide 5.6.3.2.1). */
template <class TyGroup, typename TyElem, typename TySizeT>
inline void memcpy_async(const TyGroup &group, TyElem *__restrict__ _dst, const TyElem *__restrict__ _src,
                         const TySizeT &count, SIMT_CG_AT)
{
    details::check_async_group<TyGroup>();
    using L = details::size_of_layout<TySizeT>;
    details::copy_share(group, (char *)(void *)_dst, (const char *)(const void *)_src, L::get(count),
                        L::align, SIMT_CG_HERE);
}

/* Usage 2: min(dstLayout, srcLayout) elements. */
template <class TyGroup, class TyElem, typename DstLayout, typename SrcLayout>
inline void memcpy_async(const TyGroup &group, TyElem *__restrict__ dst, const DstLayout &dstLayout,
                         const TyElem *__restrict__ src, const SrcLayout &srcLayout, SIMT_CG_AT)
{
    details::check_async_group<TyGroup>();
    using LD = details::size_of_layout<DstLayout>;
    using LS = details::size_of_layout<SrcLayout>;
    static_assert(LD::align == LS::align,
                  "memcpy_async: both layouts must promise the same alignment (CUDA guide "
                  "5.6.3.2.1)");
    size_t nd = LD::get(dstLayout), ns = LS::get(srcLayout);
    details::copy_share(group, (char *)(void *)dst, (const char *)(const void *)src,
                        (nd < ns ? nd : ns) * sizeof(TyElem), LD::align, SIMT_CG_HERE);
}

/* Waits until at most NumStages of this thread's latest memcpy_async
 * batches are still in flight, then synchronizes the group. */
template <unsigned int NumStages, class TyGroup>
inline void wait_prior(const TyGroup &group, SIMT_CG_AT)
{
    simt_pipe_wait_prior(NumStages);
    group.sync(SIMT_CG_FWD);
}

template <class TyGroup>
inline void wait(const TyGroup &group, SIMT_CG_AT)
{
    simt_pipe_wait_prior(0);
    group.sync(SIMT_CG_FWD);
}

} /* namespace cooperative_groups */

#endif /* SIMT_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H */
