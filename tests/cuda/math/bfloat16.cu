// bfloat16.cu: __nv_bfloat16 and __nv_bfloat162 (cuda_bf16.h):
// conversions, arithmetic, comparisons, math functions and atomics,
// exhaustively over all bfloat16 values where one operand suffices.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cuda_bf16.h>
#define H __nv_bfloat16
#define H2 __nv_bfloat162
#define LOW(x) __low2bfloat16(x)
#define HIGH(x) __high2bfloat16(x)
#define TYPE_NAME "bf16"
#define TO_F(h) __bfloat162float(h)
#define AS_U(h) __bfloat16_as_ushort(h)
#define FROM_U(u) __ushort_as_bfloat16(u)
#define FROMF(m) __float2bfloat16_##m
#define FROMD(d) __double2bfloat16(d)
#define PAIR_F(a, b) __floats2bfloat162_rn(a, b)
#define CVT(t, m) __bfloat162##t##_##m
#define FROMI(t, m) __##t##2bfloat16_##m
#include "half_common.h"
