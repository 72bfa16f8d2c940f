/*
 * cuda_bf16.hpp: __nv_bfloat16 and __nv_bfloat162, built from the same
 * correctly rounded machinery as __half (cuda_fp16.hpp); the shared names
 * (__hadd, hsqrt, operators, atomicAdd) are overloads.
 */
#ifndef SIMT_CUDA_BF16_HPP
#define SIMT_CUDA_BF16_HPP

#include "cuda_fp16.hpp"

typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw { unsigned short x, y; } __nv_bfloat162_raw;

SIMT__H16_STRUCT(__nv_bfloat16, __nv_bfloat16_raw, simt_detail::fmt_bf16)
SIMT__H16_PAIR(__nv_bfloat16, __nv_bfloat162, __nv_bfloat162_raw)
SIMT__H16_FUNCS(__nv_bfloat16, __nv_bfloat162, simt_detail::fmt_bf16)
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

#define SIMT__BF simt_detail::fmt_bf16
static inline __nv_bfloat16 simt__mkb(unsigned short b) { __nv_bfloat16 h; h.__x = b; return h; }
static inline __nv_bfloat16 __float2bfloat16(float f) { return simt__mkb(simt_detail::round16(f, SIMT_RN, SIMT__BF)); }
static inline __nv_bfloat16 __float2bfloat16_rn(float f) { return __float2bfloat16(f); }
static inline __nv_bfloat16 __float2bfloat16_rz(float f) { return simt__mkb(simt_detail::round16(f, SIMT_RZ, SIMT__BF)); }
static inline __nv_bfloat16 __float2bfloat16_ru(float f) { return simt__mkb(simt_detail::round16(f, SIMT_RU, SIMT__BF)); }
static inline __nv_bfloat16 __float2bfloat16_rd(float f) { return simt__mkb(simt_detail::round16(f, SIMT_RD, SIMT__BF)); }
static inline __nv_bfloat16 __double2bfloat16(double d)
{
    return simt__mkb(simt_detail::round16(d, SIMT_RN, SIMT__BF, 0, true));
}
/* The GPU widens bfloat16 by a shift: a NaN keeps its payload. */
static inline float __bfloat162float(__nv_bfloat16 h) { return simt_detail::uf((unsigned int)h.__x << 16); }
static inline float __low2float(__nv_bfloat162 h) { return __bfloat162float(h.x); }
static inline float __high2float(__nv_bfloat162 h) { return __bfloat162float(h.y); }
static inline __nv_bfloat162 __float2bfloat162_rn(float f)
{
    return __nv_bfloat162(__float2bfloat16(f), __float2bfloat16(f));
}
static inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b)
{
    return __nv_bfloat162(__float2bfloat16(a), __float2bfloat16(b));
}
static inline __nv_bfloat162 __float22bfloat162_rn(float2 f) { return __floats2bfloat162_rn(f.x, f.y); }
static inline float2 __bfloat1622float2(__nv_bfloat162 h)
{
    float2 r;
    r.x = __bfloat162float(h.x);
    r.y = __bfloat162float(h.y);
    return r;
}
static inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
static inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
static inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
static inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
static inline __nv_bfloat162 __low2bfloat162(__nv_bfloat162 h) { return __nv_bfloat162(h.x, h.x); }
static inline __nv_bfloat162 __high2bfloat162(__nv_bfloat162 h) { return __nv_bfloat162(h.y, h.y); }
static inline __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.x, b.x); }
static inline __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.y, b.y); }
static inline __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 h) { return __nv_bfloat162(h.y, h.x); }
static inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
static inline short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }
static inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
static inline __nv_bfloat16 __short_as_bfloat16(short s) { return simt__mkb((unsigned short)s); }
static inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short s) { return simt__mkb(s); }
static inline __nv_bfloat16 __half2bfloat16(__half h) { return simt__mkb(simt_detail::round16(simt_detail::widen16(h.__x, simt_detail::fmt_half), SIMT_RN, SIMT__BF)); }

#define SIMT__B2I(T, name, lo, hi, nanv) \
    static inline T name##_rn(__nv_bfloat16 h) { return simt_detail::to_int16<T>(simt_detail::widen16(h.__x, SIMT__BF), SIMT_RN, lo, hi, nanv); } \
    static inline T name##_rz(__nv_bfloat16 h) { return simt_detail::to_int16<T>(simt_detail::widen16(h.__x, SIMT__BF), SIMT_RZ, lo, hi, nanv); } \
    static inline T name##_ru(__nv_bfloat16 h) { return simt_detail::to_int16<T>(simt_detail::widen16(h.__x, SIMT__BF), SIMT_RU, lo, hi, nanv); } \
    static inline T name##_rd(__nv_bfloat16 h) { return simt_detail::to_int16<T>(simt_detail::widen16(h.__x, SIMT__BF), SIMT_RD, lo, hi, nanv); }
SIMT__B2I(int, __bfloat162int, -2147483648.0, 2147483647.0, 0)
SIMT__B2I(unsigned int, __bfloat162uint, 0.0, 4294967295.0, 0u)
SIMT__B2I(short, __bfloat162short, -32768.0, 32767.0, (short)0)
SIMT__B2I(unsigned short, __bfloat162ushort, 0.0, 65535.0, (unsigned short)0)
SIMT__B2I(long long, __bfloat162ll, -9223372036854775808.0, 9223372036854775807.0, (long long)0x8000000000000000ull)
SIMT__B2I(unsigned long long, __bfloat162ull, 0.0, 18446744073709551615.0, 0x8000000000000000ull)
#undef SIMT__B2I
static inline signed char __bfloat162char_rz(__nv_bfloat16 h) { return (signed char)h; }
static inline unsigned char __bfloat162uchar_rz(__nv_bfloat16 h) { return (unsigned char)h; }
#define SIMT__I2B(T, name) \
    static inline __nv_bfloat16 name##_rn(T v) { return simt__mkb(simt_detail::from_int16((long double)v, SIMT_RN, SIMT__BF)); } \
    static inline __nv_bfloat16 name##_rz(T v) { return simt__mkb(simt_detail::from_int16((long double)v, SIMT_RZ, SIMT__BF)); } \
    static inline __nv_bfloat16 name##_ru(T v) { return simt__mkb(simt_detail::from_int16((long double)v, SIMT_RU, SIMT__BF)); } \
    static inline __nv_bfloat16 name##_rd(T v) { return simt__mkb(simt_detail::from_int16((long double)v, SIMT_RD, SIMT__BF)); }
SIMT__I2B(int, __int2bfloat16)
SIMT__I2B(unsigned int, __uint2bfloat16)
SIMT__I2B(short, __short2bfloat16)
SIMT__I2B(unsigned short, __ushort2bfloat16)
SIMT__I2B(long long, __ll2bfloat16)
SIMT__I2B(unsigned long long, __ull2bfloat16)
#undef SIMT__I2B
#undef SIMT__BF

#endif /* SIMT_CUDA_BF16_HPP */
