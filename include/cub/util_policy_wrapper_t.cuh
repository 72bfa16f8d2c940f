/*
 * cub/util_policy_wrapper_t.cuh: cub::detail::policy_wrapper_t (CUB 3.0),
 * a tuning policy with its block size and items per thread replaced.
 * simt's CUB has no tuning policies of its own (its device algorithms
 * choose their chunks from the worker count); this is for code that
 * builds its own policies on CUB's.
 */
#ifndef SIMT_CUB_UTIL_POLICY_WRAPPER_T_CUH
#define SIMT_CUB_UTIL_POLICY_WRAPPER_T_CUH
#pragma GCC system_header

#include "config.cuh"

CUB_NAMESPACE_BEGIN
namespace detail
{
template <typename PolicyT, int BLOCK_THREADS_, int ITEMS_PER_THREAD_ = PolicyT::ITEMS_PER_THREAD>
struct policy_wrapper_t : PolicyT {
    static constexpr int ITEMS_PER_THREAD = ITEMS_PER_THREAD_;
    static constexpr int BLOCK_THREADS = BLOCK_THREADS_;
    static constexpr int ITEMS_PER_TILE = BLOCK_THREADS * ITEMS_PER_THREAD;
};
} // namespace detail
CUB_NAMESPACE_END

#endif
