/*
 * cub/thread/thread_reduce.cuh: cub::ThreadReduce: a thread's items folded
 * left to right (optionally after a prefix).
 */
#ifndef SIMT_CUB_THREAD_THREAD_REDUCE_CUH
#define SIMT_CUB_THREAD_THREAD_REDUCE_CUH
#pragma GCC system_header

#include <iterator>
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

template <typename T, int LENGTH, typename ReductionOp>
inline T ThreadReduce(const T (&input)[LENGTH], ReductionOp reduction_op)
{
    T acc = input[0];
    for (int i = 1; i < LENGTH; i++)
        acc = reduction_op(acc, input[i]);
    return acc;
}
template <typename T, int LENGTH, typename ReductionOp, typename PrefixT>
inline T ThreadReduce(const T (&input)[LENGTH], ReductionOp reduction_op, PrefixT prefix)
{
    T acc = prefix;
    for (int i = 0; i < LENGTH; i++)
        acc = reduction_op(acc, input[i]);
    return acc;
}
/* CUB 2's pointer forms. */
template <int LENGTH, typename T, typename ReductionOp>
inline T ThreadReduce(const T *input, ReductionOp reduction_op)
{
    T acc = input[0];
    for (int i = 1; i < LENGTH; i++)
        acc = reduction_op(acc, input[i]);
    return acc;
}

CUB_NAMESPACE_END

#endif
