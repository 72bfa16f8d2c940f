/*
 * cub/thread/thread_search.cuh: a thread's searches of a sorted sequence
 * (CUB 3.0's cub::LowerBound, cub::UpperBound, and the deprecated
 * cub::MergePathSearch), with operator< as the order.
 */
#ifndef SIMT_CUB_THREAD_THREAD_SEARCH_CUH
#define SIMT_CUB_THREAD_THREAD_SEARCH_CUH
#pragma GCC system_header

#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

/* The offset of the first of input[0, num_items) not less than val. */
template <typename InputIteratorT, typename OffsetT, typename T>
inline OffsetT LowerBound(InputIteratorT input, OffsetT num_items, T val)
{
    OffsetT at = 0;
    while (num_items > 0) {
        OffsetT half = num_items >> 1;
        if (input[at + half] < val) {
            at = at + (half + 1);
            num_items = num_items - (half + 1);
        } else {
            num_items = half;
        }
    }
    return at;
}

/* The offset of the first of input[0, num_items) greater than val. */
template <typename InputIteratorT, typename OffsetT, typename T>
inline OffsetT UpperBound(InputIteratorT input, OffsetT num_items, T val)
{
    OffsetT at = 0;
    while (num_items > 0) {
        OffsetT half = num_items >> 1;
        if (val < input[at + half]) {
            num_items = half;
        } else {
            at = at + (half + 1);
            num_items = num_items - (half + 1);
        }
    }
    return at;
}

/* Where diagonal `diagonal` of the merge of a[0, a_len) and b[0, b_len)
 * crosses the merge path: path_coordinate.x items of a and .y of b come
 * before it (a's items first among equals).  Deprecated since CUB 3.0. */
template <typename AIteratorT, typename BIteratorT, typename OffsetT, typename CoordinateT>
inline void MergePathSearch(OffsetT diagonal, AIteratorT a, BIteratorT b, OffsetT a_len, OffsetT b_len,
                            CoordinateT &path_coordinate)
{
    OffsetT lo = diagonal - b_len > 0 ? diagonal - b_len : 0;
    OffsetT hi = diagonal < a_len ? diagonal : a_len;
    while (lo < hi) {
        OffsetT pivot = (lo + hi) >> 1;
        if (a[pivot] <= b[diagonal - pivot - 1])
            lo = pivot + 1;
        else
            hi = pivot;
    }
    path_coordinate.x = lo < a_len ? lo : a_len;
    path_coordinate.y = diagonal - lo;
}

CUB_NAMESPACE_END

#endif
