// half.cu: __half and __half2 (cuda_fp16.h): conversions, arithmetic,
// comparisons, math functions and atomics, exhaustively over all half
// values where one operand suffices.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cuda_fp16.h>
#define H __half
#define H2 __half2
#define LOW(x) __low2half(x)
#define HIGH(x) __high2half(x)
#define TYPE_NAME "half"
#define TO_F(h) __half2float(h)
#define AS_U(h) __half_as_ushort(h)
#define FROM_U(u) __ushort_as_half(u)
#define FROMF(m) __float2half_##m
#define FROMD(d) __double2half(d)
#define PAIR_F(a, b) __floats2half2_rn(a, b)
#define CVT(t, m) __half2##t##_##m
#define FROMI(t, m) __##t##2half_##m
#include "half_common.h"
