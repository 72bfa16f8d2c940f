/*
 * cub/detail/simt_tile_sort.cuh: what BlockMergeSort and WarpMergeSort
 * share: a tile of keys (and values) held blocked by a group of threads
 * (a block or a logical warp), sorted stably with compare_op by the
 * group's first thread and handed back blocked.  Each thread deposits its
 * items, the group synchronizes, thread 0 sorts, the group synchronizes,
 * each thread takes its items back.  With valid_items, the keys from
 * valid_items on become oob_default before the sort, as in CUB.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_TILE_SORT_CUH
#define SIMT_CUB_DETAIL_SIMT_TILE_SORT_CUH
#pragma GCC system_header

#include <algorithm>
#include <new>
#include <vector>
#include "simt_block.cuh"

namespace simt_cub {

template <class KeyT, class ValueT, int ITEMS, int TILE>
struct tile_sort_storage {
    static constexpr bool KEYS_ONLY = ::std::is_same<ValueT, ::cub::NullType>::value;
    slots<KeyT, TILE> keys;
    slots<ValueT, KEYS_ONLY ? 1 : TILE> values;

    /* rank: the caller's thread in the group; sync: the group's barrier;
     * items: the caller's values, or null for keys alone. */
    template <class CompareOp, class Sync>
    void sort(int rank, KeyT (&k)[ITEMS], ValueT *items, CompareOp &op, int valid, const KeyT *oob, Sync sync)
    {
        for (int i = 0; i < ITEMS; i++) {
            int at = rank * ITEMS + i;
            ::new ((void *)&keys[at]) KeyT(oob && at >= valid ? *oob : k[i]);
            if constexpr (!KEYS_ONLY)
                if (items)
                    ::new ((void *)&values[at]) ValueT(items[i]);
        }
        sync();
        if (rank == 0) {
            ::std::vector<int> order(TILE);
            for (int i = 0; i < TILE; i++)
                order[i] = i;
            ::std::vector<KeyT> kk(keys.data(), keys.data() + TILE);
            ::std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return (bool)op(kk[a], kk[b]); });
            for (int i = 0; i < TILE; i++)
                keys[i] = kk[order[i]];
            if constexpr (!KEYS_ONLY)
                if (items) {
                    ::std::vector<ValueT> v(values.data(), values.data() + TILE);
                    for (int i = 0; i < TILE; i++)
                        values[i] = v[order[i]];
                }
        }
        sync();
        for (int i = 0; i < ITEMS; i++) {
            k[i] = keys[rank * ITEMS + i];
            if constexpr (!KEYS_ONLY)
                if (items)
                    items[i] = values[rank * ITEMS + i];
        }
    }
};

} /* namespace simt_cub */

#endif
