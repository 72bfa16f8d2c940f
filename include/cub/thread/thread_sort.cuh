/*
 * cub/thread/thread_sort.cuh: cub::StableOddEvenSort (CUB 3.0): a thread's
 * keys (and values, unless ValueT is cub::NullType) sorted in registers by
 * odd-even transposition, ITEMS_PER_THREAD rounds of neighbour swaps.
 * Stable: neighbours swap only when the right one is ordered strictly
 * before the left one.
 */
#ifndef SIMT_CUB_THREAD_THREAD_SORT_CUH
#define SIMT_CUB_THREAD_THREAD_SORT_CUH
#pragma GCC system_header

#include <type_traits>
#include <utility>
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

template <typename KeyT, typename ValueT, typename CompareOp, int ITEMS_PER_THREAD>
inline void StableOddEvenSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD],
                              CompareOp compare_op)
{
    constexpr bool keys_only = ::std::is_same<ValueT, NullType>::value;
    for (int round = 0; round < ITEMS_PER_THREAD; ++round) {
        for (int j = round & 1; j < ITEMS_PER_THREAD - 1; j += 2) {
            if (compare_op(keys[j + 1], keys[j])) {
                using ::std::swap;
                swap(keys[j], keys[j + 1]);
                if constexpr (!keys_only)
                    swap(items[j], items[j + 1]);
            }
        }
    }
}

CUB_NAMESPACE_END

#endif
