/*
 * cooperative_groups/reduce.h: cg::reduce, reduce_update_async and
 * reduce_store_async (CUDA guide 5.6.3.4) for thread_block_tile and
 * coalesced_group; the operators are in details/functional.h.
 */
#ifndef SIMT_COOPERATIVE_GROUPS_REDUCE_H
#define SIMT_COOPERATIVE_GROUPS_REDUCE_H
#pragma GCC system_header

#include "../cooperative_groups.h"
#include "details/collectives.h"

namespace cooperative_groups {

/* Every thread gets the reduction of all members' values. */
template <typename TyGroup, typename TyVal, typename TyFn>
inline auto reduce(const TyGroup &group, TyVal &&val, TyFn &&op, SIMT_CG_AT) -> decltype(op(val, val))
{
    using T = details::remove_qual<TyVal>;
    static_assert(details::check_collective<TyGroup, T, TyFn>::ok, "");
    return details::reduce_of(group, T(val), op, SIMT_CG_HERE);
}

/* One member updates the atomic by the reduction (CUDA guide 5.6.3.4.2);
 * the group must synchronize before others see it. */
template <typename TyGroup, typename TyAtomic, typename TyVal, typename TyFn,
          details::not_pointer<TyAtomic> = 0>
inline void reduce_update_async(const TyGroup &group, TyAtomic &&dst, TyVal &&val, TyFn &&op, SIMT_CG_AT)
{
    using T = details::remove_qual<TyVal>;
    static_assert(details::check_collective<TyGroup, T, TyFn>::ok, "");
    static_assert(std::is_same<details::atomic_value<TyAtomic>, T>::value,
                  "reduce_update_async: the atomic's type and the value's type differ");
    auto update = [&](const T &result) { details::atomic_update(dst, result, op); };
    details::reduce_async_of(group, T(val), op, update, SIMT_CG_HERE);
}

template <typename TyGroup, typename TyAtomic, typename TyVal, typename TyFn,
          details::not_pointer<TyAtomic> = 0>
inline void reduce_store_async(const TyGroup &group, TyAtomic &&dst, TyVal &&val, TyFn &&op, SIMT_CG_AT)
{
    using T = details::remove_qual<TyVal>;
    static_assert(details::check_collective<TyGroup, T, TyFn>::ok, "");
    static_assert(std::is_same<details::atomic_value<TyAtomic>, T>::value,
                  "reduce_store_async: the atomic's type and the value's type differ");
    auto store = [&](const T &result) { dst.store(result); };
    details::reduce_async_of(group, T(val), op, store, SIMT_CG_HERE);
}

/* The pointer form stores weakly (a plain store). */
template <typename TyGroup, typename TyDst, typename TyVal, typename TyFn>
inline void reduce_store_async(const TyGroup &group, TyDst *dst, TyVal &&val, TyFn &&op, SIMT_CG_AT)
{
    using T = details::remove_qual<TyVal>;
    static_assert(details::check_collective<TyGroup, T, TyFn>::ok, "");
    static_assert(std::is_same<details::remove_qual<TyDst>, T>::value,
                  "reduce_store_async: the destination's type and the value's type differ");
    auto store = [&](const T &result) { *dst = result; };
    details::reduce_async_of(group, T(val), op, store, SIMT_CG_HERE);
}

} /* namespace cooperative_groups */

#endif /* SIMT_COOPERATIVE_GROUPS_REDUCE_H */
