/*
 * simt/intrinsics.hpp: min/max overloads, integer intrinsics and the most
 * common single-precision intrinsics (CUDA Math API, "Integer Intrinsics",
 * "Single Precision Intrinsics", "Type Casting Intrinsics").
 *
 * Functions are static inline in the global namespace, as nvcc's host pass
 * declares them, so overload resolution matches nvcc's.
 */
#ifndef SIMT_INTRINSICS_HPP
#define SIMT_INTRINSICS_HPP

#include <math.h>
#include <string.h>

/* ---- min and max: nvcc's overload set, mixed signedness goes unsigned ---- */
#define SIMT__MINMAX(T1, T2, R) \
    static inline R min(T1 a, T2 b) { return (R)a < (R)b ? (R)a : (R)b; } \
    static inline R max(T1 a, T2 b) { return (R)a > (R)b ? (R)a : (R)b; }
SIMT__MINMAX(int, int, int)
SIMT__MINMAX(unsigned int, unsigned int, unsigned int)
SIMT__MINMAX(int, unsigned int, unsigned int)
SIMT__MINMAX(unsigned int, int, unsigned int)
SIMT__MINMAX(long, long, long)
SIMT__MINMAX(unsigned long, unsigned long, unsigned long)
SIMT__MINMAX(long, unsigned long, unsigned long)
SIMT__MINMAX(unsigned long, long, unsigned long)
SIMT__MINMAX(long long, long long, long long)
SIMT__MINMAX(unsigned long long, unsigned long long, unsigned long long)
SIMT__MINMAX(long long, unsigned long long, unsigned long long)
SIMT__MINMAX(unsigned long long, long long, unsigned long long)
#undef SIMT__MINMAX
static inline float min(float a, float b) { return fminf(a, b); }
static inline float max(float a, float b) { return fmaxf(a, b); }
static inline double min(double a, double b) { return fmin(a, b); }
static inline double max(double a, double b) { return fmax(a, b); }
static inline double min(float a, double b) { return fmin(a, b); }
static inline double max(float a, double b) { return fmax(a, b); }
static inline double min(double a, float b) { return fmin(a, b); }
static inline double max(double a, float b) { return fmax(a, b); }

/* ---- type casting ------------------------------------------------------ */
static inline float __int_as_float(int x) { float f; memcpy(&f, &x, 4); return f; }
static inline int __float_as_int(float x) { int i; memcpy(&i, &x, 4); return i; }
static inline float __uint_as_float(unsigned int x) { float f; memcpy(&f, &x, 4); return f; }
static inline unsigned int __float_as_uint(float x) { unsigned int i; memcpy(&i, &x, 4); return i; }
static inline double __longlong_as_double(long long x) { double d; memcpy(&d, &x, 8); return d; }
static inline long long __double_as_longlong(double x) { long long i; memcpy(&i, &x, 8); return i; }

/* ---- integer intrinsics -------------------------------------------------- */
static inline int __popc(unsigned int x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned int)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned int __brev(unsigned int x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
static inline unsigned long long __brevll(unsigned long long x)
{
    return ((unsigned long long)__brev((unsigned int)x) << 32) | __brev((unsigned int)(x >> 32));
}
/* Low 24 bits of each operand, sign-extended for __mul24. */
static inline int __mul24(int x, int y)
{
    return (int)((unsigned int)((x << 8) >> 8) * (unsigned int)((y << 8) >> 8));
}
static inline unsigned int __umul24(unsigned int x, unsigned int y)
{
    return (x & 0xffffffu) * (y & 0xffffffu);
}
static inline int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
static inline unsigned int __umulhi(unsigned int x, unsigned int y)
{
    return (unsigned int)(((unsigned long long)x * y) >> 32);
}
static inline long long __mul64hi(long long x, long long y)
{
    return (long long)(((__int128)x * y) >> 64);
}
static inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y)
{
    return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}

/* ---- single precision ---------------------------------------------------- */
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float __fdividef(float x, float y) { return x / y; }
static inline float fdividef(float x, float y) { return x / y; }
static inline float __saturatef(float x) { return x != x ? 0.0f : x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }
/* __expf, __logf, __sinf, __cosf, __tanf, __powf, __log2f, __log10f,
 * __exp10f and __sincosf are the C library's own functions of those names
 * (glibc exports them), with full precision. */
static inline float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }

/* ---- read-only loads ----------------------------------------------------- */
template <class T> static inline T __ldg(const T *p) { return *p; }
template <class T> static inline T __ldcg(const T *p) { return *p; }
template <class T> static inline T __ldca(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }
template <class T> static inline T __ldlu(const T *p) { return *p; }
template <class T> static inline T __ldcv(const T *p) { return *(const volatile T *)p; }
template <class T> static inline void __stwb(T *p, T v) { *p = v; }
template <class T> static inline void __stcg(T *p, T v) { *p = v; }
template <class T> static inline void __stcs(T *p, T v) { *p = v; }
template <class T> static inline void __stwt(T *p, T v) { *(volatile T *)p = v; }

#endif /* SIMT_INTRINSICS_HPP */
