/*
 * cub/util_math.cuh: integer helpers.
 */
#ifndef SIMT_CUB_UTIL_MATH_CUH
#define SIMT_CUB_UTIL_MATH_CUH
#pragma GCC system_header

#include <type_traits>
#include "config.cuh"
#include <cuda/cmath> /* cuda::ceil_div, which CCCL's util_math.cuh brings too */

CUB_NAMESPACE_BEGIN

template <typename NumeratorT, typename DenominatorT>
constexpr NumeratorT DivideAndRoundUp(NumeratorT n, DenominatorT d)
{
    return static_cast<NumeratorT>(n / d + (n % d != 0 ? 1 : 0));
}
template <typename T> constexpr T RoundUpToPowerOfTwo(T v)
{
    T p = 1;
    while (p < v)
        p *= 2;
    return p;
}
template <typename T> constexpr T MidPoint(T begin, T end)
{
    return begin + (end - begin) / 2;
}

/* How CUB's tunings scale items per thread given for 4-byte items (or
 * for 8 bytes of a pair's combined size, or for 8-byte items) to the
 * item's size: never more than given, never fewer than one. */
constexpr int Nominal4BItemsToItemsCombined(int nominal_4b_items_per_thread, int combined_bytes)
{
    int scaled = nominal_4b_items_per_thread * 8 / combined_bytes;
    scaled = scaled > 1 ? scaled : 1;
    return scaled < nominal_4b_items_per_thread ? scaled : nominal_4b_items_per_thread;
}

template <typename T>
constexpr int Nominal4BItemsToItems(int nominal_4b_items_per_thread)
{
    int scaled = nominal_4b_items_per_thread * 4 / (int)sizeof(T);
    scaled = scaled > 1 ? scaled : 1;
    return scaled < nominal_4b_items_per_thread ? scaled : nominal_4b_items_per_thread;
}

template <typename ItemT>
constexpr int Nominal8BItemsToItems(int nominal_8b_items_per_thread)
{
    if (sizeof(ItemT) <= 8)
        return nominal_8b_items_per_thread;
    int scaled = (nominal_8b_items_per_thread * 8 + (int)sizeof(ItemT) - 1) / (int)sizeof(ItemT);
    scaled = scaled > 1 ? scaled : 1;
    return scaled < nominal_8b_items_per_thread ? scaled : nominal_8b_items_per_thread;
}

CUB_NAMESPACE_END

#endif
