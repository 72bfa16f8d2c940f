/*
 * simt/lang/intrinsics.hpp: CUDA's intrinsics that are not library functions
 * (CUDA Math API: "Integer Intrinsics", "SIMD Intrinsics", "Type Casting
 * Intrinsics", "Single/Double Precision Intrinsics" with a rounding mode),
 * and min/max.
 *
 * Every result is the one the GPU's instruction defines exactly: integer
 * operations by construction, rounding-mode arithmetic and conversions by
 * the core's fenv-based helpers (src/device/math.c), float-to-integer
 * conversions saturating as the PTX cvt instruction does.  The approximate
 * (MUFU) intrinsics live in simt/lang/math.hpp.
 *
 * Functions are static inline in the global namespace, as nvcc's host pass
 * declares them, so overload resolution matches nvcc's.
 */
#ifndef SIMT_INTRINSICS_HPP
#define SIMT_INTRINSICS_HPP

#include <math.h>
#include <string.h>
#include <stdint.h>

extern "C" {
/* Rounding-mode arithmetic and conversions (src/device/math.c).  MODE is
 * one of SIMT_RN, SIMT_RZ, SIMT_RU, SIMT_RD. */
enum { SIMT_RN = 0, SIMT_RZ = 1, SIMT_RU = 2, SIMT_RD = 3 };
float simt_fadd_r(float a, float b, int mode);
float simt_fmul_r(float a, float b, int mode);
float simt_fma_r(float a, float b, float c, int mode);
float simt_fdiv_r(float a, float b, int mode);
float simt_fsqrt_r(float a, int mode);
double simt_dadd_r(double a, double b, int mode);
double simt_dmul_r(double a, double b, int mode);
double simt_dfma_r(double a, double b, double c, int mode);
double simt_ddiv_r(double a, double b, int mode);
double simt_dsqrt_r(double a, int mode);
float simt_ll2float_r(long long x, int mode);
float simt_ull2float_r(unsigned long long x, int mode);
double simt_ll2double_r(long long x, int mode);
double simt_ull2double_r(unsigned long long x, int mode);
float simt_double2float_r(double x, int mode);
}

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
static inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
static inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
static inline long long llmin(long long a, long long b) { return a < b ? a : b; }
static inline long long llmax(long long a, long long b) { return a > b ? a : b; }
static inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
static inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }

/* ---- type casting ------------------------------------------------------ */
static inline float __int_as_float(int x) { float f; memcpy(&f, &x, 4); return f; }
static inline int __float_as_int(float x) { int i; memcpy(&i, &x, 4); return i; }
static inline float __uint_as_float(unsigned int x) { float f; memcpy(&f, &x, 4); return f; }
static inline unsigned int __float_as_uint(float x) { unsigned int i; memcpy(&i, &x, 4); return i; }
static inline double __longlong_as_double(long long x) { double d; memcpy(&d, &x, 8); return d; }
static inline long long __double_as_longlong(double x) { long long i; memcpy(&i, &x, 8); return i; }
static inline int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
static inline int __double2loint(double x) { return (int)__double_as_longlong(x); }
static inline double __hiloint2double(int hi, int lo)
{
    return __longlong_as_double((long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo));
}

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
/* CUDA Math API, __byte_perm: byte n of the result is byte (s >> 4n) & 7
 * of the 8-byte value y:x. */
static inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s)
{
    unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int n = 0; n < 4; n++)
        r |= (unsigned int)((v >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * n);
    return r;
}
/* Low 24 bits of each operand, sign-extended for __mul24. */
static inline int __mul24(int x, int y)
{
    return (int)((unsigned int)(((int)((unsigned int)x << 8)) >> 8) *
                 (unsigned int)(((int)((unsigned int)y << 8)) >> 8));
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
static inline unsigned int __sad(int x, int y, unsigned int z)
{
    return z + (x > y ? (unsigned int)x - (unsigned int)y : (unsigned int)y - (unsigned int)x);
}
static inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z)
{
    return z + (x > y ? x - y : y - x);
}
static inline int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
static inline int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
static inline unsigned int __uhadd(unsigned int x, unsigned int y)
{
    return (unsigned int)(((unsigned long long)x + y) >> 1);
}
static inline unsigned int __urhadd(unsigned int x, unsigned int y)
{
    return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}
/* CUDA Math API: the _l/_r forms shift by shift & 31, the _lc/_rc forms by
 * min(shift, 32). */
static inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift)
{
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)((v << (shift & 31)) >> 32);
}
static inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift)
{
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    unsigned int s = shift < 32 ? shift : 32;
    return (unsigned int)((v << s) >> 32);
}
static inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift)
{
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)(v >> (shift & 31));
}
static inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift)
{
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    unsigned int s = shift < 32 ? shift : 32;
    return (unsigned int)(v >> s);
}

/* ---- SIMD intrinsics: 2 x 16-bit or 4 x 8-bit lanes in a word ------------- */
namespace simt_detail {
/* Applies f to each lane (as signed or unsigned ints) of a and b. */
template <int BITS, class F> static inline unsigned int simd(unsigned int a, unsigned int b, F f)
{
    const unsigned int mask = (1u << BITS) - 1;
    unsigned int r = 0;
    for (int s = 0; s < 32; s += BITS) {
        unsigned int ua = (a >> s) & mask, ub = (b >> s) & mask;
        int sa = (int)(ua << (32 - BITS)) >> (32 - BITS), sb = (int)(ub << (32 - BITS)) >> (32 - BITS);
        r |= ((unsigned int)f(sa, sb, ua, ub) & mask) << s;
    }
    return r;
}
/* Sum over lanes (for the __vsad family). */
template <int BITS, class F> static inline unsigned int simd_sum(unsigned int a, unsigned int b, F f)
{
    const unsigned int mask = (1u << BITS) - 1;
    unsigned int r = 0;
    for (int s = 0; s < 32; s += BITS) {
        unsigned int ua = (a >> s) & mask, ub = (b >> s) & mask;
        int sa = (int)(ua << (32 - BITS)) >> (32 - BITS), sb = (int)(ub << (32 - BITS)) >> (32 - BITS);
        r += (unsigned int)f(sa, sb, ua, ub);
    }
    return r;
}
static inline int sat(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static inline int iabs(int v) { return v < 0 ? -v : v; }
} /* namespace simt_detail */

#define SIMT__V(name, expr) \
    static inline unsigned int name##2(unsigned int a, unsigned int b) \
    { \
        const int lo = -32768, hi = 32767, uhi = 65535, m = 0xffff; \
        (void)lo; (void)hi; (void)uhi; (void)m; \
        return simt_detail::simd<16>(a, b, [&](int sa, int sb, unsigned int ua, unsigned int ub) -> int { \
            (void)sa; (void)sb; (void)ua; (void)ub; return (expr); }); \
    } \
    static inline unsigned int name##4(unsigned int a, unsigned int b) \
    { \
        const int lo = -128, hi = 127, uhi = 255, m = 0xff; \
        (void)lo; (void)hi; (void)uhi; (void)m; \
        return simt_detail::simd<8>(a, b, [&](int sa, int sb, unsigned int ua, unsigned int ub) -> int { \
            (void)sa; (void)sb; (void)ua; (void)ub; return (expr); }); \
    }
SIMT__V(__vabsdiffs, simt_detail::iabs(sa - sb))
SIMT__V(__vabsdiffu, (int)(ua > ub ? ua - ub : ub - ua))
SIMT__V(__vadd, (int)(ua + ub))
SIMT__V(__vaddss, simt_detail::sat(sa + sb, lo, hi))
SIMT__V(__vaddus, simt_detail::sat((int)(ua + ub), 0, uhi))
SIMT__V(__vavgs, (sa + sb + ((sa + sb) >= 0 ? 1 : 0)) >> 1)
SIMT__V(__vavgu, (int)((ua + ub + 1) >> 1))
SIMT__V(__vhaddu, (int)((ua + ub) >> 1))
SIMT__V(__vcmpeq, ua == ub ? m : 0)
SIMT__V(__vcmpges, sa >= sb ? m : 0)
SIMT__V(__vcmpgeu, ua >= ub ? m : 0)
SIMT__V(__vcmpgts, sa > sb ? m : 0)
SIMT__V(__vcmpgtu, ua > ub ? m : 0)
SIMT__V(__vcmples, sa <= sb ? m : 0)
SIMT__V(__vcmpleu, ua <= ub ? m : 0)
SIMT__V(__vcmplts, sa < sb ? m : 0)
SIMT__V(__vcmpltu, ua < ub ? m : 0)
SIMT__V(__vcmpne, ua != ub ? m : 0)
SIMT__V(__vmaxs, sa > sb ? sa : sb)
SIMT__V(__vmaxu, (int)(ua > ub ? ua : ub))
SIMT__V(__vmins, sa < sb ? sa : sb)
SIMT__V(__vminu, (int)(ua < ub ? ua : ub))
SIMT__V(__vseteq, ua == ub)
SIMT__V(__vsetges, sa >= sb)
SIMT__V(__vsetgeu, ua >= ub)
SIMT__V(__vsetgts, sa > sb)
SIMT__V(__vsetgtu, ua > ub)
SIMT__V(__vsetles, sa <= sb)
SIMT__V(__vsetleu, ua <= ub)
SIMT__V(__vsetlts, sa < sb)
SIMT__V(__vsetltu, ua < ub)
SIMT__V(__vsetne, ua != ub)
SIMT__V(__vsub, (int)(ua - ub))
SIMT__V(__vsubss, simt_detail::sat(sa - sb, lo, hi))
SIMT__V(__vsubus, simt_detail::sat((int)ua - (int)ub, 0, uhi))
#undef SIMT__V
static inline unsigned int __vabs2(unsigned int a) { return __vabsdiffs2(a, 0) ; }
static inline unsigned int __vabs4(unsigned int a) { return __vabsdiffs4(a, 0); }
static inline unsigned int __vabsss2(unsigned int a)
{
    return simt_detail::simd<16>(a, 0, [](int s, int, unsigned, unsigned) { return simt_detail::sat(simt_detail::iabs(s), 0, 32767); });
}
static inline unsigned int __vabsss4(unsigned int a)
{
    return simt_detail::simd<8>(a, 0, [](int s, int, unsigned, unsigned) { return simt_detail::sat(simt_detail::iabs(s), 0, 127); });
}
static inline unsigned int __vneg2(unsigned int a) { return __vsub2(0, a); }
static inline unsigned int __vneg4(unsigned int a) { return __vsub4(0, a); }
static inline unsigned int __vnegss2(unsigned int a) { return __vsubss2(0, a); }
static inline unsigned int __vnegss4(unsigned int a) { return __vsubss4(0, a); }
static inline unsigned int __vsads2(unsigned int a, unsigned int b)
{
    return simt_detail::simd_sum<16>(a, b, [](int sa, int sb, unsigned, unsigned) { return simt_detail::iabs(sa - sb); });
}
static inline unsigned int __vsads4(unsigned int a, unsigned int b)
{
    return simt_detail::simd_sum<8>(a, b, [](int sa, int sb, unsigned, unsigned) { return simt_detail::iabs(sa - sb); });
}
static inline unsigned int __vsadu2(unsigned int a, unsigned int b)
{
    return simt_detail::simd_sum<16>(a, b, [](int, int, unsigned ua, unsigned ub) { return (int)(ua > ub ? ua - ub : ub - ua); });
}
static inline unsigned int __vsadu4(unsigned int a, unsigned int b)
{
    return simt_detail::simd_sum<8>(a, b, [](int, int, unsigned ua, unsigned ub) { return (int)(ua > ub ? ua - ub : ub - ua); });
}

/* ---- DPX (sm_90): fused add/compare with optional ReLU ------------------- */
namespace simt_detail {
static inline int relu(int v) { return v < 0 ? 0 : v; }
template <class F> static inline unsigned int s16x2(unsigned int a, unsigned int b, unsigned int c, F f)
{
    unsigned int r = 0;
    for (int s = 0; s < 32; s += 16)
        r |= ((unsigned int)f((int)(short)(a >> s), (int)(short)(b >> s), (int)(short)(c >> s)) & 0xffffu) << s;
    return r;
}
template <class F> static inline unsigned int u16x2(unsigned int a, unsigned int b, unsigned int c, F f)
{
    unsigned int r = 0;
    for (int s = 0; s < 32; s += 16)
        r |= ((unsigned int)f((a >> s) & 0xffffu, (b >> s) & 0xffffu, (c >> s) & 0xffffu) & 0xffffu) << s;
    return r;
}
} /* namespace simt_detail */
static inline int __vimax_s32_relu(int a, int b) { return simt_detail::relu(a > b ? a : b); }
static inline int __vimin_s32_relu(int a, int b) { return simt_detail::relu(a < b ? a : b); }
static inline int __vimax3_s32(int a, int b, int c) { return max(max(a, b), c); }
static inline int __vimin3_s32(int a, int b, int c) { return min(min(a, b), c); }
static inline int __vimax3_s32_relu(int a, int b, int c) { return simt_detail::relu(max(max(a, b), c)); }
static inline int __vimin3_s32_relu(int a, int b, int c) { return simt_detail::relu(min(min(a, b), c)); }
static inline unsigned int __vimax3_u32(unsigned int a, unsigned int b, unsigned int c) { return max(max(a, b), c); }
static inline unsigned int __vimin3_u32(unsigned int a, unsigned int b, unsigned int c) { return min(min(a, b), c); }
static inline int __viaddmax_s32(int a, int b, int c) { return max((int)((unsigned)a + (unsigned)b), c); }
static inline int __viaddmin_s32(int a, int b, int c) { return min((int)((unsigned)a + (unsigned)b), c); }
static inline int __viaddmax_s32_relu(int a, int b, int c) { return simt_detail::relu(__viaddmax_s32(a, b, c)); }
static inline int __viaddmin_s32_relu(int a, int b, int c) { return simt_detail::relu(__viaddmin_s32(a, b, c)); }
static inline unsigned int __viaddmax_u32(unsigned int a, unsigned int b, unsigned int c) { return max(a + b, c); }
static inline unsigned int __viaddmin_u32(unsigned int a, unsigned int b, unsigned int c) { return min(a + b, c); }
static inline int __vibmax_s32(int a, int b, bool *pred) { *pred = a >= b; return a >= b ? a : b; }
static inline int __vibmin_s32(int a, int b, bool *pred) { *pred = a <= b; return a <= b ? a : b; }
static inline unsigned int __vibmax_u32(unsigned int a, unsigned int b, bool *pred) { *pred = a >= b; return a >= b ? a : b; }
static inline unsigned int __vibmin_u32(unsigned int a, unsigned int b, bool *pred) { *pred = a <= b; return a <= b ? a : b; }
#define SIMT__DPX16(name, kind, expr) \
    static inline unsigned int name(unsigned int a, unsigned int b, unsigned int c) \
    { return simt_detail::kind(a, b, c, [](auto x, auto y, auto z) { (void)z; return (expr); }); }
SIMT__DPX16(__vimax3_s16x2, s16x2, max(max(x, y), z))
SIMT__DPX16(__vimin3_s16x2, s16x2, min(min(x, y), z))
SIMT__DPX16(__vimax3_s16x2_relu, s16x2, simt_detail::relu(max(max(x, y), z)))
SIMT__DPX16(__vimin3_s16x2_relu, s16x2, simt_detail::relu(min(min(x, y), z)))
SIMT__DPX16(__vimax3_u16x2, u16x2, max(max(x, y), z))
SIMT__DPX16(__vimin3_u16x2, u16x2, min(min(x, y), z))
SIMT__DPX16(__viaddmax_s16x2, s16x2, max((int)(short)(x + y), z))
SIMT__DPX16(__viaddmin_s16x2, s16x2, min((int)(short)(x + y), z))
SIMT__DPX16(__viaddmax_s16x2_relu, s16x2, simt_detail::relu(max((int)(short)(x + y), z)))
SIMT__DPX16(__viaddmin_s16x2_relu, s16x2, simt_detail::relu(min((int)(short)(x + y), z)))
SIMT__DPX16(__viaddmax_u16x2, u16x2, max((x + y) & 0xffffu, z))
SIMT__DPX16(__viaddmin_u16x2, u16x2, min((x + y) & 0xffffu, z))
#undef SIMT__DPX16
static inline unsigned int __vimax_s16x2_relu(unsigned int a, unsigned int b) { return __vimax3_s16x2_relu(a, b, b); }
static inline unsigned int __vimin_s16x2_relu(unsigned int a, unsigned int b) { return __vimin3_s16x2_relu(a, b, b); }
static inline unsigned int __vibmax_s16x2(unsigned int a, unsigned int b, bool *lo, bool *hi)
{
    *lo = (short)a >= (short)b;
    *hi = (short)(a >> 16) >= (short)(b >> 16);
    return __vmaxs2(a, b);
}
static inline unsigned int __vibmin_s16x2(unsigned int a, unsigned int b, bool *lo, bool *hi)
{
    *lo = (short)a <= (short)b;
    *hi = (short)(a >> 16) <= (short)(b >> 16);
    return __vmins2(a, b);
}
static inline unsigned int __vibmax_u16x2(unsigned int a, unsigned int b, bool *lo, bool *hi)
{
    *lo = (a & 0xffffu) >= (b & 0xffffu);
    *hi = (a >> 16) >= (b >> 16);
    return __vmaxu2(a, b);
}
static inline unsigned int __vibmin_u16x2(unsigned int a, unsigned int b, bool *lo, bool *hi)
{
    *lo = (a & 0xffffu) <= (b & 0xffffu);
    *hi = (a >> 16) <= (b >> 16);
    return __vminu2(a, b);
}

/* ---- rounding-mode arithmetic ---------------------------------------------- */
/* The C library's square roots, declared to read and write nothing: device
 * code sets no errno.  A call LLVM knows to have no effect is its sqrt
 * intrinsic, which the compiled tier's thread loops vectorize; the errno
 * path -fmath-errno leaves around a plain sqrtf call keeps a loop scalar
 * (Rodinia cfd's flux kernel).  Host code's own calls keep errno. */
extern "C" float simt__sqrtf_pure(float) __asm__("sqrtf") __attribute__((const, nothrow));
extern "C" double simt__sqrt_pure(double) __asm__("sqrt") __attribute__((const, nothrow));
/* GPU arithmetic returns the canonical NaN: 0x7fffffff, 0xfff8000000000000. */
static inline float simt__fnan(float r)
{
    unsigned int u = 0x7fffffffu;
    float n;
    memcpy(&n, &u, 4);
    return r != r ? n : r;
}
static inline double simt__dnan(double r)
{
    unsigned long long u = 0xfff8000000000000ull;
    double n;
    memcpy(&n, &u, 8);
    return r != r ? n : r;
}
static inline float __fadd_rn(float a, float b) { return simt__fnan(a + b); }
static inline float __fadd_rz(float a, float b) { return simt_fadd_r(a, b, SIMT_RZ); }
static inline float __fadd_ru(float a, float b) { return simt_fadd_r(a, b, SIMT_RU); }
static inline float __fadd_rd(float a, float b) { return simt_fadd_r(a, b, SIMT_RD); }
static inline float __fsub_rn(float a, float b) { return simt__fnan(a - b); }
static inline float __fsub_rz(float a, float b) { return simt_fadd_r(a, -b, SIMT_RZ); }
static inline float __fsub_ru(float a, float b) { return simt_fadd_r(a, -b, SIMT_RU); }
static inline float __fsub_rd(float a, float b) { return simt_fadd_r(a, -b, SIMT_RD); }
static inline float __fmul_rn(float a, float b) { return simt__fnan(a * b); }
static inline float __fmul_rz(float a, float b) { return simt_fmul_r(a, b, SIMT_RZ); }
static inline float __fmul_ru(float a, float b) { return simt_fmul_r(a, b, SIMT_RU); }
static inline float __fmul_rd(float a, float b) { return simt_fmul_r(a, b, SIMT_RD); }
static inline float __fmaf_rn(float a, float b, float c) { return simt__fnan(__builtin_fmaf(a, b, c)); }
static inline float __fmaf_rz(float a, float b, float c) { return simt_fma_r(a, b, c, SIMT_RZ); }
static inline float __fmaf_ru(float a, float b, float c) { return simt_fma_r(a, b, c, SIMT_RU); }
static inline float __fmaf_rd(float a, float b, float c) { return simt_fma_r(a, b, c, SIMT_RD); }
static inline float __fmaf_ieee_rn(float a, float b, float c) { return simt__fnan(__builtin_fmaf(a, b, c)); }
static inline float __fmaf_ieee_rz(float a, float b, float c) { return simt_fma_r(a, b, c, SIMT_RZ); }
static inline float __fmaf_ieee_ru(float a, float b, float c) { return simt_fma_r(a, b, c, SIMT_RU); }
static inline float __fmaf_ieee_rd(float a, float b, float c) { return simt_fma_r(a, b, c, SIMT_RD); }
static inline float __fdiv_rn(float a, float b) { return simt__fnan(a / b); }
static inline float __fdiv_rz(float a, float b) { return simt_fdiv_r(a, b, SIMT_RZ); }
static inline float __fdiv_ru(float a, float b) { return simt_fdiv_r(a, b, SIMT_RU); }
static inline float __fdiv_rd(float a, float b) { return simt_fdiv_r(a, b, SIMT_RD); }
static inline float __frcp_rn(float a) { return simt__fnan(1.0f / a); }
static inline float __frcp_rz(float a) { return simt_fdiv_r(1.0f, a, SIMT_RZ); }
static inline float __frcp_ru(float a) { return simt_fdiv_r(1.0f, a, SIMT_RU); }
static inline float __frcp_rd(float a) { return simt_fdiv_r(1.0f, a, SIMT_RD); }
static inline float __fsqrt_rn(float a) { return simt__fnan(simt__sqrtf_pure(a)); }
static inline float __fsqrt_rz(float a) { return simt_fsqrt_r(a, SIMT_RZ); }
static inline float __fsqrt_ru(float a) { return simt_fsqrt_r(a, SIMT_RU); }
static inline float __fsqrt_rd(float a) { return simt_fsqrt_r(a, SIMT_RD); }

static inline double __dadd_rn(double a, double b) { return simt__dnan(a + b); }
static inline double __dadd_rz(double a, double b) { return simt_dadd_r(a, b, SIMT_RZ); }
static inline double __dadd_ru(double a, double b) { return simt_dadd_r(a, b, SIMT_RU); }
static inline double __dadd_rd(double a, double b) { return simt_dadd_r(a, b, SIMT_RD); }
static inline double __dsub_rn(double a, double b) { return simt__dnan(a - b); }
static inline double __dsub_rz(double a, double b) { return simt_dadd_r(a, -b, SIMT_RZ); }
static inline double __dsub_ru(double a, double b) { return simt_dadd_r(a, -b, SIMT_RU); }
static inline double __dsub_rd(double a, double b) { return simt_dadd_r(a, -b, SIMT_RD); }
static inline double __dmul_rn(double a, double b) { return simt__dnan(a * b); }
static inline double __dmul_rz(double a, double b) { return simt_dmul_r(a, b, SIMT_RZ); }
static inline double __dmul_ru(double a, double b) { return simt_dmul_r(a, b, SIMT_RU); }
static inline double __dmul_rd(double a, double b) { return simt_dmul_r(a, b, SIMT_RD); }
static inline double __fma_rn(double a, double b, double c) { return simt__dnan(__builtin_fma(a, b, c)); }
static inline double __fma_rz(double a, double b, double c) { return simt_dfma_r(a, b, c, SIMT_RZ); }
static inline double __fma_ru(double a, double b, double c) { return simt_dfma_r(a, b, c, SIMT_RU); }
static inline double __fma_rd(double a, double b, double c) { return simt_dfma_r(a, b, c, SIMT_RD); }
static inline double __ddiv_rn(double a, double b) { return simt__dnan(a / b); }
static inline double __ddiv_rz(double a, double b) { return simt_ddiv_r(a, b, SIMT_RZ); }
static inline double __ddiv_ru(double a, double b) { return simt_ddiv_r(a, b, SIMT_RU); }
static inline double __ddiv_rd(double a, double b) { return simt_ddiv_r(a, b, SIMT_RD); }
static inline double __drcp_rn(double a) { return simt__dnan(1.0 / a); }
static inline double __drcp_rz(double a) { return simt_ddiv_r(1.0, a, SIMT_RZ); }
static inline double __drcp_ru(double a) { return simt_ddiv_r(1.0, a, SIMT_RU); }
static inline double __drcp_rd(double a) { return simt_ddiv_r(1.0, a, SIMT_RD); }
static inline double __dsqrt_rn(double a) { return simt__dnan(simt__sqrt_pure(a)); }
static inline double __dsqrt_rz(double a) { return simt_dsqrt_r(a, SIMT_RZ); }
static inline double __dsqrt_ru(double a) { return simt_dsqrt_r(a, SIMT_RU); }
static inline double __dsqrt_rd(double a) { return simt_dsqrt_r(a, SIMT_RD); }

/* ---- conversions ----------------------------------------------------------- */
/* PTX cvt, float to integer: NaN gives 0, out-of-range values saturate;
 * except that to 64-bit integers NaN gives the most negative value. */
namespace simt_detail {
template <class I> static inline I f2i_sat(double r, double lo, double hi, I ilo, I ihi, I inan)
{
    if (r != r)
        return inan;
    if (r <= lo)
        return ilo;
    if (r >= hi)
        return ihi;
    return (I)r;
}
#define SIMT__F2I(T, ilo, ihi, inan, lo, hi) \
    static inline T cvt_##T(double r) { return f2i_sat<T>(r, lo, hi, ilo, ihi, inan); }
typedef int int_t;
typedef long long ll_t;
typedef unsigned long long ull_t;
typedef unsigned int uint_t;
SIMT__F2I(int_t, (-2147483647 - 1), 2147483647, 0, -2147483648.0, 2147483647.0)
SIMT__F2I(uint_t, 0u, 4294967295u, 0u, 0.0, 4294967295.0)
SIMT__F2I(ll_t, (-9223372036854775807LL - 1), 9223372036854775807LL, (-9223372036854775807LL - 1),
          -9223372036854775808.0, 9223372036854775807.0)
SIMT__F2I(ull_t, 0ull, 18446744073709551615ull, 0x8000000000000000ull, 0.0, 18446744073709551615.0)
#undef SIMT__F2I
/* From double, NaN gives the sign-bit pattern (cvt.rXi.s32.f64). */
static inline int_t cvtd_int_t(double r) { return r != r ? (int_t)0x80000000u : cvt_int_t(r); }
static inline uint_t cvtd_uint_t(double r) { return r != r ? 0x80000000u : cvt_uint_t(r); }
static inline ll_t cvtd_ll_t(double r) { return cvt_ll_t(r); }
static inline ull_t cvtd_ull_t(double r) { return cvt_ull_t(r); }
} /* namespace simt_detail */

#define SIMT__CVT(name, FT, T, rnd) \
    static inline simt_detail::T name(FT x) { return simt_detail::SIMT__CV_##FT(T)(rnd(x)); }
#define SIMT__CV_float(T) cvt_##T
#define SIMT__CV_double(T) cvtd_##T
#define SIMT__CVT4(pre, FT, T, sfx) \
    SIMT__CVT(pre##_rn, FT, T, nearbyint##sfx) \
    SIMT__CVT(pre##_rz, FT, T, trunc##sfx) \
    SIMT__CVT(pre##_ru, FT, T, ceil##sfx) \
    SIMT__CVT(pre##_rd, FT, T, floor##sfx)
SIMT__CVT4(__float2int, float, int_t, f)
SIMT__CVT4(__float2uint, float, uint_t, f)
SIMT__CVT4(__float2ll, float, ll_t, f)
SIMT__CVT4(__float2ull, float, ull_t, f)
SIMT__CVT4(__double2int, double, int_t, )
SIMT__CVT4(__double2uint, double, uint_t, )
SIMT__CVT4(__double2ll, double, ll_t, )
SIMT__CVT4(__double2ull, double, ull_t, )
#undef SIMT__CVT4
#undef SIMT__CVT
#undef SIMT__CV_float
#undef SIMT__CV_double
static inline int __float2int(float x) { return __float2int_rz(x); }

static inline float __int2float_rn(int x) { return (float)x; }
static inline float __int2float_rz(int x) { return simt_ll2float_r(x, SIMT_RZ); }
static inline float __int2float_ru(int x) { return simt_ll2float_r(x, SIMT_RU); }
static inline float __int2float_rd(int x) { return simt_ll2float_r(x, SIMT_RD); }
static inline float __uint2float_rn(unsigned int x) { return (float)x; }
static inline float __uint2float_rz(unsigned int x) { return simt_ll2float_r(x, SIMT_RZ); }
static inline float __uint2float_ru(unsigned int x) { return simt_ll2float_r(x, SIMT_RU); }
static inline float __uint2float_rd(unsigned int x) { return simt_ll2float_r(x, SIMT_RD); }
static inline float __ll2float_rn(long long x) { return (float)x; }
static inline float __ll2float_rz(long long x) { return simt_ll2float_r(x, SIMT_RZ); }
static inline float __ll2float_ru(long long x) { return simt_ll2float_r(x, SIMT_RU); }
static inline float __ll2float_rd(long long x) { return simt_ll2float_r(x, SIMT_RD); }
static inline float __ull2float_rn(unsigned long long x) { return (float)x; }
static inline float __ull2float_rz(unsigned long long x) { return simt_ull2float_r(x, SIMT_RZ); }
static inline float __ull2float_ru(unsigned long long x) { return simt_ull2float_r(x, SIMT_RU); }
static inline float __ull2float_rd(unsigned long long x) { return simt_ull2float_r(x, SIMT_RD); }
static inline double __int2double_rn(int x) { return (double)x; }
static inline double __uint2double_rn(unsigned int x) { return (double)x; }
static inline double __ll2double_rn(long long x) { return (double)x; }
static inline double __ll2double_rz(long long x) { return simt_ll2double_r(x, SIMT_RZ); }
static inline double __ll2double_ru(long long x) { return simt_ll2double_r(x, SIMT_RU); }
static inline double __ll2double_rd(long long x) { return simt_ll2double_r(x, SIMT_RD); }
static inline double __ull2double_rn(unsigned long long x) { return (double)x; }
static inline double __ull2double_rz(unsigned long long x) { return simt_ull2double_r(x, SIMT_RZ); }
static inline double __ull2double_ru(unsigned long long x) { return simt_ull2double_r(x, SIMT_RU); }
static inline double __ull2double_rd(unsigned long long x) { return simt_ull2double_r(x, SIMT_RD); }
/* A NaN keeps its sign and leading payload bits (cvt.f32.f64). */
static inline float __double2float_rn(double x) { return (float)x; }
static inline float __double2float_rz(double x) { return simt_double2float_r(x, SIMT_RZ); }
static inline float __double2float_ru(double x) { return simt_double2float_r(x, SIMT_RU); }
static inline float __double2float_rd(double x) { return simt_double2float_r(x, SIMT_RD); }

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
