/*
 * cuda_bf16.h: bfloat16 (CUDA Math API, "Bfloat16 Precision Intrinsics").
 * In C only the storage types exist; C++ gets __nv_bfloat16,
 * __nv_bfloat162 and their functions and operators (cuda_bf16.hpp).
 */
#ifndef SIMT_CUDA_BF16_H
#define SIMT_CUDA_BF16_H

#ifdef __cplusplus
#include "cuda_bf16.hpp"
#else
typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw { unsigned short x, y; } __nv_bfloat162_raw;
typedef struct __attribute__((aligned(2))) { unsigned short __x; } __nv_bfloat16;
typedef struct __attribute__((aligned(4))) { __nv_bfloat16 x, y; } __nv_bfloat162;
#endif

#endif /* SIMT_CUDA_BF16_H */
