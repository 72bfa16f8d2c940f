/*
 * cub/thread/thread_scan.cuh: scans of a thread's own items.
 * ThreadScanExclusive returns the fold of all items after the prefix,
 * ThreadScanInclusive the last output.
 */
#ifndef SIMT_CUB_THREAD_THREAD_SCAN_CUH
#define SIMT_CUB_THREAD_THREAD_SCAN_CUH
#pragma GCC system_header

#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

template <int LENGTH, typename T, typename ScanOp>
inline T ThreadScanExclusive(T inclusive, T exclusive, T *input, T *output, ScanOp scan_op)
{
    for (int i = 0; i < LENGTH; ++i) {
        inclusive = scan_op(exclusive, input[i]);
        output[i] = exclusive;
        exclusive = inclusive;
    }
    return inclusive;
}
template <int LENGTH, typename T, typename ScanOp>
inline T ThreadScanExclusive(T (&input)[LENGTH], T (&output)[LENGTH], ScanOp scan_op, T prefix,
                             bool apply_prefix = true)
{
    T inclusive = input[0];
    if (apply_prefix)
        inclusive = scan_op(prefix, inclusive);
    output[0] = prefix;
    return ThreadScanExclusive<LENGTH - 1>(inclusive, inclusive, input + 1, output + 1, scan_op);
}
template <int LENGTH, typename T, typename ScanOp>
inline T ThreadScanInclusive(T inclusive, T *input, T *output, ScanOp scan_op)
{
    for (int i = 0; i < LENGTH; ++i) {
        inclusive = scan_op(inclusive, input[i]);
        output[i] = inclusive;
    }
    return inclusive;
}
template <int LENGTH, typename T, typename ScanOp>
inline T ThreadScanInclusive(T (&input)[LENGTH], T (&output)[LENGTH], ScanOp scan_op)
{
    T inclusive = input[0];
    output[0] = inclusive;
    return ThreadScanInclusive<LENGTH - 1>(inclusive, input + 1, output + 1, scan_op);
}
template <int LENGTH, typename T, typename ScanOp>
inline T ThreadScanInclusive(T (&input)[LENGTH], T (&output)[LENGTH], ScanOp scan_op, T prefix,
                             bool apply_prefix = true)
{
    T inclusive = input[0];
    if (apply_prefix)
        inclusive = scan_op(prefix, inclusive);
    output[0] = inclusive;
    return ThreadScanInclusive<LENGTH - 1>(inclusive, input + 1, output + 1, scan_op);
}

CUB_NAMESPACE_END

#endif
