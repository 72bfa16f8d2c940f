/*
 * cooperative_groups/scan.h: inclusive_scan, exclusive_scan and their
 * atomic-updating forms (CUDA guide 5.6.3.5) for thread_block_tile and
 * coalesced_group.
 */
#ifndef SIMT_COOPERATIVE_GROUPS_SCAN_H
#define SIMT_COOPERATIVE_GROUPS_SCAN_H
#pragma GCC system_header

#include "../cooperative_groups.h"
#include "details/collectives.h"

namespace cooperative_groups {

template <typename TyGroup, typename TyVal, typename TyFn>
inline auto inclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op, SIMT_CG_AT) -> decltype(op(val, val))
{
    using T = details::remove_qual<TyVal>;
    static_assert(details::check_collective<TyGroup, T, TyFn>::ok, "");
    return details::scan_of<false>(group, T(val), op, SIMT_CG_HERE);
}

template <typename TyGroup, typename TyVal>
inline details::remove_qual<TyVal> inclusive_scan(const TyGroup &group, TyVal &&val, SIMT_CG_AT)
{
    return inclusive_scan(group, std::forward<TyVal>(val),
                          cooperative_groups::plus<details::remove_qual<TyVal>>(), SIMT_CG_FWD);
}

/* Rank 0's result is a value-initialized T (0 for cg::plus of integers). */
template <typename TyGroup, typename TyVal, typename TyFn>
inline auto exclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op, SIMT_CG_AT) -> decltype(op(val, val))
{
    using T = details::remove_qual<TyVal>;
    static_assert(details::check_collective<TyGroup, T, TyFn>::ok, "");
    return details::scan_of<true>(group, T(val), op, SIMT_CG_HERE);
}

template <typename TyGroup, typename TyVal>
inline details::remove_qual<TyVal> exclusive_scan(const TyGroup &group, TyVal &&val, SIMT_CG_AT)
{
    return exclusive_scan(group, std::forward<TyVal>(val),
                          cooperative_groups::plus<details::remove_qual<TyVal>>(), SIMT_CG_FWD);
}

/* The scan, offset by the atomic's old value; the atomic grows by the
 * group's total (CUDA guide 5.6.3.5.1, "Scan update"). */
template <typename TyGroup, typename TyAtomic, typename TyVal, typename TyFn>
inline auto inclusive_scan_update(const TyGroup &group, TyAtomic &&dst, TyVal &&val, TyFn &&op, SIMT_CG_AT)
    -> decltype(op(val, val))
{
    using T = details::remove_qual<TyVal>;
    static_assert(details::check_collective<TyGroup, T, TyFn>::ok, "");
    static_assert(std::is_same<details::atomic_value<TyAtomic>, T>::value,
                  "inclusive_scan_update: the atomic's type and the value's type differ");
    return details::scan_update_of<false>(group, dst, T(val), op, SIMT_CG_HERE);
}

template <typename TyGroup, typename TyAtomic, typename TyVal>
inline details::remove_qual<TyVal> inclusive_scan_update(const TyGroup &group, TyAtomic &&dst, TyVal &&val,
                                                         SIMT_CG_AT)
{
    return inclusive_scan_update(group, dst, std::forward<TyVal>(val),
                                 cooperative_groups::plus<details::remove_qual<TyVal>>(), SIMT_CG_FWD);
}

template <typename TyGroup, typename TyAtomic, typename TyVal, typename TyFn>
inline auto exclusive_scan_update(const TyGroup &group, TyAtomic &&dst, TyVal &&val, TyFn &&op, SIMT_CG_AT)
    -> decltype(op(val, val))
{
    using T = details::remove_qual<TyVal>;
    static_assert(details::check_collective<TyGroup, T, TyFn>::ok, "");
    static_assert(std::is_same<details::atomic_value<TyAtomic>, T>::value,
                  "exclusive_scan_update: the atomic's type and the value's type differ");
    return details::scan_update_of<true>(group, dst, T(val), op, SIMT_CG_HERE);
}

template <typename TyGroup, typename TyAtomic, typename TyVal>
inline details::remove_qual<TyVal> exclusive_scan_update(const TyGroup &group, TyAtomic &&dst, TyVal &&val,
                                                         SIMT_CG_AT)
{
    return exclusive_scan_update(group, dst, std::forward<TyVal>(val),
                                 cooperative_groups::plus<details::remove_qual<TyVal>>(), SIMT_CG_FWD);
}

} /* namespace cooperative_groups */

#endif /* SIMT_COOPERATIVE_GROUPS_SCAN_H */
