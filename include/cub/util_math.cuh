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

CUB_NAMESPACE_END

#endif
