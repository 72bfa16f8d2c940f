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

/* CUB's merge sort interface over a tile sort (BlockMergeSort's and
 * WarpMergeSort's, as CUB's BlockMergeSortStrategy is for both): Derived
 * gives Sync(), its group's barrier. */
template <class Derived, class KeyT, class ValueT, int ITEMS, int TILE>
class merge_sort_strategy {
protected:
    typedef tile_sort_storage<KeyT, ValueT, ITEMS, TILE> storage_t;
    storage_t &temp_storage;
    int rank;

    merge_sort_strategy(storage_t &temp_storage, int rank) : temp_storage(temp_storage), rank(rank) {}

    template <typename CompareOp>
    void sort_tile(KeyT (&keys)[ITEMS], ValueT *items, CompareOp &op, int valid, const KeyT *oob)
    {
        const Derived &group = static_cast<const Derived &>(*this);
        temp_storage.sort(rank, keys, items, op, valid, oob, [&group] { group.Sync(); });
    }

public:
    template <typename CompareOp> void Sort(KeyT (&keys)[ITEMS], CompareOp compare_op)
    {
        sort_tile(keys, nullptr, compare_op, TILE, nullptr);
    }
    template <typename CompareOp>
    void Sort(KeyT (&keys)[ITEMS], CompareOp compare_op, int valid_items, KeyT oob_default)
    {
        sort_tile(keys, nullptr, compare_op, valid_items, &oob_default);
    }
    template <typename CompareOp> void Sort(KeyT (&keys)[ITEMS], ValueT (&items)[ITEMS], CompareOp compare_op)
    {
        sort_tile(keys, items, compare_op, TILE, nullptr);
    }
    template <typename CompareOp, bool IS_LAST_TILE = true>
    void Sort(KeyT (&keys)[ITEMS], ValueT (&items)[ITEMS], CompareOp compare_op, int valid_items, KeyT oob_default)
    {
        sort_tile(keys, items, compare_op, valid_items, IS_LAST_TILE ? &oob_default : nullptr);
    }
    /* The tile sort is stable: StableSort is Sort. */
    template <typename CompareOp> void StableSort(KeyT (&keys)[ITEMS], CompareOp compare_op)
    {
        Sort(keys, compare_op);
    }
    template <typename CompareOp> void StableSort(KeyT (&keys)[ITEMS], ValueT (&items)[ITEMS], CompareOp compare_op)
    {
        Sort(keys, items, compare_op);
    }
    template <typename CompareOp>
    void StableSort(KeyT (&keys)[ITEMS], CompareOp compare_op, int valid_items, KeyT oob_default)
    {
        Sort(keys, compare_op, valid_items, oob_default);
    }
    template <typename CompareOp, bool IS_LAST_TILE = true>
    void StableSort(KeyT (&keys)[ITEMS], ValueT (&items)[ITEMS], CompareOp compare_op, int valid_items,
                    KeyT oob_default)
    {
        Sort<CompareOp, IS_LAST_TILE>(keys, items, compare_op, valid_items, oob_default);
    }
};

} /* namespace simt_cub */

#endif
