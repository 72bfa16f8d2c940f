/*
 * cuda_fp16.h: half precision (CUDA Math API, "Half Precision Intrinsics").
 * In C only the storage types exist; C++ gets __half, __half2 and their
 * functions and operators (cuda_fp16.hpp).
 */
#ifndef SIMT_CUDA_FP16_H
#define SIMT_CUDA_FP16_H

#ifdef __cplusplus
#include "cuda_fp16.hpp"
#else
typedef struct __half_raw { unsigned short x; } __half_raw;
typedef struct __half2_raw { unsigned short x, y; } __half2_raw;
typedef struct __attribute__((aligned(2))) { unsigned short __x; } __half;
typedef struct __attribute__((aligned(4))) { __half x, y; } __half2;
#endif

#endif /* SIMT_CUDA_FP16_H */
