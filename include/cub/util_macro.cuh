/*
 * cub/util_macro.cuh: CUB's utility macros and attribute spellings.
 */
#ifndef SIMT_CUB_UTIL_MACRO_CUH
#define SIMT_CUB_UTIL_MACRO_CUH
#pragma GCC system_header

#include <cuda_runtime.h>
#include "util_namespace.cuh"

#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define CUB_QUOTIENT_FLOOR(x, y) ((x) / (y))
#define CUB_QUOTIENT_CEILING(x, y) (((x) + (y)-1) / (y))
#define CUB_ROUND_UP_NEAREST(x, y) (CUB_QUOTIENT_CEILING(x, y) * (y))
#define CUB_ROUND_DOWN_NEAREST(x, y) (((x) / (y)) * (y))
#define CUB_CAT_(a, b) a##b
#define CUB_CAT(a, b) CUB_CAT_(a, b)
#define CUB_STATIC_ASSERT(cond, msg) static_assert(cond, #msg)

/* How CUB declares its kernels (the dispatch layer's document writes
 * them so): __global__, hidden from a shared object's exports. */
#ifndef CUB_DETAIL_KERNEL_ATTRIBUTES
#define CUB_DETAIL_KERNEL_ATTRIBUTES __global__ __attribute__((__visibility__("hidden")))
#endif

/* Host and device are one here: every CUB function runs where it is called. */
#define CUB_RUNTIME_FUNCTION
#define CUB_RUNTIME_ENABLED
#define _CubLog(format, ...) printf(format, __VA_ARGS__)
#ifndef CUB_STDERR
#define CUB_STDERR
#endif

#endif
